"""Ludus latrunculorum's review screens set up by hand (``ludique.tools.review``)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from ludique.games import new_game
from ludique.games.latrunculi.rules import PetteiaState, SenecaState
from ludique.play.guidance import Text
from ludique.play.match import GameConfig
from ludique.tools.review import advance, crowded, short_game, shown


def screens(app: Any) -> Iterator[str]:
    # the battle begins once every man is placed
    state = advance(new_game("latrunculi-seneca"), 32, random.Random(4))
    shown(app, "latrunculi-seneca", state).guidance.say("notice.battle")
    yield "game-latrunculi-seneca-battle"
    # the end of a game: the last piece taken is ringed on the final board
    app.go("game", config=GameConfig("latrunculi-petteia", "computer", "player", None))
    scene = app.scene
    scene.match.state = PetteiaState.from_position(
        blue=["a1", "c3", "e1", "f2"], white=["b3", "h8"], to_move="blue"
    ).play("a1-a3")
    app.go("end", game=scene)
    yield "end-latrunculi-petteia-last-capture"
    # a man that can be taken at once
    position = PetteiaState.from_position(blue=["d4", "a1", "h1", "b2"], white=["c4", "e6", "h8"])
    shown(app, "latrunculi-petteia", position, "beginner")
    yield "game-threat-latrunculi-petteia-capture"
    yield from crowded(
        app,
        "latrunculi-seneca-capture",
        "latrunculi-seneca",
        "beginner",
        SenecaState.from_position(
            blue=["d4", "a1", "h1", "b2", "g7"], white=["c4", "e5", "h8", "a8"]
        ),
        "latrunculi.safe",
        Text.of("play.notice.lost", square="f4"),
    )
    yield from short_game(app, "latrunculi-petteia")
