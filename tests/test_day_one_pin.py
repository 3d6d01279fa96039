"""Day one: a kiosk that never kept a valid PIN (its first start, or its state folder lost).  A
settings file that gives no PIN (the line deleted, a misspelt key, an empty file, a link to
nothing) locks the curator's panel and says so; only a kiosk with no settings file at all opens
with the documented default 1234."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from ludique.kiosk.pin import PinAttempts
from ludique.kiosk.settings import load_settings

LOCKS = "no PIN opens the curator's panel"

# what the settings file holds -> the PIN that opens the panel (None: none does)
DAY_ONE = [
    ("idle_seconds = 60\n", None),  # the admin_pin line deleted
    ('admin-pin = "4321"\n', None),  # a misspelt key
    ('ADMIN_PIN = "4321"\n', None),
    ("", None),  # an empty file
    ('# admin_pin = "4321"\n', None),  # the line commented out
    ('admin_pin = "4321"\n', "4321"),
]


def opens(pin_in_force: str, entered: str) -> bool:
    return bool(PinAttempts().check(entered, pin_in_force, 0.0))


@pytest.mark.parametrize(("text", "pin"), DAY_ONE)
@pytest.mark.parametrize("kept", ["state folder", "no state folder"])
def test_a_file_without_a_pin_locks_the_panel_on_day_one(
    tmp_path: Path, text: str, pin: str | None, kept: str, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(text, encoding="utf-8")
    memory = tmp_path / "state" / "admin-pin" if kept == "state folder" else None
    with caplog.at_level(logging.INFO):
        settings = load_settings(path, pin_memory=memory)
    for entered in ("1234", "4321", "", "0000"):
        assert opens(settings.admin_pin, entered) == (entered == pin), entered
    if pin is None:
        assert LOCKS in caplog.text and str(path) in caplog.text
        assert any(r.levelno >= logging.WARNING and LOCKS in r.getMessage() for r in caplog.records)
        assert "4321" not in caplog.text  # the PIN meant is never logged


def test_no_settings_file_at_all_opens_with_the_default_on_the_first_start(tmp_path: Path) -> None:
    settings = load_settings(tmp_path / "settings.toml", pin_memory=tmp_path / "admin-pin")
    assert opens(settings.admin_pin, "1234")


def test_a_settings_file_that_is_a_link_to_nothing_is_named_and_locks(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "settings.toml"
    path.symlink_to(tmp_path / "gone" / "settings.toml")
    with caplog.at_level(logging.WARNING):
        settings = load_settings(path, pin_memory=tmp_path / "admin-pin")
    assert [p.kind for p in settings.problems] == ["unreadable"]
    assert "symbolic link" in caplog.text and str(path) in caplog.text
    assert not opens(settings.admin_pin, "1234")
