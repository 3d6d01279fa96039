"""Engine benchmark: uniformly random playouts from the start of each game, through the public API.

    python benchmarks/engine.py                 # every game, 5 s each
    python benchmarks/engine.py --seconds 20 --game epaminondas

Each step is what a caller of the engine does: ``roll`` when a roll is due (Pente grammai; a
roll is not counted as a move), ``legal_moves()``, a uniformly random choice, ``play``.  Prints,
per game id, moves per second, playouts per second, mean game length and the share of results.
A figure, not a test: the machine's load shows in it.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ludique.games import GAME_IDS, new_game  # noqa: E402

# Measured by the best general game system on this machine kind (issue 2), moves per second.
REFERENCE = {
    "pente-grammai": 170_000,
    "latrunculi-seneca": 19_000,
    "latrunculi-piso": 27_000,
    "latrunculi-petteia": 45_000,
    "latrunculi-dux": 21_000,
    "epaminondas": 20_000,
}

MAX_ACTIONS = 20_000  # a playout this long is stopped and counted as unfinished


def playout(game_id: str, rng: random.Random) -> tuple[int, str]:
    """One random game; returns (moves played, result)."""
    state = new_game(game_id)
    moves = 0
    randint = rng.randint
    while state.outcome is None and moves < MAX_ACTIONS:
        if state.needs_roll:
            state = state.roll(randint(1, 6))
            continue
        legal = state.legal_moves()
        state = state.play(legal[randint(0, len(legal) - 1)])
        moves += 1
    outcome = state.outcome
    if outcome is None:
        return moves, "unfinished"
    return moves, outcome.winner or "draw"


def bench(game_id: str, seconds: float, seed: int) -> dict[str, object]:
    rng = random.Random(seed)
    results: Counter[str] = Counter()
    total_moves = 0
    playouts = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds or playouts == 0:
        moves, result = playout(game_id, rng)
        total_moves += moves
        playouts += 1
        results[result] += 1
        elapsed = time.perf_counter() - start
    return {
        "moves_per_s": total_moves / elapsed,
        "playouts_per_s": playouts / elapsed,
        "mean_length": total_moves / playouts,
        "playouts": playouts,
        "results": results,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per game id")
    parser.add_argument("--game", choices=GAME_IDS, action="append", help="only this game id")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(
        f"{'game id':20} {'moves/s':>9} {'target':>8} {'playouts/s':>10} {'mean len':>9} "
        f"{'games':>6}  results"
    )
    for game_id in args.game or GAME_IDS:
        r = bench(game_id, args.seconds, args.seed)
        results: Counter[str] = r["results"]  # type: ignore[assignment]
        n = r["playouts"]
        shares = ", ".join(f"{k} {v / n:.0%}" for k, v in sorted(results.items()))
        print(
            f"{game_id:20} {r['moves_per_s']:9,.0f} {REFERENCE[game_id]:8,} "
            f"{r['playouts_per_s']:10.1f} {r['mean_length']:9.1f} {n:6}  {shares}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
