"""The game screen's side strip: the game's name, who plays, whose turn it is and the next step,
the counts (pieces at the goal, across, captured), and Pente grammai's gauge of the visitor's
exact chance.  It draws what the match and its guidance say; it decides nothing."""

from __future__ import annotations

import pygame

from ludique.guidance import Guidance
from ludique.match import Match
from ludique.ui import theme
from ludique.ui.boards.sprites import piece_sprite
from ludique.ui.layout import VISITOR_TEXT, draw_text, fit_text

PIECE_KINDS = {"pente-grammai": "counter", "epaminondas": "piece"}


def piece_kind(game_id: str) -> str:
    """The kind of piece that stands for a side of ``game_id`` (in the strip, on a trace)."""
    return PIECE_KINDS.get(game_id, "man")


class GameStrip:
    def __init__(self, app, match: Match, guidance: Guidance) -> None:
        self.app = app
        self.match = match
        self.guidance = guidance

    def draw(self, canvas: pygame.Surface, placed, selected: str | None) -> None:
        """The strip in the rectangles of ``placed`` (a ``GameLayout``)."""
        t = self.app.t
        vp = self.app.viewport
        config = self.match.config
        draw_text(
            canvas,
            t(f"game.{config.game_id}"),
            placed.title,
            role="display",
            size=vp.u(42),
            colour=theme.GOLD,
            align="left",
            valign="bottom",
        )
        if config.opponent == "computer":
            mode = t("status.against", strength=t(f"strength.{config.strength}"))
        else:
            mode = t("setup.two_players")
        draw_text(
            canvas,
            mode,
            placed.mode,
            role="italic",
            size=vp.u(28),
            min_size=vp.u(VISITOR_TEXT),
            colour=theme.MUTED,
            align="left",
        )
        self._draw_status(canvas, placed.status, selected)
        self._draw_scores(canvas, placed.scores)

    def _draw_status(self, canvas: pygame.Surface, panel: pygame.Rect, selected) -> None:
        t = self.app.t
        vp = self.app.viewport
        theme.rounded_panel(canvas, panel, theme.DEEP_2, theme.GOLD_DARK, vp.u(18), vp.u(2))
        mover = self.match.state.to_move
        sprite = piece_sprite(mover, piece_kind(self.match.config.game_id), vp.u(30))
        guide = self.guidance.next_step(selected)
        # with a next step, the piece and whose turn share the top row, the step the panel's width
        row = vp.u(70) if guide is not None else panel.height
        canvas.blit(sprite, sprite.get_rect(center=(panel.left + vp.u(50), panel.top + row // 2)))
        status = self.guidance.status().render(t)
        if self.match.thinking:
            status += "." * (1 + int(self.app.now() * 3) % 3)
        words = pygame.Rect(
            panel.left + vp.u(90),
            panel.top + vp.u(10),
            panel.width - vp.u(104),
            panel.height - vp.u(20),
        )
        if guide is None:
            draw_text(
                canvas, status, words, role="bold", size=vp.u(32), colour=theme.CREAM, align="left"
            )
            return
        # whose turn on top, the next step under it
        fit = fit_text(status, "bold", vp.u(30), (words.width, row - vp.u(10)))
        top = pygame.Rect(words.left, panel.top + (row - fit.height) // 2, words.width, fit.height)
        drawn = draw_text(
            canvas,
            status,
            top,
            role="bold",
            size=fit.size,
            colour=theme.CREAM,
            align="left",
            valign="top",
            min_size=fit.size,
        )
        below = max(drawn.bottom, panel.top + row)
        rest = pygame.Rect(
            panel.left + vp.u(18),
            below + vp.u(4),
            panel.width - vp.u(32),
            words.bottom - below - vp.u(4),
        )
        draw_text(
            canvas,
            guide.render(t),
            rest,
            size=vp.u(28),
            colour=theme.HIGHLIGHT,
            align="left",
            valign="top",
            min_size=vp.u(VISITOR_TEXT),
        )

    def _draw_notes(self, canvas: pygame.Surface, box: pygame.Rect) -> int:
        """At the top of ``box``: the threat the next move could decide, in the warning
        colour, and a rule explained the first time it applied; returns where the rest goes."""
        t = self.app.t
        vp = self.app.viewport
        y = box.top
        threat = self.guidance.threat_line()
        if threat is not None:
            words = threat.render(t)
            fit = fit_text(words, "bold", vp.u(28), (box.width, box.height // 3), min_size=vp.u(26))
            drawn = draw_text(
                canvas,
                words,
                pygame.Rect(box.left, y, box.width, fit.height),
                role="bold",
                size=fit.size,
                colour=theme.DANGER_TEXT,
                align="left",
                valign="top",
                min_size=fit.size,
            )
            y = drawn.bottom + vp.u(12)
        rule = self.guidance.rule
        if rule is not None:
            words = rule.text.render(t)
            pad = vp.u(14)
            room = (box.width - 2 * pad, (box.bottom - y) * 3 // 5)
            fit = fit_text(words, "text", vp.u(28), room, min_size=vp.u(26))
            panel = pygame.Rect(box.left, y, box.width, fit.height + 2 * pad)
            theme.rounded_panel(canvas, panel, theme.CREAM, theme.GOLD, vp.u(14), vp.u(2))
            draw_text(
                canvas,
                words,
                panel.inflate(-2 * pad, -2 * pad),
                size=fit.size,
                colour=theme.INK,
                align="left",
                valign="top",
                min_size=fit.size,
            )
            y = panel.bottom + vp.u(12)
        return y

    def _draw_scores(self, canvas: pygame.Surface, box: pygame.Rect) -> None:
        t = self.app.t
        vp = self.app.viewport
        y = self._draw_notes(canvas, box)
        line_h = vp.u(36)
        lost = self.match.lost_counts()
        icon = vp.u(15)
        step = 2 * icon + vp.u(6)
        per_row = max(1, box.width // step)
        floor = vp.u(VISITOR_TEXT)
        for line, colour in self.guidance.score_lines():
            words = line.render(t)
            # one line, or two where a long heading needs them (it never shrinks under the floor)
            fit = fit_text(words, "text", vp.u(28), (box.width, line_h), min_size=floor)
            if fit.overflow:  # a long heading: two lines rather than cut
                fit = fit_text(words, "text", vp.u(28), (box.width, 2 * line_h), min_size=floor)
                size, height = fit.size, fit.height + vp.u(6)
            else:
                size, height = vp.u(28), line_h
            need = height + (2 * line_h if line.key == "score.crossing_title" else 0)
            if y + need > box.bottom:
                break  # a heading goes only with both counts under it, or it says nothing
            draw_text(
                canvas,
                words,
                pygame.Rect(box.left, y, box.width, height),
                size=size,
                colour=theme.CREAM,
                align="left",
                max_lines=2,
                min_size=floor,
            )
            y += height
            rows = ((min(lost.get(colour, 0), 16) - 1) // per_row + 1) if colour else 0
            if colour is not None and lost[colour] and y + rows * step <= box.bottom:
                # the pieces a side has lost, drawn under its line
                sprite = piece_sprite(colour, "man", icon)
                count = min(lost[colour], 16)
                for i in range(count):
                    cx = box.left + icon + (i % per_row) * step
                    cy = y + icon + (i // per_row) * step
                    canvas.blit(sprite, sprite.get_rect(center=(cx, cy)))
                y += ((count - 1) // per_row + 1) * step + vp.u(6)
        if self.match.config.game_id == "pente-grammai":  # the exact chance
            from ludique.ui.story_gauge import draw_gauge

            gauge_top = y + vp.u(12)
            draw_gauge(
                self.app,
                self.match,
                canvas,
                pygame.Rect(box.left, gauge_top, box.width, box.bottom - gauge_top),
            )
