"""The log: a bounded rotating file, errors with tracebacks, quiet fallback to stderr."""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from ludique.kiosk import logs


@pytest.fixture(autouse=True)
def restore_logging() -> Iterator[None]:
    root = logging.getLogger()
    before = (list(root.handlers), root.level, sys.excepthook, threading.excepthook)
    yield
    for handler in list(root.handlers):
        if handler not in before[0]:
            root.removeHandler(handler)
            handler.close()
    root.setLevel(before[1])
    sys.excepthook, threading.excepthook = before[2], before[3]
    logging.captureWarnings(False)


def test_log_file_gets_startup_games_and_tracebacks(tmp_path: Path) -> None:
    path = logs.setup_logging("INFO", tmp_path / "log")
    assert path == tmp_path / "log" / logs.LOG_NAME
    logs.log_startup(Path("/etc/ludique.toml"), path)
    logging.getLogger("ludique.ui").debug("not at INFO")
    try:
        raise ValueError("a broken scene")
    except ValueError:
        logging.getLogger("ludique.ui").exception("scene failed")
    text = path.read_text()
    assert "Ludique" in text and "starting" in text and "/etc/ludique.toml" in text
    assert "not at INFO" not in text
    assert "Traceback (most recent call last)" in text and "ValueError: a broken scene" in text


def test_uncaught_exceptions_are_logged_with_traceback(tmp_path: Path) -> None:
    path = logs.setup_logging("INFO", tmp_path)
    try:
        raise RuntimeError("nobody caught me")
    except RuntimeError:
        sys.excepthook(*sys.exc_info())
    assert "RuntimeError: nobody caught me" in path.read_text()


def test_log_is_size_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(logs, "MAX_BYTES", 4000)
    logs.setup_logging("INFO", tmp_path)
    for n in range(2000):
        logging.getLogger("ludique.test").info("line %d of a long museum day", n)
    files = sorted(tmp_path.iterdir())
    assert len(files) == logs.BACKUPS + 1
    assert all(f.stat().st_size <= 4000 for f in files)
    assert "line 1999" in (tmp_path / logs.LOG_NAME).read_text()


def test_a_folder_that_cannot_be_made_leaves_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    # a regular file where the folder should be: refused even for root
    assert logs.setup_logging("INFO", blocker / "log") is None
    logging.getLogger("ludique.test").error("still reported")
    err = capsys.readouterr().err
    assert "no log file" in err and "still reported" in err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_disk_is_reported_once_then_quiet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / logs.LOG_NAME).symlink_to("/dev/full")
    logs.setup_logging("INFO", tmp_path)
    for n in range(50):
        logging.getLogger("ludique.test").warning("record %d", n)
    err = capsys.readouterr().err
    assert err.count("cannot write the log file") == 1
    assert "Logging error" not in err
    assert "record 49" in err  # stderr still gets everything that matters


def test_default_folder_follows_the_platform(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    assert logs.default_log_dir() == tmp_path / "ludique" / "log"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_the_log_file_comes_back_when_the_disk_has_room_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / logs.LOG_NAME
    target.symlink_to("/dev/full")
    logs.setup_logging("INFO", tmp_path)
    logging.getLogger("ludique.test").warning("lost to a full disk")
    handler = next(
        h for h in logging.getLogger().handlers if isinstance(h, logs.QuietRotatingFileHandler)
    )
    assert handler.paused_until > 0
    target.unlink()  # room again (the full disk was cleaned up)
    handler.paused_until = 1.0  # the retry time has come
    logging.getLogger("ludique.test").warning("written again")
    assert "written again" in target.read_text()
    capsys.readouterr()
