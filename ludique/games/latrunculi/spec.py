"""Ludus latrunculorum, as four games (``ludique.games.gamespec``): one 8 x 8 board, the custodian
capture, and what each variant adds (a placing phase and reserves in Seneca and Piso, a dux in
Dux), as small differences from one spec."""

from __future__ import annotations

from dataclasses import replace

from ludique.games.base import BLUE, WHITE
from ludique.games.gamespec import GameSpec
from ludique.games.latrunculi.notices import RULES
from ludique.games.latrunculi.rules import SIZE, DuxState, PetteiaState, PisoState, SenecaState
from ludique.games.latrunculi.threats import latrunculi_threats
from ludique.games.notice import REPETITION, Rule

_BY_ID = {rule.id: rule for rule in (REPETITION, *RULES)}


def _rules(*ids: str) -> tuple[Rule, ...]:
    """A variant's rules explained once, in the order it says them."""
    return tuple(_BY_ID[i] for i in ids)


LATRUNCULI = GameSpec(
    id="latrunculi-petteia",
    family="latrunculi",
    variant="petteia",
    initial=PetteiaState.initial,
    colours=(BLUE, WHITE),
    piece_kinds=("man",),
    board="latrunculi",
    files=SIZE,
    ranks=SIZE,
    home_rows=((BLUE, 1), (WHITE, SIZE)),
    visit_moves=39,  # docs/visit.md: the moves a visitor plays in ten minutes, as measured
    score=("captured",),
    lost_pieces_drawn=True,
    warnings_by_setting=True,
    threats=latrunculi_threats,
    notices=_rules(
        "repetition",
        "latrunculi.double",
        "latrunculi.safe",
        "latrunculi.last-pieces",
        "latrunculi.fifty",
    ),
    taught_by_guide=(("latrunculi.safe", "safe"), ("latrunculi.double", "double")),
    evaluation="latrunculi",
    narration="plain",
    cards=("latrunculi", "latrunculi-petteia"),
    history="latrunculi",
    diagram_aspect=0.72,
)


SPECS = (
    replace(
        LATRUNCULI,
        id="latrunculi-seneca",
        variant="seneca",
        # docs/visit.md: its removals are the visitor's turns too, and its start the placing
        # of 16 men by hand
        visit_moves=19,
        initial=SenecaState.initial,
        piece_kinds=("man", "incitus"),
        legend=("incitus",),  # a prisoner, marked by its sign
        notices=_rules(
            "repetition",
            "latrunculi.no-capture-placing",
            "latrunculi.double",
            "latrunculi.safe",
            "latrunculi.one-removal",
            "latrunculi.fifty",
        ),
        taught_by_guide=(),
        cards=("latrunculi", "latrunculi-seneca"),
        sample_placement=True,
        placing=True,
        reserves=True,
    ),
    replace(
        LATRUNCULI,
        id="latrunculi-piso",
        variant="piso",
        visit_moves=25,  # docs/visit.md: its start is the placing of 16 men by hand
        initial=PisoState.initial,
        notices=_rules(
            "repetition",
            "latrunculi.no-capture-placing",
            "latrunculi.double",
            "latrunculi.safe",
            "latrunculi.fifty",
        ),
        taught_by_guide=(),
        cards=("latrunculi", "latrunculi-piso"),
        placing=True,
        reserves=True,
    ),
    replace(LATRUNCULI, demo=True),  # the attract screen's: the battle from the first move
    replace(
        LATRUNCULI,
        id="latrunculi-dux",
        variant="dux",
        initial=DuxState.initial,
        piece_kinds=("man", "dux"),
        notices=_rules("repetition", "latrunculi.double", "latrunculi.safe", "latrunculi.fifty"),
        taught_by_guide=(),
        cards=("latrunculi", "latrunculi-dux"),
        sample_turned=True,
        sample_story=2,
    ),
)
