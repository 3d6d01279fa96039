"""The rule cards' diagrams on screen label their boards (1A..5B, a..n) no smaller than the
boards' label size (``boards.base.LABEL_UNITS``, 26 units): at 1280x800 they were drawn in
proportion to the diagram, 8-9 px (issue 61, item 6)."""

from __future__ import annotations

import pygame
import pytest

from ludique.ui import diagrams
from ludique.ui.boards import view_for
from ludique.ui.boards.base import LABEL_UNITS
from ludique.ui.layout import Viewport

UNIT = Viewport(1280, 800).unit  # the smallest landscape screen the museum mounts
CARD_WIDTH = 900  # about the card's column at 1280x800


@pytest.fixture
def views(monkeypatch) -> list:
    """Every board view the diagrams make, as they make it (the real ``view_for``)."""
    made: list = []

    def recorded(*args, **kwargs):
        view = view_for(*args, **kwargs)
        made.append(view)
        return view

    monkeypatch.setattr(diagrams, "view_for", recorded)
    return made


@pytest.mark.parametrize("name", sorted(diagrams.DIAGRAMS))
def test_a_card_diagram_labels_its_board_at_the_visitors_text_floor(name, views) -> None:
    pygame.init()
    floor = round(LABEL_UNITS * UNIT)
    # a width no other test draws, so that the picture is drawn here and not reused
    diagrams.render_diagram(name, CARD_WIDTH + 1, UNIT)
    diagrams.MovingDiagram(name, (CARD_WIDTH // 2, CARD_WIDTH // 3), UNIT)  # the played one
    assert views, f"{name}: no board drawn"
    for view in views:
        assert view.label_size() >= floor, f"{name}: labels {view.label_size()} px < {floor}"
