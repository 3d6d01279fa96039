"""A short soak: a few hundred events of the simulated crowd (benchmarks/soak.py) on the real
kiosk, across the games; nothing may raise or be logged as an error."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

SOAK = Path(__file__).resolve().parents[1] / "benchmarks" / "soak.py"


@pytest.fixture(scope="module")
def soak():
    spec = importlib.util.spec_from_file_location("ludique_soak", SOAK)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_a_short_crowd_breaks_nothing(soak) -> None:
    report = soak.run_soak(events=200, seed=11)
    assert report.exceptions == [], report.text()
    assert report.events == 200
    # the crowd really played: a game started, moves made through the screen, time went by.
    # Not two games: one Petteia game against the Beginner can take all 200 events (96 moves,
    # unfinished) when the computer's answers come slower on a busy machine.
    assert sum(report.games_started.values()) >= 1, report.text()
    assert report.actions["move"] + report.actions["die"] >= 20, report.text()
    assert report.simulated_s > 60
    assert report.samples[-1][1] > 0  # memory was measured


@pytest.mark.slow
def test_every_game_gets_played(soak) -> None:
    from ludique.games import GAME_IDS

    for n, game_id in enumerate(GAME_IDS):
        report = soak.run_soak(events=30, seed=n, games=(game_id,))
        assert report.exceptions == [], report.text()
        assert report.games_started[game_id] >= 1, report.text()


def test_a_short_run_reports_no_trend_and_its_tally_adds_up(soak) -> None:
    """Issue 37: ``--minutes 10`` printed "+347 MB per simulated hour" from the warm-up alone,
    and the games finished did not add up with the results listed beside them."""
    from collections import Counter

    mb = 2**20
    samples = [(t * 60.0, (150 + 6 * t) * mb, 40 * mb, 0) for t in range(11)]  # 10 min, rising
    report = soak.SoakReport(samples=samples, warm_index=soak.warm_index(samples))
    report.games_started = Counter({"epaminondas": 9, "pente-grammai": 4})
    report.results = Counter({"visitor": 5, "computer": 3, "abandoned": 4})
    text = report.text()
    assert "per simulated hour" not in text and "growth not measured" in text
    ended = next(line for line in text.splitlines() if line.startswith("games ended"))
    assert (
        "12: finished 8" in ended and "abandoned 4" in ended and "under way at the end 1" in ended
    )
    # a long run, flat after its warm-up: a trend near zero is reported
    long = [
        (t * 600.0, (150 if t * 600 >= soak.WARM_UP_S else 50 + t) * mb, 40 * mb, 0)
        for t in range(40)
    ]
    flat = soak.SoakReport(samples=long, warm_index=soak.warm_index(long))
    assert "+0.00 MB per simulated hour" in flat.text()
