"""Play statistics for the curators: one SQLite row per game played, never anything personal.

A row says which game (and variant), in which language, against whom, at what strength, how long
it lasted, how it ended and how many moves were made, and the date.  The admin panel draws four
small charts from it (games per day, per language, visitor wins per game and per strength) and
``ludique stats --csv`` exports the rows.

A database that cannot be written or read (read-only folder, full disk, a lock, corrupt file)
never stops the kiosk and never loses a game while it runs: a corrupt file is moved aside and a
new one started; a game the file does not take is kept in memory and written with a later one
(the problem logged once); what the file never takes is logged row by row when the kiosk stops.
"""

from __future__ import annotations

import csv
import datetime as dt
import logging
import math
import sqlite3
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import platformdirs

from ludique.games import is_game, spec

if TYPE_CHECKING:
    from ludique.play.match import GameRecord
    from ludique.words.i18n import Catalog

log = logging.getLogger(__name__)

DB_NAME = "stats.sqlite3"
# How a game ended, seen from the visitor.  Two visitors on one screen: "finished" (someone won).
RESULTS: tuple[str, ...] = ("visitor", "computer", "draw", "finished", "abandoned")
OPPONENTS: tuple[str, ...] = ("computer", "two-players")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    played_at TEXT NOT NULL,          -- local time the game ended, ISO 8601 to the second
    day TEXT NOT NULL,                -- local date, YYYY-MM-DD
    game TEXT NOT NULL,               -- the family (ludique.games.families())
    variant TEXT NOT NULL,            -- seneca, piso, petteia, dux; '' for the others
    language TEXT NOT NULL,
    opponent TEXT NOT NULL,           -- computer, two-players
    strength TEXT NOT NULL,           -- even, beginner, player, champion; '' for two players
    duration_s REAL NOT NULL,
    result TEXT NOT NULL,             -- see RESULTS
    moves INTEGER NOT NULL,
    level REAL                        -- Even match's estimate of the visitor, rung 0-6 (docs/ai.md)
);
CREATE INDEX IF NOT EXISTS games_day ON games(day);
"""
_COLUMNS = (
    "played_at",
    "day",
    "game",
    "variant",
    "language",
    "opponent",
    "strength",
    "duration_s",
    "result",
    "moves",
    "level",
)


def default_stats_path() -> Path:
    """``~/.local/share/ludique/stats.sqlite3`` on Linux (follows ``XDG_DATA_HOME``)."""
    return Path(platformdirs.user_data_dir("ludique", appauthor=False)) / DB_NAME


def split_game_id(game_id: str) -> tuple[str, str]:
    """A game's family and variant (its spec's), the statistics' row: a variant counts in its
    family, a game of its own has the variant ''."""
    if is_game(game_id):
        game = spec(game_id)
        return game.family, game.variant
    return game_id, ""


@dataclass(frozen=True)
class StatsRow:
    """One game played, as the statistics keep it.  ``game_id`` is one of ``game_ids()``."""

    game_id: str
    language: str
    opponent: str
    strength: str
    duration_s: float
    result: str
    moves: int
    played_at: dt.datetime | None = None
    level: float | None = None  # Even match's estimate of the visitor (rung 0-6), else None

    def check(self) -> None:
        """Raises ValueError naming the field that cannot be stored."""
        if not is_game(self.game_id):
            raise ValueError(f"game_id {self.game_id!r} is not a known game")
        if self.opponent not in OPPONENTS:
            raise ValueError(f"opponent {self.opponent!r}: expected one of {OPPONENTS}")
        if self.result not in RESULTS:
            raise ValueError(f"result {self.result!r}: expected one of {RESULTS}")
        if self.moves < 0 or not (math.isfinite(self.duration_s) and self.duration_s >= 0):
            raise ValueError(
                f"moves {self.moves!r}, duration_s {self.duration_s!r}: expected a number of "
                "moves and of seconds, neither negative (nor NaN or infinite)"
            )
        if self.level is not None and not (math.isfinite(self.level) and 0 <= self.level <= 6):
            raise ValueError(f"level {self.level!r}: expected a rung from 0 to 6")


@dataclass
class StatsSummary:
    """What the admin panel draws."""

    per_day: list[tuple[str, int]] = field(
        default_factory=list
    )  # (YYYY-MM-DD, games), oldest first
    per_language: dict[str, int] = field(default_factory=dict)
    # game -> (visitor wins, finished games against the computer)
    visitor_wins: dict[str, tuple[int, int]] = field(default_factory=dict)
    # strength -> (visitor wins, finished games against the computer at that strength)
    wins_per_strength: dict[str, tuple[int, int]] = field(default_factory=dict)
    total: int = 0
    stored: str = ""  # where the rows live ("memory only" when the file could not be used)


_INSERT = f"INSERT INTO games ({', '.join(_COLUMNS)}) VALUES ({', '.join('?' for _ in _COLUMNS)})"


# sqlite3 decodes SQLite's messages, which quote the file's own schema: a damaged schema makes
# the error itself a UnicodeDecodeError, anywhere a statement runs
_DB_ERRORS = (sqlite3.Error, UnicodeDecodeError)


class _Unfit(sqlite3.DatabaseError):
    """The file opens but is not a sound statistics file: a page fails SQLite's own check, or
    its ``games`` table has another shape (another program's file)."""


_EXPECTED_COLUMNS = ("id", *_COLUMNS)
# a file written before the level column: ours, and given the column when opened
_LEGACY_COLUMNS = _EXPECTED_COLUMNS[:-1]


def _corrupt(exc: BaseException) -> bool:
    """The file is damaged or foreign (not an SQLite file, a page overwritten, a table of
    another shape), not merely busy: such a file refuses every game until it is moved aside."""
    if isinstance(exc, UnicodeDecodeError | _Unfit):
        return True
    text = str(exc)
    return any(
        words in text
        for words in (
            "not a database",
            "malformed",
            "no column named",
            "has no column",
            "Could not decode",  # a schema whose text is not text
        )
    )


def _text(raw: bytes) -> str:
    """A text cell as read: bytes that are not UTF-8 (a page fault, another program) become
    U+FFFD, so that one bad byte costs one cell, not every query and export of the file."""
    return raw.decode("utf-8", "replace")


def _check_fit(db: sqlite3.Connection) -> None:
    """Raises ``_Unfit`` when the file is damaged or its table is not ours.  ``count(*)`` alone
    is no proof: SQLite answers it from the index, and a damaged table page goes unseen."""
    columns = tuple(row[1] for row in db.execute("PRAGMA table_info(games)"))
    if columns and columns not in (_EXPECTED_COLUMNS, _LEGACY_COLUMNS):
        raise _Unfit(f"its table 'games' has other columns: {', '.join(columns)}")
    _check_sound(db)


def _check_sound(db: sqlite3.Connection) -> None:
    """Raises ``_Unfit`` when SQLite's own check finds a page damaged.  Inside a transaction
    it sees the pages as they would be committed.  About 20 ms for 200,000 games."""
    found = [row[0] for row in db.execute("PRAGMA quick_check(5)")]
    if found != ["ok"]:
        raise _Unfit(f"SQLite's check finds it damaged: {'; '.join(map(str, found))[:300]}")


def _safe_cell(value: object) -> object:
    """A cell as a spreadsheet may read it: a line break kept inside its row (a bare CR splits
    a row in many readers) and a text starting like a formula (``=cmd|...``) made plain text."""
    if not isinstance(value, str):
        return value
    text = value.replace("\r", "\\r").replace("\n", "\\n")
    if text[:1] in ("=", "+", "-", "@", "\t"):
        text = "'" + text
    return text


def write_csv(rows: Iterable[tuple[object, ...]], out: IO[str]) -> int:
    """The header and ``rows`` as CSV, every field quoted; the number of rows written."""
    writer = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_ALL)
    writer.writerow(_COLUMNS)
    count = 0
    for row in rows:
        writer.writerow([_safe_cell(cell) for cell in row])
        count += 1
    return count


class StatsError(Exception):
    """The statistics cannot be read for an export; the message names the file."""


class Stats:
    """The statistics database.  Every method is safe to call whatever the disk does.

    A game that cannot be written (the file locked by another program, a full disk, a read-only
    mount, a table of another shape) is kept in ``pending`` and written with the next game, or
    at the end of the run; only a run that ends before the file takes them loses them, and then
    the log holds each row."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_stats_path()
        self.in_memory = False
        self.problem: str | None = None
        self.pending: list[tuple[object, ...]] = []  # rows not yet in the file, oldest first
        # rows the table itself refuses (a constraint added by hand): set aside, each logged whole
        self.set_aside: list[tuple[object, ...]] = []
        # the summaries' queries that failed (a label of [stats] and its fields), for the panel
        self.unread: dict[str, dict[str, object]] = {}
        self._lock = threading.Lock()
        self._write_failed = False
        # where a damaged or foreign file was moved this run (the admin panel names it)
        self.moved_aside: Path | None = None
        self._db = self._open()

    # -- opening -------------------------------------------------------------------------------

    def _connect(self, target: str) -> sqlite3.Connection:
        # checked on a connection of its own, so that the kiosk's starts with no page cached:
        # a page damaged later is then read from the disk, and found, at the next write
        probe = sqlite3.connect(target, timeout=2.0)
        try:
            # before the schema: a foreign table must be found, not extended with an index
            _check_fit(probe)
        finally:
            probe.close()
        db = sqlite3.connect(target, check_same_thread=False, timeout=2.0)
        db.text_factory = _text
        try:
            db.executescript(_SCHEMA)
            columns = tuple(row[1] for row in db.execute("PRAGMA table_info(games)"))
            if columns == _LEGACY_COLUMNS:
                with db:
                    db.execute("ALTER TABLE games ADD COLUMN level REAL")
        except BaseException:
            db.close()
            raise
        return db

    def _open_file(self) -> sqlite3.Connection:
        """The file's connection; a damaged file is moved aside and a new one started.  Raises
        ``sqlite3.Error`` or ``OSError`` when the file cannot be used now."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            return self._connect(str(self.path))
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
            if not (_corrupt(exc) and self.path.is_file()):
                raise
            aside = self._move_aside(exc)
            if aside is None:
                raise
            db = self._connect(str(self.path))
            self._recover_from(aside, db)
            return db

    def _open(self) -> sqlite3.Connection:
        try:
            return self._open_file()
        except (*_DB_ERRORS, OSError) as exc:
            return self._memory(exc)

    def _move_aside(self, why: BaseException) -> Path | None:
        stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
        aside = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        try:
            self.path.rename(aside)
        except OSError as exc:
            log.warning(
                "statistics file %s is damaged (%s) and cannot be moved (%s)", self.path, why, exc
            )
            return None
        for suffix in ("-journal", "-wal", "-shm"):  # the damaged file's own, not the new one's
            extra = self.path.with_name(self.path.name + suffix)
            try:
                extra.rename(aside.with_name(aside.name + suffix))
            except OSError:
                pass
        log.warning(
            "statistics file %s is damaged or not ours (%s): moved to %s, starting afresh",
            self.path,
            why,
            aside,
        )
        self.moved_aside = aside
        return aside

    def _recover_from(self, aside: Path, db: sqlite3.Connection) -> None:
        """Copy into the new file every game the old one still gives (a damaged index page
        leaves the table readable); a table without our columns is another program's and stays
        as it is.  What cannot be read stays in the file moved aside."""
        rows: list[tuple[object, ...]] = []
        wanted, last = "", None  # the columns asked for, the id of the last game read
        try:
            old = sqlite3.connect(f"file:{aside}?mode=ro", uri=True, timeout=2.0)
        except _DB_ERRORS:
            return
        old.text_factory = _text
        try:
            columns = tuple(row[1] for row in old.execute("PRAGMA table_info(games)"))
            if set(_COLUMNS[:-1]) <= set(columns):  # ours, perhaps with a column added by hand
                # a file from before the level column gives its games without one
                wanted = ", ".join(c if c in columns else "NULL" for c in _COLUMNS)
                for row_id, *row in old.execute(f"SELECT id, {wanted} FROM games ORDER BY id"):
                    rows.append(tuple(row))
                    last = row_id
        except _DB_ERRORS as exc:
            log.warning(
                "statistics: %s gave back %d games, then failed (%s)", aside, len(rows), exc
            )
            # a page damaged in the middle: the games after it, read from the end backwards
            # (the latest ones, those this run wrote, are there)
            tail: list[tuple[object, ...]] = []
            try:
                for _row_id, *row in (
                    old.execute(
                        f"SELECT id, {wanted} FROM games WHERE id > ? ORDER BY id DESC",
                        (-1 if last is None else last,),
                    )
                    if wanted
                    else ()
                ):
                    tail.append(tuple(row))
            except _DB_ERRORS:
                pass  # what is left between stays in the file moved aside
            if tail:
                log.warning("statistics: %s gave back %d more from its end", aside, len(tail))
            rows += reversed(tail)
        finally:
            old.close()
        if not rows:
            return
        try:
            with db:
                db.executemany(_INSERT, rows)
        except _DB_ERRORS as exc:
            log.warning(
                "statistics: the games of %s not copied into %s (%s)", aside, self.path, exc
            )
            return
        log.info("statistics: %d games of %s copied into the new %s", len(rows), aside, self.path)

    def _memory(self, exc: BaseException) -> sqlite3.Connection:
        self.in_memory = True
        self.problem = (
            f"{self.path}: statistics kept in memory only for now, written when the file can "
            f"be used ({exc})"
        )
        log.warning("%s", self.problem)
        return self._connect(":memory:")

    # -- writing -------------------------------------------------------------------------------

    def record(self, record: StatsRow) -> bool:
        """Store one game; False (and one log line) when it could not be written to the file
        yet: it is kept and written with a later game."""
        record.check()
        when = record.played_at or dt.datetime.now()
        game, variant = split_game_id(record.game_id)
        row = (
            when.isoformat(timespec="seconds"),
            when.date().isoformat(),
            game,
            variant,
            record.language,
            record.opponent,
            record.strength if record.opponent == "computer" else "",
            round(float(record.duration_s), 1),
            record.result,
            int(record.moves),
            None if record.level is None else round(float(record.level), 2),
        )
        with self._lock:
            if self.in_memory:
                # the summaries of this run read the memory database
                try:
                    with self._db:
                        self._db.execute(_INSERT, row)
                except _DB_ERRORS:
                    log.exception("statistics (%s): the memory database refused a row", self.path)
            self.pending.append(row)
            return self._flush()

    def _flush(self, again: bool = True) -> bool:
        """Write every pending row to the file (opening it again if it could not be used);
        True when none is left.  Called with the lock held."""
        if self.in_memory:
            try:
                db = self._open_file()
            except (*_DB_ERRORS, OSError) as exc:
                return self._not_written(exc)
            waiting = len(self.pending)
            try:
                self._insert_pending(db)
            except _DB_ERRORS as exc:
                db.close()
                return self._not_written(exc)
            self._db.close()
            self._db, self.in_memory = db, False
            log.info("statistics file %s usable again: %d games written", self.path, waiting)
        else:
            try:
                if self._write_failed:  # the table may have been put right since
                    self._db.executescript(_SCHEMA)
                self._insert_pending(self._db)
            except _DB_ERRORS as exc:
                if not (_corrupt(exc) and again):
                    return self._not_written(exc)
                # damaged beyond the check made at the start (a page overwritten): the file is
                # moved aside and a new one started, or the rows kept in memory meanwhile
                self._db.close()
                self._db = self._open()
                if self.in_memory:
                    self._remember_pending()
                    return self._not_written(exc)
                return self._flush(again=False)
        self.pending.clear()
        self._write_failed = False
        self.problem = None
        return True

    def _insert_pending(self, db: sqlite3.Connection) -> None:
        """Write the pending rows in one transaction; should the table refuse one (a constraint
        of its own), each row alone: a refused row is set aside (logged whole), never keeps the
        others waiting.  Any other error is raised, the rows not yet written still pending.

        SQLite writes into a page damaged since the start without a word, and such a page may
        not be readable again (not even by the recovery): so each write is checked before it
        is committed, and a file found damaged then takes none of the rows."""
        try:
            with db:
                db.executemany(_INSERT, self.pending)
                _check_sound(db)
            self.pending.clear()
            return
        except sqlite3.IntegrityError:
            pass
        while self.pending:
            row = self.pending[0]
            try:
                with db:
                    db.execute(_INSERT, row)
                    _check_sound(db)
            except sqlite3.IntegrityError as exc:
                log.error(
                    "statistics: %s refuses this game (%s); set aside, not written: %s",
                    self.path,
                    exc,
                    ",".join(map(str, row)),
                )
                self.set_aside.append(row)
            self.pending.pop(0)

    def _remember_pending(self) -> None:
        """The memory database (what the admin panel counts) gets the rows still pending."""
        try:
            with self._db:
                self._db.executemany(_INSERT, self.pending)
        except _DB_ERRORS:
            log.exception(
                "statistics (%s): the memory database refused the pending rows", self.path
            )

    def _not_written(self, exc: BaseException) -> bool:
        if not self._write_failed:
            self._write_failed = True
            self.problem = f"{self.path}: statistics not written yet, kept in memory ({exc})"
            log.warning("%s", self.problem)
        return False

    # -- reading -------------------------------------------------------------------------------

    def _query(
        self, sql: str, args: Iterable[object] = (), what: str = "", **fields: object
    ) -> list[tuple[Any, ...]]:
        """The rows of ``sql``; none when it fails, which is logged and kept in ``unread`` under
        ``what`` (its label in ``[stats]``, with ``fields``) for the admin panel to name.  A file
        found damaged since the start (an index page overwritten: the writes may still pass) is
        moved aside, the games it still gives copied, and asked again."""
        try:
            with self._lock:
                try:
                    rows = self._db.execute(sql, tuple(args)).fetchall()
                except _DB_ERRORS as exc:
                    if self.in_memory or not _corrupt(exc):
                        raise
                    self._db.close()
                    self._db = self._open()
                    if self.in_memory:
                        self._remember_pending()
                    rows = self._db.execute(sql, tuple(args)).fetchall()
        except _DB_ERRORS as exc:
            log.warning("statistics query on %s failed (%s): %s", self.path, exc, what)
            self.unread[what] = fields
            return []
        self.unread.pop(what, None)
        return rows

    def games_per_day(self, days: int = 14, today: dt.date | None = None) -> list[tuple[str, int]]:
        """The last ``days`` days, oldest first, days without a game included (as 0)."""
        today = today or dt.date.today()
        first = today - dt.timedelta(days=days - 1)
        counts = dict(
            self._query(
                "SELECT day, count(*) FROM games WHERE day >= ? AND day <= ? GROUP BY day",
                (first.isoformat(), today.isoformat()),
                "stats.per_day",
                days=days,
            )
        )
        out = []
        for n in range(days):
            day = (first + dt.timedelta(days=n)).isoformat()
            out.append((day, int(counts.get(day, 0))))
        return out

    def games_per_language(self) -> dict[str, int]:
        rows = self._query(
            "SELECT language, count(*) FROM games GROUP BY language ORDER BY count(*) DESC",
            what="stats.per_language",
        )
        return {lang: int(n) for lang, n in rows}

    def visitor_wins_per_game(self) -> dict[str, tuple[int, int]]:
        """game -> (visitor wins, finished games against the computer); abandoned ones left out."""
        rows = self._query(
            "SELECT game, sum(result = 'visitor'), count(*) FROM games "
            "WHERE opponent = 'computer' AND result != 'abandoned' GROUP BY game",
            what="stats.visitor_wins",
        )
        return {game: (int(wins or 0), int(n)) for game, wins, n in rows}

    def visitor_wins_per_strength(self) -> dict[str, tuple[int, int]]:
        """strength -> (visitor wins, finished games against the computer), in the order the
        set-up screen offers the strengths; abandoned games left out."""
        from ludique.ai import STRENGTHS

        rows = self._query(
            "SELECT strength, sum(result = 'visitor'), count(*) FROM games "
            "WHERE opponent = 'computer' AND result != 'abandoned' GROUP BY strength",
            what="stats.wins_per_strength",
        )
        found = {strength: (int(wins or 0), int(n)) for strength, wins, n in rows}
        return {s: found[s] for s in STRENGTHS if s in found}

    def total(self) -> int:
        rows = self._query("SELECT count(*) FROM games", what="stats.total", total="?", week="?")
        return int(rows[0][0]) if rows else 0

    def summary(self, days: int = 14, today: dt.date | None = None) -> StatsSummary:
        return StatsSummary(
            per_day=self.games_per_day(days, today),
            per_language=self.games_per_language(),
            visitor_wins=self.visitor_wins_per_game(),
            wins_per_strength=self.visitor_wins_per_strength(),
            total=self.total(),
            stored="memory only" if self.in_memory else str(self.path),
        )

    def export_csv(self, out: IO[str]) -> int:
        """Every game of this run's database as CSV (header first), the games still waiting
        for the file included; the number of rows written.  Raises ``StatsError`` naming the
        file when the rows cannot be read (a header alone would look like no game played)."""
        with self._lock:
            try:
                rows = self._db.execute(
                    f"SELECT {', '.join(_COLUMNS)} FROM games ORDER BY id"
                ).fetchall()
            except _DB_ERRORS as exc:
                raise StatsError(f"{self.path}: cannot be read ({exc})") from None
            if not self.in_memory:  # the memory database holds the pending rows already
                rows += self.pending
        return write_csv(rows, out)

    def close(self) -> None:
        """Write what is pending (a last try), then close.  Rows the file still refuses are
        logged one by one, so that a curator can add them by hand."""
        with self._lock:
            if self.pending:
                self._flush()
            for row in self.pending:
                log.error(
                    "statistics: game not written to %s: %s", self.path, ",".join(map(str, row))
                )
            self.pending.clear()
            try:
                self._db.close()
            except _DB_ERRORS:
                pass


def export_file(path: Path, out: IO[str]) -> int:
    """Every row of the database at ``path`` as CSV, read-only (header first); the number of
    rows.  Raises ``StatsError`` naming the file when it is missing or cannot be read whole."""
    if not path.is_file():
        raise StatsError(f"{path}: no statistics database there")
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=2.0)
    except _DB_ERRORS as exc:
        raise StatsError(f"{path}: cannot be opened ({exc})") from None
    db.text_factory = _text
    try:
        rows = db.execute(f"SELECT {', '.join(_COLUMNS)} FROM games ORDER BY id").fetchall()
    except _DB_ERRORS as exc:
        raise StatsError(f"{path}: cannot be read ({exc})") from None
    finally:
        db.close()
    damaged = sum(any(isinstance(c, str) and "\ufffd" in c for c in row) for row in rows)
    if damaged:
        log.warning(
            "statistics: %s: %d games have text that is not UTF-8, exported with U+FFFD in its "
            "place",
            path,
            damaged,
        )
    return write_csv(rows, out)


def log_game_started(game_id: str, language: str, opponent: str, strength: str) -> None:
    log.info(
        "game started: %s, %s, against %s%s",
        game_id,
        language,
        opponent,
        f" ({strength})" if opponent == "computer" else "",
    )


def log_game_finished(record: StatsRow) -> None:
    log.info(
        "game finished: %s, %s, against %s, result %s after %d moves in %.0f s",
        record.game_id,
        record.language,
        record.opponent,
        record.result,
        record.moves,
        record.duration_s,
    )


def record_from_kiosk(game: GameRecord) -> StatsRow:
    """The statistics row for a match's ``GameRecord`` (its optional fields read with a
    default: a test may hand any object that has the game and the language)."""
    reason = getattr(game, "reason", None)
    opponent = getattr(game, "opponent", "computer")
    winner = getattr(game, "winner", None)
    if reason == "abandoned":
        result = "abandoned"
    elif winner is None:
        result = "draw"
    elif opponent == "computer":
        result = "visitor" if getattr(game, "visitor_won", False) else "computer"
    else:
        result = "finished"
    return StatsRow(
        game_id=game.game_id,
        language=game.language,
        opponent=opponent,
        strength=getattr(game, "strength", None) or "",
        duration_s=max(0.0, float(getattr(game, "duration", 0.0))),
        result=result,
        moves=int(getattr(game, "moves", 0)),
        level=_level_of(getattr(game, "extra", None)),
    )


def _level_of(extra: object) -> float | None:
    """Even match's last estimate of the visitor (``GameRecord.extra["skill"]["rung"]``)."""
    skill = extra.get("skill") if isinstance(extra, dict) else None
    rung = skill.get("rung") if isinstance(skill, dict) else None
    if isinstance(rung, int | float) and not isinstance(rung, bool) and 0 <= rung <= 6:
        return float(rung)
    return None


class StatsPort:
    """What the kiosk asks of its statistics, handed to it when it is made
    (``ludique.ui.app.App(stats=...)``): a game started is logged, a game finished or abandoned
    is logged and recorded, and the curator's panel reads the summary (drawn by
    ``ludique.ui.charts``), its lines and the file's problem."""

    def __init__(self, stats: Stats) -> None:
        self.stats = stats

    def game_started(self, game_id: str, language: str, opponent: str, strength: str) -> None:
        log_game_started(game_id, language, opponent, strength)

    def game_finished(self, game: GameRecord) -> None:
        record = record_from_kiosk(game)
        log_game_finished(record)
        self.stats.record(record)

    def summary(self) -> StatsSummary:
        return self.stats.summary()

    def lines(self, lang: str) -> list[str]:
        return stats_lines(self.stats, lang)

    def problem(self, lang: str) -> str | None:
        return stats_problem(self.stats, lang)


def _catalog(lang: str) -> Catalog | None:
    try:
        from ludique.words.i18n import catalog

        return catalog(lang)
    except Exception:  # noqa: BLE001 - an unknown language: English labels stand in
        return None


def stats_lines(stats: Stats, lang: str) -> list[str]:
    """Three short lines for a text-only admin panel, in ``lang``."""
    cat = _catalog(lang)
    summary = stats.summary(days=7)
    week = sum(n for _, n in summary.per_day)
    langs = ", ".join(f"{k.upper()} {v}" for k, v in summary.per_language.items()) or "-"
    wins = (
        ", ".join(
            f"{stats_label(cat, f'stats.game.{g}')} {w}/{n}"
            for g, (w, n) in summary.visitor_wins.items()
        )
        or "-"
    )
    per_strength = ", ".join(
        f"{stats_label(cat, f'kiosk.strength.{s}')} {w}/{n}"
        for s, (w, n) in summary.wins_per_strength.items()
    )
    if per_strength:
        wins += " · " + per_strength
    lines = [
        stats_label(cat, "stats.total", total=summary.total, week=week),
        stats_label(cat, "stats.per_language") + ": " + langs,
        stats_label(cat, "stats.visitor_wins") + ": " + wins,
    ]
    if stats.in_memory:
        lines[0] += " - " + stats_label(cat, "stats.memory_only")
    return lines


def stats_problem(stats: Stats, lang: str) -> str | None:
    """The statistics' problem for the admin panel, in ``lang`` (None when all is well); the
    log holds the path and the database's own message."""
    cat = _catalog(lang)
    said: list[str] = []
    if stats.moved_aside is not None:
        said.append(stats_label(cat, "error.stats-aside", path=stats.moved_aside.name))
    if stats.problem is not None:
        said.append(stats_label(cat, "error.stats", why=stats_label(cat, "error.why.system")))
    if stats.unread:
        what = ", ".join(stats_label(cat, key, **fields) for key, fields in stats.unread.items())
        said.append(stats_label(cat, "error.stats-read", what=what))
    return " ".join(said) or None


# -- the words of the admin panel's lines and charts ----------------------------------------------


def stats_label(catalog: Catalog | None, key: str, **fields: object) -> str:
    """The words of ``key`` in ``catalog``'s language (the statistics' lines and charts)."""
    # the words live in locales/<lang>/common.toml; without a catalogue, English
    catalog = catalog or _catalog("en")
    return catalog.t(key, **fields) if catalog is not None else key
