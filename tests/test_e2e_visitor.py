"""End to end under a real X server: a first-time visitor's path, with a real pointer (xdotool).

Attract (EN) -> Home -> Epaminondas -> Set-up (two players on this screen, so that every move is the
visitor's own and the path is the same at every run) -> a phalanx of three marches up the a-file,
takes two pieces and crosses -> the threat is marked on the board before it decides (a ring in the
warning colour round the piece across, seen in a screenshot of the X screen) -> Black does not
answer it -> the end screen.  The program writes its saved game (``LUDIQUE_STATE_FILE``) and the
name of each screen (``.scene`` beside it); where to touch is asked of the program's own layout,
built at the same window size in this process.  Skipped where xvfb-run, xdotool or ImageMagick's
``import`` is missing, unless LUDIQUE_REQUIRE_XVFB=1.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from xvfb import Pointer, layout_app, run_driver, start_program, stop

ROOT = Path(__file__).resolve().parent.parent
WINDOW = (1280, 800)
# White's march and Black's quiet answers (rules.md §2: a line of three takes a line of two)
MOVES = [
    "a1-a3",  # the pair a1-a2 two squares up: a3, a4
    "n11-n10",
    "b1-a2",  # a third piece behind it: a2, a3, a4
    "n10-n9",
    "a2-a5",  # three squares: a5, a6, a7
    "n9-n8",
    "a5-a8",  # a8, a9, a10
    "n8-n7",
    "a8-a9",  # the head takes a11 and a12 (two, against three)
    "n7-n6",
    "a9-a10",  # a12 is reached: White has a piece on Black's home row
]
LAST_BLACK = "n6-n5"  # Black does not answer the threat: White wins when his turn starts
TOOLS = ("xvfb-run", "xdotool", "import")


@pytest.mark.xvfb
def test_a_first_time_visitor_meets_a_threat_and_the_end(tmp_path):
    state_file = tmp_path / "state.txt"
    done = run_driver(__file__, state_file, TOOLS, timeout=240)
    report = done.stdout + done.stderr
    assert done.returncode == 0, report
    assert "threat ringed" in done.stdout, report
    record = state_file.read_text().splitlines()
    assert record[-len(MOVES) - 1 :] == [*MOVES, LAST_BLACK], report
    assert state_file.with_suffix(".txt.scene").read_text() == "end", report


# --- the driver, run inside the X server -----------------------------------------------------


def _wait(predicate, what: str, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.05)
    raise SystemExit(f"timed out waiting for {what}")


def _read(path: Path) -> str:
    try:
        return path.read_text()
    except OSError:
        return ""


def drive(state_file: Path) -> int:
    # the same screens at the same size, here: where each button and square is
    layout = layout_app(WINDOW)
    import pygame

    scene_file = Path(str(state_file) + ".scene")
    program = start_program(state_file, WINDOW)
    try:
        pointer = Pointer(program)
        window = pointer.window
        tap, drag = pointer.tap, pointer.drag

        def on(name: str) -> None:
            _wait(lambda: _read(scene_file) == name, f"the {name} screen")

        def shot() -> pygame.Surface:
            path = state_file.with_suffix(f".{time.monotonic_ns()}.png")
            subprocess.run(["import", "-window", window, str(path)], check=True, timeout=30)
            return pygame.image.load(str(path))

        on("attract")
        # English, as the layout here: any other touch opens Home in whichever language the
        # screen speaks at that moment (each in turn)
        tap(layout.language_switch.rects["en"].center)
        on("home")
        layout.go("home")
        tap(layout.scene.button("epaminondas").rect.center)
        on("setup")
        layout.go("setup", family="epaminondas")
        tap(layout.scene.button("opponent-two").rect.center)
        layout.scene.button("opponent-two").action()  # the same choice in the layout here
        tap(layout.scene.button("play").rect.center)
        on("game")
        layout.scene.play()  # the same game, here: where its board stands
        view = layout.scene.view
        for n, move in enumerate([*MOVES, LAST_BLACK], start=1):
            tail, to = move.split("-")
            if n == len(MOVES) + 1:
                # Black is to move, White has a piece across: the threat is ringed now
                time.sleep(0.5)
                picture = shot()
                ring = view.centre("a12")
                box = pygame.Rect(0, 0, view.radius * 3, view.radius * 3)
                box.center = ring
                reds = sum(
                    1
                    for x in range(max(0, box.left), min(picture.get_width(), box.right))
                    for y in range(max(0, box.top), min(picture.get_height(), box.bottom))
                    if _warning(picture.get_at((x, y)))
                )
                if reds < 20:
                    raise SystemExit(f"no warning ring round a12 ({reds} pixels)")
                print("threat ringed:", reds, "pixels round a12")
            drag(view.centre(tail), view.centre(to))
            _wait(
                lambda n=n: _moves_saved(state_file) >= n,
                f"move {n} ({move}) in the saved game",
            )
        on("end")
        print("end screen reached after", len(MOVES) + 1, "moves")
        return 0
    finally:
        stop(program)
        layout.close()
        pygame.quit()


def _moves_saved(path: Path) -> int:
    """The moves in the saved game, read as the program reads it back (its header lines, the
    game's id and its visit rule, are no moves)."""
    from ludique.games import IllegalMove, load_game

    text = _read(path)
    try:
        return len(load_game(text).actions()) if text else 0
    except IllegalMove:
        return 0


def _warning(colour) -> bool:
    """The bright band of a warning ring (``MARK_DANGER``, 255/96/70), not the wood's reds."""
    r, g, b = colour[:3]
    return r > 220 and 60 < g < 140 and 40 < b < 110


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--drive":
        raise SystemExit(drive(Path(sys.argv[2])))
    print("usage: test_e2e_visitor.py --drive STATE_FILE", file=sys.stderr)
    raise SystemExit(2)
