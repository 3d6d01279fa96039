"""Fuzz: saved games and moves.  Any text given to ``load_game`` either replays to a state or
raises the engine's ``IllegalMove`` naming the line; any text given to ``play`` or a roll either
makes a new state or raises ``IllegalMove`` and leaves the state as it was."""

from __future__ import annotations

import random

import pytest
from fuzzing import fuzz_settings, run, tried
from hypothesis import given
from hypothesis import strategies as st

from ludique.games import GAME_IDS, IllegalMove, dump_game, load_game, new_game


@pytest.mark.parametrize("roll", ["²", "1" * 5000, "٣", "３", "𝟑", "+3", "03", "3.0"])
def test_a_roll_is_one_ascii_digit(roll):
    text = f"game pente-grammai\nroll {roll}\n"
    with pytest.raises(IllegalMove, match="line 2"):
        load_game(text)


def test_a_roll_of_seven_is_refused_by_the_rules():
    with pytest.raises(IllegalMove, match="line 2: roll 7"):
        load_game("game pente-grammai\nroll 7\n")


def _played(game_id: str, seed: int, plies: int):
    rng = random.Random(seed)
    state = new_game(game_id)
    for _ in range(plies):
        if state.outcome is not None:
            break
        if state.needs_roll:
            state = state.roll(rng.randint(1, 6))
            continue
        state = state.play(rng.choice(state.legal_moves()))
    return state


# lines a saved game might hold after a bad copy, an editor or a disk error
junk = st.one_of(
    st.text(max_size=30),
    st.builds(lambda s: f"roll {s}", st.text(max_size=8)),
    st.builds(lambda n: f"roll {n}", st.integers(-10, 10**30)),
    st.sampled_from(["game", "game pente-grammai", "game nothing", "#", "", "roll", "pass"]),
    st.from_regex(r"[a-n][0-9]{1,2}[-x:][a-n][0-9]{1,2}", fullmatch=True),
)


@given(
    game_id=st.sampled_from(GAME_IDS),
    seed=st.integers(0, 2**16),
    plies=st.integers(0, 40),
    cut=st.integers(0, 60),
    inserted=st.lists(junk, max_size=4),
)
@fuzz_settings(examples=400)
def _saved_games(game_id: str, seed: int, plies: int, cut: int, inserted: list[str]) -> None:
    tried("saved games")
    lines = dump_game(_played(game_id, seed, plies)).splitlines()
    at = min(cut, len(lines))
    text = "\n".join(lines[:at] + inserted + lines[at:])
    try:
        state = load_game(text)
    except IllegalMove as exc:
        assert str(exc).startswith("line "), exc
        return
    # what loads, dumps and loads again to the same game
    assert load_game(dump_game(state)).actions() == state.actions()


def test_fuzz_saved_games_load_or_name_the_line():
    run(_saved_games)


@given(
    game_id=st.sampled_from(GAME_IDS),
    seed=st.integers(0, 2**16),
    plies=st.integers(0, 60),
    move=st.one_of(junk, st.text(max_size=12)),
    roll=st.one_of(st.integers(-(10**6), 10**6), st.text(max_size=6)),
)
@fuzz_settings(examples=400)
def _moves(game_id: str, seed: int, plies: int, move: str, roll) -> None:
    tried("moves")
    state = _played(game_id, seed, plies)
    before = state.actions()
    legal = {str(m) for m in state.legal_moves()} if not state.needs_roll else set()
    try:
        after = state.play(move)
    except IllegalMove:
        assert move not in legal
    else:
        assert after.parent is state
    try:
        state.roll(roll)
    except IllegalMove:
        pass
    assert state.actions() == before  # a refused move or roll never changes the game


def test_fuzz_moves_and_rolls_never_change_a_game_when_refused():
    run(_moves)
