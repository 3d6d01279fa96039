"""Fuzz: the statistics database.  Whatever the file becomes (pages overwritten, cut short,
locked, full, read-only, a table of another shape), no game played is lost while the kiosk runs,
and ``ludique stats --csv`` either prints every row or fails naming the file."""

from __future__ import annotations

import csv
import io
import sqlite3
from pathlib import Path

import pytest
from fuzzing import fuzz_settings, run, tried
from hypothesis import given
from hypothesis import strategies as st
from test_stats import game

from ludique.cli import main
from ludique.kiosk.stats import Stats, StatsError, export_file, stats_problem


def filled(path: Path, games: int = 40) -> None:
    stats = Stats(path)
    stats._db.execute("PRAGMA synchronous = OFF")  # a test's file: no need to wait for the disk
    stats.pending = []
    for n in range(games):
        stats.record(game(moves=n))
    stats.close()


def aside(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if ".corrupt-" in p.name and p.suffix != "-journal"]


def test_a_page_damaged_after_the_start_moves_the_file_aside(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    filled(path, 400)
    stats = Stats(path)  # the start's check passes: the first page is sound
    assert not stats.in_memory
    data = bytearray(path.read_bytes())
    page = 4096
    data[2 * page : len(data)] = b"\xa5" * (len(data) - 2 * page)  # later pages overwritten
    path.write_bytes(bytes(data))
    assert stats.record(game()) is True
    assert len(aside(tmp_path)) == 1
    stats.close()
    assert Stats(path).total() == 1


def test_a_schema_that_is_not_text_is_a_damaged_file(tmp_path: Path) -> None:
    """Found by the long fuzz run: one byte 0x80 in the schema made SQLite's error message
    undecodable, and ``Stats()`` raised UnicodeDecodeError out of the kiosk's start."""
    path = tmp_path / "s.sqlite3"
    filled(path, 0)
    _damage(path, ("bytes", 199983, b"\x80"))
    stats = Stats(path)
    assert stats.record(game()) is True and len(aside(tmp_path)) == 1
    stats.close()
    out = io.StringIO()
    export_file(path, out)
    assert len(out.getvalue().splitlines()) == 2


def test_a_table_of_another_shape_is_moved_aside_and_no_game_is_refused(
    tmp_path: Path, caplog
) -> None:
    """Found by the fuzz campaign of issue 37: a foreign table refused every game, run after
    run, and the file was never moved aside."""
    path = tmp_path / "s.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, something TEXT)")
    db.execute("INSERT INTO games (something) VALUES ('another program')")
    db.commit()
    db.close()
    stats = Stats(path)
    assert not stats.in_memory
    assert stats.record(game()) is True and not stats.pending
    moved = aside(tmp_path)
    assert len(moved) == 1 and str(moved[0]) in caplog.text
    assert moved[0].name in (stats_problem(stats, "de") or "")
    stats.close()
    assert Stats(path).total() == 1


def test_a_damaged_table_page_behind_a_sound_index_is_found_at_the_start(
    tmp_path: Path, caplog
) -> None:
    """``SELECT count(*)`` is answered from the index: the damaged table went unseen and every
    game was refused.  The start's check finds it; the games still readable are kept."""
    path = tmp_path / "s.sqlite3"
    filled(path, 400)
    data = bytearray(path.read_bytes())
    # the last leaf of the table's tree (type 0x0D: rows, not the index's 0x0A): overwritten
    leaves = [n for n in range(1, len(data) // 4096) if data[n * 4096] == 0x0D]
    start = leaves[-1] * 4096
    data[start : start + 4096] = b"\xa5" * 4096
    path.write_bytes(bytes(data))
    before = sqlite3.connect(path)
    assert before.execute("SELECT count(*) FROM games").fetchone()[0] == 400  # the old check
    before.close()
    stats = Stats(path)
    assert stats.record(game(moves=999)) is True
    assert len(aside(tmp_path)) == 1 and str(aside(tmp_path)[0]) in caplog.text
    out = io.StringIO()
    stats.export_csv(out)
    moves = [row["moves"] for row in csv.DictReader(io.StringIO(out.getvalue()))]
    assert moves[-1] == "999" and len(moves) > 1  # the readable games came along
    stats.close()


def test_export_csv_of_an_unreadable_database_raises_naming_the_file(tmp_path: Path) -> None:
    """It wrote a header and no row, raising nothing: an export that looked complete."""
    path = tmp_path / "s.sqlite3"
    stats = Stats(path)
    stats.record(game())
    stats._db.execute("ALTER TABLE games RENAME TO elsewhere")
    out = io.StringIO()
    with pytest.raises(StatsError, match=str(path)):
        stats.export_csv(out)
    stats.close()


def test_export_csv_includes_the_games_waiting_for_the_file(tmp_path: Path) -> None:
    stats = Stats(tmp_path / "s.sqlite3")
    stats.record(game(moves=1))
    stats._db.execute("PRAGMA query_only = 1")
    assert stats.record(game(moves=2)) is False
    out = io.StringIO()
    assert stats.export_csv(out) == 2
    assert [r["moves"] for r in csv.DictReader(io.StringIO(out.getvalue()))] == ["1", "2"]
    stats._db.execute("PRAGMA query_only = 0")
    stats.close()


@pytest.mark.parametrize(
    ("break_it", "mend_it"),
    [
        ("PRAGMA query_only = 1", "PRAGMA query_only = 0"),  # as on a read-only mount
        ("PRAGMA max_page_count = 1", "PRAGMA max_page_count = 100000"),  # a full disk
    ],
)
def test_a_read_only_or_full_disk_keeps_the_games(tmp_path: Path, break_it, mend_it) -> None:
    path = tmp_path / "s.sqlite3"
    stats = Stats(path)
    stats._db.execute("VACUUM")
    pages = stats._db.execute("PRAGMA page_count").fetchone()[0]
    stats._db.execute(break_it.replace("= 1", f"= {pages}") if "max_page" in break_it else break_it)
    results = [stats.record(game(moves=n)) for n in range(300)]
    assert results.count(False) >= 1 and stats.pending
    stats._db.execute(mend_it)
    assert stats.record(game()) is True
    assert stats.total() == 301


def test_a_lock_at_the_start_keeps_the_games_and_writes_them_once_it_is_gone(
    tmp_path: Path,
) -> None:
    path = tmp_path / "s.sqlite3"
    filled(path, 1)
    blocker = sqlite3.connect(path, timeout=0)
    blocker.execute("BEGIN EXCLUSIVE")
    stats = Stats(path)  # waits 2 s, then runs from memory
    assert stats.in_memory
    assert stats.record(game()) is False
    blocker.rollback()
    blocker.close()
    assert stats.record(game()) is True
    assert not stats.in_memory and stats.total() == 3


def test_games_the_file_never_takes_are_logged_row_by_row_at_the_end(
    tmp_path: Path, caplog
) -> None:
    stats = Stats(tmp_path / "s.sqlite3")
    stats._db.execute("PRAGMA query_only = 1")
    stats.record(game(moves=77))
    stats.close()
    assert "game not written" in caplog.text and ",77" in caplog.text


def test_csv_with_an_undecodable_cell_exports_every_game_the_cell_replaced(
    tmp_path: Path, capsys, caplog
) -> None:
    """One bad byte (a page fault, another program) costs one cell, not the export: SQLite's
    check passes such a file, so it is never moved aside and the export must read it."""
    path = tmp_path / "s.sqlite3"
    filled(path, 3)
    db = sqlite3.connect(path)
    db.execute("UPDATE games SET language = CAST(X'66FF72' AS TEXT) WHERE id = 2")
    db.commit()
    db.close()
    assert main(["stats", "--csv", "--db", str(path)]) == 0
    out = capsys.readouterr()
    rows = list(csv.DictReader(io.StringIO(out.out)))
    assert [row["language"] for row in rows] == ["fr", "f\ufffdr", "fr"]
    assert str(path) in caplog.text and "not UTF-8" in caplog.text  # stderr without a handler
    # the kiosk reads it too: the panel counts every game, names no problem, moves nothing
    stats = Stats(path)
    assert stats.games_per_language() == {"fr": 2, "f\ufffdr": 1}
    assert stats.total() == 3 and stats_problem(stats, "en") is None
    assert stats.moved_aside is None
    stats.close()


@pytest.mark.parametrize("content", [None, b"not a database at all " * 50, b""])
def test_csv_of_a_database_that_cannot_be_opened_fails_naming_the_file(
    tmp_path: Path, capsys, content
) -> None:
    path = tmp_path / "s.sqlite3"
    if content is not None:
        path.write_bytes(content)
    assert main(["stats", "--csv", "--db", str(path)]) != 0
    assert str(path) in capsys.readouterr().err


# -- the fuzz ------------------------------------------------------------------------------------

damage = st.one_of(
    st.tuples(st.just("bytes"), st.integers(0, 200_000), st.binary(min_size=1, max_size=600)),
    st.tuples(st.just("cut"), st.integers(0, 200_000)),
    st.tuples(st.just("page"), st.integers(0, 60), st.integers(0, 255)),
    st.tuples(
        st.just("sql"),
        st.sampled_from(
            [
                "DROP TABLE games",
                "ALTER TABLE games RENAME TO other",
                "UPDATE games SET language = CAST(X'C3' AS TEXT) WHERE id % 7 = 0",
                "UPDATE games SET moves = 'many'",
                "CREATE TABLE t (x)",
                "PRAGMA journal_mode = WAL",
                "DELETE FROM games",
            ]
        ),
    ),
)


def _damage(path: Path, how: tuple) -> None:
    kind = how[0]
    if kind == "sql":
        db = sqlite3.connect(path)
        try:
            db.execute(how[1])
            db.commit()
        finally:
            db.close()
        return
    data = bytearray(path.read_bytes())
    if kind == "bytes":
        at = how[1] % max(1, len(data))
        data[at : at + len(how[2])] = how[2]
    elif kind == "cut":
        del data[how[1] % max(1, len(data)) :]
    else:
        page = 4096 * (how[1] % max(1, len(data) // 4096))
        data[page : page + 4096] = bytes([how[2]]) * 4096
    path.write_bytes(bytes(data))


@given(
    rows=st.integers(0, 300), harms=st.lists(damage, min_size=1, max_size=3), at_start=st.booleans()
)
@fuzz_settings(examples=80)
def _damaged(tmp: Path, rows: int, harms: list[tuple], at_start: bool) -> None:
    tried("statistics")
    for old in tmp.iterdir():
        old.unlink()
    path = tmp / "s.sqlite3"
    filled(path, rows)
    stats = None if at_start else Stats(path)
    for how in harms:
        try:
            _damage(path, how)
        except sqlite3.Error:
            pass  # the damage before made the file refuse this one
    stats = stats or Stats(path)
    for n in range(3):
        stats.record(game(moves=1000 + n))
    summary = stats.summary()
    assert summary.total >= 3 or stats.pending or stats.in_memory
    assert stats.total() >= 3 or stats.pending
    stats.close()
    # after the run: the three games are in the file (a new one when the old was moved aside)
    out = io.StringIO()
    try:
        export_file(path, out)
    except StatsError as exc:
        assert str(path) in str(exc)
        return
    moves = [row["moves"] for row in csv.DictReader(io.StringIO(out.getvalue()))]
    assert {"1000", "1001", "1002"} <= set(moves), "games lost"


def test_fuzz_damaged_databases(tmp_path: Path) -> None:
    run(lambda: _damaged(tmp_path))


def test_a_game_written_after_a_page_was_damaged_is_not_lost(tmp_path: Path) -> None:
    """Found by the fuzzer above: SQLite wrote the next game into a page damaged since the
    start without a word, and neither the recovery nor an export could read that page again.
    Each write is now checked before it is committed."""
    path = tmp_path / "s.sqlite3"
    filled(path, 71)
    stats = Stats(path)
    _damage(path, ("bytes", 99997, b"\x00"))  # one byte of the last games' page
    for n in range(3):
        assert stats.record(game(moves=1000 + n)) is True
    stats.close()
    (moved,) = aside(tmp_path)
    with pytest.raises(StatsError):  # the damage is real: the file moved aside reads no more
        export_file(moved, io.StringIO())
    out = io.StringIO()
    export_file(path, out)
    moves = [row["moves"] for row in csv.DictReader(io.StringIO(out.getvalue()))]
    assert moves[-3:] == ["1000", "1001", "1002"]
    assert moves[:60] == [str(n) for n in range(60)]  # the old games before the damage kept


def test_a_statistics_warning_names_the_file(tmp_path: Path, caplog) -> None:
    path = tmp_path / "s.sqlite3"
    stats = Stats(path)
    stats.record(game())
    stats._db.execute("ALTER TABLE games RENAME TO elsewhere")
    caplog.clear()
    assert stats.games_per_language() == {}
    warnings = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
    assert warnings and all(str(path) in w for w in warnings)
    stats.close()
