"""The drawn examples of the rule cards, made with the engines and the kiosk's own board views.

Each diagram is a short sequence: a position built with the engine's ``from_position`` and one or
more moves in the notation of ``rules.md``, kept in its game's folder
(``ludique/games/<game>/diagrams.py``, gathered by ``ludique.games.diagram``).  The engine plays
them, so a diagram can never show a move the program would refuse, and the kiosk's board views
draw every position, so the pictures always match the boards on screen.  A diagram is drawn as
panels side by side: each position with an arrow for the move about to be played (captures
crossed out), and the final position with the moved piece glowing.
"""

from __future__ import annotations

import math

import pygame

from ludique.games import spec
from ludique.games.base import ENTER, GameState
from ludique.games.diagram import Diagram, diagrams
from ludique.ui import palette
from ludique.ui.boards import view_for
from ludique.ui.fonts import font
from ludique.ui.pixels import kept

# Panel height as a fraction of panel width, per board: the views keep room for their trays.
PANEL_GAP = 56  # room between two panels for the chevron
MAX_PANEL_HEIGHT = 560


DIAGRAMS: dict[str, Diagram] = diagrams()


def positions(name: str) -> list[GameState]:
    """The positions of diagram ``name``: the start, then one after each of its moves."""
    diagram = DIAGRAMS[name]
    states = [diagram.build()]
    for move in diagram.moves:
        states.append(states[-1].play(move))
    return states


def _move_path(state: GameState, notation: str) -> tuple[list[str], str]:
    """The squares the moving piece visits (for the arrow) and its colour."""
    move = state.find_move(notation)
    if move is None:
        raise ValueError(f"{notation}: not a legal move in this diagram's position")
    mover = state.to_move
    frm, to = move.frm or "", move.to or ""  # (a move drawn has both: no pass, no removal)
    game = spec(state.game_id)
    if game.track:
        points = list(game.track)
        if move.kind == ENTER:
            return ["off", to], mover
        start, end = points.index(frm), points.index(to)
        steps = (end - start) % len(points)
        return [points[(start + i) % len(points)] for i in range(steps + 1)], mover
    if game.phalanx:
        return _phalanx_head_path(state, frm, to), mover
    if move.path:
        return list(move.path), mover
    return [frm, to], mover


def _square_step(square: str, df: int, dr: int) -> str:
    return f"{chr(ord(square[0]) + df)}{int(square[1:]) + dr}"


def _phalanx_head_path(state: GameState, tail: str, to: str) -> list[str]:
    """A phalanx's move is written by its tail; the arrow follows the head, which captures."""
    df = ord(to[0]) - ord(tail[0])
    dr = int(to[1:]) - int(tail[1:])
    distance = max(abs(df), abs(dr))
    df, dr = (df > 0) - (df < 0), (dr > 0) - (dr < 0)
    own = {p.square for p in state.pieces() if p.colour == state.to_move}
    head = tail
    while _square_step(head, df, dr) in own:
        head = _square_step(head, df, dr)
    return [head, _square_step(head, df * distance, dr * distance)]


def _captured(before: GameState, after: GameState, mover: str) -> list[str]:
    """Squares where an opposing piece stood before and stands no more (or was turned over)."""

    def opposing(state: GameState) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for piece in state.pieces():
            if piece.colour != mover and piece.square != "off":
                out.setdefault(piece.square, []).append(piece.kind)
        return out

    old, new = opposing(before), opposing(after)
    gone = []
    for square, kinds in old.items():
        now = new.get(square, [])
        if len(now) < len(kinds) or ("incitus" in now and "incitus" not in kinds):
            gone.append(square)
    return gone


def landed_squares(state: GameState, move: str) -> list[str]:
    """What to light up after ``move``: the mover's newly occupied squares and any freed piece."""
    mover = state.to_move
    after = state.play(move)

    def own(s: GameState) -> set[str]:
        return {p.square for p in s.pieces() if p.colour == mover and p.square != "off"}

    squares = sorted(own(after) - own(state)) or [_move_path(state, move)[0][-1]]
    return squares + list(after.freed)


def _arrow(surface: pygame.Surface, points: list[tuple[int, int]], width: int, gap: int) -> None:
    """A bold arrow along ``points``, stopping ``gap`` pixels short of the last one.

    Drawn twice, dark and wide then bright and narrow, so that it reads on any board."""
    (x1, y1), (x2, y2) = points[-2], points[-1]
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    tip = (x2 - ux * gap, y2 - uy * gap)
    head = width * 2.6
    base = (tip[0] - ux * head, tip[1] - uy * head)
    shaft = [*points[:-1], base]
    wing = (-uy * head * 0.6, ux * head * 0.6)
    triangle = [tip, (base[0] + wing[0], base[1] + wing[1]), (base[0] - wing[0], base[1] - wing[1])]
    for colour, extra in ((palette.INK, 4), (palette.HIGHLIGHT, 0)):
        for a, b in zip(shaft, shaft[1:], strict=False):
            pygame.draw.line(surface, colour, a, b, width + extra)
        for p in shaft[1:-1]:
            pygame.draw.circle(surface, colour, p, (width + extra) // 2)
        pygame.draw.polygon(surface, colour, triangle)
        if extra:
            pygame.draw.polygon(surface, colour, triangle, extra)


def _head(surface: pygame.Surface, a: tuple[int, int], b: tuple[int, int], size: int) -> None:
    """A small arrowhead half-way from ``a`` to ``b``: the direction of travel along a route."""
    length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    mx, my = (a[0] + b[0]) / 2 + ux * size / 2, (a[1] + b[1]) / 2 + uy * size / 2
    tip = (mx, my)
    left = (mx - ux * size - uy * size * 0.7, my - uy * size + ux * size * 0.7)
    right = (mx - ux * size + uy * size * 0.7, my - uy * size - ux * size * 0.7)
    pygame.draw.polygon(surface, palette.HIGHLIGHT, [tip, left, right])
    pygame.draw.polygon(surface, palette.INK, [tip, left, right], 2)


def _cross(surface: pygame.Surface, centre: tuple[int, int], radius: int) -> None:
    """The mark of a piece about to be captured: a red ring and a cross."""
    x, y = centre
    r = int(radius * 1.15)
    width = max(3, radius // 6)
    pygame.draw.circle(surface, palette.DANGER, centre, r, width)
    d = int(r * 0.6)
    for sx in (-1, 1):
        pygame.draw.line(surface, palette.DANGER, (x - d, y - sx * d), (x + d, y + sx * d), width)


def _badge(surface: pygame.Surface, centre: tuple[int, int], radius: int, text: str) -> None:
    """A round gold badge with a number: how many pieces a group holds."""
    pygame.draw.circle(surface, palette.INK, centre, radius + 3)
    pygame.draw.circle(surface, palette.ACCENT, centre, radius)
    image = font("bold", int(radius * 1.3)).render(text, True, palette.INK)
    surface.blit(image, image.get_rect(center=centre))


def draw_chevron(surface: pygame.Surface, centre: tuple[int, int], size: int) -> None:
    """The chevron between two panels (the next position), at ``centre``."""
    x, y = centre
    pts = [(x - size // 2, y - size), (x + size // 2, y), (x - size // 2, y + size)]
    pygame.draw.lines(surface, palette.INK_MUTED, False, pts, max(4, size // 4))


def panel_surface(
    state: GameState,
    game_id: str,
    size: tuple[int, int],
    move: str | None,
    roll: int | None,
    landed: list[str],
    badges: tuple[tuple[tuple[str, ...], str], ...] = (),
    track: tuple[str, ...] = (),
    unit: float | None = None,
    background: tuple[int, int, int] = palette.BACKGROUND,
) -> pygame.Surface:
    """One board: ``unit`` keeps its labels at the text floor (as on a screen a visitor reads;
    the printed cards pass their own), ``background`` is the panel round it."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surface, background, surface.get_rect(), border_radius=22)
    view = view_for(game_id, surface.get_rect().inflate(-24, -24), unit=unit)
    if move is None:
        view.draw(surface, state, glow=landed, extras=True)
        _draw_badges(surface, view, state, badges)
        if track:
            points = [view.target_centre(sq, state) for sq in track]
            width = max(6, view.radius // 3)
            _arrow(surface, points, width, int(view.radius * 0.75))
            for a, b in zip(points[:-2], points[1:-1], strict=True):
                _head(surface, a, b, width * 2)
        return surface
    path, mover = _move_path(state, move)
    after = state.play(move)
    gone = _captured(state, after, mover)
    # a sacred point's target ring would cover the counters already standing there
    targets = [] if gone or path[-1] in spec(state.game_id).sacred else [path[-1]]
    view.draw(
        surface, state, glow=[path[0]] if path[0] != "off" else [], targets=targets, extras=True
    )
    if roll is not None and hasattr(view, "draw_die"):
        view.draw_die(surface, roll)
    points = []
    for i, square in enumerate(path):
        if i == len(path) - 1 and spec(game_id).track:
            points.append(view.target_centre(square, state))
        else:
            points.append(view.centre(square, state, mover))
    for square in gone:
        _cross(surface, view.target_centre(square, state), view.radius)
    if path[0] != "off":
        points[0] = _from_edge(points[0], points[1], view.radius * 1.1)
    _arrow(surface, points, max(6, view.radius // 3), int(view.radius * 0.75))
    _draw_badges(surface, view, state, badges)
    return surface


def _from_edge(start: tuple[int, int], toward: tuple[int, int], gap: float) -> tuple[int, int]:
    """Where an arrow leaves the piece on ``start``: ``gap`` pixels toward ``toward``, so that
    it never covers the piece's own mark (the dux's star, the incitus's sign)."""
    length = math.hypot(toward[0] - start[0], toward[1] - start[1]) or 1.0
    return (
        round(start[0] + (toward[0] - start[0]) * gap / length),
        round(start[1] + (toward[1] - start[1]) * gap / length),
    )


def _draw_badges(surface, view, state: GameState, badges) -> None:
    for squares, text in badges:
        xs, ys = zip(*(view.centre(sq, state) for sq in squares), strict=True)
        centre = (sum(xs) // len(xs), sum(ys) // len(ys))
        _badge(surface, centre, max(10, int(view.radius * 0.8)), text)


def panel_rects(name: str, width: int, scale: float = 1.0) -> list[pygame.Rect]:
    """Where each panel of diagram ``name`` stands in its picture ``width`` pixels wide."""
    if name not in DIAGRAMS:
        raise KeyError(f"unknown diagram {name!r}: expected one of {', '.join(DIAGRAMS)}")
    diagram = DIAGRAMS[name]
    # a diagram that plays moves is one board (the card plays them on it); a still one, one
    count = 1
    per_row = 1
    gap, most = round(PANEL_GAP * scale), round(MAX_PANEL_HEIGHT * scale)
    panel_w = (width - gap * (per_row - 1)) // per_row
    panel_h = int(panel_w * spec(diagram.game_id).diagram_aspect)
    if panel_h > most:
        panel_w = int(panel_w * most / panel_h)
        panel_h = most
    row_gap = gap // 2
    rects = []
    for i in range(count):
        row, col = divmod(i, per_row)
        in_row = min(per_row, count - row * per_row)
        total = panel_w * in_row + gap * (in_row - 1)
        x = (width - total) // 2 + col * (panel_w + gap)
        rects.append(pygame.Rect(x, row * (panel_h + row_gap), panel_w, panel_h))
    return rects


# Kept for reopening the same card (~2 MB each, under the kiosk's pixel budget); a diagram
# redraws in well under a second.
@kept
def render_diagram(name: str, width: int, scale: float = 1.0) -> pygame.Surface:
    """Diagram ``name`` (a key of ``DIAGRAMS``) as one board, ``width`` pixels wide: the start
    with an arrow for its first move.  The card plays the moves on that board
    (``MovingDiagram``): never a "before" turning into an "after" shown beside it."""
    rects = panel_rects(name, width, scale)  # first: it names an unknown diagram
    diagram = DIAGRAMS[name]
    states = positions(name)
    gap = round(PANEL_GAP * scale)
    height = max(r.bottom for r in rects)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    landed: list[str] = []
    for i, (state, rect) in enumerate(zip(states[: len(rects)], rects, strict=True)):
        x, y, panel_w, panel_h = rect
        move = diagram.moves[i] if i < len(diagram.moves) else None
        roll = diagram.roll if i == 0 else None
        badges = diagram.badges if i == 0 else ()
        track = diagram.track if i == 0 else ()
        # ``scale`` is the screen's unit: the labels keep the visitors' smallest text
        panel = panel_surface(
            state,
            diagram.game_id,
            (panel_w, panel_h),
            move,
            roll,
            landed,
            badges,
            track,
            unit=scale,
        )
        surface.blit(panel, (x, y))
        if i:
            draw_chevron(surface, (x - gap // 2, y + panel_h // 2), gap // 3)
        if move is not None:
            landed = landed_squares(state, move)
    return surface


def _glide(points: list[tuple[int, int]], t: float) -> tuple[float, float]:
    """The point at fraction ``t`` (eased) of the polyline ``points``, by length."""
    t = t * t * (3 - 2 * t)
    lengths = [math.dist(a, b) for a, b in zip(points, points[1:], strict=False)]
    d = t * (sum(lengths) or 1.0)
    for (a, b), seg in zip(zip(points, points[1:], strict=False), lengths, strict=True):
        if d <= seg:
            k = d / seg if seg else 1.0
            return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)
        d -= seg
    return points[-1]


class MovingDiagram:
    """A diagram's board, played: before each move its arrow, then the piece glides along the
    move, a captured piece leaves; after the last move the result holds, then all again.  Drawn
    with the kiosk's board views, like the game."""

    HOLD, GLIDE, FADE = 0.8, 1.2, 0.6  # seconds: each move's arrow, glide, the capture fading
    REST = 1.4  # the result, before the diagram plays again

    def __init__(self, name: str, size: tuple[int, int], unit: float | None = None) -> None:
        diagram = DIAGRAMS[name]
        self.unit = unit  # the screen's: the labels keep the visitors' smallest text
        self.diagram = diagram
        self.game_id = diagram.game_id
        self.states = positions(name)
        self.before, self.after = self.states[0], self.states[-1]
        self.size = size
        rect = pygame.Rect((0, 0), size)
        self.view = view_for(self.game_id, rect.inflate(-24, -24), unit=unit)
        self.mover = self.before.to_move
        self.steps = [self._step(i) for i in range(len(diagram.moves))]
        self.CYCLE = len(self.steps) * (self.HOLD + self.GLIDE + self.FADE) + self.REST
        self._holds: dict[int, pygame.Surface] = {}

    def _step(self, i: int):
        """Move ``i``: its position before, after, mover, captured squares, glide routes."""
        before, after = self.states[i], self.states[i + 1]
        path, mover = _move_path(before, self.diagram.moves[i])
        gone = _captured(before, after, mover)
        left = self._own(before, mover) - self._own(after, mover)
        arrived = self._own(after, mover) - self._own(before, mover)
        return before, after, mover, gone, self._routes(before, path, mover, left, arrived)

    @staticmethod
    def _own(state: GameState, mover: str | None = None) -> set[str]:
        mover = mover or state.to_move
        return {p.square for p in state.pieces() if p.colour == mover and p.square != "off"}

    def _routes(self, before, path, mover, left: set[str], arrived: set[str]):
        """Each moving piece's origin and the points it glides through: one piece along the
        move's path; a phalanx, each piece straight to its place, in order along the move."""
        if not spec(self.game_id).phalanx or len(left) <= 1:
            points = [self.view.centre(path[0], before, mover)]
            points += [self.view.centre(sq, before, mover) for sq in path[1:-1]]
            points.append(self.view.target_centre(path[-1], before))
            return [(path[0], points)]
        a, b = path[0], path[-1]
        direction = (ord(b[0]) - ord(a[0]), int(b[1:]) - int(a[1:]))

        def along(square: str) -> int:
            return (ord(square[0]) * direction[0]) + int(square[1:]) * direction[1]

        pairs = zip(sorted(left, key=along), sorted(arrived, key=along), strict=False)
        return [(s, [self.view.centre(s), self.view.centre(t)]) for s, t in pairs]

    def _hold(self, i: int) -> pygame.Surface:
        """Before move ``i``: the position with the move's arrow (as the still card shows it)."""
        if i not in self._holds:
            d = self.diagram
            landed = landed_squares(self.states[i - 1], d.moves[i - 1]) if i else []
            self._holds[i] = panel_surface(
                self.states[i],
                self.game_id,
                self.size,
                d.moves[i],
                d.roll if i == 0 else None,
                landed,
                d.badges if i == 0 else (),
                unit=self.unit,
            )
        return self._holds[i]

    def frame(self, now: float) -> pygame.Surface:
        """The board at time ``now`` (seconds, any clock)."""
        t = now % self.CYCLE
        each = self.HOLD + self.GLIDE + self.FADE
        surface = pygame.Surface(self.size, pygame.SRCALPHA)
        pygame.draw.rect(surface, palette.BACKGROUND, surface.get_rect(), border_radius=22)
        i = int(t // each)
        if i >= len(self.steps):  # the result holds, the moved pieces glowing
            before, after, mover, _gone, _routes = self.steps[-1]
            moved = sorted(self._own(after, mover) - self._own(before, mover))
            self.view.draw(surface, after, glow=moved)
            return surface
        t -= i * each
        if t < self.HOLD:
            surface.blit(self._hold(i), (0, 0))
            return surface
        t -= self.HOLD
        before, _after, mover, gone, routes = self.steps[i]
        fade = 1.0 if t < self.GLIDE else max(0.0, 1 - (t - self.GLIDE) / self.FADE)
        hidden = [(origin, mover) for origin, _ in routes]
        self.view.draw(surface, before, hidden=hidden, fading={sq: fade for sq in gone})
        k = min(1.0, t / self.GLIDE)
        for origin, points in routes:
            piece = next(
                (p for p in before.pieces() if p.square == origin and p.colour == mover),
                None,
            )
            if piece is None:
                continue
            image = self.view.sprite(piece)
            x, y = _glide(points, k)
            surface.blit(image, image.get_rect(center=(int(x), int(y))))
        return surface
