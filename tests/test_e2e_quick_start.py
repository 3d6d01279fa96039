"""End to end under a real X server: a Seneca game begun through the placement shortcut.

A real pointer (xdotool) touches "Place my men for me" once in the real program (``python -m
ludique --windowed --game latrunculi-seneca``); the program places the visitor's sixteen men and
the computer its own; then the pointer drags one of the visitor's men for the first move of the
battle.  The program writes its saved game after every action (``LUDIQUE_STATE_FILE``), which the
test reads.  Skipped where xvfb-run or xdotool is missing, unless LUDIQUE_REQUIRE_XVFB=1.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from xvfb import run_driver, stop

WINDOW = (1280, 800)
PLACEMENTS = 32  # sixteen men a side


@pytest.mark.xvfb
def test_the_placement_shortcut_leads_a_real_pointer_into_the_battle(tmp_path):
    state_file = tmp_path / "state.txt"
    done = run_driver(__file__, state_file, ("xvfb-run", "xdotool"), timeout=150)
    report = done.stdout + done.stderr
    assert done.returncode == 0, report
    from ludique.games import load_game

    record = state_file.read_text()
    state = load_game(record)
    actions = state.actions()
    placed = [a for a in actions if a.startswith("@")]
    assert len(placed) == PLACEMENTS, report
    # one touch placed all of the visitor's men; the first move of the battle is the drag
    first = next(a for a in actions if not a.startswith("@"))
    assert "moved " + first in report, report
    seconds = next(line for line in report.splitlines() if line.startswith("battle after"))
    print(seconds)


# --- the driver, run inside the X server -----------------------------------------------------


def _xdotool(*args: str) -> str:
    return subprocess.run(
        ["xdotool", *args], capture_output=True, text=True, check=True, timeout=30
    ).stdout


def _state(path: Path):
    from ludique.games import load_game

    try:
        return load_game(path.read_text())
    except Exception:  # noqa: BLE001 - not written yet, or caught half-way through a write
        return None


def _wait_for(path: Path, predicate, timeout: float):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        state = _state(path)
        if state is not None and predicate(state):
            return state
        time.sleep(0.1)
    raise SystemExit(f"timed out waiting for {path}: {path.read_text() if path.exists() else ''}")


def drive(state_file: Path) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # geometry only, in this process
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from ludique.settings import Settings
    from ludique.ui.app import App
    from ludique.ui.opponent import Opponent
    from ludique.ui.scenes.game import GameConfig

    # where the program places the shortcut and the squares in a window of this size: the same
    # scene laid out here, in this process, on SDL's dummy driver
    probe = App(
        Settings(sound=False),
        windowed=True,
        size=WINDOW,
        lang="en",
        opponent=Opponent(force_stand_in=True),
        demo=False,
    )
    probe.go("game", config=GameConfig("latrunculi-seneca"))
    shortcut = probe.scene.button("place-for-me").rect.center
    view = probe.scene.view

    env = dict(os.environ)
    env.pop("SDL_VIDEODRIVER", None)
    env["LUDIQUE_STATE_FILE"] = str(state_file)
    program = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "ludique",
            "--windowed",
            "--lang",
            "en",
            "--game",
            "latrunculi-seneca",
            "--size",
            f"{WINDOW[0]}x{WINDOW[1]}",
            "--think",
            "0.3",
        ],
        env=env,
    )
    try:
        window = _xdotool("search", "--sync", "--pid", str(program.pid)).split()[0]

        def at(xy) -> list[str]:
            return ["mousemove", "--window", window, str(int(xy[0])), str(int(xy[1]))]

        time.sleep(1.5)  # the first frames
        touched = time.monotonic()
        _xdotool(*at(shortcut))
        _xdotool("click", "1")
        state = _wait_for(
            state_file,
            lambda s: sum(a.startswith("@") for a in s.actions()) == PLACEMENTS,
            timeout=90,
        )
        print(f"battle after {time.monotonic() - touched:.1f} s")
        time.sleep(1.0)  # the last placement shown
        steps = [m for m in state.legal_moves() if m.kind == "step"]
        move = steps[0] if steps else state.legal_moves()[0]
        frm, to = move.text.split("-")[0], move.text.split("-")[-1]
        a, b = view.centre(frm, state), view.centre(to, state)
        _xdotool(*at(a))
        _xdotool("mousedown", "1")
        for i in range(1, 13):
            _xdotool(*at((a[0] + (b[0] - a[0]) * i / 12, a[1] + (b[1] - a[1]) * i / 12)))
            time.sleep(0.02)
        _xdotool("mouseup", "1")
        _wait_for(state_file, lambda s: move.text in s.actions(), timeout=20)
        print("moved", move.text)
        return 0
    finally:
        stop(program)
        probe.close()
        pygame.quit()


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--drive":
        raise SystemExit(drive(Path(sys.argv[2])))
    print("usage: test_e2e_quick_start.py --drive STATE_FILE", file=sys.stderr)
    raise SystemExit(2)
