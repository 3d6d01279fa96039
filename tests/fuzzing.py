"""Shared by the fuzz tests (``test_fuzz_*.py``, one per input surface): how many examples each
runs, and a count of the examples tried, printed at the end of the session.

In CI each surface runs a bounded number of examples (the whole set in about a minute).  With
``pytest --fuzz-long=MINUTES`` each fuzz test runs its search again and again, with fresh random
examples, until that many minutes have passed.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable

from hypothesis import HealthCheck, settings

# set by tests/conftest.py from --fuzz-long (minutes per fuzz test; 0 in CI)
LONG_MINUTES = [0.0]
TRIED: Counter[str] = Counter()

_SUPPRESSED = [
    HealthCheck.too_slow,
    HealthCheck.data_too_large,
    HealthCheck.filter_too_much,
    HealthCheck.function_scoped_fixture,
    HealthCheck.large_base_example,
]


def fuzz_settings(examples: int) -> settings:
    """Hypothesis settings for one fuzz test: ``examples`` examples, no deadline (a first
    example pays for imports and fonts)."""
    return settings(
        max_examples=examples, deadline=None, suppress_health_check=_SUPPRESSED, database=None
    )


def tried(surface: str) -> None:
    """Count one example of ``surface`` (the session's summary prints the counts)."""
    TRIED[surface] += 1


def run(search: Callable[[], None]) -> None:
    """Run a ``@given`` test once; in long mode again and again until its minutes are over
    (each run draws fresh examples, so the count grows with the time given)."""
    end = time.monotonic() + LONG_MINUTES[0] * 60
    search()
    while time.monotonic() < end:
        search()
