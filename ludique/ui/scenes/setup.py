"""Set-up: opponent, strength, the visitor's colour, the family's variant, and a big Play."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from ludique.ai import DEFAULT_STRENGTH
from ludique.games import GameSpec, family_games
from ludique.play.learn import has_guide
from ludique.play.match import STRENGTHS, GameConfig
from ludique.play.visit import visit_for
from ludique.ui import theme
from ludique.ui.context import Kiosk
from ludique.ui.fonts import font
from ludique.ui.layout import draw_text, fit_text, line_height, reading_size
from ludique.ui.scenes.base import Scene
from ludique.ui.scenes.home import start_picture
from ludique.ui.widgets import Button


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
        t = self.app.t
        vp = self.vp
        self.buttons = []
        self.rows: list[tuple[str, pygame.Rect]] = []
        margin = vp.u(60)
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
        # as high as its words need at the reading floor
        need = fit_text(self.blurb(), "italic", 0, (self.blurb_box.width, 10**6)).height
        self.blurb_box.height = max(self.blurb_box.height, need)
        # the choices lie in the band a seated visitor reaches (``vp.band``): where it is
        # short, the gaps between the rows shrink first, and the rows keep clear of the
        # language switch at its top
        band = vp.band
        low = band.top > 0
        bottom_h = vp.u(110 if low else 130)
        bottom = pygame.Rect(
            margin,
            band.bottom - vp.u(20 if low else 50) - bottom_h,
            vp.width - 2 * margin,
            bottom_h,
        )
        area = pygame.Rect(margin, self.blurb_box.bottom + vp.u(30), vp.width - 2 * margin, 0)
        area.height = bottom.top - vp.u(30) - area.top

        def option_width(words: list[str]) -> int:
            """A choice as wide as the longest of ``words`` on one line, with its margins."""
            face = font("bold", max(vp.u(36), reading_size("bold")))
            # the button's own margins, and a little air
            return max(face.size(w)[0] for w in words) + vp.u(30)

        # the labels' column as wide as its longest label (a third at most; on a totem a
        # quarter, the labels wrapping), the choices the rest
        keys = ["setup.opponent", "setup.strength", "setup.colour"]
        keys += ["setup.variant"] if self.variants else []
        keys += ["visit.choice"] if self.short_moves is not None else []
        widest = max(font("bold", vp.u(38)).size(t(key))[0] for key in keys)
        share = area.width * 24 // 100 if vp.portrait else area.width // 3
        labels_w = min(vp.u(540), share, widest + vp.u(40))
        # the first row's choices beside the language switch where they hold there at the
        # reading floor; else the way on (back, learn, play) stands there, as on a totem
        first = (
            [t(f"variant.{g.variant}.name") for g in self.games]
            if self.variants
            else [t("setup.computer"), t("setup.two_players")]
        )
        beside = switch.left - vp.u(24) - area.left - labels_w
        held = len(first) * option_width(first) + (len(first) - 1) * vp.u(24) <= beside
        way_beside = low and (vp.portrait or not held)
        if way_beside:
            # the way on beside the switch at the band's top, the choices under them down to
            # the band's foot
            bottom = pygame.Rect(margin, switch.top, switch.left - vp.u(24) - margin, vp.u(84))
            area.top = max(area.top, switch.bottom + vp.u(16))
            area.height = band.bottom - vp.u(20) - area.top
            bottom_h = bottom.height
        elif low:
            area.top = max(area.top, band.top + vp.u(20))
            area.height = bottom.top - vp.u(10) - area.top
        # an option's words: a key, or the words themselves when they need a field (the minutes)
        Option = tuple[str, object, str | Callable[[], str]]
        specs: list[tuple[str, list[Option], object, Callable]] = []
        if self.variants:
            variants = [g.variant for g in self.games]
            options: list[Option] = [(f"variant-{v}", v, f"variant.{v}.name") for v in variants]
            specs.append(("setup.variant", options, self.variant, self._set("variant")))
        options = [
            ("opponent-computer", "computer", "setup.computer"),
            ("opponent-two", "two-players", "setup.two_players"),
        ]
        specs.append(("setup.opponent", options, self.opponent, self._set("opponent")))
        if self.short_moves is not None:
            minutes = self.app.settings.short_game_minutes
            options = [
                ("length-short", True, lambda: t("visit.short", minutes=minutes)),
                ("length-full", False, "visit.full"),
            ]
            specs.append(("visit.choice", options, self.short, self._set("short")))
        if self.opponent == "computer":
            options = [(f"strength-{s}", s, f"strength.{s}") for s in STRENGTHS]
            specs.append(("setup.strength", options, self.strength, self._set("strength")))
            a, b = self.colours()
            options = [("colour-first", 0, f"colour.{a}"), ("colour-second", 1, f"colour.{b}")]
            specs.append(("setup.colour", options, self.colour_index, self._set("colour_index")))
        note_h = vp.u(40) if low else 0  # the note under the last row
        # a totem with a low band: each label beside its choices, as on a landscape screen
        stacked = vp.portrait and not low
        option_gap = vp.u(16 if vp.portrait else 24)
        label_w = area.width if stacked else labels_w
        choices_w = area.width - (0 if stacked else label_w)

        def words_of(options: list[Option]) -> list[str]:
            return [t(k) if isinstance(k, str) else k() for _, _, k in options]

        def per_line(words: list[str]) -> int:
            """How many choices of ``words`` one line of buttons holds: all, or half of four
            too wide for one line (a totem)."""
            need = sum(option_width([word]) for word in words)
            if len(words) > 2 and need + (len(words) - 1) * option_gap > choices_w:
                return (len(words) + 1) // 2
            return len(words)

        # each row as high as its label's lines or its lines of buttons need at the reading
        # floor, the height left over shared among them
        line_h = line_height("bold", 0)
        button_least = line_h + vp.u(14)
        needs = []
        for label_key, options, _, _ in specs:
            words = words_of(options)
            lines = -(-len(words) // per_line(words))
            if stacked:
                needs.append(button_least * lines + line_h)
                continue
            said = fit_text(t(label_key), "bold", 0, (label_w - vp.u(20), 10**6))
            needs.append(max(button_least * lines, said.height))
        row_gap = vp.u(16)
        spare = area.height - note_h - sum(needs) - len(needs) * row_gap
        cap = vp.u(250 if stacked else 150)
        heights = [min(cap, need + max(0, spare) // len(needs)) for need in needs]
        y = area.top
        for (label_key, options, current, setter), height in zip(specs, heights, strict=True):
            words = words_of(options)
            count = per_line(words)
            lines = -(-len(words) // count)
            if stacked:
                label = pygame.Rect(area.left, y, area.width, line_h)
                line = pygame.Rect(area.left, label.bottom, area.width, 0)
            else:
                label = pygame.Rect(area.left, y, label_w - vp.u(20), height)
                # a row beside the language switch ends before it
                right = area.right
                if y < switch.bottom and y + height > switch.top:
                    right = min(right, switch.left - vp.u(24))
                line = pygame.Rect(area.left + label_w, y, right - area.left - label_w, 0)
            line.height = (y + height - line.top - (lines - 1) * row_gap) // lines
            self.rows.append((label_key, label))
            # all as wide as the longest choice's words on one line, where the row has room;
            # else each as wide as its own words, the rest shared
            room = line.width - (count - 1) * option_gap
            w = min(max(vp.u(320), option_width(words)), room // count)
            widths = [w] * len(options)
            if w < option_width(words):
                for start in range(0, len(options), count):
                    part = words[start : start + count]
                    part_needs = [option_width([word]) for word in part]
                    share = max(0, room - sum(part_needs)) // len(part)
                    widths[start : start + count] = [need + share for need in part_needs]
            x = line.left
            for i, ((name, value, text_key), w) in enumerate(zip(options, widths, strict=True)):
                if i and i % count == 0:  # the second line of buttons
                    x = line.left
                    line = line.move(0, line.height + row_gap)
                rect = pygame.Rect(x, line.top, w, line.height)
                x += w + option_gap
                kind = "selected" if value == current else "normal"
                self.buttons.append(
                    Button(
                        rect,
                        partial(t, text_key) if isinstance(text_key, str) else text_key,
                        partial(setter, value),
                        kind,
                        name=name,
                        size=vp.u(36),
                    )
                )
            y += height + row_gap
        self.note_box = None
        if self.opponent == "computer":
            last = self.buttons[-1].rect
            left = area.left if stacked else area.left + label_w
            self.note_box = pygame.Rect(left, last.bottom + vp.u(4), area.right - left, vp.u(40))
        gap = vp.u(30)
        back = pygame.Rect(
            bottom.left,
            bottom.top + vp.u(10),
            min(vp.u(300), bottom.width // 4),
            bottom_h - vp.u(20),
        )
        play_w = min(vp.u(560), bottom.width - back.width - gap)
        if way_beside:  # no room over "Play": "Learn" shares the row with it
            gap = vp.u(16)
            play_w = (bottom.width - back.width - 2 * gap) // 2
        play = pygame.Rect(bottom.right - play_w, bottom.top, play_w, bottom_h)
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
            draw_text(
                canvas, t(key), box, role="bold", size=vp.u(38), colour=theme.CREAM, align="left"
            )
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
