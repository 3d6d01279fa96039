"""Benchmark of the Even match strength: does every yardstick get a close game?

    python benchmarks/even.py                        # everything the issue asks (long: hours)
    python benchmarks/even.py --games 2 --budget 0.1 --no-kiosk --out /tmp/smoke.jsonl
    python benchmarks/even.py --report-only --out results.jsonl
    cat seed1.jsonl seed2.jsonl > both.jsonl   # runs with --seed 1 and 2: their games pooled
    python benchmarks/even.py --report-only --out both.jsonl
    python benchmarks/even.py --pente-only
    python benchmarks/even.py --show 12 --out results.jsonl   # game 12, a board after each move

Search games (Epaminondas and the four Latrunculi variants): Even match plays ``--games`` games
against each yardstick (random, greedy, Beginner, Champion; ``--pairings``, and
``champion-champion``: the Champion in Even match's seat, the ceiling), alternating who
starts, at ``--budget`` seconds per move, plus (unless ``--no-kiosk``) ``--kiosk-games`` games
against greedy at the kiosk's 1.5 s in Seneca and Epaminondas.  Games run in ``--jobs`` worker
processes; each finished game is appended to ``--out`` (JSON lines) at once, and games already in
that file are not played again, so an interrupted run resumes where it stopped.  Games are
played in rounds (game 1 of every pairing, then game 2, ...), so a run cut short is balanced.
A game still running after ``--max-plies`` plies is counted as a draw.  The games of a pairing
are one series of deals, as a kiosk's (``ludique.ai.even.Deal``: games 2k and 2k+1 lean
opposite ways); with ``--coin`` each game tosses its own lean instead.  With ``--openings`` the
games against the Champion begin with the calibration's random plies (2 to 8, or 8 to 24
placements in Seneca and Piso), which neither side chooses: without them the Champion and Even
match, both deterministic but for the clock, play the same two to four games over and over.

Pente grammai: exact figures from the solved table (no sampling error in the chances): with
``--pente-exact``, the winning chance of Even match's mix alone (without its two history rules)
against the perfect player, by policy evaluation; and, over ``--pente-games`` games against
a random, a greedy, a perfect visitor (the Champion) and the Beginner and Player, the share of
the visitor's turns at which his exact winning chance (before his roll, with both sides
perfect from there) lies between 0.35 and 0.65, the games each side won and their length.

The table printed: Even match's wins, draws and losses; the yardstick's share of the decided
games and of all games; Even match's think time per move (median, maximum); and the share of
Even match's decisions at which the Champion's search gave it a chance within 0.35-0.65.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.even_calibrate import opening_plies  # noqa: E402
from ludique.games import GAME_IDS  # noqa: E402

SEARCH_GAMES = tuple(g for g in GAME_IDS if g != "pente-grammai")
PAIRINGS = ("even-random", "even-greedy", "even-beginner", "even-champion")
# Not in the default run: the Champion in Even match's seat against the Champion, from the same
# openings (the same random plies) as "even-champion": what Even match's share there would be
# if it always played the Champion's move, the ceiling its 30% target is measured against.
CEILING = "champion-champion"
KNOWN_PAIRINGS = (*PAIRINGS, CEILING)
KIOSK_BUDGET = 1.5
KIOSK_GAMES = ("latrunculi-seneca", "epaminondas")
BAND = (0.35, 0.65)


# --- one game -------------------------------------------------------------------------------
def play_one(job: dict) -> dict:
    """Play one game of Even match against a yardstick; the record written to the results."""
    from ludique.ai import choose_move
    from ludique.ai.baselines import greedy_move, random_move
    from ludique.ai.evaluation import ai_for
    from ludique.ai.even import Deal, choose_even_search, win_chance
    from ludique.games import new_game

    game_id, pairing, index, budget = job["game"], job["pairing"], job["index"], job["budget"]
    seat, opponent = pairing.split("-")
    # Named by the yardstick, so that the ceiling's games open as Even match's did.
    rng = random.Random(f"{job['seed']}/{game_id}/even-{opponent}/{budget}/{index}")
    state = new_game(game_id)
    ai = ai_for(state)
    even_colour = state.colours[index % 2]  # game 0: Even match starts
    series = f"{job['seed']}/{game_id}/{pairing}/{budget}"
    deal = None if job.get("coin") else Deal(series, index)
    times: list[float] = []
    trace: list[tuple[int, int, str]] = []
    decided_at: list[int] = []  # the ply of each of Even match's traced decisions
    plies = 0
    # Against the Champion, who plays the same moves at the same time, the games of a pairing
    # repeat two to four lines; ``--openings`` begins them with random plies (both sides), as
    # the calibration does, so that they are twenty games and not two.
    opening = opening_plies(game_id, rng) if job.get("openings") and opponent == "champion" else 0
    while state.outcome is None and plies < job["max_plies"]:
        if plies < opening:
            move = random_move(state, rng)
        elif state.to_move == even_colour:
            started = time.perf_counter()
            moves = state.legal_moves()
            if len(moves) == 1:
                move = moves[0]
            elif seat == "champion":
                move = choose_move(state, "champion", budget, rng)
            else:
                import gc

                gc.disable()
                try:
                    move = choose_even_search(
                        state, ai, started, budget, rng, trace=trace, deal=deal
                    )
                finally:
                    gc.enable()
                decided_at.append(plies)
            times.append(time.perf_counter() - started)
        elif opponent == "random":
            move = random_move(state, rng)
        elif opponent == "greedy":
            move = greedy_move(state, rng)
        else:
            move = choose_move(state, opponent, budget, rng)
        state = state.play(move)
        plies += 1
    outcome = state.outcome
    if outcome is None or outcome.winner is None:
        winner = None
    else:
        winner = "even" if outcome.winner == even_colour else "yardstick"
    chances = [win_chance(game_id, first) for first, _, _ in trace]
    return {
        **job,
        "even_colour": even_colour,
        "winner": winner,
        "reason": outcome.reason if outcome is not None else "max-plies",
        "plies": plies,
        "times": [round(t, 4) for t in times],
        "opening": opening,
        "rules": dict(Counter(why for _, _, why in trace)),
        "in_band": sum(BAND[0] <= c <= BAND[1] for c in chances),
        "decisions": len(chances),
        # Each decision: its ply, the Champion's value, the chosen move's value, the rule.
        "trace": [[p, *t] for p, t in zip(decided_at, trace, strict=True)],
        "actions": state.actions(),  # to replay the game (``--show``)
    }


def plan(args: argparse.Namespace) -> list[dict]:
    """Every game to play, in rounds so that a run cut short stays balanced."""
    jobs = []
    for game_id in args.game or SEARCH_GAMES:
        for pairing in args.pairings:
            for i in range(args.games):
                jobs.append((i / args.games, game_id, pairing, i, args.budget))
    if not args.no_kiosk:
        for game_id in KIOSK_GAMES:
            if args.game and game_id not in args.game:
                continue
            for i in range(args.kiosk_games):
                jobs.append((i / args.kiosk_games, game_id, "even-greedy", i, KIOSK_BUDGET))
    jobs.sort(key=lambda j: (j[0], j[4], j[1], j[2]))
    return [
        {
            "game": g,
            "pairing": p,
            "index": i,
            "budget": b,
            "seed": args.seed,
            "max_plies": args.max_plies,
            "coin": args.coin,
            "openings": args.openings,
        }
        for _, g, p, i, b in jobs
    ]


def job_key(record: dict) -> tuple:
    return (
        record["game"],
        record["pairing"],
        record["index"],
        record["budget"],
        record["seed"],
        record.get("coin", False),
        record.get("openings", False),
    )


def run(args: argparse.Namespace) -> None:
    done = set()
    if args.out.is_file():
        for line in args.out.read_text(encoding="utf-8").splitlines():
            if line.strip():
                done.add(job_key(json.loads(line)))
    jobs = [j for j in plan(args) if job_key(j) not in done]
    print(f"# {len(jobs)} games to play ({len(done)} already in {args.out})", flush=True)
    started = time.perf_counter()
    context = multiprocessing.get_context("spawn")
    with context.Pool(args.jobs) as pool, args.out.open("a", encoding="utf-8") as out:
        for n, record in enumerate(pool.imap_unordered(play_one, jobs), 1):
            out.write(json.dumps(record) + "\n")
            out.flush()
            print(
                f"{n}/{len(jobs)} {record['game']} {record['pairing']} {record['budget']} "
                f"#{record['index']}: {record['winner']} ({record['reason']}, "
                f"{record['plies']} plies) {time.perf_counter() - started:.0f} s",
                flush=True,
            )


# --- whole games, move by move --------------------------------------------------------------
def text_board(state: object) -> str:
    """The board as text, the far row first: b/w/k for Blue, White, Black, capitals for a dux,
    x and o for a Blue or White incitus."""
    epaminondas = state.game_id == "epaminondas"  # type: ignore[attr-defined]
    files, ranks = (14, 12) if epaminondas else (8, 8)
    grid = [["." for _ in range(files)] for _ in range(ranks)]
    for piece in state.pieces():  # type: ignore[attr-defined]
        if piece.square == "off":
            continue
        f, r = ord(piece.square[0]) - ord("a"), int(piece.square[1:]) - 1
        mark = {"blue": "b", "white": "w", "black": "k"}[piece.colour]
        if piece.kind == "dux":
            mark = mark.upper()
        elif piece.kind == "incitus":
            mark = "x" if piece.colour == "blue" else "o"
        grid[r][f] = mark
    return "\n".join("    " + "".join(row) for row in reversed(grid))


def show(path: Path, number: int) -> None:
    """Replay game ``number`` (its line in ``path``, from 1) with the board after every move."""
    from ludique.games import new_game
    from ludique.games.base import apply_action

    record = json.loads(path.read_text(encoding="utf-8").splitlines()[number - 1])
    if "actions" not in record:
        raise SystemExit("this results file does not hold the games' moves")
    state = new_game(record["game"])
    print(
        f"{record['game']}, {record['pairing']} at {record['budget']} s: Even match plays "
        f"{record['even_colour']}; winner {record['winner']} ({record['reason']})"
    )
    for n, action in enumerate(record["actions"], 1):
        who = "Even" if state.to_move == record["even_colour"] else "yardstick"
        before = len(state.pieces())
        state = apply_action(state, action)
        taken = before - len(state.pieces())
        print(f"{n:4} {who:9} {action}" + (f"  ({taken} taken)" if taken > 0 else ""))
        print(text_board(state))


# --- the table ------------------------------------------------------------------------------
def report(path: Path) -> None:
    rows: dict[tuple[str, float, str], list[dict]] = defaultdict(list)
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            r = json.loads(line)
            rows[(r["game"], r["budget"], r["pairing"])].append(r)
    print(
        f"| game | budget | yardstick | games | Even W-D-L | yardstick's share of decided "
        f"| of all | think median / max (s) | decisions in {BAND[0]}-{BAND[1]} | plies |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    order = {g: i for i, g in enumerate(SEARCH_GAMES)}
    for (game_id, budget, pairing), records in sorted(
        rows.items(),
        key=lambda kv: (kv[0][1], order.get(kv[0][0], 9), KNOWN_PAIRINGS.index(kv[0][2])),
    ):
        w = sum(r["winner"] == "even" for r in records)
        lost = sum(r["winner"] == "yardstick" for r in records)
        d = len(records) - w - lost
        decided = w + lost
        times = [t for r in records for t in r["times"]]
        band = sum(r["in_band"] for r in records)
        decisions = sum(r["decisions"] for r in records)
        share = f"{100 * lost / decided:.0f}%" if decided else "-"
        yardstick = pairing.split("-")[1]
        # Files of several runs read together pool their games (one table for seeds 1 to n).
        seeds = sorted({r["seed"] for r in records})
        games = f"{len(records)}" + (
            f" (seeds {', '.join(map(str, seeds))})" if len(seeds) > 1 else ""
        )
        if pairing == CEILING:
            yardstick += " (the Champion in Even's seat)"
        print(
            f"| {game_id} | {budget} | {yardstick} | {games} | {w}-{d}-{lost} "
            f"| {share} | {100 * lost / len(records):.0f}% "
            f"| {statistics.median(times) if times else 0:.3f} / {max(times, default=0):.3f} "
            f"| {f'{100 * band / decisions:.0f}%' if decisions else '-'} "
            f"| {statistics.median(r['plies'] for r in records):.0f} |"
        )
    reasons = Counter(r["reason"] for rs in rows.values() for r in rs)
    print(f"\nendings: {dict(reasons)}")


# --- Pente grammai --------------------------------------------------------------------------
def pente_report(games: int, seed: int, exact: bool) -> None:
    from ludique.ai import choose_move, pente_win_probability
    from ludique.ai.baselines import greedy_move, random_move
    from ludique.games import new_game

    print("## pente-grammai (exact chances from the solved table)")
    if exact:
        started = time.perf_counter()
        blue, white = even_against_perfect()
        print(
            f"The mix alone (never noticing a perfect visitor, never hurrying) against the "
            f"perfect player, exact: wins {blue:.6f} as Blue, {white:.6f} as White, "
            f"{(blue + white) / 2:.6f} on average ({time.perf_counter() - started:.0f} s)"
        )
    visitors = ("random", "greedy", "champion", "beginner", "player")
    print(
        "| visitor | games | Even W-L | visitor's share | visitor's turns | chance in 0.35-0.65 "
        "before his roll | after his roll (his best move) | think median / max (s) "
        "| rounds median / max |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for visitor in visitors:
        rng = random.Random(f"{seed}/pente/{visitor}")
        wins = turns = before = after = 0
        times: list[float] = []
        lengths: list[int] = []
        for i in range(games):
            state = new_game("pente-grammai")
            even_colour = state.colours[i % 2]
            while state.outcome is None:
                if state.needs_roll:
                    if state.to_move != even_colour:
                        turns += 1
                        chance = pente_win_probability(state)
                        before += BAND[0] <= chance <= BAND[1]
                        state = state.roll(rng.randint(1, 6))
                        rolled = pente_win_probability(state)
                        after += BAND[0] <= rolled <= BAND[1]
                    else:
                        state = state.roll(rng.randint(1, 6))
                    continue
                if state.to_move == even_colour:
                    t = time.perf_counter()
                    move = choose_move(state, "even", 1.5, rng)
                    times.append(time.perf_counter() - t)
                elif visitor == "random":
                    move = random_move(state, rng)
                elif visitor == "greedy":
                    move = greedy_move(state, rng)
                else:
                    move = choose_move(state, visitor, 1.5, rng)
                state = state.play(move)
            wins += state.outcome.winner == even_colour
            lengths.append(len(state.actions()) // 4)
        print(
            f"| {visitor} | {games} | {wins}-{games - wins} | {100 * (games - wins) / games:.1f}% "
            f"| {turns} | {100 * before / turns:.1f}% | {100 * after / turns:.1f}% "
            f"| {statistics.median(times):.4f} / {max(times):.4f} "
            f"| {statistics.median(lengths):.0f} / {max(lengths)} |",
            flush=True,
        )


def even_against_perfect() -> tuple[float, float]:
    """Exactly, by policy evaluation: P(Even match wins) as Blue and as White against the
    perfect player (``ludique.ai.pente_solver.duel`` with Even match's policy)."""
    import numpy as np

    from ludique.ai import pente_solver
    from ludique.ai.pente_table import SCALE, table

    g = pente_solver.graph()
    p_win = np.frombuffer(table(), dtype=np.uint32).astype(np.float64)[g.dense] / SCALE
    valid = g.succ != g.NONE
    q = np.concatenate([1.0 - p_win, [1.0, 0.0]])[g.succ]  # the mover's chance after each move
    # Even match (``ludique.ai.even.mix``): the first move with the least chance >= 1/2 and the
    # first with the greatest chance < 1/2, weighted so that the expected chance is 1/2.
    hi_val = np.where(valid & (q >= 0.5), q, np.inf)
    lo_val = np.where(valid & (q < 0.5), q, -np.inf)
    hi_i, lo_i = np.argmin(hi_val, axis=-1), np.argmax(lo_val, axis=-1)
    hi_q = np.take_along_axis(hi_val, hi_i[..., None], -1)[..., 0]
    lo_q = np.take_along_axis(lo_val, lo_i[..., None], -1)[..., 0]
    has_hi, has_lo = np.isfinite(hi_q), np.isfinite(lo_q)
    with np.errstate(invalid="ignore", divide="ignore"):
        w_lo = np.where(has_hi & has_lo, (hi_q - 0.5) / (hi_q - lo_q), np.where(has_lo, 1.0, 0.0))
    eye = np.eye(q.shape[-1])
    probs_even = w_lo[..., None] * eye[lo_i] + (1.0 - w_lo)[..., None] * eye[hi_i]
    probs_even *= valid.any(-1, keepdims=True)
    probs_perfect = pente_solver.move_probabilities_np(q, valid, 0.0)
    return pente_solver.policies_duel(g, probs_even, probs_perfect, tol=1e-12)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per pairing (20)")
    parser.add_argument("--budget", type=float, default=0.25, help="seconds per move (0.25)")
    parser.add_argument("--game", action="append", choices=SEARCH_GAMES, help="repeatable")
    parser.add_argument("--pairings", default=",".join(PAIRINGS), help="comma-separated")
    parser.add_argument("--kiosk-games", type=int, default=10, help="vs greedy at 1.5 s (10)")
    parser.add_argument("--no-kiosk", action="store_true", help="skip the 1.5 s games")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-plies", type=int, default=500)
    parser.add_argument("--coin", action="store_true", help="a lean tossed per game, no deals")
    parser.add_argument(
        "--openings", action="store_true", help="the Champion's games open with random plies"
    )
    parser.add_argument("--out", type=Path, default=Path("even-results.jsonl"))
    parser.add_argument("--report-only", action="store_true", help="print the table of --out")
    parser.add_argument("--pente-only", action="store_true", help="only Pente grammai")
    parser.add_argument("--no-pente", action="store_true", help="skip Pente grammai")
    parser.add_argument("--pente-games", type=int, default=1000)
    parser.add_argument("--pente-exact", action="store_true", help="the mix alone, exactly")
    parser.add_argument("--show", type=int, metavar="N", help="replay game N of --out, boards")
    args = parser.parse_args()
    args.pairings = [p for p in args.pairings.split(",") if p]
    for pairing in args.pairings:
        if pairing not in KNOWN_PAIRINGS:
            known = ", ".join(KNOWN_PAIRINGS)
            parser.error(f"unknown pairing {pairing!r}: expected some of {known}")
    if args.show:
        show(args.out, args.show)
        return
    if not (args.no_pente or args.report_only):
        pente_report(args.pente_games, args.seed, args.pente_exact)
    if args.pente_only:
        return
    if not args.report_only:
        run(args)
    print(f"\n## search games ({args.out})")
    report(args.out)


if __name__ == "__main__":
    main()
