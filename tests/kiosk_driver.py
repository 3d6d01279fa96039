"""A scripted visitor for the kiosk tests (no tests here): posts real pygame events to an App.

Posted events carry window coordinates, as real ones do (scenes are laid out in window pixels).
"""

from __future__ import annotations

import time

import pygame
from doubles import seneca_position  # noqa: F401 - the tests import it from here

from ludique.kiosk.settings import Settings
from ludique.kiosk.stats import StatsPort
from ludique.kiosk.worker import PATIENCE as ANSWER_PATIENCE
from ludique.kiosk.worker import START_PATIENCE
from ludique.ui.app import App
from ludique.ui.opponent import Opponent


def make_app(
    *,
    game: str | None = None,
    size: tuple[int, int] = (1280, 800),
    settings: Settings | None = None,
    timing_scale: float = 0.02,
    think: float = 0.2,
    stand_in: bool = False,
    lang: str | None = "en",
    stats: StatsPort | None = None,
) -> App:
    app = App(
        settings or Settings(sound=False),
        windowed=True,
        size=size,
        lang=lang,
        game=game,
        timing_scale=timing_scale,
        think_budget=think,
        opponent=Opponent(force_stand_in=stand_in),
        demo=False,
        stats=stats,
    )
    pygame.event.clear()
    return app


def pump(app: App, seconds: float = 0.05) -> None:
    end = time.monotonic() + seconds
    while True:
        app.step()
        if time.monotonic() >= end:
            break
        time.sleep(0.002)


# A test waits as long as the kiosk itself waits for its computer player before it takes it for
# hung (a new worker's start, then its answer): on a starved machine a fresh worker took over
# 30 s to start, and a test that gave up sooner failed where the kiosk would have played on.
# Waiting costs nothing when the predicate comes true early.
PATIENCE = START_PATIENCE + ANSWER_PATIENCE


def wait_for(app: App, predicate, timeout: float = PATIENCE) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        app.step()
        if predicate():
            return True
        time.sleep(0.003)
    return False


class HeldClock:
    """The kiosk's time held by the test: ``app.now()`` says ``t`` until the test moves it on.

    A hint due 0.16 s after a turn began (8 s at ``timing_scale=0.02``) is gone past before a
    busy machine runs the next line of a test; a held clock makes "not yet" and "now" exact.
    """

    def __init__(self, app: App, t: float) -> None:
        self.app, self.t = app, t
        app.now = lambda: self.t

    def advance(self, seconds: float, frame: float = 1 / 60) -> None:
        """Move the time on by ``seconds``, the kiosk stepping every ``frame`` of it."""
        end = self.t + seconds
        while self.t < end:
            self.t = min(end, self.t + frame)
            self.app.step()

    def release(self) -> None:
        del self.app.now


def window(app: App, pos) -> tuple[int, int]:
    """Scenes are laid out in window pixels: a point of a scene is a point of the window."""
    return (int(pos[0]), int(pos[1]))


def press(app: App, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=window(app, pos), button=1))
    app.step()


def release(app: App, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=window(app, pos), button=1))
    app.step()


def click(app: App, pos, settle: float = 0.02) -> None:
    press(app, pos)
    release(app, pos)
    pump(app, settle)


def drag(app: App, a, b, steps: int = 8, settle: float = 0.05) -> None:
    press(app, a)
    for i in range(1, steps + 1):
        x = a[0] + (b[0] - a[0]) * i / steps
        y = a[1] + (b[1] - a[1]) * i / steps
        pygame.event.post(
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=window(app, (x, y)), buttons=(1, 0, 0), rel=(0, 0)
            )
        )
        app.step()
    release(app, b)
    pump(app, settle)


def finger_tap(app: App, pos, also_mouse: bool = False) -> None:
    """A touch: FINGERDOWN/UP with window fractions; ``also_mouse`` adds the mouse events SDL
    synthesises from the same touch (marked ``touch=True``)."""
    wx, wy = window(app, pos)
    w, h = app.screen.get_size()
    fx, fy = wx / w, wy / h
    common = {
        "touch_id": 1,
        "finger_id": 7,
        "x": fx,
        "y": fy,
        "dx": 0.0,
        "dy": 0.0,
        "pressure": 1.0,
    }
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, **common))
    if also_mouse:
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(wx, wy), button=1, touch=True)
        )
    app.step()
    pygame.event.post(pygame.event.Event(pygame.FINGERUP, **common))
    if also_mouse:
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(wx, wy), button=1, touch=True)
        )
    app.step()
    pump(app, 0.02)


def centre(app: App, square: str, **kw) -> tuple[int, int]:
    scene = app.scene
    return scene.view.centre(square, scene.match.state, **kw)


def button_centre(app: App, name: str) -> tuple[int, int]:
    return app.scene.button(name).rect.center


def visitor_turn(app: App) -> bool:
    """The game screen waits for the visitor: nothing moving, no die rolling, no pass shown."""
    scene = app.scene
    if scene.name != "game":
        return False
    match = scene.match
    return (
        match.human_turn
        and not scene.board.busy()
        and match.pass_at is None
        and match.state.outcome is None
    )


def words(app: App, text) -> str | None:
    """A line the guidance gives (``ludique.play.guidance.Text``, or None) as the visitor reads
    it."""
    return None if text is None else text.render(app.t)
