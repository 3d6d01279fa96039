"""Test-wide set-up: SDL's dummy drivers before anything imports pygame."""

import itertools
import os
import time

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


# A look at the clock counts as this much work.  A decision test on the wall clock flaked: on a
# busy machine one search of a 0.2 s budget did not finish its first ply in time, and the
# computer played the Champion's move ("late") where the test wanted the yield.  On this clock a
# search reaches the same depth however busy the machine.  (The search looks every four nodes.
# The tests that use it pass with 10 to 100 µs a look; at 250 µs a search is too shallow to
# see a race to the home row.)
WORK_PER_LOOK = 50e-6


@pytest.fixture
def work_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """``time.perf_counter``, for the search and the test alike, as a count of the looks at it."""
    looks = itertools.count(1)
    monkeypatch.setattr(time, "perf_counter", lambda: next(looks) * WORK_PER_LOOK)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--fuzz-long",
        type=float,
        default=0.0,
        metavar="MINUTES",
        help="run each fuzz test (tests/test_fuzz_*.py) for this many minutes, not CI's "
        "bounded number of examples",
    )


def pytest_configure(config: pytest.Config) -> None:
    from fuzzing import LONG_MINUTES

    LONG_MINUTES[0] = config.getoption("--fuzz-long")


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    from fuzzing import TRIED

    if TRIED:
        terminalreporter.section("fuzz examples tried")
        for surface, count in sorted(TRIED.items()):
            terminalreporter.write_line(f"{surface}: {count}")
