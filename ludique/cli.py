"""The ``ludique`` command: start the kiosk (fullscreen, or ``--windowed`` for development)."""

from __future__ import annotations

import argparse
import io
import logging
import multiprocessing
import os
import re
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from ludique.games import GAME_IDS
from ludique.kiosk.watchdog import Watchdog
from ludique.words.i18n import LANGUAGES

if TYPE_CHECKING:
    from ludique.ui.app import App

log = logging.getLogger("ludique")

EXIT_NO_SCREEN = 3  # not 0 (the curator's Exit), not 2 (a wrong command line)


# The largest window: 8K's pixels (a surface of them is 130 MB, and the kiosk keeps a few);
# more would not be drawn before memory runs out.
MAX_PIXELS = 7680 * 4320
MAX_SIDE = 16384  # SDL's own limit for a texture side
_SIZE = re.compile(r"\s*([0-9]+)\s*[xX]\s*([0-9]+)\s*")


def _size(text: str) -> tuple[int, int]:
    found = _SIZE.fullmatch(text)
    if not found:
        raise argparse.ArgumentTypeError(
            f"{text[:40]!r}: a window size is WIDTHxHEIGHT in pixels, e.g. 1280x720"
        )
    # compared as text first: int() refuses 5,000 digits with a ValueError of its own
    w, h = (int(v[-9:]) if len(v) <= 9 else MAX_SIDE + 1 for v in found.groups())
    if w < 1 or h < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: the window must be at least 1x1")
    if w > MAX_SIDE or h > MAX_SIDE or w * h > MAX_PIXELS:
        raise argparse.ArgumentTypeError(
            f"{text!r}: the window can be at most {MAX_SIDE} pixels a side and "
            f"{MAX_PIXELS:,} pixels in all (7680x4320)"
        )
    return w, h


def build_parser() -> argparse.ArgumentParser:
    try:
        from ludique.kiosk.settings import default_settings_path

        settings_help = f"settings file (TOML; default {default_settings_path()})"
    except Exception:  # noqa: BLE001 - help must always print
        settings_help = "settings file (TOML)"
    parser = argparse.ArgumentParser(
        prog="ludique",
        description="Ludique: ancient board games for a museum touchscreen.",
    )
    parser.add_argument(
        "--windowed",
        action="store_true",
        help="open a window instead of the fullscreen kiosk (Escape quits)",
    )
    parser.add_argument("--lang", choices=LANGUAGES, help="language at start")
    parser.add_argument(
        "--game",
        choices=GAME_IDS,
        help="start straight into this game against the computer (for testing)",
    )
    parser.add_argument("--settings", type=Path, metavar="FILE", help=settings_help)
    parser.add_argument(
        "--size", type=_size, metavar="WxH", help="window size with --windowed (default 1280x720)"
    )
    parser.add_argument(
        "--think",
        type=float,
        default=1.5,
        metavar="SECONDS",
        help="the computer's thinking budget per move (default 1.5)",
    )
    parser.add_argument(
        "--self-test",
        action="store_true",
        help="play a short scripted visit headless and exit 0 (or 1 with the reason)",
    )
    parser.epilog = (
        "ludique stats --csv: print the play statistics as CSV (see docs/kiosk.md); "
        "ludique cards --pdf DIR: print-ready A4 rule cards (see docs/content.md)"
    )
    return parser


def stats_command(argv: list[str]) -> int:
    """``ludique stats --csv [--db FILE]``: the play statistics as CSV on stdout."""
    from ludique.kiosk.stats import Stats, StatsError, default_stats_path, export_file

    parser = argparse.ArgumentParser(prog="ludique stats", description="Ludique play statistics.")
    parser.add_argument("--csv", action="store_true", help="every game played, as CSV")
    parser.add_argument(
        "--db", type=Path, metavar="FILE", help=f"database (default {default_stats_path()})"
    )
    args = parser.parse_args(argv)
    if args.csv:
        # read-only and whole, or an error naming the file: a partial CSV must not look complete
        out = io.StringIO()
        try:
            export_file(args.db or default_stats_path(), out)
        except StatsError as exc:
            print(f"ludique stats: {exc}", file=sys.stderr)
            return 1
        sys.stdout.write(out.getvalue())
        return 0
    if args.db is not None and not args.db.is_file():
        # a mistyped name must not become a new, empty database that looks like no game played
        print(f"ludique stats: {args.db}: no statistics database there", file=sys.stderr)
        return 2
    stats = Stats(args.db)
    summary = stats.summary()
    print(f"{summary.total} games in {summary.stored}")
    for lang, n in summary.per_language.items():
        print(f"  {lang}: {n}")
    for game, (wins, n) in summary.visitor_wins.items():
        print(f"  {game}: the visitor won {wins} of {n} against the computer")
    stats.close()
    return 0


def _folder(text: str) -> Path:
    """A folder named on the command line: an empty name is none (``Path("")`` is the current
    folder, where the cards would be written unasked)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty name is no folder; name one, e.g. --pdf cards")
    return Path(text)


def cards_command(argv: list[str]) -> int:
    """``ludique cards --pdf DIR``: the rule cards and history panels as A4 PDF files."""
    parser = argparse.ArgumentParser(
        prog="ludique cards", description="Print-ready rule cards and history panels (A4 PDF)."
    )
    parser.add_argument("--pdf", type=_folder, metavar="DIR", required=True, help="output folder")
    parser.add_argument("--lang", choices=LANGUAGES, action="append", help="only this language")
    args = parser.parse_args(argv)
    try:
        import fpdf  # noqa: F401 - only this command needs it: the optional extra "cards"
    except ImportError:
        # ludique is not on the package index: the extra installs from the source folder
        print(
            "ludique cards needs fpdf2: in the source folder, "
            ".venv/bin/python3 -m pip install '.[cards]'",
            file=sys.stderr,
        )
        return 2
    from ludique.ui.printed_cards import CardsError, write_cards

    problems: list[str] = []
    try:
        paths = write_cards(args.pdf, args.lang or LANGUAGES, problems)
    except CardsError as exc:
        print(f"ludique cards: {exc}", file=sys.stderr)
        return 2
    for problem in problems:
        print(f"ludique cards: {problem}", file=sys.stderr)
    print(f"{len(paths)} PDF files written under {args.pdf}")
    return 2 if problems else 0


def load_kiosk_settings(path: Path | None):
    from ludique.kiosk import settings as settings_module
    from ludique.kiosk.pin import default_pin_memory

    loader = getattr(settings_module, "load_settings", None)
    if loader is None:
        return settings_module.Settings()
    # the last valid PIN is kept in the state folder: a bad file never lowers it (ludique.kiosk.pin)
    return loader(path, pin_memory=default_pin_memory())


def main(argv: list[str] | None = None) -> int:
    multiprocessing.freeze_support()
    # before anything imports pygame: its banner is no word of ours
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["stats"]:
        return stats_command(argv[1:])
    if argv[:1] == ["cards"]:
        return cards_command(argv[1:])
    if argv[:1] == ["watchdog-relay"] and len(argv) == 2:  # started by ludique.service
        from ludique.kiosk.watchdog import relay

        return relay(argv[1])
    args = build_parser().parse_args(argv)
    from ludique.kiosk.logs import log_startup, report_first_frame, setup_logging
    from ludique.kiosk.settings import default_settings_path, saver
    from ludique.kiosk.stats import Stats, StatsPort

    log_file = setup_logging("INFO")  # before the settings, so that their problems are logged
    settings = load_kiosk_settings(args.settings)
    if settings.log_level != "INFO":
        log_file = setup_logging(settings.log_level)
    settings_path = args.settings or default_settings_path()
    log_startup(settings_path, log_file)
    if args.self_test:
        from ludique.tools import selftest

        return selftest.main(settings=settings, log_file=log_file)
    windowed = args.windowed or not getattr(settings, "fullscreen", True)

    import pygame

    from ludique.ui.app import App

    invisible = _invisible_driver(pygame)
    if invisible is not None:
        message = (
            f"ludique: cannot open the screen: {_why_no_display(invisible)}. Run it on a desktop "
            "or under cage (docs/kiosk.md); for a run without a screen, set SDL_VIDEODRIVER=dummy"
        )
        log.error("%s", message, extra={"console": False})  # said once, below, without a date
        print(message, file=sys.stderr)
        return EXIT_NO_SCREEN
    try:
        app = App(
            settings,
            windowed=windowed,
            lang=args.lang,
            game=args.game,
            size=args.size,
            think_budget=max(0.1, min(args.think, 2.0)),
            stats=StatsPort(Stats()),
            on_first_frame=report_first_frame,
        )
    except (pygame.error, MemoryError, OverflowError, ValueError) as exc:
        # no screen to draw on (SDL_VIDEODRIVER names no driver, no display, a size the display
        # refuses): said in a sentence, not a traceback; the launcher starts it again
        driver = os.environ.get("SDL_VIDEODRIVER")
        where = f" (SDL_VIDEODRIVER={driver})" if driver else ""
        message = f"ludique: cannot open the screen{where}: {exc}"
        log.error("%s", message, extra={"console": False})
        print(message, file=sys.stderr)
        return EXIT_NO_SCREEN
    app.on_settings_changed = saver(settings_path)
    stop_requested = stop_on_signals(app)
    watchdog = Watchdog.from_environment()

    feed = feed_watchdog(app, watchdog)

    def turn() -> None:
        stop_requested()
        feed()

    app.on_loop_turn = turn
    return app.run()


def feed_watchdog(app: App, watchdog: Watchdog) -> Callable[[], None]:
    """The watchdog's turn of the loop: fed while the kiosk can go forward, not while it waits
    for the computer past its deadline (``App.stuck``): should the deadline's kill fail to free
    it, systemd restarts the kiosk (logged once each time it starts)."""
    starving = False

    def feed() -> None:
        nonlocal starving
        if app.stuck:
            if not starving:
                log.error("the computer player is past its deadline: the watchdog is not fed")
            starving = True
            return
        starving = False
        watchdog.turn()

    return feed


# the client library SDL loads for each display variable, and its Debian package
_DISPLAY_LIBRARIES = (
    ("DISPLAY", "X11", "libx11-6"),
    ("WAYLAND_DISPLAY", "wayland-client", "libwayland-client0"),
)


def _why_no_display(driver: str, find: Callable[[str], str | None] | None = None) -> str:
    """Why SDL found no screen: no display at all, a display whose client library is not
    installed (SDL loads it at run time), or a display that would not open."""
    import ctypes.util

    find = find or ctypes.util.find_library
    fell_back = f"SDL fell back to its invisible '{driver}' driver"
    named = [(var, lib, package) for var, lib, package in _DISPLAY_LIBRARIES if os.environ.get(var)]
    if not named:
        return f"no display found ({fell_back})"
    for var, lib, package in named:
        if find(lib) is None:
            return (
                f"{var}={os.environ[var]} is set, but no {lib} client library is installed "
                f"(Debian package {package}; {fell_back})"
            )
    shown = ", ".join(f"{var}={os.environ[var]}" for var, _, _ in named)
    return f"{shown} is set, but that display would not open ({fell_back})"


def _invisible_driver(pygame: ModuleType) -> str | None:
    """The driver's name when SDL, asked for no driver in particular, found no display and
    chose one that draws nowhere: the kiosk would run for ever in a window nobody sees."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return None  # chosen on purpose (the tests, the self-test): not a fall-back
    try:
        pygame.display.init()
        driver: str = pygame.display.get_driver()
    except pygame.error:  # said by App's own attempt below
        return None
    return driver if driver in ("offscreen", "dummy") else None


def stop_on_signals(app: App) -> Callable[[], None]:
    """SIGTERM (systemd, ``kill``), SIGINT (Ctrl+C in a terminal) and SIGHUP (the terminal
    closed) end the kiosk cleanly: the game under way is recorded as abandoned (as the idle
    timeout records it), the loop is left and the computer player's process is stopped.

    Returns the function to call at every turn of the event loop: the handler only notes the
    signal, and the game is abandoned there, between two steps, never in the middle of one.
    Installed after the window opens, so that they replace the handlers SDL may install (SDL
    turns SIGINT into a window-close event, which the fullscreen kiosk rightly ignores: visitors
    must not close it).  The exit status is 128 + the signal's number, as a shell reports a
    killed program: not 0, which the launcher reads as the curator's Exit (deploy/ludique-kiosk).
    """
    received: list[int] = []

    def note(signum: int, frame: object) -> None:
        received.append(signum)

    def stop_requested() -> None:
        if not received or not app.running:
            return
        signum = received[0]
        log.info("stopped by %s", signal.Signals(signum).name)
        scene = app.scene
        if hasattr(scene, "abandon"):
            try:
                scene.abandon()
            except Exception:  # noqa: BLE001 - the kiosk must stop all the same
                log.exception("abandoning the game failed")
        app.quit(128 + signum)

    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, note)
    return stop_requested


if __name__ == "__main__":
    raise SystemExit(main())
