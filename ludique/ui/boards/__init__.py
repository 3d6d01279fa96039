"""Board views: draw any engine state of any game into a rect of any surface.

One view class per game (Pente grammai, Latrunculi, Epaminondas).  They import pygame but nothing
else from the kiosk, so the rule cards can draw their diagrams with them::

    from ludique.games import new_game
    from ludique.ui.boards import view_for

    state = new_game("epaminondas")
    view = view_for("epaminondas", pygame.Rect(0, 0, 900, 700), flipped=False)
    view.draw(surface, state, targets=["c4"], glow=["c2"])   # any surface, any rect
    view.centre("c2")                                         # canvas point of a square
    view.hit((x, y), state)                                   # square under a point, or None

``draw`` also takes ``hidden`` ((square, colour) pairs not to draw), ``selected``, ``fading``
and ``extras=False`` (no labels or reserves: miniatures).  The static board is painted once per
view and cached; pieces are cached sprites, so drawing a position costs a few blits.
``PenteView.draw_die(surface, value, spin)`` draws the die left of the board.
"""

from __future__ import annotations

import pygame

from ludique.ui.boards.base import BoardView
from ludique.ui.boards.grid import EpaminondasView, LatrunculiView
from ludique.ui.boards.pente import PenteView


def view_for(
    game_id: str,
    rect: pygame.Rect | tuple[int, int, int, int],
    flipped: bool = False,
    unit: float | None = None,
) -> BoardView:
    """The view that draws ``game_id`` (any id of ``ludique.games.GAME_IDS``) in ``rect``;
    ``unit`` (the screen's) for a board a visitor reads: its labels keep the text floor."""
    if game_id == "pente-grammai":
        return PenteView(rect, flipped, unit)
    if game_id == "epaminondas":
        return EpaminondasView(rect, flipped, unit)
    if game_id.startswith("latrunculi"):
        # Petteia and Dux start on the board: no reserves beside it, the board takes the room
        reserves = game_id in ("latrunculi-seneca", "latrunculi-piso")
        return LatrunculiView(rect, flipped, unit, reserves=reserves)
    raise ValueError(f"no board view for game id {game_id!r}")


__all__ = ["BoardView", "EpaminondasView", "LatrunculiView", "PenteView", "view_for"]
