"""Even match: the computer plays like a person of the visitor's own strength.

Three parts, the same in every game:

1. **A referee** (``referee_chances``) gives each legal move its winning chance for the mover:
   the solved table in Pente grammai; elsewhere a fixed two-ply search (with the Latrunculi
   capture quiescence and the Epaminondas crossing extensions) whose value, in hundredths of a
   piece, becomes a chance through a measured calibration (``Measured.value_scale``: Champion
   self-play, ``benchmarks/even_calibrate.py``).  It reads no clock, so it is a pure function
   of the position.
2. **A ladder** of levels (``LADDER``), from a child's to the Champion's: each picks among the
   moves its search can see with weights ``exp(-loss / temperature)``, a lower temperature for a
   stronger level, and none steps a piece into a capture it can see (``HANG``) or misses a win
   it can see.  The upper rungs search deeper, the top one is the Champion itself, thinking
   as many nodes as when its strength was measured (``Measured.thought``), whatever the clock.
3. **The visitor's skill** (``ludique.ai.skill``): the same choice model read backwards, a
   posterior over the ladder's rungs from his recent moves: each weighed by the chance that the
   rung would have made it there (``policy``, the distribution the rung plays from; for the
   rungs that play the Champion's search, the move that search chooses in three plies at the
   share of their own moves measured to be it, or else what the move lost by the referee at
   the rung's measured temperature).

Each decision the computer plays the level that gives the visitor a fair game (his expected
score against it one half, by each rung's measured rating, over all the estimate says he may
be; a level between two rungs is played by the nearer, since the two in turn play as the
weaker), nudged toward the side that is behind when the referee has one side behind
(``STEP``): the visitor's expected score a half less ``NUDGE`` or a half and ``NUDGE``, a
bounded nudge, never a thrown game.  A game gone quiet is played at the fair level, neither
way, and one that has outlasted a visit nudges only up, to finish a game the computer leads
(``rung_for``).  Nothing is kept between two decisions but the game itself.
"""

from __future__ import annotations

import math
import random
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ludique.ai.core import INFINITY, MATE_ZONE, GameAI
from ludique.ai.measured import NOMINAL, measured
from ludique.ai.search import Limit, Searcher
from ludique.ai.skill import (
    SkillEstimate,
    agreement,
    decisions_of,
    estimate,
    hypotheses,
    ladder_strength,
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
# (a Latrunculi melee whose captures chain on) is judged at one ply within half as many, then by
# the position each move leaves (why not a fixed bound: docs/ai.md, "The referee").
REFEREE_NODES = 2_000
REFEREE_SPAN = 3
HANG = 60  # a move this far below the best (a man is 100) loses material its searcher can see
STEP = 0.1  # the computer's chance this far from one half nudges it (toward the side behind)
# How far the nudge moves the visitor's expected score from one half: the half-width of the
# band a fair game keeps him in (35-65% of decided games).
NUDGE = 0.15
QUIET = 20  # plies without a capture after which a game has gone quiet
LATE = 100  # moves (throws not counted) after which a game has outlasted a museum visit
CHAMPION_SHARE = 0.95  # of the budget, for the fixed Champion (``play_search_rung``'s clock)
LONGEST = 2.0  # seconds: the kiosk's longest wait for the computer (``ludique.ai.MAX_BUDGET``)
# Of it, the time kept for a search to see its deadline pass and its move to come back: a
# Champion's search given all of it ended 2-3 ms past the two seconds on a busy machine.
UNWIND = 0.05
# Positions whose referee values are kept (``Recent``): each decision reads the visitor's last
# 20-80 positions again, and a cache emptied all at once cost the next one 2-3 s in a long game.
REFEREE_CACHE = 4096
# The rungs that play the Champion's search are read by that search's own choice, run as far
# as a decision can afford on each position read: three plies within a node bound (two in an
# Epaminondas middle game; a median of 0.05-0.18 s a position, at most 0.6 s), at the share of
# their moves measured to be it (``Measured.agreement``; docs/ai.md, "The top rungs read by their
# own choice").
READER_DEPTH = 3
READER_NODES = 20_000


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


def same_player(game_id: str, a: Level, b: Level) -> bool:
    """Whether two rungs choose alike in ``game_id``: at the same temperature in the same way
    (in a solved game every rung that looks reads the same exact table, whatever its search)."""
    if (a.temperature, a.overlook) != (b.temperature, b.overlook):
        return False
    return spec(game_id).solved or thought(game_id, a) == thought(game_id, b)


def thought(game_id: str, level: Level) -> int:
    """The nodes ``level`` thinks in ``game_id`` (``Measured.thought``; 0 for a rung that does
    not play the Champion's search: it reads the referee's two plies)."""
    # Nodes, not a share of the clock: their ratings and reading were measured at 0.25 s a
    # move, and at the kiosk's 1.5 s the same search sees a ply or two further, a player no
    # rung measured (docs/ai.md, "Each rung thinks as it was measured").  The expert, on a third
    # of the Champion's time, sees about a ply less; the two-ply rungs end 700-950 Elo below
    # the Champion, too wide for one step.
    if level.search != "champion":
        return 0
    expert, champion = measured(game_id).thought
    return champion if level == LADDER[-1] else expert


def ratings(game_id: str) -> tuple[float, ...]:
    """Each rung's rating in ``game_id`` (``skill.ladder_strength``), rungs that are one player
    there sharing the mean of what was measured for them: a gap between them is the noise of
    their games (Pente grammai's expert and Champion, 162 Elo apart on two games a pair, which
    gave the Champion a level below him; docs/ai.md, "The reading measured")."""
    rated = ladder_strength(game_id)
    out = []
    for level in LADDER:
        alike = [r for r, b in zip(rated, LADDER, strict=True) if same_player(game_id, level, b)]
        out.append(math.fsum(alike) / len(alike))
    return tuple(out)


@dataclass(frozen=True)
class EvenDecision:
    """What one decision chose and why: the move, the rung played, the rung the visitor's
    estimate pointed at, the computer's chance before the move (by the referee)."""

    move: Move
    rung: int
    estimated: int
    chance: float
    skill: SkillEstimate

    def note(self) -> dict[str, float | int]:
        """What the kiosk keeps of it: the game record's estimate of the visitor."""
        return {"played": self.rung, **self.skill.to_json()}


def win_chance(game_id: str, value: float) -> float:
    """The calibrated chance that the player to move wins, from a search value."""
    if value >= MATE_ZONE:
        return 1.0
    if value <= -MATE_ZONE:
        return 0.0
    x = value / measured(game_id).value_scale
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, x))))


def score_all(
    searcher: Searcher, state: GameState, moves: list[Move], depth: int, extensions: int
) -> list[tuple[int, Move]]:
    """Every move's value at ``depth`` with an open window (a value, not a bound, for each)."""
    mover = state.to_move
    out = []
    for move in moves:
        child = state._apply(move)
        if child.to_move == mover:  # the Seneca removal: the same player, no ply spent
            value = searcher._negamax(child, depth, -INFINITY, INFINITY, 1, extensions)
        else:
            value = -searcher._negamax(child, depth - 1, -INFINITY, INFINITY, 1, extensions)
        out.append((value, move))
    return out


# --- the referee ------------------------------------------------------------------------------
def judge(
    state: GameState,
    moves: list[Move],
    depth: int,
    nodes: int,
    stop: Callable[[], bool] | None = None,
) -> list[tuple[int, Move]]:
    """Each of ``moves`` with its value at ``depth`` plies for the mover, as the referee searches
    it (no contempt, the extensions); ``SearchAborted`` past ``nodes`` or on ``stop``."""
    from ludique.ai.evaluation import ai_for

    searcher = Searcher(ai_for(state), Limit(nodes=nodes), stop=stop, contempt=0)
    searcher.root_colour = state.to_move
    return score_all(searcher, state, moves, depth, 2)


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


def referee_values(
    state: GameState, stop: Callable[[], bool] | None = None
) -> tuple[tuple[str, int], ...]:
    """Each legal move of a search game with its two-ply value for the mover, one ply where two
    do not fit the node bound (no clock read).

    ``stop`` (the worker's cancellation) ends it with ``Cancelled``, nothing cached: the answer
    of a cancelled request is never used, and a cut-short one must not be remembered."""
    cache_key = (state.game_id, state.key)
    cached = _referee_cache.recall(cache_key)
    if cached is not None:
        return cached
    from ludique.ai.evaluation import ai_for
    from ludique.ai.search import SearchAborted

    moves = state.legal_moves()
    bound = REFEREE_NODES + REFEREE_SPAN * len(moves) ** 2
    for depth in range(REFEREE_DEPTH, 0, -1):
        try:
            scored = judge(state, moves, depth, bound >> (REFEREE_DEPTH - depth), stop)
            break
        except SearchAborted:
            if stop is not None and stop():
                raise Cancelled from None
    else:  # not even one ply in bounds: the position each move leaves, as it stands
        scored = [(_static_after(ai_for(state), state, m), m) for m in moves]
    values = tuple((move.text, value) for value, move in scored)
    return _referee_cache.keep(cache_key, values)


def _static_after(ai: GameAI, state: GameState, move: Move) -> int:
    child = state._apply(move)
    outcome = child.outcome
    if outcome is not None:
        return MATE_ZONE if outcome.winner == state.to_move else -MATE_ZONE if outcome.winner else 0
    return ai.evaluate(child) * (1 if child.to_move == state.to_move else -1)


class Cancelled(Exception):
    """The request was cancelled while the referee judged a position."""


def referee_chances(
    state: GameState, stop: Callable[[], bool] | None = None
) -> list[tuple[str, float]]:
    """Each legal move with the mover's winning chance once it is played."""
    if state.needs_roll or state.outcome is not None:
        return []
    if spec(state.game_id).solved:
        from ludique.ai.pente import move_values

        return [(m.text, v) for m, v in move_values(state)]  # type: ignore[arg-type]
    return [(text, win_chance(state.game_id, v)) for text, v in referee_values(state, stop)]


def visitor_skill(state: GameState, stop: Callable[[], bool] | None = None) -> SkillEstimate:
    """The estimate of the player not to move (the visitor, when the computer is to move)."""
    visitor = next(c for c in state.colours if c != state.to_move)
    decisions = decisions_of(
        state,
        visitor,
        lambda node: referee_chances(node, stop),
        chosen_by=lambda node, action: chosen_by(node, action, stop),
    )
    return estimate(decisions, hypotheses(state.game_id))


_chosen_cache: Recent[tuple[str, object, str], tuple[float | None, ...]] = Recent()


def chosen_by(
    state: GameState, action: str, stop: Callable[[], bool] | None = None
) -> tuple[float | None, ...]:
    """The chance that each hypothesis of the visitor's estimate (``skill.hypotheses``: the
    random mover, then the rungs) plays ``action`` in ``state`` by its own choice (``policy``),
    ``None`` for the random mover (read as uniform)."""
    key = (state.game_id, state.key, action)
    cached = _chosen_cache.recall(key)
    if cached is not None:
        return cached
    known: list[float | None] = [None]
    seen: dict[str, Options] = {}
    for level in LADDER:
        known.append(policy(state, level, stop, seen).get(action, 0.0))
    return _chosen_cache.keep(key, tuple(known))


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
    child = state._apply(move)
    if child.outcome is not None or child.to_move == state.to_move:
        return -gain(state, move)  # a won game, or a Seneca removal still to come
    worst = 0
    for reply in child.legal_moves():
        taken = gain(child, reply)
        if taken <= worst:
            continue
        after = child._apply(reply)
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


def quiet_plies(state: GameState, limit: int) -> int:
    """Plies since the last capture, counted up to ``limit``."""
    from ludique.ai.evaluation import ai_for

    ai = ai_for(state)
    count, child, node = 0, state, state.parent
    while node is not None and count < limit:
        if not node.needs_roll and child.action is not None:
            move = node.find_move(child.action)
            if move is not None and ai.capture_gain(node, move):
                break
        count += 1
        child, node = node, node.parent
    return count


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


def looked(state: GameState, stop: Callable[[], bool] | None) -> Options:
    """How a rung that looks at the reply chooses in a search game: by the referee's two plies,
    among its candidates; a win it sees always."""
    from ludique.ai.evaluation import ai_for

    legal = {m.text: m for m in state.legal_moves()}
    values = [(v, legal[text]) for text, v in referee_values(state, stop)]
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
    # A game lost on the board is seen without looking ahead, as a man left to be taken is (an
    # Epaminondas intruder left standing on its home row wins when the opponent's turn starts):
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


def pente_looked(state: GameState) -> Options:
    """How a Pente grammai rung that looks chooses: by the exact chances, a move that wins at
    once always."""
    from ludique.ai.pente import move_values

    scored = move_values(state)  # type: ignore[arg-type]
    texts = tuple(m.text for m, _ in scored)
    if max(v for _, v in scored) >= 1.0:
        return Options(texts, wins=tuple(m.text for m, v in scored if v >= 1.0))
    return Options(texts, tuple(v for _, v in scored))


def policy(
    state: GameState,
    level: Level,
    stop: Callable[[], bool] | None = None,
    seen: dict[str, Options] | None = None,
) -> Policy:
    """The chance that ``level`` plays each legal move of ``state`` (for the rungs that play the
    Champion's search, as they are read: ``searched``).  ``seen`` keeps what one position's
    ways of choosing weigh, for the next rung asked about it."""
    seen = {} if seen is None else seen

    def options(way: str) -> Options:
        if way not in seen:
            if way == "overlooked":
                seen[way] = overlooked(state)
            elif way == "pente":
                seen[way] = pente_looked(state)
            else:
                seen[way] = looked(state, stop)
        return seen[way]

    solved = spec(state.game_id).solved
    if level.search == "champion" and not solved:
        return searched(state, level, stop)
    if level.overlook >= 1.0:
        return options("overlooked").choice(level.temperature)
    sees = options("pente" if solved else "looked").choice(level.temperature)
    if not level.overlook:
        return sees
    out = {text: (1.0 - level.overlook) * p for text, p in sees.items()}
    for text, p in options("overlooked").choice(level.temperature).items():
        out[text] = out.get(text, 0.0) + level.overlook * p
    return out


def searched(state: GameState, level: Level, stop: Callable[[], bool] | None) -> Policy:
    """How a rung that plays the Champion's search is read: the move the Champion's search
    chooses in a few plies (``reader_choice``) at the share of its own moves measured to be
    that move (``skill.agreement``), the rest over every legal move by the referee at the
    rung's measured temperature (where its own search chose otherwise)."""
    rung = LADDER.index(level)
    share = agreement(state.game_id, rung)
    scored = referee_chances(state, stop)
    weights = boltzmann_weights([c for _, c in scored], hypotheses(state.game_id)[rung + 1][0])
    out = {text: (1.0 - share) * w for (text, _), w in zip(scored, weights, strict=True)}
    deep = reader_choice(state, stop)
    out[deep] = out.get(deep, 0.0) + share
    return out


_reader_cache: Recent[tuple[str, object], str] = Recent()


def reader_choice(state: GameState, stop: Callable[[], bool] | None = None) -> str:
    """The move the Champion's search chooses in ``state`` within ``READER_DEPTH`` plies and
    ``READER_NODES`` nodes (no clock read: a pure function of the position)."""
    key = (state.game_id, state.key)
    cached = _reader_cache.recall(key)
    if cached is not None:
        return cached
    from ludique.ai.evaluation import ai_for

    limit = Limit(depth=READER_DEPTH, nodes=READER_NODES)
    found = Searcher(ai_for(state), limit, stop=stop, rng=random.Random(0)).search(state)
    if stop is not None and stop():
        raise Cancelled  # a cut-short search is never remembered
    return _reader_cache.keep(key, found.move.text)


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
    """A move of a search game at ``level`` (``clock``: the Champion's search thinks as long
    as ``budget`` allows, not the rung's measured thought)."""
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
    return play_policy(looked(state, stop).choice(level.temperature), state, rng)


def play_pente_rung(state: GameState, level: Level, rng: random.Random) -> Move:
    """A Pente grammai move at ``level``, from the exact chances."""
    if level.overlook and rng.random() < level.overlook:  # the race, not the table
        return play_policy(overlooked(state).choice(level.temperature), state, rng)
    return play_policy(pente_looked(state).choice(level.temperature), state, rng)


def rung_for(
    skill: SkillEstimate,
    chance: float,
    quiet: bool = False,
    late: bool = False,
    strengths: Sequence[float] = NOMINAL.ratings,
) -> tuple[int, int]:
    """(the rung to play, the rung nearest the fair level). The computer plays the level
    (``SkillEstimate.level``) against which the visitor's expected score, by the ladder's
    ratings ``strengths`` over the posterior, is one half, nudged by ``NUDGE`` toward the side
    that is behind: a half less ``NUDGE`` when the computer is behind, a half and ``NUDGE`` when
    it is ahead (as large both ways: less near an end of the ladder, none at an end). In a game
    gone quiet it plays the fair level, neither way (``aim``). Once a game has outlasted a
    visit (``late``) it never nudges down, and nudges up only to finish a game it leads, from
    any level (the toddler can lead a game and never end it): a lead the moves built decides,
    whoever holds it (the ways tried before, and why each failed: docs/ai.md, "The rung
    played").

    The level weighs the rungs by what they are worth, not by their place on the ladder (where
    neighbouring rungs play alike, as Epaminondas' child and novice, a visitor who may be either
    meets one of them, not the rung above), and a level between two rungs is played by the one
    nearer it in expected score (``Mix.nearest``): the two played in turn play as the weaker,
    measured (docs/ai.md, "A level between two rungs measured"), so that a level below the
    stronger rung by any share would be the weaker rung."""
    fair = skill.level(strengths)
    direction = aim(chance, quiet, late)
    if not direction:
        return fair.nearest, fair.nearest
    # how far the ladder reaches each way from one half (his score against its top and bottom)
    up = 0.5 - skill.expected_score(strengths, len(strengths) - 1)
    down = skill.expected_score(strengths, 0) - 0.5
    # Near an end of the ladder a nudge could go further one way than the other: toward the
    # computer at the bottom, toward the visitor at the top, so that it would decide the
    # weakest visitors' games for the computer and the strongest visitors' for them.  It is as
    # large both ways, none at an end; only the finish of a long game goes up from the bottom.
    room = up if late else min(up, down)
    target = 0.5 + direction * max(0.0, min(NUDGE, room))
    return skill.level(strengths, target).nearest, fair.nearest


def aim(chance: float, quiet: bool, late: bool) -> int:
    """Which way the computer nudges the visitor's expected score, from its own chance by the
    referee: -1 (it plays stronger), +1 (weaker) or 0."""
    behind, ahead = chance < 0.5 - STEP, chance > 0.5 + STEP
    if late:
        # finishing a game it leads is a nudge up from any level: the toddler, which chooses
        # among its safe moves alike, led the weakest visitors' Pente grammai races for 100-300
        # rounds without ending them
        return -1 if ahead else 0
    if quiet:
        # its level, neither way: a nudge that could only go up here (behind, it caught up;
        # ahead, it held its level) leaned most of a Latrunculi game toward the computer
        return 0
    return -1 if behind else 1 if ahead else 0


def decide(
    state: GameState,
    started: float,
    budget: float,
    rng: random.Random,
    stop: Callable[[], bool] | None = None,
) -> EvenDecision:
    """Even match's decision in any game (the state has more than one legal move)."""
    skill = visitor_skill(state, stop)
    own = referee_chances(state, stop)
    chance = max(c for _, c in own)
    late = len(state.moves_played()) >= LATE
    strengths = ratings(state.game_id)
    if spec(state.game_id).solved:
        rung, estimated = rung_for(skill, chance, late=late, strengths=strengths)
        move = play_pente_rung(state, LADDER[rung], rng)
    else:
        quiet = quiet_plies(state, QUIET) >= QUIET
        rung, estimated = rung_for(skill, chance, quiet, late, strengths)
        move = play_search_rung(state, LADDER[rung], started, budget, rng, stop)
    return EvenDecision(move, rung, estimated, chance, skill)
