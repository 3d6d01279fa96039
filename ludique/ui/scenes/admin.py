"""The curator's corner: a PIN pad (after five taps top-left within 3 s) and the admin panel."""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Sequence
from functools import partial

import pygame

from ludique.play.match import STRENGTHS
from ludique.ui import theme
from ludique.ui.charts import ChartStyle, draw_stats_chart
from ludique.ui.context import CuratorKiosk
from ludique.ui.fonts import font
from ludique.ui.layout import curator_sheet, design_frame, draw_label, draw_text, wrap_lines
from ludique.ui.scenes.base import Scene
from ludique.ui.widgets import Button, Choice, LanguageSwitch, choice_buttons, press_button
from ludique.words.i18n import LANGUAGES, catalog

IDLE_CHOICES = (30, 60, 90, 120, 180, 300)
PAD_IDLE = 30.0  # seconds without a key pressed before the PIN pad closes itself

# The panel's plan, in design pixels of its 1920x1080 sheet (``layout.design_frame``): the title,
# five rows of choices, the statistics across the whole width, the way out under them.  The
# problems' box stands beside the rows whose choices end early (strength, sound, gauge: their
# buttons end at x = 1306), above the statistics, so that the charts keep the whole width.
ROWS_TOP = 160
ROW_STEP = 100  # a row of choices 88 high, and the space under it
ROW_HIGH = 88
PROBLEMS_TOP = ROWS_TOP + 2 * ROW_STEP
PROBLEM_SIZE = 24  # the panel's smallest words: the problems', and the charts' labels and counts
# a line of the problems: the face's whole height at every scale (Noto Serif's lines are 1.38 to
# 1.43 times its size, more than the usual 1.3), so that no line's image runs into the next
PROBLEM_STEP = int(PROBLEM_SIZE * 1.5)
PROBLEM_GAP = 8  # between two problems
# three problems of nine lines in all (German, French) hold in the box whole
PROBLEM_BOX = pygame.Rect(1330, PROBLEMS_TOP + 52, 530, 9 * PROBLEM_STEP + 2 * PROBLEM_GAP + 2)
STATS_TOP = PROBLEM_BOX.bottom - 52  # the heading beside the box's last lines
CHART = pygame.Rect(60, PROBLEM_BOX.bottom + 6, 1800, 190)
CHART_TITLE_SIZE = 28
WAY_OUT = pygame.Rect(60, CHART.bottom + 14, 1160, 90)  # Exit and Back, side by side


def fit_lines(text: str, width: int, size: int = PROBLEM_SIZE) -> list[str]:
    """``text`` wrapped to ``width`` pixels; a word wider than that (a long path) is cut, after
    its last ``/`` that fits where it has one."""
    face = font("text", size)
    # French puts a space before ; : ! ? that must not start a line
    text = re.sub(r" ([;:!?»])", "\u00a0\\1", text)
    lines: list[str] = []
    for line in wrap_lines(text, "text", size, width):
        while face.size(line)[0] > width:
            cut = len(line) - 1
            while cut > 1 and face.size(line[:cut])[0] > width:
                cut -= 1
            slash = line.rfind("/", 0, cut)
            cut = slash + 1 if slash > 0 else cut
            lines.append(line[:cut])
            line = line[cut:]
        lines.append(line)
    return lines


def problem_layout(
    messages: list[str], box: pygame.Rect = PROBLEM_BOX, more: str = "{count}"
) -> list[tuple[str, int]]:
    """The lines of the problem box with their y: every problem whole while it fits, then one
    line saying how many more there are (``more`` is that text with ``{count}``); the log holds
    every problem in full."""
    placed: list[tuple[str, int]] = []
    y = box.top
    for i, message in enumerate(messages):
        lines = fit_lines(message, box.width)
        rest = len(messages) - i - 1
        room = box.bottom - y - (PROBLEM_STEP if rest else 0)
        if len(lines) * PROBLEM_STEP > room:
            tail = more.replace("{count}", str(len(messages) - i))
            placed.append((fit_lines(tail, box.width)[0], y))
            break
        for line in lines:
            placed.append((line, y))
            y += PROBLEM_STEP
        y += PROBLEM_GAP
    return placed


class PinPad:
    """A modal keypad over any scene.  The right PIN opens Admin; Cancel closes it, and so does
    ``PAD_IDLE`` seconds without a key pressed (touches beside the pad keep the kiosk's idle
    timer going, so a visitor tapping around it would keep it open for ever).  Laid out again
    whenever the window changes size, so that no key (Cancel above all) is left off screen."""

    def __init__(self, app: CuratorKiosk) -> None:
        self.app = app
        self.entered = ""
        self.wrong_until = 0.0
        self.shown_wait = 0  # the whole seconds of the wait drawn last
        self.last_key = app.now()
        self.layout()

    def layout(self) -> None:
        t = self.app.t
        f = self.frame = design_frame(self.app.viewport, 620, 900)
        self.panel = f.rect(0, 0, 620, 900)
        self.buttons: list[Button] = []
        keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "C", "0", "OK"]
        for i, key in enumerate(keys):
            col, row = i % 3, i // 3
            rect = f.rect(50 + col * 180, 250 + row * 130, 160, 110)
            self.buttons.append(
                Button(
                    rect,
                    key,
                    partial(self.press, key),
                    "primary" if key == "OK" else "normal",
                    name=f"pin-{key}",
                    size=f.s(48),
                )
            )
        cancel = f.rect(50, 790, 520, 86)
        self.buttons.append(
            Button(
                cancel,
                lambda: t("button.cancel"),
                self.cancel,
                "quiet",
                name="pin-cancel",
                size=f.s(40),
            )
        )

    def waiting(self) -> int:
        """Whole seconds before the pad takes another PIN (after five wrong ones in a row)."""
        return math.ceil(self.app.pin_attempts.wait(self.app.now()))

    def press(self, key: str) -> None:
        self.last_key = self.app.now()
        if key == "C":
            self.entered = ""
        elif key == "OK":
            verdict = self.app.pin_attempts.check(
                self.entered, str(self.app.settings.admin_pin), self.app.now()
            )
            self.entered = ""
            if verdict:
                self.app.close_pin_pad()
                self.app.go("admin")
            elif verdict is False:
                self.wrong_until = self.app.now() + 2.0
        elif len(self.entered) < 12 and not self.waiting():
            self.entered += key
        self.app.invalidate()

    def cancel(self) -> None:
        self.app.close_pin_pad()
        self.app.invalidate()

    def on_pointer(self, pointer) -> None:
        press_button(self.buttons, pointer)

    def update(self, now: float) -> None:
        if now - self.last_key >= PAD_IDLE:
            self.cancel()
            return
        if self.wrong_until and now >= self.wrong_until:
            self.wrong_until = 0.0
            self.app.invalidate()
        wait = self.waiting()
        if wait != self.shown_wait:
            self.shown_wait = wait
            self.app.invalidate()

    @curator_sheet()  # read at arm's length: under the visitors' floor
    def draw(self, canvas: pygame.Surface) -> None:
        canvas.blit(theme.veil(canvas.get_size(), (0, 0, 0, 170)), (0, 0))
        f = self.frame
        theme.rounded_panel(canvas, self.panel, theme.DEEP_2, theme.GOLD, f.s(28), f.s(4))
        t = self.app.t
        draw_text(
            canvas,
            t("admin.pin_title"),
            f.rect(30, 30, 560, 90),
            role="display",
            size=f.s(52),
            colour=theme.GOLD,
        )
        # the digits stay secret: one drawn dot each (the bundled face has no bullet glyph)
        count = len(self.entered)
        cx0, cy = f.pos(310, 150)
        for k in range(count):
            cx = cx0 + int((k - (count - 1) / 2) * f.s(44))
            pygame.draw.circle(canvas, theme.CREAM, (cx, cy), f.s(12))
        if not count:
            pygame.draw.line(canvas, theme.MUTED, (cx0 - f.s(20), cy), (cx0 + f.s(20), cy), f.s(4))
        wait = self.waiting()
        if wait or self.wrong_until:
            draw_text(
                canvas,
                t("admin.pin_wait", seconds=wait) if wait else t("admin.pin_wrong"),
                f.rect(30, 180, 560, 60),
                role="bold",
                size=f.s(36),
                colour=theme.DANGER_TEXT,
            )
        for button in self.buttons:
            button.draw(canvas)


class AdminScene(Scene):
    name = "admin"
    # the panel keeps its own language switch in the screen's corner, where its plan left room
    # (the visitors' one stands in the band a seated visitor reaches, over the panel's rows)
    shows_language_switch = False
    app: CuratorKiosk  # the panel's services besides a scene's (``ludique.ui.context``)

    def __init__(self, app: CuratorKiosk) -> None:
        super().__init__(app)
        self.switch = LanguageSwitch(app.set_language)
        self.chart_boxes: list[pygame.Rect] = []  # where each chart was drawn last

    def on_pointer(self, pointer) -> None:
        if pointer.kind == "down" and self.switch.handle_tap(pointer.pos):
            self.app.invalidate()
            return
        super().on_pointer(pointer)

    def enter(self) -> None:
        self.app.opponent.cancel()
        self.layout()

    def layout(self) -> None:
        self.buttons = []
        self.rows: list[tuple[str, int]] = []
        f = self.frame = design_frame(self.vp)
        self.switch.layout(dataclasses.replace(self.vp, reach=(0.0, 1.0)))
        y = ROWS_TOP
        for key, choices in self._settings_offered():
            self.rows.append((key, y))
            width = 176 if len(choices) > 3 else 290  # the words need room; numbers less
            rects = [
                f.rect(560 + i * (width + 14), y, width, ROW_HIGH) for i in range(len(choices))
            ]
            self.buttons += choice_buttons(choices, rects, f.s(34))
            y += ROW_STEP  # five rows above the statistics (STATS_TOP)
        self.buttons += self._way_out()

    def _settings_offered(self) -> list[tuple[str, list[Choice]]]:
        """Each setting the panel changes, by its label's key, with its choices in their row."""
        t = self.app.t

        def choices(setting: str, offered: Sequence[tuple[str, str, object]]) -> list[Choice]:
            current = getattr(self.app.settings, setting)
            return [
                Choice(name, label, current == value, partial(self._change, setting, value))
                for name, label, value in offered
            ]

        def on_off(prefix: str) -> list[tuple[str, str, object]]:
            return [(f"{prefix}-on", t("admin.on"), True), (f"{prefix}-off", t("admin.off"), False)]

        languages = [(f"lang-{lang}", lang.upper(), lang) for lang in LANGUAGES]
        idle = [(f"idle-{n}", f"{n} s", n) for n in IDLE_CHOICES]
        strengths = [(f"strength-{k}", t(f"strength.{k}"), k) for k in STRENGTHS]
        return [
            ("admin.default_language", choices("default_language", languages)),
            ("admin.idle_time", choices("idle_seconds", idle)),
            ("admin.strength", choices("default_strength", strengths)),
            ("admin.sound", choices("sound", on_off("sound"))),
            # a solved game's winning-chance gauge (ludique/ui/story_gauge.py)
            ("story.admin_gauge", choices("story_gauge", on_off("gauge"))),
        ]

    def _way_out(self) -> list[Button]:
        """Leave the program, or go back to the exhibition."""
        t, f = self.app.t, self.frame
        half = (WAY_OUT.width - 40) // 2
        return [
            Button(
                f.rect(WAY_OUT.x, WAY_OUT.y, half, WAY_OUT.height),
                lambda: t("admin.exit"),
                lambda: self.app.quit(0),
                "normal",
                name="exit",
                size=f.s(40),
            ),
            Button(
                f.rect(WAY_OUT.right - half, WAY_OUT.y, half, WAY_OUT.height),
                lambda: t("admin.back"),
                self.app.reset_to_attract,
                "primary",
                name="back",
                size=f.s(40),
            ),
        ]

    def _change(self, key: str, value) -> None:
        setattr(self.app.settings, key, value)
        self.app.settings_changed()
        self.layout()

    @curator_sheet()  # read at arm's length: under the visitors' floor
    def draw(self, canvas: pygame.Surface) -> None:
        canvas.blit(theme.background(canvas.get_size()), (0, 0))
        self._draw_settings(canvas)
        self._draw_statistics(canvas)
        problems = self.problems()
        if problems:
            self._draw_problems(canvas, problems)

    def _draw_settings(self, canvas: pygame.Surface) -> None:
        """The panel's title, each setting's label and choices, the way out, the languages."""
        f, t = self.frame, self.app.t
        title = f.rect(60, 40, 1920 - 60 - 400, 100)
        draw_text(
            canvas,
            t("admin.title"),
            title,
            role="display",
            size=f.s(72),
            colour=theme.GOLD,
            align="left",
        )
        for key, y in self.rows:
            draw_label(
                canvas, t(key), f.rect(60, y, 480, ROW_HIGH), size=f.s(34), colour=theme.CREAM
            )
        for button in self.buttons:
            button.draw(canvas)
        self.switch.draw(canvas, self.app.lang)

    def _draw_statistics(self, canvas: pygame.Surface) -> None:
        """The statistics' heading, then their charts, or in their stead up to three lines
        (the counts, or that there are none yet)."""
        f, t = self.frame, self.app.t
        y = STATS_TOP
        draw_label(
            canvas, t("admin.statistics"), f.rect(60, y, 1100, 52), size=f.s(38), colour=theme.GOLD
        )
        self.chart_boxes = self._charts_drawn(canvas, f.rect(*CHART))
        if self.chart_boxes:
            return
        for line in self._statistics_lines()[:3]:
            y += 52
            draw_text(
                canvas,
                line,
                f.rect(CHART.x, y, CHART.width, 48),
                size=f.s(32),
                colour=theme.CREAM,
                align="left",
                max_lines=1,
            )

    def _charts_drawn(self, canvas: pygame.Surface, area: pygame.Rect) -> list[pygame.Rect]:
        """The statistics' charts in ``area``, and each chart's box; none where there are none
        to draw (no statistics, or a summary that could not be read or drawn)."""
        stats = self.app.stats  # ludique.kiosk.stats.StatsPort, given to the kiosk
        if stats is None:
            return []
        f = self.frame
        # the labels and counts as small as the panel's smallest words, never smaller
        style = ChartStyle(
            title_size=f.s(CHART_TITLE_SIZE), word_size=f.s(PROBLEM_SIZE), floor=f.s(PROBLEM_SIZE)
        )
        try:
            return draw_stats_chart(canvas, area, stats.summary(), catalog(self.app.lang), style)
        except Exception:  # noqa: BLE001 - the text lines stand in
            return []

    def _statistics_lines(self) -> list[str]:
        """The statistics in words, where the charts could not be drawn."""
        lines = []
        if self.app.stats is not None:
            try:
                lines = self.app.stats.lines(self.app.lang)
            except Exception:  # noqa: BLE001
                lines = []
        return lines or [self.app.t("admin.no_statistics")]

    def _draw_problems(self, canvas: pygame.Surface, problems: list[str]) -> None:
        """The settings' and the statistics' problems in their box on the right, as many whole
        as fit, then how many more the log holds."""
        f = self.frame
        draw_label(
            canvas,
            self.app.t("admin.problems"),
            f.rect(PROBLEM_BOX.x, PROBLEMS_TOP, PROBLEM_BOX.width, 52),
            size=f.s(38),
            colour=theme.DANGER_TEXT,
        )
        more = catalog(self.app.lang).t("error.more", count="{count}")
        for line, line_y in problem_layout(problems, PROBLEM_BOX, more):
            draw_text(
                canvas,
                line,
                f.rect(PROBLEM_BOX.x, line_y, PROBLEM_BOX.width, PROBLEM_STEP),
                size=f.s(PROBLEM_SIZE),
                colour=theme.DANGER_TEXT,
                align="left",
                valign="top",
                max_lines=1,
            )

    def problems(self) -> list[str]:
        """The settings' and the statistics' problems, worded in the language on screen."""
        words = catalog(self.app.lang)
        lines = [problem.message(words) for problem in self.app.settings.problems]
        stats = self.app.stats
        if stats is not None:
            try:
                line = stats.problem(self.app.lang)
            except Exception:  # noqa: BLE001 - the log has it; the panel still draws
                line = None
            if line:
                lines.append(line)
        return lines
