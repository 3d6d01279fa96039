"""Epaminondas' board: the 14 x 12 grid of wood, its two home rows inlaid."""

from __future__ import annotations

import math
import random

import pygame

from ludique.games import GameSpec
from ludique.ui.boards.base import lay_texture, slab
from ludique.ui.boards.grid import GridView
from ludique.ui.pixels import kept


class EpaminondasView(GridView):
    files, ranks = 14, 12

    def _build(self) -> None:
        super()._build()
        self.radius = max(3, int(self.cell * 0.4))

    def _paint_board(self, surface: pygame.Surface) -> None:
        frame = self._frame_rect(0.6)
        surface.blit(_wood(frame.size), frame)
        ox, oy = self.rect.topleft
        grid = self.grid.move(-ox, -oy)
        light, dark = (214, 170, 112), (186, 138, 84)
        for f in range(self.files):
            for r in range(self.ranks):
                x0 = grid.left + f * self.cell
                y0 = grid.bottom - (r + 1) * self.cell
                cell = pygame.Surface((self.cell, self.cell), pygame.SRCALPHA)
                cell.fill((*(light if (f + r) % 2 else dark), 120))
                surface.blit(cell, (x0, y0))
        # the two home rows, inlaid with a darker wood and a gold line
        for rank in (1, self.ranks):
            y = grid.bottom - rank * self.cell
            band = pygame.Surface((grid.width, self.cell), pygame.SRCALPHA)
            band.fill((90, 50, 24, 80))
            surface.blit(band, (grid.left, y))
            pygame.draw.rect(
                surface,
                (212, 172, 90),
                (grid.left, y, grid.width, self.cell),
                max(2, self.cell // 20),
            )
        pygame.draw.rect(surface, (70, 40, 20), grid, max(2, self.cell // 16))
        thin = max(1, round(self.cell / 80))  # 1 px at full HD, 2 at 4K
        for i in range(1, self.files):
            x = grid.left + i * self.cell
            pygame.draw.line(surface, (110, 70, 38), (x, grid.top), (x, grid.bottom), thin)
        for i in range(1, self.ranks):
            y = grid.top + i * self.cell
            pygame.draw.line(surface, (110, 70, 38), (grid.left, y), (grid.right, y), thin)
        self._paint_labels(surface, (246, 226, 190))


def view(game: GameSpec, rect, flipped: bool, unit: float | None) -> EpaminondasView:
    """The view a spec's ``board = "epaminondas"`` names (``ludique.ui.boards.view_for``)."""
    return EpaminondasView(rect, flipped, unit)


@kept
def _wood(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    radius = max(4, min(w, h) // 40)
    base = (150, 96, 52)
    surface = slab(size, radius, base, shadow=(30, 18, 10))
    rng = random.Random(5)
    grain = pygame.Surface(size, pygame.SRCALPHA)
    y = 0.0
    while y < h:
        amp = rng.uniform(1, 5)
        freq = rng.uniform(0.004, 0.012)
        phase = rng.uniform(0, 6.3)
        k = rng.randint(-30, 24)
        col = (*(max(0, min(255, v + k)) for v in base), 110)
        pts = [(x, y + amp * math.sin(freq * x + phase)) for x in range(0, w + 20, 20)]
        if len(pts) > 1:
            pygame.draw.lines(grain, col, False, pts, rng.randint(1, 3))
        y += rng.uniform(2, 7)
    lay_texture(surface, grain, radius)
    k = max(1, round(min(w, h) / 900))  # edges as thick to the eye at 4K as at full HD
    pygame.draw.rect(surface, (92, 56, 28), (0, 0, w, h), 5 * k, border_radius=radius)
    return surface
