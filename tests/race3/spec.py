"""The race as a game of the kiosk: its spec, all the rest of the kiosk needs to know of it."""

from __future__ import annotations

from pathlib import Path

from ludique.games.base import BLUE, WHITE
from ludique.games.gamespec import GameSpec
from race3 import GAME_ID, SIZE, RaceState, race_threats

SPEC = GameSpec(
    id=GAME_ID,
    family=GAME_ID,
    initial=RaceState.initial,
    colours=(BLUE, WHITE),
    piece_kinds=("man",),
    board="grid",  # no board of its own: the plain grid at its size
    files=SIZE,
    ranks=SIZE,
    home_rows=((BLUE, 1), (WHITE, SIZE)),
    score=("captured",),
    threats=race_threats,
    cards=(GAME_ID,),
    history=GAME_ID,
    words=Path(__file__).parent / "locales",  # its words and its card, beside its rules
    sample_plies=1,
)
