"""Benchmark of Even match against a population of synthetic visitors, through the kiosk's Match.

    python benchmarks/even.py --out even.jsonl                 # 20 games a visitor a game (long)
    python benchmarks/even.py --games 4 --out /tmp/smoke.jsonl --no-kiosk
    python benchmarks/even.py --report-only --out even.jsonl
    python benchmarks/even.py --rung 0 --visitor random --out floor.jsonl --no-kiosk  # a floor

Every game is played by the kiosk's own ``ludique.play.match.Match``, headless: the computer's seat
is an opponent that answers at once with ``ludique.ai.decide(state, "even", budget)``, the
visitor's seat one of the synthetic visitors below, the die thrown by the match.  Who starts
alternates with the game's index, the game and the visitor (``starts``), so that one game a
cell already gives every visitor both seats across the games and every game both seats across
the visitors (between equals the side that starts wins most games: with the seat of index 0
alone, every visitor started every game).  Each finished game is appended to ``--out`` (JSON
lines) at once, and games already there are not played again, so an interrupted run resumes.

The visitors, none of them Even match's own model of a visitor:

* ``random``: a uniformly random legal move;
* ``greedy``: one ply: a win, else the most material, else the most advance (Pente grammai: a
  hit when there is one, else at random: a child who grabs captures);
* ``cautious``: leaves the fewest of its pieces open to capture at once (Pente grammai: the
  fewest throws that let the computer hit), then captures what it can, else at random;
* ``child``, ``novice``, ``strong``: rungs 1, 2 and 4 of the ladder at their temperatures;
* ``champion``: the Champion (the perfect player in Pente grammai);

and six styles that no rung plays (issue 58), ``grabber`` kept out of the model's making:

* ``runner``: always runs its leading piece: in Pente grammai the counter nearest home, in the
  search games the move that advances most, whatever it leaves;
* ``sampler``: a tree search with random playouts: each move scored by the material after a
  few short random continuations, within the budget; it takes what it sees and leaves men
  (Pente grammai: the race after the move, one ply);
* ``wall``: never leaves a man loose and never goes forward: the least exposed move, then the
  least advance (Pente grammai: moves its last counter, the one furthest from home);
* ``grabber``: a child who loves captures: the biggest capture when there is one, else any move
  (Pente grammai: a hit, else the leading counter);
* ``hunter``: a player who goes after the other side's men, one ply deep: the move that takes
  most net of what the reply can take at once, then the one that threatens most of his men
  (the game's own ``threats``) (Pente grammai: a hit when there is one, else the strong rung's
  move).  Written in the sitting of Even match's read-ahead; its first games showed what a man
  left cost the computer, and the model was mended with it (the lab notebook);
* ``counter`` (written once the model was final, and run only after: a visitor it was not
  built with): counts men two plies deep and nothing else: the move after which the other
  side's best reply leaves him the most men net, ties at random (Pente grammai: the most
  counters home after the move, then the fewest throws that let the computer hit).

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

VISITORS = (
    "random",
    "greedy",
    "cautious",
    "child",
    "novice",
    "strong",
    "champion",
    "runner",
    "sampler",
    "wall",
    "grabber",
    "hunter",
    "counter",
)
# The styles that do not aim at winning, whose share is reported but not held to the band: the
# random mover, and in Pente grammai the hitter and the last-counter mover (``wall`` there).
AIMLESS = {"random"}
AIMLESS_PENTE = {"random", "greedy", "wall"}
VISITOR_RUNGS = {"child": 1, "novice": 2, "strong": 4}
KIOSK_BUDGET = 1.5
LARGE = 0.15  # a decision losing more than this much winning chance: a large mistake
KIOSK_GAMES = ("latrunculi-seneca", "epaminondas")
KIOSK_VISITORS = ("runner", "novice")
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
    if name in STYLES:
        return STYLES[name](state, rng, budget)
    return rung_move(state, VISITOR_RUNGS[name], rng, budget, time.perf_counter())


def rung_move(state, rung: int, rng: random.Random, budget: float, started: float):
    """A move of the ladder's ``rung``, as Even match plays it (a visitor's, or the computer
    held at one rung)."""
    from ludique.ai import even

    level = even.LADDER[rung]
    if state.game_id == "pente-grammai":
        return even.play_solved_rung(state, level, rng)
    return even.play_search_rung(state, level, started, budget, rng, None)


def pente_counter_move(state, rng: random.Random, leading: bool):
    """The move of the counter nearest home (``leading``) or furthest from it, entries last."""
    from ludique.games.pente.rules import GOAL, POINT_NAMES

    goal = GOAL[state.colours.index(state.to_move)]
    on_board = [m for m in state.legal_moves() if m.frm in POINT_NAMES]
    if not on_board:
        return rng.choice(state.legal_moves())

    def way(m) -> int:
        return (goal - POINT_NAMES.index(m.frm)) % len(POINT_NAMES)

    pick = min if leading else max
    return pick(on_board, key=lambda m: (way(m), rng.random()))


def runner_move(state, rng: random.Random, budget: float):
    if state.game_id == "pente-grammai":
        return pente_counter_move(state, rng, leading=True)
    from ludique.ai.evaluation import ai_for

    ai, me = ai_for(state), state.to_move
    return max(state.legal_moves(), key=lambda m: (ai.advancement(state.play(m), me), rng.random()))


def wall_move(state, rng: random.Random, budget: float):
    if state.game_id == "pente-grammai":
        return pente_counter_move(state, rng, leading=False)
    from ludique.ai.evaluation import ai_for

    ai, me = ai_for(state), state.to_move

    def key(m):
        child = state.play(m)
        won = child.outcome is not None and child.outcome.winner == me
        return (won, -exposure(child), -ai.advancement(child, me), rng.random())

    return max(state.legal_moves(), key=key)


def grabber_move(state, rng: random.Random, budget: float):
    moves = state.legal_moves()
    taking = [(taken_by(state, m), rng.random(), m) for m in moves]
    most = max(taking, key=lambda t: t[:2])
    if most[0] > 0:
        return most[2]
    if state.game_id == "pente-grammai":
        return pente_counter_move(state, rng, leading=True)
    return rng.choice(moves)


PLAYOUT = 6  # plies of a random continuation


def sampler_move(state, rng: random.Random, budget: float):
    """Random playouts within ``budget``: each move's mean material after ``PLAYOUT`` random
    plies (a win or loss on the way counts ten men), the best mean played."""
    from ludique.ai.evaluation import ai_for

    if state.game_id == "pente-grammai":
        from ludique.ai.pente import PenteRace

        race, me = PenteRace(), state.to_move

        def raced(m) -> float:
            child = state.play(m)
            if child.outcome is not None:
                return 1e9
            return race.evaluate(child) * (1 if child.to_move == me else -1)

        return max(state.legal_moves(), key=lambda m: (raced(m), rng.random()))
    ai, me = ai_for(state), state.to_move
    moves = state.legal_moves()
    sums = [0.0] * len(moves)
    counts = [0] * len(moves)
    deadline = time.perf_counter() + budget
    while time.perf_counter() < deadline or not all(counts):
        for i, move in enumerate(moves):
            node, plies = state.play(move), 0
            while node.outcome is None and plies < PLAYOUT:
                node, plies = node.play(rng.choice(node.legal_moves())), plies + 1
            if node.outcome is not None:
                value = 1000 if node.outcome.winner == me else -1000 if node.outcome.winner else 0
            else:
                value = ai.material(node, me)
            sums[i] += value
            counts[i] += 1
            if time.perf_counter() >= deadline and all(counts):
                break
    best = max(range(len(moves)), key=lambda i: (sums[i] / max(1, counts[i]), rng.random()))
    return moves[best]


def hunter_move(state, rng: random.Random, budget: float):
    from ludique.ai.even import threatened

    moves = state.legal_moves()
    if state.game_id == "pente-grammai":
        hits = [m for m in moves if taken_by(state, m)]
        if hits:
            return rng.choice(hits)
        return rung_move(state, VISITOR_RUNGS["strong"], rng, budget, time.perf_counter())
    me = state.to_move

    def key(m):
        child = state.play(m)
        won = child.outcome is not None and child.outcome.winner == me
        return (won, taken_by(state, m) - exposure(child), threatened(state, m), rng.random())

    return max(moves, key=key)


def counter_move(state, rng: random.Random, budget: float):
    me = state.to_move
    if state.game_id == "pente-grammai":
        from ludique.games.pente.rules import GOAL_POINTS

        def home(child) -> int:
            goal = GOAL_POINTS[me]
            return sum(1 for p in child.pieces() if p.colour == me and p.square == goal)

        def pente_key(m):
            child = state.play(m)
            won = child.outcome is not None and child.outcome.winner == me
            return (won, home(child), -exposure(child), rng.random())

        return max(state.legal_moves(), key=pente_key)
    from ludique.ai.evaluation import ai_for

    ai = ai_for(state)

    def after_reply(m) -> float:
        child = state.play(m)
        if child.outcome is not None:
            return 1e6 if child.outcome.winner == me else -1e6 if child.outcome.winner else 0
        if child.to_move == me:
            return ai.material(child, me)
        worst = None
        for reply in child.legal_moves():
            after = child.play(reply)
            if after.outcome is not None:
                value = 1e6 if after.outcome.winner == me else -1e6 if after.outcome.winner else 0
            else:
                value = ai.material(after, me)
            worst = value if worst is None else min(worst, value)
        return ai.material(child, me) if worst is None else worst

    return max(state.legal_moves(), key=lambda m: (after_reply(m), rng.random()))


STYLES = {
    "runner": runner_move,
    "wall": wall_move,
    "grabber": grabber_move,
    "sampler": sampler_move,
    "hunter": hunter_move,
    "counter": counter_move,
}


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

    def __init__(
        self, rng: random.Random, gifts: bool, rung: int | None = None, ahead: bool = True
    ) -> None:
        self.rng = rng
        self.ahead = ahead  # reads the visitor's next position after its move, as the worker does
        self.ahead_times: list[float] = []
        self.rung = rung  # a rung of the ladder played throughout instead of Even match
        self.answer: str | None = None
        self.note: dict[str, float | int] | None = None
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
        if self.ahead and self.rung is None and strength == "even":
            from ludique.ai.even import read_ahead

            # the worker reads it while the visitor thinks (a person takes far longer than this)
            began = time.perf_counter()
            read_ahead(state, move)
            self.ahead_times.append(time.perf_counter() - began)
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


def start(job: dict):
    """The game's start: the full game (the visit rule off, so that the opponent alone is
    measured), or the kiosk's own rules with ``--visit-rule``."""
    from ludique.games import new_game

    if job.get("visit_rule"):
        return new_game(job["game"])
    try:
        return new_game(job["game"], visit=None)
    except TypeError:  # an engine without the visit rule: the full game already
        return new_game(job["game"])


def starts(job: dict) -> bool:
    """Whether the visitor starts this game: alternating with the index, the game and the
    visitor, so that each visitor's games and each game's visitors have both seats."""
    cell = GAME_IDS.index(job["game"]) + VISITORS.index(job["visitor"])
    return (job["index"] + cell) % 2 == 0


def play_one(job: dict) -> dict:
    from ludique.ai import even
    from ludique.ai.evaluation import ai_for
    from ludique.ai.skill import decisions_of
    from ludique.play.match import Due, GameConfig, Match, Transition

    game_id, visitor, index, budget = job["game"], job["visitor"], job["index"], job["budget"]
    rng = random.Random(f"{job['seed']}/{game_id}/{visitor}/{budget}/{index}")
    pente = game_id == "pente-grammai"
    computer = EvenOpponent(
        random.Random(rng.random()),
        gifts=not pente,
        rung=job.get("rung"),
        ahead=job.get("ahead", True),
    )
    config = GameConfig(game_id, "computer", "even", None)
    probe = Match(config, computer, clock=InstantClock(), think_budget=budget)
    colours = probe.state.colours
    visitor_colour = colours[0 if starts(job) else 1]
    config = GameConfig(game_id, "computer", "even", visitor_colour)
    match = Match(config, computer, clock=InstantClock(), think_budget=budget, state=start(job))
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
                    from ludique.ai.pente import pente_win_probability

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
    losses = [d.loss for d in decisions_of(state, visitor_colour, even.referee_chances, 10**6)]
    own = [d.loss for d in decisions_of(state, computer_colour, even.referee_chances, 10**6)]
    captured = any(m.captures for m in state.moves_played())
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
        "computer_loss": round(statistics.fmean(own), 5) if own else None,
        "visitor_decisions": len(losses),
        "computer_decisions": len(own),
        # each decision's loss, oldest first, and the game's moves: what a game's mean hides
        # (one large mistake or many small ones) and what a replay needs
        "visitor_losses": [round(x, 4) for x in losses],
        "computer_losses": [round(x, 4) for x in own],
        "actions": list(state.actions()),
        "captured": captured,
        "times": [round(t, 4) for t in computer.times],
        "ahead_times": [round(t, 4) for t in computer.ahead_times],
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
    if args.kiosk:  # the kiosk's pairs, as far as ``--game`` and ``--visitor`` keep them
        plan += [
            (index, game_id, visitor, KIOSK_BUDGET)
            for index in range(args.kiosk_games)
            for game_id in KIOSK_GAMES
            if not args.game or game_id in args.game
            for visitor in KIOSK_VISITORS
            if not args.visitor or visitor in args.visitor
        ]
    return [
        dict(
            game=game_id,
            visitor=visitor,
            index=index,
            budget=budget,
            seed=args.seed,
            rung=args.rung,
            visit_rule=args.visit_rule,
            ahead=args.ahead,
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
    return (
        r["game"],
        r["visitor"],
        r["index"],
        r["budget"],
        r["seed"],
        r.get("rung"),
        bool(r.get("visit_rule")),
        r.get("ahead", True),
    )


def load(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def share(values: list[bool]) -> float | None:
    return sum(values) / len(values) if values else None


def pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.0f}%"


def aims(visitor: str, game: str) -> bool:
    """Whether ``visitor`` plays to win in ``game`` (his share is held to the 30-70% band)."""
    return visitor not in (AIMLESS_PENTE if game == "pente-grammai" else AIMLESS)


def report(results: list[dict]) -> None:
    """One row per game, budget and visitor: the issue's measures, each band marked ``ok`` or
    ``NO`` where the cell can be judged."""
    groups: dict[tuple, list[dict]] = defaultdict(list)
    for r in results:
        groups[(r["game"], r["budget"], r["visitor"])].append(r)
    print(
        "game                budget visitor   n  W-D-L   share      loss visitor/computer"
        "   men left v/c  close  count,none  length  think med/max"
    )
    for (game, budget, visitor), rs in sorted(groups.items()):
        won = [r for r in rs if r["winner"] == "visitor"]
        lost = [r for r in rs if r["winner"] == "computer"]
        decided = won + lost
        drawn = len(rs) - len(decided)
        pente = game == "pente-grammai"
        v_loss = mean(r["visitor_loss"] for r in rs if r.get("visitor_loss") is not None)
        c_loss = mean(r["computer_loss"] for r in rs if r.get("computer_loss") is not None)
        matched = v_loss and c_loss is not None and abs(c_loss - v_loss) <= 0.25 * v_loss
        loss = "-" if v_loss is None or c_loss is None else f"{v_loss:.4f}/{c_loss:.4f}"
        win_share = share([r["winner"] == "visitor" for r in decided])
        in_band = win_share is not None and 0.3 <= win_share <= 0.7
        band = "" if not aims(visitor, game) or win_share is None else (" ok" if in_band else " NO")
        v_left = mean(r.get("visitor_given", 0) for r in rs) or 0.0
        c_left = mean(r.get("given", 0) for r in rs) or 0.0
        left = (
            ""
            if pente
            else f"{v_left:4.1f}/{c_left:4.1f}{' ok' if c_left <= v_left + 0.5 else ' NO'}"
        )
        close = share([r["margin"] <= 2 for r in decided if r["margin"] is not None])
        quiet = sum(r["reason"] == "fifty-turns" and not r.get("captured", True) for r in rs)
        count = sum(r["reason"] == "fifty-turns" for r in rs)
        length = statistics.median(r["rounds"] if pente else r["plies"] for r in rs)
        times = [t for r in rs for t in r["times"]]
        print(
            f"{game:19} {budget:<6} {visitor:9} {len(rs):2} {len(won):2}-{drawn}-{len(lost):<3}"
            f" {pct(win_share):>4}{band:3}  {loss:>15}{' ok' if matched else ' NO'}"
            f"  {left:>14}  {pct(close) if not pente else '':>5}  {count:5},{quiet:<4}"
            f"  {length:6.0f}  {statistics.median(times) if times else 0:.3f}/"
            f"{max(times) if times else 0:.3f}"
        )


def mean(values) -> float | None:
    values = list(values)
    return statistics.fmean(values) if values else None


def summary(results: list[dict]) -> None:
    """The issue's bands over all games at the benchmark's budget, then the think times."""
    quick = [r for r in results if r["budget"] != KIOSK_BUDGET]
    print("\nvisitor    decided  share  loss visitor/computer (all games)")
    for visitor in VISITORS:
        rs = [r for r in quick if r["visitor"] == visitor]
        if not rs:
            continue
        decided = [r for r in rs if r["winner"]]
        won = [r for r in decided if r["winner"] == "visitor"]
        v = mean(r["visitor_loss"] for r in rs if r.get("visitor_loss") is not None)
        c = mean(r["computer_loss"] for r in rs if r.get("computer_loss") is not None)
        won_share = pct(len(won) / len(decided)) if decided else "-"
        print(
            f"{visitor:9} {len(decided):3}/{len(rs):<3} {won_share:>6}"
            f"  {'-' if v is None else f'{v:.4f}'}/{'-' if c is None else f'{c:.4f}'}"
        )
    search = [r for r in quick if r["game"] != "pente-grammai"]
    decided = [r for r in search if r["winner"]]
    cells = defaultdict(list)
    for r in quick:
        cells[r["game"], r["visitor"]].append(r)
    matched = [
        abs(c - v) <= 0.25 * v
        for rs in cells.values()
        for v in [mean(r["visitor_loss"] for r in rs if r.get("visitor_loss") is not None)]
        for c in [mean(r["computer_loss"] for r in rs if r.get("computer_loss") is not None)]
        if v and c is not None
    ]
    if matched:
        print(f"loss matched within 25%: {sum(matched)} of {len(matched)} cells")
    aiming = [r for r in quick if aims(r["visitor"], r["game"]) and r["winner"]]
    if aiming:
        by_game = ", ".join(
            f"{game} {sum(r['winner'] == 'visitor' for r in rs)}/{len(rs)}"
            for game in GAME_IDS
            for rs in [[r for r in aiming if r["game"] == game]]
            if rs
        )
        won = sum(r["winner"] == "visitor" for r in aiming)
        print(
            f"aiming visitors won {won} of {len(aiming)} decided games "
            f"({pct(won / len(aiming))}): {by_game}"
        )
        shares = [
            0.3 <= won_share <= 0.7
            for (game, visitor), rs0 in cells.items()
            if aims(visitor, game)
            for won_share in [share([r["winner"] == "visitor" for r in rs0 if r["winner"]])]
            if won_share is not None
        ]
        print(
            "cells of an aiming visitor whose share of decided games is 30-70%: "
            f"{sum(shares)} of {len(shares)}"
        )
    left_cells = [
        statistics.fmean(r["given"] for r in rs)
        <= statistics.fmean(r.get("visitor_given", 0) for r in rs) + 0.5
        for (game, _), rs in cells.items()
        if game != "pente-grammai" and rs
    ]
    if left_cells:
        print(
            "cells where the computer left at most the visitor's men + 0.5: "
            f"{sum(left_cells)} of {len(left_cells)}"
        )
    if decided:
        print(
            f"close: margin at most two men in {pct(share([r['margin'] <= 2 for r in decided]))}"
            f" of {len(decided)} decided search games"
        )
    # a game's mean loss hides whether one large mistake decided it: the decided games in
    # which neither side made one (by the referee), and who won those
    recorded = [r for r in decided if "visitor_losses" in r]  # records of older runs lack them
    clean = [
        r for r in recorded if max(r["visitor_losses"] + r["computer_losses"], default=0) <= LARGE
    ]
    if clean:
        won = sum(r["winner"] == "visitor" for r in clean)
        print(
            f"decided search games with no decision losing more than {LARGE} on either side: "
            f"{len(clean)} of {len(recorded)}, the visitors won {won} ({pct(won / len(clean))})"
        )
    if search:
        quiet = share(
            [r["reason"] == "fifty-turns" and not r.get("captured", True) for r in search]
        )
        print(
            f"men left a game: the computer {mean(r['given'] for r in search):.2f}, the visitors "
            f"{mean(r.get('visitor_given', 0) for r in search):.2f}; ended by the count with no "
            f"capture: {pct(quiet)} of {len(search)} search games"
        )
    for budget in sorted({r["budget"] for r in results}):
        times = [t for r in results if r["budget"] == budget for t in r["times"]]
        if times:
            print(
                f"think time at {budget} s: median {statistics.median(times):.3f} s, "
                f"max {max(times):.3f} s ({len(times)} decisions)"
            )
        ahead = [t for r in results if r["budget"] == budget for t in r.get("ahead_times", [])]
        if ahead:
            print(
                f"read ahead while the visitor thinks, at {budget} s: median "
                f"{statistics.median(ahead):.3f} s, max {max(ahead):.3f} s ({len(ahead)} reads)"
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
        "--visit-rule",
        action="store_true",
        help="play under the kiosk's visit rule (by default the full game: the opponent alone)",
    )
    parser.add_argument(
        "--rung",
        type=int,
        choices=range(7),
        help="the computer plays this rung of the ladder throughout instead of Even match (a "
        "floor or a ceiling to read Even match's figures against)",
    )
    parser.add_argument(
        "--no-read-ahead",
        dest="ahead",
        action="store_false",
        help="the computer reads the visitor's position on its own time, not while he thinks "
        "(as before the worker read ahead)",
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
