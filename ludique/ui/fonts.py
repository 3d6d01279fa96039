"""The bundled faces (``assets/fonts``): never ``SysFont``, whose result depends on the kiosk.

Noto Serif covers French, German (ẞ), polytonic Greek and the sign Ꝋ (U+A74A).
"""

from __future__ import annotations

from functools import cache

import pygame

from ludique.paths import asset_path

FACES = {
    "display": "NotoSerifDisplay-Bold.ttf",  # titles
    "text": "NotoSerif-Regular.ttf",  # body text, rule cards
    "bold": "NotoSerif-Bold.ttf",  # buttons, emphasis
    "italic": "NotoSerif-Italic.ttf",
}


@cache
def font(role: str, size: int) -> pygame.font.Font:
    """The face for ``role`` (a key of ``FACES``) at ``size`` pixels, cached."""
    if role not in FACES:
        raise ValueError(f"unknown font role {role!r}: expected one of {', '.join(FACES)}")
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(asset_path("fonts", FACES[role])), size)
