"""Where a seated visitor can reach on the screen, from the way the screen is mounted.

A visitor in a wheelchair reaches forward up to 1.22 m above the floor and down to 0.38 m
(ADA 308.2.1; the Smithsonian Guidelines for Accessible Exhibition Design).  From the screen's
diagonal and the height of its lower edge above the floor (settings ``screen_diagonal_inches``
and ``screen_lower_edge_cm``; "table" where the screen lies flat or stands within reach
everywhere), :func:`reach_band` gives the horizontal band of the screen between those heights,
as fractions of the screen's height from its top.  Every control and every square a visitor
may touch is laid out inside it (``ludique.ui.layout.Viewport.band``).

Pure arithmetic: no pygame, so that the band can be tested and used below the UI.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

REACH_HIGH_M = 1.22  # the highest point a seated visitor reaches forward
REACH_LOW_M = 0.38  # the lowest
INCH_M = 0.0254
TABLE = "table"  # the lower edge's setting where the whole screen is within reach


@dataclass(frozen=True)
class Mounting:
    """The screen's diagonal (inches, as sold) and its lower edge's height above the floor in
    centimetres; ``lower_edge_cm`` None: a table, the whole screen within reach."""

    diagonal_inches: float
    lower_edge_cm: float | None

    def height_m(self, width_px: int, height_px: int) -> float:
        """The screen's visible height in metres (square pixels: the window's proportions)."""
        return self.diagonal_inches * INCH_M * height_px / math.hypot(width_px, height_px)


def mounting_of(diagonal_inches: float, lower_edge: int | str) -> Mounting:
    """The mounting a settings file gives: ``lower_edge`` in centimetres, or ``"table"``."""
    if lower_edge == TABLE:
        return Mounting(diagonal_inches, None)
    return Mounting(diagonal_inches, float(lower_edge))


def reach_band(mounting: Mounting, width_px: int, height_px: int) -> tuple[float, float]:
    """The band a seated visitor reaches, ``(top, bottom)`` as fractions of the screen's height
    from its top edge (``(0.0, 1.0)``: all of it).  A screen with no part between 0.38 m and
    1.22 m leaves nothing to choose: the band is then the whole screen."""
    if mounting.lower_edge_cm is None or width_px <= 0 or height_px <= 0:
        return (0.0, 1.0)
    height = mounting.height_m(width_px, height_px)
    lower = mounting.lower_edge_cm / 100
    if height <= 0 or lower >= REACH_HIGH_M or lower + height <= REACH_LOW_M:
        return (0.0, 1.0)
    top = max(0.0, 1.0 - (REACH_HIGH_M - lower) / height)
    bottom = min(1.0, 1.0 - (REACH_LOW_M - lower) / height) if lower < REACH_LOW_M else 1.0
    return (top, bottom)
