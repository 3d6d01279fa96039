"""The kiosk driven by scripted visitors: real pygame events posted to the real App."""

from __future__ import annotations

import pytest
from kiosk_driver import (
    button_centre,
    centre,
    click,
    drag,
    finger_tap,
    make_app,
    pump,
    wait_for,
)


@pytest.fixture
def app_factory():
    apps = []

    def make(**kw):
        app = make_app(**kw)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.close()


def visitor_turn(app) -> bool:
    scene = app.scene
    return (
        scene.name == "game"
        and scene.human_turn
        and scene.anim is None
        and scene.roll is None
        and scene.pass_at is None
    )


def action_after(state, before) -> str | None:
    """The action that was taken from ``before`` on the way to ``state`` (None if none)."""
    for s in [state, *state.ancestors()]:
        if s.parent is before:
            return s.action
    return None


def roll_until_entering(app) -> None:
    """Tap the die until the visitor has a counter to enter (a roll of 1..5 or 6 enters)."""
    scene = app.scene
    assert wait_for(app, lambda: visitor_turn(app) and scene.state.needs_roll)
    click(app, scene.view.die_rect.center)
    assert wait_for(app, lambda: not scene.state.needs_roll and scene.roll is None)


def test_one_touch_then_play_starts_a_game_against_the_computer(app_factory):
    app = app_factory()
    assert app.scene.name == "attract"
    finger_tap(app, (900, 500))
    assert app.scene.name == "home"
    click(app, button_centre(app, "pente-grammai"))
    assert app.scene.name == "setup"
    click(app, button_centre(app, "play"))
    assert app.scene.name == "game"
    assert app.scene.config.opponent == "computer"
    assert app.scene.config.visitor_colour == "blue"
    assert app.scene.state.game_id == "pente-grammai"


def test_roll_then_drag_a_counter_onto_its_legal_point(app_factory):
    app = app_factory(game="pente-grammai")
    scene = app.scene
    roll_until_entering(app)
    assert scene.state.die == scene.last_die
    move = scene.state.legal_moves()[0]
    assert move.frm == "off"
    before = scene.state
    drag(app, centre(app, "off"), scene.view.target_centre(move.to, before))
    assert wait_for(app, lambda: scene.anim is None)
    assert action_after(scene.state, before) == str(move)
    assert any(p.square == move.to and p.colour == "blue" for p in before.play(move).pieces())


def test_drop_on_an_illegal_point_returns_and_changes_nothing(app_factory):
    app = app_factory(game="pente-grammai")
    scene = app.scene
    roll_until_entering(app)
    before = scene.state
    move = before.legal_moves()[0]
    wrong = next(p for p in ("1A", "2A", "4A", "5A", "2B") if p != move.to)
    drag(app, centre(app, "off"), scene.view.target_centre(wrong, before))
    assert scene.anim is not None or scene.state is before  # the return animation, if still on
    assert wait_for(app, lambda: scene.anim is None)
    assert scene.state is before
    drag(app, centre(app, "off"), (1300, 1000))  # nowhere near a point
    assert wait_for(app, lambda: scene.anim is None)
    assert scene.state is before


def test_tap_tap_moves_and_the_computer_answers(app_factory):
    app = app_factory(game="latrunculi-petteia")
    scene = app.scene
    assert wait_for(app, lambda: visitor_turn(app))
    start = scene.state
    click(app, centre(app, "a2"))
    assert scene.selected == "a2"
    assert "a5" in scene.targets("a2")
    click(app, centre(app, "a5"))
    assert wait_for(app, lambda: scene.state.parent is start and scene.anim is None)
    assert scene.state.action == "a2-a5"
    # the computer's answer arrives, animated, and it is the visitor's turn again
    assert wait_for(app, lambda: len(scene.state.actions()) == 2 and visitor_turn(app))
    assert scene.state.to_move == "blue"


def test_undo_takes_back_the_visitors_move_and_the_answer(app_factory):
    app = app_factory(game="latrunculi-petteia")
    scene = app.scene
    assert wait_for(app, lambda: visitor_turn(app))
    start = scene.state
    click(app, centre(app, "b2"))
    click(app, centre(app, "b4"))
    assert wait_for(app, lambda: len(scene.state.actions()) == 2 and visitor_turn(app))
    click(app, button_centre(app, "undo"))
    pump(app, 0.05)
    assert scene.state is start
    assert scene.state.actions() == []


def test_epaminondas_phalanx_drag_with_a_capture(app_factory):
    from ludique.games.epaminondas import EpaminondasState

    app = app_factory(game="epaminondas")
    scene = app.scene
    # White's column c1-c2-c3 faces two black pieces on c5-c6: the tail c1 dragged to c3
    # moves the whole phalanx two squares and captures both
    state = EpaminondasState.from_position(
        white=["c1", "c2", "c3", "a1", "k2"], black=["c5", "c6", "n12", "m12", "h11"]
    )
    scene.set_position(state)
    assert wait_for(app, lambda: visitor_turn(app))
    # while held over c3, the ghost of the phalanx shows where it would stand
    import pygame
    from kiosk_driver import press, release, window

    press(app, centre(app, "c1"))
    for y in range(1, 9):
        a, b = centre(app, "c1"), centre(app, "c3")
        pos = (a[0], a[1] + (b[1] - a[1]) * y / 8)
        pygame.event.post(
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=window(app, pos), buttons=(1, 0, 0), rel=(0, 0)
            )
        )
        app.step()
    assert scene.drag is not None and scene.drag.hover == "c3"
    move = scene.targets("c1")["c3"]
    assert move.landing == ("c3", "c4", "c5") and set(move.captured) == {"c5", "c6"}
    release(app, centre(app, "c3"))
    assert wait_for(app, lambda: scene.state is not state and scene.anim is None)
    after = state.play("c1-c3")
    assert action_after(scene.state, state) == "c1-c3"
    assert after.count("black") == 3
    assert {p.square for p in after.pieces() if p.colour == "white"} >= {"c3", "c4", "c5"}


def test_language_switch_mid_game_keeps_the_game(app_factory):
    app = app_factory(game="latrunculi-petteia")
    scene = app.scene
    assert wait_for(app, lambda: visitor_turn(app))
    click(app, centre(app, "c2"))
    click(app, centre(app, "c4"))
    assert wait_for(app, lambda: len(scene.state.actions()) == 2 and visitor_turn(app))
    state = scene.state
    english = scene.status_text()
    click(app, app.language_switch.rects["de"].center)
    assert app.lang == "de"
    assert app.scene is scene and scene.state is state
    german = scene.status_text()
    assert german != english and german == "Sie sind am Zug"
    click(app, app.language_switch.rects["fr"].center)
    assert scene.status_text() == "À vous de jouer"
    assert scene.state is state


def test_a_touch_also_reported_as_a_mouse_click_counts_once(app_factory):
    app = app_factory(game="latrunculi-petteia")
    scene = app.scene
    assert wait_for(app, lambda: visitor_turn(app))
    # a single tap selects; a doubled tap would select and then let go again
    finger_tap(app, centre(app, "d2"), also_mouse=True)
    assert scene.selected == "d2"
    finger_tap(app, centre(app, "d5"), also_mouse=True)
    assert wait_for(app, lambda: scene.anim is None and scene.state.actions()[:1] == ["d2-d5"])
