"""Colours and the few drawing helpers every scene shares (texts: ``ludique.ui.layout``).

Everything that is costly to draw (gradients, textures, glows) is kept so that a frame is mostly
a handful of blits.
"""

from __future__ import annotations

import random

import pygame

from ludique.ui.layout import cover_below, record_cover
from ludique.ui.pixels import kept

INK = (38, 27, 20)
PAPER = (243, 232, 210)
CREAM = (236, 222, 192)
GOLD = (214, 176, 102)
GOLD_DARK = (150, 112, 52)
DEEP = (33, 24, 19)
DEEP_2 = (52, 38, 29)
MUTED = (176, 156, 128)
HIGHLIGHT = (255, 214, 120)
TARGET = (170, 250, 180)  # a legal target: bright fill ...
TARGET_EDGE = (16, 60, 28)  # ... in a dark ring, so one of the two stands out on every board
DANGER = (200, 80, 60)
DANGER_DOT = (255, 96, 70)  # a target where the piece would be taken: bright on every board
GAIN = (255, 205, 70)  # a target where the move captures: gold, and a plus (shape, not hue alone)
DANGER_TEXT = (244, 132, 110)  # a warning in words: 4.5:1 and more on the dark panels

COLOUR_NAMES_RGB = {
    "blue": (52, 96, 168),
    "white": (238, 232, 220),
    "black": (40, 36, 34),
}


@kept
def background(size: tuple[int, int]) -> pygame.Surface:
    """The dark, warm backdrop with a soft vignette (drawn once)."""
    w, h = size
    surface = pygame.Surface(size)
    surface.fill(DEEP)
    glow = pygame.Surface((w // 8, h // 8), pygame.SRCALPHA)
    cx, cy = glow.get_width() / 2, glow.get_height() / 2
    for y in range(glow.get_height()):
        for x in range(glow.get_width()):
            d = ((x - cx) / cx) ** 2 + ((y - cy) / cy) ** 2
            a = max(0, int(70 * (1 - min(1.0, d))))
            glow.set_at((x, y), (120, 84, 52, a))
    surface.blit(pygame.transform.smoothscale(glow, size), (0, 0))
    rng = random.Random(7)
    for _ in range(w * h // 400):
        x, y = rng.randrange(w), rng.randrange(h)
        c = surface.get_at((x, y))
        k = rng.choice((-6, 6))
        surface.set_at((x, y), (max(0, c.r + k), max(0, c.g + k), max(0, c.b + k)))
    return surface.convert() if pygame.display.get_surface() else surface


def rounded_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fill: tuple[int, ...],
    border: tuple[int, int, int] | None = None,
    radius: int = 18,
    width: int = 3,
) -> None:
    record_cover(surface, rect)
    if len(fill) == 4:
        surface.blit(_translucent_panel(rect.size, fill, radius), rect)
    else:
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if border:
        pygame.draw.rect(surface, border, rect, width, border_radius=radius)


@kept
def _translucent_panel(size: tuple[int, int], fill: tuple[int, ...], radius: int) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, fill, layer.get_rect(), border_radius=radius)
    return layer


def veil(size: tuple[int, int], rgba: tuple[int, int, int, int]) -> pygame.Surface:
    """A translucent sheet over a whole screen (End, Admin, the idle countdown): a kept panel
    without corners, not a new 8 MB sheet every frame."""
    cover_below()
    return _translucent_panel(size, rgba, 0)


def glow_ring(radius: int, colour: tuple[int, int, int], strength: int = 160) -> pygame.Surface:
    return _glow_ring(radius, colour, strength)


@kept
def _glow_ring(radius: int, colour: tuple[int, int, int], strength: int) -> pygame.Surface:
    size = radius * 2 + 24
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    for i in range(12, 0, -1):
        alpha = int(strength * (1 - i / 12) ** 1.5)
        pygame.draw.circle(surface, (*colour, alpha), (c, c), radius + i, 3)
    pygame.draw.circle(surface, (*colour, strength), (c, c), radius, 4)
    return surface


@kept
def target_dot(radius: int) -> pygame.Surface:
    size = radius * 2 + 4
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    edge = max(3, radius // 4)
    pygame.draw.circle(surface, (*TARGET_EDGE, 235), (c, c), radius)
    pygame.draw.circle(surface, (*TARGET, 235), (c, c), radius - edge)
    return surface


@kept
def gain_dot(radius: int) -> pygame.Surface:
    """A target where the move captures: a gold dot with a dark plus on it, as large as a
    losing target's mark (a gain told from a loss by its shape as well as its colour)."""
    size = radius * 3 + 4
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    outer = radius * 3 // 2
    edge = max(3, radius // 4)
    pygame.draw.circle(surface, (*INK, 235), (c, c), outer)
    pygame.draw.circle(surface, (*GAIN, 255), (c, c), outer - edge)
    arm, width = outer - 2 * edge, max(3, radius // 3)
    pygame.draw.rect(surface, (*INK, 255), (c - arm, c - width // 2, 2 * arm + 1, width))
    pygame.draw.rect(surface, (*INK, 255), (c - width // 2, c - arm, width, 2 * arm + 1))
    return surface


@kept
def danger_dot(radius: int) -> pygame.Surface:
    """A target where the piece would be taken at once: a red dot inside a dark ring, a
    little larger than a safe target's green dot (told apart by shape, not colour alone)."""
    size = radius * 3 + 4
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    edge = max(3, radius // 4)
    outer = radius * 3 // 2
    pygame.draw.circle(surface, (*INK, 235), (c, c), outer, edge + 1)
    pygame.draw.circle(surface, (*DANGER_DOT, 255), (c, c), outer - edge - 1, edge)
    pygame.draw.circle(surface, (*INK, 235), (c, c), radius - edge // 2)
    pygame.draw.circle(surface, (*DANGER_DOT, 255), (c, c), radius - edge - edge // 2)
    return surface


@kept
def footprint(radius: int) -> pygame.Surface:
    """A soft golden disc, brightest in the middle: where the last move went."""
    size = radius * 2 + 2
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    for i in range(radius, 0, -2):
        alpha = int(140 * (1 - i / radius) ** 0.6)
        pygame.draw.circle(surface, (*HIGHLIGHT, alpha), (c, c), i)
    return surface
