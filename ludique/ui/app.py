"""The kiosk's one event loop: scenes drawn at the window's own size (see ``ludique.ui.layout``),
the idle countdown, the curator's gesture, and recovery from any failure inside a scene.

Drive it with ``App(...).run()``; tests and the self-test call ``step()`` themselves.
"""

from __future__ import annotations

import logging
import os
import threading
import time
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ludique.kiosk.memory import (
    freeze_startup_objects,
    limit_heap_growth,
    release_dropped_scenes,
    thaw_startup_objects,
)
from ludique.kiosk.pin import PinAttempts
from ludique.kiosk.settings import Settings
from ludique.play.match import GameConfig, GameRecord
from ludique.ui import theme
from ludique.ui.context import Pointer
from ludique.ui.countdown import countdown_limit, draw_countdown, idle_limit
from ludique.ui.layout import Viewport, read_for, viewport_for
from ludique.ui.opponent import Opponent
from ludique.ui.pixels import PIXELS, budget_for
from ludique.ui.widgets import LanguageSwitch
from ludique.words.i18n import catalog

if TYPE_CHECKING:
    from ludique.kiosk.stats import StatsPort
    from ludique.ui.scenes.admin import PinPad
    from ludique.ui.sound import Sounds

__all__ = ["App", "Pointer"]

log = logging.getLogger(__name__)

CORNER_UNITS = 150  # the curator's hidden corner, in layout units
CORNER_TAPS = 5
CORNER_WINDOW = 3.0  # seconds
POLL_SECONDS = 0.02  # at rest, how often input is looked for (50 times a second)
# A finger silent this long no longer holds the screen: its lift may never come (a driver
# hiccup, a palm, a panel losing a contact), and a kiosk must not stay deaf to the next visitor.
FINGER_STALE_SECONDS = 2.0
# Below this the scenes cannot be laid out (a button needs some pixels, a rule card 240): a
# smaller window shows them drawn at this size and shrunk, and touches are mapped back, so that
# even a 1x1 or 10x800 window keeps a way home by touch.
MIN_CANVAS = (320, 200)


class App:
    """The kiosk.  ``on_game_finished(record)`` and ``on_settings_changed(settings)`` are hooks.
    Scenes know it as a ``ludique.ui.context.Kiosk`` and use nothing else of it.  ``clock`` is
    its time (``now``): the monotonic clock, or one the review renderer holds still so that
    what moves with time (a breathing hint, the attract screen's call) is drawn the same."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        windowed: bool = False,
        lang: str | None = None,
        game: str | None = None,
        size: tuple[int, int] | None = None,
        timing_scale: float = 1.0,
        opponent: Opponent | None = None,
        think_budget: float = 1.5,
        demo: bool = True,
        stats: StatsPort | None = None,
        on_first_frame: Callable[[App], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        limit_heap_growth()  # before the first surfaces: see ludique/kiosk/memory.py
        self.settings = settings or Settings()
        self.windowed = windowed
        self.timing_scale = timing_scale
        self.think_budget = think_budget
        self.demo_enabled = demo
        self.lang = lang or self.settings.default_language
        self.on_game_finished: Callable[[GameRecord], None] | None = None
        self.on_settings_changed: Callable[[Settings], None] | None = None
        self.on_loop_turn: Callable[[], None] = lambda: None  # every turn of run(): watchdog
        # the statistics: the games started and finished, the admin panel's charts, lines and
        # file problem (``ludique.kiosk.stats.StatsPort``); None: nothing is recorded
        self.stats = stats
        self._on_first_frame = on_first_frame  # once the first frame is on screen (the log's)
        self.state_file = os.environ.get("LUDIQUE_STATE_FILE")
        self.running = True
        self.exit_code = 0
        self.frames = 0
        self._clock = clock  # ``now``: the monotonic clock, or one a renderer holds still

        pygame.init()
        flags = 0 if windowed else pygame.FULLSCREEN
        window = size or ((1280, 720) if windowed else (0, 0))  # (0, 0): the display's own size
        self.screen = pygame.display.set_mode(window, flags)
        pygame.display.set_caption("Ludique")
        pygame.mouse.set_visible(windowed)
        self.canvas = self._canvas_for(self.screen)
        self.viewport = self._viewport()
        pygame.event.clear()

        self.sounds: Sounds | None = None
        self._sounds_loading = False
        self.opponent = opponent or Opponent()
        self.language_switch = LanguageSwitch(self.set_language)
        self.language_switch.layout(self.viewport)
        self.clock = pygame.time.Clock()
        self.dirty = True
        self.last_input = self.now()
        self.countdown_since: float | None = None
        self.corner_taps: list[float] = []
        self.pin_pad: PinPad | None = None
        self.pin_attempts = PinAttempts()  # outlives the pad: closing it resets no count
        self._finger: int | None = None
        self._finger_seen = 0.0  # when the finger down last sent anything
        self._warm_up: list[Callable[[], None]] = []  # preparations run while nothing moves
        self._mouse_down = False
        self._scene_dropped = False
        # the viewport each living scene was last laid out for: one kept under another (a game
        # under its rules or a guide) is laid out again when it comes back (``go("resume")``)
        self._laid_out: weakref.WeakKeyDictionary[Scene, Viewport] = weakref.WeakKeyDictionary()

        from ludique.ui.scenes import Scene, make_scene

        self.make_scene = make_scene
        freeze_startup_objects()  # before the first scene, which must stay collectable
        self.scene: Scene = Scene(self)  # nothing shown (and nothing to free) until ``go``
        self._nothing = self.scene
        if game:
            self.go("game", config=GameConfig.default_for(game, self.settings))
        else:
            self.go("attract")

    # --- small services for scenes -----------------------------------------------------------
    def t(self, key: str, **fields: object) -> str:
        """The kiosk text ``kiosk.<key>`` in the current language."""
        return catalog(self.lang).t(f"kiosk.{key}", **fields)

    @staticmethod
    def _canvas_for(screen: pygame.Surface) -> pygame.Surface:
        """Where the scenes draw: the window itself, or a surface of at least ``MIN_CANVAS``
        shrunk onto a window smaller than that."""
        w, h = screen.get_size()
        if w >= MIN_CANVAS[0] and h >= MIN_CANVAS[1]:
            return screen
        return pygame.Surface((max(w, MIN_CANVAS[0]), max(h, MIN_CANVAS[1])))

    def _viewport(self) -> Viewport:
        size = self.canvas.get_size()
        PIXELS.set_budget(budget_for(size))  # pictures of a larger screen take more bytes
        viewport = viewport_for(size, self.settings)  # its unit, and the band a visitor reaches
        read_for(viewport)  # every text a visitor reads at least the floor of this screen
        return viewport

    @property
    def corner(self) -> pygame.Rect:
        side = self.viewport.u(CORNER_UNITS)
        return pygame.Rect(0, 0, side, side)

    def now(self) -> float:
        return self._clock()

    def use_clock(self, clock: Callable[[], float]) -> None:
        """The kiosk's time from now on: a driver's simulated clock (the self-test, the soak),
        where a minute of idle costs no real time."""
        self._clock = clock

    def seconds(self, s: float) -> float:
        """A duration of the show (animations, pauses), shortened in tests by ``timing_scale``."""
        return s * self.timing_scale

    def invalidate(self) -> None:
        self.dirty = True

    def _load_sounds(self) -> None:
        """Synthesising the sounds takes a moment: it runs in a thread after the first frame
        (so the first frame comes fast) and only when sound is on."""
        if self.sounds is not None or self._sounds_loading or not self.settings.sound:
            return
        self._sounds_loading = True

        def load() -> None:
            try:
                from ludique.ui.sound import Sounds

                self.sounds = Sounds(enabled=self.settings.sound)
            except Exception:  # noqa: BLE001 - the kiosk runs silently without sounds
                log.exception("the sounds could not be prepared")

        threading.Thread(target=load, name="ludique-sounds", daemon=True).start()

    def play_sound(self, name: str) -> None:
        sounds = self.sounds
        if sounds is None or not self.settings.sound:
            return
        try:
            sounds.enabled = self.settings.sound
            sounds.play(name)
        except Exception:  # noqa: BLE001 - a sound must never stop the kiosk
            log.exception("sound %r failed", name)

    def set_language(self, lang: str) -> None:
        if lang != self.lang:
            self.lang = lang
            self.dirty = True
            if hasattr(self.scene, "language_changed"):
                self.scene.language_changed()

    def forget_input(self) -> None:
        """No finger or button is down any more: the next touch starts afresh, whatever lift
        was lost on the way."""
        self._finger = None
        self._mouse_down = False

    def go(self, name: str, **kwargs) -> None:
        """Switch to scene ``name`` (attract, home, setup, game, rules, end, admin)."""
        self.forget_input()
        previous = self.scene
        try:
            previous.leave()
        except Exception:  # noqa: BLE001
            log.exception("leaving scene %s failed", previous.name)
        if name == "resume" and "scene" in kwargs:
            self.scene = kwargs["scene"]
        else:
            self.scene = self.make_scene(name, self, **kwargs)
        try:
            if self._laid_out.get(self.scene, self.viewport) != self.viewport:
                self.scene.resized()  # kept under another while the window changed size
            self._laid_out[self.scene] = self.viewport
            self.scene.enter()
        except Exception:  # noqa: BLE001
            self._recover(f"entering scene {name}")
        self.countdown_since = None
        self.dirty = True
        self._write_beside_state(".scene", self.scene.name)  # an outside test follows them too
        config = kwargs.get("config")
        if name == "game" and isinstance(config, GameConfig) and config.opponent != "demo":
            self._log_game_started(config)
        # freed at the next step, once no frame on the stack refers to the old scene any more
        if previous is not self.scene and previous is not self._nothing:
            self._scene_dropped = True

    def _log_game_started(self, config: GameConfig) -> None:
        if self.stats is not None:
            opponent = "computer" if config.opponent == "computer" else "two-players"
            self.stats.game_started(config.game_id, self.lang, opponent, config.strength or "")

    def report_game(self, record: GameRecord) -> None:
        hooks = [self.on_game_finished]
        if self.stats is not None:
            hooks.insert(0, self.stats.game_finished)
        for hook in hooks:
            if hook is None:
                continue
            try:
                hook(record)
            except Exception:  # noqa: BLE001 - statistics must never stop a game
                log.exception("recording the game failed")

    def settings_changed(self) -> None:
        if self.sounds is not None:
            self.sounds.enabled = self.settings.sound
        else:
            self._load_sounds()
        if self.on_settings_changed is not None:
            try:
                self.on_settings_changed(self.settings)
            except Exception:  # noqa: BLE001
                log.exception("saving the settings failed")

    def close_pin_pad(self) -> None:
        self.pin_pad = None

    @property
    def stuck(self) -> bool:
        """Whether the kiosk waits for the computer past its deadline with nothing done about
        it yet: systemd's watchdog is then not fed (``ludique.cli.feed_watchdog``)."""
        return self.opponent.overdue

    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    def reset_to_attract(self) -> None:
        """Abandon whatever is going on: Attract, in the default language."""
        self.pin_pad = None
        self.corner_taps = []
        self.forget_input()
        self.lang = self.settings.default_language
        self.go("attract")

    def _recover(self, where: str) -> None:
        log.exception("failure while %s; returning to the attract screen", where)
        self.pin_pad = None
        try:
            self.scene = self.make_scene("attract", self)
            self.scene.enter()
        except Exception:  # noqa: BLE001 - the attract screen itself failed: show an empty frame
            log.exception("the attract screen failed too")
        self.dirty = True

    # --- input -------------------------------------------------------------------------------
    def _pointer_from(self, event: pygame.event.Event) -> Pointer | None:
        """One input stream: mouse events that SDL synthesised from a touch are ignored, the
        FINGER events stand for them (so a tap counts once)."""
        et = event.type
        if et in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if getattr(event, "touch", False):
                return None
            pos = self._inside(*self._from_window(float(event.pos[0]), float(event.pos[1])))
            if et == pygame.MOUSEBUTTONDOWN:
                if getattr(event, "button", 1) != 1:
                    return None
                self._mouse_down = True
                return Pointer("down", pos)
            if et == pygame.MOUSEBUTTONUP:
                if getattr(event, "button", 1) != 1 or not self._mouse_down:
                    return None
                self._mouse_down = False
                return Pointer("up", pos)
            return Pointer("move", pos) if self._mouse_down else None
        if et in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
            pos = self._inside(event.x * self.viewport.width, event.y * self.viewport.height)
            finger = getattr(event, "finger_id", 0)
            now = self.now()
            if et == pygame.FINGERDOWN:
                if self._finger is not None and now - self._finger_seen < FINGER_STALE_SECONDS:
                    # a second finger, ignored while the first is down (docs/reliability.md)
                    log.info("a touch ignored: finger %s is still down", self._finger)
                    return None
                self._finger, self._finger_seen = finger, now
                return Pointer("down", pos)
            if finger != self._finger:
                return None
            self._finger_seen = now
            if et == pygame.FINGERUP:
                self._finger = None
                return Pointer("up", pos)
            return Pointer("move", pos)
        return None

    def _from_window(self, x: float, y: float) -> tuple[float, float]:
        """Window pixels to the canvas's (the same but on a window below ``MIN_CANVAS``)."""
        if self.canvas is self.screen:
            return x, y
        (cw, ch), (w, h) = self.canvas.get_size(), self.screen.get_size()
        return x * cw / max(1, w), y * ch / max(1, h)

    def _inside(self, x: float, y: float) -> tuple[float, float]:
        """A point held to the window: a drag that leaves the screen stays at its edge, and a
        driver's wild value (1e300, NaN) cannot reach a scene's drawing."""

        def held(v: float, size: int) -> float:
            return min(max(v, 0.0), size - 1.0) if v == v else 0.0

        return held(x, self.viewport.width), held(y, self.viewport.height)

    def _handle_event(self, event: pygame.event.Event) -> None:
        et = event.type
        if et == pygame.QUIT:
            if self.windowed:
                self.quit()
            return
        if et == pygame.KEYDOWN:
            self.last_input = self.now()
            if self.windowed and event.key == pygame.K_ESCAPE:
                self.quit()
            return  # in kiosk mode every key does nothing
        if et in (
            pygame.WINDOWEXPOSED,
            pygame.WINDOWRESIZED,
            pygame.WINDOWSIZECHANGED,
            pygame.VIDEOEXPOSE,
            pygame.WINDOWSHOWN,
            pygame.WINDOWRESTORED,
        ):
            if et in (pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED):
                self._resized()
            self.dirty = True
            return
        pointer = self._pointer_from(event)
        if pointer is None:
            return
        self.last_input = self.now()
        self.dirty = True
        if self.countdown_since is not None:
            if pointer.kind == "down":
                self.countdown_since = None  # "still playing": any touch answers
            return
        if self.pin_pad is not None:
            self.pin_pad.on_pointer(pointer)
            return
        if pointer.kind == "down" and self.corner.collidepoint(pointer.pos):
            now = self.now()
            self.corner_taps = [t for t in self.corner_taps if now - t <= CORNER_WINDOW] + [now]
            log.info("curator's corner: tap %d of %d", len(self.corner_taps), CORNER_TAPS)
            if len(self.corner_taps) >= CORNER_TAPS:
                self.corner_taps = []
                from ludique.ui.scenes.admin import PinPad

                self.pin_pad = PinPad(self)
                return
        if (
            pointer.kind == "down"
            and getattr(self.scene, "shows_language_switch", False)
            and self.language_switch.handle_tap(pointer.pos)
        ):
            return
        try:
            self.scene.on_pointer(pointer)
        except Exception:  # noqa: BLE001
            self._recover(f"handling input in scene {self.scene.name}")

    def _resized(self) -> None:
        """The window changed size: every part is placed again for the new size."""
        self.screen = pygame.display.get_surface() or self.screen
        self.canvas = self._canvas_for(self.screen)
        viewport = self._viewport()
        if viewport == self.viewport:
            return
        self.viewport = viewport
        self.language_switch.layout(viewport)
        if self.pin_pad is not None:  # an overlay of the app, not of the scene
            self.pin_pad.layout()
        try:
            self.scene.resized()
            self._laid_out[self.scene] = viewport
        except Exception:  # noqa: BLE001
            self._recover(f"laying out scene {self.scene.name}")

    # --- the loop ------------------------------------------------------------------------------
    def _idle_check(self, now: float) -> float | None:
        """Start or finish the idle countdown; the seconds until the next idle event."""
        if not getattr(self.scene, "idle_applies", True) and self.pin_pad is None:
            return None
        idle = idle_limit(self.settings, self.scene)
        if self.countdown_since is None:
            if now - self.last_input >= idle:
                self.countdown_since = now
                self.dirty = True
            else:
                return idle - (now - self.last_input)
        remaining = countdown_limit(self.settings) - (now - self.countdown_since)
        if remaining <= 0:
            self.countdown_since = None
            self.forget_input()
            scene = self.scene
            if hasattr(scene, "abandon"):
                try:
                    scene.abandon()
                except Exception:  # noqa: BLE001
                    log.exception("abandoning the game failed")
            self.reset_to_attract()
            self.last_input = now
            return None
        self.dirty = True  # the countdown's number changes
        return min(1.0, remaining - int(remaining) + 0.01)

    def step(self, wait: bool = False) -> bool:
        """Handle pending input, advance the scene, draw if anything changed.

        With ``wait`` the call sleeps (``event.wait``) until input or the next thing due, so
        that the kiosk at rest uses almost no processor.  Returns False once the app should stop.
        """
        if self._scene_dropped:
            self._scene_dropped = False
            release_dropped_scenes()
        now = self.now()
        animating = self._scene_animating()
        if wait and not animating and not self.dirty and self._warm_up:
            self.warm_up(limit=1)
            events = pygame.event.get()
        elif wait and not animating and not self.dirty:
            wake = [1.0]
            due = self._idle_check(now)
            if due is not None:
                wake.append(due)
            scene_due = self._scene_call("next_wake", now)
            if scene_due is not None:
                wake.append(scene_due)
            events = self._wait_for_events(max(0.0, min(wake)))
        else:
            events = pygame.event.get()
        for event in events:
            self._handle_event(event)
            if not self.running:
                return False
        now = self.now()
        self.opponent.check_deadline()  # whatever scene is shown: a hung worker is replaced
        self._idle_check(now)
        self._scene_call("update", now)
        if self.pin_pad is not None:
            self.pin_pad.update(now)
        if self.dirty or self._scene_animating():
            self.draw()
            self.dirty = False
            if wait:
                self.clock.tick(60)
        return self.running

    def warm_up(self, limit: int | None = None) -> None:
        """Run (up to ``limit``) preparations: boards and sprites made before they are needed."""
        count = 0
        while self._warm_up and (limit is None or count < limit):
            task = self._warm_up.pop(0)
            count += 1
            try:
                task()
            except Exception:  # noqa: BLE001 - a preparation that fails is done at first use
                log.exception("preparing a board failed")

    @staticmethod
    def _wait_for_events(timeout: float) -> list[pygame.event.Event]:
        """Input, or nothing once ``timeout`` seconds have passed.

        pygame's ``event.wait(timeout)`` polls in 1 ms sleeps (about 2% of a core doing
        nothing); checking every ``POLL_SECONDS`` costs a fraction of that and still answers a
        touch within one frame at 50 frames a second.
        """
        deadline = time.monotonic() + timeout
        events = pygame.event.get()
        while not events:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break
            time.sleep(min(POLL_SECONDS, remaining))
            events = pygame.event.get()
        return events

    def _scene_animating(self) -> bool:
        try:
            return bool(self.scene.animating())
        except Exception:  # noqa: BLE001
            self._recover(f"asking scene {self.scene.name}")
            return False

    def _scene_call(self, method: str, *args):
        try:
            return getattr(self.scene, method)(*args)
        except Exception:  # noqa: BLE001
            self._recover(f"{method} of scene {self.scene.name}")
            return None

    def draw(self) -> None:
        canvas = self.canvas
        try:
            self.scene.draw(canvas)
        except Exception:  # noqa: BLE001
            self._recover(f"drawing scene {self.scene.name}")
            canvas.blit(theme.background(canvas.get_size()), (0, 0))
        if getattr(self.scene, "shows_language_switch", False):
            self.language_switch.draw(canvas, self.lang)
        if self.countdown_since is not None:
            remaining = countdown_limit(self.settings) - (self.now() - self.countdown_since)
            draw_countdown(canvas, self.viewport, self.t, remaining)
        if self.pin_pad is not None:
            self.pin_pad.draw(canvas)
        if canvas is not self.screen:
            pygame.transform.smoothscale(canvas, self.screen.get_size(), self.screen)
            pygame.display.flip()
            self._after_frame()
            return
        changed = None
        if not self.dirty:
            # only pieces moved since the last frame: send just their squares to the screen
            changed = (
                self._scene_call("changed_rects") if hasattr(self.scene, "changed_rects") else None
            )
        if changed:
            pygame.display.update(changed)
        else:
            pygame.display.flip()
        self._after_frame()

    def _after_frame(self) -> None:
        self.frames += 1
        if self.frames == 1:
            self._load_sounds()
            from ludique.ui.scenes.game import warm_up_tasks

            self._warm_up = [
                self.opponent.prepare,
                *warm_up_tasks(self.viewport, self.language_switch.area),
            ]
            if self._on_first_frame is not None:
                self._on_first_frame(self)

    def save_state_file(self, text: str) -> None:
        """With ``LUDIQUE_STATE_FILE`` set, the saved game is written there after every action
        (so an outside test can watch a real pointer play), and the screen's name beside it
        (``.scene``) at every change of screen."""
        self._write_beside_state("", text)

    def _write_beside_state(self, suffix: str, text: str) -> None:
        """Write ``LUDIQUE_STATE_FILE`` + ``suffix`` (if set) at once, never half a file."""
        if not self.state_file:
            return
        path = self.state_file + suffix
        try:
            tmp = path + ".tmp"
            with open(tmp, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.replace(tmp, path)
        except OSError:
            log.exception("could not write %s", path)

    def run(self, max_seconds: float | None = None) -> int:
        """The event loop until Exit (admin), Escape (windowed) or ``max_seconds``."""
        start = time.monotonic()
        try:
            while self.running:
                if max_seconds is not None and time.monotonic() - start >= max_seconds:
                    break
                self.on_loop_turn()  # before the step, so a step that fails still counts
                try:
                    self.step(wait=True)
                except Exception:  # noqa: BLE001 - the kiosk must not die: back to Attract
                    self._recover("running the loop")
                    time.sleep(0.1)  # a failure that repeats must not spin the processor
        finally:
            self.close()
        return self.exit_code

    def close(self) -> None:
        try:
            self.scene.leave()
        except Exception:  # noqa: BLE001
            log.exception("closing the scene failed")
        self.opponent.close()
        read_for(None)  # the texts drawn after the kiosk closed are no visitor's
        thaw_startup_objects()
        # only the display: the fonts cached by ludique.ui.fonts must stay valid for a next App
        pygame.display.quit()
