"""Fuzz: the locale files and rule cards a curator may edit.  Whatever is damaged, every text
falls back key by key to another language (a catalogue key never reaches the screen), every
problem names its file, the cards still draw, and the screens draw without a failure."""

from __future__ import annotations

import logging
import re
import shutil
from pathlib import Path

import pygame
import pytest
from fuzzing import fuzz_settings, run, tried
from hypothesis import given
from hypothesis import strategies as st

import ludique.words.i18n as i18n
from ludique.paths import locales_dir
from ludique.ui.rule_cards import render_card
from ludique.words import document
from ludique.words.i18n import LANGUAGES, check_locales, fields_of, read_language

ROOT = locales_dir()
ENGLISH = read_language("en")
FIELD_VALUES = {name: "7" for text in ENGLISH.values() for name in fields_of(text)}


@pytest.fixture
def tree(tmp_path, monkeypatch):
    """A copy of the locale files (texts and cards) that a test may break."""
    root = tmp_path / "locales"
    shutil.copytree(ROOT, root)
    monkeypatch.setattr(i18n, "locales_dir", lambda: root)
    monkeypatch.setattr(document, "locales_dir", lambda: root)
    i18n.catalog.cache_clear()
    i18n.startup_report.cache_clear()
    yield root
    i18n.catalog.cache_clear()
    i18n.startup_report.cache_clear()


def shown(lang: str, key: str) -> str:
    return i18n.catalog(lang).t(key, **{f: FIELD_VALUES[f] for f in fields_of(ENGLISH[key])})


def test_an_error_in_an_english_file_falls_back_to_french_key_by_key(tree, caplog):
    kiosk = tree / "en" / "kiosk.toml"
    kiosk.write_text(kiosk.read_text(encoding="utf-8") + "\nbroken = \n", encoding="utf-8")
    with caplog.at_level(logging.ERROR, logger="ludique.words.i18n"):
        title = shown("en", "kiosk.home.title")
        texts = {key: shown("en", key) for key in ENGLISH}
    assert title == read_language("fr", tree)["kiosk.home.title"]
    assert not [key for key, text in texts.items() if text == key]
    lines = [r.getMessage() for r in caplog.records]
    assert any("en/kiosk.toml" in line and "line" in line for line in lines)
    assert len(lines) < 10, lines  # the broken file, said once: not one line per key


def test_a_deleted_english_file_is_named_and_its_texts_come_from_another_language(tree, caplog):
    (tree / "en" / "kiosk.toml").unlink()
    assert any("en/kiosk.toml" in p and "missing" in p for p in check_locales(tree))
    with caplog.at_level(logging.ERROR, logger="ludique.words.i18n"):
        assert shown("en", "kiosk.home.title") != "kiosk.home.title"
    assert "en/kiosk.toml" in caplog.text


def test_characters_the_fonts_lack_are_reported_with_file_and_key(tree):
    common = tree / "de" / "common.toml"
    text = common.read_text(encoding="utf-8")
    common.write_text(text.replace('"Einstellungsdatei"', '"設定 שלום 😀"', 1), encoding="utf-8")
    problems = [p for p in check_locales(tree) if "cannot draw" in p]
    assert problems and "de/common.toml" in problems[0] and "U+8A2D" in problems[0]


def test_characters_the_fonts_lack_in_a_card_are_logged_with_file_and_line(tmp_path, caplog):
    with caplog.at_level(logging.WARNING, logger="ludique.words.document"):
        blocks = document.parse("# Title\n\nשלום 😀 and more.\n", tmp_path / "card.md")
    assert [b.kind for b in blocks] == ["heading", "paragraph"]
    assert re.search(r"card\.md:3: characters the fonts cannot draw.*U\+05E9", caplog.text)


def test_a_deleted_german_card_falls_back_to_english_with_a_log_line(tree, caplog):
    (tree / "de" / "rules" / "epaminondas.md").unlink()
    with caplog.at_level(logging.WARNING, logger="ludique.words.document"):
        blocks = document.load("de", "rules", "epaminondas")
    assert blocks and "de/rules/epaminondas.md" in caplog.text


def test_an_empty_card_shows_the_english_one(tree, caplog):
    (tree / "fr" / "rules" / "pente-grammai.md").write_text("\n", encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="ludique.words.document"):
        blocks = document.load("fr", "rules", "pente-grammai")
    assert blocks == document.load("en", "rules", "pente-grammai")
    assert "fr/rules/pente-grammai.md" in caplog.text and "empty" in caplog.text


def test_an_unknown_diagram_is_logged_with_file_and_line_and_the_card_drawn(tree, caplog):
    card = tree / "en" / "rules" / "epaminondas.md"
    card.write_text("# Title\n\nText.\n\n::: diagram no-such-picture\n", encoding="utf-8")
    pygame.init()
    with caplog.at_level(logging.ERROR):
        image = render_card("en", "epaminondas", 600)
    assert image.get_height() > 0
    assert re.search(r"en/rules/epaminondas\.md:5: diagram 'no-such-picture'", caplog.text)


@pytest.mark.parametrize("value", ['{ text = "Enter the PIN" }', "3", "[1, 2]", '""', "true"])
def test_a_bad_english_value_is_blamed_on_its_file_and_costs_only_its_key(tree, caplog, value):
    """Issue 37: a table value in en/kiosk.toml was blamed on the French and German files, and
    a number there made the whole English file unreadable (the English screen in French)."""
    kiosk = tree / "en" / "kiosk.toml"
    text = kiosk.read_text(encoding="utf-8")
    assert 'pin_title = "Enter the PIN"' in text
    kiosk.write_text(text.replace('pin_title = "Enter the PIN"', f"pin_title = {value}"), "utf-8")
    problems = check_locales()
    blamed = [p for p in problems if "pin_title" in p]
    assert blamed and all("en/kiosk.toml" in p and "line" in p for p in blamed), problems
    assert not [p for p in problems if "/fr/" in p or "/de/" in p], problems
    # the English screen stays English: every other key of the file is read
    for key in ("kiosk.admin.title", "kiosk.admin.pin_wrong", "kiosk.home.title"):
        assert shown("en", key) == ENGLISH[key]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_empty_shared_latrunculi_card_leaves_the_variant_cards(tree, caplog, lang):
    """One empty English latrunculi.md blanked the four variant cards."""
    from ludique.ui.scenes.rules import render_card as rules_screen_card

    (tree / "en" / "rules" / "latrunculi.md").write_text("\n", encoding="utf-8")
    (tree / "de" / "rules" / "latrunculi.md").write_text("", encoding="utf-8")
    pygame.init()
    with caplog.at_level(logging.WARNING):
        for variant in ("seneca", "piso", "petteia", "dux"):
            image, _ = rules_screen_card(lang, f"latrunculi-{variant}", 700)
            assert image is not None and image.get_height() > 400, variant
    assert "en/rules/latrunculi.md" in caplog.text


def test_markdown_nested_past_the_parsers_limit_is_logged_with_file_and_line(tmp_path, caplog):
    path = tmp_path / "card.md"
    text = (
        "# Title\n\nFirst.\n\n"
        + "> " * 30
        + "deep text\n\n"
        + "".join("  " * i + "- item\n" for i in range(40))
    )
    with caplog.at_level(logging.WARNING, logger="ludique.words.document"):
        blocks = document.parse(text, path)
    assert [b.text for b in blocks][:2] == ["Title", "First."]
    assert re.search(rf"{re.escape(str(path))}:5: .*nested", caplog.text), caplog.text


def test_a_huge_card_is_refused_with_a_log_line_and_the_screen_keeps_turning(tree, caplog):
    """Issue 37: a rule card of 372 KB froze the Rules screen 28.5 s at 2.1 GB."""
    import time

    from ludique.ui.scenes.rules import render_card as rules_screen_card

    card = tree / "en" / "rules" / "epaminondas.md"
    text = card.read_text(encoding="utf-8")
    card.write_text("\n\n".join([text] * (120_000 // len(text))), encoding="utf-8")
    pygame.init()
    began = time.monotonic()
    with caplog.at_level(logging.WARNING):
        image, _ = rules_screen_card("en", "epaminondas", 1300)
    assert time.monotonic() - began < 3.0
    assert "en/rules/epaminondas.md" in caplog.text and "KB" in caplog.text
    # the history panel is still there, the screen has something to show
    assert image is not None and image.get_height() < 20_000


# -- the fuzz ------------------------------------------------------------------------------------

FILES = sorted(str(p.relative_to(ROOT)) for p in ROOT.rglob("*") if p.suffix in (".toml", ".md"))

damage = st.tuples(
    st.sampled_from(FILES),
    st.sampled_from(["delete", "empty", "cut", "insert", "bytes", "value", "field", "diagram"]),
    st.integers(0, 10**6),
    st.text(max_size=30),
)


def _damage(root: Path, how: tuple) -> None:
    name, kind, at, text = how
    path = root / name
    if not path.exists():
        return
    if kind == "delete":
        path.unlink()
        return
    data = path.read_bytes()
    at %= max(1, len(data))
    # an earlier harm may have left bytes that are not UTF-8
    lines = data.decode("utf-8", "replace").splitlines(keepends=True)
    line = at % max(1, len(lines))
    if kind == "empty":
        data = b""
    elif kind == "cut":
        data = data[:at]
    elif kind == "insert":
        data = data[:at] + text.encode("utf-8", "surrogatepass") + data[at:]
    elif kind == "bytes":
        data = data[:at] + b"\xff\xfe\x00" + data[at + 3 :]
    elif kind == "value":  # a curator's text with anything in it (boxes, braces, quotes)
        lines[line] = re.sub(r'= ".*"', lambda _: f'= "{text}"'.replace("\\", ""), lines[line])
        data = "".join(lines).encode("utf-8", "surrogatepass")
    elif kind == "field":
        lines[line] = lines[line].replace("{", "{x", 1)
        data = "".join(lines).encode("utf-8")
    else:
        lines.insert(line, f"::: diagram {text}\n")
        data = "".join(lines).encode("utf-8", "surrogatepass")
    path.write_bytes(data)


@pytest.fixture(scope="module")
def kiosk():
    from kiosk_driver import make_app

    app = make_app(size=(1024, 768), stand_in=True)
    yield app
    app.close()


def test_fuzz_damaged_locale_trees(tmp_path, monkeypatch, kiosk, caplog):
    from ludique.tools.screens import each_screen

    app = kiosk
    clean = tmp_path / "clean"
    shutil.copytree(ROOT, clean)
    root = tmp_path / "locales"
    monkeypatch.setattr(i18n, "locales_dir", lambda: root)
    monkeypatch.setattr(document, "locales_dir", lambda: root)

    @fuzz_settings(examples=15)
    @given(harms=st.lists(damage, min_size=1, max_size=4), lang=st.sampled_from(LANGUAGES))
    def search(harms: list[tuple], lang: str) -> None:
        tried("locale trees")
        shutil.rmtree(root, ignore_errors=True)
        shutil.copytree(clean, root)
        for how in harms:
            _damage(root, how)
        i18n.catalog.cache_clear()
        i18n.startup_report.cache_clear()
        damaged = [how[0] for how in harms]
        problems = check_locales(root)
        for problem in problems:  # every problem names a file of the tree
            assert str(root) in problem, problem
        # a key some language still has is never shown as the key itself
        known = set().union(*(i18n.load_language(code, root).entries for code in LANGUAGES))
        for code in LANGUAGES:
            for key in known & ENGLISH.keys():
                text = shown(code, key)
                assert text != key, (code, key, damaged)
        # every screen draws, in the damaged language, without a scene failing
        caplog.clear()
        app.lang = lang
        for _ in each_screen(app):
            app.draw()
        app.pin_pad = None
        app.countdown_since = None
        failures = [r.getMessage() for r in caplog.records if "failure while" in r.getMessage()]
        assert not failures, failures

    with caplog.at_level(logging.ERROR):
        run(search)
    i18n.catalog.cache_clear()
    i18n.startup_report.cache_clear()
