"""The rule card of the current game (and variant), scrollable by dragging; Close returns to the
game exactly as it was.  The card itself is drawn by ``ludique.ui.rule_cards_card``."""

from __future__ import annotations

import logging

import pygame

from ludique.play.learn import has_guide
from ludique.ui import theme
from ludique.ui.context import Kiosk
from ludique.ui.countdown import READING_SECONDS
from ludique.ui.layout import draw_text
from ludique.ui.scenes.base import Scene
from ludique.ui.widgets import Button, press_button

log = logging.getLogger(__name__)


def render_card(
    lang: str, card_id: str, width: int, scale: float = 1.0
) -> tuple[pygame.Surface | None, list]:
    """The rendered card (all cards and the history) and the places of its diagrams' first
    panels; (None, []) when the content package cannot draw it."""
    try:
        from ludique.ui.rule_cards import MIN_WIDTH
        from ludique.ui.rule_cards import render_rules_and_places as render
    except ImportError:
        return None, []
    try:
        if width >= MIN_WIDTH:
            return render(lang, card_id, width, scale=scale)
        # a frame narrower than a card can be laid out (a tiny window): drawn wider, shrunk
        card, places = render(lang, card_id, MIN_WIDTH, scale=scale)
        f = max(1, width) / MIN_WIDTH
        card = pygame.transform.smoothscale(
            card, (max(1, width), max(1, round(card.get_height() * f)))
        )
        shrunk = [
            (name, pygame.Rect(round(r.x * f), round(r.y * f), round(r.w * f), round(r.h * f)))
            for name, r in places
        ]
        return card, shrunk
    except Exception:  # noqa: BLE001 - a broken card must not take the game with it
        log.exception("rule card %s (%s) could not be drawn", card_id, lang)
        return None, []


class PlayedDiagram:
    """A diagram's first panel on the card, where its move is played over and over."""

    def __init__(self, name: str, place: pygame.Rect, unit: float | None = None) -> None:
        from ludique.ui.diagrams import MovingDiagram

        self.place = place  # on the card
        # ``unit``: the screen's, so that the labels keep the visitors' smallest text
        self.moving = MovingDiagram(name, place.size, unit)


class RulesScene(Scene):
    name = "rules"
    idle_floor = READING_SECONDS  # time to read the card

    def __init__(self, app: Kiosk, game) -> None:
        super().__init__(app)
        self.game = game
        self.scroll = 0.0
        self.grab: tuple[float, float] | None = None
        self._card: tuple[tuple[str, int], pygame.Surface | None] | None = None
        self.diagrams: list[PlayedDiagram] = []
        self._still: tuple | None = None  # what the last whole frame showed
        self.layout()

    def layout(self) -> None:
        vp = self.vp
        m = vp.u(40)
        switch = self.app.language_switch.area
        button = (vp.u(330), vp.u(110))
        # Close and Learn lie in the band a seated visitor reaches (``vp.band``), and so does
        # a part of the card at least (a finger drags it anywhere)
        band = vp.band
        low = band.top > 0
        if vp.portrait:
            top = m if low else switch.bottom + vp.u(20)
            right = switch.left - m if low else vp.width - m - vp.u(40)
            self.frame = pygame.Rect(m, top, right - m, 0)
            self.frame.height = band.bottom - top - button[1] - 2 * m
            close = pygame.Rect((0, 0), button)
            close.bottomright = (vp.width - m, band.bottom - m)
            self.hint_box = pygame.Rect(m, close.top, close.left - 2 * m, close.height)
        else:
            side = vp.u(400)
            width = min(vp.u(1400), vp.width - side - 3 * m)
            left = max(m, (vp.width - side - width) // 2)
            self.frame = pygame.Rect(left, m, width, vp.height - 2 * m)
            close = pygame.Rect((0, 0), button)
            close.bottomright = (vp.width - m, band.bottom - m)
            column = pygame.Rect(self.frame.right + vp.u(50), 0, 0, 0)
            column.width = vp.width - m - column.left
            self.hint_box = pygame.Rect(column.left, close.top - vp.u(260), column.width, vp.u(220))
        self.buttons = [
            Button(
                close,
                lambda: self.app.t("button.close"),
                self.close,
                "primary",
                name="close",
                size=vp.u(40),
            ),
        ]
        # "Learn": the guided game, with the game underneath kept for "Back"
        learn = close.copy()
        if vp.portrait and low:
            learn.topright = (close.right, switch.bottom + vp.u(30))
        elif vp.portrait:
            learn.topleft = (m, switch.top)
            learn.height = switch.height
        else:
            learn.topright = (close.right, switch.bottom + vp.u(30))
        if has_guide(self.game.config.game_id):  # a game without a guided game has no "Learn"
            self.buttons.append(
                Button(
                    learn,
                    lambda: self.app.t("learn.button.learn"),
                    lambda: self.app.go(
                        "learn", game_id=self.game.config.game_id, resume=self.game
                    ),
                    name="learn",
                    size=vp.u(40),
                )
            )
        self._card = None

    def abandon(self) -> None:
        """The idle countdown ran out while the card was open: the game underneath is left."""
        self.game.abandon()

    def close(self) -> None:
        self.app.go("resume", scene=self.game)

    def card(self) -> pygame.Surface | None:
        key = (self.app.lang, self.frame.width)
        if self._card is None or self._card[0] != key:
            card, places = render_card(key[0], self.game.config.game_id, key[1], self.vp.unit)
            self._card = (key, card)
            self.diagrams = []
            for name, place in places:
                try:
                    self.diagrams.append(PlayedDiagram(name, place, self.vp.unit))
                except Exception:  # noqa: BLE001 - the still picture stays on the card
                    log.exception("diagram %s cannot be played", name)
            self.scroll = 0.0
        return self._card[1]

    def visible_diagrams(self) -> list[tuple[PlayedDiagram, pygame.Rect]]:
        """The played diagrams in view, with where they stand on the screen."""
        if self._card is None or self._card[1] is None:
            return []
        top = self.frame.top - int(self.scroll)
        out = []
        for played in self.diagrams:
            rect = played.place.move(self.frame.left, top)
            if rect.colliderect(self.frame):
                out.append((played, rect))
        return out

    def animating(self) -> bool:
        """A diagram in view plays its move."""
        return bool(self.visible_diagrams())

    def changed_rects(self) -> list[pygame.Rect] | None:
        """Only the played panels change from one frame to the next."""
        rects = [rect.clip(self.frame) for _, rect in self.visible_diagrams()]
        return rects or None

    def on_pointer(self, pointer) -> None:
        if press_button(self.buttons, pointer):
            return
        if pointer.kind == "down":
            if self.frame.collidepoint(pointer.pos):
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
        limit = max(0, (card.get_height() if card else 0) - self.frame.height)
        self.scroll = max(0.0, min(float(limit), self.scroll))

    def draw(self, canvas: pygame.Surface) -> None:
        card = self.card()
        still = (self.app.lang, int(self.scroll), tuple(self.frame), id(card))
        if not self.app.dirty and self._still == still and card is not None:
            # only the played diagrams move: the rest of the screen is as the last frame left it
            canvas.set_clip(self.frame)
            now = self.app.now()
            for played, rect in self.visible_diagrams():
                canvas.blit(played.moving.frame(now), rect)
            canvas.set_clip(None)
            return
        self._still = still
        canvas.blit(theme.background(canvas.get_size()), (0, 0))
        pygame.draw.rect(canvas, theme.PAPER, self.frame, border_radius=self.vp.u(12))
        if card is not None:
            canvas.set_clip(self.frame)
            canvas.blit(card, (self.frame.left, self.frame.top - int(self.scroll)))
            now = self.app.now()
            for played, rect in self.visible_diagrams():
                canvas.blit(played.moving.frame(now), rect)
            canvas.set_clip(None)
        else:
            t = self.app.t
            vp = self.vp
            inner = self.frame.inflate(-vp.u(120), -vp.u(120))
            title = pygame.Rect(inner.left, inner.top, inner.width, vp.u(160))
            draw_text(
                canvas,
                t(f"game.{self.game.config.game_id}"),
                title,
                role="display",
                size=vp.u(60),
                colour=theme.INK,
                align="left",
                valign="top",
            )
            draw_text(
                canvas,
                t("rules.unavailable"),
                pygame.Rect(inner.left, title.bottom, inner.width, inner.bottom - title.bottom),
                size=vp.u(38),
                colour=theme.INK,
                align="left",
                valign="top",
            )
        vp = self.vp
        pygame.draw.rect(canvas, theme.GOLD, self.frame, vp.u(4), border_radius=vp.u(12))
        if card is not None and card.get_height() > self.frame.height:
            span = self.frame.height * self.frame.height / card.get_height()
            top = self.frame.top + (self.frame.height - span) * (
                self.scroll / max(1, card.get_height() - self.frame.height)
            )
            pygame.draw.rect(
                canvas,
                theme.GOLD_DARK,
                (self.frame.right + vp.u(12), int(top), vp.u(10), int(span)),
                border_radius=vp.u(5),
            )
            draw_text(
                canvas,
                self.app.t("rules.drag"),
                self.hint_box,
                role="italic",
                size=vp.u(28),
                colour=theme.MUTED,
                align="left",
                valign="bottom",
            )
        for button in self.buttons:
            button.draw(canvas)
