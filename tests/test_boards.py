"""What the boards show of their games' logic, and that they scale with the screen."""

from __future__ import annotations

import itertools
import math

import pygame
import pytest

from ludique.games.latrunculi.rules import SenecaState
from ludique.games.pente.rules import PenteState
from ludique.ui.boards import view_for
from ludique.ui.boards.base import REMOVE_LIGHT, remove_mark
from ludique.ui.boards.pente import GOAL_TINT, PenteView
from ludique.ui.layout import VISITOR_CAP, Viewport, cap_height
from ludique.ui.scenes.game import game_layout

RECT = pygame.Rect(0, 0, 1440, 1040)


def test_piles_on_the_sacred_points_stand_apart_and_each_is_counted():
    state = PenteState.from_position(
        blue={"3A": 2, "3B": 2, "1A": 1}, white={"3A": 2, "3B": 2, "2A": 1}, to_move="blue"
    )
    view = PenteView(RECT)
    placed = view.layout(state)
    for square in ("3A", "3B"):
        piles = {
            colour: [xy for p, xy in placed if p.square == square and p.colour == colour]
            for colour in ("blue", "white")
        }
        # one colour's counters peek out from under each other; the two piles never touch
        for a, b in itertools.product(piles["blue"], piles["white"]):
            assert math.dist(a, b) >= 2 * view.radius
    # nor does a pile touch a counter on a neighbouring point
    for (p, a), (q, b) in itertools.combinations(placed, 2):
        if p.square != q.square:
            assert math.dist(a, b) >= 2 * view.radius, (p, q)
    counts = view.counts(state)
    assert sorted(counts) == [
        ("3A", "blue", 2),
        ("3A", "white", 2),
        ("3B", "blue", 2),
        ("3B", "white", 2),
    ]
    # the number stands on the top counter of each pile
    surface = pygame.Surface(RECT.size, pygame.SRCALPHA)
    view.draw(surface, state)
    top = [xy for p, xy in placed if p.square == "3A" and p.colour == "white"][-1]
    assert tuple(surface.get_at(top))[:3] != tuple(view.sprite(placed[0][0]).get_at((0, 0)))[:3]


def test_win_rings_round_a_pile_do_not_pile_up():
    state = PenteState.from_position(blue={"1A": 1}, white={"3A": 5}, to_move="blue")
    view = PenteView(RECT)
    rings = []
    original = view.placed_ring

    def spy(ring, centre):
        rings.append(centre)
        return original(ring, centre)

    view.placed_ring = spy
    view.draw_rings(pygame.Surface(RECT.size, pygame.SRCALPHA), state, ["3A"], "white")
    assert len(rings) == 1


@pytest.mark.parametrize("flipped", [False, True])
def test_the_visitors_goal_half_is_marked_in_his_colour(flipped):
    """Blue's goal is 3B, White's 3A; the visitor sits at the bottom (White on a turned
    board): his half of the sacred line is tinted in his colour, the other half is not."""
    view = PenteView(RECT, flipped)
    colour = "white" if flipped else "blue"
    goal, other = ("3A", "3B") if flipped else ("3B", "3A")
    board = view.board_surface()

    def samples(square: str) -> list[tuple[int, int, int]]:
        x, end = view.points[square]
        out = []
        for k in (0.35, 0.5, 0.65):
            y = end + (view.y_mid - end) * k
            for dx in (-0.25, 0.25):
                px, py = view.pt(x + dx * view.radius, y)
                out.append(tuple(board.get_at((px - RECT.left, py - RECT.top)))[:3])
        return out

    tint = GOAL_TINT[colour]

    def away(pixel) -> int:
        return sum(abs(a - b) for a, b in zip(pixel, tint, strict=True))

    # every sample of the goal half is much nearer the visitor's colour than the other half's
    for mine, theirs in zip(samples(goal), samples(other), strict=True):
        assert away(mine) + 60 < away(theirs)


@pytest.mark.parametrize("flipped", [False, True])
def test_the_track_runs_counter_clockwise_on_the_board(flipped):
    """Chevrons point along the track 1A..5A 1B..5B (rules.md): counter-clockwise as the
    visitor sees it, on either turn of the board (the turned board turns them too)."""
    view = PenteView(RECT, flipped)
    marks = view.track_marks()
    assert len(marks) >= 10
    centre = pygame.Vector2(RECT.center)
    for (x, y), (dx, dy) in marks:
        place = pygame.Vector2(view.pt(x, y)) - centre
        way = pygame.Vector2(-dx, -dy) if flipped else pygame.Vector2(dx, dy)
        # on screen (y down) counter-clockwise: the cross product of place and way is < 0
        assert place.cross(way) < 0, ((x, y), (dx, dy))
    # and every point of the loop is passed: a chevron between each pair of neighbours
    rows = [m for m in marks if m[1][1] == 0]
    assert len(rows) == 8


def test_a_prisoner_to_remove_has_a_mark_of_its_own():
    # Blue's piece on e4 is a prisoner (blocked by d4 and f4), and Blue must remove it now
    state = SenecaState.from_position(
        blue=["e4", "a1", "h1"],
        white=["d4", "f4", "a8", "h8"],
        inciti={"e4": ("d4", "f4")},
        pending_removal=True,
    )
    view = view_for("latrunculi-seneca", RECT)
    surface = pygame.Surface(RECT.size, pygame.SRCALPHA)
    view.draw(surface, state, movable=["e4"])
    x, y = view.centre("e4")
    ring = remove_mark(view.radius)
    # the dashed ring's light colour shows round the prisoner, not the gold of a mover
    found = pygame.mask.from_threshold(
        surface.subsurface(
            pygame.Rect(0, 0, *ring.get_size()).move(
                x - ring.get_width() // 2, y - ring.get_height() // 2
            )
        ),
        REMOVE_LIGHT,
        (2, 2, 2, 255),
    ).count()
    assert found > 50


@pytest.mark.parametrize("size", [(3840, 2160), (1920, 1080), (1024, 768), (1080, 1920)])
@pytest.mark.parametrize("game_id", ["pente-grammai", "latrunculi-seneca", "epaminondas"])
def test_boards_scale_with_the_screen(size, game_id):
    """Labels at the visitors' floor; lines as thick to the eye at 4K as at full HD."""
    vp = Viewport(*size)
    switch = pygame.Rect(0, 0, vp.u(340), vp.u(96))
    view = view_for(game_id, game_layout(vp, switch).board, unit=vp.unit)
    cap = cap_height("bold", view.label_px)
    assert cap >= vp.u(VISITOR_CAP) or not view.labels_fit(view.label_px + 1)
    if size == (3840, 2160):
        hd = view_for(game_id, game_layout(Viewport(1920, 1080), switch).board, unit=1.0)
        assert view.line_width(0.17, 3) >= 2 * hd.line_width(0.17, 3) - 1


@pytest.mark.parametrize("size", [(1024, 768), (1280, 800), (1080, 1920)])
@pytest.mark.parametrize("variant", ["petteia", "dux"])
def test_a_latrunculi_board_without_reserves_fills_its_room(size, variant):
    vp = Viewport(*size)
    switch = pygame.Rect(0, 0, vp.u(340), vp.u(96))
    room = game_layout(vp, switch).board
    view = view_for(f"latrunculi-{variant}", room, unit=vp.unit)
    frame = view._frame_rect(0.62).move(view.rect.topleft)  # as drawn: labels in its margin
    assert max(frame.width / room.width, frame.height / room.height) > 0.9


@pytest.mark.parametrize("size", [(1024, 768), (1280, 800), (1080, 1920), (1920, 1080)])
@pytest.mark.parametrize("variant", ["seneca", "piso"])
def test_a_latrunculi_board_with_reserves_fills_its_room(size, variant):
    """Seneca and Piso keep the waiting pieces beside the board, or above and below it on a
    squarer room, whichever leaves the larger board: board and reserves fill the room."""
    vp = Viewport(*size)
    switch = pygame.Rect(0, 0, vp.u(340), vp.u(96))
    room = game_layout(vp, switch).board
    view = view_for(f"latrunculi-{variant}", room, unit=vp.unit)
    whole = view._frame_rect(0.62).move(view.rect.topleft)
    for colour in ("blue", "white"):
        whole = whole.union(view.reserve_rect[colour])
    assert room.contains(whole)
    assert max(whole.width / room.width, whole.height / room.height) > 0.9
    # and every waiting piece stands inside its reserve, apart from the others
    slots = view._reserve_slots("blue", 16)
    assert all(math.dist(a, b) >= 2 * view.radius for a, b in itertools.combinations(slots, 2))


def test_both_colours_piles_on_a_shared_point_stand_on_the_point_and_the_held_one_is_his():
    """Issue 61: a second colour's pile on a shared sacred point was drawn part way along the
    line (it read as a counter on its way), and selecting one's own pile there lit White's.
    Both piles now stand on the point, side by side; the selection ring goes round the
    mover's own."""
    state = PenteState.from_position(
        blue={"3A": 2, "1A": 1}, white={"3A": 3, "2A": 1}, to_move="blue", die=2
    )
    view = PenteView(RECT)
    point = view.pt(*view.points["3A"])
    placed = view.layout(state)
    for colour in ("blue", "white"):
        pile = [xy for p, xy in placed if p.square == "3A" and p.colour == colour]
        assert all(math.dist(xy, point) <= 1.5 * view.radius for xy in pile), colour
    surface = pygame.Surface(RECT.size, pygame.SRCALPHA)
    view.draw(surface, state, selected="3A")
    blue_top = [xy for p, xy in placed if p.square == "3A" and p.colour == "blue"][-1]
    white_top = [xy for p, xy in placed if p.square == "3A" and p.colour == "white"][-1]
    # the selection's glow is centred on Blue's pile: brighter there than over White's
    lit = pygame.Surface(RECT.size, pygame.SRCALPHA)
    view.draw(lit, state)

    def change(xy):
        x, y = xy
        ring_at = (x, y - view.radius - 3)
        return sum(
            abs(a - b)
            for a, b in zip(surface.get_at(ring_at)[:3], lit.get_at(ring_at)[:3], strict=True)
        )

    assert change(blue_top) > change(white_top)
    # each pile's top counter shows its colour: its number stands beyond it, not on it
    for colour, top in (("blue", blue_top), ("white", white_top)):
        piece = next(p for p, xy in placed if p.square == "3A" and p.colour == colour)
        sprite = view.sprite(piece)
        middle = sprite.get_at((sprite.get_width() // 2, sprite.get_height() // 2))
        assert tuple(lit.get_at(top))[:3] == tuple(middle)[:3], colour
