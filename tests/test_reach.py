"""Every control and every square a visitor may touch within a seated visitor's reach
(ADA 308.2.1: forward reach from 0.38 m to 1.22 m above the floor), for the way the screen is
mounted: the settings' diagonal and lower edge give the band (``ludique.kiosk.mounting``), and
every screen of the review renderer is drawn with the touch targets written down as drawn
(``ludique.ui.layout.record_target``: buttons, the language switch, the board's squares and
points, the die)."""

from __future__ import annotations

import pytest

from ludique.kiosk.mounting import Mounting, mounting_of, reach_band
from ludique.kiosk.settings import Settings, parse_settings
from ludique.tools.screens import each_screen, review_app
from ludique.ui.layout import Viewport, recording, viewport_for

CURATOR_SCREENS = ("pin-pad", "admin")  # the curator's panel may stay where it is

# the mountings of issue 61: a 55-inch screen at 0.8 m (16:9 and 16:10), a 32-inch at 0.9 m,
# a table; and a 4:3 screen and a portrait totem at 0.8 m
MOUNTED = [
    ((1920, 1080), "55@80"),
    ((1280, 800), "55@80"),
    ((1024, 768), "55@80"),
    ((1920, 1080), "32@90"),
    ((1280, 800), "32@90"),
    ((1280, 800), "table"),
    ((1080, 1920), "55@80"),  # a portrait totem: only its lower third is within reach
    ((1920, 1080), "55@20"),  # standing low: what is under 0.38 m is out of reach too
    # a totem standing low, its band short at both ends: the story had no room for its board
    ((1080, 1920), "55@30"),
]


def test_the_band_is_where_a_seated_visitor_reaches() -> None:
    # a 55-inch 16:10 screen is 0.74 m tall: at 0.8 m its top 43 % is above 1.22 m
    top, bottom = reach_band(Mounting(55, 80), 1280, 800)
    assert top == pytest.approx(1 - 0.42 / 0.7402, abs=0.002) and bottom == 1.0
    assert 0.42 < top < 0.44
    # 16:9: 0.685 m tall, the top 39 % out of reach
    assert reach_band(Mounting(55, 80), 1920, 1080)[0] == pytest.approx(0.387, abs=0.002)
    # a 32-inch 16:9 at 0.9 m: 0.40 m tall, the top fifth out of reach
    assert reach_band(Mounting(32, 90), 1920, 1080)[0] == pytest.approx(0.196, abs=0.002)
    # a table, or a screen low and small enough: all of it
    assert reach_band(mounting_of(55, "table"), 1920, 1080) == (0.0, 1.0)
    assert reach_band(Mounting(32, 40), 1920, 1080) == (0.0, 1.0)
    # standing low: what is under 0.38 m is out of reach too (a 55-inch at 0.2 m)
    top, bottom = reach_band(Mounting(55, 20), 1920, 1080)
    assert bottom == pytest.approx(1 - 0.18 / 0.685, abs=0.002)
    assert top == pytest.approx(0.0)
    # a portrait totem is tall: at 0.8 m only its lower third is within reach
    assert reach_band(Mounting(55, 80), 1080, 1920)[0] == pytest.approx(0.655, abs=0.002)


def test_the_viewport_knows_its_band_from_the_settings() -> None:
    settings = Settings()
    band = viewport_for((1280, 800), settings).band
    assert (band.top, band.bottom, band.width) == (346, 800, 1280)
    settings.screen_lower_edge_cm = "table"
    assert viewport_for((1280, 800), settings).band == Viewport(1280, 800).rect


def test_mounting_settings_are_read_and_a_bad_value_is_named() -> None:
    good = parse_settings('screen_diagonal_inches = 32\nscreen_lower_edge_cm = "table"\n')
    assert (good.screen_diagonal_inches, good.screen_lower_edge_cm, good.problems) == (
        32,
        "table",
        [],
    )
    assert parse_settings("screen_lower_edge_cm = 95\n").screen_lower_edge_cm == 95
    bad = parse_settings(
        'sound = true\nscreen_lower_edge_cm = "wall"\nscreen_diagonal_inches = 300\n', "s.toml"
    )
    assert (bad.screen_lower_edge_cm, bad.screen_diagonal_inches) == (80, 55)
    said = sorted(str(problem) for problem in bad.problems)
    assert said[0].startswith('s.toml, line 2: screen_lower_edge_cm = "wall" must be a whole')
    assert 'or "table"' in said[0] and "using the default 80" in said[0]
    assert said[1].startswith("s.toml, line 3: screen_diagonal_inches = 300 is out of range")
    # above 1.22 m nothing of the screen is in reach: not a mounting the kiosk can serve
    assert parse_settings("screen_lower_edge_cm = 130\n").problems


def _out_of_reach(size: tuple[int, int], mount: str, lang: str = "de") -> list[str]:
    app = review_app(size, lang, mount)
    found: list[str] = []
    screen_id = id(app.screen)
    band = app.viewport.band
    try:
        for name in each_screen(app):
            app.dirty = True
            with recording() as drawn:
                app.draw()
            if any(curator in name for curator in CURATOR_SCREENS):
                continue
            targets = [t for t in drawn.targets if t.surface == screen_id]
            if name.startswith("attract"):
                # any touch on the attract screen opens Home: its demo's squares are a
                # picture, its language flags the only targets
                targets = [t for t in targets if t.name.startswith("language-")]
            assert targets, f"{name}: no touch target recorded"
            for target in targets:
                if not band.contains(target.rect):
                    found.append(
                        f"{size[0]}x{size[1]} {mount} {name}: {target.name} at {target.rect}"
                        f" outside the band {band.top}-{band.bottom}"
                    )
    finally:
        app.close()
    return found


@pytest.mark.parametrize(("size", "mount"), MOUNTED, ids=[f"{s[0]}x{s[1]}-{m}" for s, m in MOUNTED])
def test_every_target_of_every_screen_is_within_reach(size, mount) -> None:
    found = _out_of_reach(size, mount)
    assert not found, f"{len(found)} targets out of reach:\n" + "\n".join(found[:40])


WHO_PLAYS = [((1280, 800), "55@80"), ((1920, 1080), "55@80"), ((1280, 800), "table")]


@pytest.mark.parametrize(
    ("size", "mount"), WHO_PLAYS, ids=[f"{s[0]}x{s[1]}-{m}" for s, m in WHO_PLAYS]
)
def test_who_plays_keeps_its_line_on_every_game_screen(size, mount) -> None:
    """Nothing a visitor needs is dropped when the strip is full: on the fullest screens (a
    threat, a rule notice and a loss at once) the line that says who plays and at which
    strength stayed off at 1280x800, and on a table mounting; it never gives way."""
    app = review_app(size, "de", mount)
    dropped: list[str] = []
    try:
        for name in each_screen(app):
            scene = app.scene
            if scene.name != "game" or scene.leaving is not None:
                continue
            app.dirty = True
            with recording() as drawn:
                app.draw()
            config = scene.config
            strength = app.t(f"strength.{config.strength}")
            who = (
                app.t("status.against", strength=strength)
                if config.opponent == "computer"
                else app.t("setup.two_players")
            )
            if not any(r.message == who for r in drawn):
                dropped.append(name)
    finally:
        app.close()
    assert not dropped, f"who plays dropped on {dropped}"


@pytest.mark.parametrize(("size", "mount"), [((1920, 1080), "55@80"), ((1280, 800), "table")])
def test_no_panel_covers_the_board_while_the_visitor_plays(size, mount) -> None:
    """Nothing a visitor must touch lies under a panel: on his turn a word over the board (why
    a drop was refused, the battle begins, which counter cannot enter) covered rows 4 to 9 of
    the Epaminondas board, whose squares he had to touch; it is said beside the board."""
    app = review_app(size, "de", mount)
    covered: list[str] = []
    screen_id = id(app.screen)
    try:
        for name in each_screen(app):
            scene = app.scene
            if scene.name != "game" or scene.leaving is not None:
                continue
            if not scene.match.human_turn or scene.match.state.outcome is not None:
                continue
            app.dirty = True
            with recording() as drawn:
                app.draw()
            if max((c.layer for c in drawn.covers), default=0) > 0:
                continue  # a veil over the screen (the idle countdown): nothing is touched
            squares = set(scene.board.view.spots())
            targets = [t for t in drawn.targets if t.surface == screen_id and t.name in squares]
            panels = [c.rect for c in drawn.covers if c.surface == screen_id]
            hidden = sorted({t.name for t in targets for p in panels if p.colliderect(t.rect)})
            if hidden:
                covered.append(f"{name}: {', '.join(hidden[:12])}")
    finally:
        app.close()
    assert not covered, "squares under a panel on the visitor's turn:\n" + "\n".join(covered)
