"""After a short game lost on its score, the story says how it ended and that Even match played
at the visitor's level, both whole, where the screen has room for them (under the language
switch on a large landscape screen), and leaves out one of them only where it has none."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ludique.tools.screens import _story_screens, review_app
from ludique.ui.layout import recording


def score_story(size: tuple[int, int], lang: str) -> Iterator[tuple[Any, list[Any]]]:
    app = review_app(size, lang)
    try:
        for name in _story_screens(app):
            if name.endswith("-score"):
                with recording() as texts:
                    app.dirty = True
                    app.draw()
                yield app, list(texts)
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("lang", ["de", "fr", "en"])
def test_a_large_screen_keeps_the_honest_line_and_the_short_games_end(
    size: tuple[int, int], lang: str
) -> None:
    for app, texts in score_story(size, lang):
        story = app.scene
        shown = " ".join(r.message for r in texts)
        assert not story.honest_left_out and not story.short_left_out
        assert app.t("story.even_opponent") in shown
        assert story.short_end() in shown
        assert not any(r.overflow for r in texts)
        # the line stands in its own box, clear of the chart and the language switch
        assert story.note_box is not None
        assert not story.note_box.colliderect(story.chart_box)
        assert not story.note_box.colliderect(app.language_switch.area)


def test_a_small_screen_leaves_out_one_of_them_and_cuts_neither() -> None:
    for _, texts in score_story((1024, 768), "de"):
        assert not any(r.overflow for r in texts)
