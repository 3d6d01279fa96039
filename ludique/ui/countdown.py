"""The idle countdown: "Still playing?" over whatever screen is showing, the seconds left, and
"touch the screen to go on"; any touch answers it (``App._handle_event``).

How long the kiosk waits is the curator's (``idle_seconds``, ``countdown_seconds``), with two
floors for the visitor who reads slowly: a scene where he reads or plays (a game, a guided
game, a rule card) waits at least ``READING_SECONDS`` after the last touch, and the countdown
gives at least ``COUNTDOWN_FLOOR`` seconds to answer it (WCAG 2.2.1, timing adjustable)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ludique.ui import theme
from ludique.ui.layout import Viewport, draw_text

READING_SECONDS = 180  # a rule card read from 1.5 m by a slow reader, or a move pondered
COUNTDOWN_FLOOR = 20  # seconds to answer "Still playing?" at the least (WCAG 2.2.1)


def idle_limit(settings: object, scene: object) -> float:
    """Seconds without a touch before "Still playing?": the curator's, at least the scene's
    floor (``Scene.idle_floor``: a game, a guided game, a rule card)."""
    chosen = float(getattr(settings, "idle_seconds", 90))
    return max(chosen, float(getattr(scene, "idle_floor", 0.0)))


def countdown_limit(settings: object) -> float:
    """The seconds the countdown gives: the curator's, never under ``COUNTDOWN_FLOOR``."""
    return max(float(getattr(settings, "countdown_seconds", COUNTDOWN_FLOOR)), COUNTDOWN_FLOOR)


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
