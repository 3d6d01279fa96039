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
