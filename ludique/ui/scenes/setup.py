"""Set-up: opponent, strength, the visitor's colour, the family's variant, and a big Play."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import NamedTuple

import pygame

from ludique.ai import DEFAULT_STRENGTH
from ludique.games import GameSpec, family_games
from ludique.play.learn import has_guide
from ludique.play.match import STRENGTHS, GameConfig
from ludique.play.visit import visit_for
from ludique.ui import theme
from ludique.ui.context import Kiosk
from ludique.ui.fonts import font
from ludique.ui.layout import draw_label, draw_text, fit_text, line_height
from ludique.ui.scenes.base import Scene
from ludique.ui.scenes.home import start_picture
from ludique.ui.widgets import Button, Choice, choice_buttons, label_width

# A choice of a row: its button's name, its value, its words (a key, or the words themselves
# where they need a field: the minutes)
Option = tuple[str, object, str | Callable[[], str]]


class SetupRow(NamedTuple):
    """A row of the set-up: its label's key, its choices, the one chosen now, and what choosing
    one does."""

    label_key: str
    options: list[Option]
    current: object
    choose: Callable[[object], None]


@dataclass(frozen=True)
class RowGrid:
    """How the rows of choices stand in their area: the labels' column (the whole width where
    each label stands over its choices), and the gaps between choices and between rows."""

    area: pygame.Rect
    label_width: int
    stacked: bool
    option_gap: int
    row_gap: int

    @property
    def choices_width(self) -> int:
        return self.area.width - (0 if self.stacked else self.label_width)


class SetupScene(Scene):
    name = "setup"

    def __init__(self, app: Kiosk, family: str) -> None:
        super().__init__(app)
        self.family = family
        self.opponent = "computer"
        strength = app.settings.default_strength
        self.strength = strength if strength in STRENGTHS else DEFAULT_STRENGTH
        self.variant = self.games[0].variant  # the family's first game is offered first
        self.colour_index = 0
        self.short = True  # the short game (the visit rule), where the curator offers one
        self.layout()

    @property
    def games(self) -> list[GameSpec]:
        """The family's games: one, or its variants (each a row of the set-up)."""
        return list(family_games(self.family))

    @property
    def variants(self) -> bool:
        return len(self.games) > 1

    @property
    def game_id(self) -> str:
        games = self.games
        return next((g.id for g in games if g.variant == self.variant), games[0].id)

    def colours(self) -> tuple[str, str]:
        return self.games[0].colours

    @property
    def short_moves(self) -> int | None:
        """The moves each of this game's short game (the curator's minutes), or ``None``
        where there is none to offer."""
        return visit_for(self.game_id, self.app.settings.short_game_minutes)

    def layout(self) -> None:
        vp = self.vp
        self.buttons = []
        self.rows: list[tuple[str, pygame.Rect]] = []
        margin = vp.u(60)
        self._head_boxes(margin)
        area, way, way_beside, labels_w = self._regions(margin)
        low = vp.band.top > 0
        # a totem with a low band: each label beside its choices, as on a landscape screen
        stacked = vp.portrait and not low
        grid = RowGrid(
            area,
            area.width if stacked else labels_w,
            stacked,
            option_gap=vp.u(16 if vp.portrait else 24),
            row_gap=vp.u(16),
        )
        rows = self._rows_offered()
        note_h = vp.u(40) if low else 0  # the note under the last row
        y = area.top
        for row, height in zip(rows, self._row_heights(rows, grid, note_h), strict=True):
            self._place_row(row, grid, y, height)
            y += height + grid.row_gap
        self.note_box = None
        if self.opponent == "computer":
            last = self.buttons[-1].rect
            left = area.left if stacked else area.left + labels_w
            self.note_box = pygame.Rect(left, last.bottom + vp.u(4), area.right - left, vp.u(40))
        self._way_on(way, way_beside)

    def _head_boxes(self, margin: int) -> None:
        """The title, and the blurb under it (each variant's beside a picture of its start),
        the blurb as high as its words need at the reading floor."""
        vp = self.vp
        switch = self.app.language_switch.area
        self.title_box = pygame.Rect(margin, vp.u(40), switch.left - 2 * margin, vp.u(110))
        self.blurb_box = pygame.Rect(margin, self.title_box.bottom, vp.width - 2 * margin, vp.u(90))
        self.picture_box = None
        if self.variants:
            # each variant introduced by a picture of its start and one plain sentence
            side = vp.u(170)
            self.picture_box = pygame.Rect(margin, self.title_box.bottom, side * 14 // 10, side)
            self.blurb_box = pygame.Rect(
                self.picture_box.right + vp.u(30),
                self.picture_box.top,
                vp.width - margin - self.picture_box.right - vp.u(30),
                side,
            )
        if self.blurb_box.colliderect(switch):  # the switch stands low: the words end before it
            self.blurb_box.width = switch.left - vp.u(30) - self.blurb_box.left
        need = fit_text(self.blurb(), "italic", 0, (self.blurb_box.width, 10**6)).height
        self.blurb_box.height = max(self.blurb_box.height, need)
        self.head_bottom = self.blurb_box.bottom
        self.foot_words = vp.height  # where the words under the choices begin
        band = vp.band
        # over the band where it begins lower down, the language switch at its top
        above = band.top - vp.u(20) if band.top > 0 else 0
        if band.bottom < vp.height and self.blurb_box.bottom > above:
            # the screen stands low, its foot out of reach: the blurb (and the picture) go
            # there where they hold, and the choices have the band under the title
            under = band.bottom + vp.u(20)
            high = max(self.blurb_box.height, self.picture_box.height if self.picture_box else 0)
            if vp.portrait and band.top > 0:
                # a totem: the way on stands beside the switch, the choices under it; the
                # blurb up from the screen's foot, into the band's foot where it needs that
                under = min(under, vp.height - vp.u(20) - high)
            if under + high <= vp.height - vp.u(20):
                self.foot_words = under - vp.u(30)
                self.blurb_box.top = under
                if self.picture_box is not None:
                    self.picture_box.top = under
                self.head_bottom = self.title_box.bottom

    def _regions(self, margin: int) -> tuple[pygame.Rect, pygame.Rect, bool, int]:
        """Where the rows of choices go and where the way on (back, learn, play) goes, whether
        the way on stands beside the language switch, and the labels' width.

        The choices lie in the band a seated visitor reaches (``vp.band``): where it is
        short, the gaps between the rows shrink first, and the rows keep clear of the
        language switch at its top."""
        vp = self.vp
        switch = self.app.language_switch.area
        band = vp.band
        low = band.top > 0
        bottom_h = vp.u(110 if low else 130)
        way = pygame.Rect(
            margin,
            band.bottom - vp.u(20 if low else 50) - bottom_h,
            vp.width - 2 * margin,
            bottom_h,
        )
        area = pygame.Rect(margin, self.head_bottom + vp.u(30), vp.width - 2 * margin, 0)
        area.height = way.top - vp.u(30) - area.top
        labels_w = self._labels_width(area.width)
        # the first row's choices beside the language switch where they hold there at the
        # reading floor; else the way on (back, learn, play) stands there, as on a totem
        t = self.app.t
        first = (
            [t(f"variant.{g.variant}.name") for g in self.games]
            if self.variants
            else [t("setup.computer"), t("setup.two_players")]
        )
        beside = switch.left - vp.u(24) - area.left - labels_w
        held = len(first) * self._option_width(first) + (len(first) - 1) * vp.u(24) <= beside
        way_beside = low and (vp.portrait or not held)
        if way_beside:
            # the way on beside the switch at the band's top, the choices under them down to
            # the band's foot
            way = pygame.Rect(margin, switch.top, switch.left - vp.u(24) - margin, vp.u(84))
            area.top = max(area.top, switch.bottom + vp.u(16))
            area.height = min(band.bottom - vp.u(20), self.foot_words) - area.top
        elif low:
            area.top = max(area.top, band.top + vp.u(20))
            area.height = way.top - vp.u(10) - area.top
        return area, way, way_beside, labels_w

    def _labels_width(self, area_width: int) -> int:
        """The labels' column as wide as its longest label (a third at most; on a totem a
        quarter, the labels wrapping), the choices the rest.  The strength's and the colour's
        labels count also when two visitors play: the column does not move with the opponent."""
        t, vp = self.app.t, self.vp
        keys = ["setup.opponent", "setup.strength", "setup.colour"]
        keys += ["setup.variant"] if self.variants else []
        keys += ["visit.choice"] if self.short_moves is not None else []
        widest = max(font("bold", vp.u(38)).size(t(key))[0] for key in keys)
        share = area_width * 24 // 100 if vp.portrait else area_width // 3
        return min(vp.u(540), share, widest + vp.u(40))

    def _rows_offered(self) -> list[SetupRow]:
        """The rows of choices, in their order: the variant, the opponent, the length of the
        game where the curator offers a short one, and against the computer its strength and
        the visitor's colour."""
        t = self.app.t
        rows: list[SetupRow] = []
        if self.variants:
            variants = [g.variant for g in self.games]
            options: list[Option] = [(f"variant-{v}", v, f"variant.{v}.name") for v in variants]
            rows.append(SetupRow("setup.variant", options, self.variant, self._set("variant")))
        options = [
            ("opponent-computer", "computer", "setup.computer"),
            ("opponent-two", "two-players", "setup.two_players"),
        ]
        rows.append(SetupRow("setup.opponent", options, self.opponent, self._set("opponent")))
        if self.short_moves is not None:
            minutes = self.app.settings.short_game_minutes
            options = [
                ("length-short", True, lambda: t("visit.short", minutes=minutes)),
                ("length-full", False, "visit.full"),
            ]
            rows.append(SetupRow("visit.choice", options, self.short, self._set("short")))
        if self.opponent == "computer":
            options = [(f"strength-{s}", s, f"strength.{s}") for s in STRENGTHS]
            rows.append(SetupRow("setup.strength", options, self.strength, self._set("strength")))
            a, b = self.colours()
            options = [("colour-first", 0, f"colour.{a}"), ("colour-second", 1, f"colour.{b}")]
            rows.append(
                SetupRow("setup.colour", options, self.colour_index, self._set("colour_index"))
            )
        return rows

    def _option_width(self, words: list[str]) -> int:
        """A choice as wide as the longest of ``words`` on one line, with its margins."""
        vp = self.vp
        # the button's own margins, and a little air
        return max(label_width(word, vp.u(36)) for word in words) + vp.u(30)

    def _words_of(self, options: list[Option]) -> list[str]:
        t = self.app.t
        return [t(k) if isinstance(k, str) else k() for _, _, k in options]

    def _per_line(self, words: list[str], grid: RowGrid) -> int:
        """How many choices of ``words`` one line of buttons holds: all, or half of four too
        wide for one line (a totem)."""
        need = sum(self._option_width([word]) for word in words)
        if len(words) > 2 and need + (len(words) - 1) * grid.option_gap > grid.choices_width:
            return (len(words) + 1) // 2
        return len(words)

    def _row_heights(self, rows: list[SetupRow], grid: RowGrid, note_h: int) -> list[int]:
        """Each row as high as its label's lines or its lines of buttons need at the reading
        floor, the height left over (less the note's) shared among them."""
        vp, t = self.vp, self.app.t
        line_h = line_height("bold", 0)
        button_least = line_h + vp.u(14)
        needs = []
        for row in rows:
            words = self._words_of(row.options)
            lines = -(-len(words) // self._per_line(words, grid))
            if grid.stacked:
                needs.append(button_least * lines + line_h)
                continue
            said = fit_text(t(row.label_key), "bold", 0, (grid.label_width - vp.u(20), 10**6))
            needs.append(max(button_least * lines, said.height))
        spare = grid.area.height - note_h - sum(needs) - len(needs) * grid.row_gap
        cap = vp.u(250 if grid.stacked else 150)
        return [min(cap, need + max(0, spare) // len(needs)) for need in needs]

    def _place_row(self, row: SetupRow, grid: RowGrid, y: int, height: int) -> None:
        """One row at ``y``, ``height`` high: its label (over its choices when stacked, else
        beside them), its choices on one line of buttons or two."""
        vp, t = self.vp, self.app.t
        area = grid.area
        words = self._words_of(row.options)
        count = self._per_line(words, grid)
        lines = -(-len(words) // count)
        if grid.stacked:
            label = pygame.Rect(area.left, y, area.width, line_height("bold", 0))
            line = pygame.Rect(area.left, label.bottom, area.width, 0)
        else:
            label = pygame.Rect(area.left, y, grid.label_width - vp.u(20), height)
            # a row beside the language switch ends before it
            switch = self.app.language_switch.area
            right = area.right
            if y < switch.bottom and y + height > switch.top:
                right = min(right, switch.left - vp.u(24))
            left = area.left + grid.label_width
            line = pygame.Rect(left, y, right - left, 0)
        line.height = (y + height - line.top - (lines - 1) * grid.row_gap) // lines
        self.rows.append((row.label_key, label))
        widths = self._option_widths(words, count, line.width - (count - 1) * grid.option_gap)
        rects = []
        x = line.left
        for i, w in enumerate(widths):
            if i and i % count == 0:  # the second line of buttons
                x = line.left
                line = line.move(0, line.height + grid.row_gap)
            rects.append(pygame.Rect(x, line.top, w, line.height))
            x += w + grid.option_gap
        choices = [
            Choice(
                name,
                partial(t, words_key) if isinstance(words_key, str) else words_key,
                value == row.current,
                partial(row.choose, value),
            )
            for name, value, words_key in row.options
        ]
        self.buttons += choice_buttons(choices, rects, vp.u(36))

    def _option_widths(self, words: list[str], count: int, room: int) -> list[int]:
        """The choices' widths, ``count`` to a line ``room`` wide: all as wide as the longest
        choice's words on one line, where the row has room; else each as wide as its own
        words, the rest shared."""
        vp = self.vp
        widest = self._option_width(words)
        w = min(max(vp.u(320), widest), room // count)
        widths = [w] * len(words)
        if w < widest:
            for start in range(0, len(words), count):
                part = words[start : start + count]
                part_needs = [self._option_width([word]) for word in part]
                share = max(0, room - sum(part_needs)) // len(part)
                widths[start : start + count] = [need + share for need in part_needs]
        return widths

    def _way_on(self, way: pygame.Rect, way_beside: bool) -> None:
        """Back home, the guided game of this choice ("Learn", where the game has one), and a
        big "Play", along ``way``."""
        vp, t = self.vp, self.app.t
        gap = vp.u(30)
        back = pygame.Rect(
            way.left, way.top + vp.u(10), min(vp.u(300), way.width // 4), way.height - vp.u(20)
        )
        play_w = min(vp.u(560), way.width - back.width - gap)
        if way_beside:  # no room over "Play": "Learn" shares the row with it
            gap = vp.u(16)
            play_w = (way.width - back.width - 2 * gap) // 2
        play = pygame.Rect(way.right - play_w, way.top, play_w, way.height)
        self.buttons.append(
            Button(play, lambda: t("button.play"), self.play, "primary", name="play", size=vp.u(60))
        )
        self.buttons.append(
            Button(
                back,
                lambda: t("button.back"),
                lambda: self.app.go("home"),
                "quiet",
                name="back",
                size=vp.u(40),
            )
        )
        self.learn_box = pygame.Rect(
            back.right + gap, back.top, play.left - back.right - 2 * gap, back.height
        )
        learn = self.learn_box.copy()
        learn.width = min(learn.width, vp.u(420))
        learn.right = self.learn_box.right  # beside "Play": the guided game of this choice
        if learn.width < vp.u(260) and not way_beside:  # narrow: just above "Play"
            learn = pygame.Rect(play.left, 0, play.width, back.height)
            learn.bottom = play.top - gap
        if has_guide(self.game_id):  # a game without a guided game has no "Learn"
            self.buttons.append(
                Button(
                    learn,
                    lambda: t("learn.button.learn"),
                    lambda: self.app.go("learn", game_id=self.game_id),
                    name="learn",
                    size=vp.u(44),
                )
            )

    def blurb(self) -> str:
        """The choice's one plain sentence: the variant's, else the family's."""
        if self.variants:
            return self.app.t(f"variant.{self.variant}.blurb")
        return self.app.t(f"family.{self.family}.blurb")

    def _set(self, attribute: str):
        def setter(value) -> None:
            setattr(self, attribute, value)
            self.layout()

        return setter

    def play(self) -> None:
        colour = self.colours()[self.colour_index] if self.opponent == "computer" else None
        visit = self.short_moves if self.short else None
        config = GameConfig(self.game_id, self.opponent, self.strength, colour, visit)
        self.app.go("game", config=config)

    def draw(self, canvas: pygame.Surface) -> None:
        vp = self.vp
        canvas.blit(theme.background(canvas.get_size()), (0, 0))
        t = self.app.t
        draw_text(
            canvas,
            t(f"family.{self.family}.name"),
            self.title_box,
            role="display",
            size=vp.u(80),
            colour=theme.GOLD,
            align="left",
        )
        if self.picture_box is not None:
            picture = start_picture(self.game_id, self.picture_box.size)
            canvas.blit(picture, self.picture_box)
        draw_text(
            canvas,
            self.blurb(),
            self.blurb_box,
            role="italic",
            size=vp.u(36),
            colour=theme.CREAM,
            align="left",
            min_size=vp.u(26),
        )
        for key, box in self.rows:
            draw_label(canvas, t(key), box, size=vp.u(38), colour=theme.CREAM)
        for button in self.buttons:
            button.draw(canvas)
        if self.note_box is not None and self.colour_index == 1:
            first = t(f"colour.{self.colours()[0]}")
            draw_text(
                canvas,
                t("setup.computer_begins", colour=first),
                self.note_box,
                role="italic",
                size=vp.u(30),
                colour=theme.MUTED,
                align="left",
                valign="top",
            )
