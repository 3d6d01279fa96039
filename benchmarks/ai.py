"""Tournament benchmark of the computer player: seeded matches, alternating who starts.

    python benchmarks/ai.py                                 # every game, 20 games per pairing
    python benchmarks/ai.py --game epaminondas --games 4 --budget 0.2
    python benchmarks/ai.py --game latrunculi-dux --pairings champion-greedy,champion-player
    python benchmarks/ai.py --game latrunculi-seneca --pairings 'champion*4-champion' --budget 0.25

A pairing is any two of the strengths, ``random`` and ``greedy``; ``*k`` after a strength gives
it k times the budget (at most the kiosk's 2 s): how much stronger would more time make it?

For each game id it prints the wins, draws and losses of the first-named side of each pairing
(Champion vs random, vs greedy, Champion vs Player, Player vs Beginner), the share of decided
games it won, and the think time per move (median, 95th percentile, maximum) of each strength,
measured around ``choose_move`` in this process.  For Pente grammai it prints each strength's
exact winning probability against the perfect player, as computed by ``ludique.ai.pente``.

A figure, not a test: the run's size (games, budget) is printed with the table, and the machine's
load shows in the times.  A game still running after ``--max-moves`` moves is counted as a draw.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ludique.ai import MAX_BUDGET, STRENGTHS, choose_move  # noqa: E402
from ludique.ai.baselines import greedy_move, random_move  # noqa: E402
from ludique.games import GAME_IDS, new_game  # noqa: E402
from ludique.games.base import GameState, Move  # noqa: E402

PAIRINGS = ("champion-random", "champion-greedy", "champion-player", "player-beginner")
SEARCH_GAMES = tuple(g for g in GAME_IDS if g != "pente-grammai")


class Players:
    """Who moves: a strength through ``choose_move`` (timed) or a baseline."""

    def __init__(self, budget: float) -> None:
        self.budget = budget
        self.times: dict[str, list[float]] = defaultdict(list)

    def move(self, name: str, state: GameState, rng: random.Random) -> Move:
        if name == "random":
            return random_move(state, rng)
        if name == "greedy":
            return greedy_move(state, rng)
        strength, odds = parse_player(name)
        started = time.perf_counter()
        move = choose_move(state, strength, min(MAX_BUDGET, self.budget * odds), rng)
        self.times[name].append(time.perf_counter() - started)
        return move


def parse_player(name: str) -> tuple[str, float]:
    """A player of a pairing: ``random``, ``greedy``, or a strength with ``*k`` time odds.
    Raises ``ValueError`` naming what is wrong."""
    strength, _, odds = name.partition("*")
    if strength in ("random", "greedy") and not odds:
        return strength, 1.0
    if strength not in STRENGTHS:
        raise ValueError(f"unknown player {strength!r}: expected random, greedy or a strength")
    try:
        factor = float(odds) if odds else 1.0
    except ValueError:
        raise ValueError(f"time odds {odds!r} of {name!r}: expected a number") from None
    if not factor > 0:
        raise ValueError(f"time odds {odds!r} of {name!r}: expected a number above 0")
    return strength, factor


def play_game(
    game_id: str, first: str, second: str, players: Players, rng: random.Random, max_moves: int
) -> str | None:
    """One game; the name of the winning player (``first``/``second``), or ``None`` for a draw."""
    state = new_game(game_id)
    colours = {state.colours[0]: first, state.colours[1]: second}
    moves = 0
    while state.outcome is None and moves < max_moves:
        if state.needs_roll:
            state = state.roll(rng.randint(1, 6))
            continue
        state = state.play(players.move(colours[state.to_move], state, rng))
        moves += 1
    outcome = state.outcome
    if outcome is None or outcome.winner is None:
        return None
    return colours[outcome.winner]


def match(
    game_id: str, pairing: str, games: int, players: Players, seed: int, max_moves: int
) -> tuple[int, int, int]:
    """Wins, draws and losses of the pairing's first player over ``games`` games."""
    a, b = pairing.split("-")
    wins = draws = losses = 0
    for i in range(games):
        rng = random.Random(f"{seed}/{game_id}/{pairing}/{i}")
        first, second = (a, b) if i % 2 == 0 else (b, a)
        winner = play_game(game_id, first, second, players, rng, max_moves)
        if winner is None:
            draws += 1
        elif winner == a:
            wins += 1
        else:
            losses += 1
    return wins, draws, losses


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


def pente_rows() -> list[str]:
    """Each strength's exact chance against the perfect player, from the solved game (figures
    stored next to the table by the solver, or recomputed by policy evaluation if stale)."""
    try:
        from ludique.ai.pente import pente_win_probability
        from ludique.games import new_game as start
        from ludique.tools.pente_solver import strength_win_probabilities
    except ImportError as exc:
        return [f"  (the Pente grammai player is not available: {exc})"]
    started = time.perf_counter()
    blue_perfect = pente_win_probability(start("pente-grammai"))
    rows = [f"  solved: Blue wins {blue_perfect:.6f} from the start with both sides perfect"]
    for strength, by_colour in strength_win_probabilities().items():
        blue, white = by_colour["blue"], by_colour["white"]
        rows.append(
            f"  {strength:<9} vs perfect: wins {blue:.6f} as Blue, {white:.6f} as White, "
            f"{(blue + white) / 2:.6f} on average"
        )
    rows.append(f"  (exact figures, {time.perf_counter() - started:.1f} s)")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per pairing (default 20)")
    parser.add_argument("--budget", type=float, default=1.5, help="seconds per move (1.5)")
    parser.add_argument("--game", action="append", choices=GAME_IDS, help="repeatable; all")
    parser.add_argument("--pairings", default=",".join(PAIRINGS), help="comma-separated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-moves", type=int, default=400)
    args = parser.parse_args()
    pairings = [p for p in args.pairings.split(",") if p]
    for pairing in pairings:
        sides = pairing.split("-")
        if len(sides) != 2:
            parser.error(f"pairing {pairing!r}: expected two players joined by '-'")
        try:
            for side in sides:
                parse_player(side)
        except ValueError as exc:
            parser.error(f"pairing {pairing!r}: {exc}")

    print(f"# {args.games} games per pairing, budget {args.budget} s, seed {args.seed}")
    for game_id in args.game or GAME_IDS:
        print(f"\n## {game_id}")
        if game_id == "pente-grammai":
            for row in pente_rows():
                print(row, flush=True)
            print_times(pente_think_times(args.games, args.seed))
            continue
        players = Players(args.budget)
        print(f"  {'pairing':<21} {'W':>4} {'D':>4} {'L':>4}  {'won of decided':>14}  time")
        for pairing in pairings:
            started = time.perf_counter()
            w, d, lost = match(game_id, pairing, args.games, players, args.seed, args.max_moves)
            decided = w + lost
            share = f"{100 * w / decided:.0f}%" if decided else "-"
            took = time.perf_counter() - started
            print(f"  {pairing:<21} {w:>4} {d:>4} {lost:>4}  {share:>14}  {took:.0f} s", flush=True)
        print_times(players.times)


def pente_think_times(games: int, seed: int) -> dict[str, list[float]]:
    """Think times of each strength over ``games`` games of each strength against itself."""
    players = Players(MAX_BUDGET)
    for strength in STRENGTHS:
        for i in range(games):
            rng = random.Random(f"{seed}/pente/{strength}/{i}")
            play_game("pente-grammai", strength, strength, players, rng, 400)
    return players.times


def print_times(times: dict[str, list[float]]) -> None:
    print(f"  {'think time (s)':<21} {'moves':>6} {'median':>7} {'p95':>7} {'max':>7}")

    def order(name: str) -> tuple[int, str]:
        base = name.partition("*")[0]
        return (STRENGTHS.index(base) if base in STRENGTHS else len(STRENGTHS), name)

    for strength in sorted(times, key=order):
        values = times[strength]
        print(
            f"  {strength:<21} {len(values):>6} {statistics.median(values):>7.3f} "
            f"{percentile(values, 0.95):>7.3f} {max(values):>7.3f}"
        )


if __name__ == "__main__":
    main()
