"""A solved game is found through its spec (``GameSpec.solved``, ``ludique.ai.solved``), never by
its name: the computer's move, Even match's referee, the exact story, the settings file's help
and the rule said for a counter that must wait all follow what the spec says, so a game from
outside the package solved by a table of its own is played from it, and a game that is not
solved needs nothing."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

import pytest
from doubles import Clock, Silent
from race3 import GAME_ID, race_game

from ludique.ai import decide
from ludique.ai.even import referee_chances
from ludique.ai.solved import SOLVED_GAMES, SolvedGame, register, solved
from ludique.games import GAME_IDS, GameSpec, new_game, spec
from ludique.games import register as register_game
from ludique.games.base import GameState, Move
from ludique.games.pente.rules import PenteState
from ludique.kiosk.settings import Settings, settings_text
from ludique.play.analysis import exact_chance, tell_state
from ludique.play.guidance import Guidance
from ludique.play.match import GameConfig, Match


@contextmanager
def respecified(game_id: str, **fields: object) -> Iterator[GameSpec]:
    """``game_id``'s spec with ``fields`` changed, for the time of a ``with``."""
    before = spec(game_id)
    changed = replace(before, **fields)  # type: ignore[arg-type]
    register_game(changed)
    try:
        yield changed
    finally:
        register_game(before)


def test_the_kiosk_s_solved_game_is_found_through_its_spec() -> None:
    from ludique.ai import pente

    told = [g for g in GAME_IDS if spec(g).solved]
    assert told == ["pente-grammai"]
    assert solved("pente-grammai") is pente.SOLVED
    state = new_game("pente-grammai").roll(3)
    assert solved("pente-grammai").move_values(state) == pente.move_values(state)
    for game_id in (g for g in GAME_IDS if not spec(g).solved):
        with pytest.raises(ValueError, match="not a solved game"):
            solved(game_id)


# A table for the race of ``tests/race3``: every move keeps the mover's chance at one half but
# the one it prefers, which the computer must then play at every strength.
CHOICES: list[str] = []


def _values(state: GameState) -> list[tuple[Move, float]]:
    moves = state.legal_moves()
    return [(m, 0.75 if i == len(moves) - 1 else 0.5) for i, m in enumerate(moves)]


def _choose(state: GameState, strength: str, rng: random.Random) -> Move:
    move = _values(state)[-1][0]
    CHOICES.append(move.text)
    return move


RACE_TABLE = SolvedGame(
    load=lambda: None,
    win_probability=lambda state: 0.5 if state.outcome is None else 0.0,
    move_values=_values,
    choose=_choose,
    folder="race-table",
    solver="(none: a test's)",
)


@pytest.fixture
def race_table() -> Iterator[None]:
    register("race-table", RACE_TABLE)
    try:
        yield
    finally:
        SOLVED_GAMES.pop("race-table", None)


def test_a_game_from_outside_is_played_and_told_from_the_table_its_spec_names(
    race_table: None,
) -> None:
    with race_game(), respecified(GAME_ID, solved="race-table"):
        state = new_game(GAME_ID)
        assert len(state.legal_moves()) > 1
        CHOICES.clear()
        move, note = decide(state, "champion", 0.5, random.Random(1))
        assert CHOICES == [move.text] == [state.legal_moves()[-1].text] and note is None
        # Even match's referee reads the table's values, not a search
        assert referee_chances(state) == [(m.text, v) for m, v in _values(state)]
        # the story of a game of it is exact, from the table
        after = state.play(state.legal_moves()[0])
        story = tell_state(after, state.colours[0])
        assert story.exact and story.depth == 0
        assert story.actions[0].cost == pytest.approx(0.25)
        assert story.actions[0].best == state.legal_moves()[-1].text
        assert exact_chance(after, after.to_move) == 0.5
    # unsolved again: it needs nothing of the kind
    with race_game():
        with pytest.raises(ValueError, match="not a solved game"):
            solved(GAME_ID)
        assert not tell_state(new_game(GAME_ID).play(new_game(GAME_ID).legal_moves()[0])).exact


def test_the_settings_file_names_the_games_each_setting_applies_to(race_table: None) -> None:
    def comment(key: str, text: str) -> str:
        lines = text.splitlines()
        return next(lines[i - 1] for i, line in enumerate(lines) if line.startswith(f"{key} ="))

    text = settings_text(Settings())
    gauge = "# Pente grammai: show the visitor's exact chance of winning during the game"
    assert comment("story_gauge", text).startswith(gauge)
    assert comment("capture_warnings", text).startswith("# Ludus latrunculorum: ring the ")
    # a game registered later whose warnings are a setting, and that is solved, is named too
    with race_game(), respecified(GAME_ID, warnings_by_setting=True, solved="race-table"):
        text = settings_text(Settings())
        assert comment("capture_warnings", text).startswith(
            f"# Ludus latrunculorum, {GAME_ID}: ring "
        )
        assert comment("story_gauge", text).startswith(f"# Pente grammai, {GAME_ID}: show ")
    # without any solved game, the gauge's help names none
    with respecified("pente-grammai", solved=""):
        assert comment("story_gauge", settings_text(Settings())).startswith("# show the visitor")


def test_a_counter_that_must_wait_is_told_the_rule_its_spec_names() -> None:
    # a 2 thrown: a waiting counter can enter on 2A, so the one on 4A must wait
    state = PenteState.from_position(blue={"4A": 1, "off": 4}, white={"off": 5}, die=2)

    def why_not() -> str | None:
        match = Match(GameConfig(state.game_id), Silent(), state=state, clock=Clock())
        said = Guidance(match).why_not("4A")
        return None if said is None else said.key

    rule = spec("pente-grammai").entry_rule
    assert rule is not None and rule in spec("pente-grammai").notices
    assert why_not() == f"play.rule.{rule.id}"
    with respecified("pente-grammai", entry_rule=None):
        assert why_not() == "play.refused.stuck_throw"  # the throw decides, no rule named
