"""Layout at the display's own resolution: the viewport, and the one helper that draws text.

Scenes draw straight into the window at its real size: nothing is scaled as a whole.  A scene
describes its parts in proportions of the screen and in *units*, and its ``layout()`` places them
for the real size (it runs on entering, on a change of language and when the window changes).

The unit is a "design pixel": ``Viewport.unit`` is 1.0 on a 1920x1080 screen, 2.0 at 3840x2160
and about 0.71 at 1024x768.  It is the shorter side over 1080, so a landscape screen is always
1080 units high and 1440 (4:3) to 1920 (16:9) or more units wide, and a portrait totem is 1080
units wide.  Sizes of text, pieces and touch targets are given in units (``vp.u(40)``); places
along the screen in fractions (``vp.x(0.5)``) or from the edges.  Where the curator gives the
screen's physical width (setting ``screen_width_mm``), the unit grows so that a touch target of
``TOUCH_UNITS`` is at least ``TOUCH_MM`` wide.

Every visible string goes through :func:`draw_text`: it knows its box, wraps the words into it,
then shrinks the size down to a floor, and never draws outside the box.  No text a visitor reads
goes under the reading floor (:func:`read_for`): its capitals at least ``VISITOR_CAP`` units
high, the font size derived from each face's measured capitals (:func:`size_for_cap`); the
curator's sheets are drawn under :func:`curator_sheet`, read at arm's length.  With
:func:`recording` on (the layout tests), each call is written down with its box, the rectangle
its text really covers, whether it had to overflow, and the contrast against what was behind it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from ludique.kiosk.mounting import mounting_of, reach_band
from ludique.ui.fonts import font
from ludique.ui.palette import contrast_ratio
from ludique.ui.pixels import kept

if TYPE_CHECKING:
    from ludique.kiosk.settings import Settings

DESIGN_SHORT_SIDE = 1080  # units along the shorter side of any screen
TOUCH_MM = 9.0  # the smallest touch target a finger hits reliably
TOUCH_UNITS = 76  # the smallest touch target the scenes draw (the language switch), in units
MAX_TOUCH_GROWTH = 1.25  # a tiny high-density screen may enlarge the unit this much, no more
# the capitals of the smallest text a visitor reads, in units (26 px high at 1080 lines: legible
# from 1.5 m); the curator's screens (PIN pad, admin panel) are read at arm's length and go below
VISITOR_CAP = 26


@dataclass(frozen=True)
class Viewport:
    """The window's real size in pixels, and the unit that scales every drawn size."""

    width: int
    height: int
    width_mm: float = 0.0  # the screen's physical width where the curator knows it (0: unknown)
    # the band a seated visitor reaches, as fractions of the height from the top
    # (``ludique.kiosk.mounting.reach_band``): every control and square is laid out in it
    reach: tuple[float, float] = (0.0, 1.0)

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(0, 0, self.width, self.height)

    @property
    def portrait(self) -> bool:
        return self.height > self.width

    @property
    def unit(self) -> float:
        unit = min(self.width, self.height) / DESIGN_SHORT_SIDE
        if self.width_mm > 0:
            px_per_mm = self.width / self.width_mm
            touch = TOUCH_MM * px_per_mm / TOUCH_UNITS
            unit = max(unit, min(touch, unit * MAX_TOUCH_GROWTH))
        return unit

    def u(self, units: float) -> int:
        """``units`` design pixels in real pixels (at least 1)."""
        return max(1, round(units * self.unit))

    def x(self, fraction: float) -> int:
        return round(self.width * fraction)

    def y(self, fraction: float) -> int:
        return round(self.height * fraction)

    @property
    def band(self) -> pygame.Rect:
        """The band of the screen a seated visitor reaches, the whole width."""
        top, bottom = round(self.height * self.reach[0]), round(self.height * self.reach[1])
        return pygame.Rect(0, top, self.width, bottom - top)

    @property
    def units_wide(self) -> float:
        return self.width / self.unit

    @property
    def units_high(self) -> float:
        return self.height / self.unit


@dataclass(frozen=True)
class DesignFrame:
    """A dense panel designed on a fixed sheet (the curator's screens, the PIN pad), placed whole
    and centred on the window at the scale that fits: drawn at that scale, not scaled after."""

    scale: float
    left: int
    top: int

    def s(self, value: float) -> int:
        return max(1, round(value * self.scale))

    def pos(self, x: float, y: float) -> tuple[int, int]:
        return (self.left + round(x * self.scale), self.top + round(y * self.scale))

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        left, top = self.pos(x, y)
        return pygame.Rect(left, top, self.s(w), self.s(h))


def design_frame(vp: Viewport, width: float = 1920, height: float = 1080) -> DesignFrame:
    scale = min(vp.width / width, vp.height / height)
    return DesignFrame(
        scale, round((vp.width - width * scale) / 2), round((vp.height - height * scale) / 2)
    )


def viewport_for(size: tuple[int, int], settings: Settings) -> Viewport:
    """The viewport of a window of ``size`` on the screen the settings describe: its physical
    width, and the band a seated visitor reaches from the way it is mounted."""
    mounting = mounting_of(settings.screen_diagonal_inches, settings.screen_lower_edge_cm)
    return Viewport(*size, float(settings.screen_width_mm), reach_band(mounting, *size))


# --- text -------------------------------------------------------------------------------------


@lru_cache(maxsize=256)
def cap_height(role: str, size: int) -> int:
    """How high the capitals of ``role`` stand at ``size`` px, as the face draws them (its "H"
    above the baseline, hinted at that size)."""
    metrics = font(role, size).metrics("H")[0]
    if metrics is None:  # (every bundled face has an "H")
        raise ValueError(f"the {role!r} face has no capital H to measure")
    return int(metrics[3])


@lru_cache(maxsize=256)
def size_for_cap(role: str, cap: int) -> int:
    """The smallest size of ``role`` whose capitals stand at least ``cap`` px high: from the
    face's measured proportion, then checked at the size itself (hinting rounds)."""
    if cap <= 0:
        return 0
    probe = 200
    size = max(1, int(cap * probe / cap_height(role, probe)) - 1)
    while cap_height(role, size) < cap:
        size += 1
    while size > 1 and cap_height(role, size - 1) >= cap:
        size -= 1
    return size


_READING_CAP = 0  # the capitals no text drawn now goes under, in px (0: no floor)


def read_for(vp: Viewport | None) -> None:
    """Every text drawn from now on is read by a visitor on ``vp``: its capitals at least
    ``VISITOR_CAP`` units high, whatever size its caller asked for (the kiosk sets it for the
    window it draws in, and ``None`` when it closes: no floor)."""
    global _READING_CAP
    _READING_CAP = vp.u(VISITOR_CAP) if vp is not None else 0


def reading_size(role: str = "text") -> int:
    """The smallest size of ``role`` a text may be drawn at now (0 where no floor is set)."""
    return size_for_cap(role, _READING_CAP)


def line_height(role: str, size: int) -> int:
    """The height one line of ``role`` takes drawn at ``size`` (raised to the floor)."""
    return int(font(role, max(size, reading_size(role))).get_height())


@contextmanager
def curator_sheet() -> Iterator[None]:
    """The block draws for the curator, read at arm's length: under the visitors' floor."""
    global _READING_CAP
    previous, _READING_CAP = _READING_CAP, 0
    try:
        yield
    finally:
        _READING_CAP = previous


@kept
def text_image(message: str, role: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A rendered line (kept: the same words in the same style render once)."""
    return font(role, size).render(message, True, colour)


def wrap_lines(message: str, role: str, size: int, width: int) -> list[str]:
    """``message`` cut at spaces into lines no wider than ``width`` where words allow."""
    face = font(role, size)
    lines: list[str] = []
    for paragraph in message.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}".strip()
            if line and face.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


LINE_SPACING = 1.25


@dataclass(frozen=True)
class TextFit:
    """How ``message`` fits a box: the size chosen, its lines, and whether it still overflows."""

    size: int
    lines: tuple[str, ...]
    width: int
    height: int
    overflow: bool


def fit_text(
    message: str,
    role: str,
    size: int,
    box: tuple[int, int],
    *,
    min_size: int | None = None,
    max_lines: int | None = None,
) -> TextFit:
    """The largest size from ``size`` down to ``min_size`` at which the wrapped text fits,
    never under the reading floor (:func:`reading_size`)."""
    box_w, box_h = box
    floor = max(8, min_size if min_size is not None else round(size * 0.6), reading_size(role))
    trial = max(size, floor)
    while True:
        lines = wrap_lines(message, role, trial, box_w) if box_w > 0 else [message]
        face = font(role, trial)
        widest = max((face.size(line)[0] for line in lines), default=0)
        step = round(trial * LINE_SPACING)
        height = face.get_height() + step * (len(lines) - 1)
        too_many = max_lines is not None and len(lines) > max_lines
        fits = widest <= box_w and height <= box_h and not too_many
        if fits or trial <= floor:
            return TextFit(trial, tuple(lines), widest, height, not fits)
        trial = max(floor, trial - max(1, round(trial * 0.06)))


@dataclass
class TextRecord:
    """One drawn text, as the layout tests see it."""

    message: str
    box: pygame.Rect
    drawn: pygame.Rect
    overflow: bool
    surface: int  # id() of the surface drawn on
    surface_size: tuple[int, int]
    contrast: float | None  # the text colour against what was behind it (lowest of the glyphs)
    role: str
    size: int
    layer: int = 0  # texts under a veil (a modal panel over the screen) are on a lower layer
    order: int = 0  # when it was drawn, among the texts and the covers of one recording


@dataclass
class CoverRecord:
    """A button or a panel drawn opaque over what was there, as the layout tests see it: a
    text drawn before it under it is hidden; a text drawn on it must stay inside it."""

    rect: pygame.Rect
    surface: int
    layer: int
    order: int


@dataclass
class TargetRecord:
    """Something a visitor touches (a button, a flag, a square, a point), as drawn: the reach
    test asks that it lie in the viewport's band."""

    rect: pygame.Rect
    name: str
    surface: int
    layer: int


class Recording(list):
    """The texts drawn while recording, ``covers``: the buttons and panels, and ``targets``:
    what a visitor touches."""

    covers: list[CoverRecord]
    targets: list[TargetRecord]


_RECORD: Recording | None = None
_LAYER = 0


def cover_below() -> None:
    """What is drawn from now on lies over a veil: the texts under it are hidden, not
    neighbours (the idle countdown, the PIN pad, a confirmation)."""
    global _LAYER
    _LAYER += 1


def record_cover(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A button or panel is drawn on ``surface`` over ``rect`` (written down while recording)."""
    if _RECORD is not None:
        order = len(_RECORD) + len(_RECORD.covers)
        _RECORD.covers.append(CoverRecord(pygame.Rect(rect), id(surface), _LAYER, order))


def record_target(surface: pygame.Surface, rect: pygame.Rect, name: str) -> None:
    """A touch target is drawn on ``surface`` over ``rect`` (written down while recording)."""
    if _RECORD is not None:
        _RECORD.targets.append(TargetRecord(pygame.Rect(rect), name, id(surface), _LAYER))


@contextmanager
def recording() -> Iterator[Recording]:
    """Write down every text drawn while the block runs (and measure its contrast), and the
    buttons and panels drawn with them."""
    global _RECORD
    previous, _RECORD = _RECORD, Recording()
    _RECORD.covers = []
    _RECORD.targets = []
    try:
        yield _RECORD
    finally:
        _RECORD = previous


def draw_text(
    surface: pygame.Surface,
    message: str,
    box: pygame.Rect,
    *,
    role: str = "text",
    size: int,
    colour: tuple[int, int, int],
    align: str = "center",
    valign: str = "middle",
    min_size: int | None = None,
    max_lines: int | None = None,
) -> pygame.Rect:
    """Draw ``message`` inside ``box``: wrapped, shrunk to fit (down to ``min_size``), aligned
    ``left``/``center``/``right`` and ``top``/``middle``/``bottom``.  Returns the rectangle the
    text covers.  What still does not fit at the floor is clipped to the box (and recorded as
    overflowing), never drawn over its neighbours."""
    box = pygame.Rect(box)
    fit = fit_text(message, role, size, box.size, min_size=min_size, max_lines=max_lines)
    step = round(fit.size * LINE_SPACING)
    top = box.top
    if valign == "middle":
        top = box.centery - fit.height // 2
    elif valign == "bottom":
        top = box.bottom - fit.height
    covered = pygame.Rect(0, top, 0, 0)
    images = []
    y = top
    for line in fit.lines:
        image = text_image(line, role, fit.size, colour)
        if align == "left":
            rect = image.get_rect(topleft=(box.left, y))
        elif align == "right":
            rect = image.get_rect(topright=(box.right, y))
        else:
            rect = image.get_rect(midtop=(box.centerx, y))
        images.append((image, rect))
        covered = rect.copy() if not covered.width else covered.union(rect)
        y += step
    contrast = None
    if _RECORD is not None:
        contrast = _lowest_contrast(surface, images, colour)
    clip = surface.get_clip()
    surface.set_clip(box.clip(clip) if fit.overflow else clip)
    for image, rect in images:
        surface.blit(image, rect)
    surface.set_clip(clip)
    if _RECORD is not None and message.strip():
        _RECORD.append(
            TextRecord(
                message,
                box,
                covered,
                fit.overflow,
                id(surface),
                surface.get_size(),
                contrast,
                role,
                fit.size,
                _LAYER,
                len(_RECORD) + len(_RECORD.covers),
            )
        )
    return covered


def draw_label(
    surface: pygame.Surface,
    message: str,
    box: pygame.Rect,
    *,
    size: int,
    colour: tuple[int, int, int],
    valign: str = "middle",
    max_lines: int | None = None,
) -> pygame.Rect:
    """A label: bold words from ``box``'s left edge, naming what stands beside or under it (a
    row of choices, a chart, a list); wrapped and shrunk as :func:`draw_text` does."""
    return draw_text(
        surface,
        message,
        box,
        role="bold",
        size=size,
        colour=colour,
        align="left",
        valign=valign,
        max_lines=max_lines,
    )


def draw_line(
    surface: pygame.Surface,
    message: str,
    *,
    role: str = "text",
    size: int,
    colour: tuple[int, int, int],
    anchor: str,
    pos: tuple[int, int],
    width: int,
    min_size: int | None = None,
) -> pygame.Rect:
    """One line at ``pos`` (``anchor`` as a ``pygame.Rect`` attribute), shrunk to ``width``."""
    fit = fit_text(message, role, size, (width, 10**6), min_size=min_size, max_lines=1)
    h = font(role, fit.size).get_height()
    box = pygame.Rect(0, 0, width, h)
    setattr(box, anchor, pos)
    align = "left" if "left" in anchor else "right" if "right" in anchor else "center"
    return draw_text(
        surface,
        message,
        box,
        role=role,
        size=fit.size,
        colour=colour,
        align=align,
        valign="top",
        min_size=fit.size,
        max_lines=1,
    )


# --- contrast (WCAG 2.1: ``palette.contrast_ratio``) ----------------------------------------------


def _lowest_contrast(
    surface: pygame.Surface, images: list[tuple[pygame.Surface, pygame.Rect]], colour
) -> float | None:
    """The text colour against the pixels its glyphs are about to cover: the 5th percentile of
    up to ~120 points a line, drawn at random inside the glyphs (a stray speckle of the backdrop
    does not decide; the same text always samples the same points)."""
    ratios: list[float] = []
    bounds = surface.get_rect()
    rng = random.Random(0)
    for image, rect in images:
        mask = pygame.mask.from_surface(image, 127)
        w, h = mask.get_size()
        if not mask.count():
            continue
        hits = 0
        for _ in range(1500):
            xx, yy = rng.randrange(w), rng.randrange(h)
            if not mask.get_at((xx, yy)):
                continue
            p = (rect.left + xx, rect.top + yy)
            if bounds.collidepoint(p):
                seen = surface.get_at(p)
                ratios.append(contrast_ratio(colour, (seen.r, seen.g, seen.b)))
            hits += 1
            if hits >= 120:
                break
    if not ratios:
        return None
    ratios.sort()
    return ratios[len(ratios) // 20]
