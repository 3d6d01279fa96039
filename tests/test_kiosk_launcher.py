"""deploy/ludique-kiosk, the launcher cage runs: a stop by the system is told apart from the
curator's Exit and from a crash.  Real shells and signals; a small script stands in for Ludique
(the launcher's restart after errors and its 64 after the curator's Exit: test_build_spec.py)."""

from __future__ import annotations

import configparser
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

LAUNCHER = Path(__file__).resolve().parent.parent / "deploy" / "ludique-kiosk"

pytestmark = pytest.mark.skipif(not Path("/bin/sh").exists(), reason="needs a POSIX shell")


def _fake_ludique(tmp_path: Path, body: str) -> Path:
    """A stand-in that notes each start in ``runs`` and then runs ``body`` (sh)."""
    fake = tmp_path / "ludique"
    fake.write_text(f"#!/bin/sh\necho \"run $NOTIFY_SOCKET\" >> '{tmp_path / 'runs'}'\n{body}\n")
    fake.chmod(0o755)
    return fake


def _env(tmp_path: Path, fake: Path, **extra: str) -> dict[str, str]:
    env = dict(os.environ, LUDIQUE=str(fake), LUDIQUE_RESTART_DELAY="0", **extra)
    for key in ("WAYLAND_DISPLAY", "LUDIQUE_WATCHDOG_RELAY", "NOTIFY_SOCKET"):
        if key not in extra:
            env.pop(key, None)
    return env


def _runs(tmp_path: Path) -> list[str]:
    path = tmp_path / "runs"
    return path.read_text().splitlines() if path.exists() else []


def _wait_for_runs(tmp_path: Path, count: int, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while len(_runs(tmp_path)) < count:
        assert time.monotonic() < end, _runs(tmp_path)
        time.sleep(0.05)


def _wait_for_trap(tmp_path: Path, timeout: float = 30.0) -> None:
    """The stand-in has set its TERM trap (``_set_trap_line`` touches ``trapped``): a signal sent
    sooner would end it before it could say so, and no pause is long enough on a busy machine."""
    end = time.monotonic() + timeout
    while not (tmp_path / "trapped").exists():
        assert time.monotonic() < end, "the stand-in never set its trap"
        time.sleep(0.05)


def _set_trap_line(tmp_path: Path) -> str:
    return f"touch '{tmp_path / 'trapped'}'\n"


def test_a_stop_by_the_system_is_not_the_curators_exit(tmp_path: Path) -> None:
    # Ludique as it now behaves: SIGTERM ends it with 143 (tests/test_signals.py)
    fake = _fake_ludique(
        tmp_path,
        f"trap 'echo term >> {tmp_path / 'runs'}; exit 143' TERM\n"
        + _set_trap_line(tmp_path)
        + "while :; do sleep 0.05; done",
    )
    launcher = subprocess.Popen(
        ["sh", str(LAUNCHER)], env=_env(tmp_path, fake), stderr=subprocess.PIPE, text=True
    )
    _wait_for_runs(tmp_path, 1)
    _wait_for_trap(tmp_path)
    launcher.send_signal(signal.SIGTERM)  # systemd signals every process of the unit
    assert launcher.wait(timeout=10) == 0
    stderr = launcher.stderr.read()
    assert "stopped by the system" in stderr and "curator" not in stderr, stderr
    assert [line.split()[0] for line in _runs(tmp_path)] == ["run", "term"]  # not started again


def test_ludique_killed_alone_is_started_again(tmp_path: Path) -> None:
    # a stray `kill` of Ludique only (status 143), then a crash, then the curator's Exit
    fake = _fake_ludique(
        tmp_path,
        f"n=$(wc -l < '{tmp_path / 'runs'}')\n"
        '[ "$n" -eq 1 ] && kill -TERM $$\n'
        '[ "$n" -eq 2 ] && exit 1\n'
        "exit 0",
    )
    done = subprocess.run(
        ["sh", str(LAUNCHER)], env=_env(tmp_path, fake), capture_output=True, text=True, timeout=20
    )
    assert done.returncode == 64, done.stderr
    assert len(_runs(tmp_path)) == 3
    assert "status 143" in done.stderr and "status 1;" in done.stderr


def test_the_compositor_gone_ends_the_launcher(tmp_path: Path) -> None:
    """cage has quit (its Wayland socket is gone): nothing to start Ludique on any more."""
    fake = _fake_ludique(tmp_path, "exit 1")
    env = _env(tmp_path, fake, WAYLAND_DISPLAY="wayland-test", XDG_RUNTIME_DIR=str(tmp_path))
    done = subprocess.run(
        ["sh", str(LAUNCHER)], env=env, capture_output=True, text=True, timeout=20
    )
    assert done.returncode == 0
    assert len(_runs(tmp_path)) == 1
    assert "stopped by the system" in done.stderr


def test_ludique_gets_the_watchdog_relay_as_its_notify_socket(tmp_path: Path) -> None:
    fake = _fake_ludique(tmp_path, "exit 0")
    env = _env(
        tmp_path,
        fake,
        NOTIFY_SOCKET="/run/systemd/notify",
        LUDIQUE_WATCHDOG_RELAY=str(tmp_path / "relay"),
    )
    done = subprocess.run(
        ["sh", str(LAUNCHER)], env=env, capture_output=True, text=True, timeout=20
    )
    assert done.returncode == 64
    assert _runs(tmp_path) == [f"run {tmp_path / 'relay'}"]


def test_stop_ends_the_launcher_before_the_compositor_is_signalled(tmp_path: Path) -> None:
    """``ludique-kiosk --stop`` (the unit's ExecStop=) with $MAINPID the compositor: it ends the
    launcher, and returns once the compositor has quit by itself."""
    fake = _fake_ludique(
        tmp_path,
        "trap 'exit 143' TERM\n" + _set_trap_line(tmp_path) + "while :; do sleep 0.05; done",
    )
    # a stand-in for cage: runs the launcher and quits when it ends, as cage 0.1.4 does
    compositor = subprocess.Popen(
        ["sh", "-c", f"sh '{LAUNCHER}'; echo launcher-ended-$? > '{tmp_path / 'cage'}'"],
        env=_env(tmp_path, fake),
    )
    _wait_for_runs(tmp_path, 1)
    _wait_for_trap(tmp_path)
    stop = subprocess.run(
        ["sh", str(LAUNCHER), "--stop"],
        env=dict(os.environ, MAINPID=str(compositor.pid)),
        capture_output=True,
        text=True,
        timeout=20,
    )
    assert stop.returncode == 0, stop.stderr
    assert compositor.wait(timeout=5) == 0
    assert (tmp_path / "cage").read_text().strip() == "launcher-ended-0"
    assert len(_runs(tmp_path)) == 1


def test_the_unit_restarts_on_failure_and_watches_for_a_hang() -> None:
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.optionxform = str  # systemd keys are case-sensitive
    unit.read(LAUNCHER.parent / "ludique.service")
    service = unit["Service"]
    assert service["Restart"] == "on-failure"
    assert set(service["RestartForceExitStatus"].split()) >= {"SIGHUP", "SIGTERM"}
    assert service["RestartPreventExitStatus"] == "64"
    assert int(service["WatchdogSec"]) > 0 and service["NotifyAccess"] == "all"
    relay = service["ExecStartPre"]
    # the relay runs outside the PAM session ("+"), in the unit's own control group
    assert relay.startswith("-+/opt/ludique/ludique watchdog-relay /run/")
    assert service["ExecStop"] == "/opt/ludique/ludique-kiosk --stop"
    text = (LAUNCHER.parent / "ludique.service").read_text()
    socket_path = relay.split()[-1]
    assert f"Environment=LUDIQUE_WATCHDOG_RELAY={socket_path}" in text
    assert "Environment=WLR_RENDERER=pixman" in text
