"""The one text helper (``ludique.ui.layout.draw_text``) and the contrast of the marks a visitor
needs.  The whole-screen check of every text is tests/test_layout.py."""

from __future__ import annotations

import pygame
import pytest

from ludique.ui import palette, theme
from ludique.ui.boards.pente import POINT_LABEL
from ludique.ui.fonts import font
from ludique.ui.layout import Viewport, draw_text, fit_text, recording
from ludique.ui.palette import contrast_ratio

MARK_CONTRAST = 3.0  # WCAG 2.1 non-text contrast: targets, point labels, hints


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    yield


def test_the_old_german_call_to_play_overflowed_and_now_fits():
    """Before, "Bildschirm berühren zum Spielen" was drawn at 64 px into a 660x200 box with no
    shrinking: three lines, the last cut by the screen's edge.  The helper says so, then fits it."""
    message = "Bildschirm berühren zum Spielen"
    fixed = fit_text(message, "display", 64, (660, 200), min_size=64)
    assert fixed.overflow and len(fixed.lines) == 3
    fitted = fit_text(message, "display", 64, (660, 200))
    assert not fitted.overflow and fitted.size < 64
    assert fitted.height <= 200 and fitted.width <= 660


def test_text_wraps_then_shrinks_to_its_box_and_never_draws_outside():
    surface = pygame.Surface((800, 600))
    box = pygame.Rect(100, 100, 300, 130)
    message = "Der Computer hat gewonnen: fünf Steine auf der heiligen Linie"
    with recording() as drawn:
        covered = draw_text(surface, message, box, size=40, colour=(255, 255, 255))
    assert box.contains(covered)
    (record,) = drawn
    assert not record.overflow and record.size < 40
    # at a floor too large to fit, the text is recorded as overflowing and clipped to its box
    surface.fill((0, 0, 0))
    with recording() as drawn:
        draw_text(surface, message, box, size=40, min_size=40, colour=(255, 255, 255))
    assert drawn[0].overflow
    lit = [
        (x, y)
        for x in range(0, 800, 2)
        for y in range(0, 600, 2)
        if surface.get_at((x, y))[0] > 128
    ]
    assert lit and all(box.collidepoint(p) for p in lit)


def test_contrast_is_measured_against_what_lies_behind_the_glyphs():
    surface = pygame.Surface((400, 100))
    surface.fill(theme.GOLD)
    with recording() as drawn:
        draw_text(surface, "Spielen", surface.get_rect(), size=40, colour=theme.CREAM)
        draw_text(surface, "Spielen", surface.get_rect(), size=40, colour=theme.INK)
    low, high = drawn
    assert low.contrast < 2 < 4.5 < high.contrast


def test_a_long_word_alone_shrinks_rather_than_run_out_of_its_box():
    word = "Donaudampfschifffahrtsgesellschaftskapitän"
    fit = fit_text(word, "bold", 40, (200, 120))
    assert fit.width <= 200 or fit.overflow
    assert font("bold", fit.size).size(word)[0] == fit.width


@pytest.mark.parametrize(
    ("size", "unit"),
    [((1920, 1080), 1.0), ((3840, 2160), 2.0), ((1024, 768), 768 / 1080), ((1080, 1920), 1.0)],
)
def test_the_unit_follows_the_shorter_side(size, unit):
    vp = Viewport(*size)
    assert vp.unit == pytest.approx(unit)
    assert vp.portrait == (size[1] > size[0])


def test_a_known_small_dense_screen_enlarges_touch_targets_towards_9_mm():
    # a 24-inch full HD screen (531 mm wide): the smallest target is 21 mm already
    assert Viewport(1920, 1080, width_mm=531).unit == 1.0
    # a 13-inch one (288 mm): 76 px are 11.4 mm, still enough
    assert Viewport(1920, 1080, width_mm=288).unit == 1.0
    # a 7-inch full HD panel (155 mm): 76 px would be 6.1 mm; the unit grows (to its cap)
    small = Viewport(1920, 1080, width_mm=155)
    assert small.unit > 1.0
    assert small.u(76) * 155 / 1920 >= min(9.0, 6.1 * 1.25) - 0.1


BOARDS = {
    "terracotta": palette.TERRACOTTA,
    "stone": palette.STONE,
    "wood": palette.WOOD,
    "wood, dark": palette.WOOD_DARK,
    "stone, dark": palette.STONE_DARK,
}


@pytest.mark.parametrize("board", BOARDS)
def test_a_target_mark_stands_out_on_every_board(board):
    base = BOARDS[board]
    best = max(contrast_ratio(theme.TARGET, base), contrast_ratio(theme.TARGET_EDGE, base))
    assert best >= MARK_CONTRAST, f"target on {board}: {best:.2f}:1"


def test_point_labels_and_hints_stand_out():
    assert contrast_ratio(POINT_LABEL, palette.TERRACOTTA) >= MARK_CONTRAST
    for board in BOARDS.values():
        # the hint glow is gold light: it must stand out where the pieces stand
        assert (
            max(contrast_ratio(theme.HIGHLIGHT, board), contrast_ratio(theme.HIGHLIGHT, theme.DEEP))
            >= MARK_CONTRAST
        )


def test_the_two_sides_differ_in_lightness_for_colour_blind_visitors():
    assert contrast_ratio(palette.BLUE_COUNTER, palette.WHITE_COUNTER) >= 5
    assert contrast_ratio(palette.BLACK_PIECE, palette.WHITE_COUNTER) >= 5
