"""Board views: draw any engine state of any game into a rect of any surface.

A game's spec names its board (``GameSpec.board``): the module of that name in this package
(``ludique/ui/boards/<board>.py``, one per family that has its own board) makes its view with
its ``view(game, rect, flipped, unit)``; ``"grid"`` is the plain grid at the spec's size, and
``register_view`` adds a board from outside the package.  The views import pygame but nothing
else from the kiosk, so the rule cards can draw their diagrams with them::

    from ludique.games import new_game
    from ludique.ui.boards import view_for

    state = new_game(game_id)              # any id of ``ludique.games.game_ids()``
    view = view_for(game_id, pygame.Rect(0, 0, 900, 700), flipped=False)
    view.draw(surface, state, targets=["c4"], glow=["c2"])   # any surface, any rect
    view.centre("c2", state)                                  # canvas point of a square
    view.hit((x, y), state)                                   # square under a point, or None

``draw`` also takes ``hidden`` ((square, colour) pairs not to draw), ``selected``, ``fading``
and ``extras=False`` (no labels or reserves: miniatures).  The static board is painted once per
view and cached; pieces are cached sprites, so drawing a position costs a few blits.
A board with a die (``DieBoard``) draws it with ``draw_die(surface, value, spin)``.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ludique.games import GameSpec, layer_file, spec
from ludique.ui.boards.base import BoardView, DieBoard
from ludique.ui.boards.grid import StoneView

Rect = pygame.Rect | tuple[int, int, int, int]
ViewFactory = Callable[[GameSpec, Rect, bool, "float | None"], BoardView]


def _grid(game: GameSpec, rect: Rect, flipped: bool, unit: float | None) -> BoardView:
    """A game without a board of its own: the carved stone grid, at the spec's size."""
    view = _GRIDS.get((game.files, game.ranks))
    if view is None:
        name = f"Grid{game.files}x{game.ranks}View"
        view = _GRIDS[game.files, game.ranks] = type(
            name, (StoneView,), {"files": game.files, "ranks": game.ranks}
        )
    return view(rect, flipped, unit, reserves=game.reserves)


_GRIDS: dict[tuple[int, int], type[StoneView]] = {}

# How a board is drawn, by its spec's ``board`` (the engine names it; the screen, which the
# engine may not import, draws it), besides the modules of this package: the plain grid, and
# the boards ``register_view`` adds.
VIEWS: dict[str, ViewFactory] = {"grid": _grid}


def register_view(board: str, factory: ViewFactory) -> None:
    VIEWS[board] = factory


def factory_for(board: str) -> ViewFactory | None:
    """What makes the view of ``board``: a registered one, else the ``view`` function of
    ``ludique/ui/boards/<board>.py``; None: there is none of that name."""
    if board in VIEWS:
        return VIEWS[board]
    factory: ViewFactory | None = layer_file(__name__, board, "view")
    return factory


def view_for(
    game_id: str,
    rect: Rect,
    flipped: bool = False,
    unit: float | None = None,
) -> BoardView:
    """The view that draws ``game_id`` (any id of ``ludique.games.game_ids()``) in ``rect``;
    ``unit`` (the screen's) for a board a visitor reads: its labels keep the text floor."""
    game = spec(game_id)
    factory = factory_for(game.board)
    if factory is None:
        raise ValueError(f"no board view for game id {game_id!r}")
    return factory(game, rect, flipped, unit)


__all__ = [
    "VIEWS",
    "BoardView",
    "DieBoard",
    "StoneView",
    "factory_for",
    "register_view",
    "view_for",
]
