"""What every board view shares: geometry in a rect, the 180° turn, hit tests, cached drawing."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import pygame

from ludique.games.base import GameState, Piece
from ludique.ui import theme
from ludique.ui.boards.sprites import piece_sprite
from ludique.ui.fonts import font
from ludique.ui.layout import VISITOR_CAP, cap_height, size_for_cap
from ludique.ui.pixels import PIXELS, kept

Point = tuple[float, float]


@dataclass
class PiecesDrawn:
    """What drawing the pieces found for the marks drawn over them: where the mover's top
    piece of each square stands, the squares where it is a prisoner (an incitus), where the
    held piece stands, and the squares whose hint ring is drawn already."""

    tops: dict[str, tuple[int, int]] = field(default_factory=dict)
    prisoners: set[str] = field(default_factory=set)
    held: tuple[int, int] | None = None
    glowing: set[str] = field(default_factory=set)


class BoardView:
    """Draws one game's states into ``rect`` of any surface.

    Geometry is computed for the unturned board (first colour at the bottom) and turned round
    the rect's centre when ``flipped`` is true.  Subclasses provide ``_build`` (geometry),
    ``_paint_board`` (the static board, drawn once into a cached surface) and ``layout``.
    """

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        flipped: bool = False,
        unit: float | None = None,
    ):
        self.rect = pygame.Rect(rect)
        self.flipped = flipped
        # the screen's unit (``Viewport.unit``) for a board a visitor reads: its labels'
        # capitals are then ``layout.VISITOR_CAP`` units high where the board has room for
        # them (``label_size``); None for pictures (miniatures)
        self.unit = unit
        self.radius = 10
        self.label_px = 0  # the labels' font size (set by the view's geometry)
        self._board: pygame.Surface | None = None
        self._build()

    # --- geometry --------------------------------------------------------------------------
    def _build(self) -> None:
        raise NotImplementedError

    def pt(self, x: float, y: float) -> tuple[int, int]:
        """Unturned board coordinates -> canvas coordinates."""
        if self.flipped:
            x = 2 * self.rect.centerx - x
            y = 2 * self.rect.centery - y
        return int(round(x)), int(round(y))

    def layout(self, state: GameState) -> list[tuple[Piece, tuple[int, int]]]:
        """Every piece of ``state`` with the canvas point of its centre, in drawing order."""
        raise NotImplementedError

    def centre(self, square: str, state: GameState | None = None, colour: str | None = None):
        """Where a piece standing on ``square`` is drawn (for animations and hints)."""
        raise NotImplementedError

    def spots(self) -> dict[str, tuple[int, int]]:
        """Every square or point a touch may mean, with its canvas centre (the reach test)."""
        raise NotImplementedError

    def hit(self, pos: Point, state: GameState) -> str | None:
        """The square (or ``"off"``, ``"reserve"``) under ``pos``, or ``None``."""
        raise NotImplementedError

    # --- drawing ---------------------------------------------------------------------------
    def board_surface(self) -> pygame.Surface:
        """The static board, painted once per (view class, rect, turn) while it is in use."""
        if self._board is None:
            # keyed by rect: every window size and layout has boards of its own (a few MB each)
            key = ("board", *self.paint_key)
            self._board = PIXELS.get_or_draw(key, self._painted_board)
        return self._board

    def board_for_layer(self) -> pygame.Surface:
        """The static board to compose into a kept layer: the kept copy if there is one, else
        painted without keeping it (the layer holds its pixels; a second copy of every board
        would crowd the picture budget)."""
        kept_board = self._board or PIXELS.get(("board", *self.paint_key))
        return kept_board if kept_board is not None else self._painted_board()

    @property
    def paint_key(self) -> tuple:
        """What the static board's pixels depend on (a cache key)."""
        return (type(self), tuple(self.rect), self.flipped, self.unit)

    def _painted_board(self) -> pygame.Surface:
        surface = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        self._paint_board(surface)
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            surface = surface.convert_alpha()
        return surface

    def _paint_board(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def label_size(
        self, natural: float = 0.0, labels: Sequence[str] = (), pitch: float = 0.0
    ) -> int:
        """The font size of the board's labels (1A..5B, a..n).  A picture without a unit:
        ``natural`` (a share of the board's own sizes).  A board a visitor reads: capitals
        ``layout.VISITOR_CAP`` units high, the visitors' smallest text, where the board has
        room for them: ``labels`` name a row of squares or points ``pitch`` px apart, each
        standing by its own, so two neighbours wider than ``LABEL_PITCH`` of twice the pitch,
        or capitals taller than that share of it, would run into each other; there the
        largest size that keeps them apart."""
        if self.unit is None:
            return max(10, int(natural))
        size = size_for_cap("bold", max(1, round(VISITOR_CAP * self.unit)))
        while pitch > 0 and size > 8 and not _label_fits(size, labels, pitch * LABEL_PITCH):
            size -= 1
        return size

    def label_row(self) -> tuple[Sequence[str], float]:
        """A row of the board's labels in order, and the distance between the squares or
        points they name (none: a board without labels)."""
        return (), 0.0

    def labels_fit(self, size: int) -> bool:
        """Whether labels of ``size`` stand apart over the board's squares or points."""
        labels, pitch = self.label_row()
        return pitch <= 0 or _label_fits(size, labels, pitch * LABEL_PITCH)

    def label_places(self) -> list[tuple[str, pygame.Rect]]:
        """Every label with the rect its line is drawn in, on the canvas (none by default)."""
        return []

    def line_width(self, share: float, least: int = 1) -> int:
        """A line of the board ``share`` of a piece's radius wide: lines scale with the board
        (and so with the screen) like the pieces do."""
        return max(least, round(self.radius * share))

    def sprite(self, piece: Piece) -> pygame.Surface:
        return piece_sprite(piece.colour, piece.kind, self.radius)

    def draw(
        self,
        surface: pygame.Surface,
        state: GameState,
        *,
        hidden: Iterable[tuple[str, str]] = (),
        targets: Iterable[str] = (),
        glow: Iterable[str] = (),
        selected: str | None = None,
        fading: dict[str, float] | None = None,
        extras: bool = True,
        board: bool = True,
        marks: Iterable[str] = (),
        movable: Iterable[str] = (),
        pulse: float = 0.0,
        danger: Iterable[str] = (),
        gain: Iterable[str] = (),
    ) -> None:
        """The board, the pieces of ``state`` and the highlights (``danger``: the targets
        where the piece would be open to capture at once, ``gain``: those where the move
        captures, each marked apart).

        ``hidden`` lists (square, colour) pairs whose piece is not drawn (one piece each: it is
        being dragged or animated); ``targets`` are squares to mark as legal destinations;
        ``glow`` squares get a gentle hint ring; ``fading`` maps squares to an opacity 0..1 (a
        captured piece leaving).  ``extras`` draws labels and reserves that a miniature omits;
        ``board=False`` leaves out the board itself (the caller blitted a cached copy);
        ``marks`` get a soft footprint under their pieces (the opponent's last move);
        ``movable`` squares (or ``"off"``/``"reserve"``) get a ring round the mover's piece
        there, the next step's mark, which ``pulse`` (0..1) widens for the hesitation hint.
        """
        if board:
            surface.blit(self.board_surface(), self.rect)
        for sq in marks:
            disc = theme.footprint(int(self.radius * 1.18))
            surface.blit(disc, disc.get_rect(center=self.target_centre(sq, state)))
        if extras:
            self.draw_extras(surface, state)
        glow = set(glow)
        drawn = self._draw_pieces(surface, state, hidden, glow, selected, fading or {})
        if drawn.held is not None:
            ring = theme.glow_ring(self.radius + 2, theme.HIGHLIGHT, 230)
            surface.blit(ring, ring.get_rect(center=drawn.held))
        self._draw_next_step_rings(surface, drawn, set(movable) | (glow & drawn.prisoners), pulse)
        self.draw_targets(surface, state, targets, danger, gain)
        for sq in glow - drawn.glowing:  # a hint on an empty square or point
            cx, cy = self.target_centre(sq, state)
            ring = theme.glow_ring(self.radius + 4, theme.HIGHLIGHT)
            surface.blit(ring, ring.get_rect(center=(cx, cy)))

    def _shown(
        self, state: GameState, hidden: Iterable[tuple[str, str]]
    ) -> list[tuple[Piece, tuple[int, int]]]:
        """The pieces placed as ``layout`` places them, less one piece for each (square,
        colour) of ``hidden``: the top one of its stack, the one being dragged or animated."""
        placed = self.layout(state)
        skip: set[int] = set()
        for sq, colour in hidden:
            for i in range(len(placed) - 1, -1, -1):
                piece, _ = placed[i]
                if i not in skip and piece.square == sq and piece.colour == colour:
                    skip.add(i)
                    break
        return [p for i, p in enumerate(placed) if i not in skip]

    def _draw_pieces(
        self,
        surface: pygame.Surface,
        state: GameState,
        hidden: Iterable[tuple[str, str]],
        glow: set[str],
        selected: str | None,
        fading: dict[str, float],
    ) -> PiecesDrawn:
        """Every piece shown, bottom of a stack first, with the hint's ring under a glowing
        one and the opacity of one leaving; what the marks drawn over them need to know."""
        drawn = PiecesDrawn()
        for piece, (x, y) in self._shown(state, hidden):
            image = self.sprite(piece)
            if piece.kind == "incitus" and piece.square in glow:
                drawn.glowing.add(piece.square)  # a prisoner to remove: its own mark, later
            if piece.square in glow and piece.square not in drawn.glowing:
                ring = theme.glow_ring(self.radius + 4, theme.HIGHLIGHT)
                surface.blit(ring, ring.get_rect(center=(x, y)))
                drawn.glowing.add(piece.square)
            if piece.square in fading:
                image = image.copy()
                image.set_alpha(int(255 * fading[piece.square]))
            surface.blit(image, image.get_rect(center=(x, y)))
            if piece.colour == state.to_move:
                drawn.tops[piece.square] = (x, y)
                if piece.kind == "incitus":
                    drawn.prisoners.add(piece.square)
                else:
                    drawn.prisoners.discard(piece.square)
            if selected is not None and piece.square == selected and piece.colour == state.to_move:
                drawn.held = (x, y)  # of a stack (off the board, a shared point), the mover's top
        return drawn

    def _draw_next_step_rings(
        self, surface: pygame.Surface, drawn: PiecesDrawn, ringed: set[str], pulse: float
    ) -> None:
        """The ring round each of the mover's pieces in ``ringed``: the mark of one that can
        move, or of a prisoner to take off the board."""
        # in the order the pieces were drawn, not a set's (which changes from run to run): a
        # ring that overlaps its neighbour's is drawn the same every time
        for sq, centre in drawn.tops.items():
            if sq not in ringed:
                continue
            if sq in drawn.prisoners:  # not a piece that moves: one that leaves the board
                surface.blit(*self.placed_ring(remove_mark(self.radius, pulse), centre))
            else:
                surface.blit(*self.placed_ring(mark_ring(self.radius, pulse), centre))

    @staticmethod
    def placed_ring(ring: pygame.Surface, centre: tuple[int, int]):
        return ring, ring.get_rect(center=centre)

    def target_spot(self, square: str, state: GameState) -> tuple[int, int]:
        """Where the mark of a legal target on ``square`` goes (where the piece would stand)."""
        return self.target_centre(square, state)

    def draw_targets(
        self,
        surface: pygame.Surface,
        state: GameState,
        squares: Iterable[str],
        danger: Iterable[str] = (),
        gain: Iterable[str] = (),
    ):
        """A green dot on each target; where one of the mover's own pieces is drawn, a green
        ring round it instead: a phalanx that moves up by one lands on its own front piece,
        and a dot on that piece would read as "this piece goes here", while no mark at all
        would hide the move (``ludique.play.touch.RING``).  A target in ``danger`` (the
        piece could be taken at once there) is a red dot in a dark ring: apart from a safe
        one by its shape as well as its colour; a target in ``gain`` (the move captures) a
        gold dot with a plus, and where it loses a piece too, the red mark in a gold ring."""
        own = [xy for p, xy in self.layout(state) if p.colour == state.to_move]
        near = (self.radius * 0.9) ** 2
        size = max(10, int(self.radius * 0.55))
        dot = theme.target_dot(size)
        risky = theme.danger_dot(size)
        ring = theme.glow_ring(self.radius + 2, theme.TARGET, 220)
        risky_ring = theme.glow_ring(self.radius + 2, theme.DANGER, 230)
        gainful = theme.gain_dot(size)
        gain_ring = theme.glow_ring(self.radius + 2, theme.GAIN, 230)
        danger, gain = set(danger), set(gain)
        for sq in sorted(squares):  # a fixed order where two marks overlap
            cx, cy = self.target_spot(sq, state)
            if any((cx - x) ** 2 + (cy - y) ** 2 <= near for x, y in own):
                image = risky_ring if sq in danger else gain_ring if sq in gain else ring
                surface.blit(image, image.get_rect(center=(cx, cy)))
                if sq in gain:  # the plus on the piece the ring goes round
                    small = theme.gain_dot(max(6, size // 2))
                    surface.blit(small, small.get_rect(center=(cx, cy)))
                continue
            if sq in gain and sq in danger:  # a capture that loses a piece: both marks
                surface.blit(gain_ring, gain_ring.get_rect(center=(cx, cy)))
            image = risky if sq in danger else gainful if sq in gain else dot
            surface.blit(image, image.get_rect(center=(cx, cy)))

    def draw_rings(
        self,
        surface: pygame.Surface,
        state: GameState,
        squares: Iterable[str],
        colour: str,
        danger: bool = False,
    ) -> None:
        """A ring round every piece of ``colour`` on ``squares`` (an empty square: round the
        square): what decided a game, on the final board."""
        wanted = set(squares)
        done: set[str] = set()
        ring = mark_ring(self.radius + max(2, self.radius // 8), 0.0, danger)
        tops: dict[str, tuple[int, int]] = {}  # of a stack, one ring: round the piece on top
        for piece, xy in self.layout(state):
            if piece.square in wanted and piece.colour == colour:
                tops[piece.square] = xy
        for square, xy in tops.items():
            surface.blit(*self.placed_ring(ring, xy))
            done.add(square)
        for sq in sorted(wanted - done):
            surface.blit(*self.placed_ring(ring, self.target_centre(sq, state)))

    def draw_extras(self, surface: pygame.Surface, state: GameState) -> None:
        """Anything drawn beside the board that depends on the state (nothing by default)."""

    def target_centre(self, square: str, state: GameState) -> tuple[int, int]:
        return self.centre(square, state)


class DieBoard(BoardView):
    """A board with a die beside it (a game whose spec has ``die``): where the die lies, how it
    is drawn and where its caption goes.  The screen asks a view for this, never for a game's
    own view."""

    die_rect: pygame.Rect

    def draw_die(
        self,
        surface: pygame.Surface,
        value: int | None,
        spin: float = 0.0,
        active: bool = False,
        dim: bool = False,
        pulse: float = 0.0,
    ) -> None:
        raise NotImplementedError

    def die_caption_rect(self) -> pygame.Rect:
        raise NotImplementedError


# the share of the distance between two labelled squares or points a label's ink may take
# (half of two neighbours' widths, its capitals' height): the rest keeps them apart
LABEL_PITCH = 0.85


def _label_fits(size: int, labels: Sequence[str], room: float) -> bool:
    """Capitals no taller than ``room``, and each two neighbours of ``labels`` (in their
    row's order) no wider together than twice ``room``: their ink stays apart."""
    if cap_height("bold", size) > room:
        return False
    face = font("bold", size)
    inks = [face.render(text, True, (0, 0, 0)).get_bounding_rect().width for text in labels]
    return all(a + b <= 2 * room for a, b in zip(inks, inks[1:], strict=False))


MARK_DARK = (44, 26, 8)  # the dark half of a two-tone mark
MARK_DANGER = (255, 96, 70)


def mark_ring(radius: int, pulse: float = 0.0, danger: bool = False) -> pygame.Surface:
    """A ring just outside a piece of ``radius``: a bright band on a dark one, so that one of
    the two stands out at 3:1 or more on every board (clay, stone, wood) and the dark room.
    ``pulse`` 0..1 widens it (the hesitation hint breathes)."""
    return _mark_ring(radius, round(pulse * 8) / 8, danger)


@kept
def _mark_ring(radius: int, pulse: float, danger: bool) -> pygame.Surface:
    band = max(3, radius // 7)
    grow = int(radius * 0.22 * pulse)
    outer = radius + 2 * band + grow + 2
    size = 2 * outer + 4
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    bright = MARK_DANGER if danger else theme.HIGHLIGHT
    pygame.draw.circle(surface, (*MARK_DARK, 235), (c, c), outer, band + 2)
    pygame.draw.circle(surface, (*bright, 255), (c, c), outer - band - 1, band + grow // 2)
    return surface


def remove_mark(radius: int, pulse: float = 0.0) -> pygame.Surface:
    """The mark of a prisoner (an incitus) to take off the board: a dashed ring, light on
    dark, that reads apart from the solid gold ring of a piece that can move."""
    return _remove_mark(radius, round(pulse * 8) / 8)


REMOVE_LIGHT = (250, 244, 230)


@kept
def _remove_mark(radius: int, pulse: float) -> pygame.Surface:
    band = max(3, radius // 7)
    grow = int(radius * 0.22 * pulse)
    outer = radius + 2 * band + grow + 2
    size = 2 * outer + 4
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    pygame.draw.circle(surface, (*MARK_DARK, 235), (c, c), outer, 2 * band + 2)
    dashes = 10
    # the dashes where a mover's ring has its bright band, the dark band round them all
    rect = pygame.Rect(0, 0, 2 * (outer - band - 1), 2 * (outer - band - 1))
    rect.center = (c, c)
    for i in range(dashes):
        start = (i + 0.2) * 2 * math.pi / dashes
        stop = (i + 0.8) * 2 * math.pi / dashes
        pygame.draw.arc(surface, REMOVE_LIGHT, rect, start, stop, band)
    return surface


def slab(
    size: tuple[int, int], radius: int, base: tuple[int, int, int], shadow: tuple[int, int, int]
) -> pygame.Surface:
    """A board's rounded slab in its ``base`` colour over a soft drop ``shadow``; every board
    material (terracotta, stone, wood) starts from one."""
    w, h = size
    surface = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surface, shadow, pygame.Rect(0, 0, w, h).move(6, 8), border_radius=radius)
    pygame.draw.rect(surface, base, (0, 0, w, h), border_radius=radius)
    return surface


def lay_texture(surface: pygame.Surface, texture: pygame.Surface, radius: int) -> None:
    """Blit ``texture`` (grain, veins, speckles) onto the slab, clipped to its rounded corners."""
    w, h = surface.get_size()
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, w, h), border_radius=radius)
    texture.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(texture, (0, 0))


def nearest(points: dict[str, tuple[int, int]], pos: Point, limit: float) -> str | None:
    best, best_d = None, limit * limit
    for name, (x, y) in points.items():
        d = (x - pos[0]) ** 2 + (y - pos[1]) ** 2
        if d <= best_d:
            best, best_d = name, d
    return best
