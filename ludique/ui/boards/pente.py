"""Pente grammai: a terracotta slab with five engraved lines, the die to its left, the counters
that wait off the board bottom-left (Blue) and top-right (White)."""

from __future__ import annotations

import math
import random

import pygame

from ludique.games.base import GameState, Piece
from ludique.ui import theme
from ludique.ui.boards.base import BoardView, lay_texture, nearest, slab
from ludique.ui.fonts import font
from ludique.ui.pixels import kept

SACRED = ("3A", "3B")
TERRACOTTA = (176, 90, 56)
ENGRAVE = (96, 44, 26)
ENGRAVE_LIGHT = (210, 132, 96)
POINT_LABEL = (48, 16, 8)  # 1A..5B: darker than the engraving, 3.9:1 on the terracotta


def point_names() -> list[str]:
    return [f"{n}A" for n in range(1, 6)] + [f"{n}B" for n in range(1, 6)]


class PenteView(BoardView):
    def _build(self) -> None:
        x0, y0, w, h = self.rect
        self.slab = pygame.Rect(
            int(x0 + 0.22 * w), int(y0 + 0.03 * h), int(0.56 * w), int(0.94 * h)
        )
        sp = self.slab.width / 5.4
        first = self.slab.centerx - 2 * sp
        self.line_x = [first + i * sp for i in range(5)]
        self.y_top = self.slab.top + 0.115 * self.slab.height
        self.y_bottom = self.slab.bottom - 0.115 * self.slab.height
        self.y_mid = (self.y_top + self.y_bottom) / 2
        self.radius = max(6, int(min(sp * 0.3, (self.y_bottom - self.y_top) * 0.055)))
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
        # the die stays on the left even when the board is turned round
        self.die_rect = pygame.Rect(0, 0, side, side)
        self.die_rect.center = (int(x0 + 0.11 * w), int(y0 + 0.42 * h))

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

    def _sacred_slots(self, name: str, count: int) -> list[tuple[int, int]]:
        x, end = self.points[name]
        sign = -1 if name == "3A" else 1
        room = abs(end - self.y_mid) - self.radius * 1.2
        step = min(2 * self.radius + 6, room / max(1, count - 1)) if count > 1 else 0
        return [self.pt(x, end + sign * i * step) for i in range(count)]

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
                group.sort(key=lambda p: p.colour)
                out.extend(zip(group, self._sacred_slots(sq, len(group)), strict=True))
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
            count = sum(1 for p in state.pieces() if p.square == square)
            return self._sacred_slots(square, count + 1)[count]
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

    def hit(self, pos, state: GameState) -> str | None:
        for colour in ("blue", "white"):
            if self._off_rect_screen(colour).collidepoint(pos) and colour == state.to_move:
                return "off"
        for name in SACRED:
            x, end = self.points[name]
            sx, sy = self.pt(x, end)
            mx, my = self.pt(x, self.y_mid)
            lo, hi = sorted((sy, my))
            if abs(pos[0] - sx) <= self.radius * 1.3 and lo - self.radius <= pos[1] <= hi:
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

        for i, x in enumerate(self.line_x):
            a, b = local((x, self.y_top)), local((x, self.y_bottom))
            width = 9 if i == 2 else 7
            pygame.draw.line(surface, ENGRAVE_LIGHT, (a[0] + 2, a[1]), (b[0] + 2, b[1]), width)
            pygame.draw.line(surface, ENGRAVE, a, b, width)
        for name, xy in self.points.items():
            c = local(xy)
            ring = self.radius + max(6, self.radius // 4)
            pygame.draw.circle(surface, ENGRAVE_LIGHT, (c[0] + 2, c[1] + 2), ring, 5)
            pygame.draw.circle(surface, ENGRAVE, c, ring, 5)
            label = font("bold", max(12, self.radius // 2)).render(name, True, POINT_LABEL)
            dy = ring + label.get_height() * 0.6
            sign = 1 if name.endswith("A") else -1
            if self.flipped:
                sign = -sign
            surface.blit(label, label.get_rect(center=(c[0], c[1] + sign * dy)))
        mid = local((self.line_x[2], self.y_mid))
        small = max(5, self.radius // 2)
        pygame.draw.circle(surface, ENGRAVE_LIGHT, (mid[0] + 2, mid[1] + 2), small, 4)
        pygame.draw.circle(surface, ENGRAVE, mid, small, 4)
        # the waiting places, a shallow tray each
        for colour in ("blue", "white"):
            r = self._off_rect_screen(colour).move(-ox, -oy)
            tray = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(tray, (0, 0, 0, 50), tray.get_rect(), border_radius=24)
            pygame.draw.rect(tray, (*theme.GOLD_DARK, 110), tray.get_rect(), 3, border_radius=24)
            surface.blit(tray, r)

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
def die_face(value: int, side: int, dim: bool = False) -> pygame.Surface:
    surface = pygame.Surface((side + 12, side + 12), pygame.SRCALPHA)
    body = pygame.Rect(6, 6, side, side)
    pygame.draw.rect(surface, (0, 0, 0, 70), body.move(5, 6), border_radius=side // 6)
    pygame.draw.rect(surface, (240, 230, 206), body, border_radius=side // 6)
    pygame.draw.rect(surface, (150, 128, 96), body, 3, border_radius=side // 6)
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
    pygame.draw.rect(surface, (206, 122, 84), (0, 0, w, h), 4, border_radius=radius)
    pygame.draw.rect(surface, (120, 56, 32), (3, 3, w - 6, h - 6), 3, border_radius=radius)
    # an engraved frame just inside the edge, as potters cut into the clay before firing
    m = max(6, min(w, h) // 70)
    inner = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
    pygame.draw.rect(surface, ENGRAVE_LIGHT, inner.move(1, 2), 2, border_radius=radius - m // 2)
    pygame.draw.rect(surface, ENGRAVE, inner, 2, border_radius=radius - m // 2)
    return surface
