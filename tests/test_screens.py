"""The review renderer (``python -m ludique.tools.screens``): every screen of one language and
size."""

from __future__ import annotations

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
