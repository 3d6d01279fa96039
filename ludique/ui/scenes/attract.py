"""Attract: the title, the three games, a quiet demo game; any touch goes to Home."""

from __future__ import annotations

import logging
import math

import pygame

from ludique.ui import theme
from ludique.ui.pixels import kept
from ludique.ui.scenes import Scene
from ludique.ui.scenes.game import GameConfig, GameScene
from ludique.ui.scenes.home import miniature

log = logging.getLogger(__name__)

DEMO_GAMES = ("pente-grammai", "latrunculi-petteia", "epaminondas")
DEMO_RECT = pygame.Rect(60, 200, 1100, 820)
DEMO_MAX_MOVES = 160  # a demo that drags on gives way to the next game


@kept
def small_miniature(family: str) -> pygame.Surface:
    """The Home tile's picture of a game, at a third of its size (made once)."""
    picture = miniature(family)
    w, h = picture.get_size()
    return pygame.transform.smoothscale(picture, (210, int(210 * h / w)))


class AttractScene(Scene):
    name = "attract"
    shows_language_switch = False
    idle_applies = False
    _next_demo = 0

    def enter(self) -> None:
        self._still_key = None
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

    def _still_layer(self) -> pygame.Surface:
        """Backdrop, demo board and every word that does not move: composed once per game and
        language, so that a frame is one blit plus the pieces."""
        view = self.demo.view if self.demo is not None else None
        key = (self.app.lang, type(view), tuple(view.rect) if view else None)
        if self._still_key != key:
            t = self.app.t
            layer = theme.background().copy()
            if view is not None:
                layer.blit(view.board_surface(), view.rect)
            x = 1230
            theme.blit_text(layer, "Ludique", "display", 150, theme.GOLD, "topleft", (x, 150))
            theme.blit_paragraph(
                layer,
                t("attract.subtitle"),
                "italic",
                46,
                theme.CREAM,
                pygame.Rect(x, 350, 640, 200),
            )
            for i, family in enumerate(("pente-grammai", "latrunculi", "epaminondas")):
                cx = x + 105 + i * 225
                picture = small_miniature(family)
                layer.blit(picture, picture.get_rect(midtop=(cx, 540)))
                name = theme.fitted(t(f"family.{family}.name"), "bold", 28, theme.CREAM, 215)
                layer.blit(name, name.get_rect(midtop=(cx, 710)))
            theme.blit_text(
                layer, t("attract.demo"), "italic", 30, theme.MUTED, "topleft", (70, 150)
            )
            if pygame.display.get_surface() is not None:
                layer = layer.convert()
            touch = pygame.Surface((660, 200), pygame.SRCALPHA)
            theme.blit_paragraph(
                touch, t("attract.touch"), "display", 64, (236, 196, 118), touch.get_rect()
            )
            self._still, self._touch, self._still_key = layer, touch, key
        return self._still

    def draw(self, canvas: pygame.Surface) -> None:
        canvas.blit(self._still_layer(), (0, 0))
        if self.demo is not None:
            self.demo.draw_board(canvas, board=False)
        # "touch the screen to play" breathes slowly
        self._touch.set_alpha(int(165 + 90 * math.sin(self.app.now() * 2.2)))
        canvas.blit(self._touch, (1230, 850))
