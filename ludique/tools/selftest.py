"""``ludique --self-test``: a scripted visit through every screen, game and language, headless.

It runs the real kiosk (scenes, boards, rule cards, the computer player in its worker process,
statistics) under whatever SDL driver is set (CI uses the dummy one), posts real pointer events,
and fails on the first thing that goes wrong: a missing data file, an error in the log (a scene
that crashed and was recovered, a missing text), a screen that does not come, a computer player
that does not answer.  It prints one line per step and exits 0, or 1 with the reason.

The :class:`Driver` (a simulated clock and a pointer) is shared with the soak benchmark.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import logging
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from ludique.kiosk.settings import Settings
    from ludique.ui.app import App

log = logging.getLogger(__name__)

LANGS = ("fr", "de", "en")


class SelfTestFailure(Exception):
    """What went wrong, in one sentence."""


class ErrorCollector(logging.Handler):
    """Keeps every ERROR (and worse) record logged anywhere while the visit runs."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def describe(self, record: logging.LogRecord) -> str:
        text = f"{record.name}: {record.getMessage()}"
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            text += f" ({type(exc).__name__}: {exc})"
        return text


class SimClock:
    """The kiosk's clock, moved forward by the driver: a minute of idle costs no real time."""

    def __init__(self) -> None:
        self.t = time.monotonic()

    def __call__(self) -> float:
        return self.t


class Driver:
    """Plays a visitor against a running :class:`~ludique.ui.app.App`: real pygame events in
    window coordinates, and a simulated clock advanced a frame at a time."""

    def __init__(self, app: App, frame: float = 1 / 30, check: Callable[[], None] | None = None):
        self.app = app
        self.clock = SimClock()
        app.use_clock(self.clock)
        app.last_input = self.clock.t
        self.frame = frame
        self.check = check or (lambda: None)
        self.steps = 0

    # --- time --------------------------------------------------------------------------------
    def step(self, seconds: float | None = None) -> None:
        self.clock.t += self.frame if seconds is None else seconds
        self.app.step(wait=False)
        self.steps += 1
        self.check()

    def run(self, seconds: float) -> None:
        """Simulated ``seconds`` of frames."""
        for _ in range(max(1, int(seconds / self.frame))):
            self.step()

    def until(self, done: Callable[[], bool], what: str, real_timeout: float = 15.0) -> None:
        """Frames until ``done()``; the computer's answers need real time, so the limit is real."""
        start = time.monotonic()
        while not done():
            if time.monotonic() - start > real_timeout:
                raise SelfTestFailure(f"timed out after {real_timeout:.0f} s waiting for {what}")
            self.step()
            if not self.app.running and not done():
                raise SelfTestFailure(f"the program stopped while waiting for {what}")
            if self.steps % 8 == 0:
                time.sleep(0.002)  # let the computer player's process have the processor

    # --- the pointer ---------------------------------------------------------------------------
    def _window(self, pos: tuple[float, float]) -> tuple[int, int]:
        return (int(pos[0]), int(pos[1]))  # scenes work in window pixels

    def post(self, kind: int, pos: tuple[float, float], **extra: object) -> None:
        import pygame

        attrs: dict[str, object] = {"pos": self._window(pos)}
        if kind != pygame.MOUSEMOTION:
            attrs["button"] = 1
        else:
            attrs["rel"], attrs["buttons"] = (0, 0), (1, 0, 0)
        attrs.update(extra)
        pygame.event.post(pygame.event.Event(kind, attrs))

    def on_screen(self) -> Any:
        """The scene shown, read as the visitor sees it: the game (or guided game) with its
        match, guidance and board, a rule card, the end screen (each checked by its use)."""
        return self.app.scene

    def tap(self, pos: tuple[float, float], settle: int = 2) -> None:
        import pygame

        self.post(pygame.MOUSEBUTTONDOWN, pos)
        self.post(pygame.MOUSEBUTTONUP, pos)
        for _ in range(settle):
            self.step()

    def finger_tap(self, pos: tuple[float, float]) -> None:
        """A touch as SDL reports it: FINGER events plus the mouse events it synthesises."""
        import pygame

        w, h = self.app.screen.get_size()
        wx, wy = self._window(pos)
        fx, fy = wx / w, wy / h
        finger = {"touch_id": 1, "finger_id": 0, "x": fx, "y": fy, "dx": 0.0, "dy": 0.0}
        pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, finger))
        self.post(pygame.MOUSEBUTTONDOWN, pos, touch=True)
        pygame.event.post(pygame.event.Event(pygame.FINGERUP, finger))
        self.post(pygame.MOUSEBUTTONUP, pos, touch=True)
        self.step()
        self.step()

    def drag(self, a: tuple[float, float], b: tuple[float, float], steps: int = 6) -> None:
        import pygame

        self.post(pygame.MOUSEBUTTONDOWN, a)
        self.step()
        for i in range(1, steps + 1):
            k = i / steps
            self.post(pygame.MOUSEMOTION, (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k))
            self.step()
        self.post(pygame.MOUSEBUTTONUP, b)
        self.step()
        self.step()

    def tap_button(self, name: str) -> None:
        scene = self.on_screen()
        try:
            button = scene.button(name)
        except KeyError:
            raise SelfTestFailure(f"the {scene.name} screen has no {name!r} button") from None
        self.tap(button.rect.center)

    def tap_pin(self, key: str) -> None:
        pad = self.app.pin_pad
        if pad is None:
            raise SelfTestFailure("the PIN pad is not shown")
        button = next((b for b in pad.buttons if b.name == f"pin-{key}"), None)
        if button is None:
            raise SelfTestFailure(f"the PIN pad has no key {key!r}")
        self.tap(button.rect.center)

    def tap_language(self, lang: str) -> None:
        self.tap(self.app.language_switch.rects[lang].center)

    def corner_gesture(self) -> None:
        for _ in range(5):
            self.tap((30, 30), settle=1)

    # --- playing -------------------------------------------------------------------------------
    def visitor_can_act(self) -> bool:
        scene = self.on_screen()
        if getattr(scene, "name", "") != "game":
            return False
        match = scene.match
        return (
            match.human_turn
            and match.state.outcome is None
            and not scene.board.busy()
            and match.pass_at is None
        )

    def visitor_move(self, rng: random.Random, *, drag: bool = True) -> str | None:
        """One action of the visitor through the screen: a die throw, a removal or a move.
        Returns what was done (for the log), or None when nothing could be done."""
        scene = self.on_screen()
        state = scene.match.state
        guidance = scene.guidance
        view = scene.view
        if state.needs_roll:
            die = getattr(view, "die_rect", None)
            if die is None:
                raise SelfTestFailure(f"{scene.config.game_id}: a roll is needed but no die")
            self.tap(die.center)
            return "roll"
        removals = guidance.removals()
        if removals:
            square = rng.choice(sorted(removals))
            self.tap(view.target_centre(square, state))
            return f"remove {square}"
        origins = guidance.origins()
        if not origins:
            return None
        origin = rng.choice(sorted(origins))
        targets = guidance.targets(origin)
        if not targets:
            return None
        square = rng.choice(sorted(targets))
        return self._move_piece(origin, square, drag=drag)

    def visitor_play(self, notation: str) -> bool:
        """Make the move ``notation`` through the screen; False if the screen does not offer it."""
        scene = self.on_screen()
        guidance = scene.guidance
        wanted = scene.match.state.find_move(notation)
        for square, move in guidance.removals().items():
            if move == wanted:
                self.tap(scene.view.target_centre(square, scene.match.state))
                return True
        for origin in guidance.origins():
            for square, move in guidance.targets(origin).items():
                if move == wanted:
                    self._move_piece(origin, square, drag=True)
                    return True
        return False

    def _move_piece(self, origin: str, square: str, *, drag: bool) -> str:
        scene = self.on_screen()
        state, view = scene.match.state, scene.view
        text = str(scene.guidance.targets(origin)[square])
        start = view.centre(origin, state, state.to_move)
        end = view.target_centre(square, state)
        if drag:
            self.drag(start, end)
        else:
            self.tap(start)
            self.tap(end)
        return text


# --- the checks ---------------------------------------------------------------------------------


def check_data() -> list[str]:
    """Every data file the kiosk needs, present and readable."""
    from ludique.ai.solved import solved
    from ludique.games import specs
    from ludique.paths import asset_path, data_root, locales_dir
    from ludique.words.i18n import LocaleError, read_language

    problems: list[str] = []
    try:
        data_root()
    except FileNotFoundError as exc:
        return [str(exc)]
    fonts = asset_path("fonts")
    for name in ("NotoSerif-Regular.ttf", "NotoSerif-Bold.ttf", "NotoSerif-Italic.ttf",
                 "NotoSerifDisplay-Bold.ttf", "OFL.txt"):  # fmt: skip
        if not (fonts / name).is_file():
            problems.append(f"missing font file {fonts / name}")
    keys: dict[str, set[str]] = {}
    for lang in LANGS:
        try:
            keys[lang] = set(read_language(lang))
        except LocaleError as exc:
            problems.append(f"locale {lang}: {exc}")
    if "en" in keys:
        for lang in ("fr", "de"):
            missing = keys["en"] - keys.get(lang, keys["en"])
            if missing:
                problems.append(f"locale {lang} lacks {len(missing)} keys, e.g. {min(missing)}")
    for lang in LANGS:
        if not any((locales_dir() / lang).rglob("*.md")):
            problems.append(f"no rule cards (*.md) in {locales_dir() / lang}")
    for game in specs():
        if game.solved:
            folder = asset_path(solved(game.id).folder)
            if not folder.is_dir() or not any(p.is_file() for p in folder.iterdir()):
                problems.append(f"the table of {game.id} is missing from {folder}")
    return problems


STORY_WAIT_ACTIONS = 600  # a long visitor's game; random games can run to thousands


def _near_end(game_id: str, rng: random.Random, max_actions: int = 20000):
    """A position one decision before the end of a random game and the deciding move (or None
    if no game ended in time)."""
    from ludique.games import new_game

    state = new_game(game_id)
    history = [state]
    for _ in range(max_actions):
        if state.outcome is not None:
            break
        if state.needs_roll:
            state = state.roll(rng.randint(1, 6))
        else:
            state = state.play(rng.choice(state.legal_moves()))
        history.append(state)
    if state.outcome is None:
        return None
    # the last position where a player (not the die) decided, and what he played
    for before, after in zip(reversed(history[:-1]), reversed(history[1:]), strict=True):
        if not before.needs_roll:
            return before, after.actions()[-1]
    return None


class SelfTest:
    def __init__(
        self,
        out: TextIO,
        games: tuple[str, ...] | None = None,
        settings: Settings | None = None,
        stats_path: Path | None = None,
    ) -> None:
        from ludique.games import GAME_IDS
        from ludique.kiosk.settings import Settings

        self.out = out
        self.games = games or GAME_IDS
        self.settings = settings or Settings()
        self.stats_path = stats_path
        self.started = time.monotonic()
        self.errors = ErrorCollector()
        self.games_played = 0
        self.screens: set[str] = set()

    def say(self, text: str) -> None:
        self.out.write(f"[{time.monotonic() - self.started:5.1f} s] {text}\n")
        self.out.flush()

    def check_log(self) -> None:
        if self.errors.records:
            raise SelfTestFailure("error logged: " + self.errors.describe(self.errors.records[0]))

    def expect(self, scene: str, after: str) -> None:
        name = getattr(self.app.scene, "name", "?")
        if name != scene:
            raise SelfTestFailure(f"after {after}: expected the {scene} screen, found {name}")
        self.screens.add(scene)

    def run(self) -> None:
        problems = check_data()
        if problems:
            raise SelfTestFailure("; ".join(problems[:5]))
        self.say("data files: fonts, locales fr/de/en, rule cards, solved games' tables present")
        logging.getLogger().addHandler(self.errors)
        if logging.getLogger().level > logging.ERROR or logging.getLogger().level == 0:
            logging.getLogger().setLevel(logging.WARNING)
        try:
            self._visit()
        finally:
            logging.getLogger().removeHandler(self.errors)

    def _visit(self) -> None:
        from ludique.games import families
        from ludique.kiosk.stats import Stats, StatsPort
        from ludique.ui.app import App

        # the kiosk's own settings (their problems included), made quick to test
        settings = dataclasses.replace(
            self.settings,
            default_strength="beginner",
            fullscreen=False,
            enabled_games=families(),
            problems=list(self.settings.problems),
        )
        for problem in settings.problems:
            self.say(f"settings problem (the default is used): {problem}")
        stats = Stats(self.stats_path or Path(":memory:"))
        self.say(f"statistics: {'memory only' if stats.in_memory else stats.path}")
        app = self.app = App(
            settings,
            windowed=True,
            size=(1280, 800),
            timing_scale=0.1,
            think_budget=0.2,
            stats=StatsPort(stats),
        )
        recorded_before = stats.total()
        drive = self.drive = Driver(app, check=self.check_log)
        rng = random.Random(2026)
        if getattr(app.opponent, "stand_in", False):
            found = importlib.util.find_spec("ludique.kiosk.worker") is not None
            raise SelfTestFailure(
                "the computer player did not start (a random stand-in plays instead)"
                + ("" if found else ": ludique.kiosk.worker is missing from this build")
            )
        try:
            self._attract_and_home()
            for n, game_id in enumerate(self.games):
                self._one_game(game_id, LANGS[n % 3], rng)
            self._end_screens()
            self._idle_timeout(rng)
            self._resolution_change()
            self._admin()
        finally:
            if app.running:
                app.close()
        finished = stats.total() - recorded_before
        if finished < 2:
            raise SelfTestFailure(f"only {finished} games reached the statistics")
        self.say(
            f"{len(self.screens)} screens, {self.games_played} games, 3 languages, "
            f"{finished} games in the statistics, {drive.steps} frames"
        )

    def _attract_and_home(self) -> None:
        drive, app = self.drive, self.app
        self.expect("attract", "start")
        drive.run(1.0)
        drive.finger_tap((960, 540))
        self.expect("home", "a touch on the attract screen")
        for lang in ("de", "en", "fr"):
            drive.tap_language(lang)
            if app.lang != lang:
                raise SelfTestFailure(f"the language switch did not switch to {lang}")
        self.say("attract -> home, language switch fr/de/en")

    def _start(self, game_id: str) -> None:
        drive = self.drive
        from ludique.games import spec

        game = spec(game_id)
        drive.tap_button(game.family)
        self.expect("setup", f"the {game.family} tile")
        if game.variant:
            drive.tap_button(f"variant-{game.variant}")
        drive.tap_button("play")
        self.expect("game", "Play")
        got = spec(drive.on_screen().config.game_id)
        if got is not game:
            raise SelfTestFailure(f"Play started {got.id}, expected {game_id}")

    def _one_game(self, game_id: str, lang: str, rng: random.Random) -> None:
        drive, app = self.drive, self.app
        drive.tap_language(lang)
        self._start(game_id)
        scene = drive.on_screen()
        played: list[str] = []
        for turn in range(3):
            drive.until(lambda: drive.visitor_can_act() or scene.match.state.outcome is not None,
                        f"the visitor's turn in {game_id}")  # fmt: skip
            if scene.match.state.outcome is not None:
                break
            done = drive.visitor_move(rng, drag=turn % 2 == 0)
            if done is None:
                raise SelfTestFailure(f"{game_id}: the visitor has no move the screen offers")
            played.append(done)
            drive.run(0.2)
        drive.until(lambda: drive.visitor_can_act() or scene.match.state.outcome is not None,
                    f"the computer's answer in {game_id}")  # fmt: skip
        if len(scene.match.state.actions()) <= len([p for p in played if p != "roll"]):
            raise SelfTestFailure(f"{game_id}: the computer did not move")
        # the rule card, scrolled, then back to the very same game
        before = scene.match.state
        drive.tap_button("rules")
        self.expect("rules", "Rules")
        if drive.on_screen().card() is None:
            raise SelfTestFailure(f"no rule card for {game_id} in {app.lang}")
        drive.drag((700, 700), (700, 300))
        other = LANGS[(LANGS.index(lang) + 1) % 3]
        drive.tap_language(other)
        drive.run(0.1)
        if drive.on_screen().card() is None:
            raise SelfTestFailure(f"no rule card for {game_id} in {other}")
        drive.tap_button("close")
        self.expect("game", "closing the rules")
        if drive.on_screen() is not scene or scene.match.state is not before:
            raise SelfTestFailure(f"{game_id}: the game changed behind the rule card")
        drive.until(drive.visitor_can_act, f"the visitor's turn in {game_id} before undo")
        if scene.match.undo_target() is not None:
            drive.tap_button("undo")
            if scene.match.state is before and before.parent is not None:
                raise SelfTestFailure(f"{game_id}: undo changed nothing")
        drive.tap_button("home")
        if getattr(scene, "leaving", None) is not None:  # a game in progress asks first
            drive.tap(scene.leaving.button("leave-go").rect.center)
        self.expect("home", "Home")
        self.games_played += 1
        self.say(f"{game_id} in {lang}: {', '.join(played)}; computer answered; rules; undo; home")

    def _end_screens(self) -> None:
        from ludique.games import families, family_games
        from ludique.play.match import GameConfig

        drive, app = self.drive, self.app
        # one game of each family: its last variant
        ends = [family_games(f)[-1].id for f in families() if family_games(f)[-1].id in self.games]
        for game_id in ends:
            # A random game can run past 20,000 actions (the solved dice game's, once in 40), so
            # each game gets its own seeds, not whatever the visit before left in ``rng``: the
            # same games every run, and five tries before the engine is called stuck.
            tries = (_near_end(game_id, random.Random(f"{game_id} {n}")) for n in range(5))
            found = next((t for t in tries if t is not None), None)
            if found is None:
                raise SelfTestFailure(f"{game_id}: no random game ended (engine stuck?)")
            state, last = found
            app.go("game", config=GameConfig(game_id, "two-players"), state=state)
            drive.until(drive.visitor_can_act, f"a playable position near the end of {game_id}")
            if not drive.visitor_play(last):
                raise SelfTestFailure(f"{game_id}: the screen does not offer the move {last}")
            drive.until(lambda: app.scene.name == "end", f"the end screen of {game_id}")
            self.expect("end", f"the last move of {game_id}")
            # "How the game went": told in the kiosk (a solved game) or by the worker.  A
            # random game can run to thousands of actions, far beyond a visitor's; its story
            # takes as long as replaying them all, so only a game of a visitor's length is
            # waited for (the screen must still open and offer its way home).
            actions = len(drive.on_screen().game.match.state.actions())
            drive.tap_button("story")
            self.expect("story", f"How the game went of {game_id}")
            if actions <= STORY_WAIT_ACTIONS:

                def told() -> bool:
                    # the worker searches in real seconds while the test's clock runs some 30
                    # times faster: the visitor is there, watching, not idle
                    app.last_input = app.now()
                    return getattr(app.scene, "story", None) is not None

                drive.until(told, f"the story of {game_id} ({actions} actions)", 30.0)
            drive.tap_button("home")
            self.games_played += 1
        self.say(f"end screens and their stories: {', '.join(ends)} (two players)")

    def _idle_timeout(self, rng: random.Random) -> None:
        from ludique.games import families, family_games
        from ludique.ui.countdown import countdown_limit, idle_limit

        drive, app = self.drive, self.app
        drive.tap_language("en")
        self._start(family_games(families()[-1])[0].id)  # the last tile of Home
        drive.until(drive.visitor_can_act, "the visitor's turn before going idle")
        drive.visitor_move(rng)
        drive.step(idle_limit(app.settings, app.scene) + 0.5)
        drive.step()
        if app.countdown_since is None:
            raise SelfTestFailure("no 'Still playing?' countdown after the idle time")
        drive.step(countdown_limit(app.settings) + 0.5)
        drive.step()
        self.expect("attract", "the idle countdown")
        if app.lang != app.settings.default_language:
            raise SelfTestFailure("the idle timeout did not restore the default language")
        self.say("idle: countdown, game abandoned, attract in the default language")

    def _resolution_change(self) -> None:
        import pygame

        drive, app = self.drive, self.app
        for size in ((1024, 768), (1920, 1080), (1280, 800)):
            pygame.display.set_mode(size)
            pygame.event.post(
                pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
            )
            pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
            drive.run(0.1)
            if app.screen.get_size() != size:
                raise SelfTestFailure(f"the window was switched to {size} but drew at "
                                      f"{app.screen.get_size()}")  # fmt: skip
        self.say("resolution switched 1024x768 -> 1920x1080 -> 1280x800")

    def _admin(self) -> None:
        from ludique.kiosk.pin import valid_pin

        drive, app = self.drive, self.app
        pin = app.settings.admin_pin
        drive.corner_gesture()
        for key in "0000" if pin != "0000" else "1111":
            drive.tap_pin(key)
        drive.tap_pin("OK")
        if app.scene.name == "admin":
            raise SelfTestFailure("a wrong PIN opened the admin panel")
        locked = not valid_pin(pin)
        if locked:
            # the settings file gave no usable PIN and none was known (ludique.kiosk.pin): the panel
            # is locked, and the test goes on with a PIN of its own, for this run only
            pin = app.settings.admin_pin = "2468"
        for key in pin:
            drive.tap_pin(key)
        drive.tap_pin("OK")
        self.expect("admin", "the right PIN")
        drive.run(0.2)
        drive.tap_button("exit")
        if app.running:
            raise SelfTestFailure("Exit on the admin panel did not stop the program")
        self.say(
            "curator: corner gesture, wrong PIN refused, admin panel, exit"
            + (" (the settings lock the panel: no valid PIN; the log says why)" if locked else "")
        )


def main(
    out: TextIO | None = None,
    settings: Settings | None = None,
    log_file: Path | None = None,
) -> int:
    """Run the self-test; 0 when it passed, 1 with the reason printed when not.

    ``settings`` are the kiosk's (loaded by the command line); the test's own games go to a
    separate statistics file beside the real one (``selftest.sqlite3``), so that a read-only or
    full data folder is exercised without touching the museum's figures.
    ``LUDIQUE_SELF_TEST_GAMES`` (comma-separated game ids) limits the games, for quick tests.
    """
    from ludique.kiosk.stats import default_stats_path

    out = out or sys.stdout
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    chosen = os.environ.get("LUDIQUE_SELF_TEST_GAMES")
    games = tuple(g.strip() for g in chosen.split(",") if g.strip()) if chosen else None
    test = SelfTest(out, games, settings, default_stats_path().with_name("selftest.sqlite3"))
    test.say(f"log: {log_file or 'stderr only'}")
    try:
        test.run()
    except SelfTestFailure as exc:
        out.write(f"self-test FAILED: {exc}\n")
        return 1
    except Exception as exc:  # noqa: BLE001 - any failure is the answer, with its traceback
        import traceback

        traceback.print_exc(file=out)
        out.write(f"self-test FAILED: {type(exc).__name__}: {exc}\n")
        return 1
    out.write(f"self-test passed in {time.monotonic() - test.started:.1f} s\n")
    return 0
