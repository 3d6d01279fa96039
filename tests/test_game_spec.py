"""What a game is, in one place (``ludique.games.spec``): the six games' specs agree with their
rules and with what the layers above look up by them, and a seventh game (``tests/race3/``, a
race on a 3 x 3 board, one folder and its words) is played through the guidance and the
touches like the others.  The engine contract (``tests/test_engine_contract.py``) and the
screens renderer (``tests/test_screens.py``) take it too."""

from __future__ import annotations

import random

import pytest
from doubles import Clock, Silent, random_positions
from race3 import GAME_ID, RaceState, race_game

from ludique.ai.evaluation import ai_for, builder
from ludique.games import (
    FAMILIES,
    GAME_IDS,
    IllegalMove,
    families,
    family_games,
    game_ids,
    new_game,
    spec,
    specs,
)
from ludique.play.guidance import Guidance, Text
from ludique.play.match import GameConfig, Match
from ludique.play.narration import describe
from ludique.play.notices import RULES, rules_for
from ludique.play.threats import exposed, threats
from ludique.play.touch import DOT, PLAY, REFUSE, SELECT, Interaction
from ludique.words.i18n import catalog


@pytest.fixture
def race():
    with race_game():
        yield


# --- the six games' specs ---------------------------------------------------------------------


def test_the_registry_holds_the_six_games_in_order() -> None:
    assert tuple(s.id for s in specs()) == GAME_IDS == game_ids()
    with pytest.raises(IllegalMove, match="unknown game id 'chess'"):
        spec("chess")


def test_the_families_shown_are_the_games_families() -> None:
    # the Home tiles, the settings, the statistics and the attract screen all read families():
    # a game whose family is not in it would have no tile, a family without a game a dead one
    from ludique.kiosk.settings import Settings
    from ludique.ui.scenes import attract, home

    assert families() == FAMILIES == tuple(dict.fromkeys(s.family for s in specs()))
    assert Settings().enabled_games == FAMILIES
    assert all(spec(home.tile_game(f)).family == f for f in FAMILIES)
    assert home.tile_game("latrunculi") == "latrunculi-seneca"  # the set-up's first row
    # one demo a family at most, and a family of its own is its only game
    demos = [spec(g).family for g in attract.demo_games()]
    assert len(demos) == len(set(demos)) and demos
    assert [g.id for g in family_games("epaminondas")] == ["epaminondas"]


def test_a_registered_game_is_a_family_of_the_kiosk(race) -> None:
    assert families() == (*FAMILIES, GAME_ID)
    assert game_ids() == (*GAME_IDS, GAME_ID)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_spec_agrees_with_its_rules(game_id: str) -> None:
    game = spec(game_id)
    state = new_game(game_id)
    assert game.id == state.game_id and game.colours == state.colours
    assert state.to_move == game.colours[0]
    assert state.needs_roll == game.die
    assert (state.phase == "placement") == game.placing
    assert all(state.reserve(c) > 0 for c in game.colours) == (game.placing and game.reserves)
    for state in random_positions(game_id, seed=3, count=20, share=0.3):
        for p in state.pieces():
            assert p.kind in game.piece_kinds, p
            assert p.square in (*game.squares(), "off", "reserve"), p
    if game.track:
        assert set(game.sacred) <= set(game.track)
        assert {game.goal(c) for c in game.colours} <= set(game.sacred)
    else:
        assert len(game.squares()) == game.files * game.ranks
        assert {game.home_row(c) for c in game.colours} == {1, game.ranks}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_what_a_spec_names_exists_above_it(game_id: str) -> None:
    game = spec(game_id)
    assert set(game.notices) <= set(RULES)
    assert {rule for rule, _ in game.taught_by_guide} <= {r.id for r in game.notices}
    assert not game.evaluation or builder(game.evaluation) is not None or game.solved
    assert game.narration in ("track", "phalanx", "plain")
    assert set(game.score) <= {"at-goal", "crossing", "captured"}
    assert game.cards and game.history
    # a kind explained beside the board is one of its pieces, and has its words
    assert set(game.legend) <= set(game.piece_kinds)
    assert all(f"kiosk.legend.{kind}" in catalog("de") for kind in game.legend)


def test_the_variants_differ_in_a_few_fields() -> None:
    variants = [s for s in specs() if s.family == "latrunculi"]
    assert [s.variant for s in variants] == ["seneca", "piso", "petteia", "dux"]
    assert {(s.board, s.files, s.ranks, s.colours) for s in variants} == {
        ("latrunculi", 8, 8, ("blue", "white"))
    }
    assert [s.id for s in variants if s.placing] == ["latrunculi-seneca", "latrunculi-piso"]


# --- a seventh game ---------------------------------------------------------------------------


def test_a_seventh_game_is_registered_for_a_while(race) -> None:
    assert game_ids() == (*GAME_IDS, GAME_ID)
    assert isinstance(new_game(GAME_ID), RaceState)
    assert catalog("de").t("kiosk.game.race-3x3") == "Das Wettrennen"


def test_the_seventh_game_is_gone_after() -> None:
    with race_game():
        pass
    assert game_ids() == GAME_IDS
    assert "kiosk.game.race-3x3" not in catalog("en")
    with pytest.raises(IllegalMove):
        new_game(GAME_ID)


def test_the_seventh_game_is_played_by_touches_to_its_end(race) -> None:
    """Two visitors play it through the board's touches (drag and tap) until it is won; the
    guidance marks, says and counts what it does for any game."""
    rng = random.Random(5)
    for _ in range(10):
        match = Match(GameConfig(GAME_ID, "two-players"), Silent(), clock=Clock())
        guidance = Guidance(match)
        touch = Interaction(guidance)
        while match.state.outcome is None:
            state = match.state
            assert isinstance(guidance.status(), Text)
            lines = guidance.score_lines()
            assert [line.key for line, _ in lines] == ["score.captured"] * 2
            assert guidance.threat_line() is None or guidance.threat_line().key
            origins = guidance.origins()
            assert origins, "a position with a move has a piece to touch"
            origin = rng.choice(sorted(origins))
            targets = guidance.targets(origin)
            assert set(touch.target_marks(origin).values()) == {DOT}
            # a drop beside the targets is refused with the engine's reason
            beside = next(
                (sq for sq in spec(GAME_ID).squares() if sq not in targets and sq != origin),
                None,
            )
            if beside is not None:
                touch.clear()
                assert touch.press(origin).kind == SELECT
                touched = touch.release(beside, moved=True)
                assert touched.kind in (REFUSE, SELECT), touched
            square = rng.choice(sorted(targets))
            touch.clear()
            assert touch.press(origin).kind == SELECT
            done = touch.release(square, moved=True)
            assert done.kind == PLAY and done.move == targets[square]
            transition = match.take(done.move)
            match.commit(transition)
            guidance.played(transition)
            assert match.state is not state
        assert match.state.outcome.winner in RaceState.colours
        taken = sum(len(m.captures) for m in match.state.moves_played())
        assert sum(match.lost_counts().values()) == taken


def test_the_seventh_game_has_threats_words_and_a_computer(race) -> None:
    state = RaceState.from_position(blue=["a2", "c1"], white=["b3", "c3"], to_move="blue")
    # White's b3 could take a2: Blue, to move, sees it
    assert [(t.kind, t.squares) for t in threats(state)] == [("capture", ("a2",))]
    assert exposed(state.play("c1-c2"), "blue") == {"a2", "c2"}
    assert describe(state, "a2-b3", catalog("en").t)  # told in words, the plain way
    assert rules_for(GAME_ID) == ()
    assert type(ai_for(state)).__name__ == "GameAI"  # no evaluation of its own: material
