"""The kiosk's scenes.  Each lays itself out for the window's real size (``self.vp``), draws into
it and reacts to ``Pointer`` events; their common base is ``ludique.ui.scenes.base.Scene``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludique.ui.scenes.base import Scene

if TYPE_CHECKING:
    from ludique.ui.context import CuratorKiosk

__all__ = ["Scene", "make_scene"]


def make_scene(name: str, app: CuratorKiosk, **kwargs: object) -> Scene:
    """The scene ``name``, handed the kiosk (each scene keeps it as the part it uses: a
    ``Kiosk``, the curator's panel a ``CuratorKiosk``)."""
    from ludique.ui.scenes import admin, attract, end, game, home, learn, rules, setup, story

    table = {
        "attract": attract.AttractScene,
        "home": home.HomeScene,
        "setup": setup.SetupScene,
        "game": game.GameScene,
        "rules": rules.RulesScene,
        "learn": learn.LearnScene,
        "end": end.EndScene,
        "admin": admin.AdminScene,
        "story": story.StoryScene,
    }
    if name not in table:
        raise ValueError(f"unknown scene {name!r}: expected one of {', '.join(table)}")
    return table[name](app, **kwargs)
