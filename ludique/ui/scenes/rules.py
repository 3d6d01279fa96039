"""The rule card of the current game (and variant), scrollable by dragging; Close returns to the
game exactly as it was.  The card itself is drawn by ``ludique.content.render_card``."""

from __future__ import annotations

import logging

import pygame

from ludique.ui import theme
from ludique.ui.scenes import Scene
from ludique.ui.widgets import Button

log = logging.getLogger(__name__)

VIEWPORT = pygame.Rect(200, 40, 1300, 1000)


def render_card(lang: str, card_id: str, width: int) -> pygame.Surface | None:
    """The rendered card, or None when the content package cannot draw it."""
    try:
        from ludique.content import render_rules as render  # all cards + history
    except ImportError:
        return None
    try:
        return render(lang, card_id, width)
    except Exception:  # noqa: BLE001 - a broken card must not take the game with it
        log.exception("rule card %s (%s) could not be drawn", card_id, lang)
        return None


class RulesScene(Scene):
    name = "rules"

    def __init__(self, app, game) -> None:
        super().__init__(app)
        self.game = game
        self.scroll = 0.0
        self.grab: tuple[float, float] | None = None
        self._card: tuple[str, pygame.Surface | None] | None = None
        self.layout()

    def layout(self) -> None:
        close = pygame.Rect(1560, 940, 330, 110)
        self.buttons = [
            Button(close, lambda: self.app.t("button.close"), self.close, "primary", name="close"),
        ]

    def abandon(self) -> None:
        """The idle countdown ran out while the card was open: the game underneath is left."""
        self.game.abandon()

    def close(self) -> None:
        self.app.go("resume", scene=self.game)

    def card(self) -> pygame.Surface | None:
        key = self.app.lang
        if self._card is None or self._card[0] != key:
            self._card = (key, render_card(key, self.game.config.game_id, VIEWPORT.width))
            self.scroll = 0.0
        return self._card[1]

    def on_pointer(self, pointer) -> None:
        if pointer.kind == "down":
            for button in self.buttons:
                if button.hit(pointer.pos):
                    button.action()
                    return
            if VIEWPORT.collidepoint(pointer.pos):
                self.grab = (pointer.pos[1], self.scroll)
        elif pointer.kind == "move" and self.grab is not None:
            start_y, start_scroll = self.grab
            self.scroll = start_scroll - (pointer.pos[1] - start_y)
            self._clamp()
            self.app.invalidate()
        elif pointer.kind == "up":
            self.grab = None

    def _clamp(self) -> None:
        card = self.card()
        limit = max(0, (card.get_height() if card else 0) - VIEWPORT.height)
        self.scroll = max(0.0, min(float(limit), self.scroll))

    def draw(self, canvas: pygame.Surface) -> None:
        canvas.blit(theme.background(), (0, 0))
        card = self.card()
        pygame.draw.rect(canvas, theme.PAPER, VIEWPORT, border_radius=12)
        if card is not None:
            canvas.set_clip(VIEWPORT)
            canvas.blit(card, (VIEWPORT.left, VIEWPORT.top - int(self.scroll)))
            canvas.set_clip(None)
        else:
            t = self.app.t
            inner = VIEWPORT.inflate(-120, -120)
            y = theme.blit_paragraph(
                canvas, t(f"game.{self.game.config.game_id}"), "display", 60, theme.INK, inner
            )
            theme.blit_paragraph(
                canvas,
                t("rules.unavailable"),
                "text",
                38,
                theme.INK,
                pygame.Rect(inner.left, y + 30, inner.width, 600),
            )
        pygame.draw.rect(canvas, theme.GOLD, VIEWPORT, 4, border_radius=12)
        if card is not None and card.get_height() > VIEWPORT.height:
            span = VIEWPORT.height * VIEWPORT.height / card.get_height()
            top = VIEWPORT.top + (VIEWPORT.height - span) * (
                self.scroll / max(1, card.get_height() - VIEWPORT.height)
            )
            pygame.draw.rect(
                canvas,
                theme.GOLD_DARK,
                (VIEWPORT.right + 12, int(top), 10, int(span)),
                border_radius=5,
            )
            theme.blit_text(
                canvas,
                self.app.t("rules.drag"),
                "italic",
                28,
                theme.MUTED,
                "bottomleft",
                (VIEWPORT.right + 40, VIEWPORT.bottom - 140),
            )
        for button in self.buttons:
            button.draw(canvas)
