"""Fuzz: the settings file.  Whatever the file holds, loading gives usable settings (each bad
key its default) and names every problem with the file; a save keeps the curator's words (or
refuses, leaving the file as it is) and keeps the file before it as a backup."""

from __future__ import annotations

import os
import threading
import time
import tomllib
from pathlib import Path

import pytest
from fuzzing import fuzz_settings, run, tried
from hypothesis import given
from hypothesis import strategies as st

from ludique.games import FAMILIES
from ludique.kiosk.settings import (
    _KEYS,
    LANGUAGES,
    LOG_LEVELS,
    STRENGTHS,
    Settings,
    backup_path,
    load_settings,
    save_settings,
    saver,
)

CURATOR_FILE = """\
# the museum's own settings: the hall is loud, visitors stay long
admin_pin = "9876"
idle_seconds = 300
countdown_seconds = 1O
default_language = "de"
enabled_games = ["epaminondas", "latrunculi"]
"""


def test_a_save_never_rewrites_a_file_with_an_error(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(CURATOR_FILE, encoding="utf-8")
    settings = load_settings(path)
    assert [p.kind for p in settings.problems] == ["syntax"] and settings.problems[0].line == 4
    settings.sound = False  # one tap on "sound off"
    saver(path)(settings)
    assert path.read_text(encoding="utf-8") == CURATOR_FILE
    refused = [p for p in settings.problems if p.kind == "not-saved"]
    assert refused and refused[0].why == "file-error"
    # after a restart the error is still reported, with its line
    again = load_settings(path)
    assert [(p.kind, p.line) for p in again.problems] == [("syntax", 4)]


def test_a_save_merges_into_the_file_keeping_comments_unknown_keys_and_other_values(
    tmp_path: Path,
) -> None:
    path = tmp_path / "settings.toml"
    text = CURATOR_FILE.replace("1O", "10") + "# the projector's wall\nscren_width_mm = 2000\n"
    path.write_text(text, encoding="utf-8")
    settings = load_settings(path)
    settings.sound = False
    settings.enabled_games = tuple(FAMILIES)
    assert save_settings(settings, path) is None
    saved = path.read_text(encoding="utf-8")
    for kept in (
        "# the museum's own settings",
        'admin_pin = "9876"',
        "idle_seconds = 300",
        "scren_width_mm = 2000",
        "# the projector's wall",
        'default_language = "de"',
    ):
        assert kept in saved
    assert "sound = false" in saved
    assert backup_path(path).read_text(encoding="utf-8") == text
    loaded = load_settings(path)
    assert loaded.sound is False and loaded.enabled_games == tuple(FAMILIES)
    assert loaded.admin_pin == "9876" and loaded.idle_seconds == 300
    assert [p.key for p in loaded.problems] == ["scren_width_mm"]  # still reported, not dropped


def test_a_bad_value_stays_as_written_when_another_setting_is_saved(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text("idle_seconds = 5\nsound = true\n", encoding="utf-8")
    settings = load_settings(path)
    settings.sound = False
    assert save_settings(settings, path) is None
    assert path.read_text(encoding="utf-8") == "idle_seconds = 5\nsound = false\n"


def test_a_list_over_several_lines_is_replaced_whole(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('enabled_games = [\n  "epaminondas",\n]\n# end\n', encoding="utf-8")
    settings = load_settings(path)
    settings.enabled_games = ("pente-grammai",)
    assert save_settings(settings, path) is None
    assert path.read_text(encoding="utf-8") == 'enabled_games = ["pente-grammai"]\n# end\n'


def test_nesting_a_thousand_deep_is_a_syntax_problem(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text("x = " + "[" * 1000 + "]" * 1000 + "\n", encoding="utf-8")
    settings = load_settings(path)
    assert [p.kind for p in settings.problems] == ["syntax"]


def test_many_unknown_keys_load_in_linear_time(tmp_path: Path) -> None:
    def seconds_for(keys: int) -> float:
        """The processor's time (a busy machine's stalls do not add to it) of one load."""
        path = tmp_path / f"settings-{keys}.toml"
        path.write_text("".join(f"key_{n} = {n}\n" for n in range(keys)), encoding="utf-8")
        start = time.process_time()
        settings = load_settings(path)
        spent = time.process_time() - start
        assert len(settings.problems) == keys and settings.problems[-1].line == keys
        return spent

    small, large = seconds_for(2000), seconds_for(12000)
    # six times the keys: six times the time when linear, 36 times when quadratic (it was:
    # 52 s for 12,000 keys)
    assert large < 15 * max(small, 0.01), (small, large)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_in_place_of_the_file_does_not_block(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    os.mkfifo(path)
    result: list[Settings] = []
    reader = threading.Thread(target=lambda: result.append(load_settings(path)), daemon=True)
    reader.start()
    reader.join(5.0)
    if not result:  # unblock the reader so that the test run can end
        with open(path, "w") as fh:
            fh.write("")
        pytest.fail("loading the settings blocked on a FIFO")
    assert result[0].problems and result[0].problems[0].why == "not-a-file"
    assert save_settings(Settings(sound=False), path) is not None  # never written through


def test_a_huge_file_is_refused_by_its_size(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text("# " + "x" * 2_000_000 + "\n", encoding="utf-8")
    settings = load_settings(path)
    assert settings.problems[0].why == "not-a-file"


def test_a_duplicate_key_on_the_last_line_without_newline_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text("idle_seconds = 90\nidle_seconds = 91", encoding="utf-8")
    assert [(p.kind, p.line) for p in load_settings(path).problems] == [("syntax", 2)]


# -- the fuzz ------------------------------------------------------------------------------------

_VALUES = st.one_of(
    st.integers(-(10**20), 10**20),
    st.booleans(),
    st.text(max_size=12),
    st.sampled_from(['"fr"', '"de"', '"en"', '"DEBUG"', '"1234"', "[]", '["epaminondas"]']),
    st.lists(st.sampled_from([*FAMILIES, "chess", ""]), max_size=4),
    st.floats(allow_nan=False, allow_infinity=False),
)


def _toml(value: object) -> str:
    if isinstance(value, str) and value[:1] in '"[':
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(f'"{v}"' for v in value) + "]"
    return repr(value)


_LINE = st.one_of(
    st.builds(lambda k, v: f"{k} = {_toml(v)}", st.sampled_from([*_KEYS, "sound_", "x"]), _VALUES),
    st.builds(lambda c: f"# {c}", st.text(max_size=20).filter(lambda c: "\n" not in c)),
    st.text(max_size=30),  # anything at all: broken quotes, brackets, control characters
    st.sampled_from(["[table]", "x = " + "[" * 300, "", "a.b = 1", "'admin_pin' = '12345'"]),
)


# what the admin panel can set
_VALID = {
    "idle_seconds": st.integers(15, 3600),
    "countdown_seconds": st.integers(5, 120),
    "default_language": st.sampled_from(LANGUAGES),
    "default_strength": st.sampled_from(STRENGTHS),
    "enabled_games": st.sets(st.sampled_from(FAMILIES), min_size=1).map(
        lambda chosen: tuple(g for g in FAMILIES if g in chosen)
    ),
    "sound": st.booleans(),
    "story_gauge": st.booleans(),
    "capture_warnings": st.booleans(),
    "admin_pin": st.from_regex(r"[0-9]{4,8}", fullmatch=True),
    "fullscreen": st.booleans(),
    "log_level": st.sampled_from(LOG_LEVELS),
    "screen_width_mm": st.integers(0, 5000),
}
for _key in _KEYS:  # a setting added since: a switch takes either value, others their default
    if _key not in _VALID:
        _default = getattr(Settings(), _key)
        _VALID[_key] = st.booleans() if isinstance(_default, bool) else st.just(_default)


@given(
    lines=st.lists(_LINE, max_size=12),
    newline=st.booleans(),
    change=st.sampled_from(_KEYS).flatmap(lambda k: st.tuples(st.just(k), _VALID[k])),
    raw_bytes=st.binary(max_size=40),
    use_bytes=st.integers(0, 9),
)
@fuzz_settings(examples=800)
def _settings_files(
    tmp: Path,
    lines: list[str],
    newline: bool,
    change: tuple[str, object],
    raw_bytes: bytes,
    use_bytes: int,
) -> None:
    tried("settings")
    path = tmp / "settings.toml"
    for leftover in (path, backup_path(path)):
        leftover.unlink(missing_ok=True)
    data = ("\n".join(lines) + ("\n" if newline else "")).encode("utf-8", "surrogatepass")
    if use_bytes == 0:
        data = raw_bytes
    path.write_bytes(data)
    settings = load_settings(path)
    for key in _KEYS:  # every setting usable
        assert getattr(settings, key) is not None
    for problem in settings.problems:
        assert str(path) in str(problem)
    # the curator changes one setting on the panel
    setattr(settings, *change)
    problem = save_settings(settings, path)
    after = path.read_bytes()
    if problem is not None:
        assert after == data  # refused: the curator's file as it was
        return
    if after == data:
        return  # nothing to change
    assert backup_path(path).read_bytes() == data
    reloaded = load_settings(path)
    for key in _KEYS:
        assert getattr(reloaded, key) == getattr(settings, key), key
    try:
        before_keys = set(tomllib.loads(data.decode("utf-8")))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
        return
    assert before_keys <= set(tomllib.loads(after.decode("utf-8")))  # no key dropped


def test_fuzz_settings_files(tmp_path: Path) -> None:
    run(lambda: _settings_files(tmp_path))


@given(lines=st.lists(_LINE, max_size=10), newline=st.booleans())
@fuzz_settings(examples=12)
def _real_starts(tmp: Path, lines: list[str], newline: bool) -> None:
    import logging

    from kiosk_driver import make_app, pump

    tried("settings, kiosk started")
    path = tmp / "settings.toml"
    path.write_bytes(
        ("\n".join(lines) + ("\n" if newline else "")).encode("utf-8", "surrogatepass")
    )
    settings = load_settings(path)
    settings.fullscreen = False
    errors: list[logging.LogRecord] = []
    handler = logging.Handler(logging.ERROR)
    handler.emit = errors.append  # type: ignore[method-assign]
    logging.getLogger().addHandler(handler)
    app = make_app(settings=settings, lang=None, stand_in=True)
    try:
        app.on_settings_changed = saver(path)
        pump(app, 0.05)
        app.go("home")
        app.go("admin")  # the panel lists the file's problems in the settings' language
        app.draw()
        app.scene.button("sound-off" if settings.sound else "sound-on").action()
        pump(app, 0.02)
    finally:
        app.close()
        logging.getLogger().removeHandler(handler)
    assert not errors, errors[0].getMessage()


def test_fuzz_settings_real_starts(tmp_path: Path) -> None:
    run(lambda: _real_starts(tmp_path))


def test_twelve_thousand_unknown_keys_are_not_twelve_thousand_log_lines(tmp_path, caplog):
    """Issue 37: each unknown key was a log line, and the rotation threw the history away."""
    import logging

    path = tmp_path / "settings.toml"
    path.write_text("".join(f"key_{n} = {n}\n" for n in range(12_000)), encoding="utf-8")
    with caplog.at_level(logging.INFO, logger="ludique.kiosk.settings"):
        settings = load_settings(path)
    assert len(settings.problems) == 12_000  # the panel counts them all
    lines = [r for r in caplog.records if r.name == "ludique.kiosk.settings"]
    assert len(lines) <= 25
    assert any(
        "11980 more problems" in r.getMessage() and str(path) in r.getMessage() for r in lines
    )


def test_a_save_killed_half_way_leaves_no_temporary_file_for_good(tmp_path):
    """A SIGKILL between the temporary file and the rename left ``.settings-*.tmp`` behind, one
    more at each such save; the next start (or save) removes those no save is writing."""
    path = tmp_path / "settings.toml"
    path.write_text("idle_seconds = 60\n", encoding="utf-8")
    old = tmp_path / ".settings-k1ll3d.tmp"
    old.write_text("idle_seconds = 6", encoding="utf-8")
    fresh = tmp_path / ".settings-wr1t1ng.tmp"  # a save under way this very moment
    fresh.write_text("idle", encoding="utf-8")
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    assert load_settings(path).idle_seconds == 60
    assert not old.exists() and fresh.exists()
    os.utime(fresh, (time.time() - 3600, time.time() - 3600))
    settings = load_settings(path)
    settings.sound = False
    assert save_settings(settings, path) is None
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".tmp"] == []
