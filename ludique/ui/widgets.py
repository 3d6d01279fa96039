"""Buttons and the language switch: big touch targets drawn from cached texts."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ludique.i18n import LANGUAGES
from ludique.ui import theme


@dataclass
class Button:
    """A rounded button.  ``label`` is already translated; ``action`` runs on a tap inside."""

    rect: pygame.Rect
    label: str | Callable[[], str]  # a callable is looked up at draw time (language switch)
    action: Callable[[], None]
    kind: str = "normal"  # "normal", "primary", "quiet", "selected"
    enabled: bool = True
    size: int = 40
    name: str = ""  # a stable id for tests and the screens renderer

    def draw(self, surface: pygame.Surface) -> None:
        if self.kind == "primary":
            fill, border, ink = theme.GOLD, theme.CREAM, theme.INK
        elif self.kind == "selected":
            fill, border, ink = theme.CREAM, theme.GOLD, theme.INK
        elif self.kind == "quiet":
            fill, border, ink = (60, 44, 34), theme.GOLD_DARK, theme.CREAM
        else:
            fill, border, ink = theme.DEEP_2, theme.GOLD, theme.CREAM
        if not self.enabled:
            fill, border, ink = (48, 38, 32), (90, 76, 60), (120, 104, 88)
        shadow = self.rect.move(0, 5)
        pygame.draw.rect(surface, (18, 12, 9), shadow, border_radius=20)
        pygame.draw.rect(surface, fill, self.rect, border_radius=20)
        pygame.draw.rect(surface, border, self.rect, 3, border_radius=20)
        size = self.size
        label = self.label() if callable(self.label) else self.label
        image = theme.text(label, "bold", size, ink)
        while image.get_width() > self.rect.width - 24 and size > 16:
            size -= 2
            image = theme.text(label, "bold", size, ink)
        surface.blit(image, image.get_rect(center=self.rect.center))

    def hit(self, pos: tuple[float, float]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)


class LanguageSwitch:
    """FR / DE / EN, always in the top-right corner of the canvas."""

    def __init__(self, on_change: Callable[[str], None]):
        self.on_change = on_change
        self.rects = {
            lang: pygame.Rect(theme.WIDTH - 3 * 112 - 24 + i * 112, 20, 100, 76)
            for i, lang in enumerate(LANGUAGES)
        }

    def draw(self, surface: pygame.Surface, current: str) -> None:
        for lang, rect in self.rects.items():
            chosen = lang == current
            fill = theme.CREAM if chosen else theme.DEEP_2
            ink = theme.INK if chosen else theme.CREAM
            pygame.draw.rect(surface, fill, rect, border_radius=16)
            pygame.draw.rect(surface, theme.GOLD, rect, 3, border_radius=16)
            theme.blit_text(surface, lang.upper(), "bold", 34, ink, "center", rect.center)

    def hit(self, pos: tuple[float, float]) -> str | None:
        for lang, rect in self.rects.items():
            if rect.collidepoint(pos):
                return lang
        return None

    def handle_tap(self, pos: tuple[float, float]) -> bool:
        lang = self.hit(pos)
        if lang is None:
            return False
        self.on_change(lang)
        return True
