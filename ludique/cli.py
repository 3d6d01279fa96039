"""The ``ludique`` command: start the kiosk (fullscreen, or ``--windowed`` for development)."""

from __future__ import annotations

import argparse
import logging
import multiprocessing
import sys
from pathlib import Path

from ludique.games import GAME_IDS
from ludique.i18n import LANGUAGES

log = logging.getLogger("ludique")


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r}: a window size is WIDTHxHEIGHT, e.g. 1280x720"
        ) from None
    if w < 320 or h < 200:
        raise argparse.ArgumentTypeError(f"{text!r}: the window must be at least 320x200")
    return w, h


def build_parser() -> argparse.ArgumentParser:
    try:
        from ludique.settings import default_settings_path

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
    return parser


def load_kiosk_settings(path: Path | None):
    from ludique import settings as settings_module

    loader = getattr(settings_module, "load_settings", None)
    if loader is None:
        return settings_module.Settings()
    return loader(path)


def main(argv: list[str] | None = None) -> int:
    multiprocessing.freeze_support()
    args = build_parser().parse_args(argv)
    if not logging.getLogger().handlers:
        logging.basicConfig(
            level=logging.INFO,
            stream=sys.stderr,
            format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        )
    settings = load_kiosk_settings(args.settings)
    windowed = args.windowed or not getattr(settings, "fullscreen", True)

    from ludique.ui.app import App

    app = App(
        settings,
        windowed=windowed,
        lang=args.lang,
        game=args.game,
        size=args.size,
        think_budget=max(0.1, min(args.think, 2.0)),
    )
    return app.run()


if __name__ == "__main__":
    raise SystemExit(main())
