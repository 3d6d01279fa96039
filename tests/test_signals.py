"""SIGTERM (systemd), SIGINT (Ctrl+C in a terminal) and SIGHUP end the fullscreen kiosk cleanly,
while a visitor's quit keys and window-close events still do nothing.

Real subprocesses under SDL's dummy driver: the kiosk wired as the ``ludique`` command wires it
(tests/signal_child.py, which plays one real move first), and the ``ludique`` command itself.
"""

from __future__ import annotations

import csv
import io
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from ludique.kiosk.settings import Settings
from ludique.kiosk.stats import Stats
from ludique.ui.app import App
from ludique.ui.opponent import Opponent

ROOT = Path(__file__).resolve().parent.parent


def _env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    for key in ("NOTIFY_SOCKET", "WATCHDOG_USEC", "LUDIQUE_DEBUG_FREEZE", "LUDIQUE_STATE_FILE"):
        env.pop(key, None)
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        XDG_STATE_HOME=str(tmp_path / "state"),
        XDG_DATA_HOME=str(tmp_path / "data"),
        PYTHONPATH=str(ROOT) + os.pathsep + env.get("PYTHONPATH", ""),
    )
    return env


def _read_line(process: subprocess.Popen, prefix: str, timeout: float) -> str:
    end = time.monotonic() + timeout
    seen = []
    while time.monotonic() < end:
        ready, _, _ = select.select([process.stdout], [], [], 0.2)
        if ready:
            line = process.stdout.readline()
            if not line:
                break
            seen.append(line)
            if line.startswith(prefix):
                return line
    process.kill()
    pytest.fail(f"no {prefix!r} line within {timeout} s: {''.join(seen)}")


def _alive(pid: int) -> bool:
    """Running (a zombie, already ended but not yet collected, counts as gone)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, IndexError):
        return False
    return state != "Z"


def _children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (FileNotFoundError, ProcessLookupError, IndexError):
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _gone(pids: list[int], timeout: float = 10.0) -> list[int]:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        left = [p for p in pids if _alive(p)]
        if not left:
            return []
        time.sleep(0.1)
    return left


@pytest.mark.parametrize(
    ("signum", "whole_group"),
    [(signal.SIGTERM, False), (signal.SIGINT, True), (signal.SIGHUP, False)],
    ids=["SIGTERM", "SIGINT-to-the-terminal's-group", "SIGHUP"],
)
def test_a_signal_ends_the_kiosk_records_the_game_and_stops_the_worker(
    tmp_path: Path, signum: signal.Signals, whole_group: bool
) -> None:
    db = tmp_path / "stats.sqlite3"
    child = subprocess.Popen(
        [sys.executable, str(ROOT / "tests" / "signal_child.py"), str(db)],
        env=_env(tmp_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a program started in a terminal
    )
    try:
        worker = int(_read_line(child, "READY", 90).split()[1])
        assert _alive(worker)
        time.sleep(0.3)  # well inside the event loop
        if whole_group:
            os.killpg(child.pid, signum)  # Ctrl+C: the terminal signals the whole group
        else:
            child.send_signal(signum)
        code = child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    stderr = child.stderr.read()
    assert code == 128 + signum, stderr
    assert "Traceback" not in stderr, stderr
    assert _gone([worker]) == [], "the computer player's process outlived the kiosk"
    buffer = io.StringIO()
    stats = Stats(db)
    stats.export_csv(buffer)
    stats.close()
    rows = list(csv.DictReader(io.StringIO(buffer.getvalue())))
    assert [(r["game"], r["result"], r["moves"]) for r in rows] == [
        ("latrunculi", "abandoned", "2")
    ]


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_the_ludique_command_in_fullscreen_ends_on_a_signal(
    tmp_path: Path, signum: signal.Signals
) -> None:
    """Before, SDL turned SIGINT into a window-close event, which the kiosk ignores: Ctrl+C in
    the terminal did nothing."""
    log = tmp_path / "state" / "ludique" / "log" / "ludique.log"
    program = subprocess.Popen(
        [sys.executable, "-m", "ludique"],
        env=_env(tmp_path),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
    )
    try:
        end = time.monotonic() + 60
        while time.monotonic() < end and not (
            log.exists() and "first frame" in log.read_text() and _children(program.pid)
        ):
            assert program.poll() is None, program.stderr.read()
            time.sleep(0.1)
        children = _children(program.pid)
        assert children, "the computer player's process never started"
        program.send_signal(signum)
        code = program.wait(timeout=30)
    finally:
        if program.poll() is None:
            program.kill()
            program.wait()
    assert code == 128 + signum, program.stderr.read()
    assert f"stopped by {signum.name}" in log.read_text()
    assert _gone(children) == []


def test_the_visitors_quit_keys_and_window_close_do_nothing_in_the_kiosk() -> None:
    app = App(
        Settings(sound=False),
        windowed=False,
        size=(1280, 800),
        lang="en",
        opponent=Opponent(force_stand_in=True),
        demo=False,
    )
    try:
        for event in (
            pygame.event.Event(pygame.QUIT),
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0),
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F4, mod=pygame.KMOD_LALT),
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_LCTRL),
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=pygame.KMOD_LCTRL),
        ):
            pygame.event.post(event)
            assert app.step() is True
            assert app.running
    finally:
        app.close()
