"""Epaminondas' review screens set up by hand (``ludique.tools.review``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ludique.games.epaminondas.rules import EpaminondasState
from ludique.play.guidance import Text
from ludique.tools.review import crowded, held, hint, short_game, shown

GAME = "epaminondas"


def screens(app: Any) -> Iterator[str]:
    # a drop refused: a group of two may not take a group of two
    position = EpaminondasState.from_position(
        white=["c1", "f1", "f2", "k1", "k2", "k3"], black=["c2", "f3", "f4", "n12", "m12"]
    )
    scene = shown(app, GAME, position)
    scene.guidance.say("refused.larger", size=2, group=2)
    yield f"game-{GAME}-refused"
    scene.ask_leave("home")  # the question before leaving a game under way
    yield "game-leave-question"
    scene.stay()
    # the threats: a crossing to answer now, and one the visitor can make
    shown(
        app,
        GAME,
        EpaminondasState.from_position(
            white=["c2", "d2", "e3", "f3", "g2", "h2", "a1"],
            black=["b1", "k11", "l11", "m12", "n12", "j10"],
        ),
    )
    yield f"game-threat-{GAME}-crossing"
    shown(
        app,
        GAME,
        EpaminondasState.from_position(
            white=["c10", "c11", "d2", "e2", "f2"], black=["k11", "l11", "m12", "n12"]
        ),
    )
    yield f"game-threat-{GAME}-can-cross"
    yield from crowded(
        app,
        f"{GAME}-capture",
        GAME,
        "player",
        EpaminondasState.from_position(
            white=["e5", "f4", "c2", "d2", "g2", "h2", "a1", "b1"],
            black=["e7", "e6", "j4", "k3", "m12", "n12"],
        ),
        "epaminondas.equal-across",
        Text.of("play.notice.lost_many", count=2, squares="g5, h5"),
    )
    position = EpaminondasState.from_position(
        white=["f4", "c2", "d2", "g2", "h2", "a1", "b1"], black=["e8", "e7", "j6", "m12", "n12"]
    )
    yield from held(app, GAME, position, "f4")
    yield from hint(app, GAME)
    yield from short_game(app, GAME)
