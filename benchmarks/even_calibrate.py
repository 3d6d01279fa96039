"""Calibration of the Even match strength: Champion self-play, search value -> share of games won.

    python benchmarks/even_calibrate.py --games 12 --budget 0.2 --jobs 2 --out samples.jsonl
    python benchmarks/even_calibrate.py --fit samples.jsonl

Each game opens with a few random plies (placements in Seneca and Piso) and has a random move now
and then (4%), so that the games reach positions of every balance; every other move is the
Champion's, and its root value (hundredths of a piece, for the player to move) is recorded with
the game's result. ``--fit`` fits, per game, P(mover wins) = 1 / (1 + exp(-value / scale)) by
maximum likelihood, a draw counting half, and prints the scales with the share won per band.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import multiprocessing
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ludique.games import GAME_IDS, new_game  # noqa: E402

SEARCH_GAMES = tuple(g for g in GAME_IDS if g != "pente-grammai")
RANDOM_SHARE = 0.04
MAX_PLIES = 300


def opening_plies(game_id: str, rng: random.Random) -> int:
    if game_id in ("latrunculi-seneca", "latrunculi-piso"):
        return rng.randint(8, 24)  # of the 32 placements
    return rng.randint(2, 8)


def self_play(job: tuple[str, int, float, int]) -> dict:
    """One Champion self-play game: the recorded root values and the winner."""
    from ludique.ai.evaluation import ai_for
    from ludique.ai.search import MATE_ZONE, Limit, Searcher

    game_id, index, budget, seed = job
    rng = random.Random(f"{seed}/{game_id}/{index}")
    state = new_game(game_id)
    ai = ai_for(state)
    samples = []
    opening = opening_plies(game_id, rng)
    ply = 0
    started = time.perf_counter()
    while state.outcome is None and ply < MAX_PLIES:
        moves = state.legal_moves()
        if ply < opening or rng.random() < RANDOM_SHARE or len(moves) == 1:
            move = rng.choice(moves)
        else:
            searcher = Searcher(ai, Limit(time=budget * 0.95), rng=rng)
            gc.disable()
            try:
                result = searcher.search(state)
            finally:
                gc.enable()
            if abs(result.score) < MATE_ZONE:
                samples.append((ply, state.to_move, result.score, result.depth))
            move = result.move
        state = state.play(move)
        ply += 1
    outcome = state.outcome
    winner = outcome.winner if outcome is not None else None
    return {
        "game": game_id,
        "index": index,
        "winner": winner,
        "reason": outcome.reason if outcome is not None else "max-plies",
        "plies": ply,
        "seconds": round(time.perf_counter() - started, 1),
        "samples": samples,
    }


def fit(path: Path) -> dict[str, float]:
    """Per game, the logistic scale that best explains the recorded results."""
    by_game: dict[str, list[tuple[int, float]]] = {}
    games: dict[str, int] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        gid = record["game"]
        games[gid] = games.get(gid, 0) + 1
        for _ply, mover, score, _depth in record["samples"]:
            if record["winner"] is None:
                result = 0.5
            else:
                result = 1.0 if record["winner"] == mover else 0.0
            by_game.setdefault(gid, []).append((score, result))
    scales = {}
    for gid in SEARCH_GAMES:
        pairs = by_game.get(gid)
        if not pairs:
            continue
        best = None
        for scale in range(20, 2001, 5):
            ll = 0.0
            for score, result in pairs:
                p = 1 / (1 + math.exp(-max(-50.0, min(50.0, score / scale))))
                p = min(max(p, 1e-9), 1 - 1e-9)
                ll += result * math.log(p) + (1 - result) * math.log(1 - p)
            if best is None or ll > best[0]:
                best = (ll, scale)
        scales[gid] = best[1]
        print(f"{gid}: {games[gid]} games, {len(pairs)} values, scale {best[1]}")
        for lo, hi in (
            (-(10**9), -300),
            (-300, -150),
            (-150, -50),
            (-50, 50),
            (50, 150),
            (150, 300),
            (300, 10**9),
        ):
            band = [r for s, r in pairs if lo <= s < hi]
            if band:
                mid = [s for s, r in pairs if lo <= s < hi]
                avg = sum(mid) / len(mid)
                model = 1 / (1 + math.exp(-avg / best[1]))
                print(
                    f"   value [{lo:>6}, {hi:>6}): {len(band):>5} values, won "
                    f"{sum(band) / len(band):.2f}, model at mean {model:.2f}"
                )
    return scales


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--budget", type=float, default=0.2)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", choices=SEARCH_GAMES)
    parser.add_argument("--out", type=Path, default=Path("even-calibration.jsonl"))
    parser.add_argument("--fit", type=Path)
    parser.add_argument(
        "--write", action="store_true", help="with --fit: write the scales to measured.json"
    )
    args = parser.parse_args()
    if args.fit:
        scales = fit(args.fit)
        print(json.dumps(scales))
        if args.write:
            from ludique.ai.measured import default_path, write

            for game_id, scale in scales.items():
                write(default_path(), game_id, value_scale=round(scale, 1))
        return
    jobs = [
        (gid, i, args.budget, args.seed)
        for i in range(args.games)
        for gid in (args.game or SEARCH_GAMES)
    ]
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool, args.out.open("a") as out:
        for record in pool.imap_unordered(self_play, jobs):
            out.write(json.dumps(record) + "\n")
            out.flush()
            print(
                record["game"],
                record["index"],
                record["winner"],
                record["reason"],
                record["plies"],
                record["seconds"],
                flush=True,
            )


if __name__ == "__main__":
    main()
