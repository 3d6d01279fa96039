"""The game screen's side strip: the game's name, who plays, whose turn it is and the next step,
the counts (pieces at the goal, across, captured), and a solved game's gauge of the visitor's
exact chance.  It draws what the match and its guidance say; it decides nothing."""

from __future__ import annotations

import pygame

from ludique.games import spec
from ludique.play.guidance import Guidance
from ludique.play.match import Match
from ludique.ui import theme
from ludique.ui.boards.sprites import piece_sprite
from ludique.ui.context import Kiosk
from ludique.ui.layout import (
    LINE_SPACING,
    Viewport,
    draw_text,
    fit_text,
    line_height,
    reading_size,
)


def cream_panel(
    canvas: pygame.Surface,
    vp: Viewport,
    words: str,
    role: str,
    box: pygame.Rect,
    y: int,
    bottom: int,
    size: int,
) -> int:
    """Words on a cream panel across ``box`` from ``y``, no lower than ``bottom``, at
    ``size`` (never shrunk): a notice or a rule said beside the board.  Returns where the
    next line goes."""
    pad = vp.u(14)
    room = (box.width - 2 * pad, max(0, bottom - y - 2 * pad))
    fit = fit_text(words, role, size, room, min_size=size)
    panel = pygame.Rect(box.left, y, box.width, min(fit.height, room[1]) + 2 * pad)
    theme.rounded_panel(canvas, panel, theme.CREAM, theme.GOLD, vp.u(14), vp.u(2))
    draw_text(
        canvas,
        words,
        panel.inflate(-2 * pad, -2 * pad),
        role=role,
        size=size,
        colour=theme.INK,
        align="left",
        valign="top",
        min_size=size,
    )
    return panel.bottom + vp.u(12)


def piece_kind(game_id: str) -> str:
    """The kind of piece that stands for a side of ``game_id`` (in the strip, on a trace)."""
    return spec(game_id).piece_kinds[0]


class GameStrip:
    def __init__(self, app: Kiosk, match: Match, guidance: Guidance) -> None:
        self.app = app
        self.match = match
        self.guidance = guidance
        self.rule_waits = False  # no room for the rule notice beside a loss and a threat
        self.status_rect = pygame.Rect(0, 0, 0, 0)  # the status panel as last drawn
        # the tallest the status panel has stood on this layout: it does not shrink back from
        # one turn to the next, so that the counts under it stay where they are
        self.status_high = 0
        # this frame the panel gave up that height so that a warning shows whole (the counts
        # move once rather than a warning being cut)
        self.gave_way = False

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
        # who plays (against the computer, at which strength) always keeps its line: a
        # visitor who comes back to the screen must see it, however full the strip
        if config.opponent == "computer":
            mode = t("status.against", strength=t(f"strength.{config.strength}"))
        else:
            mode = t("setup.two_players")
        drawn = draw_text(
            canvas,
            mode,
            placed.mode,
            role="italic",
            size=vp.u(28),
            colour=theme.MUTED,
            align="left",
            valign="top",
        )
        status, up = self._status_box(placed, drawn, selected, hint, below)
        scores = placed.scores
        scores = pygame.Rect(
            scores.left, scores.top - up + below, scores.width, scores.height + up - below
        )
        need = sum(h for _, _, h, _ in self._score_fits(scores.width))
        self.rule_waits = False
        self.rule_waits = self._notes_need(scores.width, selected) > scores.height - need
        # a loss, a threat and a rule at once on a short strip: the rule waits, kept past the
        # visitor's move until it has been shown (the loss and the threat are for this turn)
        self.guidance.hold_rule(self.rule_waits)
        self.status_rect = status  # where the status panel stands this frame
        self._draw_status(canvas, status, selected, hint)
        self._draw_scores(canvas, scores, selected)

    def _status_box(
        self, placed, drawn: pygame.Rect, selected: str | None, hint: bool, below: int
    ) -> tuple[pygame.Rect, int]:
        """The status panel's rect this frame, and how far the counts under it move up."""
        vp = self.app.viewport
        # the room its box leaves unused (one line where two were kept) goes to the counts, and
        # so does the status panel's where its words need less (never under two lines of a
        # next step, nor under the height it has taken on this layout, so that it keeps its
        # size from one turn to the next)
        # (not under a button at the top of the counts, the quick start, which stays put)
        status = placed.status.copy()
        up = 0
        if not below:
            up = max(0, placed.mode.bottom - max(drawn.bottom, placed.mode.top))
            status = status.move(0, -up)
            step = round(reading_size() * LINE_SPACING)
            least = vp.u(88) + line_height("text", 0) + step
            if self._notice() is not None:  # no next step under it while a notice says it
                least = 0
            need = self._status_need(status.width, selected, hint)
            height = min(status.height, max(least, need, self.status_high))
            self.status_high = height
            # the height kept from earlier turns gives way where a warning the strip must show
            # (the loss, the red targets, the first threat) would be cut at its bottom
            spare = height - min(status.height, max(least, need))
            self.gave_way = False
            if spare > 0:
                room = self._notes_room(placed, up + status.height - height)
                if self._notes_need(placed.scores.width, selected, with_rule=False) > room:
                    height -= spare
                    self.gave_way = True
            up += status.height - height
            status.height = height
        return status, up

    def _notes(self, selected: str | None) -> list:
        """The warning lines: the pieces the computer's last move took, what the held piece's
        red targets mean, then the threats."""
        first = [self.guidance.lost, self.guidance.risk_line(selected)]
        return [line for line in first if line is not None] + self.guidance.threat_lines()

    def _next_step(self, selected: str | None, hint: bool):
        """The next step under whose turn it is; none while a notice answers his touch (it
        says what to do now, and the strip's height goes to it)."""
        if self._notice() is not None:
            return None
        return self.guidance.next_step(selected, hint)

    def _notice(self):
        """The line said to the visitor's touch or move (why a drop was refused, the battle
        begins...), shown here rather than over the board, or None."""
        notice = self.guidance.notice
        message = self.guidance.message()
        return notice.text if notice is not None and message is notice.text else None

    def _must(self, selected: str | None) -> int:
        """How many of the warning lines always show: the loss's, the red targets' and the
        first threat's (the others where there is room; their pieces are ringed all the
        same)."""
        first = [self.guidance.lost, self.guidance.risk_line(selected)]
        return 1 + sum(line is not None for line in first)

    def _notes_room(self, placed, up: int) -> int:
        """The height the notes have over the counts (no button at their top) when the
        status panel gives ``up`` of its box to them."""
        counts = sum(h for _, _, h, _ in self._score_fits(placed.scores.width))
        return placed.scores.height + up - counts

    def _notes_need(
        self,
        width: int,
        selected: str | None,
        size: int | None = None,
        with_rule: bool = True,
    ) -> int:
        """The height the first threat's line and a rule notice (``with_rule``) take at the
        strip's ``width``, their words at ``size`` (else as small as a visitor reads)."""
        t = self.app.t
        vp = self.app.viewport
        size = size or reading_size()
        need = 0
        pad = vp.u(14)
        notice = self._notice()
        if notice is not None:
            fit = fit_text(notice.render(t), "bold", size, (width - 2 * pad, 10**6), min_size=size)
            need += fit.height + 2 * pad + vp.u(12)
        for line in self._notes(selected)[: self._must(selected)]:
            fit = fit_text(line.render(t), "bold", size, (width, 10**6), min_size=size)
            need += fit.height + vp.u(12)
        if with_rule and self.guidance.rule is not None and not self.rule_waits:
            words = self.guidance.rule.text.render(t)
            fit = fit_text(words, "text", size, (width - 2 * pad, 10**6), min_size=size)
            need += fit.height + 2 * pad + vp.u(12)
        return need

    def _status_need(self, width: int, selected, hint: bool) -> int:
        """The height the status panel's words take at ``width`` (``_draw_status``'s
        geometry): whose turn, and the next step under it."""
        t = self.app.t
        vp = self.app.viewport
        status = self.guidance.status().render(t) + ("..." if self.match.thinking else "")
        guide = self._next_step(selected, hint)
        words_w = width - vp.u(104)
        if guide is None:
            return fit_text(status, "bold", vp.u(32), (words_w, 10**6)).height + vp.u(20)
        row = vp.u(70)
        fit = fit_text(status, "bold", vp.u(30), (words_w, row - vp.u(10)))
        below = max(self._status_top(fit.height, row) + fit.height, row)
        rest = fit_text(guide.render(t), "text", vp.u(28), (width - vp.u(32), 10**6))
        return below + vp.u(8) + rest.height + vp.u(10)

    def _status_top(self, high: int, row: int) -> int:
        """Where whose turn starts under the panel's top, ``high`` tall: centred on the top
        ``row`` beside the piece, but never over the panel's edge when it takes more lines
        than the row holds."""
        return max(self.app.viewport.u(10), (row - high) // 2)

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
        guide = self._next_step(selected, hint)
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
        top = pygame.Rect(
            words.left, panel.top + self._status_top(fit.height, row), words.width, fit.height
        )
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
        )

    def _draw_notes(self, canvas: pygame.Surface, box: pygame.Rect, selected: str | None) -> int:
        """At the top of ``box``: the threats the next move could decide, in the warning
        colour, and a rule explained the first time it applied; returns where the rest goes.
        ``box`` leaves out the room the counts need: a note never pushes them off the strip.
        What does not fit even at the smallest size is cut at ``box`` (and the layout test
        says so) rather than drawn over the counts or under the buttons."""
        t = self.app.t
        vp = self.app.viewport
        floor = reading_size()
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
        notice = self._notice()
        if notice is not None:  # the answer to his touch first: he looks for it now
            bottom = box.bottom - keep
            y = cream_panel(
                canvas, self.app.viewport, notice.render(t), "bold", box, y, bottom, size
            )
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
            y = cream_panel(
                canvas, self.app.viewport, rule.text.render(t), "text", box, y, box.bottom, size
            )
        return min(y, box.bottom)

    def _score_fits(self, width: int) -> list[tuple[str, int, int, str | None]]:
        """Each count of the strip as it will be drawn: words, size, height and the colour
        whose lost pieces go under it."""
        t = self.app.t
        vp = self.app.viewport
        size = max(vp.u(28), reading_size())  # the counts' size, at least the reading floor
        line_h = line_height("text", size)
        out = []
        joined: list[tuple[str, str | None]] = []
        last_key = None
        for line, colour in self.guidance.score_lines():
            words = line.render(t)
            if colour is None and line.key == last_key and joined[-1][1] is None:
                # the same count for the other side on the same line, where it fits (the
                # strip's height is scarce: the threats need it)
                both = f"{joined[-1][0]}  ·  {words}"
                fit = fit_text(both, "text", size, (width, 10**6), min_size=size, max_lines=1)
                if not fit.overflow:
                    joined[-1] = (both, None)
                    continue
            joined.append((words, colour))
            last_key = line.key
        for words, colour in joined:
            # one line, or two where a long heading needs them (it never shrinks)
            fit = fit_text(words, "text", size, (width, 10**6), min_size=size)
            height = line_h if len(fit.lines) == 1 else fit.height + vp.u(6)
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
        floor = reading_size()
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
