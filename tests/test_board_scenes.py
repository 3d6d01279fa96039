"""The screens around the boards: the prisoner's legend, the variants at set-up, the
game-choice picture of the game one touch on Play starts."""

from __future__ import annotations

import pygame
import pytest

from ludique.games import family_games
from ludique.games.latrunculi.rules import SenecaState
from ludique.ui.layout import recording
from ludique.ui.scenes.home import miniature, start_picture, tile_game
from ludique.words.i18n import LANGUAGES


def _texts(app) -> list[str]:
    app.dirty = True
    with recording() as drawn:
        app.draw()
    return [r.message for r in drawn]


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 768), (1080, 1920)])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_prisoner_on_the_board_is_explained_beside_it(app_factory, lang, size):
    app = app_factory(game="latrunculi-seneca", lang=lang, size=size)
    scene = app.scene
    # the sign is drawn once, as the piece shows it: not again, smaller, in the words
    words = app.t("legend.incitus").removeprefix("Ꝋ").lstrip()
    assert words not in _texts(app)  # an empty board: nothing to explain
    prisoner = SenecaState.from_position(
        blue=["e4", "a1", "h1", "c6"],
        white=["d4", "f4", "a8", "h8"],
        inciti={"e4": ("d4", "f4")},
        to_move="white",
    )
    scene.set_position(prisoner)
    app.dirty = True
    with recording() as drawn:
        app.draw()
    legend = [r for r in drawn if r.message == words]
    assert len(legend) == 1 and not legend[0].overflow
    assert not any("Ꝋ" in r.message for r in drawn)
    # beside the board, never over it
    grid = scene.view.grid
    assert not legend[0].drawn.colliderect(grid.inflate(scene.view.cell, scene.view.cell))


def test_the_game_choice_picture_is_the_default_variants_start(app_factory):
    app = app_factory(lang="de")
    app.go("setup", family="latrunculi")
    assert app.scene.variant == "seneca"  # the family's first game, offered first
    assert app.scene.game_id == tile_game("latrunculi")
    size = (520, 400)
    raw = pygame.image.tobytes
    picture = miniature("latrunculi", size)
    assert raw(picture, "RGBA") == raw(start_picture(app.scene.game_id, size), "RGBA")


@pytest.mark.parametrize("variant", [g.variant for g in family_games("latrunculi")])
def test_each_variant_is_introduced_by_its_start_and_a_sentence(app_factory, variant):
    app = app_factory(lang="de")
    app.go("setup", family="latrunculi")
    scene = app.scene
    scene.variant = variant
    scene.layout()
    texts = _texts(app)
    assert app.t(f"variant.{variant}.blurb") in texts
    box = scene.picture_box
    assert box is not None and box.width > 0
    shown = app.screen.subsurface(box)
    expected = start_picture(f"latrunculi-{variant}", box.size)
    # the picture of this variant's start stands there (pixels under its opaque parts)
    x, y = box.width // 2, box.height // 2
    assert tuple(shown.get_at((x, y)))[:3] == tuple(expected.get_at((x, y)))[:3]
