"""The visit rule in the visitor's words: the countdown in the strip, the score at the end.

The rule is the engine's (``GameState.visit``, ``turns``, ``turns_left``, ``score``); this module
only says it: each function gives a catalogue key (under ``kiosk.``) and its fields, which the
guidance, the end screen and the story put on screen (no pygame, no words of its own).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeGuard

from ludique.games import spec
from ludique.games.base import PLACEMENT, REASON_VISIT, GameState

COUNTDOWN = 5  # the last moves each are counted down ("5 moves left")
# The minutes each game's length (``GameSpec.visit_moves``) was chosen for: a visitor who takes
# 12 s a move ends within them, one who takes 20 s within half as many again (docs/visit.md);
# the curator's ``short_game_minutes`` scales it.
VISIT_MINUTES = 10

Line = tuple[str, dict[str, object]]


def visit_for(game_id: str, minutes: int) -> int | None:
    """The moves each of ``game_id``'s short game made for ``minutes`` (the curator's setting):
    its measured length in proportion, since a game's minutes grow with its moves; ``None``
    (the full game) for 0 minutes or a game without a short game."""
    moves = spec(game_id).visit_moves
    if minutes <= 0 or not moves:
        return None
    return max(1, round(moves * minutes / VISIT_MINUTES))


def countdown(state: GameState) -> Line | None:
    """The strip's line of the visit: the move under way and how many each side plays
    ("Move 12 of 30"), or in the last ``COUNTDOWN`` moves how many are left; while the men are
    placed, which of his men the player to move places and the moves that follow ("Setting up:
    piece 5 of 16, then 19 moves each"), since placements are not moves of the visit and a
    count of moves would stand still through them; ``None`` in the full game or once the game
    is over."""
    visit, left = state.visit, state.turns_left
    if visit is None or left is None or state.outcome is not None:
        return None
    if state.phase == PLACEMENT:
        mover = state.to_move
        placed = sum(1 for p in state.pieces() if p.colour == mover)
        pieces = placed + state.reserve(mover)  # nothing is captured while the men are placed
        return ("visit.placing", {"piece": placed + 1, "pieces": pieces, "moves": visit})
    each = (left + 1) // 2  # the moves left to the player to move, his own included
    if each == 1:
        return ("visit.last", {})
    if each <= COUNTDOWN:
        return ("visit.left", {"count": each})
    return ("visit.move", {"move": visit - each + 1, "moves": visit})


def score_words(state: GameState, first: str) -> Line:
    """The score as the end says it, ``first``'s count before the other side's, part after part
    (a game won by crossing: pieces across, then pieces taken): "5 to 3 men taken"."""
    other = next(c for c in state.colours if c != first)
    parts = spec(state.game_id).score
    mine, theirs = state.score(first), state.score(other)
    said: list[Line] = [
        (f"visit.score.{part}", {"a": a, "b": b})
        for part, a, b in zip(parts, mine, theirs, strict=True)
    ]
    # where the first part decided, the others need not be said
    if len(said) > 1 and mine[0] != theirs[0]:
        said = said[:1]
    key, fields = said[0]
    if len(said) == 1:
        return key, fields
    return ("visit.score.then", {"first": said[0], "second": said[1]})


def end_fields(state: GameState) -> dict[str, object]:
    """What an end by the visit rule says beyond the winner and loser: the moves each played
    and the score (the winner's first; a draw's in the order of the colours).  Empty for any
    other end."""
    outcome = state.outcome
    if outcome is None or outcome.reason != REASON_VISIT or state.visit is None:
        return {}
    first = outcome.winner or state.colours[0]
    return {"moves": state.visit, "score": score_words(state, first)}


def render(line: Line, t: Callable[..., str]) -> str:
    """``line`` in the language of ``t`` (``App.t``), its nested lines (a score) said first."""
    key, fields = line
    values = {k: render(v, t) if _is_line(v) else v for k, v in fields.items()}
    return t(key, **values)


def _is_line(value: object) -> TypeGuard[Line]:
    return isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], str)
