"""Test-wide set-up: SDL's dummy drivers before anything imports pygame."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


import pytest  # noqa: E402 - after the drivers are chosen


@pytest.fixture
def app_factory():
    """Make kiosks (``kiosk_driver.make_app``) that are closed after the test."""
    from kiosk_driver import make_app

    apps = []

    def make(**kw):
        app = make_app(**kw)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.close()
