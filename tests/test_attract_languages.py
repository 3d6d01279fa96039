"""The attract screen speaks the three languages in turn, the whole screen at a time (title,
subtitle, the demo's note, the games' names, the call to play), and lights no language button
until a visitor chooses one.  The real App, its clock held by the test (SDL's dummy driver).
"""

from __future__ import annotations

from kiosk_driver import HeldClock

from ludique.ui import theme
from ludique.ui.layout import recording
from ludique.ui.scenes.attract import CALL_SECONDS
from ludique.words.i18n import LANGUAGES, catalog

KEYS = (
    "attract.subtitle",
    "attract.demo",
    "attract.touch",
    "family.pente-grammai.name",
    "family.latrunculi.name",
    "family.epaminondas.name",
)


def words_of(lang: str) -> set[str]:
    return {catalog(lang).t(f"kiosk.{key}") for key in KEYS}


def test_the_attract_screen_speaks_each_language_in_turn_whole(app_factory):
    app = app_factory(lang="de")
    app.go("attract")
    clock = HeldClock(app, 0.0)
    seen = []
    for turn in range(len(LANGUAGES)):
        clock.t = turn * CALL_SECONDS + CALL_SECONDS / 2
        app.dirty = True
        with recording() as drawn:
            app.draw()
        texts = {r.message for r in drawn}
        lang = next(lang for lang in LANGUAGES if words_of(lang) <= texts)
        seen.append(lang)
        others = set().union(*(words_of(o) for o in LANGUAGES if o != lang)) - words_of(lang)
        assert not texts & others, (lang, texts & others)
        # no language button lit: their fill is the unchosen one
        for rect in app.language_switch.rects.values():
            spot = (rect.left + max(3, rect.width // 10), rect.centery)
            assert tuple(app.screen.get_at(spot))[:3] != theme.CREAM
    assert seen[0] == "de"  # the kiosk's language first
    assert sorted(seen) == sorted(LANGUAGES)
    clock.release()


def test_a_touch_on_the_attract_screen_opens_the_language_it_speaks_then(app_factory):
    """A German visitor answers the German call: Home opens in German, not in the kiosk's
    default language the screen began with (issue 61)."""
    from kiosk_driver import press

    app = app_factory(lang="fr")
    app.go("attract")
    clock = HeldClock(app, 0.0)
    # the call in the second language of the turn (the first is the kiosk's own)
    clock.t = CALL_SECONDS * 1.5
    spoken = app.scene.call_language(clock.t)
    assert spoken != "fr"
    touch = app.scene.placed.touch.center
    press(app, touch)
    assert app.scene.name == "home"
    assert app.lang == spoken
    clock.release()
