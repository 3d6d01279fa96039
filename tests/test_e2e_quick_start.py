"""End to end under a real X server: a Seneca game begun through the placement shortcut.

A real pointer (xdotool) touches "Place my men for me" once in the real program (``python -m
ludique --windowed --game latrunculi-seneca``); the program places the visitor's sixteen men and
the computer its own; then the pointer drags one of the visitor's men for the first move of the
battle.  The program writes its saved game after every action (``LUDIQUE_STATE_FILE``), which the
test reads.  Skipped where xvfb-run or xdotool is missing, unless LUDIQUE_REQUIRE_XVFB=1.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from xvfb import Pointer, layout_app, run_driver, start_program, stop

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
    probe = layout_app(WINDOW)  # where the shortcut and the squares stand in the window
    import pygame

    from ludique.ui.scenes.game import GameConfig

    probe.go("game", config=GameConfig("latrunculi-seneca"))
    shortcut = probe.scene.button("place-for-me").rect.center
    view = probe.scene.view
    program = start_program(state_file, WINDOW, "--game", "latrunculi-seneca", "--think", "0.3")
    try:
        pointer = Pointer(program)
        time.sleep(1.5)  # the first frames
        touched = time.monotonic()
        pointer.tap(shortcut)
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
        pointer.drag(view.centre(frm, state), view.centre(to, state))
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
