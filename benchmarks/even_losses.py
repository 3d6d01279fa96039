"""Each rung of the ladder's loss per decision, by the referee: the scale Even match reads on.

    python benchmarks/even_losses.py                    # prints the table
    python benchmarks/even_losses.py --write            # and writes it to assets/ai/measured.json

Positions come from games between rungs drawn at random, move by move (1 to 4, seeded), every
``--every`` plies where the decision tells (its moves' chances differ by more than
``skill.INFORMATIVE``), ``--positions`` a game.  At each, every rung chooses its move as it
plays (the two top rungs on their measured thought, within ``--budget`` seconds), and what the
move loses is the referee's best chance less the move's, the move the Champion's search plays
counting as a best move (``ludique.ai.even.visitor_chances``, as a visitor is read).  A rung's
figure is its mean loss over the positions: ``Measured.losses``, on which a visitor's loss is
told as a rung and below the Champion's figure the Champion's search plays him
(``ludique.ai.even.even_decision``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ludique.games import GAME_IDS  # noqa: E402


def positions(game_id: str, count: int, every: int, seed: int) -> list:
    from benchmarks.even import rung_move
    from ludique.ai import even
    from ludique.ai.skill import INFORMATIVE
    from ludique.games import new_game

    rng = random.Random(f"{seed}/{game_id}")
    out: list = []
    state, plies = new_game(game_id), 0
    while len(out) < count:
        if state.outcome is not None or plies > 300:
            state, plies = new_game(game_id), 0
        if state.needs_roll:
            state = state.roll(rng.randint(1, 6))
            continue
        moves = state.legal_moves()
        if len(moves) > 1 and plies % every == every - 1:
            chances = [c for _, c in even.referee_chances(state)]
            if max(chances) - min(chances) > INFORMATIVE:
                out.append(state)
        move = moves[0] if len(moves) == 1 else rung_move(state, rng.randint(1, 4), rng, 0.05, 0)
        state, plies = state.play(move), plies + 1
    return out


def measure(job: tuple[str, int, int, int, float]) -> tuple[str, list[float], int, float]:
    from benchmarks.even import rung_move
    from ludique.ai import even

    game_id, count, every, seed, budget = job
    started = time.perf_counter()
    found = positions(game_id, count, every, seed)
    rng = random.Random(seed)
    losses: list[list[float]] = [[] for _ in even.LADDER]
    for state in found:
        chances = dict(even.visitor_chances(state))  # the scale a visitor is read on
        best = max(chances.values())
        for rung in range(len(even.LADDER)):
            move = rung_move(state, rung, rng, budget, time.perf_counter())
            losses[rung].append(best - chances[move.text])
    means = [round(statistics.fmean(x), 4) for x in losses]
    return game_id, means, len(found), time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", action="append", choices=GAME_IDS)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=0.25)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--write", action="store_true", help="write the losses to measured.json")
    args = parser.parse_args()
    from ludique.ai import even
    from ludique.ai.measured import default_path, write

    jobs = [(g, args.positions, args.every, args.seed, args.budget) for g in args.game or GAME_IDS]
    names = " ".join(f"{level.name:>8}" for level in even.LADDER)
    print(f"{'game':20} {'n':>3} {names}  seconds")
    with ProcessPoolExecutor(args.jobs) as pool:
        for game_id, means, n, seconds in pool.map(measure, jobs):
            print(
                f"{game_id:20} {n:3} " + " ".join(f"{m:8.4f}" for m in means) + f"  {seconds:.0f}"
            )
            if args.write:
                write(default_path(), game_id, losses=tuple(means))


if __name__ == "__main__":
    main()
