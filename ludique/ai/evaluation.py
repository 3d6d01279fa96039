"""Which evaluation the search uses for a game: what the search knows about it.

A :class:`GameAI` scores a position for the player to move (hundredths of a piece: a piece is
worth 100), says how many pieces a move captures (for move ordering) and judges the search's
leaves, asking for one more ply when a leaf is too sharp to score statically.  The greedy
baseline of the benchmark uses ``material`` and ``advancement`` too.

A game's spec names its evaluation (``GameSpec.evaluation``): the module of that name in this
package (``ludique/ai/<name>.py``, one per family that has its own, each reading its engine's
board as that engine documents it) builds it with its ``evaluation(game_id)``; ``register``
adds one from outside the package.  A game that names none is searched with the plain material
count of ``GameAI``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludique.ai.core import MATE_ZONE, GameAI, decided_score
from ludique.games import layer_file, spec
from ludique.games.base import GameState

__all__ = ["GameAI", "ai_for", "builder", "register", "MATE_ZONE", "decided_score"]

_AIS: dict[str, GameAI[Any]] = {}

Builder = Callable[[str], GameAI[Any]]

# Evaluations added from outside the package (``register``), by the name a spec gives.
EVALUATIONS: dict[str, Builder] = {}


def register(name: str, build: Builder) -> None:
    """Let a spec that names ``name`` be searched with ``build(game_id)``."""
    EVALUATIONS[name] = build


def builder(name: str) -> Builder | None:
    """What builds the evaluation called ``name``: a registered one, else the ``evaluation``
    function of ``ludique/ai/<name>.py``; None: there is none of that name."""
    if name in EVALUATIONS:
        return EVALUATIONS[name]
    build: Builder | None = layer_file(__package__ or "ludique.ai", name, "evaluation")
    return build


def ai_for(state: GameState) -> GameAI[Any]:
    """The evaluation for ``state``'s game (built once per game id)."""
    game_id = state.game_id
    ai = _AIS.get(game_id)
    if ai is None:
        build = builder(spec(game_id).evaluation) if spec(game_id).evaluation else None
        ai = build(game_id) if build is not None else GameAI[Any]()
        _AIS[game_id] = ai
    return ai
