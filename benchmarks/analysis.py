"""How long the story of a long game takes to tell (``ludique.play.analysis.tell``).

    python benchmarks/analysis.py                 # every game id, the kiosk's budget
    python benchmarks/analysis.py --game epaminondas --budget 2.0

For each game id a long game is played here (seeded), saved as text, then told as the kiosk tells
it after a game: Pente grammai from the solved table (the table is read before the clock starts,
as the worker has it in memory), the other games by whole-game search passes within ``--budget``
seconds.  Printed: the game's length (actions), the time to tell it, the depth every position
was searched to, and for the search games the time, without a budget, to tell it to depth 0
(the evaluation alone), 1 and 2 (each includes the shallower passes, as the story does them in
turn), which says what a longer or shorter game gets.

Long games: Pente grammai's longest of 200 games between two perfect players (the curve the
visitor sees), and one game of uniformly random moves (thousands of actions: the worst case);
the other games, Player against Player at 0.02 s a move, the longest of three seeds, and the
longest of four games of random moves (hundreds of moves: the worst case).  A figure,
not a test: the machine's load shows in the times.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ludique.ai import choose_move  # noqa: E402
from ludique.ai.pente import move_values, table  # noqa: E402
from ludique.games import GAME_IDS, dump_game, new_game  # noqa: E402
from ludique.games.base import GameState  # noqa: E402
from ludique.play.analysis import STORY_BUDGET, tell  # noqa: E402

MAX_PLIES = 600


def perfect_pente(seed: int) -> GameState:
    rng = random.Random(seed)
    state = new_game("pente-grammai")
    while state.outcome is None:
        if state.needs_roll:
            state = state.roll(rng.randint(1, 6))
            continue
        scored = move_values(state)
        top = max(v for _, v in scored)
        state = state.play(next(m for m, v in scored if v == top))
    return state


def random_pente(seed: int) -> GameState:
    rng = random.Random(seed)
    state = new_game("pente-grammai")
    while state.outcome is None:
        if state.needs_roll:
            state = state.roll(rng.randint(1, 6))
        else:
            state = state.play(rng.choice(state.legal_moves()))
    return state


def searched_game(game_id: str, seed: int) -> GameState:
    rng = random.Random(seed)
    state = new_game(game_id)
    for _ in range(MAX_PLIES):
        if state.outcome is not None:
            break
        state = state.play(choose_move(state, "player", 0.02, rng))
    return state


def long_games(game_id: str) -> list[tuple[str, GameState]]:
    if game_id == "pente-grammai":
        perfect = max((perfect_pente(s) for s in range(200)), key=lambda g: len(g.actions()))
        return [("perfect players", perfect), ("random moves", random_pente(1))]
    game = max((searched_game(game_id, s) for s in range(3)), key=lambda g: len(g.actions()))
    wild = max((random_game(game_id, s) for s in range(4)), key=lambda g: len(g.actions()))
    return [("Player v Player", game), ("random moves", wild)]


def random_game(game_id: str, seed: int) -> GameState:
    rng = random.Random(seed)
    state = new_game(game_id)
    for _ in range(3000):
        if state.outcome is not None:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAME_IDS, action="append", help="only these")
    parser.add_argument("--budget", type=float, default=STORY_BUDGET, help="seconds (search)")
    args = parser.parse_args(argv)
    table()  # the worker holds the table already; its first read is not the story's cost
    print(f"story budget {args.budget} s (search games); times are wall-clock seconds")
    print(f"{'game':20} {'long game':16} {'actions':>7} {'told in':>8} {'depth':>5}  passes")
    for game_id in args.game or GAME_IDS:
        for label, game in long_games(game_id):
            text = dump_game(game)
            started = time.perf_counter()
            story = tell(text, game.colours[0], args.budget)
            seconds = time.perf_counter() - started
            passes = ""
            if not story.exact:
                times = []
                for depth in (0, 1, 2):
                    started = time.perf_counter()
                    tell(text, game.colours[0], 600.0, max_depth=depth)
                    times.append(f"d{depth} {time.perf_counter() - started:.2f}s")
                passes = ", ".join(times)
            print(
                f"{game_id:20} {label:16} {len(game.actions()):7d} {seconds:7.3f}s "
                f"{story.depth:5d}  {passes}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
