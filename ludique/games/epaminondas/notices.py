"""Epaminondas' rules explained once: a capture is free, a phalanx may move backwards, as many
across on both sides wins nothing yet."""

from __future__ import annotations

from ludique.games.base import GameState
from ludique.games.epaminondas.rules import EpaminondasState
from ludique.games.notice import Fields, Rule
from ludique.games.notice import played as _move


def epaminondas_optional_capture(before: GameState, action: str, after: GameState) -> Fields | None:
    """A capture was there to make, and the player chose another move: capturing is free."""
    move = _move(before, action)
    if move is None or move.captures:
        return None
    if any(m.captures for m in before.legal_moves()):
        return {}
    return None


def epaminondas_backwards(before: GameState, action: str, after: GameState) -> Fields | None:
    move = _move(before, action)
    if move is None or move.frm is None or move.to is None:
        return None
    forward = 1 if before.to_move == before.colours[0] else -1
    if (int(move.to[1:]) - int(move.frm[1:])) * forward < 0:
        return {}
    return None


def epaminondas_equal_across(before: GameState, action: str, after: GameState) -> Fields | None:
    """Both sides have as many pieces across: nobody wins yet."""
    if after.outcome is not None:
        return None
    if not isinstance(before, EpaminondasState) or not isinstance(after, EpaminondasState):
        return None
    a, b = (after.crossing_count(c) for c in after.colours)
    if a == b > 0 and (
        before.crossing_count(before.colours[0]),
        before.crossing_count(before.colours[1]),
    ) != (a, b):
        return {"count": a}
    return None


RULES = (
    Rule("epaminondas.optional-capture", epaminondas_optional_capture),
    Rule("epaminondas.backwards", epaminondas_backwards),
    Rule("epaminondas.equal-across", epaminondas_equal_across),
)
