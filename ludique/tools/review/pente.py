"""Pente grammai's review screens set up by hand (``ludique.tools.review``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ludique.games.pente.rules import PenteState
from ludique.play.guidance import Text
from ludique.tools.review import crowded, held, short_game, shown

GAME = "pente-grammai"


def screens(app: Any) -> Iterator[str]:
    # a 5 thrown while Blue's own counter stands on 5A: nothing can enter
    position = PenteState.from_position(
        blue={"5A": 1, "1A": 1, "3B": 1, "off": 2}, white={"2B": 1, "3A": 1, "off": 3}, die=5
    )
    shown(app, GAME, position).guidance.say("notice.blocked", point="5A")
    yield f"game-{GAME}-blocked"
    # White's counter on 2A is open to Blue's throw
    knock = PenteState.from_position(blue={"4A": 1, "1B": 1, "off": 3}, white={"2A": 1, "3A": 4})
    shown(app, GAME, knock)
    yield f"game-threat-{GAME}-knock"
    lost = Text.of("play.notice.lost_counter", point="5A")
    yield from crowded(app, f"{GAME}-knock", GAME, "player", knock, "pente.forced-off", lost)
    # with a 6 thrown, the counter on 4A would be sent back from some of its targets
    position = PenteState.from_position(
        blue={"4A": 1, "1B": 1, "off": 3}, white={"2A": 1, "3A": 3, "5B": 1}, die=6
    )
    yield from held(app, GAME, position, "4A")
    yield from short_game(app, GAME)
