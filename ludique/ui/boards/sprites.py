"""Piece sprites, drawn once per (colour, kind, radius) and cached: a frame only blits them."""

from __future__ import annotations

import pygame

from ludique.ui import palette
from ludique.ui.fonts import font
from ludique.ui.pixels import kept

# base colour, rim colour (opposite lightness, see ludique.ui.palette), highlight colour
PALETTE = {
    "blue": (palette.BLUE_COUNTER, palette.BLUE_COUNTER_EDGE, (150, 190, 245)),
    "white": (palette.WHITE_COUNTER, palette.WHITE_COUNTER_EDGE, (255, 255, 250)),
    "black": (palette.BLACK_PIECE, palette.BLACK_PIECE_EDGE, (130, 120, 112)),
}


def _shade(c: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    r, g, b = c
    if k >= 0:
        return int(r + (255 - r) * k), int(g + (255 - g) * k), int(b + (255 - b) * k)
    return int(r * (1 + k)), int(g * (1 + k)), int(b * (1 + k))


def fast(surface: pygame.Surface) -> pygame.Surface:
    """The surface in the display's pixel format (blits several times faster), once one exists."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def piece_sprite(colour: str, kind: str, radius: int) -> pygame.Surface:
    """A round piece seen from above, with a soft shadow, a rim and a light from the top left."""
    return _piece_sprite(colour, kind, radius, pygame.display.get_surface() is not None)


@kept
def _piece_sprite(colour: str, kind: str, radius: int, display: bool) -> pygame.Surface:
    return fast(_paint_piece(colour, kind, radius))


def _paint_piece(colour: str, kind: str, radius: int) -> pygame.Surface:
    base, rim, light = PALETTE.get(colour, PALETTE["white"])
    pad = max(4, radius // 5)
    size = 2 * (radius + pad)
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    # shadow, offset towards the bottom right
    for i in range(pad, 0, -1):
        pygame.draw.circle(surface, (0, 0, 0, 30), (c + pad // 2, c + pad // 2), radius + i - 1)
    if kind == "incitus":
        # turned over: the plain underside, duller, with the sign Ꝋ
        back = _shade(base, -0.35) if colour != "black" else _shade(base, 0.25)
        pygame.draw.circle(surface, _shade(back, -0.4), (c, c), radius)
        pygame.draw.circle(surface, back, (c, c), radius - max(2, radius // 10))
        ink = (250, 240, 220) if colour != "white" else (60, 48, 40)
        glyph = font("bold", int(radius * 1.3)).render("\ua74a", True, ink)
        surface.blit(glyph, glyph.get_rect(center=(c, c + radius // 12)))
        pygame.draw.aacircle(surface, _shade(back, -0.55), (c, c), radius, max(2, radius // 20))
        return surface
    pygame.draw.circle(surface, rim, (c, c), radius)
    steps = max(6, radius // 2)
    for i in range(steps):
        t = i / steps
        r = int((radius - max(2, radius // 9)) * (1 - t * 0.85))
        col = _shade(base, 0.45 * t * t)
        off = int(radius * 0.18 * t)
        pygame.draw.circle(surface, col, (c - off, c - off), max(1, r))
    # a small specular highlight
    pygame.draw.circle(
        surface, (*light, 150), (c - radius // 3, c - radius // 3), max(2, radius // 6)
    )
    pygame.draw.aacircle(surface, rim, (c, c), radius, max(1, radius // 14))
    if kind == "counter":
        pygame.draw.aacircle(surface, _shade(base, -0.25), (c, c), int(radius * 0.62), 1)
    if kind == "dux":
        gold = (222, 180, 70)
        pygame.draw.circle(surface, gold, (c, c), int(radius * 0.45), max(2, radius // 8))
        pts = []
        r1, r2 = radius * 0.32, radius * 0.14
        import math

        for i in range(10):
            a = math.pi / 2 + i * math.pi / 5
            reach = r1 if i % 2 == 0 else r2
            pts.append((c + reach * math.cos(a), c - reach * math.sin(a)))
        pygame.draw.polygon(surface, gold, pts)
    return surface


def ghost(sprite: pygame.Surface, alpha: int = 120) -> pygame.Surface:
    image = sprite.copy()
    image.set_alpha(alpha)
    return image
