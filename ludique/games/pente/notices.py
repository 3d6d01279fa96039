"""Pente grammai's rules explained once: a counter forced off the sacred line, a waiting counter
that had to come in, a counter going round from the B row to the A row."""

from __future__ import annotations

from ludique.games.base import PASS, GameState
from ludique.games.notice import Fields, Rule
from ludique.games.notice import played as _move
from ludique.games.pente.rules import POINT_NAMES as TRACK
from ludique.games.pente.rules import SACRED_POINTS as SACRED


def _leaves_the_line(frm: str | None, to: str | None) -> bool:
    # where the move ends decides: 3A to 3B (or back) never leaves the line
    return frm in SACRED and to not in SACRED


def pente_forced_off(before: GameState, action: str, after: GameState) -> Fields | None:
    """A counter left the sacred line (or its goal) because every legal move took one off it."""
    moves = [m for m in before.legal_moves() if m.kind != PASS]
    move = _move(before, action)
    if move is None or not _leaves_the_line(move.frm, move.to):
        return None
    if all(_leaves_the_line(m.frm, m.to) for m in moves):
        return {"point": move.frm}
    return None


def pente_enter_first(before: GameState, action: str, after: GameState) -> Fields | None:
    """A waiting counter had to come in although a counter on the board could have moved."""
    move = _move(before, action)
    mover = before.to_move
    if move is None or move.frm != "off":
        return None
    on_board = [p for p in before.pieces() if p.colour == mover and p.square != "off"]
    if on_board and all(m.frm == "off" for m in before.legal_moves()):
        return {"point": move.to}
    return None


def pente_wrap(before: GameState, action: str, after: GameState) -> Fields | None:
    """A counter went round from the B row back onto the A row (5B is followed by 1A)."""
    move = _move(before, action)
    if move is None or move.frm in (None, "off") or move.to is None:
        return None
    if TRACK.index(move.to) < TRACK.index(move.frm):
        return {"from": move.frm, "to": move.to}
    return None


# also said when a counter on the board is touched while one must enter (``GameSpec.entry_rule``)
ENTER_FIRST = Rule("pente.enter-first", pente_enter_first)
RULES = (
    Rule("pente.forced-off", pente_forced_off),
    ENTER_FIRST,
    Rule("pente.wrap", pente_wrap),
)
