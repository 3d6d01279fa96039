"""The curator's panel with its statistics: every word of its four charts (titles, labels,
counts) drawn through the shared text helper, whole inside its own box and its own chart's box,
none over another word of the panel and none under the panel's smallest words, at every size a
museum mounts and in every language; beside the settings' and the statistics' problems too.

The panel is the real kiosk's (SDL's dummy driver), on the review renderer's screens of it
(``ludique.tools.curator_screens``: a statistics database seeded alike at every run)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from ludique.tools.curator_screens import admin_screens, seeded_summary
from ludique.tools.screens import SIZES, review_app
from ludique.ui.layout import cap_height, recording
from ludique.ui.scenes.admin import CHART, PROBLEM_SIZE
from ludique.words.i18n import LANGUAGES, catalog

CHART_SCREENS = ("admin-charts", "admin-charts-problems", "admin-charts-many-problems")


def _chart_words(lang: str) -> list[tuple[list[str], Counter[str]]]:
    """Each chart's words the curator needs, from the locale and the seeded statistics: its
    title with its bars' labels (every one but the days', of which half may stand), and its
    counts (one per bar that has games)."""
    words = catalog(lang)
    summary = seeded_summary()
    days = [day[8:] for day, _ in summary.per_day]
    charts = [
        ([words.t("stats.per_day", days=len(days))], [str(n) for _, n in summary.per_day if n]),
        (
            [words.t("stats.per_language")] + [code.upper() for code in summary.per_language],
            [str(n) for n in summary.per_language.values()],
        ),
        (
            [words.t("stats.visitor_wins")]
            + [words.t(f"stats.game.{game}") for game in summary.visitor_wins],
            [f"{w} / {n}" for w, n in summary.visitor_wins.values()],
        ),
        (
            [words.t("stats.wins_per_strength")]
            + [words.t(f"kiosk.strength.{s}") for s in summary.wins_per_strength],
            [f"{w} / {n}" for w, n in summary.wins_per_strength.values()],
        ),
    ]
    assert len(days) == 14 and len(charts[2][0]) == 4  # what the screens were seeded with
    return [(named, Counter(counts)) for named, counts in charts]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_chart_word_in_its_box_and_apart_from_the_others(size, lang):
    app = review_app(size, lang)
    wanted = _chart_words(lang)
    summary = seeded_summary()
    days = [day[8:] for day, _ in summary.per_day]
    problems: list[str] = []
    seen = 0
    try:
        for name in admin_screens(app):
            if name not in CHART_SCREENS:
                continue
            seen += 1
            app.dirty = True
            with recording() as drawn:
                app.draw()
            where = f"{size[0]}x{size[1]} {lang} {name}"
            frame = app.scene.frame
            area = frame.rect(*CHART)
            floor = cap_height("text", frame.s(PROBLEM_SIZE))
            texts = [r for r in drawn if r.surface == id(app.screen)]
            boxes = getattr(app.scene, "chart_boxes", [])
            if len(boxes) != len(wanted):
                problems.append(f"{where}: {len(boxes)} chart boxes, not {len(wanted)}")
                boxes = [area] * len(wanted)  # still say which words are missing
            else:
                for a, b in itertools.combinations(boxes, 2):
                    if a.colliderect(b):
                        problems.append(f"{where}: the charts at {a} and {b} overlap")
            for box, (named, counts) in zip(boxes, wanted, strict=True):
                if not area.contains(box):
                    problems.append(f"{where}: a chart at {box} runs out of the charts' {area}")
                inside = [r for r in texts if box.contains(r.drawn)]
                here = Counter(r.message for r in inside)
                for word in named:
                    if not here[word]:
                        problems.append(f"{where}: {word!r} is not drawn whole in its chart {box}")
                for count, times in counts.items():
                    if here[count] < times:
                        problems.append(
                            f"{where}: the count {count!r} is drawn {here[count]} times in its"
                            f" chart {box}, not {times}"
                        )
                for r in inside:
                    if cap_height(r.role, r.size) < floor:
                        problems.append(
                            f"{where}: {r.message!r} at {r.size} px, under the panel's smallest"
                            f" words ({floor} px capitals)"
                        )
            dated = sum(1 for r in texts if r.message in days and boxes[0].contains(r.drawn))
            if 2 * dated < len(days):
                problems.append(f"{where}: {dated} of the {len(days)} days named under their bars")
            for r in texts:
                if r.overflow or not r.box.contains(r.drawn):
                    problems.append(f"{where}: {r.message!r} does not fit its box {r.box}")
            for a, b in itertools.combinations(texts, 2):
                if a.drawn.colliderect(b.drawn):
                    problems.append(f"{where}: {a.message!r} overlaps {b.message!r}")
    finally:
        app.close()
    assert seen == len(CHART_SCREENS)
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])
