"""The curator's PIN fails closed: no mistake in the settings file opens the panel wider.

The documented default ``1234`` is public (it is printed in the README).  A PIN that the settings
file does not give validly (``4321`` without quotes, ``" 4321"``, Arabic-Indic digits, ``""``, a
syntax error anywhere, an unreadable file) must therefore never fall back to it once a curator
has chosen another: the last valid PIN, kept in the state folder, stays in force, and the console
(the log's stderr) says how to change it.  A file that gives a bad PIN before any valid one was
ever seen leaves the panel locked until the file is put right.  A file without ``admin_pin`` (the
line deleted, a misspelt key, an empty file) keeps the last valid PIN too, and locks the panel
when none was ever kept (a first start, the state folder lost).  Only a kiosk with no settings
file at all opens with the default on its first start (``pin_state`` ``no-file``).

Wrong attempts are slowed after ``FREE_ATTEMPTS``: a visitor trying every PIN would otherwise
get in after some minutes.  Neither the PIN nor a mistyped one is ever written to the log.
"""

from __future__ import annotations

import contextlib
import hmac
import logging
import os
import tempfile
from pathlib import Path
from typing import Protocol

import platformdirs

log = logging.getLogger(__name__)

PIN_FILE = "admin-pin"
LOCKED = ""  # the PIN in force when none is known: no entry matches it
FREE_ATTEMPTS = 5
FIRST_WAIT = 30.0  # seconds after the fifth wrong PIN in a row, doubled at each further one
LONGEST_WAIT = 600.0
PIN_LENGTH = (4, 8)


def default_pin_memory() -> Path:
    """``~/.local/state/ludique/admin-pin`` on Linux (follows ``XDG_STATE_HOME``)."""
    return Path(platformdirs.user_state_dir("ludique", appauthor=False)) / PIN_FILE


def valid_pin(value: object) -> bool:
    """4 to 8 ASCII digits (``str.isdigit`` alone takes ``١٢٣٤``, which no pad key types)."""
    lo, hi = PIN_LENGTH
    return isinstance(value, str) and value.isascii() and value.isdigit() and lo <= len(value) <= hi


def remembered(memory: Path) -> str | None:
    """The last valid PIN kept at ``memory``, or None (none kept, or the file is not one)."""
    try:
        text = memory.read_text(encoding="ascii", errors="replace").strip()
    except (OSError, ValueError):
        return None
    return text if valid_pin(text) else None


def remember(memory: Path, pin: str) -> None:
    """Keep ``pin`` at ``memory`` (readable by the kiosk's user only), written whole or not at
    all: a kill in the middle leaves the old PIN, never half a new one."""
    try:
        memory.parent.mkdir(parents=True, exist_ok=True)
        for leftover in memory.parent.glob(".admin-pin-*.tmp"):  # of a write killed half-way
            with contextlib.suppress(OSError):
                leftover.unlink()
        fd, tmp = tempfile.mkstemp(prefix=".admin-pin-", suffix=".tmp", dir=memory.parent)
        try:
            with os.fdopen(fd, "w", encoding="ascii") as fh:
                fh.write(pin + "\n")
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, memory)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    except OSError as exc:
        log.warning("the last valid PIN cannot be kept in %s (%s)", memory, exc.strerror or exc)


class PinSettings(Protocol):
    """What ``settle`` reads and sets of ``ludique.kiosk.settings.Settings`` (which imports this
    module to read its file: the settings are known here by this protocol, not imported)."""

    admin_pin: str
    pin_state: str  # what the file gave: "valid", "absent", "bad" or "no-file" (no file at all)


def settle(settings: PinSettings, memory: Path | None, source: str) -> None:
    """Put the PIN in force into ``settings.admin_pin`` from what the file gave
    (``settings.pin_state``: valid, absent or bad) and the last valid PIN kept at ``memory``."""
    kept = remembered(memory) if memory is not None else None
    state = settings.pin_state
    if state == "valid":
        if memory is not None and kept != settings.admin_pin:
            remember(memory, settings.admin_pin)
        return
    change = (
        f'to change it, write admin_pin = "..." ({PIN_LENGTH[0]} to {PIN_LENGTH[1]} digits in '
        f"quotes) in {source} and restart Ludique"
    )
    if state in ("absent", "no-file"):
        if kept is not None:
            settings.admin_pin = kept
            log.info("settings: no admin_pin in %s; the last valid PIN stays (%s)", source, change)
            return
        if state == "no-file":
            return  # the first start of a kiosk without settings: the documented default
        settings.admin_pin = LOCKED
        log.warning(
            "settings: %s gives no admin_pin (the line deleted, a misspelt key, an empty file?) "
            "and none was kept before: no PIN opens the curator's panel until it gives one; %s",
            source,
            change,
        )
        return
    if kept is not None:
        settings.admin_pin = kept
        log.warning(
            "settings: no valid admin_pin in %s: the last valid PIN (kept in %s) stays; %s",
            source,
            memory,
            change,
        )
    else:
        settings.admin_pin = LOCKED
        log.warning(
            "settings: no valid admin_pin in %s and none known before: no PIN opens the "
            "curator's panel until it is put right; %s",
            source,
            change,
        )


class PinAttempts:
    """The wrong PINs in a row and the wait they impose; kept by the kiosk, not by the pad, so
    that closing and opening the pad does not start the count afresh."""

    def __init__(self) -> None:
        self.wrong = 0
        self.until = 0.0

    def wait(self, now: float) -> float:
        """Seconds before the pad takes another PIN (0: it takes one now)."""
        return max(0.0, self.until - now)

    def check(self, entered: str, pin: str, now: float) -> bool | None:
        """True for the PIN in force, False for a wrong one, None while the pad must wait."""
        if self.wait(now) > 0:
            return None
        if valid_pin(pin) and hmac.compare_digest(entered.encode(), pin.encode()):
            self.wrong, self.until = 0, 0.0
            return True
        self.wrong += 1
        if self.wrong >= FREE_ATTEMPTS:
            wait = min(FIRST_WAIT * 2 ** (self.wrong - FREE_ATTEMPTS), LONGEST_WAIT)
            self.until = now + wait
            log.warning("curator's PIN pad: %d wrong PINs in a row; wait %.0f s", self.wrong, wait)
        else:
            log.info("curator's PIN pad: a wrong PIN (%d in a row)", self.wrong)
        return False
