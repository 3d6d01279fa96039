"""Buttons and the language switch: big touch targets drawn from cached texts."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

import pygame

from ludique.ui import theme
from ludique.ui.fonts import font
from ludique.ui.layout import Viewport, draw_text, reading_size, record_cover, record_target
from ludique.words.i18n import LANGUAGES


@dataclass
class Button:
    """A rounded button.  ``label`` is already translated; ``action`` runs on a tap inside."""

    rect: pygame.Rect
    label: str | Callable[[], str]  # a callable is looked up at draw time (language switch)
    action: Callable[[], None]
    kind: str = "normal"  # "normal", "primary", "quiet", "selected"
    enabled: bool = True
    size: int = 40  # the label's size in pixels (scenes pass ``viewport.u(...)``)
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
            # greyed, yet its word still reads (4.5:1): the visitor learns what will come back
            fill, border, ink = (44, 35, 29), (90, 76, 60), (160, 144, 126)
        radius = max(6, self.rect.height // 5)
        line = max(2, self.rect.height // 36)
        shadow = self.rect.move(0, max(2, self.rect.height // 20))
        record_cover(surface, self.rect.union(shadow))
        record_target(surface, self.rect, self.name or "button")
        pygame.draw.rect(surface, (18, 12, 9), shadow, border_radius=radius)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        pygame.draw.rect(surface, border, self.rect, line, border_radius=radius)
        label = self.label() if callable(self.label) else self.label
        pad = max(8, self.rect.height // 7)
        # the words may take the button's height: a line's own leading keeps them off its edges
        draw_text(
            surface,
            label,
            self.rect.inflate(-2 * pad, -max(2, self.rect.height // 20)),
            role="bold",
            size=self.size,
            colour=ink,
            min_size=max(10, round(self.size * 0.55)),
            max_lines=2,
        )

    def hit(self, pos: tuple[float, float]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)


def label_width(label: str, size: int) -> int:
    """How wide a button's ``label`` stands on one line at ``size`` (its face, never under the
    reading floor), without the button's margins."""
    return int(font("bold", max(size, reading_size("bold"))).size(label)[0])


class Choice(NamedTuple):
    """One choice of a row of them: its button's name, its words, whether it is the one chosen
    now, and what choosing it does."""

    name: str
    label: str | Callable[[], str]
    chosen: bool
    action: Callable[[], None]


def choice_buttons(choices: list[Choice], rects: list[pygame.Rect], size: int) -> list[Button]:
    """A row of choices as buttons, one to a rectangle: the one chosen now drawn selected."""
    return [
        Button(
            rect, c.label, c.action, "selected" if c.chosen else "normal", name=c.name, size=size
        )
        for c, rect in zip(choices, rects, strict=True)
    ]


def press_button(buttons: list[Button], pointer) -> bool:
    """A touch going down on one of ``buttons`` runs its action; True when one was hit."""
    if pointer.kind != "down":
        return False
    for button in buttons:
        if button.hit(pointer.pos):
            button.action()
            return True
    return False


def switch_rects(vp: Viewport) -> dict[str, pygame.Rect]:
    """Where each language's button of the switch goes on ``vp``: top right of the band."""
    w, h, gap, margin = vp.u(100), vp.u(76), vp.u(12), vp.u(20)
    left = vp.width - margin - len(LANGUAGES) * w - (len(LANGUAGES) - 1) * gap
    top = vp.band.top + margin
    return {lang: pygame.Rect(left + i * (w + gap), top, w, h) for i, lang in enumerate(LANGUAGES)}


def switch_area(vp: Viewport) -> pygame.Rect:
    """The corner the switch takes on ``vp``."""
    rects = list(switch_rects(vp).values())
    return rects[0].unionall(rects[1:])


class LanguageSwitch:
    """FR / DE / EN, in the top-right corner of the band a seated visitor reaches (the
    screen's corner where all of it is within reach)."""

    def __init__(self, on_change: Callable[[str], None]):
        self.on_change = on_change
        self.rects: dict[str, pygame.Rect] = {}
        self.label_size = 34

    def layout(self, vp: Viewport) -> None:
        self.rects = switch_rects(vp)
        self.label_size = vp.u(34)

    @property
    def area(self) -> pygame.Rect:
        """The corner the switch takes (scenes keep their titles out of it)."""
        rects = list(self.rects.values())
        return rects[0].unionall(rects[1:]) if rects else pygame.Rect(0, 0, 0, 0)

    def draw(self, surface: pygame.Surface, current: str) -> None:
        for lang, rect in self.rects.items():
            chosen = lang == current
            fill = theme.CREAM if chosen else theme.DEEP_2
            ink = theme.INK if chosen else theme.CREAM
            radius = rect.height // 5
            record_cover(surface, rect)
            record_target(surface, rect, f"language-{lang}")
            pygame.draw.rect(surface, fill, rect, border_radius=radius)
            pygame.draw.rect(
                surface, theme.GOLD, rect, max(2, rect.height // 25), border_radius=radius
            )
            draw_text(surface, lang.upper(), rect, role="bold", size=self.label_size, colour=ink)

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
