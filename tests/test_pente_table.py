"""The solved Pente grammai table agrees with the rules engine (Bellman equation on a sample)."""

from __future__ import annotations

import random

import pytest

from ludique.ai.pente import (
    TEMPERATURE,
    choose_pente_move,
    move_probabilities,
    pente_win_probability,
    table,
)
from ludique.games.pente.rules import N_PLACEMENTS, ORDINARY_MASK, PenteState

TOLERANCE = 1e-8  # the table stores values to 2.3e-10; the solve converged to 1e-13


def random_state(rng: random.Random) -> PenteState:
    while True:
        blue = rng.randrange(N_PLACEMENTS)
        white = rng.randrange(N_PLACEMENTS)
        if ORDINARY_MASK[blue] & ORDINARY_MASK[white] == 0:
            return PenteState(blue, white, rng.randrange(2))


def value_of_child(child: PenteState, mover: str) -> float:
    """The mover's winning probability after his move, from the table through the engine."""
    if child.outcome is not None:
        return 1.0 if child.outcome.winner == mover else 0.0
    return 1.0 - pente_win_probability(child)


@pytest.fixture(scope="module")
def sample() -> list[PenteState]:
    rng = random.Random(20261123)
    states = [random_state(rng) for _ in range(3000)]
    # Games from the start reach the positions that real play reaches.
    for seed in range(20):
        r = random.Random(seed)
        s = PenteState.initial()
        while s.outcome is None and len(states) < 3000 + 100 * (seed + 1):
            if s.needs_roll:
                states.append(s)
                s = s.roll(r.randint(1, 6))
            else:
                s = s.play(r.choice(s.legal_moves()))
    return [s for s in states if s.outcome is None]


def test_table_has_every_position() -> None:
    assert len(table()) == N_PLACEMENTS * N_PLACEMENTS


def test_bellman_equation_holds_against_the_engine(sample: list[PenteState]) -> None:
    assert len(sample) > 3000
    worst = 0.0
    for state in sample:
        v = pente_win_probability(state)
        assert 0.0 <= v <= 1.0
        mover = state.to_move
        total = 0.0
        for die in range(1, 7):
            rolled = state.roll(die)
            best = max(value_of_child(rolled.play(m), mover) for m in rolled.legal_moves())
            assert pente_win_probability(rolled) == pytest.approx(best, abs=TOLERANCE)
            total += best
        worst = max(worst, abs(total / 6 - v))
    assert worst < TOLERANCE


def test_the_game_is_not_trivial(sample: list[PenteState]) -> None:
    values = [pente_win_probability(s) for s in sample]
    assert min(values) < 0.2 and max(values) > 0.8
    start = pente_win_probability(PenteState.initial())
    assert 0.3 < start < 0.7


def test_finished_games_are_won_or_lost() -> None:
    s = PenteState.from_position(blue={"3B": 4, "2B": 1}, white={"3A": 4}, die=1)
    assert pente_win_probability(s) == 1.0
    won = s.play("2B-3B")
    assert won.outcome is not None and pente_win_probability(won) == 0.0


def test_champion_plays_the_best_move(sample: list[PenteState]) -> None:
    rng = random.Random(3)
    for state in sample[:1500]:
        rolled = state.roll(rng.randint(1, 6))
        mover = rolled.to_move
        values = {str(m): value_of_child(rolled.play(m), mover) for m in rolled.legal_moves()}
        chosen = choose_pente_move(rolled, "champion", rng)
        assert chosen in rolled.legal_moves()
        assert values[str(chosen)] == pytest.approx(max(values.values()), abs=1e-12)


def test_weaker_strengths_play_legal_moves_and_prefer_better_ones(
    sample: list[PenteState],
) -> None:
    rng = random.Random(4)
    for strength in ("beginner", "player"):
        for state in sample[:300]:
            rolled = state.roll(rng.randint(1, 6))
            assert choose_pente_move(rolled, strength, rng) in rolled.legal_moves()
    assert TEMPERATURE["champion"] == 0 < TEMPERATURE["player"] < TEMPERATURE["beginner"]
    values = [0.9, 0.5, 0.7]
    beginner = move_probabilities(values, TEMPERATURE["beginner"])
    player = move_probabilities(values, TEMPERATURE["player"])
    assert beginner[0] > beginner[2] > beginner[1] > 0
    assert player[0] > beginner[0] and player[1] < beginner[1]
    assert sum(beginner) == pytest.approx(1.0) and sum(player) == pytest.approx(1.0)


def test_a_strength_or_a_state_that_makes_no_sense_is_refused() -> None:
    state = PenteState.initial()
    with pytest.raises(ValueError, match="a roll is due"):
        choose_pente_move(state, "champion", random.Random())
    with pytest.raises(ValueError, match="unknown strength 'grandmaster'"):
        choose_pente_move(state.roll(3), "grandmaster", random.Random())


def test_stored_strength_figures_are_current_and_ordered() -> None:
    import hashlib
    import json

    from ludique.ai.pente_table import STRENGTHS_FILE, TABLE_NAME
    from ludique.paths import asset_path

    data = json.loads(asset_path("pente", STRENGTHS_FILE).read_text(encoding="utf-8"))
    digest = hashlib.sha256(asset_path("pente", TABLE_NAME).read_bytes()).hexdigest()
    assert data["table_sha256"] == digest and data["temperatures"] == TEMPERATURE, (
        "strengths.json is stale: run python -m ludique.tools.pente_solver --report-only"
    )
    # the stored figures (the solver, which needs numpy, only writes them: a dev tool)
    figures = data["against_perfect"]
    start = pente_win_probability(PenteState.initial())
    # Perfect against perfect is the solved value itself, for either colour.
    assert figures["champion"]["blue"] == pytest.approx(start, abs=1e-8)
    assert figures["champion"]["white"] == pytest.approx(1 - start, abs=1e-8)
    for colour in ("blue", "white"):
        beginner, player = figures["beginner"][colour], figures["player"][colour]
        assert 0 < beginner < player - 0.02 < figures["champion"][colour] - 0.04
