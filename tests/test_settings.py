"""Settings: defaults, every kind of bad value reported by key and line, atomic saving."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from ludique.kiosk.pin import LOCKED
from ludique.kiosk.settings import (
    Settings,
    default_settings_path,
    load_settings,
    parse_settings,
    save_settings,
    settings_text,
)
from ludique.words.i18n import LANGUAGES, catalog

ROOT = Path(__file__).resolve().parents[1]


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "settings.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_missing_file_gives_defaults_without_problems(tmp_path: Path) -> None:
    settings = load_settings(tmp_path / "nowhere.toml")
    assert settings == Settings()
    assert settings.problems == []


def test_valid_file_is_read(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        'idle_seconds = 120\ndefault_language = "DE"\nenabled_games = ["epaminondas", '
        '"pente-grammai"]\nsound = false\nadmin_pin = "0420"\nlog_level = "debug"\n',
    )
    settings = load_settings(path)
    assert settings.problems == []
    assert settings.idle_seconds == 120
    assert settings.default_language == "de"
    # Home screen order, whatever the file's order
    assert settings.enabled_games == ("pente-grammai", "epaminondas")
    assert settings.sound is False
    assert settings.admin_pin == "0420"
    assert settings.log_level == "DEBUG"


@pytest.mark.parametrize(
    ("line", "key", "why", "words"),
    [
        ("idle_seconds = 5", "idle_seconds", "range", "out of range"),
        ("idle_seconds = true", "idle_seconds", "whole-number", "whole number"),
        ('idle_seconds = "90"', "idle_seconds", "whole-number", "whole number"),
        ("countdown_seconds = 1000", "countdown_seconds", "range", "out of range"),
        ('default_language = "it"', "default_language", "choice", "one of fr, de, en"),
        ('default_strength = "god"', "default_strength", "choice", "beginner"),
        ('enabled_games = ["chess"]', "enabled_games", "games-unknown", "unknown games"),
        ("enabled_games = []", "enabled_games", "games-none", "at least one"),
        ('sound = "yes"', "sound", "true-false", "true or false"),
        ("admin_pin = 1234", "admin_pin", "pin-text", "in quotes"),
        ('admin_pin = "12a4"', "admin_pin", "pin-digits", "digits"),
        ('admin_pin = "12"', "admin_pin", "pin-digits", "digits"),
        ("fullscreen = 1", "fullscreen", "true-false", "true or false"),
        ('log_level = "LOUD"', "log_level", "choice", "DEBUG"),
        ("colour = 3", "colour", "", "unknown key"),
    ],
)
def test_bad_value_falls_back_to_its_default_and_names_key_and_line(
    tmp_path: Path, line: str, key: str, why: str, words: str
) -> None:
    path = write(tmp_path, f"# a comment\n# line two\n\n{line}\n")
    settings = load_settings(path)
    assert len(settings.problems) == 1, settings.problems
    problem = settings.problems[0]
    assert (problem.key, problem.line, problem.why) == (key, 4, why)
    assert problem.kind == ("value" if why else "unknown")
    # the log's English line: the whole path, the line, the key and what is expected
    logged = str(problem)
    assert key in logged and words in logged
    assert str(path) in logged and "line 4" in logged
    # the admin panel's line, in each language: the line and the key, every field filled
    lines = {lang: problem.message(catalog(lang)) for lang in LANGUAGES}
    for lang, text in lines.items():
        assert key in text and "4" in text and "{" not in text, (lang, text)
    assert len(set(lines.values())) == len(LANGUAGES)  # worded in each language
    if key == "admin_pin":  # fails closed (issue 37): no PIN at all, not the public default
        assert settings.admin_pin == LOCKED
    elif hasattr(Settings, key):
        assert getattr(settings, key) == getattr(Settings(), key)


def test_the_panel_line_says_the_value_the_reason_and_the_default_in_german(
    tmp_path: Path,
) -> None:
    settings = load_settings(write(tmp_path, "idle_seconds = 5\n"))
    text = settings.problems[0].message(catalog("de"))
    assert text == (
        "Einstellungsdatei, Zeile 1: idle_seconds = 5 ist nicht erlaubt "
        "(außerhalb des Bereichs 15 bis 3600); es gilt 90."
    )


def test_good_keys_survive_a_bad_one(tmp_path: Path) -> None:
    settings = load_settings(write(tmp_path, 'idle_seconds = -1\ndefault_language = "en"\n'))
    assert settings.default_language == "en" and settings.idle_seconds == 90
    assert len(settings.problems) == 1


def test_invalid_toml_gives_defaults_and_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, 'idle_seconds = 60\ndefault_language = "fr\nsound = true\n')
    settings = load_settings(path)
    assert settings.idle_seconds == 90
    assert len(settings.problems) == 1
    problem = settings.problems[0]
    assert (problem.kind, problem.line) == ("syntax", 2)
    assert str(path) in str(problem) and "line 2" in str(problem)
    assert "Zeile 2" in problem.message(catalog("de"))


def test_unreadable_file_gives_defaults_and_a_problem(tmp_path: Path) -> None:
    folder = tmp_path / "settings.toml"
    folder.mkdir()  # a folder where the file should be cannot be read as a file
    settings = load_settings(folder)
    # every default, less the PIN: it fails closed (ludique.kiosk.pin)
    assert settings == Settings(problems=settings.problems, admin_pin=LOCKED)
    assert len(settings.problems) == 1 and "cannot be read" in str(settings.problems[0])
    problem = settings.problems[0]
    assert (problem.kind, problem.why) == ("unreadable", "folder")
    # French holds ; : to their word with a no-break space
    assert problem.message(catalog("fr")).replace("\xa0", " ") == (
        f"Le fichier de réglages {folder} est illisible (un dossier est à sa place) ; "
        "on utilise toutes les valeurs par défaut."
    )


def test_binary_garbage_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_bytes(b"\xff\xfe\x00idle")
    settings = load_settings(path)
    assert settings.problems and str(path) in str(settings.problems[0])
    assert settings.problems[0].why == "encoding"


def test_problems_are_logged(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="ludique.kiosk.settings"):
        load_settings(write(tmp_path, "sound = 3\n"))
    assert any("sound" in r.getMessage() and "line 1" in r.getMessage() for r in caplog.records)


def test_default_path_follows_the_platform(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert default_settings_path() == tmp_path / "ludique" / "settings.toml"


def test_save_then_load_round_trips(tmp_path: Path) -> None:
    original = Settings(
        idle_seconds=45,
        default_language="de",
        default_strength="champion",
        enabled_games=("latrunculi",),
        sound=False,
        admin_pin="007",
        fullscreen=False,
        log_level="DEBUG",
    )
    original.admin_pin = "0070"
    path = tmp_path / "sub" / "settings.toml"
    assert save_settings(original, path) is None
    loaded = load_settings(path)
    assert loaded.problems == []
    assert loaded == original
    assert [p.name for p in path.parent.iterdir()] == ["settings.toml"]  # no temporary left


def test_save_into_a_folder_that_cannot_be_written_is_reported(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    # a regular file where the folder should be: refused even for root
    message = save_settings(Settings(), blocker / "settings.toml")
    assert message is not None and "not saved" in str(message)
    assert message.kind == "not-saved" and str(blocker) in message.message(catalog("de"))


def test_example_file_in_deploy_loads_without_problems() -> None:
    example = ROOT / "deploy" / "settings.example.toml"
    settings = load_settings(example)
    assert settings.problems == []
    assert settings == Settings()
    keys = [line.split(" =")[0] for line in example.read_text().splitlines() if " = " in line]
    assert keys == [
        line.split(" =")[0] for line in settings_text(settings).splitlines() if " = " in line
    ]


def test_parse_settings_rejects_tables_as_unknown_keys() -> None:
    settings = parse_settings("[kiosk]\nidle_seconds = 30\n", "x.toml")
    assert settings.idle_seconds == 90
    logged = str(settings.problems[0])
    assert "unknown key 'kiosk'" in logged and "line 1" in logged


def test_enabled_games_choose_the_home_tiles(tmp_path: Path) -> None:
    from ludique.ui.app import App

    settings = load_settings(write(tmp_path, 'enabled_games = ["epaminondas", "latrunculi"]\n'))
    app = App(settings, windowed=True, size=(1280, 720), demo=False)
    try:
        app.go("home")
        assert [b.name for b in app.scene.buttons] == ["latrunculi", "epaminondas"]
    finally:
        app.close()
