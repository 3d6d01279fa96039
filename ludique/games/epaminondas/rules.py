"""Epaminondas (``rules.md`` section 2): phalanxes of pieces race across a 14 x 12 board.

    from ludique.games.epaminondas.rules import EpaminondasState
    state = EpaminondasState.initial()
    state = state.play("c2-c4")                    # TAIL-TO: the tail's square before and after
    state = EpaminondasState.from_position(white=["c2", "c3"], black=["c5"], to_move="white")

Fast read access for the computer player
----------------------------------------
Squares are numbered row-major: square index ``i = (rank - 1) * 14 + file`` with files a..n as
0..13, so ``a1`` is 0, ``n1`` is 13, ``a2`` is 14 and ``n12`` is 167.  ``SQUARE_NAMES[i]`` and
``SQUARE_INDEX[name]`` convert; ``RANK_MASKS[r]`` is the mask of rank ``r + 1``;
``HOME_ROW[colour]`` is the mask of that colour's home row (rank 1 for White, 12 for Black).

``state.bitboards`` is ``(white, black)``: two 168-bit ints, bit ``i`` set when square ``i`` holds
a piece of that colour.  ``state.key`` is ``(white, black, side)`` with side 0 for White to move
and 1 for Black: hashable, exact, cheap to compare.  Each move carries ``from_bits`` (the
phalanx before the move), ``to_bits`` (after) and ``captured_bits`` as row-major masks too, and
``size``, ``distance`` and ``group`` (pieces captured) as ints, so a search can score a move or
update an evaluation without looking at square names.

How the speed is obtained
-------------------------
Internally each colour is one 672-bit int holding the board four times: by rows, by columns, by
north-east diagonals and by north-west diagonals, each line stored on consecutive bits, so the
contents of any line are a shift and a mask away.  The moves along a line depend only on that
line's own pieces and on the enemy pieces within reach of them (``_window``), so the tuple of
moves for such a pattern is computed once and cached (``_LINE_CACHE``; computed run by run with
``_RUN_CACHE``).  Move objects are shared between positions (``_MOVE_CACHE``, keyed by tail,
direction, size, distance and captured count): each precomputes the xor that moves its phalanx in
all four layouts, the mask it removes, the line slots it touches and the masks that make it legal
(own phalanx, empty path, enemy group, no enemy right behind the group), so ``play(move)`` checks
legality with four ``&`` tests instead of scanning the move list.  A position two plies after one
whose moves are known copies that list and redoes only the lines the two moves touched.

Repetition (kiosk rule) walks the parent chain two plies at a time, only back to the last
capture: a capture lowers the piece count for good, so no earlier position can come back.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import accumulate as _accumulate

from ludique.games.base import (
    BLACK,
    PHALANX,
    REASON_CROSSING,
    REASON_NO_MOVES,
    REASON_NO_PIECES,
    REASON_REPETITION,
    REFUSED_BY_THE_BACK,
    REFUSED_ELSEWHERE,
    REFUSED_FAR,
    REFUSED_JUMP,
    REFUSED_LARGER,
    REFUSED_ONE_SQUARE,
    REFUSED_SINGLE,
    WHITE,
    GameState,
    IllegalMove,
    Move,
    Outcome,
    Piece,
    Refusal,
)

FILES = "abcdefghijklmn"
N_FILES, N_RANKS = 14, 12
N_SQUARES = N_FILES * N_RANKS  # 168
BOARD_MASK = (1 << N_SQUARES) - 1
PIECES_EACH = 2 * N_FILES  # two full rows at the start

SQUARE_NAMES: tuple[str, ...] = tuple(
    f"{FILES[i % N_FILES]}{i // N_FILES + 1}" for i in range(N_SQUARES)
)
SQUARE_INDEX: dict[str, int] = {name: i for i, name in enumerate(SQUARE_NAMES)}
RANK_MASKS: tuple[int, ...] = tuple(((1 << N_FILES) - 1) << (N_FILES * r) for r in range(N_RANKS))
HOME_ROW: dict[str, int] = {WHITE: RANK_MASKS[0], BLACK: RANK_MASKS[N_RANKS - 1]}

# The 8 directions as (file step, rank step); "N" is towards rank 12 (away from White).
DIRECTIONS: tuple[str, ...] = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
STEPS: tuple[tuple[int, int], ...] = (
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
)
_DIRECTION_WORDS = (
    "northward",
    "north-eastward",
    "eastward",
    "south-eastward",
    "southward",
    "south-westward",
    "westward",
    "north-westward",
)

_WHITE_CROSS_SHIFT = N_FILES * (N_RANKS - 1)  # rank 12 starts at this bit
_RANK_BITS = (1 << N_FILES) - 1


def _on_board(f: int, r: int) -> bool:
    return 0 <= f < N_FILES and 0 <= r < N_RANKS


# --- the four layouts ------------------------------------------------------------------------
# Each line: (its squares in its positive direction, positive direction, negative direction).
def _all_lines() -> list[list[tuple[tuple[int, ...], int, int]]]:
    rows = [(tuple(r * N_FILES + f for f in range(N_FILES)), 2, 6) for r in range(N_RANKS)]
    columns = [(tuple(r * N_FILES + f for r in range(N_RANKS)), 0, 4) for f in range(N_FILES)]
    diagonals = [
        (tuple(r * N_FILES + r + c for r in range(N_RANKS) if 0 <= r + c < N_FILES), 1, 5)
        for c in range(-(N_RANKS - 1), N_FILES)
    ]
    anti_diagonals = [
        (tuple(r * N_FILES + c - r for r in range(N_RANKS) if 0 <= c - r < N_FILES), 7, 3)
        for c in range(N_FILES + N_RANKS - 1)
    ]
    return [rows, columns, diagonals, anti_diagonals]


_LINES: list[tuple[tuple[int, ...], int, int]] = []  # indexed by line id
# (bit offset, mask, window table, line id) of every line of length >= 2
_LINE_SLOTS: list[tuple[int, int, list[int], int]] = []
# _WINDOWS[n][own]: the squares of a line of n squares whose contents matter to the moves of the
# own pieces ``own`` (-1 until computed).  Enemy pieces elsewhere cannot change those moves.
_WINDOWS: dict[int, list[int]] = {n: [-1] * (1 << n) for n in range(2, max(N_FILES, N_RANKS) + 1)}
_SPREAD = [0] * N_SQUARES  # a square's four bits in the 672-bit layout

for _layout, _lines in enumerate(_all_lines()):
    _offset = _layout * N_SQUARES
    for _squares, _pos, _neg in _lines:
        for _i, _sq in enumerate(_squares):
            _SPREAD[_sq] |= 1 << (_offset + _i)
        if len(_squares) >= 2:  # a line of one square carries no move
            _n = len(_squares)
            _LINE_SLOTS.append((_offset, (1 << _n) - 1, _WINDOWS[_n], len(_LINES)))
        _LINES.append((_squares, _pos, _neg))
        _offset += len(_squares)
    assert _offset == (_layout + 1) * N_SQUARES
_LINE_SLOTS_T = tuple(_LINE_SLOTS)
# _SQUARE_SLOTS[square]: bit i set when slot i of _LINE_SLOTS runs through the square.
_SQUARE_SLOTS = [0] * N_SQUARES
for _slot, (_offset, _mask, _windows, _line_id) in enumerate(_LINE_SLOTS_T):
    for _sq in _LINES[_line_id][0]:
        _SQUARE_SLOTS[_sq] |= 1 << _slot
_SPREAD_T = tuple(_SPREAD)


def _spread(row_major: int) -> int:
    """The 672-bit layout of a 168-bit row-major set of squares."""
    out = 0
    while row_major:
        low = row_major & -row_major
        out |= _SPREAD_T[low.bit_length() - 1]
        row_major ^= low
    return out


def _squares_of(bits: int) -> list[int]:
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


# --- moves ------------------------------------------------------------------------------------
class EpaminondasMove(Move):
    """One phalanx move.  ``frm``/``to`` are the tail's square before and after; ``direction`` is
    one of ``DIRECTIONS``; ``size`` is k; ``distance`` is how far every piece moves; ``phalanx`` and
    ``landing`` are the phalanx's squares (tail first) before and after; ``captured`` the squares
    emptied by the capture (empty tuple for a quiet move).  Shared between positions: never mutate.
    """

    __slots__ = (
        "direction",
        "size",
        "distance",
        "group",
        "from_bits",
        "to_bits",
        "captured_bits",
        "_ray",
        "_need_empty",
        "_no_enemy",
        "_delta",
        "_cut",
        "_touch",
    )

    direction: str
    size: int
    distance: int
    group: int  # how many pieces the move captures
    from_bits: int
    to_bits: int
    captured_bits: int
    # what the engine's fast paths read (``_build_move``): the ray, its masks, the line slots
    _ray: tuple[int, ...]
    _need_empty: int
    _no_enemy: int
    _delta: int
    _cut: int
    _touch: int

    @property
    def phalanx(self) -> tuple[str, ...]:
        return tuple(SQUARE_NAMES[sq] for sq in self._ray[: self.size])

    @property
    def landing(self) -> tuple[str, ...]:
        return tuple(
            SQUARE_NAMES[sq] for sq in self._ray[self.distance : self.distance + self.size]
        )

    @property
    def captured(self) -> tuple[str, ...]:
        """The same as ``captures`` (its older name, kept for the tests and benchmarks)."""
        return self.captures


# _RAYS[direction][square]: the squares from ``square`` (included) to the edge in that direction.
_RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(
            (sq // N_FILES + dr * i) * N_FILES + sq % N_FILES + df * i
            for i in range(max(N_FILES, N_RANKS))
            if _on_board(sq % N_FILES + df * i, sq // N_FILES + dr * i)
        )
        for sq in range(N_SQUARES)
    )
    for df, dr in STEPS
)


def _prefixes(ray: tuple[int, ...], table: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """``out[i]``: the union of ``table[sq]`` over the first i squares of ``ray``."""
    out = [0]
    for sq in ray:
        out.append(out[-1] | table[sq])
    return tuple(out)


_BITS_T = tuple(1 << sq for sq in range(N_SQUARES))
# Prefix masks along every ray, row-major and in the 672-bit layout: the squares ray[i:j] are
# ``P[j] ^ P[i]``.
_RAY_BITS = tuple(tuple(_prefixes(ray, _BITS_T) for ray in rays) for rays in _RAYS)
_RAY_SPREAD = tuple(tuple(_prefixes(ray, _SPREAD_T) for ray in rays) for rays in _RAYS)


def _build_move(tail: int, direction: int, size: int, distance: int, group: int) -> EpaminondasMove:
    ray = _RAYS[direction][tail]
    bits = _RAY_BITS[direction][tail]
    spread = _RAY_SPREAD[direction][tail]
    first = size - 1 + distance  # the head's last square
    frm, to = SQUARE_NAMES[tail], SQUARE_NAMES[ray[distance]]
    captures = tuple(SQUARE_NAMES[sq] for sq in ray[first : first + group])
    move = EpaminondasMove(f"{frm}-{to}", frm, to, (frm, to), PHALANX, captures)
    move.direction = DIRECTIONS[direction]
    move.size = size
    move.distance = distance
    move.group = group
    move._ray = ray
    move.from_bits = bits[size]
    move.to_bits = bits[distance + size] ^ bits[distance]
    move.captured_bits = bits[first + group] ^ bits[first]
    move._need_empty = bits[first if group else first + 1] ^ bits[size]
    behind = first + group  # the square right behind the defending group
    move._no_enemy = 1 << ray[behind] if group and behind < len(ray) else 0
    move._delta = spread[size] ^ spread[distance + size] ^ spread[distance]
    move._cut = spread[first + group] ^ spread[first]
    touch = 0  # the line slots through a square that changes: vacated, entered, captured
    vacated = ray[: min(distance, size)]
    entered = ray[max(distance, size) : distance + size]
    for sq in vacated + entered + ray[first : first + group]:
        touch |= _SQUARE_SLOTS[sq]
    move._touch = touch
    return move


_MOVE_CACHE: dict[tuple[int, int, int, int, int], EpaminondasMove] = {}
_LINE_CACHE: dict[int, tuple[EpaminondasMove, ...]] = {}  # (line, own, enemy) -> moves
# When _LINE_CACHE is full (~35 MB) it becomes _OLD_LINE_CACHE and starts again empty; patterns
# still in use come back from the old one.  Memory stays bounded, and the hit rate high.
_OLD_LINE_CACHE: dict[int, tuple[EpaminondasMove, ...]] = {}
_LINE_CACHE_LIMIT = 120_000
# (line, direction along it, head, run size, empties ahead, defending group) -> moves.
_RUN_CACHE: dict[int, tuple[EpaminondasMove, ...]] = {}


def _move(tail: int, direction: int, size: int, distance: int, group: int) -> EpaminondasMove:
    key = (tail, direction, size, distance, group)
    move = _MOVE_CACHE.get(key)
    if move is None:
        move = _MOVE_CACHE[key] = _build_move(tail, direction, size, distance, group)
    return move


def _window(n: int, own: int) -> int:
    """The squares of a line of n squares whose contents can matter to the moves of ``own``:
    for each run of L own pieces, in both directions, the 2L - 1 squares ahead of its head (L of
    reach, then enough of a defending group to know whether it has fewer than L pieces)."""
    window = 0
    runs = own
    while runs:
        start = (runs & -runs).bit_length() - 1
        x = own >> start
        size = (x ^ (x + 1)).bit_length() - 1
        runs ^= ((1 << size) - 1) << start
        reach = 2 * size - 1
        window |= ((1 << reach) - 1) << (start + size)  # ahead going up
        low = max(0, start - reach)
        window |= ((1 << (start - low)) - 1) << low  # ahead going down
    window &= (1 << n) - 1
    _WINDOWS[n][own] = window
    return window


def _run_moves(key: int, squares: tuple[int, ...], direction: int) -> tuple[EpaminondasMove, ...]:
    """The moves of one run of own pieces (see ``_line_moves`` for the key)."""
    group = key & 15
    empty = key >> 4 & 15
    size = key >> 8 & 15
    head = key >> 12 & 15
    back = key >> 16 & 1
    out = []
    for k in range(1, size + 1):
        tail = squares[head + k - 1 if back else head - k + 1]
        for d in range(1, min(k, empty) + 1):
            out.append(_move(tail, direction, k, d, 0))
        if 0 < group < k and empty < k:
            out.append(_move(tail, direction, k, empty + 1, group))
    moves = _RUN_CACHE[key] = tuple(out)
    return moves


def _line_moves(line_id: int, own: int, enemy: int, key: int) -> tuple[EpaminondasMove, ...]:
    """Every legal move along one line, given its own and (windowed) enemy patterns, run by run;
    cached under ``key``.  A run of L own pieces moves by what lies ahead of its head: the empty
    squares (counted up to L) and the defending group after them (kept only if smaller than L)."""
    if len(_LINE_CACHE) >= _LINE_CACHE_LIMIT:
        _OLD_LINE_CACHE.clear()
        _OLD_LINE_CACHE.update(_LINE_CACHE)
        _LINE_CACHE.clear()
    result = _OLD_LINE_CACHE.get(key)
    if result is not None:
        _LINE_CACHE[key] = result
        return result
    squares, positive, negative = _LINES[line_id]
    n = len(squares)
    occupied = own | enemy
    out: list[EpaminondasMove] = []
    get = _RUN_CACHE.get
    base = line_id * 2 << 4
    runs = own
    while runs:
        start = (runs & -runs).bit_length() - 1
        x = own >> start
        size = (x ^ (x + 1)).bit_length() - 1
        runs ^= ((1 << size) - 1) << start
        # towards higher indices: the head is the run's top
        head = start + size - 1
        ahead = occupied >> (head + 1)
        group = 0
        if ahead:
            empty = (ahead & -ahead).bit_length() - 1
            if empty < size:
                y = enemy >> (head + 1 + empty)
                group = (y ^ (y + 1)).bit_length() - 1  # 0 when a friend blocks
                if group >= size:
                    group = 0
            else:
                empty = size
        else:
            empty = n - 1 - head
            if empty > size:
                empty = size
        run_key = (((base + head) * 16 + size) * 16 + empty) * 16 + group
        moves = get(run_key)
        if moves is None:
            moves = _run_moves(run_key, squares, positive)
        out.extend(moves)
        # towards lower indices: the head is the run's bottom
        behind = occupied & ((1 << start) - 1)
        group = 0
        if behind:
            first = behind.bit_length() - 1
            empty = start - 1 - first
            if empty < size:
                if enemy >> first & 1:
                    group = first + 1 - (~enemy & ((1 << (first + 1)) - 1)).bit_length()
                    if group >= size:
                        group = 0
            else:
                empty = size
        else:
            empty = start if start < size else size
        run_key = ((((base + 16) + start) * 16 + size) * 16 + empty) * 16 + group
        moves = get(run_key)
        if moves is None:
            moves = _run_moves(run_key, squares, negative)
        out.extend(moves)
    result = _LINE_CACHE[key] = tuple(out)
    return result


# --- the state --------------------------------------------------------------------------------
_NOTATION_RE = re.compile(r"([a-z]+\d+)-([a-z]+\d+)")
_COLOURS = (WHITE, BLACK)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class EpaminondasState(GameState):
    """One Epaminondas position.  Build with :meth:`initial` or :meth:`from_position`."""

    __slots__ = ("_w", "_b", "_side", "_since", "_last", "_flat", "_lens")

    game_id = "epaminondas"
    colours = (WHITE, BLACK)

    _w: int  # White's pieces in the 672-bit layout
    _b: int
    _side: int  # 0: White to move, 1: Black
    _since: int  # plies since the last capture or since the root of this history
    parent: EpaminondasState | None
    _moves: list[EpaminondasMove] | None
    _last: EpaminondasMove | None  # the move that led here
    _flat: list[EpaminondasMove] | None  # the generated moves, slot after slot, once generated
    _lens: list[int] | None  # how many of them each line slot holds

    # --- construction ------------------------------------------------------------------------
    @classmethod
    def initial(cls) -> EpaminondasState:
        return cls._make(
            None,
            None,
            _spread(RANK_MASKS[0] | RANK_MASKS[1]),
            _spread(RANK_MASKS[10] | RANK_MASKS[11]),
            0,
            0,
        )

    @classmethod
    def from_position(
        cls, white: Iterable[str] = (), black: Iterable[str] = (), to_move: str = WHITE
    ) -> EpaminondasState:
        """A position from square names (``white=["c2", "c3"]``); it has no history."""
        if to_move not in _COLOURS:
            raise IllegalMove(f"to_move {to_move!r}: expected 'white' or 'black'")
        sets = []
        for colour, names in ((WHITE, white), (BLACK, black)):
            if isinstance(names, str):
                raise IllegalMove(f"{colour}: give a list of squares, not the string {names!r}")
            bits = 0
            for name in names:
                if name not in SQUARE_INDEX:
                    raise IllegalMove(f"{name!r} is not a square (files a..n, ranks 1..12)")
                bit = 1 << SQUARE_INDEX[name]
                if bits & bit:
                    raise IllegalMove(f"{name} is listed twice for {colour}")
                bits |= bit
            sets.append(bits)
        both = sets[0] & sets[1]
        if both:
            name = SQUARE_NAMES[_squares_of(both)[0]]
            raise IllegalMove(f"{name} is listed for both colours")
        return cls._make(None, None, _spread(sets[0]), _spread(sets[1]), _COLOURS.index(to_move), 0)

    @classmethod
    def _make(
        cls,
        parent: EpaminondasState | None,
        last: EpaminondasMove | None,
        w: int,
        b: int,
        side: int,
        since: int,
    ) -> EpaminondasState:
        state = object.__new__(cls)
        state.parent = parent
        state.action = None if last is None else last.text
        state._moves = None
        state._outcome = False
        state._w = w
        state._b = b
        state._side = side
        state._since = since
        state._last = last
        state._flat = None
        if parent is None:
            state.visit, state.turns = None, 0
        else:
            state.visit, state.turns = parent.visit, parent.turns + 1
        return state

    # --- read access -------------------------------------------------------------------------
    @property
    def to_move(self) -> str:
        return _COLOURS[self._side]

    @property
    def key(self) -> tuple[int, int, int]:
        return (self._w & BOARD_MASK, self._b & BOARD_MASK, self._side)

    @property
    def bitboards(self) -> tuple[int, int]:
        """``(white, black)`` as 168-bit row-major ints (see the module docstring)."""
        return (self._w & BOARD_MASK, self._b & BOARD_MASK)

    @property
    def side(self) -> int:
        """0 when White is to move, 1 when Black is."""
        return self._side

    @property
    def last_move(self) -> Move | None:
        return self._last

    def _bits(self, colour: str) -> int:
        if colour == WHITE:
            return self._w & BOARD_MASK
        if colour == BLACK:
            return self._b & BOARD_MASK
        raise ValueError(f"unknown colour {colour!r}: expected 'white' or 'black'")

    def count(self, colour: str) -> int:
        """How many pieces ``colour`` has."""
        return self._bits(colour).bit_count()

    def score(self, colour: str) -> tuple[int, ...]:
        """``GameSpec.score``: the pieces ``colour`` has across, then the pieces it has taken
        (the other side's pieces short of the 28 it starts with)."""
        other = BLACK if colour == WHITE else WHITE
        return (self.crossing_count(colour), PIECES_EACH - self._bits(other).bit_count())

    def crossing_count(self, colour: str) -> int:
        """How many pieces of ``colour`` stand on the opponent's home row."""
        target = HOME_ROW[BLACK] if colour == WHITE else HOME_ROW[WHITE]
        return (self._bits(colour) & target).bit_count()

    def at(self, square: str) -> str | None:
        """The colour of the piece on ``square`` (``"c3"``), or ``None`` if it is empty."""
        index = SQUARE_INDEX.get(square)
        if index is None:
            raise ValueError(f"{square!r} is not a square (files a..n, ranks 1..12)")
        if self._w >> index & 1:
            return WHITE
        if self._b >> index & 1:
            return BLACK
        return None

    def pieces(self) -> list[Piece]:
        return [
            Piece(SQUARE_NAMES[i], colour, "piece")
            for colour, bits in ((WHITE, self._w & BOARD_MASK), (BLACK, self._b & BOARD_MASK))
            for i in _squares_of(bits)
        ]

    # --- rules -------------------------------------------------------------------------------
    def _generate_moves(self) -> list[EpaminondasMove]:
        if self._side:
            own, enemy = self._b, self._w
        else:
            own, enemy = self._w, self._b
        get = _LINE_CACHE.get
        parent = self.parent
        grand = None if parent is None else parent.parent
        if grand is not None and grand._flat is not None:
            # Same side to move two plies ago: only the lines the last two moves touched change.
            # Replace their stretches of the list from the last one back, so that the offsets
            # of the stretches still to replace stay valid.
            # (two plies played from ``grand``: both states have their move)
            assert parent is not None and grand._lens is not None
            last, before = self._last, parent._last
            assert last is not None and before is not None
            flat = grand._flat[:]
            lens = grand._lens[:]
            offsets = list(_accumulate(lens, initial=0))
            touched = last._touch | before._touch
            slots = _LINE_SLOTS_T
            while touched:
                index = touched.bit_length() - 1
                touched ^= 1 << index
                offset, mask, windows, line_id = slots[index]
                mine = own >> offset & mask
                if mine:
                    window = windows[mine]
                    if window < 0:
                        window = _window(mask.bit_length(), mine)
                    theirs = enemy >> offset & window
                    key = (theirs << 14 | mine) << 7 | line_id
                    moves = get(key)
                    if moves is None:
                        moves = _line_moves(line_id, mine, theirs, key)
                else:
                    moves = ()
                start = offsets[index]
                flat[start : start + lens[index]] = moves
                lens[index] = len(moves)
        else:
            flat = []
            lens = []
            extend = flat.extend
            append = lens.append
            for offset, mask, windows, line_id in _LINE_SLOTS_T:
                mine = own >> offset & mask
                if mine:
                    window = windows[mine]
                    if window < 0:
                        window = _window(mask.bit_length(), mine)
                    theirs = enemy >> offset & window
                    key = (theirs << 14 | mine) << 7 | line_id
                    moves = get(key)
                    if moves is None:
                        moves = _line_moves(line_id, mine, theirs, key)
                    extend(moves)
                    append(len(moves))
                else:
                    append(0)
        self._flat = flat
        self._lens = lens
        return flat

    def _compute_outcome(self) -> Outcome | None:
        w, b = self._w, self._b
        white_across = (w >> _WHITE_CROSS_SHIFT & _RANK_BITS).bit_count()
        black_across = (b & _RANK_BITS).bit_count()
        if self._side:
            me, opponent, mine, theirs, pieces = BLACK, WHITE, black_across, white_across, b
        else:
            me, opponent, mine, theirs, pieces = WHITE, BLACK, white_across, black_across, w
        if mine > theirs:
            self._moves = []
            return Outcome(me, REASON_CROSSING)
        if not pieces:
            self._moves = []
            return Outcome(opponent, REASON_NO_PIECES)
        moves = self._generate_moves()
        if not moves:
            self._moves = moves
            return Outcome(opponent, REASON_NO_MOVES)
        if self._since >= 8 and self._third_occurrence():
            self._moves = []
            return Outcome(None, REASON_REPETITION)
        if self._visit_over():
            self._moves = []
            return self._visit_outcome()
        self._moves = moves
        return None

    def _third_occurrence(self) -> bool:
        """Whether this position, same side to move, stood twice before since the last capture."""
        w, b = self._w, self._b
        state = self
        plies = self._since
        seen = 0
        while plies >= 2:
            parent = state.parent
            grand = None if parent is None else parent.parent
            assert grand is not None  # ``_since`` counts plies of this state's own history
            state = grand
            plies -= 2
            if state._w == w and state._b == b:
                seen += 1
                if seen == 2:
                    return True
        return False

    def _legal(self) -> list[EpaminondasMove]:
        if self._outcome is False:
            self._outcome = self._compute_outcome()
        moves = self._moves
        assert moves is not None  # ``_compute_outcome`` sets them
        return moves

    def legal_moves(self) -> list[Move]:
        """The legal moves (a fresh list; empty once the game is over)."""
        if self._outcome is False:
            self._outcome = self._compute_outcome()
        moves = self._moves
        assert moves is not None  # ``_compute_outcome`` sets them
        return list(moves)

    def play(self, move: Move | str) -> EpaminondasState:
        """The state after ``move`` (a move or its notation ``TAIL-TO``); raises ``IllegalMove``."""
        if type(move) is EpaminondasMove:
            if self._outcome is False:
                self._outcome = self._compute_outcome()
            if self._outcome is None:
                if self._side:
                    own, enemy = self._b, self._w
                else:
                    own, enemy = self._w, self._b
                need = move.from_bits
                group = move.captured_bits
                if (
                    own & need == need
                    and not (own | enemy) & move._need_empty
                    and enemy & group == group
                    and not enemy & move._no_enemy
                ):
                    return self._apply(move)
        if isinstance(move, Move):
            # Moves compare by notation, but one made in another position may stand for another
            # phalanx (another size): play this position's move of that notation, if any.
            text = move.text
            for legal in self._legal():
                if legal.text == text:
                    return self._apply(legal)
            raise IllegalMove(f"{text}: {self._refusal(text)}")
        return self._apply(self._legal_move(move))

    def _apply(self, move: Move) -> EpaminondasState:
        if type(move) is not EpaminondasMove:  # ``_apply`` takes this position's own moves
            raise TypeError(f"{move!r} is not an Epaminondas move")
        cut = move._cut
        since = 0 if cut else self._since + 1
        if self._side:
            return self._make(self, move, self._w ^ cut, self._b ^ move._delta, 0, since)
        return self._make(self, move, self._w ^ move._delta, self._b ^ cut, 1, since)

    def _refuse(self, frm: str | None, to: str | None) -> Refusal:
        """A phalanx rule where the piece on ``frm`` was taken along a line to ``to``: onto an
        enemy piece, a capture tried (a single piece never captures, a phalanx only a smaller
        group); onto a free square, the tail's new square (at most as far as the phalanx is
        long, the head never jumping)."""
        tail, target = SQUARE_INDEX.get(frm or ""), SQUARE_INDEX.get(to or "")
        own = self._bits(self.to_move)
        if tail is None or target is None or not own >> tail & 1 or own >> target & 1:
            return Refusal(REFUSED_ELSEWHERE)
        f0, r0 = tail % N_FILES, tail // N_FILES
        df, dr = target % N_FILES - f0, target // N_FILES - r0
        if not (df == 0 or dr == 0 or abs(df) == abs(dr)):
            return Refusal(REFUSED_ELSEWHERE)
        distance = max(abs(df), abs(dr))
        step = (df // distance, dr // distance)
        enemy = self._bits(_COLOURS[1 - self._side])

        def run(start: int, bits: int) -> int:
            """The pieces of ``bits`` in a row from ``start`` onwards along the line."""
            n = 0
            f, r = start % N_FILES, start // N_FILES
            while _on_board(f, r) and bits >> (r * N_FILES + f) & 1:
                n, f, r = n + 1, f + step[0], r + step[1]
            return n

        size = run(tail, own)
        back = self._back_that_reaches(tail, step, own, to or "")
        if back is not None:
            return Refusal.of(REFUSED_BY_THE_BACK, square=back)
        if enemy >> target & 1:
            if size == 1:
                return Refusal(REFUSED_SINGLE)
            group = run(target, enemy)
            if group >= size:
                return Refusal.of(REFUSED_LARGER, size=size, group=group)
            return Refusal(REFUSED_ELSEWHERE)
        if distance > size:
            if size == 1:
                return Refusal(REFUSED_ONE_SQUARE)
            return Refusal.of(REFUSED_FAR, size=size)
        occupied = own | enemy
        for passed in range(1, distance):  # the head's way, before its last square
            f, r = f0 + step[0] * (size - 1 + passed), r0 + step[1] * (size - 1 + passed)
            if not _on_board(f, r):
                break
            if occupied >> (r * N_FILES + f) & 1:
                return Refusal(REFUSED_JUMP)
        return Refusal(REFUSED_ELSEWHERE)

    def _back_that_reaches(self, tail: int, step: tuple[int, int], own: int, to: str) -> str | None:
        """The square of a piece behind ``tail`` on its line whose phalanx can bring its front
        piece to ``to`` (a visitor who took the front of a line by its front piece): a phalanx
        is moved by its back piece, so that is the piece to drag."""
        behind: list[str] = []
        f, r = tail % N_FILES - step[0], tail // N_FILES - step[1]
        while _on_board(f, r) and own >> (r * N_FILES + f) & 1:
            behind.append(SQUARE_NAMES[r * N_FILES + f])
            f, r = f - step[0], r - step[1]
        for square in behind:
            for move in self._legal():
                if move.frm != square or not isinstance(move, EpaminondasMove):
                    continue
                if move.landing[-1] == to or to in move.captures:
                    return square
        return None

    def _why_illegal(self, text: str) -> str:
        found = _NOTATION_RE.fullmatch(text)
        if not found:
            return "not a move: write TAIL-TO, the tail's square before and after, e.g. c2-c4"
        frm, to = found.groups()
        for name in (frm, to):
            if name not in SQUARE_INDEX:
                return f"{name} is not a square of the board (files a..n, ranks 1..12)"
        if self.at(frm) != self.to_move:
            return f"{frm} holds no piece of yours"
        tail, target = SQUARE_INDEX[frm], SQUARE_INDEX[to]
        f0, r0 = tail % N_FILES, tail // N_FILES
        df, dr = target % N_FILES - f0, target // N_FILES - r0
        distance = max(abs(df), abs(dr))
        if distance == 0:
            return "a move must take the phalanx to another square"
        if not (df == 0 or dr == 0 or abs(df) == abs(dr)):
            return f"{to} is not on a row, column or diagonal through {frm}"
        step = (df // distance, dr // distance)
        direction = STEPS.index(step)
        word = _DIRECTION_WORDS[direction]
        own = self._bits(self.to_move)
        occupied = (self._w | self._b) & BOARD_MASK

        def index(i: int) -> int | None:
            f, r = f0 + step[0] * i, r0 + step[1] * i
            return r * N_FILES + f if _on_board(f, r) else None

        size = 1
        while (sq := index(size)) is not None and own >> sq & 1:
            size += 1
        if distance > size:
            return (
                f"the phalanx from {frm} {word} has {_plural(size, 'piece')} "
                f"and may move at most {_plural(size, 'square')}"
            )
        head_square = index(size - 1)  # the last of ``size`` pieces found on the board
        assert head_square is not None
        head = SQUARE_NAMES[head_square]
        for i in range(size, size + distance - 1):
            sq = index(i)
            if sq is None:
                return f"the head ({head}) would leave the board"
            if occupied >> sq & 1:
                return f"the head ({head}) cannot pass {SQUARE_NAMES[sq]}: it is not empty"
        last = index(size + distance - 1)
        if last is None:
            return f"the head ({head}) would leave the board"
        if own >> last & 1:
            return f"the head's last square {SQUARE_NAMES[last]} holds a piece of yours"
        if occupied >> last & 1:
            if size == 1:
                return "capture refused: a lone piece never captures"
            group = 1
            while (sq := index(size + distance - 1 + group)) is not None and (
                occupied & ~own
            ) >> sq & 1:
                group += 1
            if group >= size:
                return (
                    f"capture refused: the defending group has {_plural(group, 'piece')}, "
                    f"not fewer than your {size}"
                )
        return "not a legal move here"
