"""The curator's corner: a PIN pad (after five taps top-left within 3 s) and the admin panel."""

from __future__ import annotations

import re

import pygame

from ludique.i18n import LANGUAGES, catalog
from ludique.ui import theme
from ludique.ui.fonts import font
from ludique.ui.scenes import Scene
from ludique.ui.scenes.game import STRENGTHS
from ludique.ui.widgets import Button

IDLE_CHOICES = (30, 60, 90, 120, 180, 300)

# The statistics across the panel; when there are problems, the chart makes room for their box
# on the right, which starts under the longest rows of buttons (they end at x = 1700 and 1464).
STATS_TOP = 720
CHART = pygame.Rect(60, STATS_TOP + 56, 1800, 150)
CHART_BESIDE_PROBLEMS = pygame.Rect(60, STATS_TOP + 56, 1160, 150)
PROBLEMS_TOP = 540
PROBLEM_BOX = pygame.Rect(1260, PROBLEMS_TOP + 56, 600, 1070 - PROBLEMS_TOP - 56)
PROBLEM_SIZE = 24
PROBLEM_STEP = int(PROBLEM_SIZE * 1.3)
PROBLEM_GAP = 8  # between two problems


def fit_lines(text: str, width: int, size: int = PROBLEM_SIZE) -> list[str]:
    """``text`` wrapped to ``width`` pixels; a word wider than that (a long path) is cut, after
    its last ``/`` that fits where it has one."""
    face = font("text", size)
    # French puts a space before ; : ! ? that must not start a line
    text = re.sub(r" ([;:!?»])", "\u00a0\\1", text)
    lines: list[str] = []
    for line in theme.wrap(text, "text", size, width):
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
    """A modal keypad over any scene.  The right PIN opens Admin; Cancel closes it."""

    def __init__(self, app) -> None:
        self.app = app
        self.entered = ""
        self.wrong_until = 0.0
        t = app.t
        self.panel = pygame.Rect(0, 0, 620, 900)
        self.panel.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
        self.buttons: list[Button] = []
        keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "C", "0", "OK"]
        for i, key in enumerate(keys):
            col, row = i % 3, i // 3
            rect = pygame.Rect(
                self.panel.left + 50 + col * 180, self.panel.top + 250 + row * 130, 160, 110
            )
            self.buttons.append(
                Button(
                    rect,
                    key,
                    lambda k=key: self.press(k),
                    "primary" if key == "OK" else "normal",
                    name=f"pin-{key}",
                    size=48,
                )
            )
        cancel = pygame.Rect(self.panel.left + 50, self.panel.bottom - 110, 520, 86)
        self.buttons.append(
            Button(cancel, lambda: t("button.cancel"), self.cancel, "quiet", name="pin-cancel")
        )

    def press(self, key: str) -> None:
        if key == "C":
            self.entered = ""
        elif key == "OK":
            if self.entered == str(self.app.settings.admin_pin):
                self.app.pin_pad = None
                self.app.go("admin")
            else:
                self.entered = ""
                self.wrong_until = self.app.now() + 2.0
        elif len(self.entered) < 12:
            self.entered += key
        self.app.invalidate()

    def cancel(self) -> None:
        self.app.pin_pad = None
        self.app.invalidate()

    def on_pointer(self, pointer) -> None:
        if pointer.kind != "down":
            return
        for button in self.buttons:
            if button.hit(pointer.pos):
                button.action()
                return

    def update(self, now: float) -> None:
        if self.wrong_until and now >= self.wrong_until:
            self.wrong_until = 0.0
            self.app.invalidate()

    def draw(self, canvas: pygame.Surface) -> None:
        canvas.blit(theme.veil(canvas.get_size(), (0, 0, 0, 170)), (0, 0))
        theme.rounded_panel(canvas, self.panel, theme.DEEP_2, theme.GOLD, 28, 4)
        t = self.app.t
        theme.blit_text(
            canvas,
            t("admin.pin_title"),
            "display",
            52,
            theme.GOLD,
            "midtop",
            (self.panel.centerx, self.panel.top + 40),
        )
        # the digits stay secret: one drawn dot each (the bundled face has no bullet glyph)
        count = len(self.entered)
        cy = self.panel.top + 165
        for k in range(count):
            cx = self.panel.centerx + int((k - (count - 1) / 2) * 44)
            pygame.draw.circle(canvas, theme.CREAM, (cx, cy), 12)
        if not count:
            pygame.draw.line(
                canvas, theme.MUTED, (self.panel.centerx - 20, cy), (self.panel.centerx + 20, cy), 4
            )
        if self.wrong_until:
            theme.blit_text(
                canvas,
                t("admin.pin_wrong"),
                "bold",
                36,
                theme.DANGER,
                "midtop",
                (self.panel.centerx, self.panel.top + 200),
            )
        for button in self.buttons:
            button.draw(canvas)


class AdminScene(Scene):
    name = "admin"
    shows_language_switch = True

    def enter(self) -> None:
        self.app.opponent.cancel()
        self.layout()

    def layout(self) -> None:
        t = self.app.t
        s = self.app.settings
        self.buttons = []
        self.rows: list[tuple[str, int]] = []
        x0, y = 560, 170

        def row(key: str, options: list[tuple[str, str, bool, object]]):
            nonlocal y
            self.rows.append((key, y))
            width = 176 if len(options) > 3 else 290  # the words need room; numbers less
            for i, (name, label, chosen, action) in enumerate(options):
                rect = pygame.Rect(x0 + i * (width + 14), y, width, 92)
                self.buttons.append(
                    Button(
                        rect, label, action, "selected" if chosen else "normal", name=name, size=34
                    )
                )
            y += 130

        row(
            "admin.default_language",
            [
                (
                    f"lang-{lang}",
                    lang.upper(),
                    s.default_language == lang,
                    lambda v=lang: self._change("default_language", v),
                )
                for lang in LANGUAGES
            ],
        )
        row(
            "admin.idle_time",
            [
                (
                    f"idle-{n}",
                    f"{n} s",
                    s.idle_seconds == n,
                    lambda v=n: self._change("idle_seconds", v),
                )
                for n in IDLE_CHOICES
            ],
        )
        row(
            "admin.strength",
            [
                (
                    f"strength-{k}",
                    t(f"strength.{k}"),
                    s.default_strength == k,
                    lambda v=k: self._change("default_strength", v),
                )
                for k in STRENGTHS
            ],
        )
        row(
            "admin.sound",
            [
                ("sound-on", t("admin.on"), s.sound, lambda: self._change("sound", True)),
                ("sound-off", t("admin.off"), not s.sound, lambda: self._change("sound", False)),
            ],
        )
        self.buttons.append(
            Button(
                pygame.Rect(60, 930, 560, 110),
                lambda: t("admin.exit"),
                lambda: self.app.quit(0),
                "normal",
                name="exit",
                size=40,
            )
        )
        self.buttons.append(
            Button(
                pygame.Rect(660, 930, 560, 110),
                lambda: t("admin.back"),
                self.app.reset_to_attract,
                "primary",
                name="back",
                size=40,
            )
        )

    def _change(self, key: str, value) -> None:
        setattr(self.app.settings, key, value)
        self.app.settings_changed()
        self.layout()

    def draw(self, canvas: pygame.Surface) -> None:
        canvas.blit(theme.background(), (0, 0))
        t = self.app.t
        theme.blit_text(canvas, t("admin.title"), "display", 72, theme.GOLD, "topleft", (60, 40))
        for key, y in self.rows:
            theme.blit_paragraph(
                canvas, t(key), "bold", 34, theme.CREAM, pygame.Rect(60, y + 22, 480, 90)
            )
        for button in self.buttons:
            button.draw(canvas)
        y = STATS_TOP
        problems = self.problems()
        theme.blit_text(canvas, t("admin.statistics"), "bold", 38, theme.GOLD, "topleft", (60, y))
        chart = getattr(self.app, "stats_chart", None)  # set by ludique.stats.connect
        drawn = False
        if chart is not None:
            try:
                chart(canvas, CHART_BESIDE_PROBLEMS if problems else CHART, self.app.lang)
                drawn = True
            except Exception:  # noqa: BLE001 - the text lines below stand in
                drawn = False
        lines = []
        if self.app.stats_lines is not None and not drawn:
            try:
                lines = self.app.stats_lines(self.app.lang)
            except Exception:  # noqa: BLE001
                lines = []
        if not lines and not drawn:
            lines = [t("admin.no_statistics")]
        for line in lines[:3]:
            y += 52
            theme.blit_text(canvas, line, "text", 32, theme.CREAM, "topleft", (60, y))
        if problems:
            theme.blit_text(
                canvas,
                t("admin.problems"),
                "bold",
                38,
                theme.DANGER,
                "topleft",
                (PROBLEM_BOX.x, PROBLEMS_TOP),
            )
            more = catalog(self.app.lang).t("error.more", count="{count}")
            for line, line_y in problem_layout(problems, PROBLEM_BOX, more):
                theme.blit_text(
                    canvas,
                    line,
                    "text",
                    PROBLEM_SIZE,
                    theme.DANGER,
                    "topleft",
                    (PROBLEM_BOX.x, line_y),
                )

    def problems(self) -> list[str]:
        """The settings' and the statistics' problems, worded in the language on screen."""
        words = catalog(self.app.lang)
        lines = [problem.message(words) for problem in self.app.settings.problems]
        stats_problem = getattr(self.app, "stats_problem", None)  # set by ludique.stats.connect
        if stats_problem is not None:
            try:
                line = stats_problem(self.app.lang)
            except Exception:  # noqa: BLE001 - the log has it; the panel still draws
                line = None
            if line:
                lines.append(line)
        return lines
