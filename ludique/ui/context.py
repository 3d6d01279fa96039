"""What a scene may use of the kiosk: the :class:`Kiosk` protocol, and the :class:`Pointer` it
hands to scenes.

A scene (``ludique.ui.scenes``) and the board and the strip it holds receive the kiosk as a
``Kiosk``: the words, the settings, the window's viewport, the computer opponent, the clock, the
way to another screen (``go``) and to the statistics (``report_game``); the curator's panel and
its PIN pad as a ``CuratorKiosk``, which adds the PIN's tries, the statistics' summary, saving
the settings, a reset and the exit.  The loop
(``ludique.ui.app.App``) is one such kiosk; no scene imports it, so no scene reaches into the
loop's own state (its window, its event queue, its fingers), and a test may hand a scene any
object that keeps this protocol.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ludique.kiosk.pin import PinAttempts
    from ludique.kiosk.settings import Settings
    from ludique.kiosk.stats import StatsPort
    from ludique.play.match import GameRecord
    from ludique.ui.layout import Viewport
    from ludique.ui.opponent import Opponent
    from ludique.ui.widgets import LanguageSwitch


@dataclass
class Pointer:
    """One touch or mouse event in window pixels: ``kind`` is down, move or up."""

    kind: str
    pos: tuple[float, float]


class Kiosk(Protocol):
    """The services of the kiosk that scenes use (kept by ``ludique.ui.app.App``)."""

    # --- what the scenes read ---------------------------------------------------------------
    @property
    def settings(self) -> Settings: ...  # the curator's settings (changed in Admin)

    @property
    def lang(self) -> str: ...  # the visitor's language now

    @property
    def viewport(self) -> Viewport: ...  # the window's size, in layout units

    @property
    def language_switch(self) -> LanguageSwitch: ...  # the flags (their place, their taps)

    @property
    def opponent(self) -> Opponent: ...  # the computer player, in its own process

    @property
    def think_budget(self) -> float: ...  # seconds the computer may think over a move

    @property
    def demo_enabled(self) -> bool: ...  # the attract screen plays a demo game

    @property
    def dirty(self) -> bool: ...  # the whole frame is drawn again at the next step

    @property
    def last_input(self) -> float: ...  # when a visitor last touched the screen (``now``)

    # --- what the scenes ask -----------------------------------------------------------------
    def t(self, key: str, **fields: object) -> str:
        """The kiosk text ``kiosk.<key>`` in the current language."""
        ...

    def now(self) -> float:
        """The kiosk's clock (``time.monotonic``; a test may turn it)."""
        ...

    def seconds(self, s: float) -> float:
        """A duration of the show, shortened in tests."""
        ...

    def invalidate(self) -> None:
        """Draw the whole frame again."""
        ...

    def go(self, name: str, **kwargs: object) -> None:
        """Switch to the scene ``name`` (``ludique.ui.scenes.make_scene``)."""
        ...

    def set_language(self, lang: str) -> None: ...

    def play_sound(self, name: str) -> None: ...

    def report_game(self, record: GameRecord) -> None:
        """A finished or abandoned game, for the statistics."""
        ...

    def save_state_file(self, text: str) -> None:
        """The saved game, for an outside test that watches the kiosk (``LUDIQUE_STATE_FILE``)."""
        ...


class CuratorKiosk(Kiosk, Protocol):
    """What the curator's panel and its PIN pad use besides a scene's :class:`Kiosk` (kept by
    ``ludique.ui.app.App`` too): no other scene sees these."""

    @property
    def pin_attempts(self) -> PinAttempts: ...  # the PIN's wrong tries and the wait after them

    # the statistics for the curator's panel (``ludique.kiosk.stats.StatsPort``), None without
    @property
    def stats(self) -> StatsPort | None: ...

    def settings_changed(self) -> None:
        """The curator changed the settings: save them, follow them (sound)."""
        ...

    def close_pin_pad(self) -> None:
        """Close the curator's PIN pad (the overlay of ``ludique.ui.scenes.admin.PinPad``)."""
        ...

    def reset_to_attract(self) -> None:
        """Abandon whatever is going on: Attract, in the default language."""
        ...

    def quit(self, code: int = 0) -> None:
        """Stop the kiosk with exit code ``code``."""
        ...
