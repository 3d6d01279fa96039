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
A board with a die (``DieBoard``, Pente grammai's) draws it with ``draw_die(surface, value, spin)``.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ludique.games import GameSpec, spec
from ludique.ui.boards.base import BoardView, DieBoard
from ludique.ui.boards.grid import EpaminondasView, LatrunculiView
from ludique.ui.boards.pente import PenteView

Rect = pygame.Rect | tuple[int, int, int, int]
ViewFactory = Callable[[GameSpec, Rect, bool, "float | None"], BoardView]


def _grid(game: GameSpec, rect: Rect, flipped: bool, unit: float | None) -> BoardView:
    """A game without a board of its own: the carved stone grid, at the spec's size."""
    view = _GRIDS.get((game.files, game.ranks))
    if view is None:
        name = f"Grid{game.files}x{game.ranks}View"
        view = _GRIDS[game.files, game.ranks] = type(
            name, (LatrunculiView,), {"files": game.files, "ranks": game.ranks}
        )
    return view(rect, flipped, unit, reserves=game.reserves)


_GRIDS: dict[tuple[int, int], type[LatrunculiView]] = {}

# How each kind of board is drawn, by its spec's ``board`` (the engine names it; the screen,
# which the engine may not import, draws it).  ``register_view`` adds one.
VIEWS: dict[str, ViewFactory] = {
    "pente": lambda game, rect, flipped, unit: PenteView(rect, flipped, unit),
    "epaminondas": lambda game, rect, flipped, unit: EpaminondasView(rect, flipped, unit),
    # Petteia and Dux start on the board: no reserves beside it, the board takes the room
    "latrunculi": lambda game, rect, flipped, unit: LatrunculiView(
        rect, flipped, unit, reserves=game.reserves
    ),
    "grid": _grid,
}


def register_view(board: str, factory: ViewFactory) -> None:
    VIEWS[board] = factory


def view_for(
    game_id: str,
    rect: Rect,
    flipped: bool = False,
    unit: float | None = None,
) -> BoardView:
    """The view that draws ``game_id`` (any id of ``ludique.games.game_ids()``) in ``rect``;
    ``unit`` (the screen's) for a board a visitor reads: its labels keep the text floor."""
    game = spec(game_id)
    factory = VIEWS.get(game.board)
    if factory is None:
        raise ValueError(f"no board view for game id {game_id!r}")
    return factory(game, rect, flipped, unit)


__all__ = [
    "VIEWS",
    "BoardView",
    "DieBoard",
    "EpaminondasView",
    "LatrunculiView",
    "PenteView",
    "register_view",
    "view_for",
]
