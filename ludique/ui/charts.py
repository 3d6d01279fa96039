"""The curator's charts on the admin panel: games per day, per language, and the visitor's wins
per game and per strength, drawn from the statistics' summary (``ludique.kiosk.stats``)."""

from __future__ import annotations

import pygame

from ludique.kiosk.stats import StatsSummary, stats_label
from ludique.ui.fonts import font
from ludique.words.i18n import Catalog


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
    gap = max(12, rect.width // 40)
    width = (rect.width - 3 * gap) // 4
    title_size = min(40, max(20, rect.height // 8))
    title_font = font("bold", title_size)
    small_size = min(28, max(16, rect.height // 10))
    small = font("text", small_size)
    panels = [pygame.Rect(rect.x + i * (width + gap), rect.y, width, rect.height) for i in range(4)]

    def frame(panel: pygame.Rect, title: str) -> pygame.Rect:
        face = title_font
        size = title_size
        # a long title (French, German) takes a smaller size rather than run into its neighbour
        while face.size(title)[0] > panel.width and size > 14:
            size -= 1
            face = font("bold", size)
        surface.blit(face.render(title, True, ink), (panel.x, panel.y))
        top = panel.y + title_font.get_linesize() + 6
        bottom = panel.bottom - small.get_linesize() - 4
        pygame.draw.line(surface, ink, (panel.x, bottom), (panel.right, bottom), 2)
        return pygame.Rect(panel.x, top, panel.width, max(1, bottom - top))

    def bars(plot: pygame.Rect, items: list[tuple[str, int, int]], parts: bool = False) -> None:
        """items: (label, value, highlighted part of value)."""
        if not items:
            return
        peak = max(1, max(v for _, v, _ in items))
        step = plot.width / len(items)
        every = max(1, int(len(items) / max(1, plot.width // 60)))
        for i, (label, value, part) in enumerate(items):
            x = plot.x + int(i * step + step * 0.15)
            w = max(2, int(step * 0.7))
            h = int(plot.height * 0.85 * value / peak)
            pygame.draw.rect(surface, bar, (x, plot.bottom - h, w, h))
            if part:
                hp = int(plot.height * 0.85 * part / peak)
                pygame.draw.rect(surface, accent, (x, plot.bottom - hp, w, hp))
            if value:
                count = small.render(f"{part} / {value}" if parts else str(value), True, ink)
                surface.blit(
                    count, (x + (w - count.get_width()) // 2, plot.bottom - h - count.get_height())
                )
            if i % every == 0:
                # a label wider than its bar's slot takes a smaller size than run into its
                # neighbour (four panels leave a narrow slot per bar at 1024 pixels)
                face, size = small, small_size
                while face.size(label)[0] > step - 4 and size > 10:
                    size -= 1
                    face = font("text", size)
                text = face.render(label, True, ink)
                surface.blit(text, (x + (w - text.get_width()) // 2, plot.bottom + 4))

    days = len(summary.per_day)
    plot = frame(panels[0], stats_label(catalog, "stats.per_day", days=days))
    bars(plot, [(day[8:], n, 0) for day, n in summary.per_day])

    plot = frame(panels[1], stats_label(catalog, "stats.per_language"))
    bars(plot, [(lang.upper(), n, 0) for lang, n in summary.per_language.items()])

    plot = frame(panels[2], stats_label(catalog, "stats.visitor_wins"))
    bars(
        plot,
        [
            (stats_label(catalog, f"stats.game.{g}"), n, wins)
            for g, (wins, n) in summary.visitor_wins.items()
        ],
        parts=True,
    )

    plot = frame(panels[3], stats_label(catalog, "stats.wins_per_strength"))
    bars(
        plot,
        [
            (stats_label(catalog, f"kiosk.strength.{s}"), n, wins)
            for s, (wins, n) in summary.wins_per_strength.items()
        ],
        parts=True,
    )
