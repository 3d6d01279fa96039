"""The curator's panel as the review renderer (``ludique.tools.screens``) shows it: without
statistics, with a fortnight of them (its charts), with problems beside them, and with more
problems than its box holds.

The statistics come from a real statistics database, made in a temporary folder and filled with
the same games at every render (a fixed seed, a fixed last day), read once and removed."""

from __future__ import annotations

import datetime as dt
import random
import tempfile
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from ludique.kiosk.settings import Problem
from ludique.kiosk.stats import DB_NAME, Stats, StatsPort, StatsRow, StatsSummary, stats_label
from ludique.words.i18n import catalog

LAST_DAY = dt.date(2026, 12, 6)  # the review's "today": the charts' fortnight ends here
DAYS = 14
SETTINGS_FILE = "/etc/ludique/settings.toml"


def _games(rng: random.Random) -> Iterator[StatsRow]:
    """A fortnight of games: a few to a dozen a day, in the three languages, against the
    computer at each strength (the visitor winning some) and between two visitors."""
    from ludique.ai import STRENGTHS
    from ludique.games import game_ids

    games = game_ids()
    for back in range(DAYS - 1, -1, -1):
        day = LAST_DAY - dt.timedelta(days=back)
        for n in range(rng.choice((0, 2, 3, 5, 7, 9, 12))):
            opponent = "two-players" if rng.random() < 0.15 else "computer"
            strength = rng.choice(STRENGTHS)
            won = rng.random() < {"beginner": 0.6, "player": 0.35}.get(strength, 0.2)
            result = "finished" if opponent == "two-players" else "visitor" if won else "computer"
            yield StatsRow(
                game_id=rng.choice(games),
                language=rng.choice(("fr", "fr", "de", "de", "de", "en")),
                opponent=opponent,
                strength=strength if opponent == "computer" else "",
                duration_s=float(rng.randint(120, 1500)),
                result="abandoned" if rng.random() < 0.1 else result,
                moves=rng.randint(12, 140),
                played_at=dt.datetime.combine(day, dt.time(10 + n % 8, 7 * n % 60)),
            )


@cache
def seeded_summary() -> StatsSummary:
    """The summary of the review's statistics database, filled with the same games each time."""
    with tempfile.TemporaryDirectory(prefix="ludique-review-") as folder:
        stats = Stats(Path(folder) / DB_NAME)
        try:
            for game in _games(random.Random(20261206)):
                stats.record(game)
            return stats.summary(days=DAYS, today=LAST_DAY)
        finally:
            stats.close()


class SeededStats(StatsPort):
    """The review's statistics port: the seeded summary while ``shown`` (else none, as on a
    kiosk without statistics), the statistics' problem while ``failing``; the games the review
    plays are not recorded."""

    def __init__(self) -> None:  # no database of its own: the summary is read once per process
        self.shown = False
        self.failing = False

    def game_started(self, game_id: str, language: str, opponent: str, strength: str) -> None:
        pass

    def game_finished(self, game: Any) -> None:
        pass

    def summary(self) -> StatsSummary:
        if not self.shown:
            raise LookupError("the review shows the panel without statistics here")
        return seeded_summary()

    def lines(self, lang: str) -> list[str]:
        return []

    def problem(self, lang: str) -> str | None:
        if not self.failing:
            return None
        words = catalog(lang)
        return stats_label(words, "error.stats", why=stats_label(words, "error.why.system"))


def settings_problems(count: int) -> list[Problem]:
    """``count`` problems of a settings file, as the kiosk finds them: refused values, then an
    unknown key."""
    refused = [
        Problem(
            "value",
            SETTINGS_FILE,
            3 + i,
            "idle_seconds",
            "5",
            "90",
            "range",
            (("lo", "15"), ("hi", "3600")),
        )
        for i in range(count - 1)
    ]
    return refused + [Problem("unknown", SETTINGS_FILE, 40, "colour_scheme")][:count]


def admin_screens(app) -> Iterator[str]:
    """The curator's panel: without statistics, with their charts, with problems beside them,
    and with more problems than its box holds (``app`` made by ``review_app``: its statistics
    port is a ``SeededStats``)."""
    port = app.stats
    app.go("admin")
    yield "admin"
    if not isinstance(port, SeededStats):
        return
    port.shown = True
    yield "admin-charts"
    kept = list(app.settings.problems)
    try:
        port.failing = True
        app.settings.problems[:] = kept + settings_problems(2)
        yield "admin-charts-problems"
        app.settings.problems[:] = kept + settings_problems(12)
        yield "admin-charts-many-problems"
    finally:
        app.settings.problems[:] = kept
        port.shown = port.failing = False
