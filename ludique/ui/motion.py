"""How an action is shown on a board: the pieces that glide along their path, the ones that
fade where they were captured, turn over in place (a prisoner) or go back to their stock
(a counter knocked off a track); the die that tumbles."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

from ludique.games import spec
from ludique.games.base import PASS, PHALANX, REMOVE, GameState, Piece
from ludique.play.match import Transition


def ease(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return t * t * (3 - 2 * t)


def along(points: list[tuple[float, float]], t: float) -> tuple[float, float]:
    """The point at fraction ``t`` of the polyline ``points`` (by length)."""
    if len(points) == 1:
        return points[0]
    lengths = [math.dist(a, b) for a, b in zip(points, points[1:], strict=False)]
    total = sum(lengths) or 1.0
    d = ease(t) * total
    for (a, b), seg in zip(zip(points, points[1:], strict=False), lengths, strict=True):
        if d <= seg or seg == 0 and d <= 0:
            k = d / seg if seg else 1.0
            return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)
        d -= seg
    return points[-1]


@dataclass
class Anim:
    """An action (or a piece going back) shown over ``duration`` seconds; then ``after`` (a
    transition of the match) is committed."""

    start: float
    duration: float
    movers: list[tuple[Piece, list[tuple[float, float]]]]
    hidden: list[tuple[str, str]]
    fading: list[str]
    after: Transition | None
    sound: str | None = None
    late: frozenset[int] = frozenset()  # movers that start only when the others arrive
    flips: list[tuple[Piece, Piece]] = field(default_factory=list)  # turned over in place


@dataclass
class DieRoll:
    start: float
    duration: float
    value: int


def piece_at(state: GameState, square: str, colour: str) -> Piece:
    for p in state.pieces():
        if p.square == square and p.colour == colour:
            return p
    kind = spec(state.game_id).piece_kinds[0]
    return Piece(square, colour, kind)


def transition_anim(view, transition: Transition, dropped_at, duration: float) -> dict:
    """How ``transition`` is shown on ``view``: the pieces that glide (along their path), the
    ones lifted off meanwhile, the ones that fade, turn over or go back to their stock."""
    before, after, mover = transition.before, transition.after, transition.mover
    move = transition.move
    movers: list[tuple[Piece, list[tuple[float, float]]]] = []
    hidden: list[tuple[str, str]] = []
    if move.kind == PHALANX:
        for a, b in zip(move.phalanx, move.landing, strict=True):
            movers.append((Piece(a, mover, "piece"), [view.centre(a), view.centre(b)]))
            hidden.append((a, mover))
    elif move.kind not in (PASS, REMOVE):
        origin = move.frm if move.frm is not None else "reserve"
        piece = piece_at(before, origin, mover)
        path = list(move.path) if len(move.path) >= 2 else [origin, move.to]
        points = [view.centre(origin, before, mover)]
        points += [view.target_centre(sq, before) for sq in path[1:-1]]
        points.append(view.centre(path[-1], before, mover))
        if dropped_at is not None:
            points[0] = dropped_at
        movers.append((piece._replace(square=origin), points))
        hidden.append((origin, mover))
    # what left a square (captured, or a removed incitus) fades out where it stood
    counts_before = Counter((p.square, p.colour, p.kind) for p in before.pieces())
    counts_after = Counter((p.square, p.colour, p.kind) for p in after.pieces())
    moving_from = {sq for sq, _ in hidden}
    fading = sorted(
        {
            sq
            for (sq, colour, kind), n in counts_before.items()
            if sq not in ("off", "reserve")
            and counts_after[(sq, colour, kind)] < n
            and not (sq in moving_from and colour == mover)
        }
    )
    # a piece captured (or freed) in place, a prisoner, is turned over, not faded
    flips: list[tuple[Piece, Piece]] = []
    for (sq, colour, kind), n in counts_before.items():
        if sq in ("off", "reserve") or counts_after[(sq, colour, kind)] >= n:
            continue
        for (sq2, colour2, kind2), m in counts_after.items():
            if (sq2, colour2) == (sq, colour) and kind2 != kind:
                if m > counts_before[(sq, colour, kind2)] and sq in fading:
                    fading.remove(sq)
                    flips.append((Piece(sq, colour, kind), Piece(sq, colour, kind2)))
                    hidden.append((sq, colour))
    # a counter knocked off the board (a track's) glides back to its waiting place
    off_before = Counter(p.colour for p in before.pieces() if p.square == "off")
    off_after = Counter(p.colour for p in after.pieces() if p.square == "off")
    knocked: set[int] = set()  # movers that wait for the attacker before they leave
    for colour in tuple(before.colours):
        if colour == mover or off_after[colour] <= off_before[colour]:
            continue
        for sq in list(fading):
            if counts_before[(sq, colour, "counter")] > counts_after[(sq, colour, "counter")]:
                fading.remove(sq)
                home = view.centre("off", after, colour)
                knocked.add(len(movers))
                movers.append((Piece(sq, colour, "counter"), [view.centre(sq), home]))
                hidden.append((sq, colour))
    steps = max(1, len(movers[0][1]) - 1) if movers else 1
    seconds = duration + 0.12 * (steps - 1) + (0.15 if fading else 0)
    seconds += 0.3 if knocked or flips else 0
    if dropped_at is not None:
        seconds = 0.18 + (0.15 if fading else 0) + (0.4 if knocked or flips else 0)
    return {
        "seconds": seconds,
        "movers": movers,
        "hidden": hidden,
        "fading": fading,
        "sound": "capture" if fading or knocked or flips else "move",
        "late": frozenset(knocked),
        "flips": flips,
    }
