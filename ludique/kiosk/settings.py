"""Kiosk settings (TOML).  A missing file means defaults; a bad value is reported and replaced
by its default, never a crash.

The file holds flat ``key = value`` lines (see ``deploy/settings.example.toml``).  Everything that
is wrong with it ends up in ``Settings.problems`` (shown on the admin panel) and in the log, each
problem naming the file, the key and, where it can be found, the line.

A problem is kept as a :class:`Problem` record, not as a sentence: the admin panel words it in
the language on screen (``locales/<lang>/common.toml``, ``[error]``) when it draws, and the log
gets its English line (``str(problem)``).
"""

from __future__ import annotations

import errno
import logging
import os
import re
import shutil
import stat
import tempfile
import time
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs

from ludique.ai import DEFAULT_STRENGTH, STRENGTHS
from ludique.games import FAMILIES, GameSpec, families, specs
from ludique.kiosk.mounting import TABLE

if TYPE_CHECKING:
    from ludique.words.i18n import Catalog

log = logging.getLogger(__name__)

LANGUAGES: tuple[str, ...] = ("fr", "de", "en")
LOG_LEVELS: tuple[str, ...] = ("DEBUG", "INFO", "WARNING", "ERROR")
IDLE_RANGE = (15, 3600)
COUNTDOWN_RANGE = (5, 120)
PIN_LENGTH = (4, 8)
DIAGONAL_RANGE = (10, 120)  # inches
LOWER_EDGE_RANGE = (0, 121)  # centimetres: from 122 up no part of the screen is within reach
SHORT_GAME_RANGE = (0, 60)  # minutes; 0: no short game


@dataclass
class Settings:
    idle_seconds: int = 90
    countdown_seconds: int = 20  # under 20 the kiosk gives 20 all the same (WCAG 2.2.1)
    default_language: str = "fr"
    default_strength: str = DEFAULT_STRENGTH
    # the Home screen's tiles, by family (``ludique.games.families()``; a family's variants
    # are chosen on its Set-up screen): the kiosk's own games unless the curator chooses
    enabled_games: tuple[str, ...] = FAMILIES
    sound: bool = True
    story_gauge: bool = True  # a solved game's winning-chance gauge on the game screen
    # pieces in danger marked at every strength, in the games whose warnings are a setting
    capture_warnings: bool = False
    # the short game (the visit rule, ``ludique.play.visit``): the minutes its moves are counted
    # for, offered first on the set-up screen; 0: every game is the full game
    short_game_minutes: int = 10
    admin_pin: str = "1234"
    fullscreen: bool = True
    log_level: str = "INFO"
    # the screen's visible width in millimetres (0: unknown): touch targets are kept near 9 mm
    screen_width_mm: int = 0
    # how the screen is mounted (``ludique.kiosk.mounting``): the band a seated visitor reaches
    # holds every control; the defaults are a 55-inch screen with its lower edge at 80 cm, the
    # exhibition's, so that an unmeasured wall mount keeps its controls low
    screen_diagonal_inches: int = 55
    screen_lower_edge_cm: int | str = 80
    # what was wrong in the settings file (or with saving it), shown on the admin panel
    problems: list[Problem] = field(default_factory=list)
    # what the file gave for admin_pin: "valid", "absent", "bad", or "no-file" when there is no
    # file at all (ludique.kiosk.pin fails closed)
    pin_state: str = field(default="absent", repr=False, compare=False)


# Why a value is refused: the English words of the log (the screen's are in [error.why]).
_WHY_ENGLISH: dict[str, str] = {
    "whole-number": "must be a whole number from {lo} to {hi}",
    "range": "is out of range: expected {lo} to {hi}",
    "text-choice": "must be text in quotes, one of {options}",
    "choice": "must be one of {options}",
    "true-false": "must be true or false (without quotes)",
    "pin-text": 'must be {lo} to {hi} digits in quotes, e.g. "0420"',
    "pin-digits": "must be {lo} to {hi} digits",
    "games-list": "must be a list of game names in quotes: {options}",
    "games-unknown": "names unknown games {names}: expected some of {options}",
    "games-none": "must name at least one game",
    "lower-edge": 'must be a whole number of centimetres from {lo} to {hi}, or "table"',
}

# How a file that cannot be used is said on screen (the system's own words go to the log only).
_ERRNO_WHY = {errno.EACCES: "permission", errno.EPERM: "permission", errno.EISDIR: "folder"}


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the settings file, kept as data so that it can be worded in any
    language.  ``kind`` is ``value`` (a refused value), ``unknown`` (an unknown key), ``syntax``
    (not valid TOML), ``unreadable`` (the file cannot be read) or ``not-saved`` (a change could
    not be written).  ``why`` is a key of ``[error.why]`` with its ``fields``; ``detail`` is the
    system's or the parser's own (English) message, for the log only."""

    kind: str
    file: str
    line: int | None = None
    key: str = ""
    value: str = ""  # as written in the file (TOML), shortened
    default: str = ""  # the value used instead (TOML)
    why: str = ""
    fields: tuple[tuple[str, str], ...] = ()
    detail: str = ""

    def message(self, catalog: Catalog) -> str:
        """The problem in the catalogue's language, for the admin panel."""
        t = catalog.t
        where = t("error.where-line", line=self.line) if self.line else t("error.where-file")
        why = t(f"error.why.{self.why}", **dict(self.fields)) if self.why else ""
        if self.kind == "value" and self.key == "admin_pin":  # the value is never shown
            return t("error.settings-pin", where=where, setting=self.key, why=why)
        if self.kind == "value":
            return t(
                "error.settings-value",
                where=where,
                setting=self.key,
                value=self.value,
                why=why,
                default=self.default,
            )
        if self.kind == "unknown":
            return t("error.settings-unknown", where=where, setting=self.key)
        if self.kind == "syntax":
            return t("error.settings-syntax", where=where)
        if self.kind == "not-saved":
            return t("error.settings-save", path=self.file, why=why)
        return t("error.settings-file", path=self.file, why=why)

    def __str__(self) -> str:
        """The English line of the log, with the whole path and the system's own words."""
        where = f"{self.file}, line {self.line}" if self.line else self.file
        if self.kind == "value" and self.key == "admin_pin":
            why = _WHY_ENGLISH[self.why].format(**dict(self.fields))
            # neither the value (a PIN mistyped by one digit) nor the PIN in force is logged
            return f"{where}: admin_pin {why}; the PIN in force is not lowered to the default"
        if self.kind == "value":
            why = _WHY_ENGLISH[self.why].format(**dict(self.fields))
            return f"{where}: {self.key} = {self.value} {why}; using the default {self.default}"
        if self.kind == "unknown":
            known = ", ".join(_KEYS)
            return f"{where}: unknown key {self.key!r} ignored (known keys: {known})"
        if self.kind == "syntax":
            return f"{self.file}: not valid TOML, {self.detail}; using all defaults"
        if self.kind == "not-saved":
            return f"{self.file}: settings not saved ({self.detail})"
        return f"{self.file}: cannot be read ({self.detail}); using all defaults"


# What each key means, written above it when the file is saved (and in the example file).
_COMMENTS: dict[str, str] = {
    "idle_seconds": f"seconds without a touch before 'Still playing?' ({IDLE_RANGE[0]} to "
    f"{IDLE_RANGE[1]})",
    "countdown_seconds": "seconds the 'Still playing?' countdown lasts before the game is "
    f"abandoned ({COUNTDOWN_RANGE[0]} to {COUNTDOWN_RANGE[1]})",
    "default_language": "language at start and after every idle timeout: "
    + ", ".join(f'"{x}"' for x in LANGUAGES),
    "default_strength": "computer strength offered first: "
    + ", ".join(f'"{x}"' for x in STRENGTHS),
    "enabled_games": "games shown on the Home screen (at least one): "
    + ", ".join(f'"{x}"' for x in FAMILIES),
    "sound": "short sounds for a throw, a move, a capture and a win: true or false",
    "story_gauge": "show the visitor's exact chance of winning during the game: true or false",
    "capture_warnings": "ring the visitor's pieces the computer could capture next at every "
    "strength (always at Beginner and Even match): true or false",
    "short_game_minutes": "the short game, offered first: the minutes a visitor who takes 12 s "
    "a move needs for it, each game's moves counted for them "
    f"({SHORT_GAME_RANGE[0]} to {SHORT_GAME_RANGE[1]}; 0: no short game, every game is the full "
    "game)",
    "admin_pin": f"PIN of the curator's panel: {PIN_LENGTH[0]} to {PIN_LENGTH[1]} digits, "
    'in quotes ("0420")',
    "fullscreen": "true on the kiosk; false opens a window (for testing)",
    "log_level": "detail of the log file: " + ", ".join(f'"{x}"' for x in LOG_LEVELS),
    "screen_width_mm": "the screen's visible width in millimetres, where known (0: unknown); "
    "on a small screen of high resolution, buttons and pieces grow towards 9 mm",
    "screen_diagonal_inches": "the screen's diagonal in inches, as sold "
    f"({DIAGONAL_RANGE[0]} to {DIAGONAL_RANGE[1]})",
    "screen_lower_edge_cm": "height of the screen's lower edge above the floor in centimetres "
    f'({LOWER_EDGE_RANGE[0]} to {LOWER_EDGE_RANGE[1]}), or "table" where all of it is within '
    "reach: every control is kept between 38 cm and 1.22 m, a seated visitor's reach",
}

# The settings of some games only (what their spec says), whose comment first names those games.
_GAMES_OF: dict[str, Callable[[GameSpec], bool]] = {
    "story_gauge": lambda game: bool(game.solved),
    "capture_warnings": lambda game: game.warnings_by_setting,
}


def _comment(key: str) -> str:
    """What ``key`` means, written above it in the file; a setting of some games only is
    preceded by their names (their families', in English, the file's language)."""
    applies = _GAMES_OF.get(key)
    if applies is None:
        return _COMMENTS[key]
    from ludique.words.i18n import load_language

    english = load_language("en").entries
    names = dict.fromkeys(
        english.get(f"kiosk.family.{game.family}.name", game.family)
        for game in specs()
        if applies(game)
    )
    return f"{', '.join(names)}: {_COMMENTS[key]}" if names else _COMMENTS[key]


_KEYS: tuple[str, ...] = tuple(
    f.name for f in fields(Settings) if f.name not in ("problems", "pin_state")
)


def default_settings_path() -> Path:
    """``settings.toml`` in the platform's configuration folder (``~/.config/ludique`` on Linux)."""
    return Path(platformdirs.user_config_dir("ludique", appauthor=False)) / "settings.toml"


class _Bad(Exception):
    """A value that cannot be used: ``why`` (a key of ``[error.why]``) says what is expected."""

    def __init__(self, why: str, **fields: object) -> None:
        self.why = why
        self.fields = tuple((name, str(value)) for name, value in fields.items())
        super().__init__(_WHY_ENGLISH[why].format(**fields))


def _integer(lo: int, hi: int) -> Callable[[object], int]:
    def check(value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _Bad("whole-number", lo=lo, hi=hi)
        if not lo <= value <= hi:
            raise _Bad("range", lo=lo, hi=hi)
        return value

    return check


def _choice(options: tuple[str, ...], *, upper: bool = False) -> Callable[[object], str]:
    def check(value: object) -> str:
        if not isinstance(value, str):
            raise _Bad("text-choice", options=", ".join(options))
        norm = value.strip().upper() if upper else value.strip().lower()
        if norm not in options:
            raise _Bad("choice", options=", ".join(options))
        return norm

    return check


def _boolean(value: object) -> bool:
    if not isinstance(value, bool):
        raise _Bad("true-false")
    return value


def _pin(value: object) -> str:
    lo, hi = PIN_LENGTH
    if not isinstance(value, str):
        raise _Bad("pin-text", lo=lo, hi=hi)
    if not (value.isascii() and value.isdigit() and lo <= len(value) <= hi):
        raise _Bad("pin-digits", lo=lo, hi=hi)
    return value


def _lower_edge(value: object) -> int | str:
    lo, hi = LOWER_EDGE_RANGE
    if isinstance(value, str) and value.strip().lower() == TABLE:
        return TABLE
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise _Bad("lower-edge", lo=lo, hi=hi)
    return value


def _games(value: object) -> tuple[str, ...]:
    known = families()  # a game registered after the kiosk started is one too
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise _Bad("games-list", options=", ".join(known))
    unknown = [x for x in value if x not in known]
    if unknown:
        raise _Bad("games-unknown", names=", ".join(unknown), options=", ".join(known))
    if not value:
        raise _Bad("games-none")
    # keep the Home screen's order whatever the file's order
    return tuple(g for g in known if g in value)


_CHECKS = {
    "idle_seconds": _integer(*IDLE_RANGE),
    "countdown_seconds": _integer(*COUNTDOWN_RANGE),
    "default_language": _choice(LANGUAGES),
    "default_strength": _choice(STRENGTHS),
    "enabled_games": _games,
    "sound": _boolean,
    "story_gauge": _boolean,
    "capture_warnings": _boolean,
    "short_game_minutes": _integer(*SHORT_GAME_RANGE),
    "admin_pin": _pin,
    "fullscreen": _boolean,
    "log_level": _choice(LOG_LEVELS, upper=True),
    "screen_width_mm": _integer(0, 5000),
    "screen_diagonal_inches": _integer(*DIAGONAL_RANGE),
    "screen_lower_edge_cm": _lower_edge,
}


_ASSIGNMENT = re.compile(r"""^\s*(?:\[\s*)?["']?([^"'=\]\s]+)["']?\s*(?:=|\])""")


def _lines_of(raw: str) -> dict[str, int]:
    """The line where each key is first assigned (tomllib gives no positions for valid
    documents); one pass over the text, so that a file of many keys loads in linear time."""
    lines: dict[str, int] = {}
    for number, line in enumerate(raw.splitlines(), start=1):
        found = _ASSIGNMENT.match(line)
        if found:
            lines.setdefault(found.group(1), number)
    return lines


def _shown(value: object) -> str:
    """A value as the curator wrote it (TOML), shortened."""
    try:
        text = _toml_value(value)
    except TypeError:  # a table or a date: not a value any setting takes
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _toml_line(exc: tomllib.TOMLDecodeError, raw: str = "") -> int | None:
    # Python 3.11's message ends with "(at line N, column M)"; 3.14 adds exc.lineno
    found = re.search(r"at line (\d+)", str(exc))
    if found:
        return int(found.group(1))
    lineno = getattr(exc, "lineno", None)
    if isinstance(lineno, int) and lineno:
        return lineno
    if "end of document" in str(exc) and raw:
        # a file without a final newline: its error is on its last line
        return len(raw.splitlines()) or 1
    return None


def _why_of(exc: BaseException) -> str:
    """The ``[error.why]`` key for a file that cannot be read or written."""
    if isinstance(exc, UnicodeDecodeError):
        return "encoding"
    if isinstance(exc, _NotAFile):
        return "not-a-file"
    if isinstance(exc, OSError):
        return _ERRNO_WHY.get(exc.errno or 0, "system")
    return "system"


def _deepest_line(raw: str) -> int:
    """The line where brackets and braces are nested deepest (those in quotes counted too: a
    file nested hundreds deep is no settings file to read exactly)."""
    depth = deepest = 0
    line = where = 1
    for char in raw:
        if char == "\n":
            line += 1
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest, where = depth, line
        elif char in "]}":
            depth = max(0, depth - 1)
    return where


def parse_settings(raw: str, source: str = "settings") -> Settings:
    """Settings from TOML text; every problem is in ``problems`` and the default stands in."""
    settings = Settings()
    try:
        table = tomllib.loads(raw)
    except tomllib.TOMLDecodeError as exc:
        settings.problems.append(Problem("syntax", source, _toml_line(exc, raw), detail=str(exc)))
        settings.pin_state = "bad"
        return settings
    except RecursionError:  # brackets nested hundreds deep: no setting is written so
        settings.problems.append(
            Problem("syntax", source, _deepest_line(raw), detail="brackets nested too deep")
        )
        settings.pin_state = "bad"
        return settings
    lines = _lines_of(raw)
    for key, value in table.items():
        line = lines.get(key)
        check = _CHECKS.get(key)
        if check is None:
            settings.problems.append(Problem("unknown", source, line, key))
            continue
        secret = key == "admin_pin"
        try:
            setattr(settings, key, check(value))
        except _Bad as exc:
            default = getattr(Settings(), key)
            settings.problems.append(
                Problem(
                    "value",
                    source,
                    line,
                    key,
                    value="" if secret else _shown(value),
                    default="" if secret else _shown(default),
                    why=exc.why,
                    fields=exc.fields,
                )
            )
            if secret:
                settings.pin_state = "bad"
        else:
            if secret:
                settings.pin_state = "valid"
    return settings


MAX_LOGGED = 20  # problems logged one by one; the rest are counted in one line
# a temporary file this old is no save under way (a save takes milliseconds)
LEFTOVER_SECONDS = 60.0
MAX_FILE_BYTES = 256 * 1024  # a settings file is a few hundred bytes; more is not one


class _NotAFile(OSError):
    """A FIFO, a device or a socket where the settings file should be (reading it would block
    the start for ever, or never end)."""


def read_settings_file(path: Path) -> str:
    """The text of the settings file.  Raises ``FileNotFoundError`` when there is none, another
    ``OSError`` when it cannot be read (a FIFO or a device: refused without opening it), and
    ``UnicodeDecodeError`` when it is not UTF-8."""
    info = path.stat()
    if stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(errno.EISDIR, "is a folder", str(path))
    if not stat.S_ISREG(info.st_mode):
        raise _NotAFile(errno.EINVAL, "not a regular file (a FIFO or a device?)", str(path))
    with path.open("rb") as fh:
        data = fh.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise _NotAFile(errno.EFBIG, f"larger than {MAX_FILE_BYTES} bytes", str(path))
    return data.decode("utf-8")


def load_settings(path: Path | None = None, pin_memory: Path | None = None) -> Settings:
    """The kiosk's settings from ``path`` (default: :func:`default_settings_path`).

    Never raises for a bad file: a missing file gives the defaults silently; an unreadable or
    invalid one gives the defaults with a problem; each bad key falls back to its own default.
    Problems are logged as warnings and kept in ``Settings.problems``.

    The PIN alone fails closed (``ludique.kiosk.pin``): with ``pin_memory`` (the kiosk passes
    ``ludique.kiosk.pin.default_pin_memory()``) a file that does not give a valid PIN keeps the last
    valid one kept there; without it, a bad PIN locks the panel rather than open it with 1234.
    """
    from ludique.kiosk.pin import settle

    path = Path(path) if path is not None else default_settings_path()
    try:
        raw = read_settings_file(path)
    except FileNotFoundError as exc:
        if path.is_symlink():  # a link to nothing: the file the curator meant is gone
            settings = Settings(pin_state="bad")
            detail = f"a symbolic link to {os.readlink(path)}, which does not exist ({exc})"
            settings.problems.append(Problem("unreadable", str(path), why="system", detail=detail))
        else:
            log.info("no settings file at %s; using the defaults", path)
            settings = Settings(pin_state="no-file")
    except (OSError, UnicodeDecodeError) as exc:
        settings = Settings(pin_state="bad")
        settings.problems.append(
            Problem("unreadable", str(path), why=_why_of(exc), detail=str(exc))
        )
    else:
        settings = parse_settings(raw, str(path))
    for problem in settings.problems[:MAX_LOGGED]:
        log.warning("settings: %s", problem)
    if len(settings.problems) > MAX_LOGGED:
        # thousands of lines would rotate the whole log history away (1 MB a file, 5 files)
        log.warning(
            "settings: %d more problems in %s, not logged one by one",
            len(settings.problems) - MAX_LOGGED,
            path,
        )
    _remove_leftovers(path.parent)
    settle(settings, pin_memory, str(path))
    return settings


def _remove_leftovers(folder: Path) -> None:
    """Temporary files of a save that was killed half-way (SIGKILL, a power cut): the file
    itself is whole (the rename never happened), only its temporary copy is left to remove."""
    try:
        leftovers = list(folder.glob(".settings-*.tmp"))
    except OSError:
        return
    for leftover in leftovers:
        try:
            if time.time() - leftover.stat().st_mtime > LEFTOVER_SECONDS:
                leftover.unlink()
                log.info("removed %s, left by a save that never finished", leftover)
        except OSError:
            pass


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} to TOML")


def settings_text(settings: Settings) -> str:
    """The TOML text of ``settings``, each key with a comment that says what it does."""
    out = [
        "# Ludique kiosk settings.  A missing key takes its default; a bad value is reported",
        "# on the curator's panel and in the log, and its default is used.",
    ]
    for key in _KEYS:
        out += ["", f"# {_comment(key)}", f"{key} = {_toml_value(getattr(settings, key))}"]
    return "\n".join(out) + "\n"


class _CannotMerge(Exception):
    """The file as it stands cannot take the change without losing the curator's words."""


def _header_line(lines: list[str]) -> int:
    """The index of the first ``[table]`` header (settings live above it), or the line count."""
    for index, line in enumerate(lines):
        if line.lstrip().startswith("["):
            return index
    return len(lines)


def _span(lines: list[str], key: str, stop: int) -> tuple[int, int] | None:
    """The lines ``[start, end)`` that assign ``key`` at the top of the file (a list may run
    over several lines), or None."""
    for start in range(stop):
        found = _ASSIGNMENT.match(lines[start])
        if not found or found.group(1) != key or "=" not in lines[start]:
            continue
        for end in range(start + 1, min(stop, start + 200) + 1):
            try:
                if key in tomllib.loads("".join(lines[start:end])):
                    return start, end
            except tomllib.TOMLDecodeError:
                continue
        return None
    return None


def merged_text(raw: str, settings: Settings) -> str:
    """The settings file ``raw`` with the values of ``settings`` that differ from it written in:
    every other line (comments, unknown keys, values the curator wrote) stays as it is.

    Raises ``_CannotMerge`` while the file has a syntax error (rewriting it would wipe it)."""
    from ludique.kiosk.pin import valid_pin

    current = parse_settings(raw)
    if any(problem.kind == "syntax" for problem in current.problems):
        raise _CannotMerge("the file has a syntax error; correct it first")
    lines = raw.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    additions: list[str] = []
    for key in _KEYS:
        wanted = getattr(settings, key)
        if getattr(current, key) == wanted or (key == "admin_pin" and not valid_pin(wanted)):
            # the file already gives this value (a bad value there is left as written); a
            # locked PIN (ludique.kiosk.pin) is no value to write
            continue
        line = f"{key} = {_toml_value(wanted)}\n"
        span = _span(lines, key, _header_line(lines))
        if span is not None:
            lines[span[0] : span[1]] = [line]
        else:
            additions += ["\n", f"# {_comment(key)}\n", line]
    at = _header_line(lines)
    lines[at:at] = additions
    text = "".join(lines)
    # the merge must give exactly the running settings, and keep every key the file had
    merged = parse_settings(text)
    try:
        kept = tomllib.loads(text).keys() >= tomllib.loads(raw).keys()
    except (tomllib.TOMLDecodeError, RecursionError):
        kept = False
    changed = [k for k in _KEYS if getattr(merged, k) != getattr(settings, k)]
    if not valid_pin(settings.admin_pin) and "admin_pin" in changed:
        changed.remove("admin_pin")
    if not kept or changed:
        raise _CannotMerge("the change cannot be written into the file as it stands")
    return text


def backup_path(path: Path) -> Path:
    """Where the file as it was before the last save is kept: ``settings.toml.bak``."""
    return path.with_name(path.name + ".bak")


def _write_atomically(path: Path, text: str) -> None:
    fd, tmp_name = tempfile.mkstemp(prefix=".settings-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except OSError:
            pass
        raise


def save_settings(settings: Settings, path: Path | None = None) -> Problem | None:
    """Write the changes of ``settings`` into the file as it stands (comments, unknown keys and
    other values kept), after keeping the file as it was beside it (``settings.toml.bak``);
    written atomically (a temporary file, then a rename).  A missing file is written whole.

    Returns None when saved, else a ``Problem`` saying why not (a read-only folder, or the file
    has a syntax error: it is never rewritten then), which is also logged; the running kiosk
    keeps its settings either way.
    """
    path = Path(path) if path is not None else default_settings_path()
    try:
        raw: str | None = read_settings_file(path)
    except FileNotFoundError:
        raw = None
    except (OSError, UnicodeDecodeError) as exc:
        return _not_saved(path, _why_of(exc), f"the file cannot be read: {exc}")
    try:
        text = settings_text(settings) if raw is None else merged_text(raw, settings)
    except _CannotMerge as exc:
        return _not_saved(path, "file-error", f"{exc}; the file is left as it is")
    if text == raw:
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _remove_leftovers(path.parent)
        if raw is not None:
            shutil.copyfile(path, backup_path(path))
        _write_atomically(path, text)
    except OSError as exc:
        return _not_saved(path, _why_of(exc), str(exc.strerror or exc))
    log.info("settings saved to %s (the file before: %s)", path, backup_path(path))
    return None


def _not_saved(path: Path, why: str, detail: str) -> Problem:
    problem = Problem("not-saved", str(path), why=why, detail=detail)
    log.warning("%s", problem)
    return problem


def saver(path: Path | None = None) -> Callable[[Settings], None]:
    """The admin panel's hook: save every change to ``path``; a change that cannot be saved is
    added to ``Settings.problems`` (so the panel shows it) and the kiosk goes on with it."""

    def save(settings: Settings) -> None:
        problem = save_settings(settings, path)
        if problem is not None and problem not in settings.problems:
            settings.problems.append(problem)

    return save
