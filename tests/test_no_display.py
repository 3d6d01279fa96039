"""Without a screen the kiosk says why in one line, once, without pygame's banner: no display at
all, a display whose client library is not installed, or a display that would not open."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ludique.cli import _why_no_display

ROOT = Path(__file__).resolve().parent.parent


def _start(tmp_path: Path, **display: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "PYGAME_"))}
    for var in ("DISPLAY", "WAYLAND_DISPLAY"):
        env.pop(var, None)
    env.update(display, HOME=str(tmp_path), XDG_STATE_HOME=str(tmp_path / "state"))
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-c", "import sys; from ludique.cli import main; sys.exit(main())",
         "--windowed", "--settings", str(tmp_path / "none.toml")],
        env=env, cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("display", "said"),
    [({}, "no display found"), ({"DISPLAY": ":97"}, "DISPLAY=:97 is set")],
)
def test_no_screen_is_said_once_without_the_banner(tmp_path: Path, display, said: str) -> None:
    done = _start(tmp_path, **display)
    assert done.returncode == 3, done.stderr
    lines = [line for line in done.stderr.splitlines() if "cannot open the screen" in line]
    assert len(lines) == 1 and said in lines[0], done.stderr
    assert "pygame-ce" not in done.stderr + done.stdout


def test_a_display_without_its_client_library_is_told_apart(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    said = _why_no_display("offscreen", find=lambda name: None)
    assert "DISPLAY=:0 is set, but no X11 client library is installed" in said
    assert "libx11-6" in said
    said = _why_no_display("offscreen", find=lambda name: f"lib{name}.so")
    assert "DISPLAY=:0 is set, but that display would not open" in said
    monkeypatch.delenv("DISPLAY")
    assert _why_no_display("offscreen").startswith("no display found")
