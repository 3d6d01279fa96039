"""The game screen's side strip: the game's name, who plays, whose turn it is and the next step,
the counts (pieces at the goal, across, captured), and Pente grammai's gauge of the visitor's
exact chance.  It draws what the match and its guidance say; it decides nothing."""

from __future__ import annotations

import pygame

from ludique.games import spec
from ludique.play.guidance import Guidance
from ludique.play.match import Match
from ludique.ui import theme
from ludique.ui.boards.sprites import piece_sprite
from ludique.ui.context import Kiosk
from ludique.ui.layout import VISITOR_TEXT, draw_text, fit_text


def piece_kind(game_id: str) -> str:
    """The kind of piece that stands for a side of ``game_id`` (in the strip, on a trace)."""
    return spec(game_id).piece_kinds[0]


class GameStrip:
    def __init__(self, app: Kiosk, match: Match, guidance: Guidance) -> None:
        self.app = app
        self.match = match
        self.guidance = guidance
        self.rule_waits = False  # no room for the rule notice beside a loss and a threat

    def draw(
        self,
        canvas: pygame.Surface,
        placed,
        selected: str | None,
        hint: bool = False,
        below: int = 0,
    ) -> None:
        """The strip in the rectangles of ``placed`` (a ``GameLayout``); ``hint``: the
        hesitation hint is on the board; ``below``: the height a button takes at the top of
        the counts (the quick start of a placement)."""
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
        status, scores = placed.status, placed.scores
        scores = pygame.Rect(scores.left, scores.top + below, scores.width, scores.height - below)
        need = sum(h for _, _, h, _ in self._score_fits(scores.width))
        # the line who plays may lend the counts (they move up into it), unless a button stands
        # at their top (the quick start of a placement): it would cover them
        lend = 0 if below else status.top - placed.mode.top
        room = scores.height - need + lend
        self.rule_waits = False
        self.rule_waits = self._notes_need(scores.width, selected) > room
        # a loss, a threat and a rule at once on a short strip: the rule waits, kept past the
        # visitor's move until it has been shown (the loss and the threat are for this turn)
        self.guidance.hold_rule(self.rule_waits)
        if lend and self._notes_need(scores.width, selected) > scores.height - need:
            # a threat and a rule notice at once on a short strip: who plays (against the
            # computer, at which strength) gives its line to them for a while
            up = status.top - placed.mode.top
            status = status.move(0, -up)
            scores = pygame.Rect(scores.left, scores.top - up, scores.width, scores.height + up)
        else:
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
        self._draw_status(canvas, status, selected, hint)
        self._draw_scores(canvas, scores, selected)

    def _notes(self, selected: str | None) -> list:
        """The warning lines: the pieces the computer's last move took, what the held piece's
        red targets mean, then the threats."""
        first = [self.guidance.lost, self.guidance.risk_line(selected)]
        return [line for line in first if line is not None] + self.guidance.threat_lines()

    def _must(self, selected: str | None) -> int:
        """How many of the warning lines always show: the loss's, the red targets' and the
        first threat's (the others where there is room; their pieces are ringed all the
        same)."""
        first = [self.guidance.lost, self.guidance.risk_line(selected)]
        return 1 + sum(line is not None for line in first)

    def _notes_need(self, width: int, selected: str | None, size: int | None = None) -> int:
        """The height the first threat's line and a rule notice take at the strip's
        ``width``, their words at ``size`` (else as small as a visitor reads)."""
        t = self.app.t
        vp = self.app.viewport
        size = size or vp.u(VISITOR_TEXT)
        need = 0
        for line in self._notes(selected)[: self._must(selected)]:
            fit = fit_text(line.render(t), "bold", size, (width, 10**6), min_size=size)
            need += fit.height + vp.u(12)
        if self.guidance.rule is not None and not self.rule_waits:
            pad = vp.u(14)
            words = self.guidance.rule.text.render(t)
            fit = fit_text(words, "text", size, (width - 2 * pad, 10**6), min_size=size)
            need += fit.height + 2 * pad + vp.u(12)
        return need

    def _draw_status(
        self, canvas: pygame.Surface, panel: pygame.Rect, selected, hint: bool = False
    ) -> None:
        t = self.app.t
        vp = self.app.viewport
        theme.rounded_panel(canvas, panel, theme.DEEP_2, theme.GOLD_DARK, vp.u(18), vp.u(2))
        state = self.match.state
        mover = state.to_move
        if state.outcome is not None and state.outcome.winner is not None:
            mover = state.outcome.winner  # the game is over: the winner's piece, not the loser's
        sprite = piece_sprite(mover, piece_kind(self.match.config.game_id), vp.u(30))
        guide = self.guidance.next_step(selected, hint)
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

    def _draw_notes(self, canvas: pygame.Surface, box: pygame.Rect, selected: str | None) -> int:
        """At the top of ``box``: the threats the next move could decide, in the warning
        colour, and a rule explained the first time it applied; returns where the rest goes.
        ``box`` leaves out the room the counts need: a note never pushes them off the strip.
        What does not fit even at the smallest size is cut at ``box`` (and the layout test
        says so) rather than drawn over the counts or under the buttons."""
        t = self.app.t
        vp = self.app.viewport
        floor = vp.u(VISITOR_TEXT)
        # all at the usual size where there is room, else all at the smallest a visitor reads
        fits = self._notes_need(box.width, selected, vp.u(28)) <= box.height
        size = vp.u(28) if fits else floor
        rule = None if self.rule_waits else self.guidance.rule
        pad = vp.u(14)
        keep = 0
        if rule is not None:  # the rule notice's room
            fit = fit_text(rule.text.render(t), "text", size, (box.width - 2 * pad, 10**6))
            keep = fit.height + 2 * pad
        y = box.top
        for i, line in enumerate(self._notes(selected)):
            words = line.render(t)
            room = (box.width, box.bottom - keep - y)
            fit = fit_text(words, "bold", size, room, min_size=size)
            if fit.overflow and i >= self._must(selected):
                break  # every threat stays ringed on the board; the next lines need room
            drawn = draw_text(
                canvas,
                words,
                pygame.Rect(box.left, y, box.width, max(0, min(fit.height, room[1]))),
                role="bold",
                size=size,
                colour=theme.DANGER_TEXT,
                align="left",
                valign="top",
                min_size=size,
            )
            y = drawn.bottom + vp.u(12)
        if rule is not None:
            words = rule.text.render(t)
            room = (box.width - 2 * pad, max(0, box.bottom - y - 2 * pad))
            fit = fit_text(words, "text", size, room, min_size=size)
            panel = pygame.Rect(box.left, y, box.width, min(fit.height, room[1]) + 2 * pad)
            theme.rounded_panel(canvas, panel, theme.CREAM, theme.GOLD, vp.u(14), vp.u(2))
            draw_text(
                canvas,
                words,
                panel.inflate(-2 * pad, -2 * pad),
                size=size,
                colour=theme.INK,
                align="left",
                valign="top",
                min_size=size,
            )
            y = panel.bottom + vp.u(12)
        return min(y, box.bottom)

    def _score_fits(self, width: int) -> list[tuple[str, int, int, str | None]]:
        """Each count of the strip as it will be drawn: words, size, height and the colour
        whose lost pieces go under it."""
        t = self.app.t
        vp = self.app.viewport
        line_h = vp.u(36)
        floor = vp.u(VISITOR_TEXT)
        out = []
        joined: list[tuple[str, str | None]] = []
        last_key = None
        for line, colour in self.guidance.score_lines():
            words = line.render(t)
            if colour is None and line.key == last_key and joined[-1][1] is None:
                # the same count for the other side on the same line, where it fits (the
                # strip's height is scarce: the threats need it)
                both = f"{joined[-1][0]}  ·  {words}"
                fit = fit_text(both, "text", vp.u(28), (width, 10**6), max_lines=1)
                if not fit.overflow and fit.size == vp.u(28):
                    joined[-1] = (both, None)
                    continue
            joined.append((words, colour))
            last_key = line.key
        for words, colour in joined:
            # one line, or two where a long heading needs them (it never shrinks under the floor)
            fit = fit_text(words, "text", vp.u(28), (width, line_h), min_size=floor)
            if fit.overflow:  # a long heading: two lines rather than cut
                fit = fit_text(words, "text", vp.u(28), (width, 2 * line_h), min_size=floor)
                size, height = fit.size, fit.height + vp.u(6)
            else:
                size, height = vp.u(28), line_h
            out.append((words, size, height, colour))
        return out

    def _draw_scores(self, canvas: pygame.Surface, box: pygame.Rect, selected) -> None:
        vp = self.app.viewport
        fits = self._score_fits(box.width)
        # the counts always show: the notes above them get what the counts leave
        need = sum(height for _, _, height, _ in fits)
        notes = pygame.Rect(box.left, box.top, box.width, max(0, box.height - need))
        y = self._draw_notes(canvas, notes, selected)
        lost = self.match.lost_counts()
        icon = vp.u(15)
        step = 2 * icon + vp.u(6)
        per_row = max(1, box.width // step)
        floor = vp.u(VISITOR_TEXT)
        left = need
        # the short game's last moves, counted down, stand out from the counts
        counted = ("visit.left", "visit.last")
        lines = self.guidance.score_lines()
        accents = {line.render(self.app.t) for line, _ in lines if line.key in counted}
        for words, size, height, colour in fits:
            if y + height > box.bottom:
                break  # only where the strip is too short for the counts themselves
            draw_text(
                canvas,
                words,
                pygame.Rect(box.left, y, box.width, height),
                size=size,
                colour=theme.HIGHLIGHT if words in accents else theme.CREAM,
                align="left",
                max_lines=2,
                min_size=floor,
            )
            y += height
            left -= height
            rows = ((min(lost.get(colour, 0), 16) - 1) // per_row + 1) if colour else 0
            icons = rows * step + vp.u(6)
            if colour is not None and lost[colour] and y + icons + left <= box.bottom:
                # the pieces a side has lost, drawn under its line where there is room
                sprite = piece_sprite(colour, "man", icon)
                count = min(lost[colour], 16)
                for i in range(count):
                    cx = box.left + icon + (i % per_row) * step
                    cy = y + icon + (i // per_row) * step
                    canvas.blit(sprite, sprite.get_rect(center=(cx, cy)))
                y += icons
        if spec(self.match.config.game_id).solved:  # the exact chance
            from ludique.ui.story_gauge import draw_gauge

            gauge_top = y + vp.u(12)
            draw_gauge(
                self.app,
                self.match,
                canvas,
                pygame.Rect(box.left, gauge_top, box.width, box.bottom - gauge_top),
            )
