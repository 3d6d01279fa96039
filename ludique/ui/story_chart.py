"""The story screen's chart: the balance of the game over its moves (a solved game: the
visitor's exact chance, with the luck of each throw and the cost of each move in a band under
it; the other games: who is ahead), drawn in the chart box the story scene lays out.  It reads
the scene's story, boxes and viewpoint; it decides nothing."""

from __future__ import annotations

import pygame

from ludique.games import spec
from ludique.play.analysis import EPSILON
from ludique.ui import theme
from ludique.ui.fonts import font
from ludique.ui.layout import draw_label, draw_text, line_height, reading_size

LUCK = theme.GOLD  # throws: the curve's gold steps and the luck bars
COST = theme.DANGER  # a move that cost the story's side something
GIFT = theme.CREAM  # a move that cost the opponent something
BAND_FULL = 0.25  # the change of chance that fills half the luck-and-skill band


class StoryChart:
    def __init__(self, scene) -> None:
        self.scene = scene

    # what the chart reads of its scene
    @property
    def app(self):
        return self.scene.app

    @property
    def vp(self):
        return self.scene.vp

    @property
    def story(self):
        return self.scene.story

    @property
    def chart_box(self) -> pygame.Rect:
        return self.scene.chart_box

    @property
    def viewpoint(self) -> str:
        return self.scene.viewpoint

    @property
    def you(self) -> bool:
        return self.scene.you

    @property
    def game(self):
        return self.scene.game

    @property
    def shown(self):
        return self.scene.shown

    # --- geometry --------------------------------------------------------------------------------
    def plot_rect(self) -> pygame.Rect:
        """The plotting area inside the chart box (room for the title, the y labels and x axis)."""
        vp = self.vp
        box = self.chart_box
        line = line_height("bold", 0)  # a label's line at the reading floor
        exact = self.story is not None and self.story.exact
        # room on the left for the widest of the scale's labels and the axis' name
        t = self.app.t
        names = [t("story.percent", value=100)] if exact else []
        names.append(t("story.axis_turns") if exact else t("story.axis_moves"))
        widest = max(font("italic", max(reading_size("italic"), 1)).size(n)[0] for n in names)
        left = box.left + max(vp.u(150), widest + vp.u(70))
        top = box.top + line + (vp.u(36) if exact else vp.u(12))  # the 100% label under the title
        band = (
            vp.u(100) if exact else line + vp.u(6)
        )  # the luck band, or who is ahead at the bottom
        bottom = box.bottom - line - vp.u(16) - band
        return pygame.Rect(left, top, box.right - vp.u(16) - left, max(vp.u(40), bottom - top))

    def band_rect(self) -> pygame.Rect:
        vp = self.vp
        plot = self.plot_rect()
        return pygame.Rect(plot.left, plot.bottom + vp.u(10), plot.width, vp.u(88))

    def x_of(self, index: int) -> int:
        plot = self.plot_rect()
        last = max(1, len(self.story.curve) - 1)
        return plot.left + round(plot.width * index / last)

    def y_of(self, value: float) -> int:
        plot = self.plot_rect()
        return plot.bottom - round(plot.height * value)

    # --- drawing --------------------------------------------------------------------------------
    def draw(self, canvas) -> None:
        vp = self.vp
        exact = self.story.exact
        theme.rounded_panel(
            canvas, self.chart_box, theme.DEEP_2, theme.GOLD_DARK, vp.u(18), vp.u(2)
        )
        plot = self.plot_rect()
        # a label's line at the reading floor
        label_h = max(line_height("bold", 0), line_height("text", 0))
        if exact:
            self._title(canvas)
        self._grid(canvas, plot, label_h)
        if not exact:
            self._sides(canvas, plot, label_h)
        # the x axis: turns (a solved game's story) or moves, a few round numbers
        self._x_axis(canvas, plot)
        self._curve(canvas, plot)
        if exact:
            self._band(canvas)

    def _title(self, canvas) -> None:
        """A solved game's chart: whose chance it draws."""
        vp, t, box = self.vp, self.app.t, self.chart_box
        title = (
            t("story.chance_you")
            if self.you
            else t("story.chance_colour", colour=t(f"colour.{self.viewpoint}"))
        )
        draw_label(
            canvas,
            title,
            pygame.Rect(
                box.left + vp.u(20), box.top + vp.u(8), box.width - vp.u(40), line_height("bold", 0)
            ),
            size=vp.u(32),
            colour=theme.GOLD,
            max_lines=1,
        )

    def _grid(self, canvas, plot: pygame.Rect, label_h: int) -> None:
        """The grid at every quarter, the middle line stronger (level); a solved game's chance
        labelled at 0, 50 and 100%."""
        vp, t, box = self.vp, self.app.t, self.chart_box
        line = max(1, vp.u(2))
        for value in (0.0, 0.25, 0.5, 0.75, 1.0):
            y = self.y_of(value)
            colour = theme.GOLD_DARK if value == 0.5 else (78, 60, 46)
            pygame.draw.line(canvas, colour, (plot.left, y), (plot.right, y), line)
            if self.story.exact and value in (0.0, 0.5, 1.0):
                draw_text(
                    canvas,
                    t("story.percent", value=round(value * 100)),
                    pygame.Rect(
                        box.left + vp.u(8),
                        y - label_h // 2,
                        plot.left - box.left - vp.u(18),
                        label_h,
                    ),
                    size=reading_size(),
                    colour=theme.MUTED,
                    align="right",
                    max_lines=1,
                )

    def _sides(self, canvas, plot: pygame.Rect, label_h: int) -> None:
        """A searched game's chart: who is ahead, written at its top and bottom, each beside a
        piece of its side."""
        vp, t, box = self.vp, self.app.t, self.chart_box
        top_key = "story.ahead_you" if self.you else "story.ahead_colour"
        other = next(c for c in self.game.match.state.colours if c != self.viewpoint)
        bottom_key = "story.ahead_computer" if self.you else "story.ahead_colour"
        for key, side, y in (
            (top_key, self.viewpoint, box.top + vp.u(8)),
            (bottom_key, other, box.bottom - label_h - vp.u(6)),
        ):
            draw_label(
                canvas,
                t(key, colour=t(f"colour.{side}")),
                pygame.Rect(
                    box.left + vp.u(76), y, box.right - vp.u(16) - box.left - vp.u(76), label_h
                ),
                size=vp.u(28),
                colour=theme.GOLD if side == self.viewpoint else theme.MUTED,
                valign="top",
                max_lines=1,
            )
        self._side_swatches(canvas, plot, other)

    def _curve(self, canvas, plot: pygame.Rect) -> None:
        """The curve, one segment per action (throws in gold, moves in cream), and the move
        shown on the board marked across the chart and ringed on the curve."""
        vp, story, shown = self.vp, self.story, self.shown
        if shown is not None:
            x = self.x_of(shown.index)
            line = max(1, vp.u(2))
            pygame.draw.line(canvas, theme.HIGHLIGHT, (x, plot.top), (x, plot.bottom), line)
        width = max(2, vp.u(4))
        points = [(self.x_of(i), self.y_of(v)) for i, v in enumerate(story.curve)]
        for action in story.actions:
            a, b = points[action.index - 1], points[action.index]
            colour = LUCK if action.kind == "throw" else theme.CREAM
            pygame.draw.line(canvas, colour, a, b, width)
        if shown is not None:
            ring = theme.glow_ring(vp.u(12), theme.HIGHLIGHT, 230)
            canvas.blit(ring, ring.get_rect(center=points[shown.index]))

    def _side_swatches(self, canvas, plot: pygame.Rect, other: str) -> None:
        """A piece of each side at the end of its half of the chart (shape and lightness, not
        only the word, say whose half is whose)."""
        vp = self.vp
        from ludique.ui.boards.sprites import piece_sprite

        kind = spec(self.game.config.game_id).piece_kinds[0]
        box = self.chart_box
        half = max(line_height("bold", 0), line_height("text", 0)) // 2  # beside its label
        for colour, y in (
            (self.viewpoint, box.top + vp.u(8) + half),
            (other, box.bottom - vp.u(6) - half),
        ):
            sprite = piece_sprite(colour, kind, vp.u(16))
            canvas.blit(sprite, sprite.get_rect(center=(box.left + vp.u(44), y)))

    def _x_axis(self, canvas, plot: pygame.Rect) -> None:
        vp = self.vp
        t = self.app.t
        story = self.story
        turns = story.turns
        last = turns[-1] if turns else 0
        step = 1
        for candidate in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
            step = candidate
            if last / candidate <= 8:
                break
        label_h = line_height("text", 0)
        label_y = plot.bottom + vp.u(10)
        if story.exact:
            label_y = self.chart_box.bottom - label_h - vp.u(10)
        for value in range(0, last + 1, step):
            index = turns.index(value) if value in turns else None
            if index is None:
                continue
            x = self.x_of(index)
            pygame.draw.line(canvas, theme.MUTED, (x, plot.bottom), (x, plot.bottom + vp.u(8)), 2)
            draw_text(
                canvas,
                str(value),
                pygame.Rect(x - vp.u(50), label_y, vp.u(100), label_h),
                size=reading_size(),
                colour=theme.MUTED,
                max_lines=1,
            )
        axis = t("story.axis_turns") if story.exact else t("story.axis_moves")
        draw_text(
            canvas,
            axis,
            pygame.Rect(
                self.chart_box.left + vp.u(8),
                label_y,
                plot.left - self.chart_box.left - vp.u(44),  # apart from the first number
                label_h,
            ),
            role="italic",
            size=reading_size(),
            colour=theme.MUTED,
            align="right",
            max_lines=1,
        )

    def _band(self, canvas) -> None:
        """Each throw's luck as a gold bar, each costly move as a triangle, around a mid line."""
        vp = self.vp
        story = self.story
        band = self.band_rect()
        mid = band.centery
        pygame.draw.line(canvas, theme.GOLD_DARK, (band.left, mid), (band.right, mid), 1)
        # a quarter of the chance fills half the band; the rare bigger swing is cut at its edge
        half = band.height / 2 - vp.u(4)
        scale = half / BAND_FULL
        bar = max(2, vp.u(4))
        for action in story.actions:
            x = self.x_of(action.index)
            if action.kind == "throw" and abs(action.change) > EPSILON:
                h = max(1, min(half, round(abs(action.change) * scale)))
                top = mid - h if action.change > 0 else mid
                pygame.draw.rect(canvas, LUCK, pygame.Rect(x - bar // 2, top, bar, h))
            elif action.kind == "move" and action.cost > EPSILON:
                h = max(vp.u(8), min(half, round(action.cost * scale)))
                w = vp.u(9)
                if action.colour == self.viewpoint:
                    shape = [(x - w, mid), (x + w, mid), (x, mid + h)]
                    pygame.draw.polygon(canvas, COST, shape)
                else:
                    shape = [(x - w, mid), (x + w, mid), (x, mid - h)]
                    pygame.draw.polygon(canvas, GIFT, shape)
