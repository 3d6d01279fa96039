"""The rule cards' diagrams of Ludus latrunculorum (``ludique.games.diagram``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludique.games.base import GameState
from ludique.games.diagram import Diagram
from ludique.games.latrunculi import rules as latrunculi


def _latrunculi(variant: str, **position: Any) -> Callable[[], GameState]:
    def build() -> GameState:
        cls = getattr(latrunculi, f"{variant}State")
        state: GameState = cls.from_position(**position) if position else cls.initial()
        return state

    return build


DIAGRAMS: dict[str, Diagram] = {
    "latrunculi-custodian": Diagram(
        "latrunculi-petteia",
        _latrunculi("Petteia", blue=["c4", "e3", "a1", "h1"], white=["d4", "a8", "g7", "h8"]),
        ("e3-e4",),
    ),
    "latrunculi-corner": Diagram(
        "latrunculi-petteia",
        _latrunculi("Petteia", blue=["b8", "a6", "d2", "h1"], white=["a8", "e7", "g6"]),
        ("a6-a7",),
    ),
    "latrunculi-jump": Diagram(
        "latrunculi-seneca",
        _latrunculi("Seneca", blue=["c3", "d3", "e4", "b1", "g2"], white=["c6", "f7", "g5", "b7"]),
        ("c3-e3-e5",),
    ),
    "latrunculi-slide": Diagram(
        "latrunculi-petteia",
        _latrunculi("Petteia"),
        ("c2-c5",),
    ),
    "latrunculi-incitus": Diagram(
        "latrunculi-seneca",
        _latrunculi(
            "Seneca",
            blue=["c4", "f4", "a1", "h1"],
            white=["d4", "e3", "f5", "a8", "h8"],
        ),
        ("f4-e4", "f5-e5"),
        result=True,
    ),
    "latrunculi-dux": Diagram(
        "latrunculi-dux",
        _latrunculi(
            "Dux",
            blue=["c5", "a1", "h1"],
            white=["d5", "a8", "h8"],
            dux={"blue": "e2", "white": "d7"},
        ),
        ("e2-e5",),
    ),
}
