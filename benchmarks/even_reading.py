"""How well the visitor's estimate reads players of known level: the ladder's own rungs.

    python benchmarks/even_reading.py --games 2 --seed 15 --out reading.jsonl   # plays, reports
    python benchmarks/even_reading.py --report-only --out reading.jsonl [--family]

Neighbouring rungs play each other (``--games`` games a pair a game, alternating who starts,
at ``--budget`` seconds a move).  Each informative decision of either side is read by every
hypothesis of the estimate (``ludique.ai.skill``: the random mover, then the rungs), exactly
as Even match reads a visitor: the chance that the hypothesis makes the move played there.
The report replays the estimate over each player's decisions (the last ``WINDOW`` of them,
from the fifth on) and gives, per game and per rung, the share of the posterior on the true
rung, the estimate's mean rung, and what the reading is worth to the player: his expected
score, by the ladder's ratings, against the level Even match would play for that estimate,
less one half (positive: the computer would play below him).

It also gives, per search game and rung, how often the rung's move is the Champion's search's
choice in three plies (``ludique.ai.even.reader_choice``), by which the top rungs are read.

``--course`` also reads each player by the game's course instead of his moves: how his chance
moves from one of his decisions to the next against an opponent of known rating.

``--family`` also reads the rungs that play the Champion's search (read by their measured
temperature over every legal move) as a choice among the candidates of the rungs below
(``ludique.ai.even.looked``), at the temperature that best explains their moves in this
file's games: a check of whether the top of the ladder is misread for the form of its
reading rather than for what the referee cannot see.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.even_ladder import GRID  # noqa: E402
from ludique.ai.skill import Mix  # noqa: E402
from ludique.games import GAME_IDS  # noqa: E402

MAX_PLIES = 300
FIRST = 5  # decisions read before the estimate is scored (it starts from a flat prior)


def play_one(job: dict) -> dict:
    from benchmarks.even import rung_move
    from ludique.ai import even
    from ludique.ai.skill import INFORMATIVE, Decision, hypotheses, likelihood
    from ludique.games import new_game

    game_id, a, b, index = job["game"], job["a"], job["b"], job["index"]
    rng = random.Random(f"{job['seed']}/{game_id}/{a}/{b}/{index}")
    state = new_game(game_id)
    colours = state.colours
    rung_of = {colours[index % 2]: a, colours[1 - index % 2]: b}
    among = hypotheses(game_id)
    solved = game_id == "pente-grammai"
    rows = []
    plies = 0
    while state.outcome is None and plies < MAX_PLIES:
        if state.needs_roll:
            state = state.roll(rng.randint(1, 6))
            continue
        moves = state.legal_moves()
        if len(moves) == 1:
            state = state.play(moves[0])
            plies += 1
            continue
        move = rung_move(state, rung_of[state.to_move], rng, job["budget"], time.perf_counter())
        scored = even.referee_chances(state)
        best = max(c for _, c in scored)
        losses = tuple(best - c for _, c in scored)
        if max(losses) > INFORMATIVE:
            texts = [t for t, _ in scored]
            known = even.chosen_by(state, move.text)
            decision = Decision(losses, texts.index(move.text), known)
            logs = [math.log(likelihood(decision, t, known[k])) for k, (t, _) in enumerate(among)]
            options = even.pente_looked(state) if solved else even.looked(state, None)
            rows.append(
                {
                    "rung": rung_of[state.to_move],
                    "logs": [round(x, 4) for x in logs],
                    "chances": [round(c, 5) for c in options.chances],
                    "chosen": options.texts.index(move.text) if move.text in options.texts else -1,
                    "wins": [options.texts.index(t) for t in options.wins],
                    "legal": len(moves),
                    "reader": None if solved else even.reader_choice(state) == move.text,
                }
            )
        state = state.play(move)
        plies += 1
    return {**job, "plies": plies, "rows": rows}


def candidate_log(row: dict, temperature: float) -> float:
    """The log chance of the move played, read as a choice among the candidates."""
    from ludique.ai.even import boltzmann_weights
    from ludique.ai.skill import LAPSE

    if row["wins"]:
        p = 1 / len(row["wins"]) if row["chosen"] in row["wins"] else 0.0
    elif row["chosen"] < 0:
        p = 0.0
    else:
        p = boltzmann_weights(row["chances"], temperature)[row["chosen"]]
    return math.log((1 - LAPSE) * p + LAPSE / row["legal"])


def refit_top(results: list[dict]) -> dict[tuple[str, int], float]:
    """Per search game, the temperature at which the candidates' choice best explains each
    Champion-search rung's own moves."""
    from ludique.ai.even import LADDER

    out = {}
    for game in sorted({r["game"] for r in results} - {"pente-grammai"}):
        for rung, level in enumerate(LADDER):
            if level.search != "champion":
                continue
            rows = [x for r in results if r["game"] == game for x in r["rows"] if x["rung"] == rung]
            if rows:
                out[game, rung] = max(GRID, key=lambda t: sum(candidate_log(x, t) for x in rows))
    return out


def elo_score(strengths: tuple[float, ...], rung: int, against: int) -> float:
    """The expected score of a player of ``rung`` against ``against``, by the ratings."""
    return 1 / (1 + 10 ** ((strengths[against] - strengths[rung]) / 400))


def score_against(strengths: tuple[float, ...], rung: int, level: Mix) -> float:
    """The expected score of a player of ``rung`` against ``level``, by the ratings."""
    lower, upper = elo_score(strengths, rung, level.lower), elo_score(strengths, rung, level.upper)
    return (1 - level.share) * lower + level.share * upper


def report(results: list[dict], top: dict[tuple[str, int], float]) -> None:
    """The reading of each rung; ``top``: the Champion-search rungs read as the candidates'
    choice at these temperatures instead."""
    from ludique.ai.even import ratings
    from ludique.ai.skill import WINDOW, SkillEstimate, hypotheses

    if top:
        print("the top rungs' temperatures as a choice among the candidates (fitted here):")
        for (game, rung), t in sorted(top.items()):
            print(f"  {game:19} rung {rung}: {t:.4f}")
    on_true: dict[tuple[str, int], list[float]] = defaultdict(list)
    means: dict[tuple[str, int], list[float]] = defaultdict(list)
    worth: dict[tuple[str, int], list[float]] = defaultdict(list)
    for r in results:
        game = r["game"]
        strengths = ratings(game)
        rungs = tuple(rung for _, rung in hypotheses(game))
        by_rung: dict[int, list[list[float]]] = defaultdict(list)
        for row in r["rows"]:
            logs = list(row["logs"])
            for (g, rung), t in top.items():
                if g == game:
                    logs[rungs.index(rung, 1)] = candidate_log(row, t)
            by_rung[row["rung"]].append(logs)
        for rung, decisions in by_rung.items():
            for k in range(FIRST, len(decisions) + 1):
                sums = [
                    math.fsum(col) for col in zip(*decisions[max(0, k - WINDOW) : k], strict=True)
                ]
                weights = [math.exp(s - max(sums)) for s in sums]
                posterior = tuple(w / sum(weights) for w in weights)
                skill = SkillEstimate(posterior, k, 0.0, rungs)
                level = skill.level(strengths)

                expected = score_against(strengths, rung, level)
                on_true[game, rung].append(posterior[rung + 1])
                means[game, rung].append(skill.rung)
                worth[game, rung].append(expected - 0.5)
    print("per rung: decisions read, posterior on the true rung, mean rung read, the player's")
    print("expected score against the level played for him less one half")
    games = sorted({g for g, _ in on_true})
    for game in [*games, "all"]:
        cells = []
        for rung in range(7):
            keys = [(g, rung) for g in games] if game == "all" else [(game, rung)]
            shares = [x for key in keys for x in on_true.get(key, [])]
            if not shares:
                cells.append(f"{rung}: -")
                continue
            read = statistics.fmean(x for key in keys for x in means.get(key, []))
            bias = statistics.fmean(x for key in keys for x in worth.get(key, []))
            cells.append(
                f"{rung}: {len(shares)} {statistics.fmean(shares):.2f} {read:.1f} {bias:+.2f}"
            )
        print(f"{game:19} " + " | ".join(cells))


def agreement_report(results: list[dict]) -> None:
    """How often each rung's move is the one the top rungs are read by (the Champion's search
    in a few plies, ``ludique.ai.even.reader_choice``), per search game."""
    agree: dict[tuple[str, int], list[bool]] = defaultdict(list)
    for r in results:
        for row in r["rows"]:
            if row.get("reader") is not None:
                agree[r["game"], row["rung"]].append(row["reader"])
                agree["all", row["rung"]].append(row["reader"])
    print("per rung: the share of its informative decisions that play the reader's choice")
    for game in sorted({g for g, _ in agree if g != "all"}) + ["all"]:
        cells = [
            f"{rung}: {statistics.fmean(agree[game, rung]):.2f}"
            for rung in range(7)
            if agree.get((game, rung))
        ]
        print(f"{game:19} " + " | ".join(cells))


def course_report(results: list[dict]) -> None:
    """What the game's course says of a player, apart from his moves: per search game, how far
    his position moves (the logit of his best candidate's chance, from one of his decisions to
    the next) for each step of expected score against his opponent by the ratings
    (``kappa``, least squares through the origin) and how far it strays from that (``sigma``);
    then the posterior over the rungs, from a flat prior, that ``WINDOW`` such steps give
    (the steps' sum against ``kappa`` times each rung's expected score less one half, normal
    with variance ``sigma`` squared a step), on windows half overlapping: the share on the true
    rung and the mean rung read."""
    from ludique.ai.even import ratings
    from ludique.ai.skill import WINDOW

    def logit(p: float) -> float:
        p = min(max(p, 1e-4), 1 - 1e-4)
        return math.log(p / (1 - p))

    print("the game's course as evidence: per step, kappa and sigma (logit of the chance);")
    print("per rung: windows, posterior on the true rung (flat prior 0.14), mean rung read")
    for game in sorted({r["game"] for r in results} - {"pente-grammai"}):
        strengths = ratings(game)
        runs = []
        for r in (r for r in results if r["game"] == game):
            for me, other in ((r["a"], r["b"]), (r["b"], r["a"])):
                zs = [
                    logit(max(x["chances"])) for x in r["rows"] if x["rung"] == me and x["chances"]
                ]
                runs.append((me, other, [b - a for a, b in zip(zs, zs[1:], strict=False)]))
        steps = [(elo_score(strengths, me, o) - 0.5, d) for me, o, ds in runs for d in ds]
        kappa = math.fsum(x * d for x, d in steps) / math.fsum(x * x for x, _ in steps)
        var = statistics.fmean((d - kappa * x) ** 2 for x, d in steps)
        on_true: dict[int, list[float]] = defaultdict(list)
        read: dict[int, list[float]] = defaultdict(list)
        for me, other, ds in runs:
            for start in range(0, max(1, len(ds) - WINDOW + 1), WINDOW // 2):
                window = ds[start : start + WINDOW]
                if len(window) < WINDOW // 4:
                    continue
                moved, n = math.fsum(window), len(window)
                logs = [
                    -((moved - n * kappa * (elo_score(strengths, h, other) - 0.5)) ** 2)
                    / (2 * n * var)
                    for h in range(len(strengths))
                ]
                weights = [math.exp(v - max(logs)) for v in logs]
                posterior = [w / sum(weights) for w in weights]
                on_true[me].append(posterior[me])
                read[me].append(math.fsum(p * h for h, p in enumerate(posterior)))
        cells = [
            f"{rung}: {len(on_true[rung])} {statistics.fmean(on_true[rung]):.2f} "
            f"{statistics.fmean(read[rung]):.1f}"
            for rung in sorted(on_true)
        ]
        print(f"{game:19} kappa {kappa:.3f} sigma {math.sqrt(var):.3f}")
        print(f"{'':19} " + " | ".join(cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2, help="games a pair a game")
    parser.add_argument("--budget", type=float, default=0.25)
    parser.add_argument("--game", action="append", choices=GAME_IDS)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("reading-results.jsonl"))
    parser.add_argument("--report-only", action="store_true")
    parser.add_argument("--family", action="store_true", help="also read the top rungs anew")
    parser.add_argument(
        "--course", action="store_true", help="also read the players by the game's course"
    )
    args = parser.parse_args()
    from benchmarks.even import load, run_jobs
    from ludique.ai.even import LADDER

    done = load(args.out)
    if not args.report_only:
        seen = {(r["game"], r["a"], r["b"], r["index"]) for r in done}
        jobs = [
            dict(game=g, a=a, b=a + 1, index=i, budget=args.budget, seed=args.seed)
            for i in range(args.games)
            for g in args.game or GAME_IDS
            for a in range(len(LADDER) - 1)
            if (g, a, a + 1, i) not in seen
        ]
        run_jobs(
            play_one,
            jobs,
            args.out,
            done,
            args.jobs,
            lambda r: f"{r['game']} {r['a']} {r['b']} #{r['index']} {r['plies']} plies",
        )
    report(done, {})
    if any(row.get("reader") is not None for r in done for row in r["rows"]):
        print()
        agreement_report(done)
    if args.family:
        print()
        report(done, refit_top(done))
    if args.course:
        print()
        course_report(done)


if __name__ == "__main__":
    main()
