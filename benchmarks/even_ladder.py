"""The ladder measured by self-play: each rung's rating per game, and how the referee sees it play.

    python benchmarks/even_ladder.py --games 2 --out ladder.jsonl       # plays, then reports
    python benchmarks/even_ladder.py --report-only --out ladder.jsonl

Rungs one and two apart play each other (``--games`` games a pair a game, alternating who
starts, at ``--budget`` seconds a move).  The report gives, per game, an Elo rating per rung
fitted to the results (rung 0 at 0; a draw is half a win; one virtual draw between every pair
that met, ``PRIOR_DRAWS``), and, pooled over the games and per
game, the temperature that best explains each rung's moves as the referee scores them
(``ludique.ai.skill.likelihood``, maximum likelihood over a grid): the rung's *effective*
temperature, which ``ludique.ai.skill.HYPOTHESES`` uses, since a rung's filters and deeper
searches make it play better than its nominal temperature says, and the Champion's search is
not a temperature at all.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ludique.games import GAME_IDS  # noqa: E402

MAX_PLIES = 400
GRID = [10 ** (-3.5 + 3.5 * i / 70) for i in range(71)]  # 0.0003 to 1


def play_one(job: dict) -> dict:
    from benchmarks.even import rung_move
    from ludique.ai import even
    from ludique.ai.skill import decisions_of

    game_id, a, b, index = job["game"], job["a"], job["b"], job["index"]
    rng = random.Random(f"{job['seed']}/{game_id}/{a}/{b}/{index}")
    from ludique.games import new_game

    state = new_game(game_id)
    colours = state.colours
    rung_of = {colours[index % 2]: a, colours[1 - index % 2]: b}
    plies = 0
    while state.outcome is None and plies < MAX_PLIES:
        if state.needs_roll:
            state = state.roll(rng.randint(1, 6))
            continue
        moves = state.legal_moves()
        if len(moves) == 1:
            move = moves[0]
        else:
            move = rung_move(state, rung_of[state.to_move], rng, job["budget"], time.perf_counter())
        state = state.play(move)
        plies += 1
    outcome = state.outcome
    winner = None if outcome is None else outcome.winner
    losses = {}
    for colour in colours:
        decisions = decisions_of(state, colour, even.referee_chances, 10**6)
        losses[colour] = [[list(d.losses), d.chosen] for d in decisions]
    return {
        **job,
        "winner_rung": None if winner is None else rung_of[winner],
        "plies": plies,
        "decisions": {str(rung_of[c]): losses[c] for c in colours},
    }


def fit_temperature(decisions: list) -> float:
    from ludique.ai.skill import Decision, likelihood

    best, best_ll = math.inf, -math.inf
    for t in [*GRID, math.inf]:
        ll = sum(math.log(likelihood(Decision(tuple(ls), c), t)) for ls, c in decisions)
        if ll > best_ll:
            best, best_ll = t, ll
    return best


# Virtual draws added to every pair of rungs that met (as BayesElo's prior does): one side
# sweeping a few games has no finite maximum of the likelihood, and the fit then stopped
# wherever its steps ended (Epaminondas' Champion 1,060 Elo above its expert on a 6-0).  One
# draw a pair predicted the games of the seed-13 ladders best when each was left out of the fit
# (``--held-out``; mean log loss over the six games 0.525, as with half a draw; 0.533 with
# BayesElo's two; 0.53-0.54 with none, where it depends on how far the steps went).
PRIOR_DRAWS = 1


def elo(
    results: list[tuple[int, int, float]], rungs: int, prior: float = PRIOR_DRAWS
) -> list[float]:
    """Ratings (rung 0 at 0) maximising the likelihood of the scores (a, b, score of a), with
    ``prior`` virtual draws between every pair that met."""
    met = sorted({(min(a, b), max(a, b)) for a, b, _ in results})
    weighted = [(a, b, s, 1.0) for a, b, s in results] + [(a, b, 0.5, prior) for a, b in met]
    r = [0.0] * rungs
    for _ in range(2000):
        grad = [0.0] * rungs
        for a, b, score, weight in weighted:
            expected = 1 / (1 + 10 ** ((r[b] - r[a]) / 400))
            grad[a] += weight * (score - expected)
            grad[b] -= weight * (score - expected)
        for i in range(1, rungs):
            r[i] += 8 * grad[i]
        r = [x - r[0] for x in r]
    return r


def held_out(results: list[tuple[int, int, float]], rungs: int, prior: float) -> float:
    """The mean log loss of each game's score predicted by the ratings fitted without it."""
    total = 0.0
    for i, (a, b, score) in enumerate(results):
        r = elo(results[:i] + results[i + 1 :], rungs, prior)
        p = min(max(1 / (1 + 10 ** ((r[b] - r[a]) / 400)), 1e-6), 1 - 1e-6)
        total -= score * math.log(p) + (1 - score) * math.log(1 - p)
    return total / len(results)


def report(results: list[dict], priors: list[float] | None = None) -> None:
    from ludique.ai.even import LADDER

    by_game = defaultdict(list)
    for r in results:
        by_game[r["game"]].append(r)
    pooled: dict[int, list] = defaultdict(list)
    print("rating per rung (Elo, rung 0 at 0), then each rung's effective temperature")
    for game, rs in sorted(by_game.items()):
        scores = []
        per_rung: dict[int, list] = defaultdict(list)
        for r in rs:
            a, b = r["a"], r["b"]
            s = 0.5 if r["winner_rung"] is None else float(r["winner_rung"] == a)
            if a == b:
                continue
            scores.append((a, b, s))
            for rung, ds in r["decisions"].items():
                per_rung[int(rung)].extend(ds)
                pooled[int(rung)].extend(ds)
        ratings = elo(scores, len(LADDER))
        temps = [fit_temperature(per_rung[k]) if per_rung[k] else None for k in range(len(LADDER))]
        print(f"{game:19} n={len(rs):3}  " + " ".join(f"{x:6.0f}" for x in ratings))
        print(f"{'':19}        " + " ".join("     -" if t is None else f"{t:6.4f}" for t in temps))
        if priors:
            losses = (f"{p:g}: {held_out(scores, len(LADDER), p):.3f}" for p in priors)
            print(f"{'':19}        held-out log loss by virtual draws a pair: " + ", ".join(losses))
    temps = [fit_temperature(pooled[k]) if pooled[k] else None for k in range(len(LADDER))]
    print("pooled effective temperatures:", [None if t is None else round(t, 4) for t in temps])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--budget", type=float, default=0.25)
    parser.add_argument("--game", action="append", choices=GAME_IDS)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("ladder-results.jsonl"))
    parser.add_argument("--report-only", action="store_true")
    parser.add_argument("--rung", type=int, help="only the pairs that include this rung")
    parser.add_argument(
        "--held-out",
        type=float,
        action="append",
        metavar="DRAWS",
        help="also print, for this many virtual draws a pair, how well the ratings fitted "
        "without each game predict it (mean log loss; lower is better)",
    )
    args = parser.parse_args()
    from ludique.ai.even import LADDER

    done = [json.loads(x) for x in args.out.read_text().splitlines()] if args.out.exists() else []
    if not args.report_only:
        seen = {(r["game"], r["a"], r["b"], r["index"]) for r in done}
        jobs = [
            dict(game=g, a=a, b=a + gap, index=i, budget=args.budget, seed=args.seed)
            for i in range(args.games)
            for g in args.game or GAME_IDS
            for gap in (1, 2)
            for a in range(len(LADDER) - gap)
            if (g, a, a + gap, i) not in seen and args.rung in (None, a, a + gap)
        ]
        from benchmarks.even import run_jobs

        run_jobs(
            play_one,
            jobs,
            args.out,
            done,
            args.jobs,
            lambda r: f"{r['game']} {r['a']} {r['b']} {r['winner_rung']} {r['plies']}",
        )
    report(done, args.held_out)


if __name__ == "__main__":
    main()
