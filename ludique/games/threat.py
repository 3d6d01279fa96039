"""A threat: what the next move can decide, as a game's ``threats`` function names it (its spec's
``threats``; ``ludique/play/threats.py`` asks it and the guidance marks and words it)."""

from __future__ import annotations

from dataclasses import dataclass

from ludique.games.base import GameState


@dataclass(frozen=True)
class Threat:
    kind: str  # "crossing", "can-cross", "may-cross", "capture", "knock"
    against: str  # the colour that must answer (its pieces, or the other's, are marked)
    squares: tuple[str, ...]  # the pieces involved, to mark on the board
    key: str  # kiosk.play.threat.<...>
    fields: tuple[tuple[str, object], ...] = ()

    @property
    def danger(self) -> bool:
        """A danger for the side to move (drawn in the warning colour); else a chance it has.
        ``may-cross`` marks the other side's pieces (``against``) that could cross: a danger
        for the side to move all the same."""
        return self.kind != "can-cross"


def other(state: GameState, colour: str) -> str:
    return next(c for c in state.colours if c != colour)
