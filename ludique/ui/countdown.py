"""The idle countdown: "Still playing?" over whatever screen is showing, the seconds left, and
"touch the screen to go on"; any touch answers it (``App._handle_event``)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ludique.ui import theme
from ludique.ui.layout import Viewport, draw_text


def draw_countdown(
    canvas: pygame.Surface, vp: Viewport, t: Callable[..., str], remaining: float
) -> None:
    canvas.blit(theme.veil(canvas.get_size(), (0, 0, 0, 150)), (0, 0))
    panel = pygame.Rect(0, 0, min(vp.u(980), vp.width - vp.u(40)), vp.u(480))
    panel.center = vp.rect.center
    theme.rounded_panel(canvas, panel, theme.DEEP_2, theme.GOLD, vp.u(28), vp.u(4))
    inner = panel.inflate(-vp.u(60), 0)
    draw_text(
        canvas,
        t("idle.title"),
        pygame.Rect(inner.left, panel.top + vp.u(40), inner.width, vp.u(130)),
        role="display",
        size=vp.u(72),
        colour=theme.CREAM,
    )
    draw_text(
        canvas,
        str(max(0, int(remaining + 0.999))),
        pygame.Rect(inner.left, panel.top + vp.u(180), inner.width, vp.u(160)),
        role="display",
        size=vp.u(120),
        colour=theme.GOLD,
    )
    draw_text(
        canvas,
        t("idle.touch"),
        pygame.Rect(inner.left, panel.bottom - vp.u(130), inner.width, vp.u(100)),
        size=vp.u(40),
        colour=theme.CREAM,
    )
