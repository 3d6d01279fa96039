"""The curator's charts on the admin panel: games per day, per language, and the visitor's wins
per game and per strength, drawn from the statistics' summary (``ludique.kiosk.stats``).

Every word is drawn by ``layout.draw_text`` (the layout tests measure it), at the sizes the
panel asks for and never under its floor.  The four charts share the width by what their words
need; each title wraps within its own chart (all titles at one size, as many lines as the
longest needs).  The days stand as upright bars, each count over its bar and a date under as
many bars as the dates leave room for; the other charts lie as rows: the label on one line,
its bar, the count at the bar's end (a game's name needs the width a row gives it, not the
narrow slot of an upright bar)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ludique.kiosk.stats import StatsSummary, stats_label
from ludique.ui.fonts import font
from ludique.ui.layout import LINE_SPACING, draw_text, wrap_lines
from ludique.words.i18n import Catalog

# A bar: its label, its value (and the highlighted part of it).
Bar = tuple[str, int, int]


@dataclass(frozen=True)
class ChartStyle:
    """The colours and the sizes of the charts' words: the titles', the labels' and counts',
    and the floor none goes under (in pixels, from the panel's plan)."""

    title_size: int
    word_size: int
    floor: int
    ink: tuple[int, int, int] = (236, 222, 192)
    bar: tuple[int, int, int] = (214, 176, 102)
    accent: tuple[int, int, int] = (120, 190, 140)

    @property
    def gap(self) -> int:
        """Between two words, or a word and its bar."""
        return max(2, self.word_size // 2)

    @property
    def word_height(self) -> int:
        return int(font("text", self.word_size).get_height())


@dataclass(frozen=True)
class Chart:
    """One chart: its title, its bars, whether a bar's highlighted part is a share of it
    (its count then "part / value"), and whether its bars stand upright (the days)."""

    title: str
    bars: list[Bar]
    parts: bool
    upright: bool

    def count(self, bar: Bar) -> str:
        _, value, part = bar
        return f"{part} / {value}" if self.parts else str(value)


def draw_stats_chart(
    surface: pygame.Surface,
    rect: pygame.Rect,
    summary: StatsSummary,
    catalog: Catalog | None,
    style: ChartStyle,
) -> list[pygame.Rect]:
    """The four charts side by side inside ``rect``: games per day, per language, and visitor
    wins per game and per strength (won part bright, the rest dim).  Returns each chart's box."""
    charts = _charts(summary, catalog)
    boxes = chart_boxes(rect, charts, style)
    title_size, title_high = _title_band(charts, boxes, style)
    for chart, box in zip(charts, boxes, strict=True):
        title_box = pygame.Rect(box.x, box.y, box.width, title_high)
        draw_text(
            surface,
            chart.title,
            title_box,
            role="bold",
            size=title_size,
            min_size=title_size,
            colour=style.ink,
            align="left",
            valign="top",
        )
        top = box.y + title_high + style.gap // 2
        plot = pygame.Rect(box.x, top, box.width, max(1, box.bottom - top))
        if chart.upright:
            _draw_upright(surface, plot, chart, style)
        else:
            _draw_rows(surface, plot, chart, style)
    return boxes


def _charts(summary: StatsSummary, catalog: Catalog | None) -> list[Chart]:
    """Each chart's title and bars, in the order they stand."""
    days = len(summary.per_day)
    return [
        Chart(
            stats_label(catalog, "stats.per_day", days=days),
            [(day[8:], n, 0) for day, n in summary.per_day],
            parts=False,
            upright=True,
        ),
        Chart(
            stats_label(catalog, "stats.per_language"),
            [(lang.upper(), n, 0) for lang, n in summary.per_language.items()],
            parts=False,
            upright=False,
        ),
        Chart(
            stats_label(catalog, "stats.visitor_wins"),
            [
                (stats_label(catalog, f"stats.game.{g}"), n, wins)
                for g, (wins, n) in summary.visitor_wins.items()
            ],
            parts=True,
            upright=False,
        ),
        Chart(
            stats_label(catalog, "stats.wins_per_strength"),
            [
                (stats_label(catalog, f"kiosk.strength.{s}"), n, wins)
                for s, (wins, n) in summary.wins_per_strength.items()
            ],
            parts=True,
            upright=False,
        ),
    ]


def _width(text: str, role: str, size: int) -> int:
    return int(font(role, size).size(text)[0])


def _widest(texts: list[str], role: str, size: int) -> int:
    return max((_width(text, role, size) for text in texts), default=0)


def _least_width(chart: Chart, style: ChartStyle) -> int:
    """The narrowest the chart's bars and words go: a slot as wide as the widest count for
    each upright bar; for the rows, the longest label, a short bar and the widest count; and
    the title's longest word."""
    size, gap = style.word_size, style.gap
    counts = _widest([chart.count(bar) for bar in chart.bars], "text", size)
    if chart.upright:
        bars = len(chart.bars) * (counts + gap)
    else:
        labels = _widest([label for label, _, _ in chart.bars], "text", size)
        bars = labels + gap + 2 * size + gap + counts
    return max(bars, _widest(chart.title.split(), "bold", style.floor))


def chart_boxes(rect: pygame.Rect, charts: list[Chart], style: ChartStyle) -> list[pygame.Rect]:
    """Each chart's box, side by side in ``rect``: each at least as wide as its words need, then
    as wide as its title on one line where the width allows, the rest shared alike."""
    gap = 2 * style.word_size
    room = rect.width - gap * (len(charts) - 1)
    least = [_least_width(chart, style) for chart in charts]
    wanted = [
        max(need, _width(chart.title, "bold", style.title_size))
        for need, chart in zip(least, charts, strict=True)
    ]
    widths = _shared(least, wanted, room)
    boxes, x = [], rect.x
    for width in widths:
        boxes.append(pygame.Rect(x, rect.y, width, rect.height))
        x += width + gap
    return boxes


def _shared(least: list[int], wanted: list[int], room: int) -> list[int]:
    """Widths from ``least`` towards ``wanted`` within ``room``, what is left over shared alike
    (it lengthens the bars; ``least`` shrunk in proportion where even it does not fit: the
    words then overflow, which the layout tests report)."""
    if sum(least) >= room:
        return [room * need // max(1, sum(least)) for need in least]
    spare = room - sum(least)
    missing = [want - need for need, want in zip(least, wanted, strict=True)]
    if sum(missing) >= spare:
        return [
            need + spare * m // max(1, sum(missing)) for need, m in zip(least, missing, strict=True)
        ]
    rest = spare - sum(missing)
    return [want + rest // len(wanted) for want in wanted]


def _title_band(
    charts: list[Chart], boxes: list[pygame.Rect], style: ChartStyle
) -> tuple[int, int]:
    """The titles' size and height: the largest size from the style's down to its floor at
    which every title holds in two lines of its own chart's width (one where they all do)."""
    size = style.title_size
    while True:
        lines = [
            wrap_lines(chart.title, "bold", size, box.width)
            for chart, box in zip(charts, boxes, strict=True)
        ]
        fits = all(
            _widest(chart_lines, "bold", size) <= box.width
            for chart_lines, box in zip(lines, boxes, strict=True)
        )
        count = max(len(chart_lines) for chart_lines in lines)
        if (fits and count <= 2) or size <= style.floor:
            face = font("bold", size)
            return size, int(face.get_height()) + round(size * LINE_SPACING) * (count - 1)
        size -= 1


def _draw_upright(
    surface: pygame.Surface, plot: pygame.Rect, chart: Chart, style: ChartStyle
) -> None:
    """Upright bars across ``plot``: each count over its bar, the labels under the base line,
    under every bar where they fit, else under every second (third...) one."""
    if not chart.bars:
        return
    line, gap = style.word_height, style.gap
    base = plot.bottom - line - gap // 2
    room = max(1, base - plot.top - line)  # the tallest bar leaves its count's line over it
    peak = max(1, max(value for _, value, _ in chart.bars))
    step = plot.width / len(chart.bars)
    labels = _widest([label for label, _, _ in chart.bars], "text", style.word_size)
    every = max(1, -(-(labels + gap) // max(1, int(step))))
    pygame.draw.line(surface, style.ink, (plot.x, base), (plot.right - 1, base), 2)
    for i, bar in enumerate(chart.bars):
        label, value, part = bar
        left, right = plot.x + round(i * step), plot.x + round((i + 1) * step)
        width = max(2, round((right - left) * 0.7))
        x = left + (right - left - width) // 2
        high = round(room * value / peak)
        pygame.draw.rect(surface, style.bar, (x, base - high, width, high))
        if part:
            won = round(room * part / peak)
            pygame.draw.rect(surface, style.accent, (x, base - won, width, won))
        if value:
            slot = pygame.Rect(left, base - high - line, right - left, line)
            _word(surface, chart.count(bar), slot, style, "center")
        if i % every == every // 2:
            # centred on its bar, as wide as the slots up to the next label
            half = round(every * step / 2)
            box = pygame.Rect((left + right) // 2 - half, base + gap // 2, 2 * half, line)
            box = box.clip(pygame.Rect(plot.x, box.y, plot.width, line))
            if box.width >= labels:  # not the last one, where the chart ends too soon
                _word(surface, label, box, style, "center")


def _draw_rows(surface: pygame.Surface, plot: pygame.Rect, chart: Chart, style: ChartStyle) -> None:
    """One row per bar across ``plot``: its label, its bar from a common axis, its count at the
    bar's end (the highlighted part of the bar drawn from the axis)."""
    if not chart.bars:
        return
    size, gap = style.word_size, style.gap
    labels = _widest([label for label, _, _ in chart.bars], "text", size)
    counts = _widest([chart.count(bar) for bar in chart.bars], "text", size)
    axis = plot.x + labels + gap
    room = max(1, plot.right - counts - gap - axis - 1)  # the bars start right of the axis
    peak = max(1, max(value for _, value, _ in chart.bars))
    step = plot.height / len(chart.bars)
    thick = max(2, min(round(step * 0.6), round(style.word_height * 0.7)))
    pygame.draw.line(surface, style.ink, (axis, plot.y), (axis, plot.bottom - 1), 2)
    for i, bar in enumerate(chart.bars):
        label, value, part = bar
        top, bottom = plot.y + round(i * step), plot.y + round((i + 1) * step)
        row = pygame.Rect(plot.x, top, plot.width, bottom - top)
        _word(surface, label, pygame.Rect(plot.x, row.y, labels, row.height), style, "left")
        length = round(room * value / peak)
        shape = pygame.Rect(axis + 1, row.centery - thick // 2, length, thick)
        pygame.draw.rect(surface, style.bar, shape)
        if part:
            won = round(room * part / peak)
            pygame.draw.rect(surface, style.accent, (shape.x, shape.y, won, thick))
        count = pygame.Rect(axis + 1 + length + gap, row.y, counts, row.height)
        _word(surface, chart.count(bar), count, style, "left")


def _word(
    surface: pygame.Surface, text: str, box: pygame.Rect, style: ChartStyle, align: str
) -> None:
    """A label or a count on one line in ``box``, at the style's size (down to its floor)."""
    draw_text(
        surface,
        text,
        box,
        size=style.word_size,
        min_size=style.floor,
        colour=style.ink,
        align=align,
        max_lines=1,
    )
