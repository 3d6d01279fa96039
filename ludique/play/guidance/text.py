"""The guidance's words and marks as values: a line to show (:class:`Text`), a notice and how
long it stays, the marks of one frame, and whether a game's pieces are counters."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from ludique.games import spec

# A short message (a refused drop, the battle begins) stays until the visitor's
# next touch, a rule explained beside the board until his next move: a slow reader is never
# hurried (they had 4 and 12 seconds, and a 70-year-old visitor lost the Seneca prisoner rule)
UNTIL_TOUCHED = math.inf
COLOUR_FIELDS = ("colour", "winner", "loser")  # fields that name a colour: said in words


@dataclass(frozen=True)
class Text:
    """A line to show: the catalogue key (under ``kiosk.``) and its fields."""

    key: str
    fields: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, key: str, **fields: object) -> Text:
        return cls(key, tuple(fields.items()))

    def get(self, name: str, default: object = None) -> object:
        return dict(self.fields).get(name, default)

    def render(self, t: Callable[..., str]) -> str:
        """The line in the language of ``t`` (``App.t``); colour ids become colour names."""
        values = {k: t(f"colour.{v}") if k in COLOUR_FIELDS and v else v for k, v in self.fields}
        return t(self.key, **values)


@dataclass(frozen=True)
class Notice:
    text: Text
    until: float = UNTIL_TOUCHED  # (a test or a guide may give one a time)


@dataclass(frozen=True)
class BoardMarks:
    """The marks on the board for one frame: where the touched piece can go, the pieces that
    can move (ringed), the prisoners to remove (glowing), whether the one marked breathes."""

    targets: tuple[str, ...] = ()
    movable: tuple[str, ...] = ()
    danger: tuple[str, ...] = ()  # targets where a piece would be open to capture at once
    gain: tuple[str, ...] = ()  # targets where the move captures (told apart from a loss)
    glow: tuple[str, ...] = ()
    pulse: bool = False


def counters(game_id: str) -> bool:
    """Whether the game's pieces are counters (a track's), not pieces."""
    return spec(game_id).piece_kinds == ("counter",)


def counter_key(key: str) -> str:
    """The sentence of ``key`` for a game whose pieces are counters."""
    return f"{key}_counter"
