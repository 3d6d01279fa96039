"""The rule cards' diagrams of Pente grammai (``ludique.games.diagram``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludique.games.base import GameState
from ludique.games.diagram import Diagram
from ludique.games.pente.rules import POINT_NAMES, PenteState


def _pente(**position: Any) -> Callable[[], GameState]:
    def build() -> GameState:
        return PenteState.from_position(**position)

    return build


DIAGRAMS: dict[str, Diagram] = {
    "pente-track": Diagram(
        "pente-grammai",
        _pente(to_move="blue"),
        (),
        track=(*POINT_NAMES, POINT_NAMES[0]),  # once round
    ),
    "pente-entering": Diagram(
        "pente-grammai",
        _pente(blue={"2A": 1, "4A": 1}, white={"3B": 1, "5B": 1}, to_move="blue", die=6),
        ("off-1B",),
        roll=6,
    ),
    "pente-capture": Diagram(
        "pente-grammai",
        _pente(
            blue={"1A": 1, "2A": 1, "4A": 1, "3B": 2},
            white={"2B": 1, "5B": 1, "3A": 1},
            to_move="blue",
            die=3,
        ),
        ("4A-2B",),
        roll=3,
    ),
    "pente-sacred-line": Diagram(
        "pente-grammai",
        _pente(
            blue={"3B": 4, "1B": 1},
            white={"3B": 1, "3A": 2, "5A": 1},
            to_move="blue",
            die=2,
        ),
        ("1B-3B",),
        roll=2,
    ),
}
