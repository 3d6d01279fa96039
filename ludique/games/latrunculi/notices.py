"""Ludus latrunculorum's rules explained once: no capture while placing, a double capture, a
piece safe between two enemies, one prisoner removed a turn, the last pieces, the fifty turns."""

from __future__ import annotations

from ludique.games.base import BATTLE, PLACE, PLACEMENT, REMOVE, GameState
from ludique.games.latrunculi.rules import FIFTY_TURNS, SIZE, LatrunculiState
from ludique.games.notice import Fields, Rule
from ludique.games.notice import played as _move

FIFTY_WARNING = FIFTY_TURNS - 10  # battle turns without capture or removal: ten left


def latrunculi_double(before: GameState, action: str, after: GameState) -> Fields | None:
    move = _move(before, action)
    taken = move.captures if move is not None else ()
    return {"count": len(taken)} if len(taken) >= 2 else None


def _neighbours_on_a_line(square: str) -> list[tuple[str, str]]:
    f, r = ord(square[0]) - ord("a"), int(square[1:])
    pairs = []
    for (a, b), (c, d) in (((f - 1, r), (f + 1, r)), ((f, r - 1), (f, r + 1))):
        if 0 <= a < SIZE and 0 <= c < SIZE and 1 <= b <= SIZE and 1 <= d <= SIZE:
            pairs.append((f"{chr(97 + a)}{b}", f"{chr(97 + c)}{d}"))
    return pairs


def latrunculi_safe(before: GameState, action: str, after: GameState) -> Fields | None:
    """A piece stepped between two enemy pieces and stayed: only the piece that moves captures."""
    move = _move(before, action)
    if move is None or move.to is None or after.phase != BATTLE:
        return None
    if not isinstance(after, LatrunculiState):
        return None
    mover = before.to_move
    for a, b in _neighbours_on_a_line(move.to):
        pa, pb = after.at(a), after.at(b)
        if (
            pa is not None
            and pb is not None
            and pa.colour == pb.colour != mover
            and "incitus" not in (pa.kind, pb.kind)
        ):
            piece = after.at(move.to)
            if piece is not None and piece.kind != "incitus":
                return {"square": move.to}
    return None


def latrunculi_no_capture_placing(
    before: GameState, action: str, after: GameState
) -> Fields | None:
    """While pieces are placed, nothing is captured, even a piece placed between two enemies."""
    move = _move(before, action)
    if move is None or move.kind != PLACE or before.phase != PLACEMENT:
        return None
    square = move.to
    if square is None or not isinstance(after, LatrunculiState):
        return None
    mover = before.to_move
    for a, b in _neighbours_on_a_line(square):
        pa, pb = after.at(a), after.at(b)
        if pa is not None and pb is not None and pa.colour == pb.colour != mover:
            return {"square": square}
    return None


def latrunculi_one_removal(before: GameState, action: str, after: GameState) -> Fields | None:
    """A player with several prisoners removes only one of them at the end of a turn."""
    move = _move(before, action)
    if move is None or move.kind != REMOVE:
        return None
    mover = before.to_move
    prisoners = [p for p in before.pieces() if p.colour == mover and p.kind == "incitus"]
    return {"count": len(prisoners)} if len(prisoners) >= 2 else None


def latrunculi_last_pieces(before: GameState, action: str, after: GameState) -> Fields | None:
    """A side is down to two pieces: one more capture and it loses (one piece or none loses)."""
    if after.phase != BATTLE:
        return None
    if not isinstance(before, LatrunculiState) or not isinstance(after, LatrunculiState):
        return None
    for colour in after.colours:
        if before.count(colour) > 2 and after.count(colour) == 2:
            return {"colour": colour}
    return None


def latrunculi_fifty(before: GameState, action: str, after: GameState) -> Fields | None:
    quiet = after.quiet_turns
    if after.visit is None and before.quiet_turns < FIFTY_WARNING <= quiet:
        return {"left": FIFTY_TURNS - quiet}
    return None


RULES = (
    Rule("latrunculi.no-capture-placing", latrunculi_no_capture_placing),
    Rule("latrunculi.double", latrunculi_double),
    Rule("latrunculi.safe", latrunculi_safe),
    Rule("latrunculi.one-removal", latrunculi_one_removal),
    Rule("latrunculi.last-pieces", latrunculi_last_pieces),
    Rule("latrunculi.fifty", latrunculi_fifty),
)
