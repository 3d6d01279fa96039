"""Every text of every screen inside its box, on the screen, apart from the others and readable,
in every language at every size a museum mounts (the kiosk draws at the display's own size).

The screens are the review renderer's (``ludique.tools.screens.each_screen``): every scene, every
game,
the rule cards, the end screens, the countdown, the PIN pad and the admin panel.  Each text is
measured as the kiosk draws it, through ``ludique.ui.layout.draw_text``.
"""

from __future__ import annotations

import itertools

import pytest

from ludique.tools.curator_screens import admin_screens
from ludique.tools.screens import SIZES, each_screen, review_app
from ludique.ui.layout import VISITOR_CAP, cap_height, recording
from ludique.words.i18n import LANGUAGES

TEXT_CONTRAST = 4.5  # WCAG 2.1, normal text
CURATOR_SCREENS = ("pin-pad", "admin")  # dense sheets for curators, at arm's length
TOTALS: dict[str, int] = {}


def _problems(
    size: tuple[int, int], lang: str, contrast: bool, mount: str | None = None, shown=each_screen
) -> tuple[int, int, list[str]]:
    app = review_app(size, lang, mount)
    problems: list[str] = []
    screens = texts = 0
    screen_id = id(app.screen)
    bounds = app.screen.get_rect()
    # the capitals of every text a visitor reads (26 px at 1080 lines: legible from 1.5 m)
    floor = app.viewport.u(VISITOR_CAP)
    try:
        for name in shown(app):
            app.dirty = True
            with recording() as drawn:
                app.draw()
            screens += 1
            texts += len(drawn)
            where = f"{size[0]}x{size[1]}{'-' + mount if mount else ''} {lang} {name}"
            visitor = not any(curator in name for curator in CURATOR_SCREENS)
            for r in drawn:
                cap = cap_height(r.role, r.size)
                if visitor and cap < floor:
                    problems.append(
                        f"{where}: {r.message!r} drawn at {r.size} px, its capitals {cap} px"
                        f" high, under {floor} px ({VISITOR_CAP} units)"
                    )
                if r.overflow:
                    problems.append(f"{where}: {r.message!r} does not fit its box {r.box}")
                if r.surface == screen_id and not bounds.contains(r.drawn):
                    problems.append(f"{where}: {r.message!r} runs off the screen at {r.drawn}")
                if contrast and r.contrast is not None and r.contrast < TEXT_CONTRAST:
                    problems.append(f"{where}: {r.message!r} contrast {r.contrast:.2f}:1")
            top = max((r.layer for r in drawn), default=0)
            # texts under a veil are hidden by the panel drawn over them
            on_screen = [r for r in drawn if r.surface == screen_id and r.layer == top]
            for a, b in itertools.combinations(on_screen, 2):
                if a.drawn.colliderect(b.drawn):
                    problems.append(f"{where}: {a.message!r} overlaps {b.message!r}")
            problems += [f"{where}: {p}" for p in covered(drawn, screen_id, top)]
            problems += [f"{where}: {p}" for p in missing_from_strip(app, drawn)]
    finally:
        app.close()
    return screens, texts, problems


def covered(drawn, screen_id: int, top: int) -> list[str]:
    """Texts a button or a panel hides: one drawn over a text, or a text that runs out of the
    panel it is drawn on (a notice under a button, a line half off its card)."""
    found = []
    covers = [c for c in drawn.covers if c.surface == screen_id and c.layer == top]
    for r in drawn:
        if r.surface != screen_id or r.layer != top:
            continue
        for c in covers:
            if not r.drawn.colliderect(c.rect):
                continue
            if c.order > r.order:
                found.append(f"{r.message!r} at {r.drawn} is under a button or panel at {c.rect}")
            elif not c.rect.contains(r.drawn):
                found.append(f"{r.message!r} at {r.drawn} runs out of its panel {c.rect}")
    return found


def missing_from_strip(app, drawn) -> list[str]:
    """On a game screen the strip shows every count (pieces across, pieces lost), the pieces
    the computer's last move took, the first threat's line and what a held piece's red targets
    mean, whatever else it has to say."""
    scene = app.scene
    if getattr(scene, "name", None) != "game" or getattr(scene, "leaving", None) is not None:
        return []
    guidance = scene.guidance
    texts = " | ".join(r.message for r in drawn)
    wanted = [line.render(app.t) for line, _ in guidance.score_lines()]
    lines = (guidance.lost, guidance.threat_line(), guidance.risk_line(scene.board.selected))
    for line in lines:
        if line is not None:
            wanted.append(line.render(app.t))
    return [f"{words!r} is not on the strip" for words in wanted if words not in texts]


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_in_its_box_on_every_screen(size, lang):
    # contrast does not depend on the size: measured once per language, at full HD
    screens, texts, problems = _problems(size, lang, contrast=size == (1920, 1080))
    TOTALS[f"{size[0]}x{size[1]} {lang}"] = texts
    assert screens >= 30 and texts >= 10 * screens
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_in_its_box_on_the_curators_panel(size, lang):
    # the panel's screens alone (quick): without statistics, with their charts, with problems
    screens, texts, problems = _problems(
        size, lang, contrast=size == (1920, 1080), shown=admin_screens
    )
    assert screens == 4 and texts >= 40 * 3
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])


# the other mountings of issue 61 (the default, a 55-inch screen at 0.8 m, is every test above):
# each moves the controls into the band a seated visitor reaches, and the words round them
MOUNTS = [
    ((1920, 1080), "32@90", "de"),
    ((1280, 800), "32@90", "de"),
    ((1280, 800), "table", "de"),
    ((1280, 800), "table", "fr"),  # the quick start of a placement under a long rule notice
    # standing low, the screen's foot under 0.38 m out of reach: the words go below the band
    ((1280, 800), "55@20", "de"),
    ((1280, 800), "55@30", "de"),
    ((1920, 1080), "55@20", "de"),
    ((1024, 768), "55@20", "de"),  # the story's buttons need the column beside a slimmer board
]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("size", "mount", "lang"), MOUNTS, ids=[f"{s[0]}x{s[1]}-{m}-{lang}" for s, m, lang in MOUNTS]
)
def test_every_text_in_its_box_for_every_mounting(size, mount, lang):
    screens, texts, problems = _problems(size, lang, contrast=False, mount=mount)
    assert screens >= 30 and texts >= 10 * screens
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])


def _story_screens(app):
    from ludique.tools.screens import _story_screens as stories

    yield from stories(app)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_word_of_the_story_whole(size, lang):
    # the story screens alone (quick): every ending, a short game's lost on its score among
    # them, whose verdict says the score too (once cut under the honest line, issue of the
    # German playtest)
    screens, texts, problems = _problems(size, lang, contrast=False, shown=_story_screens)
    assert screens >= 7 and texts >= 5 * screens
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])
