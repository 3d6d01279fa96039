"""Fuzz: pointer and touch events on every scene, posted as real pygame events to the real App
(dummy video driver).  A random stream must never raise out of the loop nor send a scene to the
recovery path, and must always leave a way home by touch.  Also the defects it found: a finger
whose lift never comes, drags far outside the window."""

from __future__ import annotations

import logging
import time

import pygame
import pytest
from fuzzing import fuzz_settings, run, tried
from hypothesis import given
from hypothesis import strategies as st
from kiosk_driver import centre, make_app, pump, visitor_turn, wait_for

from ludique.games import FAMILIES, GAME_IDS
from ludique.kiosk.settings import Settings
from ludique.ui.app import FINGER_STALE_SECONDS
from ludique.ui.countdown import countdown_limit, idle_limit

# -- a clock the test can move on ---------------------------------------------------------------


def with_clock(app) -> list[float]:
    """``app.now()`` runs ahead of the real clock by the returned list's one value."""
    ahead = [0.0]
    app.now = lambda: time.monotonic() + ahead[0]
    return ahead


def finger(app, kind: int, finger_id: int, x: float, y: float) -> None:
    pygame.event.post(
        pygame.event.Event(
            kind, touch_id=1, finger_id=finger_id, x=x, y=y, dx=0.0, dy=0.0, pressure=1.0
        )
    )
    app.step()


def tap(app, pos, finger_id: int) -> None:
    """A touch at ``pos`` in the scenes' pixels (a window's fraction, as a touch screen gives)."""
    w, h = app.canvas.get_size()
    finger(app, pygame.FINGERDOWN, finger_id, pos[0] / w, pos[1] / h)
    finger(app, pygame.FINGERUP, finger_id, pos[0] / w, pos[1] / h)
    pump(app, 0.02)


def centre_of_home_tile(app) -> tuple[int, int]:
    return app.scene.button("pente-grammai").rect.center


# -- the defect: a finger that never lifts ---------------------------------------------------------


@pytest.fixture
def home(app_factory):
    app = app_factory()
    app.go("home")
    pump(app, 0.02)
    return app


def test_a_finger_that_never_lifts_is_forgotten_after_a_while(home):
    app = home
    ahead = with_clock(app)
    w, h = app.screen.get_size()
    finger(app, pygame.FINGERDOWN, 7, 0.01, 0.99)  # a palm on the bezel; its lift is lost
    tap(app, centre_of_home_tile(app), 8)
    assert app.scene.name == "home"  # a second finger while the first is down: still ignored
    ahead[0] += FINGER_STALE_SECONDS + 0.1
    tap(app, centre_of_home_tile(app), 9)
    assert app.scene.name == "setup"


def test_a_scene_change_forgets_the_finger_down(home):
    app = home
    finger(app, pygame.FINGERDOWN, 7, 0.01, 0.99)
    app.go("home")  # the program changes the screen (a game ends, the panel closes...)
    tap(app, centre_of_home_tile(app), 8)
    assert app.scene.name == "setup"


def test_the_idle_timeout_clears_every_input(home):
    app = home
    ahead = with_clock(app)
    finger(app, pygame.FINGERDOWN, 7, 0.01, 0.99)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 795), button=1))
    app.step()
    ahead[0] += idle_limit(app.settings, app.scene) + 1
    pump(app, 0.02)  # "Still playing?"
    ahead[0] += countdown_limit(app.settings) + 1
    pump(app, 0.02)
    assert app.scene.name == "attract"
    assert app._finger is None and not app._mouse_down
    tap(app, (640, 400), 8)
    assert app.scene.name == "home"


@pytest.mark.parametrize("far", [1e300, -1e300, float("inf"), float("nan")])
def test_a_drag_far_outside_the_window_keeps_the_game(app_factory, far, caplog):
    app = app_factory(game="latrunculi-petteia", stand_in=True)
    scene = app.scene
    assert wait_for(app, lambda: visitor_turn(app))
    x, y = centre(app, "b2")
    w, h = app.screen.get_size()
    finger(app, pygame.FINGERDOWN, 3, x / w, y / h)
    finger(app, pygame.FINGERMOTION, 3, far, 0.5)
    finger(app, pygame.FINGERUP, 3, far, far)
    pump(app, 0.05)
    assert app.scene is scene
    assert "failure while" not in caplog.text


# -- the fuzz ------------------------------------------------------------------------------------

_STORY: list = []


def _story_of(app):
    """One finished game with its story (told once: telling it takes a few seconds)."""
    from ludique.tools.screens import _story_game

    if not _STORY:
        _STORY.append(_story_game("epaminondas", True))
    return _STORY[0]


def set_state(scene, state) -> None:
    """The game screen's position (kept by its match where the screen has one)."""
    getattr(scene, "match", scene).state = state


def enter(app, where: str) -> None:
    """Put ``app`` in front of scene ``where`` (every scene and modal of the kiosk)."""
    from ludique.games import spec
    from ludique.play.match import GameConfig
    from ludique.ui.scenes.admin import PinPad

    kind, _, arg = where.partition(":")
    if kind in ("attract", "home", "admin"):
        app.go(kind)
    elif kind == "setup":
        app.go("setup", family=arg)
    elif kind == "game":
        app.go("game", config=GameConfig(arg, "computer", "player", None))
    elif kind == "two-players":
        app.go("game", config=GameConfig(arg, "two-players", "player", None))
    elif kind == "rules":
        app.go("game", config=GameConfig(arg, "computer", "player", None))
        app.go("rules", game=app.scene)
    elif kind == "learn":
        app.go("learn", game_id=arg)
    elif kind == "end":
        app.go("game", config=GameConfig("epaminondas", "computer", "player", None))
        set_state(app.scene, spec("epaminondas").sample_finished())
        app.go("end", game=app.scene)
    elif kind == "story":
        state, colour, story = _story_of(app)
        app.go("game", config=GameConfig("epaminondas", "computer", "player", colour))
        set_state(app.scene, state)
        app.go("story", game=app.scene, story=story)
    elif kind == "pin-pad":
        app.go("home")
        app.pin_pad = PinPad(app)
    elif kind == "still-playing":
        app.go(arg)
        app.countdown_since = app.now()
    else:
        raise AssertionError(where)


SCENES = [
    "attract",
    "home",
    "admin",
    "pin-pad",
    "end",
    "story",
    "still-playing:home",
    *(f"setup:{family}" for family in FAMILIES),
    *(f"game:{g}" for g in GAME_IDS),
    *(f"two-players:{g}" for g in ("pente-grammai", "epaminondas")),
    *(f"rules:{g}" for g in GAME_IDS),
    *(f"learn:{g}" for g in GAME_IDS),
]

# window fractions (touch) and pixels (mouse): mostly on screen, sometimes far off it
fraction = st.one_of(
    st.floats(0.0, 1.0),
    st.floats(0.0, 1.0),
    st.floats(0.0, 1.0),
    st.floats(-3.0, 4.0),
    st.sampled_from([1e300, -1e300, float("inf"), float("-inf"), float("nan"), 0.0, 1.0]),
)
pixel = st.one_of(
    st.integers(0, 1280), st.integers(-(2**31), 2**31 - 1), st.sampled_from([-1, 0, 1279, 1280])
)

event = st.one_of(
    st.tuples(
        st.sampled_from(["finger-down", "finger-up", "finger-move"]),
        st.integers(0, 3),
        fraction,
        fraction,
    ),
    st.tuples(
        st.sampled_from(["mouse-down", "mouse-up", "mouse-move"]),
        st.integers(1, 5),
        pixel,
        st.one_of(st.integers(0, 800), pixel),
        st.booleans(),  # a mouse event SDL synthesised from a touch
    ),
    st.tuples(st.just("key"), st.integers(0, 0x4000011A)),
    st.tuples(st.just("quit")),
    # time passes: an animation ends, the computer answers, the idle countdown starts or ends
    st.tuples(st.just("wait"), st.sampled_from([0.0, 0.05, 0.5, 3.0, 100.0])),
)


def post(app, ahead: list[float], item: tuple) -> None:
    kind = item[0]
    if kind.startswith("finger"):
        et = {"finger-down": pygame.FINGERDOWN, "finger-up": pygame.FINGERUP}.get(
            kind, pygame.FINGERMOTION
        )
        finger(app, et, item[1], item[2], item[3])
        return
    if kind.startswith("mouse"):
        _, button, x, y, touch = item
        et = {"mouse-down": pygame.MOUSEBUTTONDOWN, "mouse-up": pygame.MOUSEBUTTONUP}.get(
            kind, pygame.MOUSEMOTION
        )
        extra = {"button": button} if et != pygame.MOUSEMOTION else {"buttons": (1, 0, 0)}
        extra["rel"] = (0, 0)
        pygame.event.post(pygame.event.Event(et, pos=(x, y), touch=touch, **extra))
    elif kind == "key":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=item[1], mod=0, unicode=""))
    elif kind == "quit":
        pygame.event.post(pygame.event.Event(pygame.QUIT))
    else:
        ahead[0] += item[1]
    app.step()


def way_home(app, ahead: list[float]) -> bool:
    """Home by touch alone: the answer to "Still playing?", the PIN pad's Cancel, the leave
    question's Leave, then the first of Home, Back or Close; on Attract, anywhere."""
    ahead[0] += FINGER_STALE_SECONDS + 0.5  # a finger lost on the way is forgotten by now
    for n in range(12):
        pump(app, 0.02)
        if app.scene.name == "home" and app.pin_pad is None and app.countdown_since is None:
            return True
        w, h = app.canvas.get_size()
        target = (w // 2, h // 2)
        if app.countdown_since is None and app.scene.name != "attract":
            holders = [app.pin_pad, getattr(app.scene, "leaving", None), app.scene]
            buttons = [b for h in holders if h is not None for b in getattr(h, "buttons", [])]
            named = {b.name: b for b in buttons}
            for name in ("pin-cancel", "leave-go", "home", "back", "close"):
                if name in named:
                    target = named[name].rect.center
                    break
        tap(app, target, 1000 + n)
    return False


@pytest.mark.parametrize("size", [(1, 1), (2, 3), (8, 8), (10, 800), (320, 200)])
def test_a_tiny_window_draws_every_frame_and_keeps_a_way_home(app_factory, size, caplog):
    app = app_factory(size=size, game="latrunculi-petteia", stand_in=True)
    ahead = with_clock(app)
    with caplog.at_level(logging.ERROR):
        pump(app, 0.1)
        for where in ("rules:latrunculi-dux", "admin", "learn:epaminondas", "game:epaminondas"):
            enter(app, where)
            app.draw()
        assert way_home(app, ahead)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.fixture(scope="module")
def kiosk():
    app = make_app(stand_in=True)
    app.windowed = False  # the kiosk: a window-close event or Escape must not stop it
    yield app
    app.close()


def test_fuzz_touch_every_scene_keeps_a_way_home(kiosk, caplog):
    app = kiosk
    ahead = with_clock(app)

    @fuzz_settings(examples=40)
    @given(where=st.sampled_from(SCENES), events=st.lists(event, max_size=40))
    def search(where: str, events: list[tuple]) -> None:
        tried("touch")
        caplog.clear()
        app.settings = Settings(sound=False)
        app.lang = "en"
        app.pin_pad = None
        app.countdown_since = None
        app.forget_input()
        app.running = True
        enter(app, where)
        pump(app, 0.01)
        for item in events:
            post(app, ahead, item)
            if not app.running:  # the curator's Exit on the admin panel: a way out, not a fault
                assert app.scene.name == "admin"
                app.running = True
        failures = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert not failures, failures[0].getMessage()
        assert way_home(app, ahead), f"no way home from {app.scene.name}"

    with caplog.at_level(logging.ERROR):
        run(search)


@pytest.mark.parametrize("size", [(1, 1), (10, 800), (1080, 1920)])
def test_fuzz_touch_at_odd_window_sizes(size, caplog):
    app = make_app(size=size, stand_in=True)
    app.windowed = False
    ahead = with_clock(app)

    @fuzz_settings(examples=8)
    @given(where=st.sampled_from(SCENES), events=st.lists(event, max_size=25))
    def search(where: str, events: list[tuple]) -> None:
        tried("touch")
        caplog.clear()
        app.settings = Settings(sound=False)
        app.pin_pad = None
        app.countdown_since = None
        app.forget_input()
        app.running = True
        enter(app, where)
        for item in events:
            post(app, ahead, item)
            app.running = True
        failures = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert not failures, failures[0].getMessage()
        assert way_home(app, ahead), f"no way home from {app.scene.name} at {size}"

    try:
        with caplog.at_level(logging.ERROR):
            run(search)
    finally:
        app.close()
