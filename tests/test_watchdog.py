"""systemd's watchdog: WATCHDOG=1 over a real UNIX datagram socket, sent only while the event loop
turns.  The end-to-end test runs the kiosk in a subprocess under SDL's dummy driver (as
tests/signal_child.py wires it, like the ``ludique`` command), freezes its loop on purpose with
the test-only SIGUSR2 and checks that the pings stop while the process lives on."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ludique.kiosk.watchdog import Watchdog, notify

ROOT = Path(__file__).resolve().parent.parent


def _listener(path: Path) -> socket.socket:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    return sock


def _messages(sock: socket.socket, seconds: float) -> list[bytes]:
    """Every datagram received within ``seconds``."""
    got = []
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        sock.settimeout(left)
        try:
            got.append(sock.recv(4096))
        except TimeoutError:
            break
    return got


def test_notify_sends_one_datagram_and_never_raises(tmp_path: Path) -> None:
    path = tmp_path / "notify"
    with _listener(path) as sock:
        assert notify("WATCHDOG=1", str(path)) is True
        assert _messages(sock, 0.2) == [b"WATCHDOG=1"]
    assert notify("WATCHDOG=1", str(tmp_path / "nobody-listens")) is False
    assert notify("WATCHDOG=1", "") is False


def test_notify_reaches_an_abstract_socket() -> None:
    name = f"ludique-test-{os.getpid()}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind("\0" + name)
        assert notify("WATCHDOG=1", "@" + name) is True
        assert _messages(sock, 0.2) == [b"WATCHDOG=1"]


def test_turn_pings_at_most_once_per_interval(tmp_path: Path) -> None:
    path = tmp_path / "notify"
    now = [100.0]
    with _listener(path) as sock:
        dog = Watchdog(str(path), 2.0, clock=lambda: now[0])
        for _ in range(5):  # five turns in the same instant: one ping
            dog.turn()
        now[0] += 1.9
        dog.turn()
        now[0] += 0.2
        dog.turn()
        assert _messages(sock, 0.2) == [b"WATCHDOG=1", b"WATCHDOG=1"]
        assert dog.pings == 2


def test_from_environment_reads_systemds_variables(tmp_path: Path) -> None:
    dog = Watchdog.from_environment({"NOTIFY_SOCKET": "/run/x", "WATCHDOG_USEC": "30000000"})
    assert dog.enabled and dog.address == "/run/x" and dog.interval == pytest.approx(7.5)
    assert not Watchdog.from_environment({"NOTIFY_SOCKET": "/run/x"}).enabled
    assert not Watchdog.from_environment({"WATCHDOG_USEC": "30000000"}).enabled
    assert not Watchdog.from_environment({"NOTIFY_SOCKET": "/x", "WATCHDOG_USEC": "no"}).enabled


def test_a_loop_frozen_on_purpose_stops_the_pings(tmp_path: Path) -> None:
    path = tmp_path / "notify"
    env = dict(os.environ)
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        XDG_STATE_HOME=str(tmp_path / "state"),
        XDG_DATA_HOME=str(tmp_path / "data"),
        PYTHONPATH=str(ROOT) + os.pathsep + env.get("PYTHONPATH", ""),
        NOTIFY_SOCKET=str(path),
        WATCHDOG_USEC="400000",  # a ping every turn of the loop, at most every 0.1 s
        LUDIQUE_DEBUG_FREEZE="1",
    )
    with _listener(path) as sock:
        kiosk = subprocess.Popen(
            [sys.executable, str(ROOT / "tests" / "signal_child.py"), str(tmp_path / "s.db")],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            line = kiosk.stdout.readline()
            assert line.startswith("READY"), line + kiosk.stderr.read()
            # the loop at rest turns at least once a second
            running = _messages(sock, 3.0)
            assert running.count(b"WATCHDOG=1") >= 2, running
            kiosk.send_signal(signal.SIGUSR2)  # freeze the loop
            _messages(sock, 1.2)  # a ping already on its way may still arrive
            frozen = _messages(sock, 3.0)
            assert frozen == [], "pings went on while the loop stood still"
            assert kiosk.poll() is None, "the frozen kiosk must still be running"
            kiosk.send_signal(signal.SIGUSR2)  # let it go on
            thawed = _messages(sock, 3.0)
            assert thawed.count(b"WATCHDOG=1") >= 2, thawed
            kiosk.send_signal(signal.SIGTERM)
            assert kiosk.wait(timeout=30) == 128 + signal.SIGTERM
        finally:
            if kiosk.poll() is None:
                kiosk.kill()
                kiosk.wait()


def _pids_with(text: str) -> list[int]:
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            if text.encode() in cmdline.read_bytes():
                found.append(int(cmdline.parent.name))
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            continue
    return found


def test_the_relay_passes_on_only_the_pings(tmp_path: Path) -> None:
    """``ludique watchdog-relay`` as ludique.service starts it: it returns at once (systemd's
    ExecStartPost= waits for that) and a child passes WATCHDOG=1, and only that, upstream."""
    upstream = tmp_path / "systemd-notify"
    relay_path = tmp_path / "relay-notify"
    env = dict(os.environ, NOTIFY_SOCKET=str(upstream))
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    with _listener(upstream) as sock:
        try:
            started = subprocess.run(
                [sys.executable, "-m", "ludique", "watchdog-relay", str(relay_path)],
                env=env,
                capture_output=True,
                text=True,
                timeout=30,
            )
            assert started.returncode == 0, started.stderr
            assert relay_path.is_socket()
            for message in ("READY=1", "WATCHDOG=1", "STOPPING=1", "WATCHDOG=1"):
                assert notify(message, str(relay_path))
            assert _messages(sock, 1.0) == [b"WATCHDOG=1", b"WATCHDOG=1"]
        finally:
            for pid in _pids_with(str(relay_path)):
                os.kill(pid, signal.SIGTERM)
