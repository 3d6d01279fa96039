"""Attract: the title, the three games, a quiet demo game; any touch goes to Home."""

from __future__ import annotations

import logging
import math

import pygame

from ludique.ui import theme
from ludique.ui.scenes import Scene
from ludique.ui.scenes.game import GameConfig, GameScene

log = logging.getLogger(__name__)

DEMO_GAMES = ("pente-grammai", "latrunculi-petteia", "epaminondas")
DEMO_RECT = pygame.Rect(60, 200, 1100, 820)
DEMO_MAX_MOVES = 160  # a demo that drags on gives way to the next game


class AttractScene(Scene):
    name = "attract"
    shows_language_switch = False
    idle_applies = False
    _next_demo = 0

    def enter(self) -> None:
        self.app.opponent.cancel()
        self.demo: GameScene | None = None
        self.demo_done_at: float | None = None
        self._pulse_at = 0.0
        self._new_demo()

    def _new_demo(self) -> None:
        if not self.app.demo_enabled:
            self.demo = None
            return
        game_id = DEMO_GAMES[AttractScene._next_demo % len(DEMO_GAMES)]
        AttractScene._next_demo += 1
        self.demo = GameScene(
            self.app, GameConfig(game_id, "demo", "beginner"), board_rect=DEMO_RECT
        )
        self.demo_done_at = None

    def leave(self) -> None:
        self.app.opponent.cancel()

    def animating(self) -> bool:
        return self.demo is not None and self.demo.animating()

    def next_wake(self, now: float) -> float | None:
        due = [0.1]  # the "touch to play" line breathes slowly
        if self.demo is not None:
            d = self.demo.next_wake(now)
            if d is not None:
                due.append(d)
        return min(due)

    def update(self, now: float) -> None:
        if now - self._pulse_at >= 0.1:
            self._pulse_at = now
            self.app.invalidate()
        demo = self.demo
        if demo is None:
            return
        demo.update(now)
        moves = len(demo.state.actions())
        if (demo.state.outcome is not None or moves > DEMO_MAX_MOVES) and demo.anim is None:
            if self.demo_done_at is None:
                self.demo_done_at = now + self.app.seconds(3.0)
            elif now >= self.demo_done_at:
                self._new_demo()

    def on_pointer(self, pointer) -> None:
        if pointer.kind == "down":
            self.app.go("home")

    def draw(self, canvas: pygame.Surface) -> None:
        canvas.blit(theme.background(), (0, 0))
        t = self.app.t
        if self.demo is not None:
            self.demo.draw_board(canvas)
        x = 1230
        theme.blit_text(canvas, "Ludique", "display", 150, theme.GOLD, "topleft", (x, 150))
        theme.blit_paragraph(
            canvas, t("attract.subtitle"), "italic", 46, theme.CREAM, pygame.Rect(x, 350, 640, 200)
        )
        y = 540
        for family in ("pente-grammai", "latrunculi", "epaminondas"):
            theme.blit_text(
                canvas,
                "·  " + t(f"family.{family}.name"),
                "bold",
                42,
                theme.CREAM,
                "topleft",
                (x, y),
            )
            y += 70
        level = int(180 + 75 * math.sin(self.app.now() * 2.2))
        colour = (level, int(level * 0.83), int(level * 0.5))
        theme.blit_paragraph(
            canvas, t("attract.touch"), "display", 64, colour, pygame.Rect(x, 850, 660, 200)
        )
        theme.blit_text(canvas, t("attract.demo"), "italic", 30, theme.MUTED, "topleft", (70, 150))
