"""The die's caption (whose throw it shows, or whose is due) is always shown (issue 61): on a
narrow board its column under the die held no word at the reading floor ("Würfel antippen" at
1024x768; the computer's captions even at 1920x1080), and the caption was left out.  Now it
stands under the die where every caption of the match holds there, else just over the board,
from the die's side; the same place for every turn.  Every language, every size and mounting
a museum uses, in the real kiosk with real touches on the die."""

from __future__ import annotations

import pytest
from kiosk_driver import click, pump, wait_for

from ludique.kiosk.settings import Settings
from ludique.ui.layout import recording

SIZES = [(1024, 768), (1280, 800), (1920, 1080), (3840, 2160), (1080, 1920)]
MOUNTS = [(55, 80), (32, 90), (55, "table")]


def drawn(app):
    app.dirty = True
    with recording() as records:
        app.draw()
    return records


@pytest.mark.parametrize("lang", ["de", "fr", "en"])
@pytest.mark.parametrize("mount", MOUNTS, ids=lambda m: f"{m[0]}@{m[1]}")
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_die_says_whose_throw_it_is_on_every_screen(app_factory, size, mount, lang):
    settings = Settings(sound=False)
    settings.screen_diagonal_inches, settings.screen_lower_edge_cm = mount
    app = app_factory(game="pente-grammai", size=size, lang=lang, settings=settings, stand_in=True)
    scene = app.scene
    board = scene.board
    assert wait_for(app, lambda: scene.match.human_turn and scene.match.state.needs_roll)
    shown = []
    for _ in range(2):  # before the throw, and once the visitor's throw has landed
        words = board.guidance.die_caption(board.roll is not None).render(app.t)
        records = drawn(app)
        targets = [t.rect for t in records.targets]
        caption = [r for r in records if r.message == words]
        assert caption, f"{words!r} not drawn at {size} {mount} {lang}"
        (record,) = caption
        assert not record.overflow, f"{words!r} does not fit {record.box}"
        shown.append(record.drawn)
        for target in targets:
            assert not record.drawn.colliderect(target), f"{words!r} over a touch target"
        for other in records:
            if other is not record and other.layer == record.layer:
                assert not record.drawn.colliderect(other.drawn), (words, other.message)
        click(app, board.view.die_rect.center)
        assert wait_for(app, lambda: board.roll is None and not scene.match.state.needs_roll)
        pump(app, 0.02)
    # in one place, which every caption the match may give holds
    place = board.die_caption_place()
    assert place is not None, f"no room for the die's caption at {size} {mount} {lang}"
    assert all(place[0].contains(drawn) for drawn in shown)


@pytest.mark.parametrize("lang", ["de", "fr", "en"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_guided_games_die_says_whose_throw_it_is(app_factory, size, lang):
    """The guided game's die too: on a totem its strip stands over the board, and the
    caption takes the strip's foot, under the guide's words."""
    app = app_factory(size=size, lang=lang, stand_in=True)
    app.go("learn", game_id="pente-grammai")
    pump(app, 0.02)
    scene = app.scene
    board = scene.board
    assert wait_for(app, lambda: scene.match.human_turn and scene.match.state.needs_roll)
    words = board.guidance.die_caption(False).render(app.t)
    records = drawn(app)
    caption = [r for r in records if r.message == words]
    assert caption, f"{words!r} not drawn at {size} {lang}"
    (record,) = caption
    assert not record.overflow
    for target in records.targets:
        assert not record.drawn.colliderect(target.rect), f"{words!r} over {target.name}"
    for other in records:
        if other is not record:
            assert not record.drawn.colliderect(other.drawn), (words, other.message)
    for cover in records.covers:  # the guide's panels
        assert not record.drawn.colliderect(cover.rect), f"{words!r} under a panel"
