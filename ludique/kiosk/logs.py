"""The kiosk's log: a size-bounded rotating file in the platform's log folder, plus stderr.

Nobody watches a museum kiosk, so the log is how a curator (or a developer called in later) finds
out what happened: the start-up line, each game started and finished, and every error with its
traceback.  A folder that cannot be written (read-only, full) must never stop the kiosk: the file
is dropped quietly and the log goes to stderr only (the systemd journal on the kiosk).
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import platform
import sys
import threading
import time
from pathlib import Path
from types import TracebackType
from typing import Protocol
from weakref import WeakSet

import platformdirs

import ludique

LOG_NAME = "ludique.log"
MAX_BYTES = 1_000_000
BACKUPS = 4  # at most 5 MB of log in all
RETRY_SECONDS = 300.0
_FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"

log = logging.getLogger("ludique")
# the handlers setup_logging added, which a second call replaces (and no other's)
_OURS: WeakSet[logging.Handler] = WeakSet()


def default_log_dir() -> Path:
    """``~/.local/state/ludique/log`` on Linux (follows ``XDG_STATE_HOME``)."""
    return Path(platformdirs.user_log_dir("ludique", appauthor=False))


class QuietRotatingFileHandler(logging.handlers.RotatingFileHandler):
    """A rotating file that stops writing (instead of printing a traceback per record) when the
    disk refuses, says so once on stderr, and tries again a few minutes later."""

    def __init__(self, filename: Path, **kwargs: object) -> None:
        super().__init__(filename, **kwargs)  # type: ignore[arg-type]
        self.paused_until = 0.0
        self.failures = 0

    def emit(self, record: logging.LogRecord) -> None:
        if self.paused_until and time.monotonic() < self.paused_until:
            return
        super().emit(record)

    def flush(self) -> None:
        try:
            super().flush()
        except OSError:
            self._pause()

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 (logging's name)
        self._pause()

    def _pause(self) -> None:
        self.failures += 1
        if self.failures == 1:
            kind, exc, _ = sys.exc_info()
            reason = f"{kind.__name__}: {exc}" if kind else "write failed"
            sys.stderr.write(
                f"ludique: cannot write the log file {self.baseFilename} ({reason}); "
                f"logging to stderr only, retrying every {RETRY_SECONDS:.0f} s\n"
            )
        self.paused_until = time.monotonic() + RETRY_SECONDS
        # drop the stream: FileHandler reopens it on the next record after the pause
        stream, self.stream = self.stream, None
        if stream is not None:
            try:
                stream.close()
            except OSError:
                pass


def _open_file_handler(folder: Path) -> QuietRotatingFileHandler | None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler = QuietRotatingFileHandler(
            folder / LOG_NAME, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8"
        )
        # a folder we may create files in but not write to (full disk) shows up here
        stream = handler.stream
        assert stream is not None  # (opened at once: no ``delay``)
        stream.write("")
        stream.flush()
    except OSError as exc:
        sys.stderr.write(f"ludique: no log file in {folder} ({exc}); logging to stderr only\n")
        return None
    return handler


def _log_uncaught(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
    if issubclass(kind, KeyboardInterrupt):
        sys.__excepthook__(kind, exc, tb)
        return
    log.critical("uncaught exception", exc_info=(kind, exc, tb))


def _log_thread_uncaught(args: threading.ExceptHookArgs) -> None:
    if args.exc_type is SystemExit:
        return
    log.critical(
        "uncaught exception in thread %s",
        args.thread.name if args.thread else "?",
        exc_info=(args.exc_type, args.exc_value, args.exc_traceback),  # type: ignore[arg-type]
    )


def stop_logging() -> None:
    """Take back (and close) the handlers ``setup_logging`` added, and no other's: a program that
    started the kiosk in its own process (a test) leaves no handler on a stream it closed."""
    root = logging.getLogger()
    for handler in list(root.handlers):
        if handler in _OURS:
            root.removeHandler(handler)
            handler.close()


def setup_logging(level: str | int = "INFO", folder: Path | None = None) -> Path | None:
    """Send the program's log to a rotating file in ``folder`` (default: the platform's log
    folder) and to stderr.  Returns the log file's path, or None when only stderr is left.

    Calling it again (e.g. after the settings changed the level) replaces the handlers.
    """
    root = logging.getLogger()
    stop_logging()
    if isinstance(level, str):
        level = logging.getLevelName(level.upper())
        if not isinstance(level, int):
            level = logging.INFO
    root.setLevel(level)
    formatter = logging.Formatter(_FORMAT)

    console = logging.StreamHandler(sys.stderr)
    console.setFormatter(formatter)
    # stderr ends up in the journal: keep it to what matters even at DEBUG
    console.setLevel(max(level, logging.WARNING) if not os.environ.get("LUDIQUE_DEBUG") else level)
    _OURS.add(console)
    # a record logged with extra={"console": False} is printed by its caller in its own words
    console.addFilter(lambda record: getattr(record, "console", True))
    root.addHandler(console)

    file_handler = _open_file_handler(Path(folder) if folder is not None else default_log_dir())
    if file_handler is not None:
        file_handler.setFormatter(formatter)
        _OURS.add(file_handler)
        root.addHandler(file_handler)

    sys.excepthook = _log_uncaught
    threading.excepthook = _log_thread_uncaught
    logging.captureWarnings(True)
    return Path(file_handler.baseFilename) if file_handler else None


def log_startup(settings_path: Path | None = None, log_file: Path | None = None) -> None:
    """The first line of every run: versions, where things are, frozen or not."""
    try:
        import pygame

        graphics = (
            f"pygame-ce {pygame.version.ver}, SDL {'.'.join(map(str, pygame.get_sdl_version()))}"
        )
    except Exception:  # noqa: BLE001 (a log line must never fail the start)
        graphics = "pygame unavailable"
    log.info(
        "Ludique %s starting (Python %s, %s, %s%s); settings %s; log %s",
        ludique.__version__,
        platform.python_version(),
        graphics,
        platform.platform(terse=True),
        ", frozen" if getattr(sys, "frozen", False) else "",
        settings_path or "(defaults)",
        log_file or "stderr only",
    )


def process_age() -> float:
    """Seconds since this process was started (from /proc on Linux; else since this module was
    imported, which misses the interpreter's own start)."""
    try:
        with open("/proc/self/stat", encoding="ascii") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        started = int(fields[19]) / os.sysconf("SC_CLK_TCK")  # field 22: start time after boot
        with open("/proc/uptime", encoding="ascii") as fh:
            uptime = float(fh.read().split()[0])
        return max(0.0, uptime - started)
    except (OSError, ValueError, IndexError):
        return time.monotonic() - _IMPORTED


_IMPORTED = time.monotonic()


class Stoppable(Protocol):
    """What the first frame's report may do to the kiosk: stop it."""

    def quit(self, code: int = 0) -> None: ...


def report_first_frame(app: Stoppable) -> None:
    """Log how long the first frame took to reach the screen after launch (the start-up budget
    is 2 s); the kiosk calls it once that frame is on screen (``App(on_first_frame=...)``).
    With ``LUDIQUE_EXIT_AFTER_FIRST_FRAME`` set (benchmarks/startup.py), also print it on stderr
    and stop the program right after that frame."""
    age = process_age()
    log.info("first frame on screen %.2f s after launch", age)
    if os.environ.get("LUDIQUE_EXIT_AFTER_FIRST_FRAME"):
        sys.stderr.write(f"ludique: first frame {age:.3f} s after launch\n")
        sys.stderr.flush()
        app.quit(0)
