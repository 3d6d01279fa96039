"""Known-answer move counts ("perft", as chess engines keep them): from fixed positions of every
game, the number of move sequences of each length.  The engines generate their moves
incrementally and by hand-made shortcuts (bit boards, cached lines, a placing phase, a removal
turn, a die); a change that loses or adds one move anywhere in the tree changes a count.

A count is the number of positions reached after ``depth`` moves, every legal move taken in
turn; a throw of the die is not a move: each of its six faces is followed (a chance node), so a
count of Pente grammai sums over the throws as well.  A finished game ends its branch.

Where the numbers come from: computed once by these engines (commit 61b774d, 2026-12-06) and
written here; the small ones also follow from the rules by hand: the placing phase of Seneca and
Piso fills any empty square (64, 64 x 63, 64 x 63 x 62), and at the start of Pente grammai every
throw enters one counter (6 ** depth while no counter can be hit).  On a mismatch the message
gives the count after each first move (a "divide"), to find the move that went missing.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ludique.games import GameState, new_game
from ludique.games.epaminondas.rules import EpaminondasState
from ludique.games.latrunculi.rules import DuxState, PetteiaState, PisoState, SenecaState
from ludique.games.pente.rules import PenteState


def perft(state: GameState, depth: int) -> int:
    if depth == 0:
        return 1
    if state.outcome is not None:
        return 0
    if state.needs_roll:
        return sum(perft(state.roll(face), depth) for face in range(1, 7))
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(state.play(move), depth - 1) for move in moves)


def divide(state: GameState, depth: int) -> dict[str, int]:
    if state.needs_roll:
        return {f"throw {face}": perft(state.roll(face), depth) for face in range(1, 7)}
    return {str(move): perft(state.play(move), depth - 1) for move in state.legal_moves()}


def _pente_middle(die: int | None = None) -> Callable[[], GameState]:
    # two blue counters stacked on the sacred 3A, counters of both sides within a throw
    return lambda: PenteState.from_position(
        blue={"3A": 2, "1B": 1, "5B": 1},
        white={"2A": 1, "4A": 1, "3B": 1},
        to_move="blue",
        die=die,
    )


def _epaminondas_middle() -> GameState:
    # phalanxes of two and three facing each other, lone pieces on both home rows
    return EpaminondasState.from_position(
        white=["c3", "c4", "c5", "d4", "e4", "f6", "g6", "h6", "a1", "b1"],
        black=["c9", "c8", "d9", "e9", "f7", "g8", "h8", "n12", "m12"],
        to_move="white",
    )


_BATTLE = {"blue": ["c3", "d4", "e3", "b6", "g2"], "white": ["c4", "e4", "d6", "f6", "h7"]}

# (game, position, how to set it up, {depth: count})
KNOWN: list[tuple[str, str, Callable[[], GameState], dict[int, int]]] = [
    ("pente-grammai", "start", lambda: new_game("pente-grammai"), {1: 6, 2: 36, 4: 1296, 6: 63146}),
    ("pente-grammai", "middle", _pente_middle(), {1: 7, 2: 42, 3: 491, 5: 47416}),
    ("pente-grammai", "middle, 3 thrown", _pente_middle(3), {1: 1, 2: 6, 3: 73}),
    ("epaminondas", "start", lambda: new_game("epaminondas"), {1: 114, 2: 12996}),
    ("epaminondas", "middle", _epaminondas_middle, {1: 88, 2: 6561, 3: 555312}),
    ("latrunculi-seneca", "start", lambda: new_game("latrunculi-seneca"), {1: 64, 2: 4032}),
    (
        "latrunculi-seneca",
        "a prisoner",
        lambda: SenecaState.from_position(
            blue=["e4", "a1", "h1", "c6", "d5"],
            white=["d4", "f4", "a8", "h8", "e6"],
            inciti={"e4": ("d4", "f4")},
            to_move="white",
        ),
        {1: 13, 2: 140, 3: 147},
    ),
    ("latrunculi-piso", "start", lambda: new_game("latrunculi-piso"), {1: 64, 2: 4032}),
    (
        "latrunculi-piso",
        "battle",
        lambda: PisoState.from_position(**_BATTLE, to_move="white"),
        {1: 15, 2: 246, 3: 3902},
    ),
    ("latrunculi-petteia", "start", lambda: new_game("latrunculi-petteia"), {1: 32, 3: 37796}),
    (
        "latrunculi-petteia",
        "battle",
        lambda: PetteiaState.from_position(**_BATTLE, to_move="blue"),
        {1: 38, 2: 1618, 3: 63934},
    ),
    ("latrunculi-dux", "start", lambda: new_game("latrunculi-dux"), {1: 53, 2: 2637, 3: 145394}),
    (
        "latrunculi-dux",
        "battle",
        lambda: DuxState.from_position(
            blue=["c3", "d4", "e3", "b6"],
            white=["c4", "e4", "d6", "f6"],
            dux={"blue": "d3", "white": "d5"},
            to_move="blue",
        ),
        {1: 20, 2: 701, 3: 18811},
    ),
]


@pytest.mark.parametrize(
    ("game_id", "setup", "counts"),
    [(g, make, counts) for g, _, make, counts in KNOWN],
    ids=[f"{g}: {name}" for g, name, _, _ in KNOWN],
)
def test_the_number_of_move_sequences_is_known(
    game_id: str, setup: Callable[[], GameState], counts: dict[int, int]
) -> None:
    state = setup()
    assert state.game_id == game_id
    for depth, known in counts.items():
        found = perft(state, depth)
        assert found == known, (
            f"{game_id} at depth {depth}: {found} move sequences, {known} known; "
            f"by first move at this depth: {divide(state, depth)}"
        )


def test_every_game_has_known_counts() -> None:
    from ludique.games import GAME_IDS

    assert {g for g, *_ in KNOWN} == set(GAME_IDS)
