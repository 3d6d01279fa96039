"""What keeps the kiosk's memory flat: one byte budget for kept pictures, and screens that are
freed the moment the kiosk leaves them (benchmarks/soak.py measures the result over hours)."""

from __future__ import annotations

import gc
import weakref

import pygame
import pytest
from kiosk_driver import button_centre, click, make_app, pump

from ludique.ui.pixels import PixelCache, kept, surface_bytes


def sheet(w: int, h: int = 10) -> pygame.Surface:
    return pygame.Surface((w, h), pygame.SRCALPHA)


def test_the_least_recently_used_pictures_go_first_once_the_bytes_exceed_the_budget() -> None:
    one = surface_bytes(sheet(100))
    assert one == 100 * 10 * 4
    cache = PixelCache(budget=3 * one)
    for key in "abc":
        cache.put(key, sheet(100))
    assert cache.bytes == 3 * one and len(cache) == 3
    assert cache.get("a") is not None  # "a" is now the most recent: "b" is the oldest
    cache.put("d", sheet(100))
    assert cache.get("b") is None
    assert [cache.get(k) is not None for k in "acd"] == [True, True, True]
    assert cache.bytes == 3 * one
    # one large picture pushes out as many small ones as it needs
    cache.put("big", sheet(200))
    assert cache.bytes <= cache.budget
    assert cache.get("big") is not None and len(cache) == 2


def test_a_picture_larger_than_the_budget_is_drawn_but_not_kept() -> None:
    cache = PixelCache(budget=1000)
    cache.put("small", sheet(10))
    huge = cache.put("huge", sheet(1000))
    assert huge.get_width() == 1000
    assert cache.get("huge") is None and cache.get("small") is not None


def test_replacing_a_key_counts_its_bytes_once() -> None:
    cache = PixelCache(budget=10**6)
    cache.put("k", sheet(100))
    cache.put("k", sheet(50))
    assert cache.bytes == surface_bytes(sheet(50)) and len(cache) == 1


def test_a_subsurface_owns_no_pixels() -> None:
    parent = sheet(100, 100)
    assert surface_bytes(parent.subsurface((0, 0, 10, 10))) == 0


def test_kept_draws_once_per_arguments_and_again_after_eviction(monkeypatch) -> None:
    from ludique.ui import pixels

    cache = PixelCache(budget=2 * surface_bytes(sheet(64)))
    monkeypatch.setattr(pixels, "PIXELS", cache)
    drawn: list[int] = []

    @kept
    def strip(width: int) -> pygame.Surface:
        drawn.append(width)
        return sheet(width)

    first = strip(64)
    assert strip(64) is first and drawn == [64]
    strip(65)
    strip(66)  # the budget holds two: 64 goes
    assert strip(64) is not first and drawn == [64, 65, 66, 64]


@pytest.fixture
def no_automatic_collection():
    """Only the kiosk's own collection may free cycles during the test."""
    gc.collect()
    gc.disable()
    yield
    gc.enable()


def test_a_screen_left_is_freed_at_once_with_its_pixels(no_automatic_collection) -> None:
    # the game is the first screen here: it must not be frozen with the start-up objects either
    app = make_app(game="latrunculi-seneca")
    try:
        pump(app, 0.1)
        game = weakref.ref(app.scene)
        click(app, button_centre(app, "rules"))
        assert app.scene.name == "rules"
        card = weakref.ref(app.scene)
        click(app, button_centre(app, "close"))
        pump(app, 0.05)
        assert app.scene is game()  # the same game comes back ...
        assert card() is None  # ... and the rule card (some 20 MB of pixels) is gone
        click(app, button_centre(app, "home"))
        pump(app, 0.05)
        assert app.scene.name == "home"
        assert game() is None
    finally:
        app.close()


def test_the_picture_budget_grows_with_the_screen_and_trims_when_it_shrinks() -> None:
    from ludique.ui.pixels import BUDGET, budget_for

    assert budget_for((1920, 1080)) == BUDGET == budget_for((1280, 800))
    assert budget_for((3840, 2160)) == 4 * BUDGET
    one = surface_bytes(sheet(64))
    cache = PixelCache(budget=4 * one)
    for n in range(4):
        cache.put(("sheet", n), sheet(64))
    cache.set_budget(2 * one)
    assert len(cache) == 2 and cache.bytes <= 2 * one
    assert cache.get(("sheet", 0)) is None and cache.get(("sheet", 3)) is not None
