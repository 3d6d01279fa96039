"""Play statistics: rows, the admin panel's figures, CSV export, and a disk that misbehaves."""

from __future__ import annotations

import csv
import datetime as dt
import io
import sqlite3
from pathlib import Path

import pygame
import pytest

from ludique.kiosk.stats import Stats, StatsRow, StatsSummary, stats_lines
from ludique.ui.charts import ChartStyle, draw_stats_chart

DAY = dt.datetime(2026, 11, 20, 15, 0)


def game(game_id: str = "pente-grammai", **kw: object) -> StatsRow:
    values: dict[str, object] = dict(
        game_id=game_id,
        language="fr",
        opponent="computer",
        strength="player",
        duration_s=123.4,
        result="visitor",
        moves=31,
        played_at=DAY,
    )
    values.update(kw)
    return StatsRow(**values)  # type: ignore[arg-type]


def test_rows_and_figures(tmp_path: Path) -> None:
    stats = Stats(tmp_path / "s.sqlite3")
    assert stats.record(game())
    assert stats.record(game("latrunculi-dux", result="computer", language="de"))
    assert stats.record(game("latrunculi-seneca", result="visitor", language="de"))
    assert stats.record(game("epaminondas", result="abandoned", language="en"))
    assert stats.record(
        game(
            "epaminondas", opponent="two-players", result="finished", played_at=DAY.replace(day=18)
        )
    )
    assert stats.total() == 5
    assert stats.games_per_language() == {"de": 2, "fr": 2, "en": 1}
    # abandoned games and two-player games do not count in visitor wins
    assert stats.visitor_wins_per_game() == {"latrunculi": (1, 2), "pente-grammai": (1, 1)}
    per_day = stats.games_per_day(5, today=dt.date(2026, 11, 21))
    assert per_day == [
        ("2026-11-17", 0),
        ("2026-11-18", 1),
        ("2026-11-19", 0),
        ("2026-11-20", 4),
        ("2026-11-21", 0),
    ]
    stats.close()
    # the rows outlive the program
    again = Stats(tmp_path / "s.sqlite3")
    assert again.total() == 5 and not again.in_memory


def test_csv_export_has_every_field_and_nothing_personal(tmp_path: Path) -> None:
    stats = Stats(tmp_path / "s.sqlite3")
    stats.record(game("latrunculi-piso", opponent="two-players", result="finished"))
    out = io.StringIO()
    assert stats.export_csv(out) == 1
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert rows == [
        {
            "played_at": "2026-11-20T15:00:00",
            "day": "2026-11-20",
            "game": "latrunculi",
            "variant": "piso",
            "language": "fr",
            "opponent": "two-players",
            "strength": "",
            "duration_s": "123.4",
            "result": "finished",
            "moves": "31",
            "level": "",
        }
    ]


@pytest.mark.parametrize(
    ("field", "value"),
    [("game_id", "chess"), ("opponent", "robot"), ("result", "won?"), ("moves", -1)],
)
def test_bad_record_is_refused_by_name(tmp_path: Path, field: str, value: object) -> None:
    stats = Stats(tmp_path / "s.sqlite3")
    with pytest.raises(ValueError, match=field.split("_")[0]):
        stats.record(game(**{field: value}))
    assert stats.total() == 0


def test_corrupt_database_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    path.write_bytes(b"this is not SQLite at all, " * 100)
    stats = Stats(path)
    assert not stats.in_memory
    assert stats.record(game()) and stats.total() == 1
    aside = [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"this is not SQLite")


def test_unusable_folder_keeps_statistics_in_memory(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    stats = Stats(blocker / "stats.sqlite3")  # refused even for root
    assert stats.in_memory and stats.problem and "memory only" in stats.problem
    # not in the file (False) but counted, and kept to be written once the file can be used
    assert stats.record(game()) is False and stats.total() == 1 and len(stats.pending) == 1
    assert stats.summary().stored == "memory only"


def test_a_failing_write_is_logged_once_and_never_raises(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "s.sqlite3"
    stats = Stats(path)
    stats.record(game())
    # another program holds the write lock (as a stuck backup would): inserts fail
    blocker = sqlite3.connect(path)
    blocker.execute("BEGIN EXCLUSIVE")
    stats._db.execute("PRAGMA busy_timeout = 10")
    with caplog.at_level("WARNING", logger="ludique.kiosk.stats"):
        assert stats.record(game()) is False
        assert stats.record(game()) is False
    assert sum("not written" in r.getMessage() for r in caplog.records) == 1
    blocker.rollback()
    assert stats.record(game()) is True
    assert stats.total() == 4  # the two games refused under the lock are written now


def test_chart_draws_bars(tmp_path: Path) -> None:
    pygame.init()
    surface = pygame.Surface((1200, 400))
    surface.fill((0, 0, 0))
    stats = Stats(tmp_path / "s.sqlite3")
    for n in range(6):
        stats.record(game(result="visitor" if n % 2 else "computer", played_at=dt.datetime.now()))
    summary = stats.summary()
    style = ChartStyle(title_size=28, word_size=24, floor=24)
    boxes = draw_stats_chart(surface, pygame.Rect(20, 20, 1160, 360), summary, None, style)
    assert len(boxes) == 4 and all(pygame.Rect(20, 20, 1160, 360).contains(box) for box in boxes)
    bar = (214, 176, 102)
    accent = (120, 190, 140)
    colours = {surface.get_at((x, y))[:3] for x in range(0, 1200, 3) for y in range(0, 400, 3)}
    assert bar in colours and accent in colours
    # an empty summary draws frames and titles only, without failing
    draw_stats_chart(surface, pygame.Rect(0, 0, 600, 200), StatsSummary(), None, style)


@pytest.mark.parametrize(
    ("opponent", "winner", "reason", "visitor_won", "result"),
    [
        ("computer", "white", "crossing", True, "visitor"),
        ("computer", "black", "crossing", False, "computer"),
        ("computer", None, "abandoned", None, "abandoned"),
        ("two-players", "blue", "all-home", None, "finished"),
        ("two-players", None, "abandoned", None, "abandoned"),
        ("computer", None, "draw", None, "draw"),
    ],
)
def test_kiosk_records_become_rows(
    opponent: str, winner: str | None, reason: str, visitor_won: bool | None, result: str
) -> None:
    from types import SimpleNamespace

    from ludique.kiosk.stats import record_from_kiosk

    kiosk = SimpleNamespace(
        game_id="latrunculi-dux",
        language="de",
        opponent=opponent,
        strength="champion" if opponent == "computer" else None,
        visitor_colour="white",
        duration=42.5,
        winner=winner,
        reason=reason,
        moves=17,
        visitor_won=visitor_won,
    )
    record = record_from_kiosk(kiosk)
    assert record.result == result
    assert (record.game_id, record.language, record.moves) == ("latrunculi-dux", "de", 17)
    record.check()


def test_stats_command_exports_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from ludique.cli import main

    db = tmp_path / "s.sqlite3"
    stats = Stats(db)
    stats.record(game("epaminondas", language="en"))
    stats.close()
    assert main(["stats", "--csv", "--db", str(db)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith('"played_at","day","game","variant"')
    assert len(lines) == 2 and ',"epaminondas","","en","computer","player",' in lines[1]


def test_csv_quotes_every_field_keeps_a_game_on_one_row_and_neutralises_formulas(
    tmp_path: Path,
) -> None:
    """Issue 37: a bare CR split a game into two rows; ``=cmd|...`` was exported raw."""
    stats = Stats(tmp_path / "s.sqlite3")
    stats.record(game(language="fr\rde"))
    stats.record(game(language="=cmd|' /C calc'!A0"))
    stats.record(game(language="@SUM(1)"))
    out = io.StringIO()
    assert stats.export_csv(out) == 3
    text = out.getvalue()
    assert "\r" not in text and len(text.splitlines()) == 4
    assert all(line.startswith('"') and line.endswith('"') for line in text.splitlines())
    rows = list(csv.DictReader(io.StringIO(text)))
    assert rows[0]["language"] == "fr\\rde"
    assert rows[1]["language"] == "'=cmd|' /C calc'!A0" and rows[2]["language"] == "'@SUM(1)"
    stats.close()


def test_visitor_wins_are_counted_per_strength_in_the_set_up_order(tmp_path: Path) -> None:
    stats = Stats(tmp_path / "s.sqlite3")
    stats.record(game(strength="champion", result="computer"))
    stats.record(game(strength="even", result="visitor"))
    stats.record(game(strength="even", result="computer"))
    stats.record(game(strength="even", result="abandoned"))
    stats.record(game(opponent="two-players", strength="", result="finished"))
    assert list(stats.visitor_wins_per_strength().items()) == [
        ("even", (1, 2)),
        ("champion", (0, 1)),
    ]
    summary = stats.summary()
    assert summary.wins_per_strength == {"even": (1, 2), "champion": (0, 1)}
    line = [x for x in stats_lines(stats, "en") if "Even match 1/2" in x]
    assert line and "Champion 0/1" in line[0]


def test_the_visitors_estimated_level_is_kept_and_an_older_file_gains_the_column(
    tmp_path: Path,
) -> None:
    import sqlite3

    from ludique.kiosk.stats import record_from_kiosk

    path = tmp_path / "s.sqlite3"
    # a file written before the level column, with one game in it
    old = sqlite3.connect(path)
    old.executescript(
        "CREATE TABLE games (id INTEGER PRIMARY KEY, played_at TEXT NOT NULL, day TEXT NOT NULL,"
        " game TEXT NOT NULL, variant TEXT NOT NULL, language TEXT NOT NULL,"
        " opponent TEXT NOT NULL, strength TEXT NOT NULL, duration_s REAL NOT NULL,"
        " result TEXT NOT NULL, moves INTEGER NOT NULL);"
        "INSERT INTO games VALUES (1, '2026-11-19T10:00:00', '2026-11-19', 'epaminondas', '',"
        " 'de', 'computer', 'even', 300.0, 'visitor', 61);"
    )
    old.commit()
    old.close()
    stats = Stats(path)
    assert stats.moved_aside is None and stats.total() == 1  # ours: kept, not moved aside

    class Kiosk:  # the match's record, as the kiosk hands it over
        game_id, language, opponent, strength = "latrunculi-seneca", "fr", "computer", "even"
        duration, winner, reason, moves, visitor_won = 400.0, "blue", "one-piece", 90, True
        extra = {"skill": {"played": 3, "rung": 2.46, "spread": 0.4}}

    record = record_from_kiosk(Kiosk())
    assert record.level == 2.46
    assert stats.record(record)
    out = io.StringIO()
    stats.export_csv(out)
    levels = [row["level"] for row in csv.DictReader(io.StringIO(out.getvalue()))]
    assert levels == ["", "2.46"]
    Kiosk.extra = {"skill": {"rung": "high"}}  # nothing a rung: no level
    assert record_from_kiosk(Kiosk()).level is None
