"""End to end under a real X server: a real pointer (xdotool) throws the die and drags a counter.

The test starts ``xvfb-run`` around this same file run as a script; inside the X server the
script starts the real program (``python -m ludique --windowed --game pente-grammai``) with
``LUDIQUE_STATE_FILE`` set, so the program writes its saved game after every action, and drives
it with xdotool.  Skipped where xvfb-run or xdotool is missing, unless LUDIQUE_REQUIRE_XVFB=1.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from xvfb import Pointer, layout_app, run_driver, start_program, stop

ROOT = Path(__file__).resolve().parent.parent
WINDOW = (1280, 720)


@pytest.mark.xvfb
def test_a_real_pointer_throws_the_die_and_drags_a_counter(tmp_path):
    state_file = tmp_path / "state.txt"
    done = run_driver(__file__, state_file, ("xvfb-run", "xdotool"), timeout=120)
    report = done.stdout + done.stderr
    assert done.returncode == 0, report
    record = state_file.read_text().splitlines()
    rolls = [line for line in record if line.startswith("roll ")]
    assert rolls, report
    value = int(rolls[0].split()[1])
    entry = f"{value}A" if value <= 5 else "1B"
    assert record[record.index(rolls[0]) + 1] == f"off-{entry}", report


# --- the driver, run inside the X server -----------------------------------------------------


def _wait_for(path: Path, predicate, timeout: float = 20.0) -> list[str]:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if path.exists():
            lines = path.read_text().splitlines()
            if predicate(lines):
                return lines
        time.sleep(0.05)
    raise SystemExit(f"timed out waiting for {path}: {path.read_text() if path.exists() else ''}")


def drive(state_file: Path) -> int:
    # where the program places its board in a window of this size (in the band a seated visitor
    # reaches): the same game screen with the same settings, laid out here
    probe = layout_app(WINDOW, game="pente-grammai")
    import pygame

    from ludique.games import new_game

    view = probe.scene.view
    start = new_game("pente-grammai")
    program = start_program(state_file, WINDOW, "--game", "pente-grammai", "--think", "0.3")
    try:
        pointer = Pointer(program)

        time.sleep(1.0)  # the first frames
        pointer.tap(view.die_rect.center)
        lines = _wait_for(state_file, lambda ls: any(x.startswith("roll ") for x in ls))
        value = int(next(x for x in lines if x.startswith("roll ")).split()[1])
        entry = f"{value}A" if value <= 5 else "1B"
        time.sleep(0.3)
        a = view.centre("off", start, "blue")
        b = view.target_centre(entry, start)
        pointer.drag(a, b)
        _wait_for(state_file, lambda ls: f"off-{entry}" in ls)
        print("moved", f"off-{entry}")
        if shutil.which("import"):  # ImageMagick, when present: a picture for a human to check
            shot = state_file.with_suffix(".png")
            subprocess.run(["import", "-window", "root", str(shot)], check=False, timeout=30)
            print("screenshot", shot)
        return 0
    finally:
        stop(program)
        probe.close()
        pygame.quit()


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--drive":
        raise SystemExit(drive(Path(sys.argv[2])))
    print("usage: test_e2e_xvfb.py --drive STATE_FILE", file=sys.stderr)
    raise SystemExit(2)
