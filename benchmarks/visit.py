"""Benchmark of the visit rule: how long a game lasts on the kiosk, how it ends, by what score.

    python benchmarks/visit.py --games 4 --out /tmp/visit.jsonl            # every game, the rule
    python benchmarks/visit.py --games 4 --visit full --out /tmp/full.jsonl  # the full game
    python benchmarks/visit.py --games 2 --game latrunculi-seneca --placement hand  # placed by hand
    python benchmarks/visit.py --report-only --out /tmp/visit.jsonl

Every game is played by the kiosk's own ``ludique.play.match.Match`` against the default
opponent (Even match, ``ludique.ai.DEFAULT_STRENGTH``, at the kiosk's think budget), on a
simulated clock: the match's own pauses (the computer's 0.6 s at least, its hand on the die, a
pass shown 2 s), the computer's think time as measured here, each move's animation as the board
shows it (``ludique.ui.motion.transition_anim``: 0.6 s a computer move and more for a chain or a
capture, 0.18 s a dropped piece, 0.5 s a die tumbling), and the visitor's own time: every one of
his moves (a throw and its move are one) takes him ``--seconds``.  The visitor's time does not
change how the game goes, so one game played gives its minutes for every ``--seconds`` (12 and
20 by default): what was measured is the time of everything but the visitor, and his moves.
In Seneca and Piso the visitor starts one of two ways (``--placement``, both by default): by
hand, as the kiosk starts (each of his 16 placements his own move's time and a dropped piece's
0.18 s, each of the computer's its think time and its 0.6 s move, as ``GameBoard`` shows a
placement), or with the quick start (his men placed for him, at 0.3 s each, the computer's
placements as quick, ``Guidance.placement_move``) after one look at the board (one move's time).
Each game keeps when its battle began (``start``: the seconds but the visitor's, and his moves),
the start ``s`` of docs/visit.md's model.

The visitors are benchmarks/even.py's synthetic population (``--visitor``, greedy, cautious and
novice by default); games alternate who starts.  Each game is appended to ``--out`` (JSON lines)
as it ends; a run cut short resumes.  Every counted turn's time is kept (``timeline``), so that
a run of the full game (``--visit full``) tells when each game would have reached any length.

The report, per game (in Seneca and Piso per start, ``placed``) and visitor speed: the minutes
(median, 90th percentile, max), the share within 10 and 15 minutes, the longest start, how the
games ended (by play, by the visit rule, by the fifty-turn count, and by the count with no
capture made), the visitor's wins, draws and losses, and the
score margin at the end (the first part of the score in which the two sides differ).
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
sys.path.insert(0, str(Path(__file__).resolve().parent))

from even import load, run_jobs, visitor_move  # noqa: E402

from ludique.games import GAME_IDS, spec  # noqa: E402

VISITORS = ("greedy", "novice")
SECONDS = (12.0, 20.0)
KIOSK_BUDGET = 1.5
VISITOR_DROP = 0.18  # a piece the visitor dropped settles (``GameBoard.play``)
DIE_TUMBLE = 0.5  # the die tumbling (``GameBoard.start_roll``)
MAX_PLIES = 600
PLACEMENTS = ("hand", "quick")  # how a visitor starts a game with a placing phase


class SimClock:
    """The match's clock, turned by the benchmark: ``now()`` is the simulated second."""

    def __init__(self) -> None:
        self.t = 0.0

    def now(self) -> float:
        return self.t

    def seconds(self, s: float) -> float:
        return s


class NoView:
    """Where ``transition_anim`` would draw: nowhere (only its time is wanted here)."""

    def centre(self, *args: object) -> tuple[float, float]:
        return (0.0, 0.0)

    target_centre = centre


class TimedOpponent:
    """The default opponent answering at once, its think time added to the simulated clock."""

    def __init__(self, clock: SimClock, rng: random.Random) -> None:
        self.clock = clock
        self.rng = rng
        self.answer: str | None = None
        self.note: object = None
        self.times: list[float] = []

    def request(self, state, strength: str, time_budget: float = 1.5) -> None:
        from ludique.ai import decide

        started = time.perf_counter()
        move, self.note = decide(state, strength, time_budget, self.rng)
        took = time.perf_counter() - started
        self.times.append(took)
        self.clock.t += took
        self.answer = move.text

    def poll(self) -> str | None:
        answer, self.answer = self.answer, None
        return answer

    def cancel(self) -> None:
        self.answer = None


def shown(transition, dropped: bool) -> float:
    """How long the board shows a move (``ludique.ui.motion``, as ``GameBoard.show`` calls it)."""
    from ludique.ui.game_board import COMPUTER_MOVE_SECONDS
    from ludique.ui.motion import transition_anim

    at = (0.0, 0.0) if dropped else None
    return float(transition_anim(NoView(), transition, at, COMPUTER_MOVE_SECONDS)["seconds"])


def play_one(job: dict) -> dict:
    from ludique.ai import DEFAULT_STRENGTH
    from ludique.games.base import PLACEMENT
    from ludique.play.guidance import Guidance
    from ludique.play.match import Due, GameConfig, Match, Transition
    from ludique.ui.game_board import PLACE_SECONDS

    game_id, visitor, index = job["game"], job["visitor"], job["index"]
    by_hand = placement(job) == "hand"
    # the quick start's games keep the seeds they had before there was a choice
    rng = random.Random(
        f"{job['seed']}/{game_id}/{visitor}/{index}/{job['visit']}" + ("/hand" if by_hand else "")
    )
    clock = SimClock()
    computer = TimedOpponent(clock, random.Random(rng.random()))
    visit = None if job["visit"] == "full" else job["visit"]
    probe = GameConfig(game_id, "computer", DEFAULT_STRENGTH, None, visit)
    colours = Match(probe, computer, clock=SimClock()).state.colours
    visitor_colour = colours[index % 2]
    config = GameConfig(game_id, "computer", DEFAULT_STRENGTH, visitor_colour, visit)
    match = Match(config, computer, clock=clock, think_budget=job["budget"])
    match.dice = random.Random(rng.random())
    guidance = Guidance(match)
    visitor_moves = 0  # the moves that took the visitor his own time
    looked = False  # the quick start: one look at the board first
    timeline: list[tuple[int, float, int]] = []  # (turns, seconds but the visitor's, his moves)
    start: tuple[float, int] | None = None  # (seconds but the visitor's, his moves) at the battle
    captured_any = False
    started = time.perf_counter()
    while match.state.outcome is None and match.moves_played() < MAX_PLIES:
        state = match.state
        if start is None and state.phase != PLACEMENT:
            start = (round(clock.t, 2), visitor_moves)
        due = match.update(clock.now())
        if isinstance(due, Transition):
            in_placement = state.phase == PLACEMENT
            quick = in_placement and not by_hand
            clock.t += PLACE_SECONDS if quick else shown(due, dropped=False)
            match.commit(due)
        elif due is Due.THROW:
            clock.t += DIE_TUMBLE
            match.land(match.throw())
        elif due is Due.VISITOR:
            if state.needs_roll:
                visitor_moves += 1  # his throw and the move after it are one move of his
                clock.t += DIE_TUMBLE
                match.land(match.throw())
                continue
            if state.phase == PLACEMENT and not by_hand:
                if not looked:
                    looked = True
                    visitor_moves += 1
                move = guidance.placement_move()
                assert move is not None
                match.play(move)
                clock.t += PLACE_SECONDS
                continue
            move = visitor_move(visitor, state, rng, job["budget"])
            if not state.has_dice:
                visitor_moves += 1
            transition = match.take(move)
            clock.t += shown(transition, dropped=True)
            match.commit(transition)
        elif due in (Due.OVER, Due.END_SCREEN):
            break
        else:
            wake = match.next_wake(clock.now())
            clock.t += 0.05 if wake is None else max(wake, 0.01)
        after = match.state
        if after is not state:
            if after.last_move is not None and after.last_move.captures:
                captured_any = True
            if after.turns != state.turns:
                timeline.append((after.turns, round(clock.t, 2), visitor_moves))
    state = match.state
    outcome = state.outcome
    computer_colour = next(c for c in colours if c != visitor_colour)
    winner = None
    if outcome is not None and outcome.winner is not None:
        winner = "visitor" if outcome.winner == visitor_colour else "computer"
    return {
        **job,
        "visitor_colour": visitor_colour,
        "winner": winner,
        "reason": outcome.reason if outcome is not None else "max-plies",
        "captured": captured_any,
        "turns": state.turns,
        "plies": match.moves_played(),
        "score": [list(state.score(visitor_colour)), list(state.score(computer_colour))],
        "fixed": round(clock.t, 2),
        "visitor_moves": visitor_moves,
        "start": start,
        "timeline": timeline,
        "think": [round(t, 3) for t in computer.times],
        "seconds": round(time.perf_counter() - started, 1),
    }


def placement(r: dict) -> str | None:
    """How the game's visitor starts: 'hand' or 'quick' in a game with a placing phase (a record
    from before the choice took the quick start), None in the others."""
    if not spec(r["game"]).placing:
        return None
    return str(r.get("placement", "quick"))


def jobs_for(args) -> list[dict]:
    return [
        dict(game=g, visitor=v, index=i, budget=args.budget, seed=args.seed, visit=args.visit, **p)
        for i in range(args.games)
        for g in args.game or GAME_IDS
        for p in ([{"placement": s} for s in args.placement] if spec(g).placing else [{}])
        for v in args.visitor or VISITORS
    ]


def job_key(r: dict) -> tuple:
    return (r["game"], r["visitor"], r["index"], r["budget"], r["seed"], r["visit"], placement(r))


def minutes(r: dict, seconds: float) -> float:
    return (r["fixed"] + seconds * r["visitor_moves"]) / 60


def margin(r: dict) -> int:
    """The visitor's lead (negative: the computer's) in the first part of the score that
    differs (Epaminondas: pieces across, then pieces taken), 0 for equal scores."""
    mine, theirs = r["score"]
    return next((a - b for a, b in zip(mine, theirs, strict=True) if a != b), 0)


def ended(r: dict) -> str:
    if r["reason"] == "visit":
        return "visit"
    if r["reason"] == "fifty-turns":
        return "count" if r["captured"] else "count-quiet"
    if r["reason"] == "max-plies":
        return "unfinished"
    return "play"


def start_seconds(r: dict, seconds: float) -> float:
    """The seconds before the battle's first move (docs/visit.md's ``s``) for a visitor who
    takes ``seconds`` a move: the placing phase, the start of its quick start or by hand."""
    fixed, moves = r.get("start") or (0.0, 0)
    return fixed + seconds * moves


def report(results: list[dict], seconds: tuple[float, ...]) -> None:
    groups: dict[tuple[str, object, str], list[dict]] = defaultdict(list)
    for r in results:
        groups[(r["game"], r["visit"], placement(r) or "-")].append(r)
    order = {g: i for i, g in enumerate(GAME_IDS)}
    print(
        "game                visit placed   n  s/move  minutes med/p90/max  <=10  <=15  start max"
        "   play/visit/count/quiet  W-D-L     margin med [min,max]"
    )
    for (game, visit, placed), rs in sorted(
        groups.items(), key=lambda kv: (order[kv[0][0]], str(kv[0][1]), kv[0][2])
    ):
        ends: dict[str, int] = defaultdict(int)
        for r in rs:
            ends[ended(r)] += 1
        wins = sum(r["winner"] == "visitor" for r in rs)
        losses = sum(r["winner"] == "computer" for r in rs)
        margins = [margin(r) for r in rs]
        for s in seconds:
            mins = sorted(minutes(r, s) for r in rs)
            p90 = mins[min(len(mins) - 1, int(0.9 * len(mins)))]
            start = max(start_seconds(r, s) for r in rs)
            print(
                f"{game:19} {visit!s:5} {placed:5} {len(rs):3}  {s:4.0f}   "
                f"{statistics.median(mins):5.1f}/{p90:5.1f}/{mins[-1]:5.1f}"
                f"  {100 * sum(m <= 10 for m in mins) / len(rs):3.0f}%"
                f"  {100 * sum(m <= 15 for m in mins) / len(rs):3.0f}%"
                f"  {start:7.1f} s"
                f"   {ends['play']:3}/{ends['visit']:3}/{ends['count']:3}/{ends['count-quiet']:3}"
                f"      {wins:2}-{len(rs) - wins - losses}-{losses:<3}"
                f"  {statistics.median(margins):+.0f} [{min(margins):+d},{max(margins):+d}]"
            )
    think = [t for r in results for t in r["think"]]
    if think:
        print(
            f"the computer's think time: median {statistics.median(think):.2f} s, "
            f"max {max(think):.2f} s over {len(think)} moves"
        )


def reach(results: list[dict], seconds: float, limit: float = 10.0) -> None:
    """For a run of the full game: per game, the moves each reached by 90% of the games within
    ``limit`` minutes (a game over earlier counts as within), read off every game's timeline."""
    by_game: dict[str, list[dict]] = defaultdict(list)
    for r in results:
        by_game[r["game"]].append(r)
    print(f"\nmoves each that 90% of games reach within {limit:.0f} min at {seconds:.0f} s a move:")
    for game, rs in by_game.items():
        best = 0
        for moves in range(5, 150):
            inside = 0
            for r in rs:
                at = [(f, v) for t, f, v in r["timeline"] if t == 2 * moves]
                if not at:  # the game ended before: its whole length counts
                    inside += minutes(r, seconds) <= limit
                else:
                    fixed, visitor = at[0]
                    inside += (fixed + seconds * visitor) / 60 <= limit
            if inside >= 0.9 * len(rs):
                best = moves
        print(f"  {game:19} {best}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=4, help="games a visitor a game")
    parser.add_argument("--game", action="append", choices=GAME_IDS)
    parser.add_argument("--visitor", action="append", choices=VISITORS)
    parser.add_argument("--visit", default="kiosk", help="'kiosk' (the default), 'full' or N")
    parser.add_argument("--seconds", type=float, nargs="+", default=list(SECONDS))
    parser.add_argument("--budget", type=float, default=KIOSK_BUDGET)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--placement",
        choices=(*PLACEMENTS, "both"),
        default="both",
        help="Seneca and Piso: the visitor places his men by hand, takes the quick start, or both",
    )
    parser.add_argument("--out", type=Path, default=Path("visit-results.jsonl"))
    parser.add_argument("--report-only", action="store_true")
    args = parser.parse_args()
    if args.visit not in ("kiosk", "full"):
        args.visit = int(args.visit)
    args.placement = PLACEMENTS if args.placement == "both" else (args.placement,)
    done = load(args.out)
    if not args.report_only:
        if any(spec(g).placing for g in args.game or GAME_IDS):
            print(f"placement (Seneca, Piso): {' and '.join(args.placement)}", flush=True)
        seen = {job_key(r) for r in done}
        todo = [j for j in jobs_for(args) if job_key(j) not in seen]
        run_jobs(
            play_one,
            todo,
            args.out,
            done,
            args.jobs,
            lambda r: (
                f"{r['game']} {r['visitor']} #{r['index']} {r['winner']} {r['reason']} "
                f"{r['turns']} turns {minutes(r, args.seconds[0]):.1f} min ({r['seconds']} s)"
            ),
        )
    report(done, tuple(args.seconds))
    if any(r["visit"] == "full" for r in done):
        for s in args.seconds:
            reach([r for r in done if r["visit"] == "full"], s)


if __name__ == "__main__":
    main()
