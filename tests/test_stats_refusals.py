"""The statistics file's refusals: a game the table refuses is set aside alone and never blocks
the games after it; a NaN or infinite duration is refused before it reaches the table; a query
of the admin panel that fails is named on the panel."""

from __future__ import annotations

import logging
import math
import sqlite3
from pathlib import Path

import pytest
from test_stats import game

from ludique.kiosk.stats import Stats, stats_problem

# our columns, with a CHECK of its own that the kiosk never asked for (another program's, or a
# curator's): the shape is ours, so the file is used, and some rows are refused
FOREIGN_CHECK = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY, played_at TEXT NOT NULL, day TEXT NOT NULL, game TEXT NOT NULL,
    variant TEXT NOT NULL, language TEXT NOT NULL, opponent TEXT NOT NULL,
    strength TEXT NOT NULL, duration_s REAL NOT NULL, result TEXT NOT NULL,
    moves INTEGER NOT NULL CHECK (moves < 500), level REAL
);
"""


@pytest.mark.parametrize("duration", [math.nan, math.inf, -math.inf])
def test_a_duration_that_is_no_number_of_seconds_is_refused_by_name(
    tmp_path: Path, duration: float
) -> None:
    stats = Stats(tmp_path / "s.sqlite3")
    with pytest.raises(ValueError, match="duration_s"):
        stats.record(game(duration_s=duration))
    with pytest.raises(ValueError, match="level"):
        stats.record(game(level=math.nan))
    assert stats.total() == 0 and not stats.pending
    assert stats.record(game())  # and the next game is written
    stats.close()


def test_a_row_the_table_refuses_is_set_aside_alone_and_logged_whole(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "s.sqlite3"
    db = sqlite3.connect(path)
    db.executescript(FOREIGN_CHECK)
    db.close()
    stats = Stats(path)
    with caplog.at_level(logging.ERROR):
        assert stats.record(game(moves=900))  # refused by the table: set aside, not pending
    assert stats.set_aside and not stats.pending
    assert "set aside" in caplog.text and str(path) in caplog.text and ",900," in caplog.text
    for moves in (10, 20, 30):  # the games after it are written, each at once
        assert stats.record(game(moves=moves))
        assert not stats.pending
    stats.close()
    db = sqlite3.connect(path)
    assert [m for (m,) in db.execute("SELECT moves FROM games ORDER BY id")] == [10, 20, 30]
    db.close()


def test_a_refused_row_among_games_waiting_for_the_file_keeps_none_of_them_waiting(
    tmp_path: Path,
) -> None:
    path = tmp_path / "s.sqlite3"
    db = sqlite3.connect(path)
    db.executescript(FOREIGN_CHECK)
    db.close()
    stats = Stats(path)
    # three games waiting for the file (a lock, a full disk...), the first one refused by it
    stats.pending = [stats_row(stats, moves) for moves in (900, 11, 12)]
    assert stats.record(game(moves=13))
    assert not stats.pending and len(stats.set_aside) == 1
    stats.close()
    db = sqlite3.connect(path)
    assert [m for (m,) in db.execute("SELECT moves FROM games ORDER BY id")] == [11, 12, 13]
    db.close()


def stats_row(stats: Stats, moves: int) -> tuple[object, ...]:
    """The row ``record`` writes for a game of ``moves`` moves (read back from a file of its
    own)."""
    probe = Stats(stats.path.with_name(f"probe-{moves}.sqlite3"))
    probe.record(game(moves=moves))
    row = probe._db.execute(
        "SELECT played_at, day, game, variant, language, opponent, strength, duration_s, "
        "result, moves, level FROM games"
    ).fetchone()
    probe.close()
    return tuple(row)


def test_the_panel_names_the_statistics_it_cannot_read(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    stats = Stats(path)
    stats.record(game())
    assert stats_problem(stats, "en") is None
    other = sqlite3.connect(path)  # the table goes from under the running kiosk
    other.execute("ALTER TABLE games RENAME TO elsewhere")
    other.commit()
    other.close()
    summary = stats.summary()
    assert summary.per_language == {} and summary.total == 0
    said = stats_problem(stats, "en")
    assert said is not None and "Games per language" in said and "Wins against" in said
    assert "Partien pro Sprache" in (stats_problem(stats, "de") or "")
    stats.close()


def test_an_index_page_damaged_while_the_kiosk_runs_is_found_by_a_query(tmp_path: Path) -> None:
    """The writes pass (found by the fuzz: 235 games, page 31 zeroed) but the count fails: the
    file is moved aside, every game it still gives copied, and the panel counts them."""
    from test_fuzz_stats import _damage, aside, filled

    path = tmp_path / "s.sqlite3"
    filled(path, 235)
    stats = Stats(path)
    _damage(path, ("page", 31, 0))
    for n in range(3):
        assert stats.record(game(moves=1000 + n))
    summary = stats.summary()
    assert summary.total == 238 and not stats.unread
    assert aside(tmp_path) and stats.moved_aside is not None
    stats.close()
