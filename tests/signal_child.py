"""Run as a subprocess by tests/test_signals.py (no tests here): a fullscreen kiosk wired as the
``ludique`` command wires it (statistics, signal handlers, watchdog), which plays one real move
against the computer with posted pygame events, prints ``READY <worker pid>`` and then runs its
event loop until a signal ends it.

    python tests/signal_child.py STATS_DB
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from kiosk_driver import centre, click, wait_for  # noqa: E402

from ludique.cli import stop_on_signals  # noqa: E402
from ludique.kiosk.settings import Settings  # noqa: E402
from ludique.kiosk.stats import Stats, StatsPort  # noqa: E402
from ludique.kiosk.watchdog import Watchdog  # noqa: E402
from ludique.ui.app import App  # noqa: E402
from ludique.ui.opponent import Opponent  # noqa: E402


def main(db: Path) -> int:
    app = App(
        Settings(sound=False),
        windowed=False,  # the kiosk: quit keys and window-close events do nothing
        size=(1280, 800),
        lang="en",
        game="latrunculi-petteia",
        timing_scale=0.02,
        think_budget=0.2,
        opponent=Opponent(),
        demo=False,
        stats=StatsPort(Stats(db)),
    )
    stop_requested = stop_on_signals(app)
    watchdog = Watchdog.from_environment()

    def turn() -> None:
        stop_requested()
        watchdog.turn()

    app.on_loop_turn = turn
    scene = app.scene

    def visitor_turn() -> bool:
        return scene.match.human_turn and scene.board.anim is None

    if not wait_for(app, visitor_turn):
        print("the visitor's turn never came", flush=True)
        return 3
    click(app, centre(app, "a2"))
    click(app, centre(app, "a5"))
    if not wait_for(app, lambda: len(scene.match.state.actions()) == 2 and visitor_turn()):
        print("the computer never answered", flush=True)
        return 3
    worker = app.opponent._player.pid
    print(f"READY {worker}", flush=True)
    return app.run()


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1])))
