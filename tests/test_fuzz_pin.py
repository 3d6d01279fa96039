"""Fuzz: the curator's PIN (issue 37).  Whatever the settings file says, the PIN in force is never
lower than the last valid one (fail closed); wrong attempts are slowed after five; the PIN pad
follows the window's size; neither the PIN nor a mistyped one reaches the log."""

from __future__ import annotations

import logging
from pathlib import Path

import pygame
import pytest
from fuzzing import fuzz_settings, run, tried
from hypothesis import given
from hypothesis import strategies as st
from kiosk_driver import HeldClock, click

from ludique.kiosk.pin import FIRST_WAIT, PinAttempts, remembered
from ludique.kiosk.settings import Settings, load_settings

BAD_PINS = [
    "admin_pin = 4321",
    'admin_pin = " 4321"',
    'admin_pin = "١٢٣٤"',
    'admin_pin = ""',
    'admin_pin = "4321"\nidle_seconds = [',  # a syntax error anywhere in the file
    'admin_pin = "123"',
    "admin_pin = [4, 3, 2, 1]",
]


def opens(settings: Settings, pin: str) -> bool:
    return bool(PinAttempts().check(pin, settings.admin_pin, 0.0))


@pytest.mark.parametrize("text", BAD_PINS)
def test_a_bad_pin_keeps_the_last_valid_one(tmp_path: Path, text: str, caplog) -> None:
    memory = tmp_path / "state" / "admin-pin"
    path = tmp_path / "settings.toml"
    path.write_text('admin_pin = "9876"\n', encoding="utf-8")
    assert load_settings(path, pin_memory=memory).admin_pin == "9876"
    assert remembered(memory) == "9876"
    path.write_text(text + "\n", encoding="utf-8")
    caplog.clear()
    with caplog.at_level(logging.INFO):
        settings = load_settings(path, pin_memory=memory)
    assert settings.admin_pin == "9876"
    assert opens(settings, "9876") and not opens(settings, "1234")
    # the console says how to change it, naming the file; it quotes no PIN
    assert str(path) in caplog.text and "admin_pin = " in caplog.text
    for secret in ("9876", "4321", "١٢٣٤"):
        assert secret not in caplog.text


@pytest.mark.parametrize("text", BAD_PINS)
def test_a_bad_pin_on_a_fresh_kiosk_opens_nothing(tmp_path: Path, text: str) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(text + "\n", encoding="utf-8")
    for memory in (None, tmp_path / "admin-pin"):
        settings = load_settings(path, pin_memory=memory)
        assert settings.admin_pin != "1234"
        assert not any(opens(settings, pin) for pin in ("1234", "4321", "", "0000"))


def test_an_unreadable_file_or_a_missing_key_keeps_the_last_valid_pin(tmp_path: Path) -> None:
    memory = tmp_path / "admin-pin"
    path = tmp_path / "settings.toml"
    path.write_text('admin_pin = "24680"\n', encoding="utf-8")
    load_settings(path, pin_memory=memory)
    path.write_bytes(b"\xff\xfe not utf-8")
    assert load_settings(path, pin_memory=memory).admin_pin == "24680"
    path.write_text("idle_seconds = 60\n", encoding="utf-8")
    assert load_settings(path, pin_memory=memory).admin_pin == "24680"
    path.unlink()
    assert load_settings(path, pin_memory=memory).admin_pin == "24680"
    # a new valid PIN is taken, and kept in its turn
    path.write_text('admin_pin = "1111"\n', encoding="utf-8")
    assert load_settings(path, pin_memory=memory).admin_pin == "1111"
    path.write_text("admin_pin = 2222\n", encoding="utf-8")
    assert load_settings(path, pin_memory=memory).admin_pin == "1111"


@given(
    value=st.one_of(
        st.text(max_size=10),
        st.integers(),
        st.booleans(),
        st.lists(st.text(max_size=3), max_size=3),
    ),
    garbage=st.sampled_from(["", "[[[", "x = ", 'sound = "on\n', "\x00"]),
)
@fuzz_settings(examples=60)
def _pins(tmp: Path, value: object, garbage: str) -> None:
    tried("PIN")
    memory = tmp / "admin-pin"
    path = tmp / "settings.toml"
    path.write_text('admin_pin = "5555"\n', encoding="utf-8")
    load_settings(path, pin_memory=memory)
    from ludique.kiosk.settings import _toml_value

    try:
        line = f"admin_pin = {_toml_value(value)}"
    except TypeError:
        line = f"admin_pin = {value!r}"
    path.write_text(line + "\n" + garbage + "\n", encoding="utf-8")
    settings = load_settings(path, pin_memory=memory)
    given_pin = value if isinstance(value, str) else None
    valid = (
        given_pin is not None
        and given_pin.isascii()
        and given_pin.isdigit()
        and 4 <= len(given_pin) <= 8
        and not [p for p in settings.problems if p.kind == "syntax"]
    )
    assert settings.admin_pin == (given_pin if valid else "5555")


def test_fuzz_pin_values(tmp_path: Path) -> None:
    run(lambda: _pins(tmp_path))


# -- the pad ---------------------------------------------------------------------------------


def _open_pad(app) -> None:
    for _ in range(5):
        click(app, app.corner.center)
    assert app.pin_pad is not None


def _type(app, digits: str) -> None:
    for key in [*digits, "OK"]:
        click(app, next(b for b in app.pin_pad.buttons if b.name == f"pin-{key}").rect.center)


def test_wrong_attempts_are_slowed_after_five(app_factory, caplog) -> None:
    app = app_factory(settings=Settings(sound=False, admin_pin="2468"))
    app.go("home")
    clock = HeldClock(app, 1000.0)
    with caplog.at_level(logging.INFO):
        _open_pad(app)
        for _ in range(5):
            _type(app, "1357")
        _type(app, "2468")  # the right PIN, but too soon
        assert app.scene.name == "home" and app.pin_pad is not None
        # closing the pad and opening it again does not start the count afresh
        click(app, next(b for b in app.pin_pad.buttons if b.name == "pin-cancel").rect.center)
        _open_pad(app)
        _type(app, "2468")
        assert app.scene.name == "home"
        clock.advance(FIRST_WAIT + 1, frame=1.0)
        if app.pin_pad is None:  # it closed itself meanwhile
            _open_pad(app)
        _type(app, "2468")
        assert app.scene.name == "admin"
    assert "1357" not in caplog.text and "2468" not in caplog.text


def test_three_hundred_wrong_pins_then_the_right_one_does_not_open_at_once(app_factory) -> None:
    app = app_factory(settings=Settings(sound=False, admin_pin="2468"))
    app.go("home")
    HeldClock(app, 1000.0)
    _open_pad(app)
    for n in range(300):
        app.pin_pad.entered = f"{n:04d}" if f"{n:04d}" != "2468" else "0000"
        app.pin_pad.press("OK")
    _type(app, "2468")
    assert app.scene.name == "home"


@pytest.mark.parametrize("size", [(640, 400), (400, 700), (320, 200)])
def test_the_pad_is_laid_out_again_when_the_window_shrinks(app_factory, size) -> None:
    app = app_factory(size=(1280, 800))
    app.go("home")
    _open_pad(app)
    pygame.display.set_mode(size)
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
    app.step()
    screen = app.screen.get_rect()
    for button in app.pin_pad.buttons:
        assert screen.contains(button.rect), (button.name, button.rect, size)
    cancel = next(b for b in app.pin_pad.buttons if b.name == "pin-cancel")
    click(app, cancel.rect.center)
    assert app.pin_pad is None and app.scene.name == "home"


def test_touches_beside_the_pad_do_not_keep_it_open(app_factory) -> None:
    """Every touch restarted the idle timer: a visitor tapping beside the pad kept the kiosk
    behind it for ever.  Without a key pressed, it closes by itself."""
    app = app_factory(size=(1280, 800))
    app.go("home")
    clock = HeldClock(app, 1000.0)
    _open_pad(app)
    for _ in range(40):
        click(app, (1270, 790))
        clock.advance(1.0, frame=0.5)
    assert app.pin_pad is None and app.scene.name == "home"
