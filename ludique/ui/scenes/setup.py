"""Set-up: opponent, strength, the visitor's colour, the Latrunculi variant, and a big Play."""

from __future__ import annotations

import pygame

from ludique.ui import theme
from ludique.ui.scenes import Scene
from ludique.ui.scenes.game import STRENGTHS, GameConfig
from ludique.ui.widgets import Button

VARIANTS = ("seneca", "piso", "petteia", "dux")


class SetupScene(Scene):
    name = "setup"

    def __init__(self, app, family: str) -> None:
        super().__init__(app)
        self.family = family
        self.opponent = "computer"
        strength = app.settings.default_strength
        self.strength = strength if strength in STRENGTHS else "player"
        self.variant = "seneca"
        self.colour_index = 0
        self.layout()

    @property
    def game_id(self) -> str:
        return f"latrunculi-{self.variant}" if self.family == "latrunculi" else self.family

    def colours(self) -> tuple[str, str]:
        return ("white", "black") if self.family == "epaminondas" else ("blue", "white")

    def layout(self) -> None:
        t = self.app.t
        self.buttons = []
        self.rows: list[tuple[str, int]] = []
        y = 250
        x0 = 620
        w = 300

        def row(label_key: str, options: list[tuple[str, object, str]], current, setter):
            nonlocal y
            self.rows.append((label_key, y))
            for i, (name, value, text_key) in enumerate(options):
                rect = pygame.Rect(x0 + i * (w + 24), y, w, 100)
                kind = "selected" if value == current else "normal"
                self.buttons.append(
                    Button(
                        rect,
                        lambda k=text_key: t(k),
                        lambda v=value: setter(v),
                        kind,
                        name=name,
                        size=36,
                    )
                )
            y += 150

        if self.family == "latrunculi":
            row(
                "setup.variant",
                [(f"variant-{v}", v, f"variant.{v}.name") for v in VARIANTS],
                self.variant,
                self._set("variant"),
            )
        row(
            "setup.opponent",
            [
                ("opponent-computer", "computer", "setup.computer"),
                ("opponent-two", "two-players", "setup.two_players"),
            ],
            self.opponent,
            self._set("opponent"),
        )
        if self.opponent == "computer":
            row(
                "setup.strength",
                [(f"strength-{s}", s, f"strength.{s}") for s in STRENGTHS],
                self.strength,
                self._set("strength"),
            )
            a, b = self.colours()
            row(
                "setup.colour",
                [("colour-first", 0, f"colour.{a}"), ("colour-second", 1, f"colour.{b}")],
                self.colour_index,
                self._set("colour_index"),
            )
        play = pygame.Rect(0, 0, 560, 140)
        play.midbottom = (theme.WIDTH // 2 + 200, theme.HEIGHT - 60)
        self.buttons.append(
            Button(play, lambda: t("button.play"), self.play, "primary", name="play", size=60)
        )
        back = pygame.Rect(60, theme.HEIGHT - 180, 300, 110)
        self.buttons.append(
            Button(
                back, lambda: t("button.back"), lambda: self.app.go("home"), "quiet", name="back"
            )
        )

    def _set(self, attribute: str):
        def setter(value) -> None:
            setattr(self, attribute, value)
            self.layout()

        return setter

    def play(self) -> None:
        colour = self.colours()[self.colour_index] if self.opponent == "computer" else None
        config = GameConfig(self.game_id, self.opponent, self.strength, colour)
        self.app.go("game", config=config)

    def draw(self, canvas: pygame.Surface) -> None:
        canvas.blit(theme.background(), (0, 0))
        t = self.app.t
        theme.blit_text(
            canvas, t(f"family.{self.family}.name"), "display", 80, theme.GOLD, "topleft", (60, 50)
        )
        if self.family == "latrunculi":
            blurb = t(f"variant.{self.variant}.blurb")
        else:
            blurb = t(f"family.{self.family}.blurb")
        theme.blit_text(canvas, blurb, "italic", 36, theme.CREAM, "topleft", (64, 160))
        for key, y in self.rows:
            theme.blit_paragraph(
                canvas, t(key), "bold", 38, theme.CREAM, pygame.Rect(60, y + 26, 540, 100)
            )
        for button in self.buttons:
            button.draw(canvas)
        if self.opponent == "computer" and self.colour_index == 1:
            first = t(f"colour.{self.colours()[0]}")
            theme.blit_text(
                canvas,
                t("setup.computer_begins", colour=first),
                "italic",
                30,
                theme.MUTED,
                "topleft",
                (620, self.rows[-1][1] + 112),
            )
