"""The locale files: complete in every language, consistent, and safe when broken."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

import pytest

import ludique.words.i18n as i18n
from ludique.games import FAMILIES as STATS_GAMES
from ludique.games import GAME_IDS, REASONS
from ludique.kiosk.settings import _WHY_ENGLISH
from ludique.paths import locales_dir
from ludique.words.i18n import (
    LANGUAGES,
    LocaleError,
    check_locales,
    fields_of,
    load_language,
    read_file,
    read_language,
)

ROOT = locales_dir()


def test_every_language_reads_without_any_problem():
    assert check_locales() == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_file_has_the_same_keys_as_in_english(lang):
    english_files = sorted(p.name for p in (ROOT / "en").glob("*.toml"))
    assert sorted(p.name for p in (ROOT / lang).glob("*.toml")) == english_files
    for name in english_files:
        ours, theirs = read_file(ROOT / lang / name), read_file(ROOT / "en" / name)
        assert sorted(ours.keys() - theirs.keys()) == [], f"{lang}/{name} has extra keys"
        assert sorted(theirs.keys() - ours.keys()) == [], f"{lang}/{name} lacks keys"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_value_is_empty_and_fields_match_english(lang):
    english = read_language("en")
    for key, text in read_language(lang).items():
        assert text.strip(), f"{lang}: {key} is empty"
        assert fields_of(text) == fields_of(english[key]), f"{lang}: {key} fields differ"


# What common.toml must hold: the curator's messages that ludique.kiosk.settings and
# ludique.kiosk.stats word, and nothing else (a text no code reads would be a trap for a curator
# editing it).
CURATOR_KEYS = (
    [f"error.{k}" for k in ("where-line", "where-file", "settings-value", "settings-unknown")]
    + [f"error.{k}" for k in ("settings-syntax", "settings-file", "settings-save", "stats", "more")]
    + [f"error.{k}" for k in ("settings-pin", "stats-aside", "stats-read")]
    + [f"error.why.{k}" for k in _WHY_ENGLISH]
    + [f"error.why.{k}" for k in ("encoding", "permission", "folder", "system")]
    + [f"error.why.{k}" for k in ("not-a-file", "file-error")]
    + [
        f"stats.{k}"
        for k in (
            "per_day",
            "per_language",
            "visitor_wins",
            "wins_per_strength",
            "total",
            "memory_only",
        )
    ]
    + [f"stats.game.{g}" for g in STATS_GAMES]
)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_words_the_program_needs_are_there(lang):
    keys = read_language(lang)
    needed = [f"kiosk.reason.{reason}" for reason in REASONS]
    needed += ["kiosk.reason.fifty-turns-draw", "kiosk.reason.abandoned"]
    needed += [f"kiosk.game.{game_id}" for game_id in GAME_IDS]
    needed += [f"kiosk.colour.{c}" for c in ("blue", "white", "black")]
    needed += [f"kiosk.strength.{s}" for s in ("even", "beginner", "player", "champion")]
    needed += CURATOR_KEYS
    assert [k for k in needed if k not in keys] == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_common_holds_the_curator_messages_and_nothing_the_screens_do_not_read(lang):
    assert sorted(read_file(ROOT / lang / "common.toml")) == sorted(CURATOR_KEYS)


def test_kiosk_rules_are_called_kiosk_rules_in_the_reasons():
    labels = {"en": "kiosk rule", "fr": "règle de la borne", "de": "Hausregel"}
    for lang, label in labels.items():
        keys = read_language(lang)
        for reason in ("repetition", "fifty-turns", "fifty-turns-draw"):
            assert label in keys[f"kiosk.reason.{reason}"], (lang, reason)


# --- broken files -------------------------------------------------------------------------------


@pytest.fixture
def tree(tmp_path, monkeypatch):
    """A copy of the locale files that a test may break; the catalogues read it."""
    root = tmp_path / "locales"
    shutil.copytree(ROOT, root, ignore=shutil.ignore_patterns("*.md"))
    monkeypatch.setattr(i18n, "locales_dir", lambda: root)
    i18n.catalog.cache_clear()
    i18n.startup_report.cache_clear()
    yield root
    i18n.catalog.cache_clear()
    i18n.startup_report.cache_clear()


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_bad_syntax_names_the_file_and_line_and_english_stands_in(tree, caplog):
    broken = tree / "de" / "common.toml"
    _replace(broken, 'where-file = "Einstellungsdatei"', 'where-file = "Einstellungsdatei')
    with pytest.raises(LocaleError, match=r"de/common\.toml.*line \d+"):
        read_language("de", tree)
    with caplog.at_level(logging.ERROR, logger="ludique.words.i18n"):
        german = i18n.catalog("de")
    assert "common.toml" in caplog.text and "line" in caplog.text
    assert german.t("error.where-file") == "Settings file"
    # the other files of the language still speak German
    kiosk_keys = read_file(tree / "de" / "kiosk.toml")
    key = next(iter(kiosk_keys))
    assert german.t(key) == kiosk_keys[key]


def test_a_missing_key_is_reported_with_file_and_key_and_falls_back(tree, caplog):
    _replace(tree / "fr" / "common.toml", 'where-file = "Fichier de réglages"\n', "")
    problems = check_locales(tree)
    assert any("fr/common.toml" in p and "'error.where-file'" in p for p in problems), problems
    with caplog.at_level(logging.ERROR, logger="ludique.words.i18n"):
        french = i18n.catalog("fr")
        assert french.t("error.where-file") == "Settings file"
    assert "error.where-file" in caplog.text and "fr/common.toml" in caplog.text
    assert french.t("error.where-line", line=3) == "Fichier de réglages, ligne 3"


def test_a_field_changed_by_a_translator_is_reported_and_never_shown_raw(tree):
    _replace(tree / "de" / "common.toml", "{count}", "{anzahl}")
    assert any("error.more" in p and "fields" in p for p in check_locales(tree))
    text = i18n.catalog("de").t("error.more", count=5)
    assert "{" not in text and "5" in text


def test_a_key_in_two_files_and_an_empty_value_are_refused(tree):
    (tree / "en" / "extra.toml").write_text('[error]\nmore = "Again"\n', encoding="utf-8")
    assert any("already defined" in p for p in load_language("en", tree).problems)
    (tree / "en" / "extra.toml").write_text('[turn]\nnew = "  "\n', encoding="utf-8")
    with pytest.raises(LocaleError, match=r"extra\.toml: key 'turn\.new' is empty"):
        read_file(tree / "en" / "extra.toml")


def test_a_missing_field_value_does_not_crash(tree):
    assert "{" not in i18n.catalog("fr").t("error.more")


def test_an_unknown_key_shows_the_key_not_a_crash(tree):
    assert i18n.catalog("en").t("no.such.key") == "no.such.key"


def test_an_unknown_language_is_refused_clearly():
    with pytest.raises(LocaleError, match="'xx'"):
        i18n.catalog("xx")


# Every text fits its box at every size and in every language: tests/test_layout.py.


def test_the_curator_check_command_reports_and_exits_nonzero_on_a_problem(tree, capsys):
    assert i18n.main() == 0
    _replace(tree / "de" / "common.toml", 'per_language = "Partien pro Sprache"\n', "")
    assert i18n.main() == 1
    assert "stats.per_language" in capsys.readouterr().out


def test_the_first_catalogue_reports_problems_of_every_language_at_start_up(tree, caplog):
    _replace(tree / "de" / "common.toml", 'games-none = "mindestens', "games-none = mindestens")
    with caplog.at_level(logging.ERROR, logger="ludique.words.i18n"):
        i18n.catalog("fr")  # the kiosk starts in French; German is broken
    assert "de/common.toml" in caplog.text and "line" in caplog.text


# --- the curator's problems fit their box on the admin panel -------------------------------------

BAD_SETTINGS = (
    'idle_seconds = 5\nadmin_pin = 1234\nvolume = 11\nenabled_games = ["chess", "go"]\n'
    'sound = "yes"\ndefault_language = "it"\nlog_level = 3\ncountdown_seconds = 1000\n'
)


def _every_kind_of_problem(tmp_path: Path) -> list:
    from ludique.kiosk.settings import Settings, load_settings, save_settings

    # a long path with no space in it: it must be cut to fit, not run off the panel
    folder = tmp_path / ("the-museum-kiosk-configuration-folder-" * 3) / "ludique"
    folder.mkdir(parents=True)
    (folder / "settings.toml").write_text(BAD_SETTINGS, encoding="utf-8")
    problems = list(load_settings(folder / "settings.toml").problems)
    (folder / "broken.toml").write_text('sound = "on\n', encoding="utf-8")
    problems += load_settings(folder / "broken.toml").problems
    (folder / "garbage.toml").write_bytes(b"\xff\xfe\x00")
    problems += load_settings(folder / "garbage.toml").problems
    (folder / "blocker").write_text("a file where a folder should be")
    problems.append(save_settings(Settings(), folder / "blocker" / "settings.toml"))
    kinds = {p.kind for p in problems}
    assert kinds == {"value", "unknown", "syntax", "unreadable", "not-saved"}, kinds
    return problems


def test_every_settings_problem_line_fits_the_admin_panel_in_every_language(tmp_path):
    from ludique.ui.fonts import font
    from ludique.ui.scenes.admin import (
        PROBLEM_BOX,
        PROBLEM_SIZE,
        PROBLEM_STEP,
        fit_lines,
        problem_layout,
    )
    from ludique.words.i18n import catalog

    face = font("text", PROBLEM_SIZE)
    problems = _every_kind_of_problem(tmp_path)
    misfits = []
    for lang in LANGUAGES:
        messages = [p.message(catalog(lang)) for p in problems]
        for message in messages:
            lines = fit_lines(message, PROBLEM_BOX.width)
            misfits += [(lang, line) for line in lines if face.size(line)[0] > PROBLEM_BOX.width]

            # wrapped and cut, never shortened: every character is still there
            def bare(text: str) -> str:
                return text.replace("\xa0", "").replace(" ", "")

            assert bare("".join(lines)) == bare(message)
        # what the panel draws: inside the box, and the problems left out are counted
        more = catalog(lang).t("error.more", count="{count}")
        placed = problem_layout(messages, PROBLEM_BOX, more)
        assert placed and all(y + PROBLEM_STEP <= PROBLEM_BOX.bottom for _, y in placed)
        misfits += [(lang, line) for line, _ in placed if face.size(line)[0] > PROBLEM_BOX.width]
        # more problems than the box holds: the last line counts those left out (see the log)
        head = more.split("{count}")[0].replace("\xa0", " ")
        last = placed[-1][0].replace("\xa0", " ")
        assert last.startswith(head) and last != head, (lang, last)
    assert misfits == []


def test_three_settings_problems_are_drawn_whole_inside_the_admin_panel(tmp_path):
    """The admin panel drawn in German with three problems: no text right of the panel's box."""
    from kiosk_driver import make_app

    from ludique.kiosk.settings import load_settings
    from ludique.ui.layout import recording
    from ludique.ui.scenes.admin import PROBLEM_BOX, problem_layout
    from ludique.words.i18n import catalog

    path = tmp_path / "settings.toml"
    path.write_text("idle_seconds = 5\nadmin_pin = 1234\nvolume = 11\n", encoding="utf-8")
    settings = load_settings(path)
    settings.sound = False
    assert len(settings.problems) == 3
    for lang in LANGUAGES:
        messages = [p.message(catalog(lang)) for p in settings.problems]
        placed = problem_layout(messages, PROBLEM_BOX, "{count}")
        # all three whole: no "not shown" line, and each message's words are all drawn
        assert " ".join(line for line, _ in placed).replace("\xa0", " ") == " ".join(
            messages
        ).replace("\xa0", " ")
    for size in ((1920, 1080), (1024, 768), (1080, 1920)):
        app = make_app(size=size, settings=settings, lang="de")
        try:
            app.go("admin")
            with recording() as drawn:
                app.draw()
            frame = app.scene.frame
            box = frame.rect(*PROBLEM_BOX)
            lines = [r for r in drawn if r.box.left == box.left and r.box.top >= box.top]
            assert len(lines) >= 3, "the problems are not drawn"
            for record in lines:
                assert not record.overflow, record.message
                assert box.contains(record.drawn), (record.message, record.drawn, box)
            # the panel keeps a margin on the right, like on the left
            assert box.right <= size[0] - frame.s(58)  # 60 design pixels, give or take rounding
        finally:
            app.close()


def test_the_end_screen_has_its_own_sentence_for_a_fifty_turn_draw():
    from ludique.games.base import REASON_FIFTY_TURNS, Outcome
    from ludique.ui.scenes.end import reason_key
    from ludique.words.i18n import catalog

    draw = reason_key(Outcome(None, REASON_FIFTY_TURNS))
    win = reason_key(Outcome("black", REASON_FIFTY_TURNS))
    assert (draw, win) == ("reason.fifty-turns-draw", "reason.fifty-turns")
    for lang in LANGUAGES:
        words = catalog(lang)
        assert f"kiosk.{draw}" in words and f"kiosk.{win}" in words
        assert words.t(f"kiosk.{draw}") != words.t(f"kiosk.{win}")


def test_french_punctuation_is_held_to_its_word_by_a_no_break_space():
    """French sets a space before ! ? : ; » and after «; a plain one would let the mark start a
    line when the text wraps."""
    import re

    entries = load_language("fr").entries
    loose = [
        f"{key}: {value!r}" for key, value in entries.items() if re.search(r" [!?:;»]|« ", value)
    ]
    assert not loose, "\n".join(loose)


def test_every_notice_in_the_locales_is_one_the_program_says():
    """A line the program never says is a translation kept for nothing, and a sign that the
    behaviour it described is gone: ``play.notice.drag-onto`` told a visitor to drag a piece
    onto his own, which a tap now does (issue 61)."""
    import tomllib

    import ludique

    code = "\n".join(p.read_text() for p in Path(ludique.__file__).parent.rglob("*.py"))
    said = tomllib.loads((locales_dir() / "en" / "play.toml").read_text())
    notices = said["kiosk"]["play"]["notice"]
    unsaid = [key for key in notices if f"notice.{key}" not in code]
    assert notices and not unsaid, f"notices no code says: {unsaid}"
