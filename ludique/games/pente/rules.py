"""Pente grammai, knock-off mode (``rules.md`` section 1): five counters each race round ten points.

    from ludique.games.pente.rules import PenteState
    state = PenteState.initial()          # Blue to move, a roll is due
    state = state.roll(4)                 # action "roll 4"
    state = state.play("off-4A")          # or one of state.legal_moves()
    state = PenteState.from_position(blue={"3B": 4, "2B": 1}, to_move="blue", die=1)

Encoding (shared with the solver, ``ludique.tools.pente_solver``)
------------------------------------------------------------------
Track points are numbered 0..9 in the order of the track: ``1A 2A 3A 4A 5A 1B 2B 3B 4B 5B``
(``POINT_NAMES``); the sacred points 3A and 3B are 2 and 7.  Where one colour's five counters stand
is a *placement*: a tuple of 11 counts, slots 0..9 for the points and slot 10 (``OFF``) for the
counters off the board.  A sacred point or ``off`` holds any number, any other point at most one,
so a colour has exactly 1,023 placements; ``PLACEMENTS[i]`` is placement number ``i`` and
``PLACEMENT_INDEX`` the reverse.  A state is then four small ints: Blue's placement, White's
placement, the side to move (0 Blue, 1 White) and the die (0 while a roll is due): that is ``key``.

Which moves a roll allows depends only on the mover's own placement (a move may not land on one of
his own counters, and whether he can enter depends on his own counter on the entry point), so the
moves, the mover's new placement and the point each move lands on are computed once per
(side, placement, die) and kept for good: 2 x 1,023 x 6 entries at most, built on first use.  A
capture is then one look-up in ``CAPTURE`` on the opponent's placement.  Move objects are shared by
all positions, and ``play`` finds the move by identity first, so a random playout creates two
small objects per move (the rolled state and the played one) and builds no lists but the copy that
``legal_moves`` must return.

Symmetry: turning the board half round (point ``p`` to ``(p + 5) % 10``, ``ROTATE`` on placements)
maps White's entry points and goal onto Blue's, so the solver stores one value per (mover,
opponent) pair seen from the mover's side.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from itertools import product

from ludique.games import base
from ludique.games.base import (
    BLUE,
    REASON_SACRED_LINE,
    REFUSED_ELSEWHERE,
    REFUSED_OWN,
    WHITE,
    GameState,
    IllegalMove,
    Move,
    Outcome,
    Piece,
    Refusal,
)

POINT_NAMES: tuple[str, ...] = ("1A", "2A", "3A", "4A", "5A", "1B", "2B", "3B", "4B", "5B")
POINT_INDEX: dict[str, int] = {name: i for i, name in enumerate(POINT_NAMES)}
N_POINTS = 10
OFF = 10  # the placement slot of the counters off the board
SACRED = (2, 7)  # 3A and 3B
N_COUNTERS = 5
COLOURS = (BLUE, WHITE)
GOAL = (7, 2)  # Blue's goal 3B, White's goal 3A
# the same by name, for everything outside the engine (its spec declares them once)
SACRED_POINTS: tuple[str, ...] = tuple(POINT_NAMES[p] for p in SACRED)  # ("3A", "3B")
GOAL_POINTS: dict[str, str] = {c: POINT_NAMES[g] for c, g in zip(COLOURS, GOAL, strict=True)}
# ENTRY[side][die]: the point a counter enters on (index 0 unused).
ENTRY: tuple[tuple[int, ...], ...] = (
    (-1, 0, 1, 2, 3, 4, 5),
    (-1, 5, 6, 7, 8, 9, 0),
)


def _all_placements() -> list[tuple[int, ...]]:
    out = []
    ordinary = [p for p in range(N_POINTS) if p not in SACRED]
    for singles in product((0, 1), repeat=len(ordinary)):
        rest = N_COUNTERS - sum(singles)
        if rest < 0:
            continue
        for on_a in range(rest + 1):
            for on_b in range(rest - on_a + 1):
                counts = [0] * 11
                for p, c in zip(ordinary, singles, strict=True):
                    counts[p] = c
                counts[SACRED[0]] = on_a
                counts[SACRED[1]] = on_b
                counts[OFF] = rest - on_a - on_b
                out.append(tuple(counts))
    return out


PLACEMENTS: tuple[tuple[int, ...], ...] = tuple(_all_placements())
PLACEMENT_INDEX: dict[tuple[int, ...], int] = {p: i for i, p in enumerate(PLACEMENTS)}
N_PLACEMENTS = len(PLACEMENTS)  # 1023
START = PLACEMENT_INDEX[(0,) * 10 + (N_COUNTERS,)]
GOAL_PLACEMENT = tuple(
    PLACEMENT_INDEX[tuple(N_COUNTERS if slot == GOAL[side] else 0 for slot in range(11))]
    for side in (0, 1)
)
# ORDINARY_MASK[i]: bit p set when placement i has a counter on the ordinary (non-sacred) point p.
ORDINARY_MASK: tuple[int, ...] = tuple(
    sum(1 << p for p in range(N_POINTS) if p not in SACRED and pl[p]) for pl in PLACEMENTS
)
# ROTATE[i]: placement i with the board turned half round (point p -> (p + 5) % 10).
ROTATE: tuple[int, ...] = tuple(
    PLACEMENT_INDEX[tuple(pl[(p - 5) % N_POINTS] for p in range(N_POINTS)) + (pl[OFF],)]
    for pl in PLACEMENTS
)


def _captured(index: int, point: int) -> int:
    pl = PLACEMENTS[index]
    if point == OFF or point in SACRED or not pl[point]:
        return index
    counts = list(pl)
    counts[point] = 0
    counts[OFF] += 1
    return PLACEMENT_INDEX[tuple(counts)]


# CAPTURE[i * 11 + p]: the placement after a counter of the opponent lands on point p (slot 10:
# no landing, e.g. a pass).  Unchanged unless p is an ordinary point holding one of its counters.
CAPTURE: tuple[int, ...] = tuple(_captured(i, p) for i in range(N_PLACEMENTS) for p in range(11))


class PenteMove(Move):
    """A move of Pente grammai: ``off-4A`` (entering), ``2A-1B`` (along the track) or ``pass``.

    ``plain`` is the shared move of that notation without captures (itself, for a plain one):
    ``play`` finds a knock-off handed out by ``legal_moves`` by identity through it."""

    __slots__ = ("plain",)

    plain: PenteMove


_MOVES: dict[str, PenteMove] = {}
# The same moves when they knock an opposing counter off: which one does depends on the
# opponent, so the shared moves above carry no captures and ``legal_moves`` hands these out.
_KNOCKS: dict[str, PenteMove] = {}


def _move(frm: str | None, to: str | None) -> PenteMove:
    text = "pass" if frm is None else f"{frm}-{to}"
    move = _MOVES.get(text)
    if move is None:
        path = () if frm is None or to is None else (frm, to)
        kind = base.PASS if frm is None else base.ENTER if frm == "off" else base.STEP
        move = _MOVES[text] = PenteMove(text, frm, to, path, kind)
        move.plain = move
    return move


def _knock(move: PenteMove) -> PenteMove:
    knock = _KNOCKS.get(move.text)
    if knock is None:
        knock = _KNOCKS[move.text] = PenteMove(
            move.text,
            move.frm,
            move.to,
            move.path,
            move.kind,
            () if move.to is None else (move.to,),
        )
        knock.plain = move
    return knock


PASS = _move(None, None)


# A roll's moves: (the moves, own placement after each move, landing point of each or OFF).
Entry = tuple[tuple[PenteMove, ...], tuple[int, ...], tuple[int, ...]]


def _moves_of(side: int, own: int, die: int) -> Entry:
    """(moves, own placement after each, landing point of each or OFF for a pass)."""
    pl = PLACEMENTS[own]
    moves: list[PenteMove] = []
    after: list[int] = []
    lands: list[int] = []
    entry = ENTRY[side][die]
    if pl[OFF] and (entry in SACRED or not pl[entry]):
        counts = list(pl)
        counts[OFF] -= 1
        counts[entry] += 1
        moves.append(_move("off", POINT_NAMES[entry]))
        after.append(PLACEMENT_INDEX[tuple(counts)])
        lands.append(entry)
    else:
        for p in range(N_POINTS):
            if not pl[p]:
                continue
            t = (p + die) % N_POINTS
            if t not in SACRED and pl[t]:
                continue
            counts = list(pl)
            counts[p] -= 1
            counts[t] += 1
            moves.append(_move(POINT_NAMES[p], POINT_NAMES[t]))
            after.append(PLACEMENT_INDEX[tuple(counts)])
            lands.append(t)
    if not moves:
        moves.append(PASS)
        after.append(own)
        lands.append(OFF)
    return tuple(moves), tuple(after), tuple(lands)


# _TABLE[side][own * 7 + die], filled on first use.
_TABLE: tuple[list[Entry | None], list[Entry | None]] = (
    [None] * (N_PLACEMENTS * 7),
    [None] * (N_PLACEMENTS * 7),
)


def moves_for(side: int, own: int, die: int) -> Entry:
    """The moves of ``side`` (0 Blue, 1 White) with placement ``own`` after a roll of ``die``:
    ``(moves, own placement after each move, landing point of each or OFF for a pass)``."""
    row = _TABLE[side]
    entry = row[own * 7 + die]
    if entry is None:
        entry = row[own * 7 + die] = _moves_of(side, own, die)
    return entry


_BLUE_GOAL, _WHITE_GOAL = GOAL_PLACEMENT
_WINS = (Outcome(BLUE, REASON_SACRED_LINE), Outcome(WHITE, REASON_SACRED_LINE))
_ROLL_TEXT = tuple(f"roll {n}" for n in range(7))
_MOVE_TEXT = re.compile(r"(off|[1-5][AB])-([1-5][AB])")
_new = object.__new__


def _outcome_of(blue: int, white: int, side: int) -> Outcome | None:
    # The player who has just moved is checked first: he is the one a real game can make win.
    last = 1 - side
    placements = (blue, white)
    if placements[last] == GOAL_PLACEMENT[last]:
        return _WINS[last]
    if placements[side] == GOAL_PLACEMENT[side]:
        return _WINS[side]
    return None


class PenteState(GameState):
    """One position of Pente grammai: where the counters stand, who moves, and the die if thrown."""

    __slots__ = ("_b", "_w", "_side", "_die", "_after", "_lands")

    _moves: tuple[PenteMove, ...] | None
    _outcome: Outcome | None  # known at once: never the base's "not computed yet"
    _b: int
    _w: int
    _side: int
    _die: int
    _after: tuple[int, ...]
    _lands: tuple[int, ...]

    game_id = "pente-grammai"
    colours = (BLUE, WHITE)
    has_dice = True

    def __init__(
        self,
        blue: int = START,
        white: int = START,
        side: int = 0,
        die: int = 0,
        parent: GameState | None = None,
        action: str | None = None,
    ) -> None:
        self.parent = parent
        self.action = action
        self._moves = None
        self._b = blue
        self._w = white
        self._side = side
        self._die = die
        self._outcome = _outcome_of(blue, white, side)
        self.visit = None
        self.turns = 0

    # --- construction ----------------------------------------------------------------------
    @classmethod
    def initial(cls) -> PenteState:
        """All ten counters off the board, Blue to roll."""
        return cls()

    @classmethod
    def from_position(
        cls,
        blue: Mapping[str, int] | None = None,
        white: Mapping[str, int] | None = None,
        to_move: str = BLUE,
        die: int | None = None,
    ) -> PenteState:
        """Any position: ``blue`` and ``white`` map point names (``"3B"``, or ``"off"``) to counts;
        counters not mentioned are off the board.  ``die`` is the roll already thrown, if any."""
        if to_move not in COLOURS:
            raise IllegalMove(f"to_move {to_move!r}: expected 'blue' or 'white'")
        if die is not None and (type(die) is not int or not 1 <= die <= 6):
            raise IllegalMove(f"die {die!r}: a roll is a number from 1 to 6")
        b = _placement_from(blue or {}, BLUE)
        w = _placement_from(white or {}, WHITE)
        clash = ORDINARY_MASK[b] & ORDINARY_MASK[w]
        if clash:
            point = POINT_NAMES[clash.bit_length() - 1]
            raise IllegalMove(f"{point} holds a counter of each colour; only 3A and 3B may")
        return cls(b, w, COLOURS.index(to_move), die or 0)

    # --- read access -----------------------------------------------------------------------
    @property
    def to_move(self) -> str:
        return COLOURS[self._side]

    @property
    def side(self) -> int:
        """0 when Blue is to move, 1 for White."""
        return self._side

    @property
    def die(self) -> int | None:
        """The value of this turn's roll, or ``None`` while it is due (or once the game is over)."""
        return self._die or None

    @property
    def placements(self) -> tuple[int, int]:
        """(Blue's placement number, White's): see ``PLACEMENTS``."""
        return self._b, self._w

    @property
    def key(self) -> tuple[int, int, int, int]:
        return self._b, self._w, self._side, self._die

    @property
    def needs_roll(self) -> bool:
        return not self._die and self._outcome is None

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def count_at(self, point: str, colour: str) -> int:
        """How many counters of ``colour`` stand on ``point`` (``"off"`` for off the board)."""
        slot = OFF if point == "off" else POINT_INDEX.get(point)
        if slot is None:
            raise ValueError(f"{point!r} is not a point: expected 1A..5A, 1B..5B or off")
        if colour not in COLOURS:
            raise ValueError(f"{colour!r} is not a colour of Pente grammai")
        return PLACEMENTS[self._b if colour == BLUE else self._w][slot]

    def off_board(self, colour: str) -> int:
        return self.count_at("off", colour)

    def blocked_entry(self) -> str | None:
        """The point the die names for entering, when one of the mover's own counters stands on
        it so that none of his waiting counters can come in."""
        die, mover = self.die, self.to_move
        if self.needs_roll or self.outcome is not None or not die or self.off_board(mover) == 0:
            return None
        if any(m.frm == "off" for m in self.legal_moves()):
            return None
        row, other = ("A", "B") if mover == BLUE else ("B", "A")
        return f"{die}{row}" if die <= 5 else f"1{other}"

    def pieces(self) -> list[Piece]:
        out: list[Piece] = []
        for colour, index in ((BLUE, self._b), (WHITE, self._w)):
            pl = PLACEMENTS[index]
            for slot, count in enumerate(pl):
                square = "off" if slot == OFF else POINT_NAMES[slot]
                out.extend(Piece(square, colour, "counter") for _ in range(count))
        return out

    # --- chance ----------------------------------------------------------------------------
    def roll(self, n: int) -> PenteState:
        """The state after this turn's roll of ``n`` (1..6); raises ``IllegalMove`` otherwise."""
        if type(n) is not int or not 1 <= n <= 6:
            raise IllegalMove(f"roll {n}: a roll is a number from 1 to 6")
        if self._die or self._outcome is not None:
            if self._outcome is not None:
                raise IllegalMove(f"roll {n}: the game is over")
            raise IllegalMove(
                f"roll {n}: the die has already been thrown this turn (a {self._die}); "
                "play a move first"
            )
        s = _new(PenteState)
        s.parent = self
        s.action = _ROLL_TEXT[n]
        s._moves = None
        s._outcome = None
        s._b = self._b
        s._w = self._w
        s._side = self._side
        s._die = n
        s.visit = self.visit
        s.turns = self.turns  # a roll is not a move
        return s

    # --- moves -----------------------------------------------------------------------------
    def _legal(self) -> tuple[PenteMove, ...]:
        moves = self._moves
        if moves is None:
            if not self._die or self._outcome is not None:
                moves = self._moves = ()
            else:
                side = self._side
                own = self._w if side else self._b
                entry = _TABLE[side][own * 7 + self._die] or moves_for(side, own, self._die)
                moves, self._after, self._lands = entry
                self._moves = moves
        return moves

    def legal_moves(self) -> list[Move]:
        moves = self._moves
        if moves is None:
            moves = self._legal()
        out: list[Move] = [*moves]
        # the opponent's counters on ordinary points: a move landing on one knocks it off
        hits = ORDINARY_MASK[self._b if self._side else self._w]
        if hits and moves:
            lands = self._lands
            for i in range(len(out)):
                if hits >> lands[i] & 1:
                    out[i] = _knock(moves[i])
        return out

    def play(self, move: Move | str) -> PenteState:
        moves = self._moves
        if moves is not None and type(move) is PenteMove:
            plain = move.plain
            i = 0
            for m in moves:
                if m is plain:
                    return self._child(i)
                i += 1
        return self._apply(self._legal_move(move))

    def _generate_moves(self) -> list[PenteMove]:
        return list(self._legal())

    def _apply(self, move: Move) -> PenteState:
        return self._child(self._legal().index(move))

    def _compute_outcome(self) -> Outcome | None:
        return _outcome_of(self._b, self._w, self._side)

    def _child(self, i: int) -> PenteState:
        # Only the mover can have won: had the opponent five on his goal, this state would be
        # finished and have no moves.
        s = _new(PenteState)
        s.parent = self
        s.action = self._legal()[i].text
        s._moves = None
        s._die = 0
        own = self._after[i]
        if self._side:
            s._side = 0
            s._w = own
            s._b = CAPTURE[self._b * 11 + self._lands[i]]
            s._outcome = _WINS[1] if own == _WHITE_GOAL else None
        else:
            s._side = 1
            s._b = own
            s._w = CAPTURE[self._w * 11 + self._lands[i]]
            s._outcome = _WINS[0] if own == _BLUE_GOAL else None
        s.visit = visit = self.visit
        s.turns = turns = self.turns + 1  # a pass is a move: the visitor waited for it too
        if visit is not None and s._outcome is None and turns >= 2 * visit:
            s._outcome = s._visit_outcome()
        return s

    def score(self, colour: str) -> tuple[int, ...]:
        """The counters ``colour`` has brought onto its goal (``GameSpec.score``: at-goal)."""
        side = COLOURS.index(colour)
        return (PLACEMENTS[self._w if side else self._b][GOAL[side]],)

    def _refuse(self, frm: str | None, to: str | None) -> Refusal:
        point = POINT_INDEX.get(to) if to is not None else None
        own = PLACEMENTS[self._w if self._side else self._b]
        if point is not None and point not in SACRED and own[point]:
            return Refusal(REFUSED_OWN)  # the one rule a drop can break: the die names the rest
        return Refusal(REFUSED_ELSEWHERE)

    def _why_illegal(self, text: str) -> str:
        legal = self._legal()
        die = self._die
        side = self._side
        pl = PLACEMENTS[self._w if side else self._b]
        if text == "pass":
            return f"with a roll of {die} you have a legal move ({legal[0]}), so you may not pass"
        match = _MOVE_TEXT.fullmatch(text)
        if match is None:
            return (
                "not a move: write FROM-TO with points 1A..5A, 1B..5B or off "
                "(e.g. off-4A, 2A-1B), or pass"
            )
        frm, to = match.groups()
        entry = ENTRY[side][die]
        must_enter = bool(pl[OFF]) and (entry in SACRED or not pl[entry])
        if frm == "off":
            if not pl[OFF]:
                return "none of your counters is off the board"
            if not must_enter:
                return (
                    f"with a roll of {die} a counter enters on {POINT_NAMES[entry]}, "
                    "which already holds one of your counters"
                )
            return f"with a roll of {die} a counter enters on {POINT_NAMES[entry]}"
        if must_enter:
            return (
                f"a counter off the board must enter first (with a roll of {die}, "
                f"off-{POINT_NAMES[entry]})"
            )
        p = POINT_INDEX[frm]
        if not pl[p]:
            return f"{frm} holds none of your counters"
        target = POINT_NAMES[(p + die) % N_POINTS]
        if to != target:
            return f"with a roll of {die} the counter on {frm} goes to {target}"
        return f"{to} already holds one of your counters"


def _placement_from(counts: Mapping[str, int], colour: str) -> int:
    slots = [0] * 11
    for point, count in counts.items():
        slot = OFF if point == "off" else POINT_INDEX.get(point)
        if slot is None:
            raise IllegalMove(f"{point!r} is not a point: expected 1A..5A, 1B..5B or off")
        if type(count) is not int or count < 0:
            raise IllegalMove(f"{colour} on {point}: {count!r} is not a count of counters")
        if slot < N_POINTS and slot not in SACRED and count > 1:
            raise IllegalMove(f"{colour} on {point}: only 3A and 3B may hold more than one counter")
        slots[slot] += count
    placed = sum(slots)
    if placed > N_COUNTERS or ("off" in counts and placed != N_COUNTERS):
        raise IllegalMove(f"{colour} has {N_COUNTERS} counters, not {placed}")
    slots[OFF] += N_COUNTERS - placed
    return PLACEMENT_INDEX[tuple(slots)]
