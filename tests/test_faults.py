"""Faults a museum PC meets: each test starts the real program (``python -m ludique
--self-test``: a scripted visit with real pointer events under SDL's dummy driver) in the fault
and checks that it plays through and degrades quietly, or drives the running kiosk directly.
"""

from __future__ import annotations

import contextlib
import errno
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[1]
QUICK_GAMES = "latrunculi-dux"  # one game keeps each run to a few seconds


def run_kiosk(home: Path, *args: str, **env_extra: str) -> subprocess.CompletedProcess[str]:
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_STATE_HOME=str(home / "state"),
        XDG_DATA_HOME=str(home / "data"),
        LUDIQUE_SELF_TEST_GAMES=QUICK_GAMES,
    )
    env.update(env_extra)
    return subprocess.run(
        [sys.executable, "-m", "ludique", "--self-test", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )


def assert_passed(done: subprocess.CompletedProcess[str]) -> None:
    assert done.returncode == 0, f"stdout:\n{done.stdout}\nstderr:\n{done.stderr[-3000:]}"
    assert "self-test passed" in done.stdout
    assert "Traceback" not in done.stderr


def _mount_tmpfs(folder: Path, options: str) -> bool:
    if os.geteuid() != 0:
        return False
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)], capture_output=True
    )
    return done.returncode == 0


@contextlib.contextmanager
def read_only_home(tmp_path: Path) -> Iterator[Path]:
    """A home whose config, state and data folders exist but cannot be written.  chmod does not
    stop root, so as root a read-only tmpfs is mounted instead."""
    home = tmp_path / "ro"
    home.mkdir()
    for sub in ("config", "state", "data"):
        (home / sub / "ludique" / "log").mkdir(parents=True)
    if _mount_tmpfs(home, "ro,size=1m"):
        try:
            yield home
        finally:
            subprocess.run(["umount", str(home)], check=False)
        return
    if os.geteuid() == 0:
        pytest.skip("as root, a read-only folder needs a read-only mount, which is not allowed")
    for path in sorted(home.rglob("*"), reverse=True) + [home]:
        path.chmod(0o555)
    try:
        yield home
    finally:
        for path in [home, *home.rglob("*")]:
            path.chmod(0o755)


@contextlib.contextmanager
def full_home(tmp_path: Path) -> Iterator[Path]:
    """A home on a disk with no space left: a tiny tmpfs filled up, or else the log and the
    statistics files pointing at /dev/full (every write fails with ENOSPC)."""
    home = tmp_path / "full"
    home.mkdir()
    mounted = _mount_tmpfs(home, "size=256k")
    for sub in ("config", "state/ludique/log", "data/ludique"):
        (home / sub).mkdir(parents=True)
    if mounted:
        try:
            with open(home / "filler", "wb") as fh:
                while True:
                    fh.write(b"\0" * 4096)
                    fh.flush()
        except OSError as exc:
            assert exc.errno == errno.ENOSPC
        try:
            yield home
        finally:
            subprocess.run(["umount", str(home)], check=False)
        return
    if not Path("/dev/full").exists():
        pytest.skip("needs a tmpfs mount or /dev/full")
    (home / "state/ludique/log/ludique.log").symlink_to("/dev/full")
    (home / "data/ludique/selftest.sqlite3").symlink_to("/dev/full")
    yield home


def test_no_audio_device(tmp_path: Path) -> None:
    done = run_kiosk(tmp_path, SDL_AUDIODRIVER="no-such-audio-driver")
    assert_passed(done)
    assert "no audio device" in done.stderr or "silently" in done.stderr


def test_read_only_data_folder(tmp_path: Path) -> None:
    with read_only_home(tmp_path) as home:
        done = run_kiosk(home)
    assert_passed(done)
    assert "log: stderr only" in done.stdout
    assert "no log file" in done.stderr
    assert "statistics: memory only" in done.stdout


def test_full_data_folder(tmp_path: Path) -> None:
    with full_home(tmp_path) as home:
        done = run_kiosk(home)
        log_dir = home / "state/ludique/log"
        left = [p.name for p in log_dir.iterdir()] if log_dir.exists() else []
    assert_passed(done)
    # the log file either could not be opened or stopped writing, said once, quietly
    assert "no log file" in done.stderr or done.stderr.count("cannot write the log file") == 1
    assert "Logging error" not in done.stderr
    assert "statistics: memory only" in done.stdout or "statistics not written" in done.stderr
    assert all(not name.startswith("ludique.log.") for name in left)


def test_missing_settings_file_gives_defaults(tmp_path: Path) -> None:
    done = run_kiosk(tmp_path, "--settings", str(tmp_path / "absent.toml"))
    assert_passed(done)
    assert "settings problem" not in done.stdout
    log = (tmp_path / "state/ludique/log/ludique.log").read_text()
    assert "starting" in log and "game started: latrunculi-dux" in log
    assert "game finished: latrunculi-dux" in log


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b'idle_seconds = 60\ndefault_language = "de\n', "not valid TOML"),
        (b"\xff\xfe\x00\x01garbage", "cannot be read"),
        (b"idle_seconds = 5\nadmin_pin = 1234\nvolume = 11\n", "idle_seconds = 5"),
    ],
)
def test_corrupt_settings_file_is_reported_and_the_kiosk_plays(
    tmp_path: Path, content: bytes, expected: str
) -> None:
    path = tmp_path / "settings.toml"
    path.write_bytes(content)
    done = run_kiosk(tmp_path, "--settings", str(path))
    assert_passed(done)
    problems = [line for line in done.stdout.splitlines() if "settings problem" in line]
    assert problems and any(expected in p and str(path) in p for p in problems)
    log = (tmp_path / "state/ludique/log/ludique.log").read_text()
    assert expected in log


@pytest.fixture
def app() -> Iterator[object]:
    from ludique.kiosk.settings import Settings
    from ludique.ui.app import App

    kiosk = App(Settings(), windowed=True, size=(1280, 720), demo=False)
    yield kiosk
    kiosk.close()


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1200), (800, 450), (1920, 1080)])
def test_window_resized_keeps_touches_on_target(app, size: tuple[int, int]) -> None:
    """After a resize the scene is laid out again for the new size: a tap on where the tile now
    is opens that game."""
    from ludique.tools.selftest import Driver

    drive = Driver(app)
    drive.tap((960, 540))
    assert app.scene.name == "home"
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
    drive.step()
    assert app.screen.get_size() == size
    tile = app.scene.button("epaminondas").rect
    # the tile lies inside the new window, in the band a seated visitor reaches (the default
    # mounting), and fills its share of that band (no letterbox bands)
    band = app.viewport.band
    assert app.screen.get_rect().contains(tile) and band.contains(tile)
    assert tile.height >= band.height * 0.4
    pos = tile.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    drive.step()
    drive.step()
    assert app.scene.name == "setup" and app.scene.family == "epaminondas"
    # and the frame drawn at the new size is the scene, not a black or stale screen
    drive.step()
    app.draw()
    centre = app.screen.get_at((size[0] // 2, size[1] // 2))
    assert centre[:3] != (0, 0, 0)


def test_admin_change_saved_or_reported(tmp_path: Path) -> None:
    """A change on the admin panel is saved to the file; where it cannot be (a regular file in
    place of the folder, refused even to root), the panel lists the problem and the kiosk goes
    on with the new value."""
    from ludique.kiosk.settings import Settings, load_settings, saver
    from ludique.tools.selftest import Driver
    from ludique.ui.app import App

    for path, saved in ((tmp_path / "ok" / "settings.toml", True),
                        (tmp_path / "blocker" / "settings.toml", False)):  # fmt: skip
        if not saved:
            (tmp_path / "blocker").write_text("a file, not a folder")
        kiosk = App(Settings(), windowed=True, size=(1280, 720), demo=False)
        kiosk.on_settings_changed = saver(path)
        try:
            drive = Driver(kiosk)
            drive.corner_gesture()
            for key in "1234":
                drive.tap_pin(key)
            drive.tap_pin("OK")
            assert kiosk.scene.name == "admin"
            drive.tap_button("idle-60")
            assert kiosk.settings.idle_seconds == 60
            if saved:
                assert load_settings(path).idle_seconds == 60
                assert kiosk.settings.problems == []
            else:
                assert any("not saved" in str(p) for p in kiosk.settings.problems)
                kiosk.draw()  # the panel draws with the problem listed
        finally:
            kiosk.close()
