"""Every character the kiosk shows exists in the bundled faces (SDL_ttf draws a box otherwise).

Checked against each face's character map with fontTools: pygame's ``Font.metrics`` cannot
tell, as it measures the box it would draw for a missing glyph.
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache

import pygame
import pytest
from fontTools.ttLib import TTFont

from ludique.paths import asset_path, locales_dir
from ludique.ui.fonts import FACES, font
from ludique.ui.rule_cards import _tie
from ludique.words.i18n import LANGUAGES, read_language

# Characters the drawing code adds itself: list bullets, the incitus sign, the no-break space
# the French text gets before ":" and ";".
DRAWN_BY_CODE = "•\ua74a\u00a0"


def _texts() -> dict[str, str]:
    """Every text the kiosk can show, by where it comes from."""
    texts: dict[str, str] = {}
    for lang in LANGUAGES:
        for key, value in read_language(lang).items():
            texts[f"{lang}:{key}"] = _tie(value)
        for path in sorted((locales_dir() / lang).rglob("*.md")):
            texts[str(path.relative_to(locales_dir()))] = _tie(path.read_text(encoding="utf-8"))
    texts["code"] = DRAWN_BY_CODE
    return texts


def _characters() -> dict[str, list[str]]:
    where: dict[str, list[str]] = defaultdict(list)
    for origin, text in _texts().items():
        for char in set(text) - {"\n", "\r", "\t"}:
            where[char].append(origin)
    return where


@cache
def _cmap(face: str) -> set[int]:
    return set(TTFont(str(asset_path("fonts", face))).getBestCmap())


def test_the_texts_include_greek_german_and_the_incitus_sign():
    chars = _characters()
    for needed in "πέντεγραμμαί" + "äöüß" + "\ua74a" + "éèàç«»":
        assert needed in chars, needed


@pytest.mark.parametrize("role", sorted(FACES))
def test_every_character_is_in_the_face(role):
    cmap = _cmap(FACES[role])
    missing = {c: w[:3] for c, w in _characters().items() if ord(c) not in cmap}
    assert missing == {}, f"{FACES[role]} lacks: " + ", ".join(
        f"U+{ord(c):04X} {c!r} (in {', '.join(w)})" for c, w in missing.items()
    )


def test_the_check_can_fail():
    # A CJK ideograph is in no bundled face.  SDL still returns metrics for it (those of the
    # box it would draw), which is why the check reads the fonts' own character maps.
    assert 0x4E2D not in _cmap(FACES["text"])
    pygame.font.init()
    assert font("text", 30).metrics("\u4e2d") != [None]
