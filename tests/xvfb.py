"""Run a test's own driver inside a real X server (no tests here): ``xvfb-run`` around the test
file run as a script with ``--drive STATE_FILE``.  Skipped where a tool is missing, unless
LUDIQUE_REQUIRE_XVFB=1 (CI), where it fails."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_driver(
    script: str, state_file: Path, tools: tuple[str, ...], timeout: float
) -> subprocess.CompletedProcess:
    missing = [tool for tool in tools if shutil.which(tool) is None]
    if missing:
        if os.environ.get("LUDIQUE_REQUIRE_XVFB") == "1":
            pytest.fail(f"LUDIQUE_REQUIRE_XVFB=1 but {', '.join(missing)} is not installed")
        pytest.skip(f"{', '.join(missing)} not installed")
    env = dict(os.environ)
    for key in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        env.pop(key, None)
    env["SDL_AUDIODRIVER"] = "dummy"
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    cmd = ["xvfb-run", "-a", "-s", "-screen 0 1920x1080x24", sys.executable, script]
    return subprocess.run(
        [*cmd, "--drive", str(state_file)],
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
    )


def stop(program: subprocess.Popen) -> None:
    """End the program a driver started (killed if it does not stop within 10 s)."""
    program.terminate()
    try:
        program.wait(timeout=10)
    except subprocess.TimeoutExpired:
        program.kill()


# --- what the drivers share, inside the X server ---------------------------------------------


def xdotool(*args: str) -> str:
    return subprocess.run(
        ["xdotool", *args], capture_output=True, text=True, check=True, timeout=30
    ).stdout


def start_program(state_file: Path, size: tuple[int, int], *args: str) -> subprocess.Popen:
    """The real program in a window of ``size`` in the X server, in English, writing its saved
    game to ``state_file`` after every action (``LUDIQUE_STATE_FILE``).  Its configuration,
    state and data folders are new ones beside ``state_file``: no settings file, so it runs on
    the default settings :func:`layout_app` lays out with (a settings file of this machine's,
    with another mounting, would move every control away from where the driver touches)."""
    env = dict(os.environ)
    env.pop("SDL_VIDEODRIVER", None)  # the driver's own process lays out on the dummy driver
    env["LUDIQUE_STATE_FILE"] = str(state_file)
    for variable, folder in (
        ("XDG_CONFIG_HOME", "config"),
        ("XDG_STATE_HOME", "state"),
        ("XDG_DATA_HOME", "data"),
    ):
        env[variable] = str(state_file.parent / folder)
    command = [sys.executable, "-m", "ludique", "--windowed", "--lang", "en"]
    return subprocess.Popen([*command, "--size", f"{size[0]}x{size[1]}", *args], env=env)


def layout_app(size: tuple[int, int], game: str | None = None):
    """The program's own screens at ``size``, in this process on SDL's dummy driver: where each
    button and square stands in the real window.  The default settings, as the program that
    :func:`start_program` starts has them (its mounting gives the band every control stands in);
    ``game``: opened on that game's screen, as ``--game`` opens the program."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from ludique.kiosk.settings import Settings
    from ludique.ui.app import App
    from ludique.ui.opponent import Opponent

    return App(
        Settings(sound=False),
        windowed=True,
        size=size,
        lang="en",
        game=game,
        opponent=Opponent(force_stand_in=True),
        demo=False,
    )


class Pointer:
    """xdotool's pointer in the program's window (found by its process)."""

    def __init__(self, program: subprocess.Popen) -> None:
        self.window = xdotool("search", "--sync", "--pid", str(program.pid)).split()[0]

    def at(self, xy) -> list[str]:
        return ["mousemove", "--window", self.window, str(int(xy[0])), str(int(xy[1]))]

    def tap(self, xy) -> None:
        xdotool(*self.at(xy))
        xdotool("click", "1")

    def drag(self, a, b, steps: int = 12) -> None:
        xdotool(*self.at(a))
        xdotool("mousedown", "1")
        for i in range(1, steps + 1):
            xdotool(*self.at((a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps)))
            time.sleep(0.02)
        xdotool("mouseup", "1")
