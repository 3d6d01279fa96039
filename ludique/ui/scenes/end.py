"""End of game: who won and why, New game, Home."""

from __future__ import annotations

import pygame

from ludique.games.base import REASON_FIFTY_TURNS, Outcome
from ludique.ui import theme
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
        t = self.app.t
        panel = self.panel = pygame.Rect(0, 0, 1100, 640)
        panel.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
        w = 420
        self.buttons = [
            Button(
                pygame.Rect(panel.centerx - w - 20, panel.bottom - 170, w, 120),
                lambda: t("button.new_game"),
                self.new_game,
                "primary",
                name="new",
                size=44,
            ),
            Button(
                pygame.Rect(panel.centerx + 20, panel.bottom - 170, w, 120),
                lambda: t("button.home"),
                lambda: self.app.go("home"),
                name="home",
                size=44,
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
        canvas.blit(theme.background(), (0, 0))
        self.game.view.draw(canvas, self.game.state)
        canvas.blit(theme.veil(canvas.get_size(), (10, 6, 4, 160)), (0, 0))
        panel = self.panel
        theme.rounded_panel(canvas, panel, theme.DEEP_2, theme.GOLD, 30, 4)
        theme.blit_paragraph(
            canvas,
            self.headline(),
            "display",
            88,
            theme.GOLD,
            pygame.Rect(panel.left + 60, panel.top + 70, panel.width - 120, 200),
            align="center",
        )
        theme.blit_paragraph(
            canvas,
            self.reason(),
            "text",
            42,
            theme.CREAM,
            pygame.Rect(panel.left + 80, panel.top + 250, panel.width - 160, 200),
            align="center",
        )
        for button in self.buttons:
            button.draw(canvas)
