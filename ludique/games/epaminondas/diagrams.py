"""The rule cards' diagrams of Epaminondas (``ludique.games.diagram``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludique.games.base import GameState
from ludique.games.diagram import Diagram
from ludique.games.epaminondas.rules import EpaminondasState


def _epaminondas(**position: Any) -> Callable[[], GameState]:
    def build() -> GameState:
        return EpaminondasState.from_position(**position)

    return build


DIAGRAMS: dict[str, Diagram] = {
    "epaminondas-phalanx": Diagram(
        "epaminondas",
        _epaminondas(
            white=["c2", "c3", "c4", "f1", "g1", "h2"],
            black=["e10", "j11", "k11", "k12"],
            to_move="white",
        ),
        ("c2-c4",),
    ),
    "epaminondas-capture": Diagram(
        "epaminondas",
        _epaminondas(
            white=["e3", "e4", "e5", "i2", "j2"],
            black=["e7", "e8", "h10", "i10", "j11"],
            to_move="white",
        ),
        ("e3-e5",),
        badges=((("f3", "f4", "f5"), "3"), (("f7", "f8"), "2")),
    ),
    "epaminondas-crossing": Diagram(
        "epaminondas",
        _epaminondas(
            white=["b12", "c12", "e6", "f5", "j3", "k2"],
            black=["f1", "g9", "h10", "i10", "l11"],
            to_move="white",
        ),
        (),
        badges=((("b11", "c11"), "2"), (("f2",), "1")),
    ),
}
