"""The bundled faces (``assets/fonts``): never ``SysFont``, whose result depends on the kiosk.

Noto Serif covers French, German (ẞ), polytonic Greek and the sign Ꝋ (U+A74A).
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from ludique.paths import asset_path

FACES = {
    "display": "NotoSerifDisplay-Bold.ttf",  # titles
    "text": "NotoSerif-Regular.ttf",  # body text, rule cards
    "bold": "NotoSerif-Bold.ttf",  # buttons, emphasis
    "italic": "NotoSerif-Italic.ttf",
}


# Bounded: sizes come from board radii, card widths and fitted labels, so the number of distinct
# (role, size) pairs grows with every window size the kiosk has seen; a face reopens in ~1 ms.
@lru_cache(maxsize=48)
def font(role: str, size: int) -> pygame.font.Font:
    """The face for ``role`` (a key of ``FACES``) at ``size`` pixels, cached (the 48 last used)."""
    if role not in FACES:
        raise ValueError(f"unknown font role {role!r}: expected one of {', '.join(FACES)}")
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(asset_path("fonts", FACES[role])), size)
