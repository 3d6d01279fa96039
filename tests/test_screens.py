"""The review renderer (``python -m ludique.tools.screens``): every screen of one language and
size."""

from __future__ import annotations

import os
import subprocess
import sys

import pygame
import pytest
from race3 import race_game

from ludique.tools import screens


def test_every_screen_of_one_language_renders_to_a_png(tmp_path) -> None:
    # with a seventh game registered (tests/race3/: one folder and its words), which the
    # renderer shows as it shows the others: in play, and finished
    with race_game():
        assert screens.main([str(tmp_path), "--lang", "de", "--size", "1280x800"]) == 0
    written = sorted((tmp_path / "1280x800" / "de").glob("*.png"))
    names = [p.stem.split("-", 1)[1] for p in written]
    assert len(written) >= 30 and not (tmp_path / "1920x1080").exists()
    for name in ("attract", "home", "admin", "pin-pad", "still-playing", "game-epaminondas"):
        assert name in names
    assert "game-race-3x3" in names and "end-race-3x3" in names
    image = pygame.image.load(str(written[0]))
    assert image.get_size() == (1280, 800)
    # not a blank frame: the attract screen has many colours
    colours = {image.get_at((x, y))[:3] for x in range(0, 1280, 40) for y in range(0, 800, 40)}
    assert len(colours) > 20


def test_help_and_bad_options_write_nothing(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as done:
        screens.main(["--help"])
    assert done.value.code == 0 and list(tmp_path.iterdir()) == []
    with pytest.raises(SystemExit) as done:
        screens.main(["out", "--lang", "it"])
    assert done.value.code == 2 and "invalid choice: 'it'" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def _render(outdir, hash_seed: str, *more: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed, SDL_VIDEODRIVER="dummy")
    env["SDL_AUDIODRIVER"] = "dummy"
    command = [sys.executable, "-m", "ludique.tools.screens", str(outdir), "--lang", "de"]
    command += ["--size", "400x320", *more]
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=600)


def test_two_renders_of_one_commit_are_the_same_pixels(tmp_path) -> None:
    # Two processes, each with its own order of sets (the rings of neighbouring pieces overlap)
    # and its own moment on the clock (the hint breathes, the attract screen's call turns), on a
    # loaded machine or not (the stories' search, the hint's): every picture the same, which is
    # what lets a refactoring be checked by its screens.
    before, after = tmp_path / "before", tmp_path / "after"
    assert _render(before, "1").returncode == 0
    done = _render(after, "2", "--compare", str(before))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "\n0 of " in done.stdout and "screens differ" in done.stdout
    # the comparison sees one pixel changed, and a screen missing from the earlier render
    written = sorted((after / "400x320" / "de").glob("*.png"))
    hint = next(p for p in written if p.stem.endswith("game-epaminondas-hint"))
    old = before / hint.relative_to(after)
    picture = pygame.image.load(str(old))
    x, y = 200, 160
    r, g, b, _ = picture.get_at((x, y))
    picture.set_at((x, y), (255 - r, g, b))
    pygame.image.save(picture, str(old))
    (before / written[0].relative_to(after)).unlink()
    differ = dict(screens.compare(written, after, before))
    assert differ == {written[0].relative_to(after): None, hint.relative_to(after): 1}
    # a screen drawn under another number is the same screen; one no longer drawn is gone
    old.rename(old.with_name("99-" + old.name.split("-", 1)[1]))
    assert dict(screens.compare(written, after, before))[hint.relative_to(after)] == 1
    assert screens.vanished(written, after, before) == []
    drawn = [p for p in written if p != hint]
    folder = hint.relative_to(after).parent
    assert screens.vanished(drawn, after, before) == [folder / "99-game-epaminondas-hint.png"]
