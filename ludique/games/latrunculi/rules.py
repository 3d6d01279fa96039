"""Ludus latrunculorum (``rules.md`` section 3), four variants in one module.

    from ludique.games.latrunculi.rules import SenecaState, PisoState, PetteiaState, DuxState
    state = DuxState.initial()
    state = state.play("a1-a5")
    state = SenecaState.from_position(
        blue=["c3", "d4"], white=["d3", "e3", "h8"], inciti={"d3": ("c3", "e3")}, to_move="blue"
    )

:class:`LatrunculiState` holds the machinery every variant shares (board, custodian and corner
capture, placement, the end checks); :class:`SenecaState` (placement, steps and jump chains,
inciti), :class:`PisoState` (as Seneca, captured pieces leave the board), :class:`PetteiaState`
(two full ranks each, sliding) and :class:`DuxState` (as Petteia with a dux) override only what
differs.  Decisions where ``rules.md`` is silent are written down in ``docs/latrunculi.md``.

Fast read access for the computer player
----------------------------------------
Squares are numbered ``i = (rank - 1) * 8 + file`` with files a..h as 0..7: ``a1`` is 0, ``h1``
is 7, ``a2`` is 8, ``h8`` is 63.  ``SQUARE_NAMES[i]`` and ``SQUARE_INDEX[name]`` convert.

``state.board`` is a flat list of 64 small ints (never change it: states share nothing else,
but they are immutable by contract).  The codes are bit fields: bits 0-1 the colour (``1`` Blue,
``2`` White), bit 2 (``4``) a dux, bit 3 (``8``) an incitus::

    EMPTY 0  BLUE_MAN 1  WHITE_MAN 2  BLUE_DUX 5  WHITE_DUX 6  BLUE_INCITUS 9  WHITE_INCITUS 10

so ``code & 3`` is the colour code, ``code & 11 == c`` means an active piece of colour ``c`` (a
man or a dux: it may move and capture), and ``code == c`` means a capturable man of colour ``c``.
``state.side`` is the colour code to move (1 or 2); ``state.counts[c]`` the pieces of colour
code ``c`` on the board (inciti included); ``state.quiet`` the battle turns since the last
capture or removal; ``state.inciti`` a tuple of ``(incitus, blocker, blocker)`` square triples.
``NEIGHBOURS[i]`` (orthogonal neighbours), ``RAYS[i]`` (the four lines from ``i`` outwards) and
``CAPTURE_LINES[i]`` (``(victim, partner)`` pairs: a piece landing on ``i`` captures the enemy man
on ``victim`` when its own active piece stands on ``partner``; corner captures included) are
the precomputed tables the move generator uses.

Bitboards (bit ``i`` is square ``i``), kept up to date by every move: ``state.act[c]`` the active
pieces (men and dux) of colour code ``c``, ``state.inert[c]`` its inciti, ``state.dux`` both
duces (0 outside the dux variant); index 0 of ``act`` and ``inert`` is unused (0).
``state.pos[c]`` lists the squares of the active pieces of colour code ``c`` (in no particular
order); ``state.zob`` is the position's Zobrist key (``ZOBRIST[code * 64 + square]`` xored over
the occupied squares; the side to move is not in it).

Each move carries ``op`` (``PLACE``, ``MOVE`` or ``REMOVE``: what ``_apply`` does; ``kind`` is
the protocol's word for the screen), ``src`` and ``dst`` (ints;
``-1`` for "none": a placement has no ``src``, a removal no ``dst``), ``taken`` (``(victim,
partner)`` int pairs) and ``captures`` (the victims' square names).  Moves are shared between
positions (one object per path and capture set), so ``play(move)`` with a move from
``legal_moves()`` is an identity check, not a text comparison.
``state.key`` is hashable and exact (board, blockers, side, reserves, pending removal).

How the speed is obtained: the flat board is copied once per move and the bitboards, piece
lists and Zobrist key are updated by a few xors; the generator walks the mover's piece list
with precomputed step and ray tables and appends shared move objects; the squares where a
landing piece captures are found for all pieces at once with a dozen bitboard operations, so
the capture test costs one flag lookup per destination; repetition compares Zobrist keys two
plies apart, only back to the last capture, removal or placement (``quiet`` plies), since none
of those can be undone.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping
from typing import ClassVar

from ludique.games import base
from ludique.games.base import (
    BATTLE,
    BLUE,
    PLACEMENT,
    REASON_FIFTY_TURNS,
    REASON_NO_MOVES,
    REASON_ONE_PIECE,
    REASON_ONLY_DUX,
    REASON_REPETITION,
    REFUSED_ELSEWHERE,
    REFUSED_OCCUPIED,
    WHITE,
    GameState,
    IllegalMove,
    Move,
    Outcome,
    Piece,
    Refusal,
)

FILES = "abcdefgh"
SIZE = 8
N_SQUARES = 64
SQUARE_NAMES: tuple[str, ...] = tuple(f"{FILES[i % SIZE]}{i // SIZE + 1}" for i in range(64))
SQUARE_INDEX: dict[str, int] = {name: i for i, name in enumerate(SQUARE_NAMES)}

EMPTY = 0
BLUE_CODE, WHITE_CODE = 1, 2
DUX_BIT, INCITUS_BIT = 4, 8
BLUE_MAN, WHITE_MAN = 1, 2
BLUE_DUX, WHITE_DUX = 5, 6
BLUE_INCITUS, WHITE_INCITUS = 9, 10
COLOUR_CODE: dict[str, int] = {BLUE: BLUE_CODE, WHITE: WHITE_CODE}
CODE_COLOUR: dict[int, str] = {BLUE_CODE: BLUE, WHITE_CODE: WHITE}

FIFTY_TURNS = 50
REPETITIONS = 3

# North (towards White), east, south, west as (file step, rank step).
_DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def _square(f: int, r: int) -> int | None:
    return r * SIZE + f if 0 <= f < SIZE and 0 <= r < SIZE else None


Pairs = tuple[tuple[int, int], ...]  # (square, square) pairs: jumps, capture lines


def _tables() -> tuple[
    tuple[tuple[int, ...], ...],
    tuple[tuple[tuple[int, ...], ...], ...],
    tuple[Pairs, ...],
    tuple[Pairs, ...],
]:
    neighbours: list[tuple[int, ...]] = []
    rays: list[tuple[tuple[int, ...], ...]] = []
    jumps: list[Pairs] = []
    lines: list[Pairs] = []
    corners = {0: (1, 8), 7: (6, 15), 56: (57, 48), 63: (62, 55)}
    for i in range(N_SQUARES):
        f, r = i % SIZE, i // SIZE
        nb: list[int] = []
        ry: list[tuple[int, ...]] = []
        jp: list[tuple[int, int]] = []
        ln: list[tuple[int, int]] = []
        for df, dr in _DIRECTIONS:
            one, two = _square(f + df, r + dr), _square(f + 2 * df, r + 2 * dr)
            if one is not None:
                nb.append(one)
                if two is not None:
                    jp.append((one, two))
                    ln.append((one, two))  # custodian: the edge never captures
            ray: list[int] = []
            k = 1
            while (sq := _square(f + k * df, r + k * dr)) is not None:
                ray.append(sq)
                k += 1
            if ray:
                ry.append(tuple(ray))
        for corner, (n1, n2) in corners.items():
            if i == n1:
                ln.append((corner, n2))
            elif i == n2:
                ln.append((corner, n1))
        neighbours.append(tuple(nb))
        rays.append(tuple(ry))
        jumps.append(tuple(jp))
        lines.append(tuple(ln))
    return tuple(neighbours), tuple(rays), tuple(jumps), tuple(lines)


NEIGHBOURS, RAYS, JUMPS, CAPTURE_LINES = _tables()


# --- moves -----------------------------------------------------------------------------------
PLACE, MOVE, REMOVE = 0, 1, 2


class LatrunculiMove(Move):
    """A placement (``@c3``), a step, slide or jump chain (``c3-c4``, ``c3-c5-e5``) or the
    removal of one's own incitus (``xd4``).

    ``path`` is every square the piece stands on or passes: the squares slid through, or the
    origin and each landing of a chain (jumped squares are not visited).  ``captures`` names the
    enemy pieces the move captures (turned into inciti in Seneca, removed otherwise).
    """

    __slots__ = ("op", "src", "dst", "taken")

    op: int
    src: int
    dst: int
    taken: tuple[tuple[int, int], ...]

    def __init__(
        self,
        op: int,
        src: int,
        dst: int,
        squares: tuple[int, ...],
        taken: tuple[tuple[int, int], ...] = (),
        jump: bool = False,
    ) -> None:
        names = tuple(SQUARE_NAMES[s] for s in squares)
        if op == PLACE:
            text, frm, to, kind = "@" + names[0], None, names[0], base.PLACE
        elif op == REMOVE:
            text, frm, to, kind = "x" + names[0], names[0], None, base.REMOVE
        elif jump:
            text, frm, to, kind = "-".join(names), names[0], names[-1], base.JUMP
        else:
            kind = base.STEP if len(names) == 2 else base.SLIDE
            text, frm, to = f"{names[0]}-{names[-1]}", names[0], names[-1]
        captures = tuple(SQUARE_NAMES[v] for v, _ in taken)
        super().__init__(text, frm, to, names, kind, captures)
        self.op = op
        self.src = src
        self.dst = dst
        self.taken = taken


def _line(src: int, dst: int) -> tuple[int, ...] | None:
    """The squares from ``src`` to ``dst`` along a rank or file, both ends included."""
    fs, rs, fd, rd = src % SIZE, src // SIZE, dst % SIZE, dst // SIZE
    if src == dst or (fs != fd and rs != rd):
        return None
    step = (1 if fd > fs else -1) if rs == rd else (SIZE if rd > rs else -SIZE)
    return tuple(range(src, dst + step, step))


_PLACEMENTS: tuple[LatrunculiMove, ...] = tuple(
    LatrunculiMove(PLACE, -1, i, (i,)) for i in range(64)
)
_REMOVALS: tuple[LatrunculiMove, ...] = tuple(
    LatrunculiMove(REMOVE, i, -1, (i,)) for i in range(64)
)
# The capture-free step or slide from a to b, at index a * 64 + b (None when not on one line).
_QUIET: list[LatrunculiMove | None] = [None] * (64 * 64)
for _a in range(64):
    for _b in range(64):
        _sq = _line(_a, _b)
        if _sq is not None:
            _QUIET[_a * 64 + _b] = LatrunculiMove(MOVE, _a, _b, _sq)
del _a, _b, _sq

# --- bitboards: bit i is square i ------------------------------------------------------------
FULL = (1 << 64) - 1
BIT: tuple[int, ...] = tuple(1 << i for i in range(64))
_FILE_A = sum(1 << (8 * r) for r in range(8))
FILES_A_TO_F = FULL & ~((_FILE_A << 6) | (_FILE_A << 7))  # squares with two files eastwards
FILES_C_TO_H = FULL & ~(_FILE_A | (_FILE_A << 1))  # squares with two files westwards
# corner -> its two neighbours
_CORNERS = ((0, 1, 8), (7, 6, 15), (56, 57, 48), (63, 62, 55))
CORNER_BITS = BIT[0] | BIT[7] | BIT[56] | BIT[63]
_NO_FLAGS = bytes(64)

# Zobrist keys, index code * 64 + square: the repetition rule compares these before boards.
_rng = random.Random(20261123)
ZOBRIST: tuple[int, ...] = tuple(_rng.getrandbits(64) for _ in range(11 * 64))
del _rng


def _hot(victims: int, partners: int, empty: int) -> bytes | bytearray:
    """Flags of the empty squares where a piece that lands by a step or a slide captures: next
    to a capturable enemy man with an active friend on the far side, or the L of a corner.
    (A step or slide never starts on a square that matters for its own captures.)"""
    hot = (
        ((victims >> 8) & (partners >> 16))
        | ((victims << 8) & (partners << 16))
        | ((victims >> 1) & (partners >> 2) & FILES_A_TO_F)
        | ((victims << 1) & (partners << 2) & FILES_C_TO_H)
    )
    if victims & CORNER_BITS:
        for corner, n1, n2 in _CORNERS:
            if victims >> corner & 1:
                if partners >> n2 & 1:
                    hot |= BIT[n1]
                if partners >> n1 & 1:
                    hot |= BIT[n2]
    hot &= empty
    if not hot:
        return _NO_FLAGS
    flags = bytearray(64)
    while hot:
        low = hot & -hot
        flags[low.bit_length() - 1] = 1
        hot ^= low
    return flags


# ``state.pos[0]``: colour code 0 is no side, and has no squares (never changed)
_NO_SQUARES: list[int] = []


def _derived(
    board: list[int],
) -> tuple[tuple[int, ...], tuple[int, ...], int, tuple[list[int], ...], int]:
    """(active, inert, dux, squares, zobrist) of a board list: the bitboards of active pieces
    (men and dux) and of inciti per colour code, the dux bitboard, the active pieces' squares
    per colour code, and the position's Zobrist key."""
    act, inert = [0, 0, 0], [0, 0, 0]
    pos: list[list[int]] = [[], [], []]
    dux = zob = 0
    for i, v in enumerate(board):
        if not v:
            continue
        zob ^= ZOBRIST[v * 64 + i]
        if v & INCITUS_BIT:
            inert[v & 3] |= BIT[i]
        else:
            act[v & 3] |= BIT[i]
            pos[v & 3].append(i)
            if v & DUX_BIT:
                dux |= BIT[i]
    return (0, act[1], act[2]), (0, inert[1], inert[2]), dux, (_NO_SQUARES, pos[1], pos[2]), zob


def _quiet(s: int, t: int) -> LatrunculiMove:
    """The capture-free move from ``s`` to ``t`` (made above for every pair on a line)."""
    move = _QUIET[s * 64 + t]
    assert move is not None
    return move


# For each square, the capture-free steps and, per direction, the slides outwards, as
# (destination, move) pairs.
_STEP_MOVES: tuple[tuple[tuple[int, LatrunculiMove], ...], ...] = tuple(
    tuple((t, _quiet(s, t)) for t in NEIGHBOURS[s]) for s in range(64)
)
# Each ray as (its first square, its (destination, move) pairs): a ray blocked at once is
# skipped with one lookup.
_RAY_MOVES: tuple[tuple[tuple[int, tuple[tuple[int, LatrunculiMove], ...]], ...], ...] = tuple(
    tuple((ray[0], tuple((t, _quiet(s, t)) for t in ray)) for ray in RAYS[s]) for s in range(64)
)


# Moves that capture, and jump chains, are made on first sight and kept.  A search may meet
# very many distinct chains, so the caches are emptied when they grow large.
_CACHE_LIMIT = 200_000
_CAPTURING: dict[tuple[int, int, Pairs], LatrunculiMove] = {}
_CHAINS: dict[tuple[int, ...] | tuple[tuple[int, ...], Pairs], LatrunculiMove] = {}


def _capturing(src: int, dst: int, taken: Pairs) -> LatrunculiMove:
    key = (src, dst, taken)
    move = _CAPTURING.get(key)
    if move is None:
        if len(_CAPTURING) > _CACHE_LIMIT:
            _CAPTURING.clear()
        move = _CAPTURING[key] = LatrunculiMove(MOVE, src, dst, _line(src, dst) or (), taken)
    return move


def _chain_move(path: tuple[int, ...], taken: Pairs | None) -> LatrunculiMove:
    key = path if taken is None else (path, taken)
    move = _CHAINS.get(key)
    if move is None:
        if len(_CHAINS) > _CACHE_LIMIT:
            _CHAINS.clear()
        move = _CHAINS[key] = LatrunculiMove(MOVE, path[0], path[-1], path, taken or (), jump=True)
    return move


# Capturing steps and slides by (src * 64 + dst) * 16 + the mask of CAPTURE_LINES[dst] that fire:
# an int key, cheaper to build and hash than the pairs themselves.
_BY_MASK: dict[int, LatrunculiMove] = {}


def _capture_move(b: list[int], me: int, opp: int, s: int, t: int) -> LatrunculiMove:
    """The step or slide from ``s`` to ``t`` with what it captures (``t`` is a hot square)."""
    mask = 0
    bit = 1
    for v, p in CAPTURE_LINES[t]:
        if b[v] == opp and b[p] & 11 == me:
            mask |= bit
        bit <<= 1
    key = ((s << 6 | t) << 4) | mask
    move = _BY_MASK.get(key)
    if move is None:
        lines = CAPTURE_LINES[t]
        taken = tuple(lines[k] for k in range(len(lines)) if mask >> k & 1)
        move = _BY_MASK[key] = _capturing(s, t, taken)
    return move


def _chains(
    b: list[int], me: int, opp: int, path: tuple[int, ...], out: list[LatrunculiMove]
) -> None:
    """Append every jump chain that continues ``path`` (which ends with a landing)."""
    t = path[-1]
    taken: Pairs | None = None
    for v, p in CAPTURE_LINES[t]:
        if b[v] == opp and b[p] & 11 == me:
            taken = ((v, p),) if taken is None else (*taken, (v, p))
    out.append(_chain_move(path, taken))
    for over, land in JUMPS[t]:
        if b[over] & 3 == me and not b[land] and land not in path:
            _chains(b, me, opp, (*path, land), out)


# --- notation --------------------------------------------------------------------------------
_SQUARE_RE = r"[a-z]+\d+"
_NOTATION = re.compile(
    rf"^(?:@(?P<place>{_SQUARE_RE})|x(?P<remove>{_SQUARE_RE})|"
    rf"(?P<path>{_SQUARE_RE}(?:-{_SQUARE_RE})+))$"
)


def _parse_square(name: str) -> int:
    index = SQUARE_INDEX.get(name)
    if index is None:
        raise IllegalMove(f"{name!r} is not a square (files a-h, ranks 1-8)")
    return index


# --- states ----------------------------------------------------------------------------------
class LatrunculiState(GameState):
    """One position of Ludus latrunculorum; the variants subclass it.

    Build with :meth:`initial` or :meth:`from_position`.  Read access: ``board``, ``side``,
    ``counts``, ``inciti``, ``quiet`` (see the module docstring), ``phase``, ``pending_removal``,
    ``at(square)``, ``count(colour)``, ``reserve(colour)``, ``pieces()``; after a move,
    ``last_move`` (what was played) and ``freed`` (the inciti it set free).
    """

    __slots__ = (
        "board",
        "side",
        "counts",
        "reserves",
        "inciti",
        "pending",
        "quiet",
        "last_move",
        "_freed",
        "_gen",
        "act",
        "inert",
        "dux",
        "pos",
        "zob",
        "_bloom",
    )

    colours: ClassVar[tuple[str, str]] = (BLUE, WHITE)
    PIECES_EACH: ClassVar[int] = 16
    HAS_PLACEMENT: ClassVar[bool] = False
    HAS_INCITI: ClassVar[bool] = False
    HAS_DUX: ClassVar[bool] = False
    SLIDES: ClassVar[bool] = False

    parent: LatrunculiState | None
    _moves: list[LatrunculiMove] | None
    board: list[int]
    side: int
    counts: tuple[int, ...]  # per colour code (index 1 Blue, 2 White; 0 unused), as below
    reserves: tuple[int, ...]
    inciti: tuple[tuple[int, int, int], ...]
    pending: bool
    quiet: int
    last_move: LatrunculiMove | None
    _freed: tuple[int, ...]
    _gen: list[LatrunculiMove] | None
    act: tuple[int, ...]  # the active pieces' bitboard
    inert: tuple[int, ...]  # the inciti's bitboard
    dux: int
    pos: tuple[list[int], ...]  # the active pieces' squares
    zob: int
    _bloom: int

    # --- construction ----------------------------------------------------------------------
    @classmethod
    def _new(
        cls,
        parent: LatrunculiState | None,
        action: str | None,
        board: list[int],
        side: int,
        counts: tuple[int, ...],
        reserve: tuple[int, ...],
        inciti: tuple[tuple[int, int, int], ...],
        pending: bool,
        quiet: int,
        last_move: LatrunculiMove | None,
        freed: tuple[int, ...],
        act: tuple[int, ...],
        inert: tuple[int, ...],
        dux: int,
        pos: tuple[list[int], ...],
        zob: int,
    ) -> LatrunculiState:
        state = object.__new__(cls)
        state.parent = parent
        state.action = action
        state._moves = None
        state._outcome = False
        state.board = board
        state.side = side
        state.counts = counts
        state.reserves = reserve
        state.inciti = inciti
        state.pending = pending
        state.quiet = quiet
        state.last_move = last_move
        state._freed = freed
        state._gen = None
        state.act = act
        state.inert = inert
        state.dux = dux
        state.pos = pos
        state.zob = zob
        state._bloom = 0
        if parent is None:
            state.visit, state.turns = None, 0
        else:  # the visit rule counts the moves of the battle (no placement, no removal)
            state.visit = parent.visit
            state.turns = parent.turns + (last_move is not None and last_move.op == MOVE)
        return state

    def __init__(self) -> None:  # pragma: no cover - states are built by the classmethods
        raise TypeError(f"build a {type(self).__name__} with initial() or from_position()")

    @classmethod
    def _start_board(cls) -> list[int]:
        return [EMPTY] * 64

    @classmethod
    def initial(cls) -> LatrunculiState:
        """The starting position: Blue to move."""
        board = cls._start_board()
        blue = sum(1 for v in board if v & 3 == BLUE_CODE)
        white = sum(1 for v in board if v & 3 == WHITE_CODE)
        reserve = (0, cls.PIECES_EACH, cls.PIECES_EACH) if cls.HAS_PLACEMENT else (0, 0, 0)
        return cls._new(
            None,
            None,
            board,
            BLUE_CODE,
            (0, blue, white),
            reserve,
            (),
            False,
            0,
            None,
            (),
            *_derived(board),
        )

    @classmethod
    def from_position(
        cls,
        blue: Iterable[str] = (),
        white: Iterable[str] = (),
        *,
        to_move: str = BLUE,
        dux: Mapping[str, str] | None = None,
        inciti: Mapping[str, tuple[str, str]] | None = None,
        pending_removal: bool = False,
        quiet: int = 0,
    ) -> LatrunculiState:
        """A battle position: ``blue``/``white`` list the squares of each colour's men
        (inciti included), ``dux`` maps a colour to its dux's square (dux variant only),
        ``inciti`` maps an incitus' square to its two blockers' squares (Seneca only),
        ``pending_removal`` says that ``to_move`` must remove an incitus now, ``quiet`` is the
        number of battle turns already played without capture or removal.

        Raises ``IllegalMove`` naming what is inconsistent.
        """
        if to_move not in COLOUR_CODE:
            raise IllegalMove(f"to_move {to_move!r}: expected 'blue' or 'white'")
        board = cls._listed(blue, white, dux or {})
        entries = cls._inciti(board, inciti or {})
        side = COLOUR_CODE[to_move]
        if pending_removal and not any(board[i] & 3 == side for i, _, _ in entries):
            raise IllegalMove(f"{to_move} has no incitus to remove")
        counts = (
            0,
            sum(1 for v in board if v & 3 == BLUE_CODE),
            sum(1 for v in board if v & 3 == WHITE_CODE),
        )
        if not 0 <= quiet < FIFTY_TURNS:
            raise IllegalMove(f"quiet {quiet}: expected 0 to {FIFTY_TURNS - 1}")
        return cls._new(
            None,
            None,
            board,
            side,
            counts,
            (0, 0, 0),
            tuple(sorted(entries)),
            pending_removal,
            quiet,
            None,
            (),
            *_derived(board),
        )

    @classmethod
    def _listed(
        cls, blue: Iterable[str], white: Iterable[str], dux: Mapping[str, str]
    ) -> list[int]:
        """The board of ``from_position``'s men and duces, each square listed once."""
        board = [EMPTY] * 64
        for colour, squares in ((BLUE, blue), (WHITE, white)):
            for name in squares:
                index = _parse_square(name)
                if board[index]:
                    raise IllegalMove(f"{name} is listed twice")
                board[index] = COLOUR_CODE[colour]
        for colour, name in dux.items():
            if not cls.HAS_DUX:
                raise IllegalMove(f"{cls.game_id} has no dux")
            if colour not in COLOUR_CODE:
                raise IllegalMove(f"dux colour {colour!r}: expected 'blue' or 'white'")
            index = _parse_square(name)
            if board[index]:
                raise IllegalMove(f"{name} is listed twice")
            board[index] = COLOUR_CODE[colour] | DUX_BIT
        return board

    @classmethod
    def _inciti(
        cls, board: list[int], inciti: Mapping[str, tuple[str, str]]
    ) -> list[tuple[int, int, int]]:
        """``from_position``'s inciti as (square, blocker, blocker), marked on ``board``: each
        a man listed, held by two distinct enemy pieces that are not inciti themselves."""
        entries = []
        for name, blockers in inciti.items():
            if not cls.HAS_INCITI:
                raise IllegalMove(f"{cls.game_id} has no inciti")
            index = _parse_square(name)
            code = board[index]
            if code not in (BLUE_MAN, WHITE_MAN):
                raise IllegalMove(f"incitus {name} is not listed among the men")
            if len(blockers) != 2:
                raise IllegalMove(f"incitus {name} needs exactly two blockers")
            pair = []
            for blocker in blockers:
                b = _parse_square(blocker)
                if board[b] & 3 != 3 - code or b in pair:
                    raise IllegalMove(f"blocker {blocker} of {name} must be a distinct enemy piece")
                pair.append(b)
            entries.append((index, pair[0], pair[1]))
        for index, _, _ in entries:
            board[index] |= INCITUS_BIT
        for _index, b1, b2 in entries:
            for b in (b1, b2):
                if board[b] & INCITUS_BIT:
                    raise IllegalMove(f"blocker {SQUARE_NAMES[b]} is itself an incitus")
        return entries

    # --- read access -----------------------------------------------------------------------
    @property
    def to_move(self) -> str:
        return CODE_COLOUR[self.side]

    @property
    def phase(self) -> str:
        """``"placement"`` while pieces are being placed, else ``"battle"``."""
        return PLACEMENT if self.reserves[1] or self.reserves[2] else BATTLE

    @property
    def pending_removal(self) -> bool:
        """True when the legal moves are the removal of one of the mover's inciti."""
        return self.pending

    def reserve(self, colour: str) -> int:
        """How many pieces ``colour`` still has to place."""
        return self.reserves[COLOUR_CODE[colour]]

    in_reserve = reserve  # the older name

    @property
    def quiet_turns(self) -> int:
        return self.quiet

    def score(self, colour: str) -> tuple[int, ...]:
        """``GameSpec.score``: the men ``colour`` has taken (the other side's pieces short of
        those it started with, on the board or still to place; an incitus is taken once it
        leaves the board, as the fifty-turn count has it)."""
        other = COLOUR_CODE[colour] ^ 3
        return (self.PIECES_EACH - self.counts[other] - self.reserves[other],)

    def count(self, colour: str) -> int:
        """How many pieces ``colour`` has on the board (inciti and dux included)."""
        return self.counts[COLOUR_CODE[colour]]

    def at(self, square: str) -> Piece | None:
        """The piece on ``square``, or ``None`` when it is empty."""
        code = self.board[_parse_square(square)]
        return _piece(square, code) if code else None

    def pieces(self) -> list[Piece]:
        return [_piece(SQUARE_NAMES[i], v) for i, v in enumerate(self.board) if v]

    @property
    def freed(self) -> tuple[str, ...]:
        """The inciti set free by the move that led here."""
        return tuple(SQUARE_NAMES[i] for i in self._freed)

    def blockers(self, square: str) -> tuple[str, str] | None:
        """The squares of the two blockers of the incitus on ``square`` (None if no incitus)."""
        index = _parse_square(square)
        for i, b1, b2 in self.inciti:
            if i == index:
                return SQUARE_NAMES[b1], SQUARE_NAMES[b2]
        return None

    @property
    def key(self) -> tuple[object, ...]:
        return (bytes(self.board), self.side, self.reserves, self.pending, self.inciti)

    @property
    def position(self) -> tuple[bytes, int]:
        """What the repetition rule compares: every square's piece and the player to move."""
        return bytes(self.board), self.side

    # --- moves -----------------------------------------------------------------------------
    def _gen_list(self) -> list[LatrunculiMove]:
        moves = self._gen
        if moves is None:
            if self.pending:
                me = self.side
                b = self.board
                moves = [_REMOVALS[i] for i, _, _ in self.inciti if b[i] & 3 == me]
            elif self.reserves[self.side]:
                moves = [_PLACEMENTS[i] for i, v in enumerate(self.board) if not v]
            else:
                moves = self._battle_moves()
            self._gen = moves
        return moves

    def _generate_moves(self) -> list[LatrunculiMove]:
        return self._gen_list()

    def _battle_moves(self) -> list[LatrunculiMove]:
        """Steps and jump chains (Seneca, Piso)."""
        b = self.board
        me = self.side
        opp = 3 - me
        act = self.act
        inert = self.inert
        hot = _hot(act[opp] & ~self.dux, act[me], ~(act[1] | act[2] | inert[1] | inert[2]) & FULL)
        out: list[LatrunculiMove] = []
        app = out.append
        steps = _STEP_MOVES
        jumps = JUMPS
        for s in self.pos[me]:
            for t, move in steps[s]:
                if not b[t]:
                    app(_capture_move(b, me, opp, s, t) if hot[t] else move)
            for over, land in jumps[s]:
                if b[over] & 3 == me and not b[land]:
                    code = b[s]
                    b[s] = EMPTY  # the piece has left: its square neither helps nor blocks
                    _chains(b, me, opp, (s, land), out)
                    b[s] = code
        return out

    def _legal(self) -> list[LatrunculiMove]:
        moves = self._moves
        if moves is None:
            moves = [] if self.outcome is not None else self._gen_list()
            self._moves = moves
        return moves

    def play(self, move: Move | str) -> LatrunculiState:
        """The state after ``move`` (a ``Move`` or its notation).  Raises ``IllegalMove``."""
        legal = self._legal()
        if type(move) is LatrunculiMove:
            for m in legal:
                if m is move:
                    return self._apply(m)
            text = move.text
        elif isinstance(move, str):
            text = move.strip()
        elif isinstance(move, Move):
            text = move.text
        else:
            raise IllegalMove(f"{move!r}: a move is a Move or a notation string")
        for m in legal:
            if m.text == text:
                return self._apply(m)
        raise IllegalMove(f"{text or '(empty)'}: {self._refusal(text)}")

    def _apply(self, move: Move) -> LatrunculiState:
        if type(move) is not LatrunculiMove:  # ``_apply`` takes this position's own moves
            raise TypeError(f"{move!r} is not a Latrunculi move")
        m = move
        me = self.side
        op = m.op
        if op == MOVE:
            return self._apply_move(m)
        board = self.board[:]
        counts = list(self.counts)
        if op == PLACE:
            t = m.dst
            board[t] = me
            counts[me] += 1
            reserve = list(self.reserves)
            reserve[me] -= 1
            act = list(self.act)
            act[me] |= BIT[t]
            pos = list(self.pos)
            pos[me] = [*pos[me], t]
            return self._new(
                self,
                m.text,
                board,
                3 - me,
                tuple(counts),
                tuple(reserve),
                (),
                False,
                0,
                m,
                (),
                tuple(act),
                self.inert,
                self.dux,
                tuple(pos),
                self.zob ^ ZOBRIST[me * 64 + t],
            )
        # removal of one's own incitus (inciti are not among the active pieces' squares)
        s = m.src
        board[s] = EMPTY
        counts[me] -= 1
        inciti = tuple(e for e in self.inciti if e[0] != s)
        inert = list(self.inert)
        inert[me] ^= BIT[s]
        return self._new(
            self,
            m.text,
            board,
            3 - me,
            tuple(counts),
            self.reserves,
            inciti,
            False,
            0,
            m,
            (),
            self.act,
            tuple(inert),
            self.dux,
            self.pos,
            self.zob ^ ZOBRIST[(me | INCITUS_BIT) * 64 + s],
        )

    def _apply_move(self, m: LatrunculiMove) -> LatrunculiState:
        """A step, slide or chain where captured pieces leave the board (Piso, Petteia, Dux)."""
        src, dst = m.src, m.dst
        me = self.side
        opp = 3 - me
        board = self.board[:]
        code = board[dst] = board[src]
        board[src] = EMPTY
        zob = self.zob ^ ZOBRIST[code * 64 + src] ^ ZOBRIST[code * 64 + dst]
        moved = BIT[src] | BIT[dst]
        dux = self.dux ^ moved if code & DUX_BIT else self.dux
        a = self.act
        p = self.pos
        mine = p[me][:]
        mine[mine.index(src)] = dst
        taken = m.taken
        if not taken:
            if me == 1:
                quiet_act, quiet_pos = (0, a[1] ^ moved, a[2]), (_NO_SQUARES, mine, p[2])
            else:
                quiet_act, quiet_pos = (0, a[1], a[2] ^ moved), (_NO_SQUARES, p[1], mine)
            state = self._new(
                self,
                m.text,
                board,
                opp,
                self.counts,
                self.reserves,
                (),
                False,
                self.quiet + 1,
                m,
                (),
                quiet_act,
                self.inert,
                dux,
                quiet_pos,
                zob,
            )
            state._bloom = self._window_bloom()
            return state
        act = [0, a[1], a[2]]
        act[me] ^= moved
        pos = [_NO_SQUARES, p[1], p[2]]
        pos[me] = mine
        theirs = pos[opp] = pos[opp][:]
        for v, _ in taken:
            board[v] = EMPTY
            act[opp] ^= BIT[v]
            theirs.remove(v)
            zob ^= ZOBRIST[opp * 64 + v]
        counts = list(self.counts)
        counts[opp] -= len(taken)
        return self._new(
            self,
            m.text,
            board,
            opp,
            tuple(counts),
            self.reserves,
            (),
            False,
            0,
            m,
            (),
            tuple(act),
            self.inert,
            dux,
            tuple(pos),
            zob,
        )

    def _window_bloom(self) -> int:
        """For the state after a quiet move from this one: a 256-bit Bloom filter of the
        positions two, four, ... plies before it in the repetition window, so that a position
        seen for the first time needs no walk back.  (Call on the parent of the new state.)"""
        grand = self.parent
        if grand is None or self.quiet < 1:
            return 0
        return grand._bloom | (1 << (grand.zob & 255))

    # --- the end ---------------------------------------------------------------------------
    def _lone_loss(self, code: int) -> Outcome:
        return Outcome(CODE_COLOUR[3 - code], REASON_ONE_PIECE)

    def _compute_outcome(self) -> Outcome | None:
        if self.reserves[1] or self.reserves[2]:
            return None  # placement: nothing is captured, nobody can lose yet
        counts = self.counts
        me = self.side
        for code in (me, 3 - me):
            if counts[code] <= 1:
                return self._lone_loss(code)
        if self.pending:
            return None  # the turn ends with the removal, which resets the 50-turn count
        if not self._gen_list():
            return Outcome(CODE_COLOUR[3 - me], REASON_NO_MOVES)
        quiet = self.quiet
        if quiet >= 4 and self._bloom >> (self.zob & 255) & 1:
            board = self.board
            zob = self.zob
            seen = 1
            state = self
            for _ in range(quiet // 2):
                parent = state.parent
                if parent is None or parent.parent is None:
                    break
                state = parent.parent
                if state.zob == zob and state.board == board:
                    seen += 1
                    if seen >= REPETITIONS:
                        return Outcome(None, REASON_REPETITION)
        if self._visit_over():
            return self._visit_outcome()
        if quiet >= FIFTY_TURNS and self.visit is None:  # the visit's end takes its place
            blue, white = counts[1], counts[2]
            winner = BLUE if blue > white else WHITE if white > blue else None
            return Outcome(winner, REASON_FIFTY_TURNS)
        return None

    # --- explaining refusals ---------------------------------------------------------------
    def _refuse(self, frm: str | None, to: str | None) -> Refusal:
        index = SQUARE_INDEX.get(to) if to is not None else None
        if index is not None and self.board[index]:
            return Refusal(REFUSED_OCCUPIED)
        return Refusal(REFUSED_ELSEWHERE)

    def _why_illegal(self, text: str) -> str:
        try:
            return self._explain(text)
        except IllegalMove as exc:
            return str(exc)

    def _explain(self, text: str) -> str:
        match = _NOTATION.match(text)
        if match is None:
            return (
                "not Latrunculi notation: expected @c3 (place), c3-c6 (move), c3-c5-e5 "
                "(jump chain) or xd4 (remove an incitus)"
            )
        b = self.board
        me = self.side
        mover = self.to_move
        if match["place"]:
            t = _parse_square(match["place"])
            if not self.HAS_PLACEMENT:
                return f"{self.game_id} has no placement phase: the pieces start on the board"
            if self.phase == "battle":
                return "all pieces are placed; the battle has begun"
            if b[t]:
                return f"{SQUARE_NAMES[t]} is occupied"
            return "not a legal placement here"
        if match["remove"]:
            s = _parse_square(match["remove"])
            if not self.HAS_INCITI:
                return f"{self.game_id} has no inciti to remove"
            if not (b[s] & INCITUS_BIT and b[s] & 3 == me):
                return f"{SQUARE_NAMES[s]} is not one of your inciti"
            if not self.pending:
                return "no removal is due now"
            return "not a legal removal here"
        squares = [_parse_square(name) for name in match["path"].split("-")]
        if self.pending:
            return (
                "you must first remove one of your inciti (e.g. "
                f"{_REMOVALS[self._gen_list()[0].src].text})"
            )
        if self.phase == "placement":
            return "pieces are still being placed: place one with @ and a square, e.g. @c3"
        s = squares[0]
        name = SQUARE_NAMES[s]
        code = b[s]
        if not code:
            return f"{name} holds no piece"
        if code & 3 != me:
            return f"{name} holds a {CODE_COLOUR[code & 3]} piece; {mover} is to move"
        if code & INCITUS_BIT:
            return f"the piece on {name} is an incitus and cannot move"
        for a, c in zip(squares, squares[1:], strict=False):
            if _line(a, c) is None:
                if a == c:
                    return f"{SQUARE_NAMES[a]}-{SQUARE_NAMES[c]} does not leave its square"
                return "moves are orthogonal only"
        return self._explain_path(squares)

    def _explain_path(self, squares: list[int]) -> str:
        """Seneca and Piso: a step, or a chain of jumps over one's own pieces."""
        b = self.board
        me = self.side
        if len(squares) == 2 and len(_line(squares[0], squares[1]) or ()) == 2:
            t = squares[1]
            return f"{SQUARE_NAMES[t]} is not empty" if b[t] else "not a legal step here"
        seen = {squares[0]}
        for a, c in zip(squares, squares[1:], strict=False):
            line = _line(a, c) or ()
            if len(line) == 2 and len(squares) > 2:
                return (
                    f"a chain is made of jumps only; {SQUARE_NAMES[a]}-{SQUARE_NAMES[c]} is a step"
                )
            if len(line) != 3:
                return (
                    f"{SQUARE_NAMES[a]}-{SQUARE_NAMES[c]} is neither a step (one square) nor a "
                    "jump (two squares over one of your pieces)"
                )
            over = line[1]
            if over == squares[0] or b[over] & 3 != me:  # the start square is empty by then
                return f"{SQUARE_NAMES[over]} holds no piece of yours to jump over"
            if c in seen:
                return (
                    f"{SQUARE_NAMES[c]} is landed on twice; a chain may not land on a square twice"
                )
            if b[c] and c != squares[0]:
                return f"{SQUARE_NAMES[c]} is not empty"
            seen.add(c)
        return "not a legal move here"


def _piece(square: str, code: int) -> Piece:
    kind = "incitus" if code & INCITUS_BIT else "dux" if code & DUX_BIT else "man"
    return Piece(square, CODE_COLOUR[code & 3], kind)


class SenecaState(LatrunculiState):
    """Seneca: placement, steps and jump chains; captured pieces become inciti."""

    __slots__ = ()
    game_id: ClassVar[str] = "latrunculi-seneca"
    HAS_PLACEMENT = True
    HAS_INCITI = True

    def _apply_move(self, m: LatrunculiMove) -> LatrunculiState:
        me = self.side
        opp = 3 - me
        old = self.inciti
        board = self.board[:]
        src, dst = m.src, m.dst
        board[dst] = board[src]
        board[src] = EMPTY
        zob = self.zob ^ ZOBRIST[me * 64 + src] ^ ZOBRIST[me * 64 + dst]
        act = [0, self.act[1], self.act[2]]
        act[me] ^= BIT[src] | BIT[dst]
        pos = [_NO_SQUARES, self.pos[1], self.pos[2]]
        mine = pos[me] = pos[me][:]
        mine[mine.index(src)] = dst
        taken = m.taken
        if not old and not taken:
            state = self._new(
                self,
                m.text,
                board,
                opp,
                self.counts,
                self.reserves,
                (),
                False,
                self.quiet + 1,
                m,
                (),
                (0, act[1], act[2]),
                self.inert,
                0,
                tuple(pos),
                zob,
            )
            state._bloom = self._window_bloom()
            return state
        # Blockers are particular pieces: the moved piece takes its blocker roles along.
        entries = [(i, dst if b1 == src else b1, dst if b2 == src else b2) for i, b1, b2 in old]
        freed: list[int] = []
        inert = self.inert
        if taken:
            entries, freed, inert, zob = self._turned_over(m, board, act, pos, entries, zob)
        had_inciti = any(self.board[i] & 3 == me for i, _, _ in old)
        pending = had_inciti and not freed
        state = self._new(
            self,
            m.text,
            board,
            me if pending else opp,
            self.counts,
            self.reserves,
            tuple(entries),
            pending,
            0 if taken else self.quiet + 1,
            m,
            tuple(freed),
            (0, act[1], act[2]),
            inert,
            0,
            tuple(pos),
            zob,
        )
        if not taken:
            state._bloom = self._window_bloom()
        return state

    def _turned_over(
        self,
        m: LatrunculiMove,
        board: list[int],
        act: list[int],
        pos: list[list[int]],
        entries: list[tuple[int, int, int]],
        zob: int,
    ) -> tuple[list[tuple[int, int, int]], list[int], tuple[int, int, int], int]:
        """A capture: each man ``m`` takes is turned over where he stands, an incitus held by
        the piece that moved and its partner, and each of the mover's inciti whose blocker was
        taken is set free.  ``board``, ``act`` and ``pos`` are updated; the inciti, the squares
        set free, the inert pieces and the position's hash are returned."""
        me = self.side
        opp = 3 - me
        mine = pos[me]
        freed: list[int] = []
        new_inert = [0, self.inert[1], self.inert[2]]
        theirs = pos[opp] = pos[opp][:]
        victims = {v for v, _ in m.taken}
        kept = []
        for entry in entries:
            i, b1, b2 = entry
            if b1 in victims or b2 in victims:
                board[i] = me  # a blocker was captured: the incitus is free
                freed.append(i)
                new_inert[me] ^= BIT[i]
                act[me] |= BIT[i]
                mine.append(i)
                zob ^= ZOBRIST[(me | INCITUS_BIT) * 64 + i] ^ ZOBRIST[me * 64 + i]
            else:
                kept.append(entry)
        for v, partner in m.taken:
            board[v] = opp | INCITUS_BIT
            kept.append((v, m.dst, partner))
            act[opp] ^= BIT[v]
            new_inert[opp] |= BIT[v]
            theirs.remove(v)
            zob ^= ZOBRIST[opp * 64 + v] ^ ZOBRIST[(opp | INCITUS_BIT) * 64 + v]
        kept.sort()
        return kept, freed, (0, new_inert[1], new_inert[2]), zob


class PisoState(LatrunculiState):
    """Piso: as Seneca, but a captured piece leaves the board at once."""

    __slots__ = ()
    game_id: ClassVar[str] = "latrunculi-piso"
    HAS_PLACEMENT = True


class PetteiaState(LatrunculiState):
    """Petteia: two full ranks each; pieces slide any distance through empty squares."""

    __slots__ = ()
    game_id: ClassVar[str] = "latrunculi-petteia"
    SLIDES = True

    @classmethod
    def _start_board(cls) -> list[int]:
        return [BLUE_MAN] * 16 + [EMPTY] * 32 + [WHITE_MAN] * 16

    def _battle_moves(self) -> list[LatrunculiMove]:
        b = self.board
        me = self.side
        opp = 3 - me
        act = self.act
        hot = _hot(act[opp] & ~self.dux, act[me], ~(act[1] | act[2]) & FULL)
        out: list[LatrunculiMove] = []
        app = out.append
        rays = _RAY_MOVES
        for s in self.pos[me]:
            for first, ray in rays[s]:
                if b[first]:
                    continue
                for t, move in ray:
                    if b[t]:
                        break
                    app(_capture_move(b, me, opp, s, t) if hot[t] else move)
        return out

    def _explain_path(self, squares: list[int]) -> str:
        if len(squares) > 2:
            return "pieces slide along one line; there are no jump chains in this variant"
        line = _line(squares[0], squares[1]) or ()
        for sq in line[1:-1]:
            if self.board[sq]:
                return f"{SQUARE_NAMES[sq]} is not empty, pieces slide only through empty squares"
        if self.board[squares[1]]:
            return f"{SQUARE_NAMES[squares[1]]} is not empty"
        return "not a legal move here"


class DuxState(PetteiaState):
    """Dux: as Petteia with 8 men and a dux each; the dux is never captured."""

    __slots__ = ()
    game_id: ClassVar[str] = "latrunculi-dux"
    PIECES_EACH = 9
    HAS_DUX = True

    @classmethod
    def _start_board(cls) -> list[int]:
        board = [EMPTY] * 64
        for f in range(8):
            board[f] = BLUE_MAN
            board[56 + f] = WHITE_MAN
        board[SQUARE_INDEX["e2"]] = BLUE_DUX
        board[SQUARE_INDEX["d7"]] = WHITE_DUX
        return board

    def _lone_loss(self, code: int) -> Outcome:
        has_dux = (code | DUX_BIT) in self.board
        return Outcome(CODE_COLOUR[3 - code], REASON_ONLY_DUX if has_dux else REASON_ONE_PIECE)


__all__ = [
    "CAPTURE_LINES",
    "MOVE",
    "PLACE",
    "REMOVE",
    "DuxState",
    "LatrunculiMove",
    "LatrunculiState",
    "NEIGHBOURS",
    "PetteiaState",
    "PisoState",
    "RAYS",
    "SQUARE_INDEX",
    "SQUARE_NAMES",
    "SenecaState",
]
