"""A scene kept under another comes back laid out for the window as it is now: the game under
its Rules screen, or under a guide opened from the Rules, after the window changed size while it
was hidden.  The real App under SDL's dummy driver, real taps, a real size change."""

from __future__ import annotations

import pygame
import pytest
from kiosk_driver import button_centre, click, make_app, pump, visitor_turn, wait_for

from ludique.ui.app import App
from ludique.ui.scenes.game import board_aspect, game_layout

GAME = "epaminondas"  # no placement phase: its "place for me" button is not shown


def _resize(app: App, size: tuple[int, int]) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
    pump(app)
    assert app.screen.get_size() == size


def _assert_laid_out_for_the_window(app: App) -> None:
    scene = app.scene
    assert scene.name == "game"
    screen = app.screen.get_rect()
    expected = game_layout(app.viewport, app.language_switch.area, aspect=board_aspect(GAME))
    assert scene.placed == expected, "the game is laid out for another size"
    for name in ("home", "undo", "rules"):
        assert screen.contains(scene.button(name).rect), name
    assert screen.contains(scene.placed.board)


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080), (1366, 768)])
def test_the_game_comes_back_from_its_rules_laid_out_for_the_new_size(
    size: tuple[int, int],
) -> None:
    app = make_app(game=GAME, size=(1280, 800))
    try:
        assert wait_for(app, lambda: visitor_turn(app))
        click(app, button_centre(app, "rules"))
        assert app.scene.name == "rules"
        _resize(app, size)
        click(app, button_centre(app, "close"))
        _assert_laid_out_for_the_window(app)
        # and a tap on Rules where it now is opens them again (the visitor is not stuck)
        click(app, button_centre(app, "rules"))
        assert app.scene.name == "rules"
    finally:
        app.close()


def test_the_game_comes_back_from_a_guide_opened_from_its_rules_laid_out_for_the_new_size() -> None:
    app = make_app(game=GAME, size=(1280, 800))
    try:
        assert wait_for(app, lambda: visitor_turn(app))
        click(app, button_centre(app, "rules"))
        click(app, button_centre(app, "learn"))
        assert app.scene.name == "learn"
        _resize(app, (1024, 768))
        click(app, button_centre(app, "back"))
        _assert_laid_out_for_the_window(app)
    finally:
        app.close()
