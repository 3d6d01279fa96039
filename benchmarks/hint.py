"""The hesitation hint's suggestion (``ludique.play.hint``), measured on positions of random games.

    python benchmarks/hint.py                       # every game, 60 positions each
    python benchmarks/hint.py --game epaminondas --positions 200

For each game it prints how long the suggestion took to find at the kiosk's budget (median,
95th percentile, maximum: it must be ready long before the hint is due, 8 s into the turn), the
share of each reason the strip gives, and how often the suggested move leaves one of the
visitor's pieces open to capture that was not open before (a red target, ``threats.exposed``).

A figure, not a test: the positions come from seeded random play, and the machine's load shows
in the times.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ludique.games import GAME_IDS, new_game  # noqa: E402
from ludique.games.base import GameState  # noqa: E402
from ludique.play.hint import HINT_BUDGET, suggest, threatened  # noqa: E402
from ludique.play.threats import exposed  # noqa: E402


def positions(game_id: str, count: int, seed: int) -> list[GameState]:
    """``count`` positions with a move to make, from seeded random games."""
    rng = random.Random(seed)
    out: list[GameState] = []
    state = new_game(game_id)
    while len(out) < count:
        if state.outcome is not None:
            state = new_game(game_id)
        if state.needs_roll:
            state = state.roll(rng.randint(1, 6))
            continue
        moves = state.legal_moves()
        if rng.random() < 0.3 and moves[0].kind != "pass":
            out.append(state)
        state = state.play(rng.choice(moves))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAME_IDS, action="append")
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--strength", default="even")
    parser.add_argument("--seed", type=int, default=61)
    args = parser.parse_args()
    started = time.perf_counter()
    print(f"{args.positions} positions a game, strength {args.strength}, budget {HINT_BUDGET} s")
    for game_id in args.game or GAME_IDS:
        times, reasons, opened = [], Counter(), 0
        for state in positions(game_id, args.positions, args.seed):
            t = time.perf_counter()
            found = suggest(state, args.strength)
            times.append(time.perf_counter() - t)
            assert found is not None and found.move in state.legal_moves()
            reasons[found.reason.why] += 1
            after = state.play(found.move)
            opened += bool(exposed(after, state.to_move) - threatened(state))
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        shares = ", ".join(f"{why} {100 * n // len(times)}%" for why, n in reasons.most_common())
        print(
            f"{game_id:20} time median {statistics.median(times):.2f} s, p95 {p95:.2f} s, "
            f"max {times[-1]:.2f} s; opens a piece {100 * opened // len(times)}%; {shares}"
        )
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
