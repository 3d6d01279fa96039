"""Even match: a computer opponent that keeps the game close, whoever the visitor is.

Pente grammai is solved: its Even match plays from the exact table (``ludique.ai.even_pente``).
In Epaminondas and the Latrunculi variants it knows only the search's value (hundredths of a
piece).  A measured calibration (``CALIBRATION``: Champion self-play, ``benchmarks/
even_calibrate.py``) turns a value into the mover's winning chance,
``1 / (1 + exp(-value / scale))``.  Each decision:

1. The Champion's search, on part of the budget.  If the computer is not ahead (its chance
   at most ``AHEAD``), it goes on searching for the whole budget and plays the Champion's move:
   full strength when the visitor leads or the game is level.
2. Otherwise every legal move is searched with an open window, deepening while the budget
   lasts, so that each gets a value rather than a bound.  Moves that lose by force are set
   aside (unless all do).  A move that drops the value by more than ``GIVE_AWAY`` below the
   position's own static value hands the visitor material for nothing; such moves are set
   aside too while a quiet move keeps the computer's chance within ``BALANCE`` of one half.
   Among what is left, the move whose chance is closest to one half.  When no quiet move comes
   near the balance, a move that concedes at most about one piece more than the closest quiet
   move may be chosen, so the computer gives back a lead step by step, never all at once; and
   only a lead in men is given back so: with the men level, quiet moves alone.
3. In Epaminondas the move so chosen (unless yielding) is searched again, alone and deeper
   (``checked``): a race to the home row lies deeper than every move's open-window value
   reaches, and a crossing decides at once.  A move the check finds below the balance is not
   played.

Once a game has settled (``lean``), a toss makes the computer press (the Champion's move to the
end) or yield (``yield_pick``: one man offered where the visitor's replies most often take it,
then the deficit held), so that a level game is decided.  The kiosk deals its games in pairs
(``Deal``): the two games of a pair lean opposite ways, in an order no visitor can foresee.
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from ludique.ai.core import INFINITY, MATE_ZONE, GameAI
from ludique.ai.search import CONTEMPT, SearchAborted, Searcher, SearchResult
from ludique.games.base import GameState, Move

# Value (hundredths of a piece, for the player to move) at which the Champion, playing on
# against itself, wins 1 / (1 + e**-1) = 73% of its games: fitted by maximum likelihood on
# Champion self-play (see docs/ai.md, "Even match").
CALIBRATION: dict[str, float] = {
    "epaminondas": 255.0,
    "latrunculi-seneca": 55.0,
    "latrunculi-piso": 55.0,
    "latrunculi-petteia": 20.0,
    "latrunculi-dux": 95.0,
}
AHEAD = 0.55  # the computer's chance above which it starts to hold back
BALANCE = 0.15  # a chance within this of one half keeps the balance
GIVE_AWAY = 60  # a value this far below the static value gives a piece away (a man is 100)
# A draw scores this far below level for the computer (the search's contempt), so that it
# steers away from draws; an odd number, so that a root value of exactly -DRAW marks a draw line.
DRAW = 97
CONCEDE = 110  # when ahead and nothing is even: at most about a man below the least lead
FIRST_SHARE = 0.4  # of the budget, for the Champion's search of step 1
# A game held level ends level: in Latrunculi, 50 battle turns without a capture end it by the
# count of men, and Even match's balance made almost every game a draw (docs/ai.md).  Once a
# game has settled (LEAN_QUIET battle turns in a row without a capture or removal, or in
# Epaminondas LEAN_PLIES plies), the computer leans for the rest of it: a toss (``Deal``) sets
# its target to PRESS (it plays to win a man and keep it) or YIELD (it lets one go and plays on
# a man down).  Either way the game is decided, one half each.
LEAN_QUIET = 20
LEAN_PLIES = 40
PRESS, YIELD = 0.9, 0.1
BUDGET_SHARE = 0.95  # of the budget, in all (as the Champion)
OFFER_SHARE = 0.1  # of the budget, kept when yielding to find where a gift is easiest to take
CHECK_SHARE = 0.2  # of the budget, kept in Epaminondas to search the chosen move deeper
# The least depth of that search: four plies see a phalanx cross, be taken and cross again
# (the first search reaches three to four at 1.5 s, two on a busy machine).
CHECK_DEPTH = 4
RACE_ROWS = 3  # a visitor's piece this near the computer's home row races for it (``racing``)


def win_chance(game_id: str, value: float) -> float:
    """The calibrated chance that the player to move wins, from a search value."""
    if value >= MATE_ZONE:
        return 1.0
    if value <= -MATE_ZONE:
        return 0.0
    x = value / CALIBRATION.get(game_id, 150.0)
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, x))))


@dataclass(frozen=True)
class Deal:
    """Where a game stands in a series of Even match games (a kiosk's run): ``series`` names the
    series, ``game`` numbers its games from 0.

    A fair coin per game leaves the share of games a kiosk's visitors win to chance: over 20
    games it falls outside 35-65% one time in nine.  Dealt in pairs, games 2k and 2k+1 lean
    opposite ways, so that of any two games in a row the computer presses one and yields the
    other; which comes first is a toss of the pair (``series`` and k), which a visitor cannot
    foresee."""

    series: str
    game: int

    def __post_init__(self) -> None:
        if not isinstance(self.game, int) or self.game < 0:
            raise ValueError(f"Deal: game {self.game!r} must be a whole number from 0")

    def toss(self) -> int:
        """0 or 1: the lean of this game (``lean``'s odd toss presses)."""
        pair = hashlib.sha256(f"{self.series}/{self.game // 2}".encode()).digest()[0] & 1
        return pair ^ (self.game & 1)


class Dealer:
    """Numbers the Even match games of one series (a kiosk's run) as they start."""

    def __init__(self, series: str) -> None:
        self.series = series
        self.dealt = 0

    def deal(self, game_id: str, strength: str) -> Deal | None:
        """The next game's deal, or ``None`` for a game that never leans (another strength, or
        Pente grammai, which keeps its balance from the solved table): numbering those too
        would part the two games of a pair."""
        if strength != "even" or game_id == "pente-grammai":
            return None
        deal = Deal(self.series, self.dealt)
        self.dealt += 1
        return deal


def lean(state: GameState, deal: Deal | None = None) -> float:
    """The computer's target chance in a search game: one half until the game has settled, then
    ``PRESS`` or ``YIELD`` for the rest of the game, by the ``deal``'s toss, or without one by a
    toss fixed by the record up to the position where it settled (so each decision of the game
    finds the same toss)."""
    actions = state.actions()
    settled_at: int | None = None  # plies from the start to the position where it settled
    if state.game_id == "epaminondas":
        if len(actions) > LEAN_PLIES:
            settled_at = LEAN_PLIES + 1
    else:
        node: GameState | None = state
        ply = len(actions)
        while node is not None:  # back to the earliest settled position
            if in_battle(node) and getattr(node, "quiet", 0) >= LEAN_QUIET:
                settled_at = ply
            node, ply = node.parent, ply - 1
    if settled_at is None:
        return 0.5
    # A cryptographic digest, not a CRC: a CRC's bit is a fixed parity of the record's bits, and
    # records of one game differ too regularly for that to be a fair coin (11 of 12 Seneca
    # games leaned the same way with it).
    if deal is not None:
        toss = deal.toss()
    else:
        toss = hashlib.sha256(" ".join(actions[:settled_at]).encode()).digest()[0]
    return PRESS if toss & 1 else YIELD


def mix(chances: list[float], rng: random.Random, target: float = 0.5) -> int:
    """The index of the move to play, from each move's chance for the mover (after it).

    The move just at or above ``target`` (one half) and the move just below are mixed so that
    the expected chance is the target; when all are on one side, the one nearest is played
    (the best move, when the mover is behind).  Plain "closest to one half" would never play a
    winning move while any other exists, and the game would not end (see docs/ai.md).
    """
    above = [i for i, c in enumerate(chances) if c >= target]
    below = [i for i, c in enumerate(chances) if c < target]
    hi = min(above, key=lambda i: chances[i]) if above else None
    lo = max(below, key=lambda i: chances[i]) if below else None
    if lo is None:
        assert hi is not None
        return hi
    if hi is None:
        return lo
    q = (chances[hi] - target) / (chances[hi] - chances[lo])  # q*lo + (1-q)*hi = target
    return lo if rng.random() < q else hi


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


def pick(
    game_id: str,
    scored: list[tuple[int, Move]],
    static: int,
    rng: random.Random,
    target: float = 0.5,
    board: YieldBoard | None = None,
    *,
    men: int,
) -> tuple[Move, str]:
    """The move that keeps the game even, from every move's value, and which rule chose it.

    ``target`` is the computer's chance aimed at: one half until the game has settled
    (``lean``).  When the lean says yield, ``board`` is given and ``yield_pick`` chooses.
    Draw lines are left out while another move exists (a game should end with a winner).  Then
    the pool, the first that applies:

    * "quiet": a move that gives nothing away (its value at most ``GIVE_AWAY`` below the
      position's static value: a capture declined is quiet, a man left hanging is not) keeps
      the computer's chance within ``BALANCE`` of the target: the quiet moves;
    * "even": other moves keep the balance: those moves;
    * "behind": every move leaves the computer below the target: the best move;
    * "decide": the computer can force a win and nothing is even: every move (the mix below
      then wins or hands the visitor his chance, one half each in expectation);
    * "concede": the computer is ahead and nothing is even: the moves at most ``CONCEDE``
      below the least winning-side move, so that a lead is given back a step at a time.

    Forced losses are left out of the first two (never a move that loses at once while an
    even one exists).  ``men`` is the computer's lead in men (``GameAI.material``): only a lead
    in men is given back by a move that is not quiet.  With the men level, an edge the search
    foresees is given back by quiet moves alone (the least lead first), so "even" and
    "concede" draw on the quiet moves: a man handed over for it was a real lead for the
    visitor, and in Piso a greedy visitor kept it to the count (docs/ai.md).  From the pool,
    ``mix`` plays the move just above the target or the move just below, so that the
    computer's expected chance is the target.
    """
    chances = [(win_chance(game_id, v), v, m) for v, m in scored]
    chances = [c for c in chances if c[1] != -DRAW] or chances
    if target < 0.5 and board is not None:
        return yield_pick(chances, static, board)
    quiet = [c for c in chances if c[1] >= static - GIVE_AWAY and c[1] > -MATE_ZONE]
    givable = chances if men > 0 else quiet or chances
    near = [c for c in givable if abs(c[0] - target) <= BALANCE and c[1] > -MATE_ZONE]
    if any(abs(c[0] - target) <= BALANCE for c in quiet):
        pool, why = quiet, "quiet"
    elif near:
        pool, why = near, "even"
    else:
        above = [c for c in chances if c[0] >= target]
        if not above:
            return max(chances, key=lambda c: c[1])[2], "behind"
        least = min(c[1] for c in above)
        if least >= MATE_ZONE:
            pool, why = chances, "decide"
        else:
            pool = [c for c in givable if c[1] >= least - CONCEDE]
            why = "concede"
    return pool[mix([c[0] for c in pool], rng, target)][2], why


@dataclass(frozen=True)
class YieldBoard:
    """What the yielding computer reads from the board rather than from the search's values
    (they assume it goes on playing its best, captures included, which it no longer does):
    whether it is already down in men, whether a move of its own captures, how many of the
    visitor's replies to a move capture, and whether a move puts a piece of its own on the
    visitor's home row (Epaminondas: a crossing is how the computer would win)."""

    down: bool
    captures: Callable[[Move], bool]
    offers: Callable[[Move], int]
    crosses: Callable[[Move], bool] = lambda move: False


def yield_pick(
    chances: list[tuple[float, int, Move]], static: int, board: YieldBoard
) -> tuple[Move, str]:
    """The yielding computer's move (``lean`` said yield).  It takes nothing (a capture only
    puts off the end), crosses to the visitor's home row only when every move does (a crossing
    it keeps wins, and one the visitor has to answer stops his own), and wins by force only
    when every move does.

    * "hold": it is down in men: the best move that leaves nothing more to be taken (at most
      ``GIVE_AWAY`` below the position's static value), so that the visitor keeps his lead to
      the count;
    * "offer": otherwise one man, never two (nothing below the static value by more than
      ``CONCEDE + GIVE_AWAY``), left where the most of the visitor's replies capture it, so
      that a visitor who plays at random finds it too, not only one who looks for captures.
    """
    # A loss by force is not left out: at the fiftieth quiet turn the count is how the visitor
    # wins, and with it left out the only moves left were captures, which put the end off
    # (Seneca and Piso games against random play ran to 500 plies).
    live = [c for c in chances if c[1] < MATE_ZONE] or chances
    live = [c for c in live if not board.crosses(c[2])] or live
    live = [c for c in live if not board.captures(c[2])] or live
    if board.down:
        safe = [c for c in live if c[1] >= static - GIVE_AWAY] or live
        return max(safe, key=lambda c: c[1])[2], "hold"
    gifts = [c for c in live if c[1] >= static - CONCEDE - GIVE_AWAY] or live
    return max(gifts, key=lambda c: (board.offers(c[2]), c[1]))[2], "offer"


# What the computer expected after each of its moves (the value of the position the visitor
# then faced) and the visitor's record so far, kept per process (the kiosk's worker plays one
# game at a time; a new worker only forgets, and then meets the visitor as one who has not
# moved yet).  Values, not chances: a chance near 0 or 1 hardly moves when he blunders.
_MEMORY: dict[object, tuple[int, VisitorRecord]] = {}
MEMORY_LIMIT = 20_000
EXPERT = 10  # a visitor whose moves give away less than this on average meets the Champion
# An expert keeps his standing through one slip (his recent mean up to EXPERT_LEAVE) while his
# game's mean stays at most EXPERT_GAME: the Champion's rare slips (a search's swing) made the
# computer hold back in games the Champion in its seat won; greedy's game mean is above it.
# The game's first slip (a move that handed over more than EXPERT_LEAVE) is left out of that
# mean: in Piso the Champion's first battle move read as nearly two men handed over in 3 of 20
# games, and with it as the whole of his game's mean the computer gave them back (docs/ai.md).
EXPERT_LEAVE = 60
EXPERT_GAME = 15
# The running mean starts at no error: the computer holds back what the visitor has handed
# it, before his first move nothing.  Assumed a learner (eight faultless moves to become an
# expert), the Champion met "quiet" moves at a chance of 0.65 for his first five moves in games
# that opened in Even match's favour (docs/ai.md).  A learner shows at his first fault.
UNSHOWN = 0.0
LEARNER = 100  # the game's mean before the visitor's first battle move (``YIELD_TO``)
RECENT = 0.25  # weight of the latest move in the running mean of the visitor's error
ERROR_RANGE = (-20, 200)  # one move's error is clipped to this (search noise, won games)
# The lean lets a man go only to a visitor whose battle moves have handed the computer at
# least this on average over the game (the recent mean is near zero for anyone in a quiet
# stretch).  Measured from the lean on: the Champion -4 to -10, greedy 1 to 6 in Piso and 47
# to 69 in Dux, the Beginner 34 to 67; at 0 the Champion was yielded to in 26 of 44 games.
YIELD_TO = 20
# Epaminondas's values run about five times as wide, but its strong players' means do not:
# measured at 0.25 s from ply 40 to 60, the Champion -17 to -4, the Beginner 16 to 51.
YIELD_TO_GAME: dict[str, float] = {"epaminondas": 8}
# In Epaminondas that mean is read once, when the game settles (``VisitorRecord.settled``):
# later the values drift a piece or more a move as one side's phalanxes advance, and the
# Champion's mean, -20 to +4 at the 41st ply in 15 games, rose above 8 in 3 of them, where the
# computer then yielded to him from a winning position (docs/ai.md).
SETTLED_MEAN_GAMES = frozenset({"epaminondas"})
# In Seneca a visitor whose placements left the computer a man ahead when the battle began is
# no expert to the lean's yield, whatever his battle moves: greedy at 1.5 s lost his man there,
# then gave nothing away in a blocked battle, and was yielded to in only 4 of the 10 games the
# lean dealt "yield" (two seeds).  At that first battle decision the computer's value against
# greedy was 48 or more in 28 of 30 games, 100 or more in 18; against the Champion (after
# openings of random placements) 119 once in 40 games, 85 or less in the rest.  Not in Piso:
# there the Champion left 100 or more in 11 of 80 games, and greedy, whose battle moves already
# show, won 69% of decided games with the rule (docs/ai.md).
PLACED_AWAY: dict[str, float] = {"latrunculi-seneca": 100}


@dataclass(frozen=True)
class VisitorRecord:
    """What the visitor's battle moves handed the computer (placements say little of his
    play): a running mean of the recent ones, and their sum and number."""

    recent: float = UNSHOWN
    total: float = 0.0
    moves: int = 0
    was_expert: bool = False  # before his last counted move
    worst: float = ERROR_RANGE[0]  # the most one move handed over
    slips: int = 0  # moves that handed over more than EXPERT_LEAVE
    settled: float | None = None  # the game's mean when it settled (``SETTLED_MEAN_GAMES``)
    placed: float | None = None  # the computer's value when the battle began (``PLACED_AWAY``)

    @property
    def game_mean(self) -> float:
        return self.total / self.moves if self.moves else LEARNER

    @property
    def mean_but_worst(self) -> float:
        """The mean of his moves but the one that handed over most (0 for fewer than two)."""
        return (self.total - self.worst) / (self.moves - 1) if self.moves > 1 else UNSHOWN

    @property
    def expert(self) -> bool:
        """Whether his moves so far are the Champion's (see ``EXPERT_LEAVE``)."""
        if self.recent <= EXPERT:
            return True
        if not self.was_expert or self.recent > EXPERT_LEAVE:
            return False
        # His game's mean, or, while this game has had one slip only, the mean of the rest.
        return self.game_mean <= EXPERT_GAME or (
            self.slips == 1 and self.mean_but_worst <= EXPERT_GAME
        )

    def after(self, error: float, battle: bool) -> VisitorRecord:
        if not battle:
            # The values swing as the battle nears: counted, the Champion's last placements
            # read as a man handed over each, and the computer held back at the first battle
            # moves of Seneca and Piso games it then lost (docs/ai.md).
            return self
        return replace(
            self,
            recent=(1 - RECENT) * self.recent + RECENT * error,
            total=self.total + error,
            moves=self.moves + 1,
            was_expert=self.expert,
            worst=max(self.worst, error),
            slips=self.slips + (error > EXPERT_LEAVE),
        )


def _history(state: GameState) -> tuple[str, ...]:
    # The whole game so far, not the position: another game through the same position must
    # not inherit this visitor's record.
    return tuple(state.actions())


def visitor_error(state: GameState, value_now: int) -> VisitorRecord:
    """The visitor's record with his last move in it (the value it handed the computer).

    A move is counted only when the computer's expectation was a battle's value too: after its
    last placement it expected a placement's value, and against the Champion's first battle
    move that read as 0.7 to 1.3 men handed over (Seneca, docs/ai.md)."""
    found = _remembered(state)
    if found is None:
        return VisitorRecord()
    node, expected, record = found
    if node is state:
        # The computer moves again (a Seneca removal after its own move): the visitor has not
        # moved since.  Counted, his last move entered his record twice, and the second time
        # with the value of the computer's own move in it.
        return record
    error = min(max(value_now - expected, ERROR_RANGE[0]), ERROR_RANGE[1])
    counted = in_battle(node) and (node.parent is None or in_battle(node.parent))
    if not counted and in_battle(state):  # the battle's first decision
        record = replace(record, placed=value_now)
    return record.after(error, counted)


def in_battle(state: GameState) -> bool:
    """Whether the men are all placed (always, but in Seneca and Piso)."""
    return getattr(state, "phase", "battle") == "battle"


def _remembered(state: GameState) -> tuple[GameState, int, VisitorRecord] | None:
    """The position the visitor faced after the computer's last move, the value the computer
    then expected, and the visitor's record up to it (``state`` itself when the computer has
    just moved and moves again)."""
    node: GameState | None = state
    for _ in range(4):  # this position, the visitor's move, a Seneca removal on either side
        if node is None:
            break
        remembered = _MEMORY.get(_history(node))
        if remembered is not None:
            return node, remembered[0], remembered[1]
        node = node.parent
    return None


def is_expert(record: VisitorRecord, target: float, game_id: str) -> bool:
    """Whether the visitor has played like the Champion, so that he meets the Champion."""
    if target < 0.5:
        # No man let go to a strong player.  His recent moves cannot tell once the computer
        # yields: it takes nothing, so anyone's move hands it nothing.
        if record.placed is not None and record.placed >= PLACED_AWAY.get(game_id, INFINITY):
            return False
        mean = record.game_mean if record.settled is None else record.settled
        return mean < YIELD_TO_GAME.get(game_id, YIELD_TO)
    return record.expert


def remember(state: GameState, move: Move, value: int, record: VisitorRecord) -> None:
    if len(_MEMORY) >= MEMORY_LIMIT:
        _MEMORY.clear()
    _MEMORY[_history(state.play(move))] = (value, record)


def yield_board(ai: GameAI, state: GameState, men: int) -> YieldBoard:
    """The board as the yielding computer reads it (``YieldBoard``), ``men`` its lead in men."""

    def offers(move: Move) -> int:
        child = state._apply(move)
        if child.outcome is not None or child.to_move == state.to_move:
            return 0
        return sum(1 for reply in child.legal_moves() if ai.capture_gain(child, reply) > 0)

    return YieldBoard(
        down=men < 0,
        captures=lambda move: ai.capture_gain(state, move) > 0,
        offers=offers,
        crosses=lambda move: crosses(ai, state, move),
    )


def has_home_rows(ai: GameAI, state: GameState) -> bool:
    """Whether the game is won by reaching the opponent's home row (Epaminondas; a Latrunculi
    board has none): the evaluation counts rows to cross only there."""
    return ai.rows_to_cross(state, state.to_move) is not None


def racing(state: GameState, ai: GameAI) -> bool:
    """Whether a piece of the visitor's stands within ``RACE_ROWS`` rows of the home row of the
    computer (to move): a race that lies deeper than the search, and holding back by declining
    to take such a piece lost two games to greedy at 1.5 s by force six plies on (docs/ai.md)."""
    rows = ai.rows_to_cross(state, state.opponent)
    return rows is not None and rows < RACE_ROWS


def crosses(ai: GameAI, state: GameState, move: Move) -> bool:
    """Whether ``move`` puts one more of the mover's pieces on the opponent's home row."""
    if not has_home_rows(ai, state):
        return False
    mover = state.to_move
    before = state.crossing_count(mover)  # type: ignore[attr-defined]
    return state._apply(move).crossing_count(mover) > before  # type: ignore[attr-defined]


def checked(
    searcher: Searcher,
    state: GameState,
    chosen: tuple[Move, int, str],
    first: SearchResult,
    repick: Callable[[list[tuple[int, Move]]], tuple[Move, str]],
    scored: list[tuple[int, Move]],
    floor: float,
) -> tuple[Move, int, str]:
    """The chosen move (move, value, rule), once a search of it alone, a ply deeper than the
    first search (``CHECK_DEPTH`` at least), finds the computer's chance after it at least
    ``floor``; else the next pick among the moves left ("/checked" added to its rule), while
    the budget lasts.  When every pick fails, or the time runs out after a failure, the first
    search's move ("guard"): a move the search cannot clear is not played for the balance.  A
    check the clock cuts before one ply is done clears the move, as the pick stood before any
    check."""
    game_id = state.game_id
    move, value, why = chosen
    rest = list(scored)
    failed = False
    while True:
        verdict = searcher.search(state, max(first.depth + 1, CHECK_DEPTH), allowed=move.__eq__)
        if verdict.depth == 0 and failed:
            break
        if verdict.depth == 0 or win_chance(game_id, verdict.score) >= floor:
            return move, value, why + "/checked" if failed else why
        failed = True
        rest = [c for c in rest if c[1] != move]
        if not rest or time.perf_counter() >= searcher.deadline:
            break
        move, why = repick(rest)
        value = next(v for v, m in rest if m == move)
    return first.move, first.score, "guard"


def choose_even_search(
    state: GameState,
    ai: GameAI,
    started: float,
    time_budget: float,
    rng: random.Random,
    stop: Callable[[], bool] | None = None,
    trace: list[tuple[int, int, str]] | None = None,
    deal: Deal | None = None,
) -> Move:
    """The Even match's move in a game played by search (Epaminondas, Latrunculi); ``deal``
    places the game in its series (``lean``).

    ``trace`` (tests, benchmark) receives (the Champion's value, the chosen move's value, the
    rule that chose it: "champion", "expert", "late", or one of ``pick``'s)."""
    game_id = state.game_id
    end = started + time_budget * BUDGET_SHARE
    target = lean(state, deal)
    placing = not in_battle(state)
    pressing = target > 0.5
    prior = _remembered(state)
    # When the Champion's move is known to be played before any search (placing, pressing, or
    # an expert so far), one search takes the whole budget, as the Champion's does: split in
    # two, the Champion against itself lost 11 of 15 decided games (docs/ai.md).  In
    # Epaminondas at one half the no-crossing rule needs the first value.
    known_expert = is_expert(prior[2] if prior is not None else VisitorRecord(), target, game_id)
    crossing_game = has_home_rows(ai, state)
    whole = (placing or pressing or known_expert) and (target != 0.5 or not crossing_game)
    # Against an expert a draw is a close game, scored as the Champion scores it; against
    # anyone else it is a game the lean should have decided (``DRAW``).  With ``DRAW`` against
    # the Champion, Even match refused repetitions and played on into lost games (docs/ai.md).
    searcher = Searcher(
        ai,
        end if whole else started + time_budget * FIRST_SHARE,
        stop=stop,
        rng=rng,
        contempt=CONTEMPT if known_expert else DRAW,
    )
    first = searcher.search(state, 64)
    chance = win_chance(game_id, first.score)
    record = visitor_error(state, first.score)
    if target != 0.5 and record.settled is None and game_id in SETTLED_MEAN_GAMES:
        record = replace(record, settled=record.game_mean)
    expert = is_expert(record, target, game_id)
    behind = chance <= target + AHEAD - 0.5 if target >= 0.5 else chance < target - BALANCE
    # Before the game has settled, no crossing unless the visitor is ahead: a crossing he
    # overlooks wins at once, and Epaminondas games against random play ended so in 19 to 67
    # plies, before any balance (docs/ai.md).  His skill cannot tell yet: random play's first
    # moves hand the computer as little as the Champion's.  Yielding, ``yield_pick`` keeps off
    # the home row; pressing, or to a strong visitor once settled, it crosses.
    # (Only where a game is won by crossing: elsewhere no move crosses, nothing to ask per move.)
    keep_off = crossing_game and target == 0.5 and chance >= target - BALANCE
    race = target == 0.5 and racing(state, ai)

    def allowed(move: Move) -> bool:
        return not (keep_off and crosses(ai, state, move))

    if whole or behind or expert or placing or pressing or race:
        # Behind its target, the visitor plays like the Champion, the men are still being
        # placed (a placement's value says little of the battle to come, and holding back there
        # lost the battle to a strong visitor), or the lean says press (a lead held at a
        # margin is never converted: the game ran on to its end by the count or for hundreds
        # of plies): the Champion's move, from the one search when that was known before it
        # (``whole``), else searched on for the rest of the budget (the table keeps what the
        # first part found).
        if whole:
            result = first
        else:
            searcher.deadline = end
            result = searcher.search(state, 64, allowed=allowed)
            if (
                keep_off
                and crosses(ai, state, first.move)
                and result.score < first.score - GIVE_AWAY
                and win_chance(game_id, result.score) <= AHEAD
            ):
                # Kept off the home row, the computer would give away a piece's worth and no
                # longer be ahead: the visitor is racing to cross himself (the Champion crossed
                # at ply 28 and 31 while Even match, a step from crossing, held back;
                # docs/ai.md).  Then the crossing is played.  A crossing that would win at once
                # is always a piece's worth above any other move: while keeping off the home
                # row leaves the computer ahead, the visitor is not racing and it keeps off.
                result = first
        if trace is not None:
            why = (
                "expert"
                if expert
                else "placement"
                if placing
                else "press"
                if pressing
                else "race"
                if race and not behind
                else "champion"
            )
            trace.append((first.score, result.score, why))
        remember(state, result.move, result.score, record)
        return result.move
    if searcher.contempt != DRAW:
        # He has just lost his standing: ``pick`` needs draw lines marked with ``DRAW``.
        searcher.contempt = DRAW
        searcher.table.clear()
    yielding = target < 0.5
    # A race to the home row lies deeper than every move's open-window value reaches (a move
    # valued level let greedy's phalanx through four plies on, docs/ai.md): in Epaminondas the
    # chosen move is searched again, alone and deeper, before it is played.
    checking = crossing_game and not yielding
    # Yielding, part of the budget is kept to count the visitor's captures after each gift.
    kept = OFFER_SHARE if yielding else CHECK_SHARE if checking else 0.0
    searcher.deadline = end - time_budget * kept
    moves = [first.move] + [m for m in state.legal_moves() if m != first.move]
    moves = [m for m in moves if allowed(m)] or moves
    scored: list[tuple[int, Move]] | None = None
    extensions = 2
    for depth in range(1, max(first.depth, 1) + 1):
        try:
            scored = score_all(searcher, state, moves, depth, extensions)
        except SearchAborted:
            break
        if time.perf_counter() > end:
            break
    if scored is None:  # not even one ply in time: the Champion's move
        if trace is not None:
            trace.append((first.score, first.score, "late"))
        remember(state, first.move, first.score, record)
        return first.move
    static = ai.evaluate(state)
    men = ai.material(state, state.to_move)
    board = yield_board(ai, state, men) if yielding else None
    move, why = pick(game_id, scored, static, rng, target, board, men=men)
    if yielding and why not in ("hold", "offer"):
        why += "/yield"
    value = next(v for v, m in scored if m == move)
    if checking:
        searcher.deadline = end
        move, value, why = checked(
            searcher,
            state,
            (move, value, why),
            first,
            lambda rest: pick(game_id, rest, static, rng, target, men=men),
            scored,
            target - BALANCE,
        )
    if trace is not None:
        trace.append((first.score, value, why))
    remember(state, move, value, record)
    return move
