"""A rule explained once (``ludique/play/notices.py`` shows it): its id, under
``kiosk.play.rule.<id>``, and when it has just applied.  Each game's own rules are in its
package (``ludique/games/<game>/notices.py``) and its spec lists those it explains
(``GameSpec.notices``); the repetition draw, which two games share, is here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ludique.games.base import GameState, Move

# the fields of a rule's sentence (``kiosk.play.rule.<id>``)
Fields = dict[str, object]


@dataclass(frozen=True)
class Rule:
    id: str  # kiosk.play.rule.<id>
    applies: Callable[[GameState, str, GameState], Fields | None]  # fields of the sentence, or None


def played(before: GameState, action: str) -> Move | None:
    return before.find_move(action)


def repetition_coming(before: GameState, action: str, after: GameState) -> Fields | None:
    """This position (the same player to move) now stands for the second time: a third draws."""
    if after.outcome is not None or after.last_move is None:  # a roll, or a set-up position
        return None
    key = after.position
    seen = sum(1 for s in (after, *after.ancestors()) if s.position == key)
    return {} if seen == 2 else None


REPETITION = Rule("repetition", repetition_coming)
