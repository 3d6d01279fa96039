"""The drawn examples of the rule cards, as the engine knows them: a position built with a
game's ``from_position`` and the moves played from it, in the notation of ``rules.md``.

Each game keeps its own in its folder (``ludique/games/<game>/diagrams.py``: ``DIAGRAMS``, by
the name a rule card gives); ``diagrams()`` gathers those of the kiosk's games, and the screen
draws them (``ludique.ui.diagrams``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ludique.games.base import GameState


@dataclass(frozen=True)
class Diagram:
    """``build`` gives the starting position; ``moves`` are played one per panel."""

    game_id: str
    build: Callable[[], GameState]
    moves: tuple[str, ...]
    roll: int | None = None  # a game with a die: the die to show beside the first position
    # numbers to show on the first panel: (squares, text), drawn at the middle of the squares
    badges: tuple[tuple[tuple[str, ...], str], ...] = ()
    # a route to draw as one arrow on a still position (a track)
    track: tuple[str, ...] = ()
    # paper: one more board, the position after the last move, when the caption ends on what
    # it did (a prisoner freed); the screen plays the moves and holds that result anyway
    result: bool = False


def diagrams() -> dict[str, Diagram]:
    """The diagrams of every game of the kiosk, by name, in the order of ``KIOSK_GAMES``."""
    from ludique.games import KIOSK_GAMES, layer_file

    found: dict[str, Diagram] = {}
    for package in KIOSK_GAMES:
        found.update(layer_file(f"{__package__}.{package}", "diagrams", "DIAGRAMS") or {})
    return found
