"""Pente grammai: a terracotta slab with five engraved lines, the die to its left, the counters
that wait off the board bottom-left (Blue) and top-right (White)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pygame

from ludique.games import GameSpec
from ludique.games.base import GameState, Piece
from ludique.games.pente.rules import GOAL_POINTS, POINT_NAMES
from ludique.games.pente.rules import SACRED_POINTS as SACRED
from ludique.ui import theme
from ludique.ui.boards.base import DieBoard, lay_texture, nearest, slab
from ludique.ui.fonts import font
from ludique.ui.layout import cap_height, text_image
from ludique.ui.pixels import kept

TERRACOTTA = (176, 90, 56)
ENGRAVE = (96, 44, 26)
ENGRAVE_LIGHT = (210, 132, 96)
POINT_LABEL = (48, 16, 8)  # 1A..5B: darker than the engraving, 3.9:1 on the terracotta


TRACK = POINT_NAMES  # counter-clockwise
GOAL = GOAL_POINTS  # each colour's goal: the sacred half on the other's side
GOAL_TINT = {"blue": (64, 120, 230), "white": (250, 244, 228)}
BADGE = (40, 22, 12)
BADGE_INK = (250, 240, 220)


class PenteView(DieBoard):
    @property
    def goal(self) -> str:
        """The colour whose goal the board marks: the visitor's, who sits at the bottom (Blue,
        or White on a board turned round)."""
        return "white" if self.flipped else "blue"

    def _build(self) -> None:
        x0, y0, w, h = self.rect
        self.slab = pygame.Rect(
            int(x0 + 0.22 * w), int(y0 + 0.03 * h), int(0.56 * w), int(0.94 * h)
        )
        sp = self.slab.width / 5.4
        first = self.slab.centerx - 2 * sp
        self.line_x = [first + i * sp for i in range(5)]
        # the points' names under the A points and over the B points, one to a line
        self.label_px = self.label_size(sp * 0.15, *self.label_row())
        # the counters' size from the lines' length, then the rows of points move in where
        # their rings and names need more room than the slab's ends
        margin = 0.115 * self.slab.height
        length = self.slab.height - 2 * margin
        self.radius = max(6, int(min(sp * 0.3, length * 0.055)))
        self.ring = self.radius + max(6, self.radius // 4)  # a point's engraved ring
        cap = cap_height("bold", self.label_px)
        reach = font("bold", self.label_px).get_height() * 1.1 + cap * 0.25  # its name's
        margin = max(margin, self.ring + reach)
        self.y_top = self.slab.top + margin
        self.y_bottom = self.slab.bottom - margin
        self.y_mid = (self.y_top + self.y_bottom) / 2
        self.points: dict[str, tuple[float, float]] = {}
        for n in range(1, 6):
            self.points[f"{n}A"] = (self.line_x[n - 1], self.y_bottom)
            self.points[f"{n}B"] = (self.line_x[5 - n], self.y_top)
        # the waiting areas, unturned: Blue bottom-left, White top-right
        self.off_rect = {
            "blue": pygame.Rect(int(x0 + 0.01 * w), int(y0 + 0.6 * h), int(0.2 * w), int(0.38 * h)),
            "white": pygame.Rect(
                int(x0 + 0.79 * w), int(y0 + 0.02 * h), int(0.2 * w), int(0.38 * h)
            ),
        }
        side = int(min(0.12 * w, 0.16 * h))
        # the die stays on the left even when the board is turned round, level with the
        # slab's top: its caption has the column under it down to the tray, or stands just
        # over it, over the board, where the column is too narrow for its words
        self.die_rect = pygame.Rect(0, 0, side, side)
        self.die_rect.midtop = (int(x0 + 0.11 * w), self.slab.top + side // 8)

    def label_row(self) -> tuple[Sequence[str], float]:
        return [f"{n}A" for n in range(1, 6)], self.slab.width / 5.4

    def label_places(self) -> list[tuple[str, pygame.Rect]]:
        """Every point's name with the rect its line is drawn in (on the canvas): under an A
        point, over a B point, as the visitor sits."""
        face = font("bold", self.label_px)
        places = []
        for name, xy in self.points.items():
            cx, cy = self.pt(*xy)
            line = pygame.Rect((0, 0), face.size(name))
            dy = self.ring + line.height * 0.55
            sign = 1 if name.endswith("A") else -1
            if self.flipped:
                sign = -sign
            line.center = (cx, round(cy + sign * dy))
            places.append((name, line))
        return places

    def _off_rect_screen(self, colour: str) -> pygame.Rect:
        r = self.off_rect[colour]
        if not self.flipped:
            return r
        x, y = self.pt(r.right, r.bottom)
        return pygame.Rect(x, y, r.width, r.height)

    def _off_slots(self, colour: str) -> list[tuple[int, int]]:
        r = self.off_rect[colour]
        step = 2.3 * self.radius
        slots = []
        for i in range(5):
            col, row = i % 2, i // 2
            if colour == "blue":
                x = r.left + r.width * 0.3 + col * step
                y = r.bottom - self.radius * 1.4 - row * step
            else:
                x = r.right - r.width * 0.3 - col * step
                y = r.top + self.radius * 1.4 + row * step
            slots.append(self.pt(x, y))
        return slots

    def _pile(self, name: str, colour: str, colours: set[str], count: int):
        """The canvas points of a pile of ``count`` counters, the top one in front and each one
        under it peeking out a little further towards the middle of the sacred line.  With
        the other colour there too, the two piles stand side by side across the line, both
        on the point (Blue's on the left, White's on the right as Blue sees the board): a
        pile drawn part way along the line read as a counter on its way, not on the point."""
        x, end = self.points[name]
        if len(colours | {colour}) > 1:
            x += self.radius * 1.1 * (-1 if colour == "blue" else 1)
        towards = -1 if name == "3A" else 1
        step = self.radius * 0.16
        return [self.pt(x, end + towards * (count - 1 - i) * step) for i in range(count)]

    def layout(self, state: GameState) -> list[tuple[Piece, tuple[int, int]]]:
        pieces = state.pieces()
        out: list[tuple[Piece, tuple[int, int]]] = []
        off_used = {"blue": 0, "white": 0}
        groups: dict[str, list[Piece]] = {}
        for p in pieces:
            if p.square == "off":
                slots = self._off_slots(p.colour)
                out.append((p, slots[min(off_used[p.colour], 4)]))
                off_used[p.colour] += 1
            else:
                groups.setdefault(p.square, []).append(p)
        for sq, group in groups.items():
            if sq in SACRED:
                colours = {p.colour for p in group}
                for colour in sorted(colours):
                    pile = [p for p in group if p.colour == colour]
                    spots = self._pile(sq, colour, colours, len(pile))
                    out.extend(zip(pile, spots, strict=True))
            else:
                x, y = self.points[sq]
                out.extend((p, self.pt(x, y)) for p in group)
        return out

    def centre(self, square: str, state: GameState | None = None, colour: str | None = None):
        if square == "off":
            colour = colour or (state.to_move if state is not None else "blue")
            used = 0
            if state is not None:
                used = sum(1 for p in state.pieces() if p.square == "off" and p.colour == colour)
            return self._off_slots(colour)[min(max(used - 1, 0), 4)]
        if square in SACRED and state is not None:
            colour = colour or state.to_move
            colours = {p.colour for p in state.pieces() if p.square == square}
            return self._pile(square, colour, colours, 1)[0]
        x, y = self.points[square]
        return self.pt(x, y)

    def target_centre(self, square: str, state: GameState) -> tuple[int, int]:
        x, y = self.points[square]
        return self.pt(x, y)

    def target_spot(self, square: str, state: GameState) -> tuple[int, int]:
        # on a sacred point the mark goes where the counter would join the stack, not on the
        # counters already there
        if square in SACRED:
            return self.centre(square, state, state.to_move)
        return self.target_centre(square, state)

    def die_caption_rect(self) -> pygame.Rect:
        """Under the die, above the lower tray: whose throw the die shows (or is due)."""
        x0, y0, w, h = self.rect
        top = self.die_rect.bottom + self.die_rect.height // 8
        bottom = int(y0 + 0.59 * h)
        return pygame.Rect(int(x0 + 0.005 * w), top, int(0.21 * w), max(0, bottom - top))

    def spots(self) -> dict[str, tuple[int, int]]:
        """The ten points and the die (the visitor throws it with a touch)."""
        found = {name: self.pt(x, y) for name, (x, y) in self.points.items()}
        found["die"] = self.die_rect.center
        return found

    def hit(self, pos, state: GameState) -> str | None:
        for colour in ("blue", "white"):
            if self._off_rect_screen(colour).collidepoint(pos) and colour == state.to_move:
                return "off"
        for name in SACRED:
            x, end = self.points[name]
            sx, sy = self.pt(x, end)
            mx, my = self.pt(x, self.y_mid)
            lo, hi = sorted((sy, my))
            if abs(pos[0] - sx) <= self.radius * 1.4 and lo - self.radius <= pos[1] <= hi:
                return name
        screen = {n: self.pt(*p) for n, p in self.points.items()}
        return nearest(screen, pos, self.radius * 1.6)

    # --- drawing ---------------------------------------------------------------------------
    def _paint_board(self, surface: pygame.Surface) -> None:
        ox, oy = self.rect.topleft
        slab = self.slab.move(-ox, -oy)
        if self.flipped:
            slab = pygame.Rect(
                self.rect.width - slab.right,
                self.rect.height - slab.bottom,
                slab.width,
                slab.height,
            )
        surface.blit(_terracotta(slab.size), slab)

        def local(name_or_xy):
            x, y = self.pt(*name_or_xy)
            return x - ox, y - oy

        # lines and rings scale with the board (at 4K as thick to the eye as at full HD)
        shade = self.line_width(0.05)  # the lighter edge of an engraving
        goal = self.points[GOAL[self.goal]]
        band = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        a, b = local(goal), local((goal[0], self.y_mid))
        pygame.draw.line(band, (*GOAL_TINT[self.goal], 120), a, b, self.line_width(0.7, 6))
        surface.blit(band, (0, 0))  # the visitor's goal: his half of the sacred line, in his colour
        for i, x in enumerate(self.line_x):
            a, b = local((x, self.y_top)), local((x, self.y_bottom))
            width = self.line_width(0.22 if i == 2 else 0.17, 3)
            pygame.draw.line(
                surface, ENGRAVE_LIGHT, (a[0] + shade, a[1]), (b[0] + shade, b[1]), width
            )
            pygame.draw.line(surface, ENGRAVE, a, b, width)
        self._paint_track(surface, local)
        ring_width = self.line_width(0.12, 2)
        for name, xy in self.points.items():
            c = local(xy)
            ring = self.radius + max(6, self.radius // 4)
            light = (c[0] + shade, c[1] + shade)
            pygame.draw.circle(surface, ENGRAVE_LIGHT, light, ring, ring_width)
            pygame.draw.circle(surface, ENGRAVE, c, ring, ring_width)
            if name == GOAL[self.goal]:
                tint = GOAL_TINT[self.goal]
                pygame.draw.circle(surface, tint, c, ring + ring_width, self.line_width(0.1, 2))
        for name, line in self.label_places():
            surface.blit(text_image(name, "bold", self.label_px, POINT_LABEL), line.move(-ox, -oy))
        mid = local((self.line_x[2], self.y_mid))
        small = max(5, self.radius // 2)
        pygame.draw.circle(
            surface, ENGRAVE_LIGHT, (mid[0] + shade, mid[1] + shade), small, ring_width
        )
        pygame.draw.circle(surface, ENGRAVE, mid, small, ring_width)
        # the waiting places, a shallow tray each
        for colour in ("blue", "white"):
            r = self._off_rect_screen(colour).move(-ox, -oy)
            tray = pygame.Surface(r.size, pygame.SRCALPHA)
            corner = max(8, round(self.radius * 0.6))
            pygame.draw.rect(tray, (0, 0, 0, 50), tray.get_rect(), border_radius=corner)
            pygame.draw.rect(
                tray,
                (*theme.GOLD_DARK, 110),
                tray.get_rect(),
                self.line_width(0.075, 2),
                border_radius=corner,
            )
            surface.blit(tray, r)

    def track_marks(self) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """The chevrons of the track, counter-clockwise round the ten points (1A..5A, up line
        5 to 1B, 1B..5B, down line 1 back to 1A): each one's place and the way it points, in
        unturned board coordinates."""
        size = self.radius * 0.5
        ring = self.radius + max(6, self.radius // 4)
        marks: list[tuple[tuple[float, float], tuple[float, float]]] = []
        for a, b in zip(TRACK, TRACK[1:] + TRACK[:1], strict=True):
            (x1, y1), (x2, y2) = self.points[a], self.points[b]
            if y1 == y2:  # along a row: half-way between two points
                marks.append((((x1 + x2) / 2, y1), (1.0 if x2 > x1 else -1.0, 0.0)))
            else:  # up or down an outer line: twice, clear of the rings
                for k in (0.3, 0.7):
                    y = y1 + (y2 - y1) * k
                    if abs(y - y1) > ring + size and abs(y - y2) > ring + size:
                        marks.append(((x1, y), (0.0, 1.0 if y2 > y1 else -1.0)))
        return marks

    def _paint_track(self, surface: pygame.Surface, local) -> None:
        """Quiet engraved chevrons along the track (``track_marks``): the way every counter
        travels."""
        size = self.radius * 0.5
        width = self.line_width(0.1, 2)
        for (x, y), (ux, uy) in self.track_marks():
            tip = (x + ux * size * 0.5, y + uy * size * 0.5)
            back = (x - ux * size * 0.5, y - uy * size * 0.5)
            wing = (-uy * size * 0.6, ux * size * 0.6)
            points = [
                (back[0] + wing[0], back[1] + wing[1]),
                tip,
                (back[0] - wing[0], back[1] - wing[1]),
            ]
            drawn = [local(p) for p in points]
            light = [(px + 1, py + 1) for px, py in drawn]
            pygame.draw.lines(surface, ENGRAVE_LIGHT, False, light, width)
            pygame.draw.lines(surface, ENGRAVE, False, drawn, width)

    def draw(self, surface: pygame.Surface, state: GameState, **kwargs) -> None:
        super().draw(surface, state, **kwargs)
        if kwargs.get("extras", True):
            self.draw_counts(surface, state, kwargs.get("hidden", ()))

    def counts(self, state: GameState, hidden=()) -> list[tuple[str, str, int]]:
        """(sacred point, colour, how many) for every pile of two or more counters."""
        tally: dict[tuple[str, str], int] = {}
        for p in state.pieces():
            if p.square in SACRED:
                tally[(p.square, p.colour)] = tally.get((p.square, p.colour), 0) + 1
        for square, colour in hidden:
            if (square, colour) in tally:
                tally[(square, colour)] -= 1
        return [(sq, colour, n) for (sq, colour), n in sorted(tally.items()) if n >= 2]

    def draw_counts(self, surface: pygame.Surface, state: GameState, hidden=()) -> None:
        """The number of a pile on a sacred point, just beyond its counters towards the middle
        of the sacred line: on the top counter the badge hid its colour, and with both
        colours on a point a visitor could not tell whose pile was whose."""
        counts = self.counts(state, hidden)
        if not counts:
            return
        tops = {(p.square, p.colour): xy for p, xy in self.layout(state)}
        for name, colour, n in counts:
            badge = count_badge(n, self.radius, self.label_size(self.radius * 0.62))
            x, end = self.points[name]
            (sx, sy), (mx, my) = self.pt(x, end), self.pt(x, self.y_mid)
            length = math.hypot(mx - sx, my - sy) or 1.0
            reach = self.radius * (1 + 0.16 * (n - 1)) + badge.get_height() / 2
            tx, ty = tops[(name, colour)]
            spot = (round(tx + (mx - sx) / length * reach), round(ty + (my - sy) / length * reach))
            surface.blit(badge, badge.get_rect(center=spot))

    def draw_die(
        self,
        surface: pygame.Surface,
        value: int | None,
        spin: float = 0.0,
        active: bool = False,
        dim: bool = False,
        pulse: float = 0.0,
    ) -> None:
        """The die at ``die_rect``: ``value`` pips (blank face if None); ``spin`` 0..1 tumbles;
        ``dim`` greys the pips of a throw that is over (the next one is due); ``pulse`` 0..1
        widens the glow of an ``active`` die (the visitor hesitates to throw)."""
        side = self.die_rect.width
        if active:
            grow = round(pulse * 6) / 6 * 0.1  # a few kept sizes, not a new ring every frame
            ring = theme.glow_ring(int(side * (0.62 + grow)), theme.HIGHLIGHT)
            surface.blit(ring, ring.get_rect(center=self.die_rect.center))
        image = die_face(value or 0, side, dim)
        if spin > 0:
            angle = spin * 540
            image = pygame.transform.rotozoom(image, angle, 1 - 0.15 * math.sin(spin * math.pi))
        surface.blit(image, image.get_rect(center=self.die_rect.center))


@kept
def count_badge(count: int, radius: int, size: int) -> pygame.Surface:
    """The number of counters in a pile, light on a dark disc ringed in gold."""
    image = font("bold", size).render(str(count), True, BADGE_INK)
    r = max(int(radius * 0.58), image.get_height() // 2)
    surface = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
    c = r + 2
    pygame.draw.circle(surface, BADGE, (c, c), r)
    pygame.draw.circle(surface, theme.GOLD, (c, c), r, max(2, r // 8))
    surface.blit(image, image.get_rect(center=(c, c)))
    return surface


@kept
def die_face(value: int, side: int, dim: bool = False) -> pygame.Surface:
    surface = pygame.Surface((side + 12, side + 12), pygame.SRCALPHA)
    body = pygame.Rect(6, 6, side, side)
    pygame.draw.rect(surface, (0, 0, 0, 70), body.move(5, 6), border_radius=side // 6)
    pygame.draw.rect(surface, (240, 230, 206), body, border_radius=side // 6)
    edge = max(3, round(side / 58))  # 3 px at full HD, twice that at 4K
    pygame.draw.rect(surface, (150, 128, 96), body, edge, border_radius=side // 6)
    pip = max(3, side // 10)
    q = side // 4
    cx, cy = body.center
    spots = {
        1: [(0, 0)],
        2: [(-1, -1), (1, 1)],
        3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
    }.get(value, [])
    for dx, dy in spots:
        # dimmed pips still read (about 3:1 on the ivory) but plainly belong to the last throw
        ink = (150, 128, 108) if dim else (60, 40, 30)
        pygame.draw.circle(surface, ink, (cx + dx * q, cy + dy * q), pip)
    return surface


@kept
def _terracotta(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    radius = max(8, min(w, h) // 14)
    surface = slab(size, radius, TERRACOTTA, shadow=(90, 42, 24))
    rng = random.Random(3)
    body = pygame.Surface(size, pygame.SRCALPHA)
    for _ in range(w * h // 60):
        x, y = rng.randrange(w), rng.randrange(h)
        k = rng.randint(-22, 16)
        c = tuple(max(0, min(255, v + k)) for v in TERRACOTTA)
        body.fill((*c, 140), (x, y, rng.randint(1, 3), rng.randint(1, 3)))
    lay_texture(surface, body, radius)
    k = max(1, round(min(w, h) / 900))  # edges as thick to the eye at 4K as at full HD
    pygame.draw.rect(surface, (206, 122, 84), (0, 0, w, h), 4 * k, border_radius=radius)
    edge = pygame.Rect(3 * k, 3 * k, w - 6 * k, h - 6 * k)
    pygame.draw.rect(surface, (120, 56, 32), edge, 3 * k, border_radius=radius)
    # an engraved frame just inside the edge, as potters cut into the clay before firing
    m = max(6, min(w, h) // 70)
    inner = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
    shade = inner.move(k, 2 * k)
    pygame.draw.rect(surface, ENGRAVE_LIGHT, shade, 2 * k, border_radius=radius - m // 2)
    pygame.draw.rect(surface, ENGRAVE, inner, 2 * k, border_radius=radius - m // 2)
    return surface


def view(game: GameSpec, rect, flipped: bool, unit: float | None) -> PenteView:
    """The view a spec's ``board = "pente"`` names (``ludique.ui.boards.view_for``)."""
    return PenteView(rect, flipped, unit)
