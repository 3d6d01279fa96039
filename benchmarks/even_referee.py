"""How Even match's referee reads a visitor, against a full two-ply search of the same positions.

    python benchmarks/even_referee.py                      # Epaminondas, 2 games a visitor
    python benchmarks/even_referee.py --game latrunculi-dux --games 4

Each visitor of ``benchmarks/even.py`` plays Even match (0.25 s a move, the die and seats as in
that benchmark's games, without the kiosk's Match); at each of his decisions the loss of his
move (the best move's winning chance less his move's) is scored twice: by the referee as it is
(``ludique.ai.even.referee_values``: two plies within its node bound, else one) and by a
two-ply search of every move with no bound.  Where the two disagree, the referee reads the
visitor at a level he does not play at.  Printed per visitor: decisions scored, the mean loss by
each, and the share of his decisions the referee judged at two plies (equal values).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from even import VISITORS, visitor_move  # noqa: E402  (the benchmark's own visitors)

from ludique.ai import decide  # noqa: E402
from ludique.ai import even as ev  # noqa: E402
from ludique.games import GAME_IDS, new_game  # noqa: E402
from ludique.games.base import GameState  # noqa: E402


def two_plies(state: GameState) -> list[tuple[str, int]]:
    """Every legal move's two-ply value as the referee searches it, with no node bound."""
    return [(move.text, value) for value, move in ev.judge(state, state.legal_moves(), 2, 10**12)]


def loss(game_id: str, values: list[tuple[str, int]], chosen: str) -> float:
    chances = {text: ev.win_chance(game_id, value) for text, value in values}
    return max(chances.values()) - chances[chosen]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--game", default="epaminondas", choices=[g for g in GAME_IDS if "pente" not in g]
    )
    parser.add_argument("--games", type=int, default=2, help="games a visitor")
    parser.add_argument("--plies", type=int, default=80, help="plies at most a game")
    parser.add_argument("--visitor", action="append", choices=VISITORS)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(
        f"{args.game}, {args.games} games a visitor against Even match at 0.25 s, seed {args.seed}"
    )
    print(f"{'visitor':9} {'decisions':>9} {'referee':>8} {'two plies':>10} {'judged at two':>14}")
    for visitor in args.visitor or ("greedy", "strong", "champion"):
        by_referee, by_two, same = [], [], 0
        for game in range(args.games):
            rng = random.Random(f"{args.seed}/{visitor}/{game}")
            state = new_game(args.game)
            seat = state.colours[game % 2]
            while state.outcome is None and len(state.moves_played()) < args.plies:
                if state.to_move != seat:
                    state = state.play(decide(state, "even", 0.25, rng)[0])
                    continue
                move = visitor_move(visitor, state, rng, 0.25)
                if len(state.legal_moves()) > 1:
                    referee = list(ev.referee_values(state))
                    full = two_plies(state)
                    by_referee.append(loss(args.game, referee, move.text))
                    by_two.append(loss(args.game, full, move.text))
                    same += sorted(referee) == sorted(full)
                state = state.play(move)
        n = len(by_referee)
        referee_mean, two_mean = statistics.fmean(by_referee), statistics.fmean(by_two)
        print(f"{visitor:9} {n:9} {referee_mean:8.4f} {two_mean:10.4f} {same / n:14.0%}")


if __name__ == "__main__":
    main()
