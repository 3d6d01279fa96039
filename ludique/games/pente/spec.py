"""Pente grammai, as a game (``ludique.games.gamespec``): a track of ten points round two rows,
two sacred points, a die, five counters a side entering from off the board."""

from __future__ import annotations

from ludique.games.base import BLUE, WHITE
from ludique.games.gamespec import GameSpec
from ludique.games.pente.notices import ENTER_FIRST, RULES
from ludique.games.pente.rules import GOAL_POINTS, POINT_NAMES, SACRED_POINTS, PenteState
from ludique.games.pente.threats import pente_threats

SPEC = GameSpec(
    id="pente-grammai",
    family="pente-grammai",
    initial=PenteState.initial,
    colours=(BLUE, WHITE),
    piece_kinds=("counter",),
    board="pente",
    track=POINT_NAMES,  # counter-clockwise, 5B followed by 1A
    sacred=SACRED_POINTS,
    goals=tuple(GOAL_POINTS.items()),
    die=True,
    reserves=True,  # the counters wait off the board
    solved="pente",  # its table of exact values: ludique/ai/pente.py plays it
    visit_moves=37,  # docs/visit.md: the moves a visitor plays in ten minutes, as measured
    score=("at-goal",),
    threats=pente_threats,
    notices=RULES,
    entry_rule=ENTER_FIRST,
    evaluation="pente",
    narration="track",
    cards=("pente-grammai",),
    history="pente-grammai",
    demo=True,
    diagram_aspect=0.82,
    sample_turned=True,
    sample_story=1,  # the first of the stories told
)

SPECS = (SPEC,)  # the games this package is (ludique.games.KIOSK_GAMES)
