"""A seventh game is one folder: ``tests/race3/`` (its rules, its spec, its words and its card),
registered here, goes through the whole kiosk as the museum's games do.  The curator enables
it in the settings file, it has a Home tile, its set-up and game, its rule card and history,
its finished games are recorded in the statistics, Even match plays it on nominal data (it was
never measured) and the review renderer shows it (``tests/test_screens.py``).  Nothing outside
``tests/race3/`` names it: the kiosk learns it from its spec alone."""

from __future__ import annotations

import io
import logging
import random

import pygame
import pytest
from kiosk_driver import click, drag, make_app, pump
from race3 import GAME_ID, race_game

from ludique.ai import decide
from ludique.games import FAMILIES, new_game
from ludique.kiosk.settings import load_settings
from ludique.kiosk.stats import Stats, StatsPort
from ludique.words.document import load


@pytest.fixture
def race():
    with race_game():
        yield


def _button(app, name: str):
    return next(b for b in app.scene.buttons if b.name == name)


def test_the_curator_enables_it_and_a_visitor_plays_it_to_the_statistics(
    race, tmp_path, caplog
) -> None:
    # the curator's settings file names it beside the museum's games: no problem, kept in order
    path = tmp_path / "settings.toml"
    names = ", ".join(f'"{f}"' for f in (GAME_ID, *FAMILIES))
    text = f'enabled_games = [{names}]\nsound = false\nadmin_pin = "2468"\n'
    path.write_text(text, encoding="utf-8")
    settings = load_settings(path)
    assert not settings.problems
    assert settings.enabled_games == (*FAMILIES, GAME_ID)

    stats = Stats(tmp_path / "stats.sqlite3")
    app = make_app(settings=settings, lang="de", stats=StatsPort(stats))
    try:
        app.go("home")
        assert list(app.scene.tiles) == [*FAMILIES, GAME_ID]  # a tile of its own, last
        click(app, app.scene.tiles[GAME_ID].center)
        assert app.scene.name == "setup" and app.scene.game_id == GAME_ID
        # it has no guided game: no "Learn" on its set-up (a game of the kiosk has one)
        assert "learn" not in [b.name for b in app.scene.buttons]
        click(app, _button(app, "opponent-two").rect.center)
        click(app, _button(app, "play").rect.center)
        assert app.scene.name == "game" and app.scene.match.state.game_id == GAME_ID

        # its rule card and history panel, from its own folder, in the visitor's language: the
        # Rules screen draws both (a card or panel it cannot read is logged as left out)
        caplog.clear()
        with caplog.at_level(logging.WARNING):
            click(app, _button(app, "rules").rect.center)
            assert app.scene.name == "rules"
            assert "learn" not in [b.name for b in app.scene.buttons]
            pump(app, 0.1)
            app.dirty = True
            app.draw()
        assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text
        assert load("de", "rules", GAME_ID)[0].text == "Das Wettrennen"
        assert load("fr", "history", GAME_ID)[0].text == "La course : histoire"
        click(app, _button(app, "close").rect.center)
        assert app.scene.name == "game"

        # two visitors play it by dragging the men, to its end
        rng = random.Random(3)
        scene = app.scene
        for _ in range(12):
            state = scene.match.state
            if state.outcome is not None:
                break
            move = rng.choice(state.legal_moves())
            view = scene.board.view
            drag(app, view.centre(move.frm), view.centre(move.to))
            pump(app, 0.3)
            assert scene.match.state is not state, move
        assert scene.match.state.outcome is not None
        pump(app, 0.5)
    finally:
        app.close()
    assert stats.summary(days=1).total == 1
    table = io.StringIO()
    stats.export_csv(table)
    assert f'"{GAME_ID}","","de","two-players"' in table.getvalue()  # its family's row


def test_even_match_plays_it_on_nominal_data(race) -> None:
    rng = random.Random(7)
    state = new_game(GAME_ID)
    notes = []
    while state.outcome is None:
        move, note = decide(state, "even", 0.2, rng)
        assert move in state.legal_moves()
        notes.append(note)
        state = state.play(move)
    assert any(note is not None for note in notes)  # Even match read the visitor, not a stand-in


def test_its_home_tile_is_its_starting_position(race) -> None:
    from ludique.ui.scenes.home import miniature, start_picture, tile_game

    assert tile_game(GAME_ID) == GAME_ID
    size = (260, 200)
    picture = miniature(GAME_ID, size)
    assert pygame.image.tobytes(picture, "RGBA") == pygame.image.tobytes(
        start_picture(GAME_ID, size), "RGBA"
    )
