"""A screen whose lower edge stands below 0.38 m (issue 61): the band a seated visitor
reaches ends above the screen's foot.  On a totem mounted at 0.2 m the language switch stands
high up in the band, above where the attract screen's demo begins: the demo was given the
height between them, a negative one, and drawing it failed (the kiosk fell back to the
attract screen, which failed again)."""

from __future__ import annotations

import pygame
import pytest
from kiosk_driver import pump

from ludique.kiosk.settings import Settings
from ludique.ui.layout import recording

LOW = [((1080, 1920), (55, 20)), ((1920, 1080), (55, 20)), ((1024, 768), (55, 20))]


@pytest.mark.parametrize(
    ("size", "mount"), LOW, ids=[f"{s[0]}x{s[1]}-{m[0]}@{m[1]}" for s, m in LOW]
)
def test_the_attract_screen_is_drawn_whole_on_a_low_mounted_screen(app_factory, size, mount):
    settings = Settings(sound=False)
    settings.screen_diagonal_inches, settings.screen_lower_edge_cm = mount
    app = app_factory(size=size, lang="de", settings=settings)
    app.go("attract")
    pump(app, 0.02)
    scene = app.scene
    assert scene.name == "attract"
    canvas = pygame.Surface(app.screen.get_size())
    with recording() as drawn:
        scene.draw(canvas)  # not through the kiosk's fallback: a failure shows here
        app.language_switch.draw(canvas, app.lang)
    placed = scene.placed
    screen = canvas.get_rect()
    assert placed.demo.width > 0 and placed.demo.height > 0
    assert screen.contains(placed.demo)
    assert not placed.demo.colliderect(app.language_switch.area)
    for part in (placed.demo_note, placed.title, placed.subtitle, *placed.pictures, placed.touch):
        assert not part.colliderect(placed.demo) or part is placed.demo
    flags = [t.rect for t in drawn.targets if t.name.startswith("language-")]
    assert flags and all(app.viewport.band.contains(rect) for rect in flags)
    for record in drawn:
        assert screen.contains(record.drawn), record.message
        assert not record.overflow, record.message
