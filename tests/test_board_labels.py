"""The boards' labels (1A..5B, a..n, 1..12) at the visitors' text size (issue 61: "printed and
on-screen labels at least the kiosk's smallest text size"): capitals ``layout.VISITOR_CAP``
units high, measured as the face draws them at the screen's real size, where the board's
squares or points are far enough apart to hold them; where they are not, as large as keeps
each label apart from its neighbours.  Every label on the board's own slab, clear of every
piece a visitor touches.  The labels were 26-unit fonts, 18.5-unit capitals, and ran off
Pente grammai's slab at 1024x768.
"""

from __future__ import annotations

import math

import pygame
import pytest
from kiosk_driver import pump

from ludique.ui import diagrams
from ludique.ui.boards import view_for
from ludique.ui.fonts import font
from ludique.ui.layout import VISITOR_CAP, Viewport, cap_height

SIZES = [(1024, 768), (1280, 800), (1920, 1080), (3840, 2160)]
GAMES = ["pente-grammai", "latrunculi-seneca", "latrunculi-petteia", "epaminondas"]


def inks(view) -> list[tuple[str, pygame.Rect]]:
    """Every label with the rect its ink covers, on the canvas."""
    face = font("bold", view.label_px)
    found = []
    for text, line in view.label_places():
        ink = face.render(text, True, (0, 0, 0)).get_bounding_rect()
        found.append((text, ink.move(line.topleft)))
    return found


def distance(rect: pygame.Rect, point) -> float:
    x = min(max(point[0], rect.left), rect.right)
    y = min(max(point[1], rect.top), rect.bottom)
    return math.dist((x, y), point)


def label_problems(view, goal: int) -> list[str]:
    problems = []
    cap = cap_height("bold", view.label_px)
    # at the goal, or as large as the squares' (points') distance allows
    if cap < goal and view.labels_fit(view.label_px + 1):
        problems.append(f"capitals {cap} px under {goal} px with room for more")
    placed = inks(view)
    if not placed:
        problems.append("no labels")
    for text, ink in placed:
        if not view.rect.contains(ink):
            problems.append(f"{text!r} at {ink} runs off the board's {view.rect}")
        for name, centre in view.spots().items():
            if name != "die" and distance(ink, centre) < view.radius:
                problems.append(f"{text!r} at {ink} covers the piece on {name}")
    for i, (text, ink) in enumerate(placed):
        for other, ink2 in placed[i + 1 :]:
            if ink.colliderect(ink2):
                problems.append(f"{text!r} at {ink} runs into {other!r} at {ink2}")
    return problems


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", GAMES)
def test_the_game_screen_labels_its_board_at_the_visitors_text_size(app_factory, size, game_id):
    app = app_factory(game=game_id, size=size, lang="de", stand_in=True)
    pump(app, 0.05)
    assert app.scene.name == "game"
    view = app.scene.board.view
    goal = app.viewport.u(VISITOR_CAP)
    problems = label_problems(view, goal)
    assert not problems, f"{game_id} at {size}:\n" + "\n".join(problems[:12])


@pytest.mark.parametrize("size", SIZES[:3], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", sorted(diagrams.DIAGRAMS))
def test_a_rule_card_diagram_labels_its_board_at_the_visitors_text_size(size, name, monkeypatch):
    pygame.init()
    made: list = []

    def recorded(*args, **kwargs):
        view = view_for(*args, **kwargs)
        made.append(view)
        return view

    monkeypatch.setattr(diagrams, "view_for", recorded)
    vp = Viewport(*size)
    # the card's column, at a width no other test draws (the picture is drawn here, not reused)
    diagrams.render_diagram(name, round(vp.width * 0.68) + 1, vp.unit)
    diagrams.MovingDiagram(name, (vp.width // 3, vp.width // 4), vp.unit)  # the played one
    assert made, f"{name}: no board drawn"
    for view in made:
        problems = label_problems(view, vp.u(VISITOR_CAP))
        assert not problems, f"{name} at {size}:\n" + "\n".join(problems[:12])
