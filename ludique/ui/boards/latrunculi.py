"""Ludus latrunculorum's board: the 8 x 8 grid scratched into stone, the men waiting to be placed
beside it in Seneca and Piso (their specs' ``reserves``; Petteia and Dux start on the board)."""

from __future__ import annotations

from ludique.games import GameSpec
from ludique.ui.boards.grid import StoneView


class LatrunculiView(StoneView):
    files = ranks = 8


def view(game: GameSpec, rect, flipped: bool, unit: float | None) -> LatrunculiView:
    """The view a spec's ``board = "latrunculi"`` names (``ludique.ui.boards.view_for``)."""
    return LatrunculiView(rect, flipped, unit, reserves=game.reserves)
