"""The curator's charts on the admin panel: games per day, per language, and the visitor's wins
per game and per strength, drawn from the statistics' summary (``ludique.kiosk.stats``)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ludique.kiosk.stats import StatsSummary, stats_label
from ludique.ui.fonts import font
from ludique.words.i18n import Catalog

# A bar: its label under it, its value (and the highlighted part of it) as a height.
Bar = tuple[str, int, int]


@dataclass(frozen=True)
class ChartStyle:
    """The colours and the two sizes of text of the four charts (from the height they have)."""

    ink: tuple[int, int, int]
    bar: tuple[int, int, int]
    accent: tuple[int, int, int]
    title_size: int
    small_size: int

    @property
    def title_font(self) -> pygame.font.Font:
        return font("bold", self.title_size)

    @property
    def small(self) -> pygame.font.Font:
        return font("text", self.small_size)


def draw_stats_chart(
    surface: pygame.Surface,
    rect: pygame.Rect,
    summary: StatsSummary,
    catalog: Catalog | None = None,
    *,
    ink: tuple[int, int, int] = (236, 222, 192),
    bar: tuple[int, int, int] = (214, 176, 102),
    accent: tuple[int, int, int] = (120, 190, 140),
) -> None:
    """Four bar charts side by side inside ``rect``: games per day, per language, and visitor
    wins per game and per strength (won part bright, the rest dim)."""
    style = ChartStyle(
        ink,
        bar,
        accent,
        title_size=min(40, max(20, rect.height // 8)),
        small_size=min(28, max(16, rect.height // 10)),
    )
    gap = max(12, rect.width // 40)
    width = (rect.width - 3 * gap) // 4
    panels = [pygame.Rect(rect.x + i * (width + gap), rect.y, width, rect.height) for i in range(4)]
    for panel, (title, bars, parts) in zip(panels, _charts(summary, catalog), strict=True):
        plot = _frame(surface, panel, title, style)
        _draw_bars(surface, plot, bars, style, parts)


def _charts(summary: StatsSummary, catalog: Catalog | None) -> list[tuple[str, list[Bar], bool]]:
    """Each chart's title, its bars and whether a bar's highlighted part is a share of it."""
    days = len(summary.per_day)
    return [
        (
            stats_label(catalog, "stats.per_day", days=days),
            [(day[8:], n, 0) for day, n in summary.per_day],
            False,
        ),
        (
            stats_label(catalog, "stats.per_language"),
            [(lang.upper(), n, 0) for lang, n in summary.per_language.items()],
            False,
        ),
        (
            stats_label(catalog, "stats.visitor_wins"),
            [
                (stats_label(catalog, f"stats.game.{g}"), n, wins)
                for g, (wins, n) in summary.visitor_wins.items()
            ],
            True,
        ),
        (
            stats_label(catalog, "stats.wins_per_strength"),
            [
                (stats_label(catalog, f"kiosk.strength.{s}"), n, wins)
                for s, (wins, n) in summary.wins_per_strength.items()
            ],
            True,
        ),
    ]


def _frame(
    surface: pygame.Surface, panel: pygame.Rect, title: str, style: ChartStyle
) -> pygame.Rect:
    """A chart's title and base line; the rectangle its bars stand in."""
    face, size = style.title_font, style.title_size
    # a long title (French, German) takes a smaller size rather than run into its neighbour
    while face.size(title)[0] > panel.width and size > 14:
        size -= 1
        face = font("bold", size)
    surface.blit(face.render(title, True, style.ink), (panel.x, panel.y))
    top = panel.y + style.title_font.get_linesize() + 6
    bottom = panel.bottom - style.small.get_linesize() - 4
    pygame.draw.line(surface, style.ink, (panel.x, bottom), (panel.right, bottom), 2)
    return pygame.Rect(panel.x, top, panel.width, max(1, bottom - top))


def _draw_bars(
    surface: pygame.Surface, plot: pygame.Rect, bars: list[Bar], style: ChartStyle, parts: bool
) -> None:
    """The bars on ``plot``, each with its count over it and, where there is room, its label
    under it (``parts``: the count is "part / value")."""
    if not bars:
        return
    peak = max(1, max(v for _, v, _ in bars))
    step = plot.width / len(bars)
    every = max(1, int(len(bars) / max(1, plot.width // 60)))
    small = style.small
    for i, (label, value, part) in enumerate(bars):
        x = plot.x + int(i * step + step * 0.15)
        w = max(2, int(step * 0.7))
        h = int(plot.height * 0.85 * value / peak)
        pygame.draw.rect(surface, style.bar, (x, plot.bottom - h, w, h))
        if part:
            hp = int(plot.height * 0.85 * part / peak)
            pygame.draw.rect(surface, style.accent, (x, plot.bottom - hp, w, hp))
        if value:
            count = small.render(f"{part} / {value}" if parts else str(value), True, style.ink)
            surface.blit(
                count, (x + (w - count.get_width()) // 2, plot.bottom - h - count.get_height())
            )
        if i % every == 0:
            _bar_label(surface, label, pygame.Rect(x, plot.bottom + 4, w, 0), step - 4, style)


def _bar_label(
    surface: pygame.Surface, label: str, bar: pygame.Rect, room: float, style: ChartStyle
) -> None:
    """A bar's label under it (``bar``: the bar's width at the label's top), at most ``room``
    wide: a label wider than its bar's slot takes a smaller size than run
    into its neighbour (four panels leave a narrow slot per bar at 1024 pixels)."""
    face, size = style.small, style.small_size
    while face.size(label)[0] > room and size > 10:
        size -= 1
        face = font("text", size)
    text = face.render(label, True, style.ink)
    surface.blit(text, (bar.x + (bar.width - text.get_width()) // 2, bar.y))
