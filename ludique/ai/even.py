"""Even match: the computer loses about as much a move as the visitor does.

One model for every game, as Stockfish's skill level is one number and a choice among the
search's moves:

1. **A referee** (``referee_chances``) gives each legal move its winning chance for the mover:
   the solved table in a solved game; elsewhere a fixed two-ply search (with the capture
   quiescence and the extension of a crossing that must be answered) whose value, in hundredths of a
   piece, becomes a chance through a measured calibration (``Measured.value_scale``).  It reads
   no clock, so it is a pure function of the position.  What a move *loses* is the best move's
   chance less its own.
2. **The visitor's strength** (``ludique.ai.skill``) is his expected loss per decision, read
   from his recent decisions that tell, with its uncertainty, and his kinds of mistakes.
3. **The computer plays at that loss, making his kinds of mistakes** (``even_decision``,
   ``play_at_loss``): at his rates, and each at about what that kind cost him, it overlooks a
   capture it could make, or a threat to a man of its own (never while it has left as many men
   as he has over the same stretch); every other decision is a slower plan, drawn with weights
   ``exp(-loss / temperature)`` among the moves that leave nothing for nothing, the
   temperature set so that its expected loss is his plan's rate (a rate, not a debt: nothing
   is paid back).  Among moves of like loss it prefers those that threaten his men, and in a
   quiet position a squeeze (a move that leaves him least room), so that a game
   between careful players is decided by captures.  A visitor who loses less than the
   Champion's search does meets that search.

The ladder (``LADDER``) keeps the curator's fixed levels (``ludique.ai.FIXED_RUNGS``) and the
benchmarks' players; Even match does not play its rungs.
"""

from __future__ import annotations

import math
import random
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ludique.ai.core import MATE_ZONE, GameAI
from ludique.ai.measured import measured
from ludique.ai.search import Limit, Searcher
from ludique.ai.skill import (
    INFORMATIVE,
    PRIOR_WEIGHT,
    WINDOW,
    LossEstimate,
    decisions_of,
    estimate,
    rung_of,
)
from ludique.games import spec
from ludique.games.base import GameState, Move

K = TypeVar("K")
V = TypeVar("V")

REFEREE_DEPTH = 2  # plies: enough to see a piece left to be taken, the least any level sees
# Nodes the referee may search in one position: two plies of a position with n legal moves visit
# about n * n nodes in every game (measured: a median of 0.9-1.1 n * n in the five search games,
# 90% of positions within 3 n * n), so the bound is ``REFEREE_SPAN`` n * n plus an allowance
# (``REFEREE_NODES``) for captures that chain beyond the horizon.  A position that does not fit
# (a melee whose captures chain on) is judged at one ply within half as many, then by
# the position each move leaves (why not a fixed bound: docs/ai.md, "The referee").
REFEREE_NODES = 2_000
REFEREE_SPAN = 3
HANG = 60  # a move this far below the best loses material its searcher can see
CHAMPION_SHARE = 0.95  # of the budget, for the fixed Champion (``play_search_rung``'s clock)
LONGEST = 2.0  # seconds: the kiosk's longest wait for the computer (``ludique.ai.MAX_BUDGET``)
# Of it, the time kept for a search to see its deadline pass and its move to come back: a
# Champion's search given all of it ended 2-3 ms past the two seconds on a busy machine.
UNWIND = 0.05
# The share of a decision's time in which the players' last positions are read; the rest judges
# its own position and chooses (each takes about as long: one two-ply reading of a position).
READING_SHARE = 0.5
# Positions whose referee values are kept (``Recent``): each decision reads the visitor's last
# 20-80 positions again, and a cache emptied all at once cost the next one 2-3 s in a long game.
REFEREE_CACHE = 4096


@dataclass(frozen=True)
class Level:
    """One rung of the ladder: the temperature of its choice (in winning chance; 0 plays the
    best move) and how it searches: the referee's two plies, or the Champion's search on the
    rung's thought (``thought``)."""

    name: str
    temperature: float
    search: str = "referee"  # "referee" or "champion"
    overlook: float = 0.0  # the chance that it plays without looking at the reply


# The two lowest rungs are weak the way a beginner is: they often do not look at the reply at
# all (a tactic missed), and then choose among the safe moves: the child by what each move
# takes at once, the toddler any of them alike (what is offered it takes only by chance); a
# piece left where the reply takes it is still a capture they can see, so they never step into
# one.  Above them, the rungs look at two plies.
LADDER: tuple[Level, ...] = (
    Level("toddler", math.inf, overlook=1.0),
    Level("child", 0.10, overlook=0.3),
    Level("novice", 0.10, overlook=0.03),
    Level("player", 0.025),
    Level("strong", 0.012),
    Level("expert", 0.0, "champion"),
    Level("champion", 0.0, "champion"),
)


def thought(game_id: str, level: Level) -> int:
    """The nodes ``level`` thinks in ``game_id`` (``Measured.thought``; 0 for a rung that does
    not play the Champion's search: it reads the referee's two plies)."""
    # Nodes, not a share of the clock, so that a rung plays as it was measured whatever the
    # machine; the clock bounds it too (``play_search_rung``).
    if level.search != "champion":
        return 0
    expert, champion = measured(game_id).thought
    return champion if level == LADDER[-1] else expert


@dataclass(frozen=True)
class EvenDecision:
    """What one decision chose and why: the move, the loss it aimed at (the visitor's plan's
    rate), the visitor's estimate, the men each side left over the same stretch of the game
    (``men_left``), and whether it tilted toward threats."""

    move: Move
    target: float
    visitor: LossEstimate
    rung: float  # where the visitor's loss lies on the ladder's measured losses
    own_left: int = 0
    his_left: int = 0
    threatens: bool = True  # whether it tilted toward threats (``pressing``)
    slows: bool = False  # whether it waited, ahead in a race (``raced``, ``slowed``)

    def note(self) -> dict[str, float | int]:
        """What the kiosk keeps of it: the game record's estimate of the visitor."""
        return {
            "played": round(self.rung),
            "rung": round(self.rung, 2),
            **self.visitor.to_json(),
            "mean_loss": round(self.visitor.loss, 4),
            "own_left": self.own_left,
            "threatens": int(self.threatens),
            "slows": int(self.slows),
        }


def win_chance(game_id: str, value: float) -> float:
    """The calibrated chance that the player to move wins, from a search value."""
    if value >= MATE_ZONE:
        return 1.0
    if value <= -MATE_ZONE:
        return 0.0
    x = value / measured(game_id).value_scale
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, x))))


# --- the referee ------------------------------------------------------------------------------
def judge(
    state: GameState,
    moves: list[Move],
    depth: int,
    nodes: int,
    stop: Callable[[], bool] | None = None,
    out: list[tuple[int, Move]] | None = None,
) -> list[tuple[int, Move]]:
    """Each of ``moves`` with its value at ``depth`` plies for the mover, as the referee searches
    it (no contempt, the extensions); ``SearchAborted`` past ``nodes`` or on ``stop``, the
    moves valued before it in ``out``."""
    from ludique.ai.evaluation import ai_for

    searcher = Searcher(ai_for(state), Limit(nodes=nodes), stop=stop, contempt=0)
    return searcher.score_moves(state, moves, depth, out=out)


class Recent(OrderedDict[K, V]):
    """What was computed for the ``REFEREE_CACHE`` most recently read keys, the least recently
    read forgotten first (a cache: it changes no answer)."""

    def recall(self, key: K) -> V | None:
        value = self.get(key)
        if value is not None:
            self.move_to_end(key)
        return value

    def keep(self, key: K, value: V) -> V:
        self[key] = value
        if len(self) > REFEREE_CACHE:
            self.popitem(last=False)
        return value


_referee_cache: Recent[tuple[str, object], tuple[tuple[str, int], ...]] = Recent()


Clock = Callable[[], float]  # seconds, as ``time.perf_counter`` (a test gives its own)


def clock_checks(
    stop: Callable[[], bool] | None, deadline: float | None, clock: Clock
) -> tuple[Callable[[], bool], Callable[[], bool]]:
    """``late``: the ``deadline`` (on ``clock``) has passed; ``halt``: that, or the request was
    cancelled (``stop``): what a reading's search polls to end."""

    def late() -> bool:
        return deadline is not None and clock() >= deadline

    def halt() -> bool:
        return (stop is not None and stop()) or late()

    return late, halt


def referee_values(
    state: GameState,
    stop: Callable[[], bool] | None = None,
    deadline: float | None = None,
    clock: Clock = time.perf_counter,
    hurried: bool = True,
) -> tuple[tuple[str, int], ...]:
    """Each legal move of a search game with its two-ply value for the mover, one ply where two
    do not fit the node bound.

    ``stop`` (the worker's cancellation) ends it with ``Cancelled``, nothing cached: the answer
    of a cancelled request is never used, and a cut-short one must not be remembered.  A
    ``deadline`` (on ``clock``) bounds it by the clock as well.  Two plies are searched for the
    moves that look best at one ply first; what the clock cuts short is answered for the moves
    judged at two plies alone (else at one ply, else by the position each move leaves) and not
    remembered (the computer's own position: it must move, and weighs only the moves answered);
    without ``hurried`` (a position read to know the player, whose reading must not depend on
    the machine's speed) it is not answered at all (``OutOfTime``), and is read again, in full,
    at a later decision."""
    cache_key = (state.game_id, state.key)
    cached = _referee_cache.recall(cache_key)
    if cached is not None:
        return cached

    late, halt = clock_checks(stop, deadline, clock)
    if not hurried and late():
        raise OutOfTime
    from ludique.ai.evaluation import ai_for
    from ludique.ai.search import SearchAborted

    def cut_short() -> bool:  # why a search stopped: the request cancelled, or the clock
        if stop is not None and stop():
            raise Cancelled from None
        if late() and not hurried:
            raise OutOfTime from None
        return late()

    def unkept(scored: list[tuple[int, Move]]) -> tuple[tuple[str, int], ...]:
        value = {m.text: v for v, m in scored}  # answered in the order of the legal moves
        return tuple((m.text, value[m.text]) for m in moves if m.text in value)

    def kept(scored: list[tuple[int, Move]]) -> tuple[tuple[str, int], ...]:
        return _referee_cache.keep(cache_key, unkept(scored))

    moves = state.legal_moves()
    bound = REFEREE_NODES + REFEREE_SPAN * len(moves) ** 2
    # One ply first (within half the bound): the order in which two plies are searched, the
    # moves that look best first, and the values where two plies do not fit the bound.
    try:
        shallow = judge(state, moves, REFEREE_DEPTH - 1, bound >> 1, halt)
    except SearchAborted:
        # not even one ply: the position each move leaves, as it stands
        static = [(_static_after(ai_for(state), state, m), m) for m in moves]
        return unkept(static) if cut_short() else kept(static)
    ordered = [m for _, m in sorted(shallow, key=lambda vm: -vm[0])]
    deep: list[tuple[int, Move]] = []
    try:
        return kept(judge(state, ordered, REFEREE_DEPTH, bound, halt, deep))
    except SearchAborted:
        if cut_short():
            # its own position, cut short by the clock: only the moves judged at the referee's
            # depth are answered (those that look best at one ply), so that every move it weighs
            # loses, by the referee, what it sees it lose; none judged, one ply for all
            return unkept(deep or shallow)
        return kept(shallow)  # two plies do not fit the bound: one ply, for every move


def _static_after(ai: GameAI, state: GameState, move: Move) -> int:
    child = state.play(move)
    outcome = child.outcome
    if outcome is not None:
        return MATE_ZONE if outcome.winner == state.to_move else -MATE_ZONE if outcome.winner else 0
    return ai.evaluate(child) * (1 if child.to_move == state.to_move else -1)


class Cancelled(Exception):
    """The request was cancelled while the referee judged a position."""


class OutOfTime(Exception):
    """The clock ran out before a position read to know a player was judged in full."""


def referee_chances(
    state: GameState,
    stop: Callable[[], bool] | None = None,
    deadline: float | None = None,
    clock: Clock = time.perf_counter,
) -> list[tuple[str, float]]:
    """Each legal move with the mover's winning chance once it is played (``OutOfTime`` where
    the ``deadline`` passes first: a position read to know a player is read in full or not)."""
    if state.needs_roll or state.outcome is not None:
        return []
    if spec(state.game_id).solved:
        from ludique.ai.solved import solved

        return [(m.text, v) for m, v in solved(state.game_id).move_values(state)]
    values = referee_values(state, stop, deadline, clock, hurried=False)
    return [(text, win_chance(state.game_id, v)) for text, v in values]


# A position's deep move (``deep_move``), kept as the referee's values are: a pure function of
# the position, so the cache only saves time.
_deep_cache: Recent[tuple[str, object], str] = Recent()


def deep_move(
    state: GameState,
    stop: Callable[[], bool] | None = None,
    deadline: float | None = None,
    clock: Clock = time.perf_counter,
) -> str:
    """The move the Champion's search plays in ``state`` on its measured thought (nodes, with a
    fixed salt: a pure function of the position, whatever the machine).  ``stop`` ends it with
    ``Cancelled``, a ``deadline`` (on ``clock``) passed first with ``OutOfTime``; neither kept."""
    from ludique.ai.evaluation import ai_for

    cache_key = (state.game_id, state.key)
    known = _deep_cache.recall(cache_key)
    if known is not None:
        return known

    late, halt = clock_checks(stop, deadline, clock)
    if late():
        raise OutOfTime
    nodes = thought(state.game_id, LADDER[-1])
    searcher = Searcher(ai_for(state), Limit(nodes=nodes), stop=halt, rng=random.Random(0))
    move = searcher.search(state).move
    if searcher.nodes < nodes:  # a search that ended early for the clock or a cancel
        if stop is not None and stop():
            raise Cancelled
        if late():
            raise OutOfTime
    return _deep_cache.keep(cache_key, move.text)


def visitor_chances(
    state: GameState,
    stop: Callable[[], bool] | None = None,
    deadline: float | None = None,
    clock: Clock = time.perf_counter,
) -> list[tuple[str, float]]:
    """The referee's chances of a position read to know a player, where the move the Champion's
    search plays (``deep_move``) counts as a best move: the referee's two plies cannot rank a
    player who reads deeper than they do (in games they scored the Champion's moves as losing
    more than the strong rung's two-ply moves, so a visitor as sharp as the Champion met a
    computer playing at that loss, and won every search game he decided).  ``OutOfTime`` and
    ``Cancelled`` as ``referee_chances``; a solved game's table is exact and is returned as it
    is."""
    chances = referee_chances(state, stop, deadline, clock)
    if len(chances) < 2 or spec(state.game_id).solved:
        return chances
    deep = deep_move(state, stop, deadline, clock)
    best = max(c for _, c in chances)
    return [(text, best if text == deep else c) for text, c in chances]


def read_ahead(state: GameState, move: Move, stop: Callable[[], bool] | None = None) -> bool:
    """Read, in full, the position the opponent meets once ``move`` is played, while he thinks
    (the kiosk's worker does it after each answer of Even match); True if it is now kept.

    A person sizes up his opponent's choice while the opponent makes it, not on his own time:
    read at the next decision instead, the visitor's last position took the first half of the
    computer's time, and where it did not fit (the widest board at 0.25 s) his moves were not
    read at all.  Read here, the next decision finds it kept and has its whole time for its own
    position.  The values are the referee's, as they would be read then (a pure function of the
    position); ``stop`` (a new request) ends it with nothing kept, and the next decision reads
    the position itself, within its time, as before."""
    if spec(state.game_id).solved:
        return False  # the table: read at once, nothing to do ahead
    after = state.play(move)
    if after.outcome is not None or after.needs_roll or after.to_move == state.to_move:
        return False  # not his decision
    if len(after.legal_moves()) < 2:
        return False
    try:
        visitor_chances(after, stop)
    except Cancelled:
        return False
    return True


# --- the ladder's choice ------------------------------------------------------------------------
# A rung's choice is a distribution over the legal moves (by text), computed: it draws its move
# from it when it plays, and the visitor's estimate reads it backwards (``policy``), so that a
# visitor's move is weighed by the chance that each rung would have made it in that position.
Policy = dict[str, float]


def boltzmann_weights(chances: Sequence[float], temperature: float) -> list[float]:
    """Weights ``exp(-(best - chance) / temperature)``, summing to one (temperature 0: the best
    alone, shared by moves that tie for it; infinite: all alike)."""
    if math.isinf(temperature):
        return [1.0 / len(chances)] * len(chances)
    best = max(chances)
    if temperature <= 0:  # the best, or any of the moves that tie for it
        ties = sum(1 for c in chances if c == best)
        return [1.0 / ties if c == best else 0.0 for c in chances]
    weights = [math.exp((c - best) / temperature) for c in chances]
    total = sum(weights)
    return [w / total for w in weights]


def draw(weights: Sequence[float], rng: random.Random) -> int:
    if max(weights) >= 1.0:
        return weights.index(max(weights))  # no draw spent on a certain choice
    return rng.choices(range(len(weights)), weights=weights)[0]


def exposure(ai: GameAI, state: GameState, move: Move, avenged: bool = True) -> int:
    """What ``move`` gives the opponent to take at once for nothing: the most pieces one reply
    captures less what the mover can take back at once, less the move's own captures.  An
    exchange (a man offered where it is taken and avenged) gives nothing; without ``avenged``
    (a player who does not look past the reply) it gives the man."""
    gain = ai.capture_gain
    child = state.play(move)
    if child.outcome is not None or child.to_move == state.to_move:
        return -gain(state, move)  # a won game, or a Seneca removal still to come
    worst = 0
    for reply in child.legal_moves():
        taken = gain(child, reply)
        if taken <= worst:
            continue
        after = child.play(reply)
        back = 0
        if avenged and after.outcome is None and after.to_move == state.to_move:
            back = max((gain(after, m) for m in after.legal_moves()), default=0)
        worst = max(worst, taken - back)
    return worst - gain(state, move)


def candidates(
    ai: GameAI, state: GameState, values: list[tuple[int, Move]]
) -> list[tuple[int, Move]]:
    """The moves a level may choose among: never a forced loss, a move its search sees lose
    material (``HANG`` below the best), or a piece stepped where it can be taken at once while
    another move exposes less, as long as another move is left."""
    best = max(v for v, _ in values)
    alive = [(v, m) for v, m in values if v > -MATE_ZONE] or values
    sound = [(v, m) for v, m in alive if v >= best - HANG] or alive
    exposed = [exposure(ai, state, m) for _, m in sound]
    least = min(exposed)
    return [vm for vm, e in zip(sound, exposed, strict=True) if e == least]


@dataclass(frozen=True)
class Options:
    """What a way of choosing weighs in one position: its moves and their chances for the
    mover, or the moves that win, one of which it always plays.  Rungs that choose the same
    way differ only by their temperature (``choice``)."""

    texts: tuple[str, ...]
    chances: tuple[float, ...] = ()
    wins: tuple[str, ...] = ()

    def choice(self, temperature: float) -> Policy:
        if self.wins:
            return {text: 1.0 / len(self.wins) for text in self.wins}
        weights = boltzmann_weights(self.chances, temperature)
        return {text: w for text, w in zip(self.texts, weights, strict=True) if w > 0}


def looked(
    state: GameState, stop: Callable[[], bool] | None, deadline: float | None = None
) -> Options:
    """How a rung that looks at the reply chooses in a search game: by the referee's two plies,
    among its candidates; a win it sees always.  Past ``deadline`` (``time.perf_counter``) the
    referee's answer is cut short (``referee_values``)."""
    from ludique.ai.evaluation import ai_for

    legal = {m.text: m for m in state.legal_moves()}
    values = [(v, legal[text]) for text, v in referee_values(state, stop, deadline)]
    pool = candidates(ai_for(state), state, values)
    best = max(v for v, _ in pool)
    texts = tuple(m.text for _, m in pool)
    if best >= MATE_ZONE:  # a win its search sees is never missed
        return Options(texts, wins=tuple(m.text for v, m in pool if v == best))
    return Options(texts, tuple(win_chance(state.game_id, v) for v, _ in pool))


def overlooked(state: GameState) -> Options:
    """How a rung chooses without looking past the reply (a weak player's way): by the position
    each move leaves, among the moves that give nothing at once for what they take (a capture
    the very next move makes is one a player sees without looking ahead; whether it would be
    avenged is not); the opponent's plans and its own two-move tactics are not seen."""
    from ludique.ai.evaluation import ai_for

    ai = ai_for(state)
    moves = state.legal_moves()
    values = [_static_after(ai, state, move) for move in moves]
    best = max(values)
    if best >= MATE_ZONE:
        return Options(
            (), wins=tuple(m.text for m, v in zip(moves, values, strict=True) if v == best)
        )
    # A game lost on the board is seen without looking ahead, as a man left to be taken is (in a
    # game won by crossing, a piece left standing on the far row wins when the opponent's turn
    # starts):
    # a move that leaves it so is never chosen while another is left.
    alive = [i for i, v in enumerate(values) if v > -MATE_ZONE] or list(range(len(moves)))
    # every move that gives nothing at once for what it takes is safe alike (a player who does
    # not look ahead takes what is offered by chance, not by design); where none is, the least
    exposed = {i: exposure(ai, state, moves[i], avenged=False) for i in alive}
    least = max(0, min(exposed.values()))
    safe = [i for i in alive if exposed[i] <= least]
    return Options(
        tuple(moves[i].text for i in safe),
        tuple(win_chance(state.game_id, values[i]) for i in safe),
    )


def solved_looked(state: GameState) -> Options:
    """How a rung that looks chooses in a solved game: by the exact chances, a move that wins
    at once always."""
    from ludique.ai.solved import solved

    scored = solved(state.game_id).move_values(state)
    texts = tuple(m.text for m, _ in scored)
    if max(v for _, v in scored) >= 1.0:
        return Options(texts, wins=tuple(m.text for m, v in scored if v >= 1.0))
    return Options(texts, tuple(v for _, v in scored))


def play_policy(choice: Policy, state: GameState, rng: random.Random) -> Move:
    texts = list(choice)
    move = state.find_move(texts[draw([choice[t] for t in texts], rng)])
    assert move is not None
    return move


def play_search_rung(
    state: GameState,
    level: Level,
    started: float,
    budget: float,
    rng: random.Random,
    stop: Callable[[], bool] | None,
    clock: bool = False,
) -> Move:
    """A move of a search game at ``level``.  With ``clock`` (the kiosk's fixed strengths and
    the suggestion) the clock bounds every rung: the Champion's search thinks as long as
    ``budget`` allows, not the rung's measured thought, and a lower rung's referee is cut short
    at the budget; without it (the benchmarks' visitors) a rung plays as it was measured,
    however long that takes on the machine at hand."""
    from ludique.ai.evaluation import ai_for

    if level.search == "champion":
        # Its thought (the fixed Champion's: the budget), within the two seconds nobody waits
        # beyond, however long the visitor took to read.
        now = time.perf_counter()
        seconds = max(0.0, started + LONGEST - UNWIND - now)
        if clock:
            limit = Limit(time=min(seconds, budget * CHAMPION_SHARE))
        else:
            limit = Limit(time=seconds, nodes=thought(state.game_id, level))
        return Searcher(ai_for(state), limit, start=now, stop=stop, rng=rng).search(state).move
    # the same distribution as ``policy``, drawn in two steps so that a move made without
    # looking never asks the referee
    if level.overlook and rng.random() < level.overlook:
        return play_policy(overlooked(state).choice(level.temperature), state, rng)
    # the referee's two plies are bounded by nodes, which a slow kiosk PC takes longer to search
    deadline = started + min(budget, LONGEST - UNWIND) if clock else None
    return play_policy(looked(state, stop, deadline).choice(level.temperature), state, rng)


def play_solved_rung(state: GameState, level: Level, rng: random.Random) -> Move:
    """A solved game's move at ``level``, from the exact chances (where it overlooks: its
    evaluation's, not the table's)."""
    if level.overlook and rng.random() < level.overlook:
        return play_policy(overlooked(state).choice(level.temperature), state, rng)
    return play_policy(solved_looked(state).choice(level.temperature), state, rng)


# --- Even match: the computer plays at the visitor's loss ----------------------------------------
# A player who makes something happen prefers, among moves of like loss, one that threatens the
# opponent's men (at the opponent's pace: ``pressing``): each man threatened makes such a move e
# times as likely; in a quiet position, so does a squeeze (the moves that leave him least room).
# The temperature is then set for the loss aimed at (and the tilt given up as far as it would hold
# the loss below the aim, ``tilt_within_reach``), so the tilt moves the choice, never the loss.
PRESSURE_TILT = 1.0
NEAREST = 24
# moves closer than this are alike: the one threshold the visitor's decisions are sorted by, so
# that its own plan (``sees_captures``) is sorted as his is
INFORMATIVE_LOSS = INFORMATIVE
TEMPERATURES = (1e-4, 1.0)  # the bounds of the temperature sought (winning chance)
LOSS_CAP, CAP_FLOOR = 8.0, 0.05  # the moves weighed lose at most this many times the aim
# Until a player's moves have told, he is taken to lose what the Beginner loses (the novice,
# ``ludique.ai.FIXED_RUNGS``): a museum visitor's first game.
PRIOR_RUNG = 2


def loss_rates(
    state: GameState,
    colour: str,
    stop: Callable[[], bool] | None,
    deadline: float | None = None,
    clock: Clock = time.perf_counter,
) -> LossEstimate:
    """``colour``'s expected loss per decision that tells, from the game's history alone, drawn
    toward the Beginner's (``Measured.losses``) until his moves have told.

    A position the referee has not judged in full by the ``deadline`` is not read this time
    (the estimate rests on the decisions read; it is read at a later decision, in full), so a
    slower machine reads fewer of the player's decisions, never other values for them."""

    def chances(node: GameState) -> list[tuple[str, float]]:
        try:
            return visitor_chances(node, stop, deadline, clock)
        except OutOfTime:
            return []  # a position with no choice to read: passed over

    decisions = decisions_of(
        state,
        colour,
        chances,
        left=lambda node, action: left_a_man(node, action, stop),
        takes=takes_a_man,
    )
    return estimate(decisions, prior=measured(state.game_id).losses[PRIOR_RUNG])


def takes_a_man(state: GameState, action: str) -> bool:
    """Whether ``action`` takes a man (never in a solved game: its referee, the table, weighs
    chances, not men)."""
    if spec(state.game_id).solved:
        return False
    from ludique.ai.evaluation import ai_for

    move = state.find_move(action)
    return move is not None and ai_for(state).capture_gain(state, move) > 0


_left_cache: Recent[tuple[str, object, str], bool] = Recent()


def left_a_man(state: GameState, action: str, stop: Callable[[], bool] | None = None) -> bool:
    """Whether ``action`` left a man to be taken for nothing (``exposure``: a capture the reply
    makes that the mover cannot answer with one of his own; a capture not made, or an exchange,
    leaves nothing).  A solved race has no such move: a counter hit starts again."""
    if spec(state.game_id).solved:
        return False
    key = (state.game_id, state.key, action)
    known = _left_cache.recall(key)
    if known is not None:
        return known
    from ludique.ai.evaluation import ai_for

    move = state.find_move(action)
    return _left_cache.keep(key, move is not None and exposure(ai_for(state), state, move) > 0)


def men_left(state: GameState, colour: str, plies: int = 2 * WINDOW) -> int:
    """The men ``colour`` left to be taken for nothing in the last ``plies`` plies that led to
    ``state`` (each side's last ``WINDOW`` turns: both sides counted over the same stretch,
    whatever the referee has read of it)."""
    return leaving(state, colour, plies)[0]


def leaving(state: GameState, colour: str, plies: int = 2 * WINDOW) -> tuple[int, int]:
    """The men ``colour`` left to be taken for nothing in the last ``plies`` plies that led to
    ``state``, and his decisions with a choice among them."""
    choices = list(choices_of(state, colour, plies))
    return sum(left_a_man(node, action) for node, action, _ in choices), len(choices)


def leave_rate(left: int, choices: int) -> float:
    """How often his decisions left a man for nothing: ``left`` of his ``choices`` over the
    stretch of ``leaving``, drawn toward never by ``PRIOR_WEIGHT`` decisions (until he has
    left one, the computer leaves none).  Every decision with a choice counts, not only those
    that tell his loss: a man left is a fact of the board whatever the chances say, and a game
    already won or lost, where no decision tells, is where a loose player leaves the most (read
    from the decisions that tell alone, the grabber's rate in a Seneca game was 0.037 a
    decision on average where the computer chose, from every decision 0.177)."""
    return left / (choices + PRIOR_WEIGHT)


def choices_of(
    state: GameState, colour: str, plies: int
) -> Iterator[tuple[GameState, str, GameState]]:
    """``colour``'s decisions that had a choice in the last ``plies`` plies that led to
    ``state``: each as the position he chose in, his move and the position it made."""
    child, node = state, state.parent
    while node is not None and plies > 0:
        if node.to_move == colour and len(node.legal_moves()) > 1 and child.action:
            yield node, child.action, child
        plies -= 1
        child, node = node, node.parent


def expected_loss(losses: Sequence[float], temperature: float, tilt: Sequence[float]) -> float:
    """What the choice ``exp(tilt - loss / temperature)`` loses on average."""
    weights = tilted_weights(losses, temperature, tilt)
    return math.fsum(w * x for w, x in zip(weights, losses, strict=True)) / math.fsum(weights)


def temperature_for(losses: Sequence[float], target: float, tilt: Sequence[float]) -> float:
    """The temperature at which the choice ``exp(tilt - loss / temperature)`` loses ``target``
    on average (bisection in its logarithm; an end of ``TEMPERATURES`` where none does)."""

    def expected(temperature: float) -> float:
        return expected_loss(losses, temperature, tilt)

    low, high = (math.log(t) for t in TEMPERATURES)
    if expected(math.exp(high)) <= target:
        return math.exp(high)
    if expected(math.exp(low)) >= target:
        return math.exp(low)
    for _ in range(30):
        mid = (low + high) / 2
        if expected(math.exp(mid)) < target:
            low = mid
        else:
            high = mid
    return math.exp((low + high) / 2)


def tilt_within_reach(losses: Sequence[float], target: float, tilt: Sequence[float]) -> list[float]:
    """``tilt``, scaled down only as far as the draw needs to lose ``target`` at the highest
    temperature: the moves it tilts toward are among those that lose least, so where even
    the flattest draw would lose less than the aim, the tilt would lower the loss; it moves
    the choice, never the loss (its whole, where the aim is within reach; none, where even
    the untilted flattest draw falls short)."""
    hottest = TEMPERATURES[1]

    def expected(scale: float) -> float:
        return expected_loss(losses, hottest, [scale * t for t in tilt])

    if not any(tilt) or expected(1.0) >= target:
        return list(tilt)
    if expected(0.0) <= target:
        return [0.0] * len(tilt)
    low, high = 0.0, 1.0  # untilted, the draw reaches the aim; wholly tilted, it does not
    for _ in range(20):
        mid = (low + high) / 2
        if expected(mid) >= target:
            low = mid
        else:
            high = mid
    return [low * t for t in tilt]


def tilted_weights(
    losses: Sequence[float], temperature: float, tilt: Sequence[float]
) -> list[float]:
    least = min(x - temperature * t for x, t in zip(losses, tilt, strict=True))
    return [
        math.exp(-((x - temperature * t) - least) / temperature)
        for x, t in zip(losses, tilt, strict=True)
    ]


@dataclass(frozen=True)
class Overlooks:
    """What one decision does not see, each drawn at the visitor's own rate and made at his own
    cost (a person's kinds of mistakes): the men it could take (``captures``: a capture not
    seen, played as a quiet move that loses about what his captures not seen lost him), or a
    threat to one of its own (``threat``: a move that leaves a man, losing about what the men
    he left lost him).  ``None``: it sees them.  A mistake of that kind that would cost far
    more than his (``LOSS_CAP``) is not made: it sees it after all."""

    captures: float | None = None
    threat: float | None = None


SEES_ALL = Overlooks()


def threatened(state: GameState, move: Move) -> int:
    """The opponent's men that the mover could take if he moved again after ``move`` (the
    game's own ``threats``: what the next move can decide)."""
    return threats_in(state.play(move), state.to_move)


def threats_in(child: GameState, mover: str) -> int:
    """The men ``mover``, who just moved to ``child``, could take if he moved again."""
    threats = spec(child.game_id).threats
    if child.outcome is not None or child.to_move == mover or threats is None:
        return 0
    return sum(len(t.squares) for t in threats(child) if t.kind == "capture")


_threats_cache: Recent[tuple[str, object, str], int] = Recent()


def threats_made(state: GameState, colour: str, plies: int = 2 * WINDOW) -> int:
    """The opponent's men ``colour``'s moves threatened in the last ``plies`` plies that led
    to ``state``, counted as ``men_left`` counts: over the same stretch for both sides, in the
    decisions that had a choice."""
    count = 0
    for _, _, child in choices_of(state, colour, plies):
        key = (child.game_id, child.key, colour)
        made = _threats_cache.recall(key)
        count += _threats_cache.keep(key, threats_in(child, colour)) if made is None else made
    return count


def raced(state: GameState, colour: str, plies: int = 2 * WINDOW) -> tuple[int, int]:
    """How far ``colour``'s own moves carried him in the race in the last ``plies`` plies that
    led to ``state``: the rows they brought his leading man closer to the opponent's home row
    (``rows_to_cross``), and his men's advance (``advancement``), each summed over his moves,
    so a man of his taken meanwhile is not counted as ground lost; over the same stretch as
    ``men_left``; (0, 0) in a game not won by crossing."""
    from ludique.ai.evaluation import ai_for

    ai = ai_for(state)
    if ai.rows_to_cross(state, colour) is None:
        return 0, 0
    rows = advance = 0
    for node, _, child in choices_of(state, colour, plies):
        rows += (ai.rows_to_cross(node, colour) or 0) - (ai.rows_to_cross(child, colour) or 0)
        advance += ai.advancement(child, colour) - ai.advancement(node, colour)
    return rows, advance


def room(state: GameState, move: Move) -> int:
    """The moves ``move`` leaves the opponent (a squeeze leaves him fewer; in a game where a
    player who cannot move loses, none is a win)."""
    child = state.play(move)
    if child.outcome is not None or child.to_move == state.to_move:
        return 0
    return len(child.legal_moves())


Late = Callable[[], bool]  # whether the decision's clock has run out


def play_at_loss(
    state: GameState,
    target: float,
    overlooks: Overlooks,
    rng: random.Random,
    stop: Callable[[], bool] | None = None,
    deadline: float | None = None,
    clock: Clock = time.perf_counter,
    threatens: bool = True,
    leads: tuple[bool, bool] = (False, False),
) -> Move:
    """A move whose expected loss against the best move it sees is ``target`` (a slower plan):
    a win it sees always; else among the moves that leave nothing for nothing (only those that
    leave a man, valued as if it were safe, where it ``overlooks`` a threat; no capture where it
    overlooks them; where it ``leads`` the race, in its leader's rows or its men's advance,
    those that keep his pace, ``slowed``), weighted ``exp(-loss / temperature)``,
    tilted toward pressure (toward threats only where it ``threatens``)."""
    late, _ = clock_checks(stop, deadline, clock)
    legal = {m.text: m for m in state.legal_moves()}
    reference: float | None = None
    if spec(state.game_id).solved:
        from ludique.ai.solved import solved

        pool = [(c, m) for m, c in solved(state.game_id).move_values(state)]
        if max(c for c, _ in pool) >= 1.0:
            return rng.choice([m for c, m in pool if c >= 1.0])
        tilt = [0.0] * len(pool)
    else:
        values = [(v, legal[text]) for text, v in referee_values(state, stop, deadline, clock)]
        top = max(v for v, _ in values)
        if top >= MATE_ZONE:  # a win its search sees is never missed
            return rng.choice([m for v, m in values if v == top])
        seen = seen_moves(state, values, target, overlooks, late)
        pool = [(win_chance(state.game_id, v), m) for v, m in seen.moves]
        target, reference = seen.aim, seen.best
        if any(leads):
            # it waits: the loss is still counted from the best move it sees
            reference = max(c for c, _ in pool) if reference is None else reference
            pool = slowed(state, pool, *leads)
        tilt = press(state, pool, target, late, threatens)
    # losses are counted from the best move it sees (of all, for a mistake it makes)
    best = max(c for c, _ in pool) if reference is None else reference
    losses = [best - c for c, _ in pool]
    tilt = tilt_within_reach(losses, target, tilt)
    temperature = temperature_for(losses, target, tilt)
    weights = tilted_weights(losses, temperature, tilt)
    total = math.fsum(weights)
    return pool[draw([w / total for w in weights], rng)][1]


@dataclass(frozen=True)
class Seen:
    """The moves it chooses among (with their referee values), the loss it aims at in this
    decision, and the chance its losses are counted from (``None``: the best of ``moves``)."""

    moves: list[tuple[int, Move]]
    aim: float
    best: float | None = None


def within(
    game: str, moves: list[tuple[int, Move]], best: float, aim: float
) -> list[tuple[int, Move]]:
    """The moves that lose at most ``LOSS_CAP`` times ``aim`` (at least ``CAP_FLOOR``) from
    ``best``: a move that loses far more than the loss aimed at is all but never drawn."""
    cap = max(LOSS_CAP * aim, CAP_FLOOR)
    return [(v, m) for v, m in moves if best - win_chance(game, v) <= cap]


def seen_moves(
    state: GameState,
    values: list[tuple[int, Move]],
    target: float,
    overlooks: Overlooks,
    late: Late,
) -> Seen:
    """The moves of a search game it chooses among, with their values: where it ``overlooks``
    a threat, those that leave a man, aimed at what his men left cost him; where it overlooks
    the men it could take, the quiet moves, aimed at what his captures not seen cost him (each
    counted from the best move of all, and only if such a move loses no more than ``within``
    allows); else, and of those, the moves that leave nothing for nothing and miss no capture
    (``sees_captures``), at ``target``."""
    from ludique.ai.evaluation import ai_for

    game, ai = state.game_id, ai_for(state)
    alive = [(v, m) for v, m in values if v > -MATE_ZONE] or values
    seen = win_chance(game, max(v for v, _ in alive))
    if overlooks.threat is not None:
        # the man it leaves is not seen: among the moves that cost about what his cost him,
        # those that look best are asked what they leave first, within the clock; none found
        # in time, or none at all, it sees the threat.  It does not see his reply, but it
        # sees its own captures unless it overlooks those too: where a best move takes a man,
        # the man it leaves is left by a move that takes one, so that one drawn mistake is
        # never two (a quiet move there would be a capture not seen as well)
        weighed = within(game, alive, seen, overlooks.threat)
        if overlooks.captures is None:
            weighed = sees_captures(state, weighed, seen)
        left: list[tuple[int, Move]] = []
        for v, m in sorted(weighed, key=lambda vm: -vm[0]):
            if late():
                break
            if exposure(ai, state, m) > 0:
                left.append((v, m))
        if left:
            return Seen(left, overlooks.threat, seen)
    best: float | None = None
    if overlooks.captures is not None:  # the men it could take are not seen
        quiet = [(v, m) for v, m in alive if not ai.capture_gain(state, m)]
        quiet = within(game, quiet, seen, overlooks.captures)
        if quiet and len(quiet) < len(alive):
            alive, target, best = quiet, overlooks.captures, seen
    if best is None:
        alive = sees_captures(state, alive, seen)
    alive = within(game, alive, seen, target) or alive

    # the moves nearest the loss aimed at first, and within the clock: a move not yet asked when
    # it runs out is not weighed (a wide position of a phalanx game asks 100-200 moves
    # what they leave), and those asked are the ones the aim would draw most
    def off_aim(vm: tuple[int, Move]) -> float:
        return abs(seen - win_chance(game, vm[0]) - target)

    asked: list[tuple[int, int, Move]] = []
    for v, m in sorted(alive, key=off_aim):
        if asked and late() and min(e for e, _, _ in asked) <= 0:
            break
        asked.append((exposure(ai, state, m), v, m))
        if late() and len(asked) >= NEAREST:
            break  # none safe among as many as it weighs: the least exposed of them
    least = max(0, min(e for e, _, _ in asked))
    return Seen([(v, m) for e, v, m in asked if e <= least], target, best)


def sees_captures(
    state: GameState, moves: list[tuple[int, Move]], seen: float
) -> list[tuple[int, Move]]:
    """The moves of a decision that sees the men it could take: where a best move takes one,
    a quiet move that loses more than moves alike (``INFORMATIVE_LOSS``) is a capture not seen
    (his are told so, ``skill.Decision.missed``), a mistake made only at his rate of those
    (``Overlooks.captures``), never as a slower plan: his plan's loss is read from his other
    decisions, so a plan that missed captures would add the one kind to the other."""
    from ludique.ai.evaluation import ai_for

    ai, game = ai_for(state), state.game_id
    chances = [(win_chance(game, v), v, m) for v, m in moves]
    if not any(c == seen and ai.capture_gain(state, m) > 0 for c, _, m in chances):
        return moves
    return [
        (v, m)
        for c, v, m in chances
        if seen - c <= INFORMATIVE_LOSS or ai.capture_gain(state, m) > 0
    ]


def press(
    state: GameState,
    pool: list[tuple[float, Move]],
    target: float,
    late: Late,
    threatens: bool = True,
) -> list[float]:
    """Each move's tilt toward pressure: among the ``NEAREST`` moves of ``pool`` that lose
    least and within twice the loss aimed at, each man a move threatens makes it e times as
    likely where it ``threatens`` (``pressing``); in a quiet position (nothing to take,
    nothing of its own threatened) so does a squeeze, a move that leaves him least room.  No
    move is taken out of the draw: the temperature is set after the tilt (``play_at_loss``,
    which gives the tilt up as far as it would hold the loss below the aim), so the tilt
    moves the choice, never the loss aimed at."""
    from ludique.ai.evaluation import ai_for

    best = max(c for c, _ in pool)
    near = max(2 * target, 2 * INFORMATIVE_LOSS)
    weighed = {id(m) for c, m in sorted(pool, key=lambda cm: -cm[0])[:NEAREST] if best - c <= near}
    pressed = [i for i, (_, m) in enumerate(pool) if id(m) in weighed]
    tilt = [0.0] * len(pool)
    for i in pressed if threatens else []:
        if late():
            return tilt  # the clock ran out: the rest weighed by their loss alone
        tilt[i] = PRESSURE_TILT * threatened(state, pool[i][1])
    ai = ai_for(state)
    if any(ai.capture_gain(state, m) for m in state.legal_moves()) or threatened_here(state):
        return tilt
    rooms: dict[int, int] = {}
    for i in pressed:
        if late():
            break  # the clock ran out: the squeeze among the moves asked
        rooms[i] = room(state, pool[i][1])
    least = min(rooms.values(), default=0)
    if rooms and least < max(rooms.values()):
        for i, left_him in rooms.items():
            tilt[i] += PRESSURE_TILT * (left_him == least)
    return tilt


def slowed(
    state: GameState, pool: list[tuple[float, Move]], lead: bool, mass: bool
) -> list[tuple[float, Move]]:
    """The moves of ``pool`` that keep its pace in a race it leads: none that brings its leading
    man closer where it leads in the leader's rows (``lead``), none that carries its men
    forward where it leads in their advance (``mass``); all of them where none would be left."""
    from ludique.ai.evaluation import ai_for

    ai, mover = ai_for(state), state.to_move
    rows, ahead = ai.rows_to_cross(state, mover), ai.advancement(state, mover)
    if rows is None:
        return pool

    def keeps_pace(move: Move) -> bool:
        child = state.play(move)
        return not (lead and (ai.rows_to_cross(child, mover) or 0) < rows) and not (
            mass and ai.advancement(child, mover) > ahead
        )

    return [(c, m) for c, m in pool if keeps_pace(m)] or pool


def pressing(own_threats: int, his_threats: int) -> bool:
    """Whether it tilts toward threats, from the men each side threatened over the same
    stretch (``threats_made``): a threat is a third ply the referee does not weigh, so a tilt
    toward threats at every move plays stronger than its loss says."""
    return own_threats <= his_threats


def threatened_here(state: GameState) -> bool:
    """Whether the opponent threatens to take one of the mover's men now."""
    threats = spec(state.game_id).threats
    return threats is not None and any(t.kind == "capture" for t in threats(state))


def champion_move(
    state: GameState,
    level: Level,
    started: float,
    budget: float,
    rng: random.Random,
    stop: Callable[[], bool] | None = None,
    may_leave: bool = True,
) -> Move:
    """The Champion's search as ``level`` thinks it, for a visitor as sharp: the rung's measured
    thought in nodes, and no longer than the Champion's share of the budget from the decision's
    start (a slower machine thinks fewer nodes, it does not make the visitor wait longer)."""
    from ludique.ai.evaluation import ai_for

    now = time.perf_counter()
    deadline = min(started + budget * CHAMPION_SHARE, started + LONGEST - UNWIND)
    limit = Limit(time=max(0.0, deadline - now), nodes=thought(state.game_id, level))
    ai = ai_for(state)
    searcher = Searcher(ai, limit, start=now, stop=stop, rng=rng)
    if may_leave:
        return searcher.search(state).move
    # a man left for nothing only as often as the visitor leaves one, as at any level
    return searcher.search(state, allowed=lambda m: exposure(ai, state, m) <= 0).move


def even_decision(
    state: GameState,
    started: float,
    budget: float,
    rng: random.Random,
    stop: Callable[[], bool] | None = None,
    clock: Clock = time.perf_counter,
) -> EvenDecision:
    """Even match's decision in any game (the state has more than one legal move), within
    ``budget`` seconds from ``started`` (on ``clock``)."""
    allowance = min(budget * CHAMPION_SHARE, LONGEST - UNWIND)
    # the players' last positions are read within the first part of it, so that the rest is
    # left for its own position (a slower machine reads fewer of them, it does not wait longer)
    reading = started + READING_SHARE * allowance
    visitor = loss_rates(state, state.opponent, stop, reading, clock)
    # never a man left more often than he leaves one: both counted over the same stretch
    own_left = men_left(state, state.to_move)
    his_left, his_choices = leaving(state, state.opponent)
    losses = measured(state.game_id).losses
    rung = rung_of(visitor.loss, losses)
    # His mistakes are of three kinds, and so are its own, each at his rate: a capture not
    # seen, a threat to a man of its own not seen (never while it has left as many men as he
    # has), and, in every other decision, a slower plan at his plan's loss (a rate, not a debt:
    # his blunders are matched by its own of the same kind, never paid back by its plan).
    overlooks = Overlooks(
        captures=visitor.miss_loss if rng.random() < visitor.miss_rate else None,
        threat=visitor.left_loss
        if own_left < his_left and rng.random() < leave_rate(his_left, his_choices)
        else None,
    )
    target = visitor.plan
    searcher = LADDER[min(len(LADDER) - 1, round(rung))]
    if not spec(state.game_id).solved and searcher.search == "champion":
        # told as a rung that plays the Champion's search, he meets that search on the
        # Champion's thought: the scale does not tell the expert from the Champion (their
        # measured losses lie within a few thousandths, in either order from game to game)
        may_leave = own_left < his_left
        move = champion_move(state, LADDER[-1], started, budget, rng, stop, may_leave)
        threatens = False  # its search weighs threats as it sees them, with no tilt
        slows = False  # and the race as it sees it
    else:
        deadline = started + allowance
        # it builds threats at his pace: while it has threatened no more of his men than he
        # has of its own over the stretch of the men left (so between two careful players it
        # makes the first); a solved race has no threats to build
        threatens = not spec(state.game_id).solved and pressing(
            threats_made(state, state.to_move), threats_made(state, state.opponent)
        )
        # in a race it keeps his pace (a slower plan): while its moves have brought its leader
        # or its men further than his have brought his, over the same stretch, they wait; two
        # plies weigh a step forward once, where in a race the tempo compounds
        own, his = raced(state, state.to_move), raced(state, state.opponent)
        leads = (own[0] > his[0], own[1] > his[1])
        slows = any(leads)
        move = play_at_loss(state, target, overlooks, rng, stop, deadline, clock, threatens, leads)
    return EvenDecision(move, target, visitor, rung, own_left, his_left, threatens, slows)


decide = even_decision  # the name ``ludique.ai.decide`` called it by before
