"""End of game: who won and why, New game, Home."""

from __future__ import annotations

import pygame

from ludique.games.base import REASON_FIFTY_TURNS, Outcome
from ludique.ui import theme
from ludique.ui.layout import draw_text
from ludique.ui.scenes import Scene
from ludique.ui.scenes.game import GameConfig
from ludique.ui.widgets import Button


def reason_key(outcome: Outcome) -> str:
    """The kiosk text under the headline.  The fifty-turn rule ends in a win by count or, with
    equal numbers, a draw: each has its own sentence."""
    if outcome.reason == REASON_FIFTY_TURNS and outcome.winner is None:
        return "reason.fifty-turns-draw"
    return f"reason.{outcome.reason}"


class EndScene(Scene):
    name = "end"

    def __init__(self, app, game) -> None:
        super().__init__(app)
        self.game = game
        self.layout()

    def layout(self) -> None:
        """The final board stays where it was in the game; the panel takes the side strip's
        place (under the board on a portrait screen), so it hides none of the board."""
        t = self.app.t
        vp = self.vp
        self.game.resized()
        strip = self.game.placed.strip
        panel = self.panel = strip.copy()
        pad = vp.u(24)
        gap = vp.u(16)
        button_h = vp.u(100)
        inner = panel.inflate(-2 * pad, -2 * pad)
        if vp.portrait:
            column = inner.width * 3 // 5
            words = pygame.Rect(inner.left, inner.top, column - gap, inner.height)
            buttons = [
                pygame.Rect(
                    inner.left + column,
                    inner.top + i * (button_h + gap),
                    inner.width - column,
                    button_h,
                )
                for i in range(3)
            ]
        else:
            top = inner.bottom - 3 * button_h - 2 * gap
            words = pygame.Rect(inner.left, inner.top, inner.width, top - gap - inner.top)
            buttons = [
                pygame.Rect(inner.left, top + i * (button_h + gap), inner.width, button_h)
                for i in range(3)
            ]
        self.headline_box = pygame.Rect(words.left, words.top, words.width, words.height * 2 // 5)
        self.reason_box = pygame.Rect(
            words.left,
            self.headline_box.bottom + gap,
            words.width,
            words.bottom - self.headline_box.bottom - gap,
        )
        self.buttons = [
            Button(
                buttons[0],
                lambda: t("button.new_game"),
                self.new_game,
                "primary",
                name="new",
                size=vp.u(44),
            ),
            Button(
                buttons[1],
                lambda: t("button.home"),
                lambda: self.app.go("home"),
                name="home",
                size=vp.u(44),
            ),
            Button(
                buttons[2],
                lambda: t("story.button"),
                lambda: self.app.go("story", game=self.game),
                name="story",
                size=vp.u(44),
            ),
        ]

    def new_game(self) -> None:
        self.app.go("game", config=GameConfig(**vars(self.game.config)))

    def headline(self) -> str:
        t = self.app.t
        outcome = self.game.state.outcome
        config = self.game.config
        if outcome is None or outcome.winner is None:
            return t("end.draw")
        if config.opponent == "computer":
            return (
                t("end.you_win")
                if outcome.winner == config.visitor_colour
                else t("end.computer_wins")
            )
        return t("end.colour_wins", colour=t(f"colour.{outcome.winner}"))

    def reason(self) -> str:
        outcome = self.game.state.outcome
        if outcome is None:
            return ""
        return self.app.t(reason_key(outcome))

    def draw(self, canvas: pygame.Surface) -> None:
        vp = self.vp
        canvas.blit(self.game.static_layer(), (0, 0))
        self.game.view.draw(canvas, self.game.state, board=False, marks=self.game.marked)
        panel = self.panel
        theme.rounded_panel(canvas, panel, theme.DEEP_2, theme.GOLD, vp.u(30), vp.u(4))
        draw_text(
            canvas,
            self.headline(),
            self.headline_box,
            role="display",
            size=vp.u(64),
            colour=theme.GOLD,
            valign="bottom",
        )
        draw_text(
            canvas,
            self.reason(),
            self.reason_box,
            size=vp.u(36),
            colour=theme.CREAM,
            valign="top",
        )
        for button in self.buttons:
            button.draw(canvas)
