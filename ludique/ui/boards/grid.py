"""Square-grid boards: the grid every square board shares, and the 8 x 8 board scratched into
stone with the reserves beside it (also the plain grid of a game without a board of its own,
at its size)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache

import pygame

from ludique.games.base import GameState, Piece
from ludique.ui.boards.base import BoardView, lay_texture, slab
from ludique.ui.fonts import font
from ludique.ui.layout import cap_height, text_image
from ludique.ui.pixels import kept

FILES = "abcdefghijklmn"


class GridView(BoardView):
    files = 8
    ranks = 8
    side_cells = 0.0  # room kept free on each side of the frame (reserves), in cells
    FRAME = 0.7  # the frame beyond the grid on each side, in cells, where its labels need no more

    def _build(self) -> None:
        x0, y0, w, h = self.rect
        # the grid and its frame, plus ``side_cells`` on each side (the reserves)
        self._place_grid(self._fit_cell(w, h, 2 * self.side_cells, 0.0))
        self.radius = max(3, int(self.cell * 0.4))

    def _place_grid(self, cell: float) -> None:
        """The grid of ``cell`` px squares centred in the rect, its labels sized for them."""
        self.cell = max(4, int(cell))
        self.grid = pygame.Rect(0, 0, self.cell * self.files, self.cell * self.ranks)
        self.grid.center = self.rect.center
        self.label_px = self._label_px(self.cell)

    def _fit_cell(self, w: float, h: float, across: float, down: float) -> float:
        """The largest square at which the grid and ``across`` (``down``) cells more fit
        ``w`` x ``h`` with the frame round the grid: ``FRAME`` cells, or what its labels need
        where they need more (the visitors' text on a board a visitor reads)."""
        cell = min(
            w / (self.files + 2 * self.FRAME + across), h / (self.ranks + 2 * self.FRAME + down)
        )
        side, end = self._label_margins(self._label_px(cell))
        return min(
            cell, (w - 2 * side) / (self.files + across), (h - 2 * end) / (self.ranks + down)
        )

    def _label_px(self, cell: float) -> int:
        """The labels' size on squares of ``cell`` px: a file's letter stands over its column."""
        return self.label_size(cell * 0.28, FILES[: self.files], cell)

    def label_row(self) -> tuple[Sequence[str], float]:
        return FILES[: self.files], self.cell

    def _label_margins(self, size: int) -> tuple[float, float]:
        """How far beyond the grid labels of ``size`` reach: beside it (the ranks' numbers),
        above and below it (the files' letters), each with a gap on both sides."""
        face = font("bold", size)
        gap = max(2.0, cap_height("bold", size) * 0.4)
        widest = max(face.size(str(rank))[0] for rank in range(1, self.ranks + 1))
        return widest + 2 * gap, _ink(FILES[: self.files], size).height + 2 * gap

    def square_xy(self, square: str) -> tuple[float, float]:
        f = FILES.index(square[0])
        r = int(square[1:]) - 1
        return (
            self.grid.left + (f + 0.5) * self.cell,
            self.grid.bottom - (r + 0.5) * self.cell,
        )

    def centre(self, square: str, state: GameState | None = None, colour: str | None = None):
        return self.pt(*self.square_xy(square))

    def square_at(self, pos) -> str | None:
        x, y = pos
        if self.flipped:
            x = 2 * self.rect.centerx - x
            y = 2 * self.rect.centery - y
        if not self.grid.collidepoint(x, y):
            return None
        f = int((x - self.grid.left) // self.cell)
        r = int((self.grid.bottom - y) // self.cell)
        return f"{FILES[f]}{r + 1}"

    def hit(self, pos, state: GameState) -> str | None:
        return self.square_at(pos)

    def spots(self) -> dict[str, tuple[int, int]]:
        return {square: self.centre(square) for square in sorted(self._squares)}

    def layout(self, state: GameState) -> list[tuple[Piece, tuple[int, int]]]:
        return [(p, self.centre(p.square)) for p in state.pieces() if p.square in self._squares]

    @property
    def _squares(self) -> set[str]:
        names = getattr(self, "_names", None)
        if names is None:
            names = {f"{FILES[f]}{r + 1}" for f in range(self.files) for r in range(self.ranks)}
            self._names = names
        return names

    def _paint_labels(self, surface: pygame.Surface, colour) -> None:
        ox, oy = self.rect.topleft
        for text, place in self.label_places():
            label = text_image(text, "bold", self.label_px, colour)
            surface.blit(label, place.move(-ox, -oy))

    def label_places(self) -> list[tuple[str, pygame.Rect]]:
        """Every label with the rect its line is drawn in (on the canvas): the files' letters
        above and below the grid, the ranks' numbers beside it, each centred in the frame's
        margin on its ink (the letters share a baseline)."""
        size = self.label_px
        face = font("bold", size)
        side, end = self._label_margins(size)
        ink = _ink(FILES[: self.files], size)
        # from the grid's edge to the middle of the label's ink; and from the middle of the
        # ink to the middle of the line it is drawn in
        across, down = max(self.cell * 0.22, side / 2), max(self.cell * 0.22, end / 2)
        shift = face.get_height() / 2 - ink.centery
        figures = face.get_height() / 2 - _ink("0123456789", size).centery
        places = []
        for f in range(self.files):
            x = self.grid.left + (f + 0.5) * self.cell
            for y in (self.grid.bottom + down, self.grid.top - down):
                px, py = self.pt(x, y)
                line = pygame.Rect((0, 0), face.size(FILES[f]))
                line.center = (px, round(py + shift))
                places.append((FILES[f], line))
        for r in range(self.ranks):
            y = self.grid.bottom - (r + 0.5) * self.cell
            for x in (self.grid.left - across, self.grid.right + across):
                px, py = self.pt(x, y)
                line = pygame.Rect((0, 0), face.size(str(r + 1)))
                line.center = (px, round(py + figures))
                places.append((str(r + 1), line))
        return places

    def _frame_rect(self, margin: float) -> pygame.Rect:
        """The frame round the grid, ``margin`` cells wide or as wide as its labels need."""
        side, end = self._label_margins(self.label_px)
        mx, my = max(self.cell * margin, side), max(self.cell * margin, end)
        frame = self.grid.inflate(2 * round(mx), 2 * round(my))
        return frame.move(-self.rect.left, -self.rect.top)


@lru_cache(maxsize=64)
def _ink(text: str, size: int) -> pygame.Rect:
    """Where the ink of ``text`` lies in its line at ``size`` (bold): its letters' ascenders
    to their descenders."""
    return font("bold", size).render(text, True, (0, 0, 0)).get_bounding_rect()


class StoneView(GridView):
    """The 8 x 8 board scratched into stone, with the reserves beside it where a game places
    its men (its spec's ``reserves``); at another size, the plain grid."""

    files = ranks = 8
    RESERVE_CELLS = 2.2  # a reserve's width beside the frame (two columns of waiting pieces)
    ROW_CELLS = 1.8  # ... or its height above or below the frame (two rows of eight)

    def __init__(self, rect, flipped: bool = False, unit: float | None = None, *, reserves=True):
        # a game that places its men keeps them waiting beside the board; the others do not
        self.reserves = reserves
        self.side_cells = self.RESERVE_CELLS if reserves else 0.0
        self.rows_mode = False  # the reserves above and below the board, not beside it
        super().__init__(rect, flipped, unit)

    def _build(self) -> None:
        if self.reserves:
            # beside the board, or above and below it: whichever leaves the larger board
            x0, y0, w, h = self.rect
            beside = self._fit_cell(w, h, 2 * self.RESERVE_CELLS, 0.0)
            across = self._fit_cell(w, h, 0.0, 2 * self.ROW_CELLS)
            self.rows_mode = across > beside
            self.side_cells = 0.0 if self.rows_mode else self.RESERVE_CELLS
        super()._build()
        if self.rows_mode:
            self._place_grid(across)
        self.radius = max(3, int(self.cell * 0.38))
        x0, y0, w, h = self.rect
        side, end = self._label_margins(self.label_px)  # the frame's labels, then the reserve
        if self.rows_mode:
            gap = max(self.cell * 0.85, end + self.cell * 0.2)
            height = int(self.cell * (self.ROW_CELLS - 0.2))
            # unturned: Blue's reserve below the board (towards Blue), White's above
            self.reserve_rect = {
                "blue": pygame.Rect(
                    self.grid.left, int(self.grid.bottom + gap), self.grid.width, height
                ),
                "white": pygame.Rect(
                    self.grid.left, int(self.grid.top - gap - height), self.grid.width, height
                ),
            }
            return
        gap = max(self.cell * 0.5, side)
        width = int(max(self.cell * 1.7, min(self.grid.left - x0 - gap * 0.6, self.cell * 2.2)))
        # unturned: Blue's reserve on the left towards Blue (bottom), White's on the right (top)
        self.reserve_rect = {
            "blue": pygame.Rect(
                int(self.grid.left - gap - width),
                self.grid.top,
                width,
                self.grid.height,
            ),
            "white": pygame.Rect(
                int(self.grid.right + gap),
                self.grid.top,
                width,
                self.grid.height,
            ),
        }

    @property
    def paint_key(self) -> tuple:
        return (*super().paint_key, self.reserves, self.rows_mode)

    def legend_rect(self) -> pygame.Rect | None:
        """Where a short legend may stand beside the board (a reserve that is empty by then):
        under the frame when the room is tall, else the column on the screen's left."""
        if not self.reserves:
            return None
        frame = self._frame_rect(0.62).move(self.rect.topleft)
        below = pygame.Rect(self.rect.left, frame.bottom, self.rect.width, 0)
        below.height = self.rect.bottom - frame.bottom
        if self.rows_mode or below.height >= self.cell * 2:
            return below.inflate(-self.cell // 2, -self.cell // 6)
        column = self._reserve_screen("white" if self.flipped else "blue").clip(self.rect)
        column.width = min(column.width, frame.left - self.cell // 6 - column.left)
        return column

    def _reserve_screen(self, colour: str) -> pygame.Rect:
        r = self.reserve_rect[colour]
        if not self.flipped:
            return r
        x, y = self.pt(r.right, r.bottom)
        return pygame.Rect(x, y, r.width, r.height)

    def _reserve_slots(self, colour: str, count: int) -> list[tuple[int, int]]:
        r = self.reserve_rect[colour]
        if self.rows_mode:  # two rows of eight, the first by the screen's edge
            step_x = r.width / 8
            step_y = min(self.radius * 2.15, r.height - self.radius * 2)
            out = []
            for i in range(count):
                c, row = i % 8, i // 8
                x = r.left + step_x * (c + 0.5)
                if colour == "blue":
                    y = r.bottom - self.radius * 1.05 - row * step_y
                else:
                    y = r.top + self.radius * 1.05 + row * step_y
                out.append(self.pt(x, y))
            return out
        cols = 2
        step_x = r.width / cols
        rows = max(1, math.ceil(count / cols))
        step_y = min(self.radius * 2.15, (r.height - self.radius * 2) / max(1, rows - 1))
        out = []
        for i in range(count):
            c, row = i % cols, i // cols
            x = r.left + step_x * (c + 0.5)
            if colour == "blue":
                y = r.bottom - self.radius * 1.1 - row * step_y
            else:
                y = r.top + self.radius * 1.1 + row * step_y
            out.append(self.pt(x, y))
        return out

    def reserve_count(self, state: GameState, colour: str) -> int:
        return state.reserve(colour)

    def layout(self, state: GameState) -> list[tuple[Piece, tuple[int, int]]]:
        out = super().layout(state)
        for colour in ("blue", "white"):
            n = self.reserve_count(state, colour)
            out.extend(
                (Piece("reserve", colour, "man"), xy) for xy in self._reserve_slots(colour, n)
            )
        return out

    def centre(self, square: str, state: GameState | None = None, colour: str | None = None):
        if square == "reserve":
            colour = colour or (state.to_move if state is not None else "blue")
            n = self.reserve_count(state, colour) if state is not None else 1
            return self._reserve_slots(colour, max(n, 1))[max(n - 1, 0)]
        return super().centre(square)

    def hit(self, pos, state: GameState) -> str | None:
        colour = state.to_move
        if self._reserve_screen(colour).inflate(self.cell // 2, self.cell // 2).collidepoint(pos):
            return "reserve"
        return self.square_at(pos)

    def _paint_board(self, surface: pygame.Surface) -> None:
        frame = self._frame_rect(0.62)
        surface.blit(_stone(frame.size, self.cell), frame)
        ox, oy = self.rect.topleft
        grid = self.grid.move(-ox, -oy)
        dark, light = (70, 66, 60), (200, 196, 186)
        width = max(2, round(self.cell / 22))
        o = max(2, round(self.cell / 50))  # the light edge of the cut, with the board's size
        for i in range(self.files + 1):
            x = grid.left + i * self.cell
            pygame.draw.line(surface, light, (x + o, grid.top + o), (x + o, grid.bottom + o), width)
            pygame.draw.line(surface, dark, (x, grid.top), (x, grid.bottom), width)
        for i in range(self.ranks + 1):
            y = grid.top + i * self.cell
            pygame.draw.line(surface, light, (grid.left + o, y + o), (grid.right + o, y + o), width)
            pygame.draw.line(surface, dark, (grid.left, y), (grid.right, y), width)
        self._paint_labels(surface, (78, 72, 64))


@kept
def _stone(size: tuple[int, int], cell: int) -> pygame.Surface:
    w, h = size
    radius = max(4, cell // 5)
    base = (168, 162, 150)
    surface = slab(size, radius, base, shadow=(40, 36, 32))
    rng = random.Random(11)
    grain = pygame.Surface(size, pygame.SRCALPHA)
    for _ in range(w * h // 50):
        x, y = rng.randrange(w), rng.randrange(h)
        k = rng.randint(-26, 20)
        grain.fill((*(max(0, min(255, v + k)) for v in base), 150), (x, y, 2, 2))
    for _ in range(max(4, w // 120)):  # a few veins in the stone
        x, y = rng.randrange(w), rng.randrange(h)
        pts = [(x, y)]
        for _ in range(8):
            x += rng.randint(-w // 10, w // 10)
            y += rng.randint(-h // 14, h // 14)
            pts.append((x, y))
        pygame.draw.lines(grain, (120, 114, 104, 70), False, pts, 2)
    lay_texture(surface, grain, radius)
    k = max(1, round(min(w, h) / 900))  # edges as thick to the eye at 4K as at full HD
    pygame.draw.rect(surface, (206, 200, 190), (0, 0, w, h), 4 * k, border_radius=radius)
    edge = pygame.Rect(4 * k, 4 * k, w - 8 * k, h - 8 * k)
    pygame.draw.rect(surface, (96, 90, 82), edge, 2 * k, border_radius=radius)
    return surface
