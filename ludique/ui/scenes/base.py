"""The base of every scene: what the kiosk's loop asks of a screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ludique.ui.widgets import press_button

if TYPE_CHECKING:
    from ludique.ui.context import Kiosk, Pointer


class Scene:
    name = "scene"
    shows_language_switch = True
    idle_applies = True  # the idle countdown runs here
    idle_floor = 0.0  # the least idle time here (``ludique.ui.countdown.idle_limit``)

    def __init__(self, app: Kiosk) -> None:
        self.app = app  # the kiosk's services, not the loop (``ludique.ui.context``)
        self.buttons: list = []

    def enter(self) -> None:
        pass

    def leave(self) -> None:
        pass

    def animating(self) -> bool:
        """True while the scene needs a frame at every tick."""
        return False

    def next_wake(self, now: float) -> float | None:
        """Seconds until the scene has something to do without input (None: nothing)."""
        return None

    def update(self, now: float) -> None:
        pass

    def on_pointer(self, pointer: Pointer) -> None:
        if press_button(self.buttons, pointer):
            self.app.invalidate()

    def draw(self, canvas: pygame.Surface) -> None:
        raise NotImplementedError

    def language_changed(self) -> None:
        """Texts are looked up at draw time; scenes that cache texts rebuild them here."""
        self.layout()

    def layout(self) -> None:
        pass

    def resized(self) -> None:
        """The window changed size: place every part again."""
        self.layout()

    @property
    def vp(self):
        """The window's viewport (``ludique.ui.layout.Viewport``)."""
        return self.app.viewport

    def button(self, name: str):
        """The button called ``name`` (for tests and the screens renderer)."""
        for b in self.buttons:
            if b.name == name:
                return b
        raise KeyError(f"scene {self.name} has no button {name!r}")
