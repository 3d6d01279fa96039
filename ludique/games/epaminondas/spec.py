"""Epaminondas, as a game (``ludique.games.gamespec``): a 14 x 12 board, phalanxes, and the
crossing of the other side's home row."""

from __future__ import annotations

from ludique.games.base import BLACK, WHITE
from ludique.games.epaminondas.notices import RULES
from ludique.games.epaminondas.rules import N_FILES, N_RANKS, EpaminondasState
from ludique.games.epaminondas.threats import epaminondas_threats
from ludique.games.gamespec import GameSpec
from ludique.games.notice import REPETITION


def finished() -> EpaminondasState:
    """White has two pieces on Black's home row and Black none on White's: White has won."""
    return EpaminondasState.from_position(
        white=["c12", "d12", "e5", "f5", "g4", "a1", "b1"],
        black=["h11", "i11", "j10", "k9", "n12"],
        to_move="white",
    )


SPEC = GameSpec(
    id="epaminondas",
    family="epaminondas",
    initial=EpaminondasState.initial,
    colours=(WHITE, BLACK),
    piece_kinds=("piece",),
    board="epaminondas",
    files=N_FILES,
    ranks=N_RANKS,
    home_rows=((WHITE, 1), (BLACK, N_RANKS)),
    phalanx=True,
    visit_moves=36,  # docs/visit.md: the moves a visitor plays in ten minutes, as measured
    score=("crossing", "captured"),
    threats=epaminondas_threats,
    notices=(REPETITION, *RULES),
    evaluation="epaminondas",
    search_growth=18.0,
    narration="phalanx",
    cards=("epaminondas",),
    history="epaminondas",
    demo=True,
    diagram_aspect=0.86,
    sample_plies=30,
    sample_story=3,
    sample_finished=finished,
)

SPECS = (SPEC,)  # the games this package is (ludique.games.KIOSK_GAMES)
