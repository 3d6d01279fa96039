"""The shapes several screens draw alike, each one helper: a row of choices
(``widgets.choice_buttons``), a button's words measured on one line (``widgets.label_width``)
and a label (``layout.draw_label``).  The screens that use them are checked whole by
tests/test_layout.py and tests/test_reach.py."""

from __future__ import annotations

from functools import partial

import pygame
import pytest

from ludique.ui.context import Pointer
from ludique.ui.fonts import font
from ludique.ui.layout import Viewport, draw_label, read_for, reading_size, recording
from ludique.ui.widgets import Choice, choice_buttons, label_width, press_button


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    yield
    read_for(None)


def test_a_row_of_choices_shows_the_chosen_one_and_a_tap_chooses_another() -> None:
    chosen: list[str] = []
    choices = [
        Choice(f"idle-{n}", f"{n} s", n == 90, partial(chosen.append, f"{n}"))
        for n in (60, 90, 120)
    ]
    rects = [pygame.Rect(10 + i * 120, 10, 110, 60) for i in range(3)]
    buttons = choice_buttons(choices, rects, 30)
    assert [b.kind for b in buttons] == ["normal", "selected", "normal"]
    assert [b.name for b in buttons] == ["idle-60", "idle-90", "idle-120"]
    assert [b.rect for b in buttons] == rects
    assert press_button(buttons, Pointer("down", rects[2].center))
    assert chosen == ["120"]
    with pytest.raises(ValueError):  # a choice without its place is a mistake, not dropped
        choice_buttons(choices, rects[:2], 30)


def test_a_buttons_words_are_measured_as_drawn_never_under_the_reading_floor() -> None:
    words = "Anzeige der Gewinnchance"
    assert label_width(words, 30) == font("bold", 30).size(words)[0]
    read_for(Viewport(1920, 1080))  # a visitor's screen: capitals 26 px at least
    floor = reading_size("bold")
    assert floor > 30
    assert label_width(words, 30) == font("bold", floor).size(words)[0]
    assert label_width(words, floor + 10) == font("bold", floor + 10).size(words)[0]


def test_a_label_is_bold_and_starts_at_its_boxs_left_edge() -> None:
    surface = pygame.Surface((600, 200))
    box = pygame.Rect(40, 20, 500, 80)
    with recording() as drawn:
        covered = draw_label(surface, "Statistik", box, size=34, colour=(236, 222, 192))
    (record,) = drawn
    assert record.role == "bold" and record.size == 34
    assert covered.left == box.left and box.contains(covered)
    assert abs(covered.centery - box.centery) <= 1  # in the middle of its row by default
    with recording() as drawn:
        covered = draw_label(surface, "Statistik", box, size=34, colour=(0, 0, 0), valign="top")
    assert covered.top == box.top
