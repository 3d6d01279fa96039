"""Benchmark of Even match against a population of synthetic visitors, through the kiosk's Match.

    python benchmarks/even.py --out even.jsonl                 # 20 games a visitor a game (long)
    python benchmarks/even.py --games 4 --out /tmp/smoke.jsonl --no-kiosk
    python benchmarks/even.py --report-only --out even.jsonl
    python benchmarks/even.py --rung 0 --visitor random --out floor.jsonl --no-kiosk  # a floor

Every game is played by the kiosk's own ``ludique.play.match.Match``, headless: the computer's seat
is an opponent that answers at once with ``ludique.ai.decide(state, "even", budget)``, the
visitor's seat one of the synthetic visitors below, the die thrown by the match.  Games
alternate who starts.  Each finished game is appended to ``--out`` (JSON lines) at once, and
games already there are not played again, so an interrupted run resumes.

The visitors, none of them Even match's own model of a visitor:

* ``random``: a uniformly random legal move;
* ``greedy``: one ply: a win, else the most material, else the most advance (Pente grammai: a
  hit when there is one, else at random: a child who grabs captures);
* ``cautious``: leaves the fewest of its pieces open to capture at once (Pente grammai: the
  fewest throws that let the computer hit), then captures what it can, else at random;
* ``child``, ``novice``, ``strong``: rungs 1, 2 and 4 of the ladder at their temperatures;
* ``champion``: the Champion (the perfect player in Pente grammai).

Every game starts from the game's own start: Even match's choices below the Champion's rung are
drawn, so games differ without random openings (which a visitor never plays, and which Even
match would read as his moves).

The report, per game and visitor: the visitor's wins, draws and losses and his share of decided
games; mean value lost per decision (by the referee) in games he won and lost; the share of
decided games whose margin was at most two men; the computer's gifts per game (a move after
which the visitor could take more at once than after another legal move, net of what the move
took); median length (plies, or rounds in Pente grammai); games ended by the fifty-turn count;
the computer's think time; in Pente grammai the share of the visitor's turns at which his exact
chance lay in 0.35-0.65.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ludique.games import GAME_IDS  # noqa: E402

VISITORS = ("random", "greedy", "cautious", "child", "novice", "strong", "champion")
VISITOR_RUNGS = {"child": 1, "novice": 2, "strong": 4}
KIOSK_BUDGET = 1.5
KIOSK_GAMES = ("latrunculi-seneca", "epaminondas")
KIOSK_VISITORS = ("greedy", "novice")
BAND = (0.35, 0.65)
MAX_PLIES = 600  # a game still running then is counted as a draw ("max-plies")


# --- the visitors ---
def taken_by(state, move) -> int:
    """Pieces of the opponent that ``move`` takes (Pente grammai: counters hit)."""
    if state.game_id != "pente-grammai":
        from ludique.ai.evaluation import ai_for

        return ai_for(state).capture_gain(state, move)
    enemy = next(c for c in state.colours if c != state.to_move)

    def waiting(s) -> int:
        return sum(1 for p in s.pieces() if p.colour == enemy and p.square == "off")

    return max(0, waiting(state.play(move)) - waiting(state))


def exposure(state) -> int:
    """How much the player to move in ``state`` can take at once: the most pieces one move
    takes, or with a die, how many throws let him hit."""
    if state.outcome is not None:
        return 0
    if state.needs_roll:
        return sum(
            1
            for d in range(1, 7)
            if any(taken_by(s, m) for s in [state.roll(d)] for m in s.legal_moves())
        )
    return max((taken_by(state, m) for m in state.legal_moves()), default=0)


def cautious_move(state, rng: random.Random):
    best, key_best = [], None
    for move in state.legal_moves():
        child = state.play(move)
        won = child.outcome is not None and child.outcome.winner == state.to_move
        key = (won, -exposure(child), taken_by(state, move))
        if key_best is None or key > key_best:
            best, key_best = [move], key
        elif key == key_best:
            best.append(move)
    return rng.choice(best)


def visitor_move(name: str, state, rng: random.Random, budget: float):
    from ludique.ai import choose_move
    from ludique.ai.baselines import greedy_move

    moves = state.legal_moves()
    if len(moves) == 1 or name == "random":
        return rng.choice(moves)
    if name == "greedy":
        if state.game_id == "pente-grammai":
            hits = [m for m in moves if taken_by(state, m)]
            return rng.choice(hits or moves)
        return greedy_move(state, rng)
    if name == "cautious":
        return cautious_move(state, rng)
    if name == "champion":
        return choose_move(state, "champion", budget, rng)
    return rung_move(state, VISITOR_RUNGS[name], rng, budget, time.perf_counter())


def rung_move(state, rung: int, rng: random.Random, budget: float, started: float):
    """A move of the ladder's ``rung``, as Even match plays it (a visitor's, or the computer
    held at one rung)."""
    from ludique.ai import even

    level = even.LADDER[rung]
    if state.game_id == "pente-grammai":
        return even.play_pente_rung(state, level, rng)
    return even.play_search_rung(state, level, started, budget, rng, None)


# --- one game through the kiosk's Match ---
class InstantClock:
    def __init__(self) -> None:
        self.t = 0.0

    def now(self) -> float:
        self.t += 0.01
        return self.t

    def seconds(self, s: float) -> float:
        return 0.0


class EvenOpponent:
    """The computer's seat: ``ludique.ai.decide`` at once (or one rung of the ladder throughout,
    ``rung``), with its times and notes kept."""

    def __init__(self, rng: random.Random, gifts: bool, rung: int | None = None) -> None:
        self.rng = rng
        self.rung = rung  # a rung of the ladder played throughout instead of Even match
        self.answer: str | None = None
        self.note = None
        self.times: list[float] = []
        self.rungs: list[int] = []
        self.gifts = 0
        self.given = 0
        self.count_gifts = gifts

    def request(self, state, strength: str, time_budget: float = 1.5) -> None:
        from ludique.ai import decide

        started = time.perf_counter()
        if self.rung is None or len(state.legal_moves()) == 1:
            move, note = decide(state, strength, time_budget, self.rng)
        else:
            move = rung_move(state, self.rung, self.rng, time_budget, started)
            note = {"played": self.rung}
        self.times.append(time.perf_counter() - started)
        self.note = note
        if note is not None:
            self.rungs.append(int(note["played"]))
        if self.count_gifts and len(state.legal_moves()) > 1:
            self.gifts += gift(state, move)
            self.given += given(state, move)
        self.answer = move.text

    def poll(self) -> str | None:
        answer, self.answer = self.answer, None
        return answer

    def cancel(self) -> None:
        self.answer = None


def gift(state, move) -> int:
    """1 when ``move`` lets the visitor take more at once (net of what it took itself) than
    another legal move would have."""

    def net(m) -> int:
        return exposure(state.play(m)) - taken_by(state, m)

    chosen = net(move)
    if chosen <= 0:
        return 0
    return int(any(net(m) < chosen for m in state.legal_moves() if m is not move))


def given(state, move) -> int:
    """1 when ``move`` gives the visitor more for nothing (a capture the computer cannot answer
    with one of its own) than another legal move would have (``ludique.ai.even.exposure``)."""
    from ludique.ai.evaluation import ai_for
    from ludique.ai.even import exposure

    ai = ai_for(state)
    chosen = exposure(ai, state, move)
    if chosen <= 0:
        return 0
    return int(any(exposure(ai, state, m) < chosen for m in state.legal_moves() if m is not move))


def play_one(job: dict) -> dict:
    from ludique.ai import even
    from ludique.ai.evaluation import ai_for
    from ludique.play.match import Due, GameConfig, Match, Transition

    game_id, visitor, index, budget = job["game"], job["visitor"], job["index"], job["budget"]
    rng = random.Random(f"{job['seed']}/{game_id}/{visitor}/{budget}/{index}")
    pente = game_id == "pente-grammai"
    computer = EvenOpponent(random.Random(rng.random()), gifts=not pente, rung=job.get("rung"))
    config = GameConfig(game_id, "computer", "even", None)
    probe = Match(config, computer, clock=InstantClock(), think_budget=budget)
    colours = probe.state.colours
    visitor_colour = colours[index % 2]
    config = GameConfig(game_id, "computer", "even", visitor_colour)
    match = Match(config, computer, clock=InstantClock(), think_budget=budget)
    match.dice = random.Random(rng.random())
    opening = 0
    chances: list[float] = []
    visitor_given = 0  # what the visitor gave for nothing, as the computer's gifts are counted
    started = time.perf_counter()
    while match.state.outcome is None and match.moves_played() < MAX_PLIES:
        due = match.update(match.clock.now())
        if isinstance(due, Transition):
            match.commit(due)
        elif due is Due.THROW:
            match.land(match.throw())
        elif due is Due.VISITOR:
            state = match.state
            if state.needs_roll:
                if pente:
                    from ludique.ai import pente_win_probability

                    chances.append(pente_win_probability(state))
                match.land(match.throw())
            elif match.moves_played() < opening:
                match.play(rng.choice(state.legal_moves()))
            else:
                move = visitor_move(visitor, state, rng, budget)
                if not pente and len(state.legal_moves()) > 1:
                    visitor_given += given(state, move)
                match.play(move)
        elif due in (Due.OVER, Due.END_SCREEN):
            break
    state = match.state
    outcome = state.outcome
    winner = None
    if outcome is not None and outcome.winner is not None:
        winner = "visitor" if outcome.winner == visitor_colour else "computer"
    computer_colour = next(c for c in colours if c != visitor_colour)
    margin = None if pente else abs(ai_for(state).material(state, computer_colour))
    losses = [d.loss for d in even.decisions_of(state, visitor_colour, even.referee_chances, 10**6)]
    rolls = sum(1 for a in state.actions() if a.startswith("roll"))
    return {
        **job,
        "visitor_colour": visitor_colour,
        "winner": winner,
        "reason": outcome.reason if outcome is not None else "max-plies",
        "plies": match.moves_played(),
        "rounds": rolls // 2 if pente else None,
        "margin": margin,
        "gifts": computer.gifts,
        "given": computer.given,
        "visitor_given": visitor_given,
        "visitor_loss": round(statistics.fmean(losses), 5) if losses else None,
        "times": [round(t, 4) for t in computer.times],
        "rungs": computer.rungs,
        "skill": match.skill,
        "in_band": sum(BAND[0] <= c <= BAND[1] for c in chances),
        "visitor_turns": len(chances),
        "seconds": round(time.perf_counter() - started, 1),
    }


# --- the run ---
def jobs_for(args) -> list[dict]:
    """Game 0 of every game and visitor, then game 1, ...: a run cut short is balanced."""
    plan = [
        (index, game_id, visitor, args.budget)
        for index in range(args.games)
        for game_id in args.game or GAME_IDS
        for visitor in args.visitor or VISITORS
    ]
    if args.kiosk:
        plan += [
            (index, game_id, visitor, KIOSK_BUDGET)
            for index in range(args.kiosk_games)
            for game_id in KIOSK_GAMES
            for visitor in KIOSK_VISITORS
        ]
    return [
        dict(
            game=game_id,
            visitor=visitor,
            index=index,
            budget=budget,
            seed=args.seed,
            rung=args.rung,
        )
        for index, game_id, visitor, budget in plan
    ]


def run_jobs(play, jobs: list[dict], out: Path, done: list[dict], jobs_at_once: int, line) -> None:
    """Play ``jobs`` in worker processes, each record appended to ``out`` as it finishes (a run
    stopped half way resumes from the file) and to ``done``, with a progress ``line`` each."""
    print(f"{len(jobs)} games to play ({len(done)} already in {out})", flush=True)
    with multiprocessing.get_context("spawn").Pool(jobs_at_once) as pool, out.open("a") as f:
        for record in pool.imap_unordered(play, jobs):
            f.write(json.dumps(record) + "\n")
            f.flush()
            done.append(record)
            print(line(record), flush=True)


def job_key(r: dict) -> tuple:
    return (r["game"], r["visitor"], r["index"], r["budget"], r["seed"], r.get("rung"))


def load(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def share(values: list[bool]) -> float | None:
    return sum(values) / len(values) if values else None


def pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.0f}%"


def report(results: list[dict]) -> None:
    groups: dict[tuple, list[dict]] = defaultdict(list)
    for r in results:
        groups[(r["game"], r["budget"], r["visitor"])].append(r)
    print(
        "game                budget visitor   n  W-D-L     share  loss won/lost  close  "
        "gifts/net  length  fifty  think med/max  band"
    )
    for (game, budget, visitor), rs in sorted(groups.items()):
        won = [r for r in rs if r["winner"] == "visitor"]
        lost = [r for r in rs if r["winner"] == "computer"]
        decided = won + lost
        drawn = len(rs) - len(decided)
        loss_won = (
            statistics.fmean(r["visitor_loss"] for r in won if r["visitor_loss"] is not None)
            if won
            else None
        )
        loss_lost = (
            statistics.fmean(r["visitor_loss"] for r in lost if r["visitor_loss"] is not None)
            if lost
            else None
        )
        close = share([r["margin"] <= 2 for r in decided if r["margin"] is not None])
        gifts = statistics.fmean(r["gifts"] for r in rs)
        given = statistics.fmean(r.get("given", 0) for r in rs)
        pente = game == "pente-grammai"
        length = statistics.median(r["rounds"] if pente else r["plies"] for r in rs)
        fifty = sum(r["reason"] == "fifty-turns" for r in rs)
        times = [t for r in rs for t in r["times"]]
        turns = sum(r["visitor_turns"] for r in rs)
        band = sum(r["in_band"] for r in rs) / turns if turns else None
        lw = "-" if loss_won is None else f"{loss_won:.3f}"
        ll = "-" if loss_lost is None else f"{loss_lost:.3f}"
        print(
            f"{game:19} {budget:<6} {visitor:9} {len(rs):2} {len(won):2}-{drawn}-{len(lost):<3}"
            f" {pct(share([r['winner'] == 'visitor' for r in decided])):>5}  {lw}/{ll}"
            f"  {pct(close):>5}  {gifts:4.1f}/{given:3.1f}  {length:6.0f}  {fifty:5}"
            f"  {statistics.median(times) if times else 0:.3f}/{max(times) if times else 0:.3f}"
            f"  {pct(band) if pente else ''}"
        )


def mean(values) -> float | None:
    values = list(values)
    return statistics.fmean(values) if values else None


def summary(results: list[dict]) -> None:
    """The issue's measures over all games: each visitor's share of decided games and his loss
    per move in the games he won and lost, then closeness, gifts, lengths and think times."""
    quick = [r for r in results if r["budget"] != KIOSK_BUDGET]
    print("\nvisitor    decided  share  loss won/lost  Pente: his turns in 0.35-0.65")
    for visitor in VISITORS:
        rs = [r for r in quick if r["visitor"] == visitor]
        decided = [r for r in rs if r["winner"]]
        won = [r for r in decided if r["winner"] == "visitor"]
        lost = [r for r in decided if r["winner"] == "computer"]
        turns = sum(r["visitor_turns"] for r in rs)
        band = sum(r["in_band"] for r in rs) / turns if turns else None
        lw = mean(r["visitor_loss"] for r in won if r["visitor_loss"] is not None)
        ll = mean(r["visitor_loss"] for r in lost if r["visitor_loss"] is not None)
        won_share = pct(len(won) / len(decided)) if decided else "-"
        print(
            f"{visitor:9} {len(decided):3}/{len(rs):<3} {won_share:>6}"
            f"  {'-' if lw is None else f'{lw:.3f}'}/{'-' if ll is None else f'{ll:.3f}'}"
            f"  {pct(band)}"
        )
    search = [r for r in quick if r["game"] != "pente-grammai"]
    decided = [r for r in search if r["winner"]]
    latrunculi = [r for r in search if r["game"].startswith("latrunculi")]
    epaminondas = [r for r in search if r["game"] == "epaminondas"]
    pente = [r for r in quick if r["game"] == "pente-grammai"]
    if decided:
        print(
            f"close: margin at most two men in {pct(share([r['margin'] <= 2 for r in decided]))}"
            " of decided search games"
        )
    if search:
        print(
            f"gifts a game: {mean(r['given'] for r in search):.2f} for nothing, "
            f"{mean(r['gifts'] for r in search):.2f} offered (exchanges included); the "
            f"visitors gave {mean(r.get('visitor_given', 0) for r in search):.2f}"
        )
    if latrunculi:
        print(
            f"Latrunculi: median {statistics.median(r['plies'] for r in latrunculi)} plies, "
            f"{pct(share([r['reason'] == 'fifty-turns' for r in latrunculi]))} by the count"
        )
    if epaminondas:
        print(f"Epaminondas: median {statistics.median(r['plies'] for r in epaminondas)} plies")
    if pente:
        print(f"Pente grammai: median {statistics.median(r['rounds'] for r in pente)} rounds")
    for budget in sorted({r["budget"] for r in results}):
        times = [t for r in results if r["budget"] == budget for t in r["times"]]
        if times:
            print(
                f"think time at {budget} s: median {statistics.median(times):.3f} s, "
                f"max {max(times):.3f} s"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games a visitor a game")
    parser.add_argument("--budget", type=float, default=0.25)
    parser.add_argument("--game", action="append", choices=GAME_IDS)
    parser.add_argument("--visitor", action="append", choices=VISITORS)
    parser.add_argument("--no-kiosk", dest="kiosk", action="store_false")
    parser.add_argument("--kiosk-games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("even-results.jsonl"))
    parser.add_argument("--report-only", action="store_true")
    parser.add_argument(
        "--rung",
        type=int,
        choices=range(7),
        help="the computer plays this rung of the ladder throughout instead of Even match (a "
        "floor or a ceiling to read Even match's figures against)",
    )
    args = parser.parse_args()
    done = load(args.out)
    if not args.report_only:
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
                f"{r['plies']} plies {r['seconds']} s"
            ),
        )
    report(done)
    summary(done)


if __name__ == "__main__":
    main()
