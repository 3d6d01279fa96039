"""Small faults a curator or an administrator meets, each said in one line that names what is
wrong: the watchdog relay into a folder that is missing, a NUL byte in a rule card, brackets
nested too deep in the settings file, an empty folder name for the printed cards."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from ludique.cli import main
from ludique.kiosk.settings import parse_settings
from ludique.words.document import load


def test_the_watchdog_relay_into_a_missing_folder_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("NOTIFY_SOCKET", str(tmp_path / "systemd-notify"))
    path = tmp_path / "no-such-folder" / "notify"
    assert main(["watchdog-relay", str(path)]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and "Traceback" not in err and len(err.splitlines()) == 1


def test_a_nul_byte_in_a_rule_card_is_logged_with_its_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    card = tmp_path / "en" / "rules" / "pente-grammai.md"
    card.parent.mkdir(parents=True)
    card.write_bytes(b"# Pente grammai\n\nA line.\n\nA bad\x00 line.\n")
    with caplog.at_level(logging.WARNING):
        blocks = load("en", "rules", "pente-grammai", root=tmp_path)
    assert blocks  # the card is shown all the same
    assert f"{card}:5: a NUL byte" in caplog.text


def test_brackets_nested_too_deep_name_their_line() -> None:
    raw = "idle_seconds = 90\n# a comment\nx = " + "[" * 1000 + "]" * 1000 + "\n"
    problems = parse_settings(raw, "settings.toml").problems
    assert [(p.kind, p.line) for p in problems] == [("syntax", 3)]


def test_cards_refuse_an_empty_folder_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as stop:
        main(["cards", "--pdf", ""])
    assert stop.value.code == 2
    assert "empty name" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []  # nothing written into the current folder
