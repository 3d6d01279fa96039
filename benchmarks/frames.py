"""Frame benchmark of the kiosk at any screen size (SDL dummy driver, software drawing).

Prints the frame time (median, 99th percentile, max) of the real App drawing a frame:
  1. while pieces animate (scripted games of every board, moves played one after another),
  2. while the computer thinks (the worker process searching at Champion strength),
and the processor share of the program at rest on the Home screen (``step(wait=True)``, the
kiosk's own loop).  Budgets (kiosk.md): p99 <= 16.7 ms; at rest under 3% of one core.

    python benchmarks/frames.py [--size 3840x2160] [--seconds 4] [--json]
    SDL_VIDEODRIVER=x11 xvfb-run -a -s "-screen 0 1920x1080x24" python benchmarks/frames.py

``--json`` prints one JSON object (size, animating_p99_ms, thinking_p99_ms, first_frame_ms,
rest_cpu_percent, and the medians) instead of the table.

Under the dummy driver SDL's event wait polls (about 1 ms sleeps), so the at-rest figure is
higher there than under a real X server.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

# Run from a source checkout without installing: the package is the folder above.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def timed_frame(app, cpu_ms: list[float] | None = None) -> float:
    """Wall time of one frame in ms; its processor time is appended to ``cpu_ms``.  On a
    loaded machine the two differ: the difference is time spent waiting for a core."""
    start = time.perf_counter()
    cpu = time.thread_time()
    app.scene.update(app.now())
    app.draw()
    app.dirty = False  # as App.step does: the next frame sends only what changed
    if cpu_ms is not None:
        cpu_ms.append((time.thread_time() - cpu) * 1000)
    return (time.perf_counter() - start) * 1000


def animating(app, seconds: float, cpu_ms: list[float]) -> tuple[list[float], list[float]]:
    """Frames while moves are shown; and the first frame of each new game (board and sprites
    are prepared then, once per process), reported apart."""
    from ludique.play.match import GameConfig

    rng = random.Random(1)
    frames: list[float] = []
    first: list[float] = []
    games = ("pente-grammai", "epaminondas", "latrunculi-seneca", "latrunculi-dux")
    per_game = seconds / len(games)
    for game_id in games:
        app.go("game", config=GameConfig(game_id, "two-players", "player", None))
        scene = app.scene
        first.append(timed_frame(app))
        end = time.perf_counter() + per_game
        while time.perf_counter() < end:
            state = scene.match.state
            if state.outcome is not None:
                app.go("game", config=GameConfig(game_id, "two-players", "player", None))
                scene = app.scene
                continue
            if state.needs_roll:
                scene.board.start_roll()
            else:
                moves = state.legal_moves()
                captures = [m for m in moves if getattr(m, "captured", ())]
                scene.board.play(rng.choice(captures or moves), duration=0.35)
            while scene.board.busy():
                frames.append(timed_frame(app, cpu_ms))
                time.sleep(max(0.0, 1 / 60 - frames[-1] / 1000))
    return frames, first


def thinking(app, seconds: float, cpu_ms: list[float]) -> tuple[list[float], int]:
    from ludique.games import new_game
    from ludique.play.match import GameConfig

    frames: list[float] = []
    requests = 0
    app.go("game", config=GameConfig("epaminondas", "computer", "champion", "black"))
    scene = app.scene
    timed_frame(app)
    state = new_game("epaminondas").play("a2-a3")
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.opponent.request(state, "champion", time_budget=1.5)
        requests += 1
        while app.opponent.busy and time.perf_counter() < end:
            app.opponent.poll()
            scene.match.think_started = app.now()  # the strip shows "thinking..." as it would
            app.dirty = True
            frames.append(timed_frame(app, cpu_ms))
            time.sleep(max(0.0, 1 / 60 - frames[-1] / 1000))
    app.opponent.cancel()
    scene.match.think_started = None
    return frames, requests


def at_rest(app, seconds: float) -> tuple[float, int]:
    app.go("home")
    app.step()
    frames_before = app.frames
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.perf_counter() - wall0 < seconds:
        app.step(wait=True)
    cpu = time.process_time() - cpu0
    wall = time.perf_counter() - wall0
    return 100 * cpu / wall, app.frames - frames_before


def report(name: str, frames: list[float], cpu: list[float]) -> None:
    print(
        f"{name:<28} frames {len(frames):5d}  wall: median {statistics.median(frames):6.2f} ms  "
        f"p99 {percentile(frames, 99):6.2f} ms  max {max(frames):6.2f} ms"
    )
    print(
        f"{'':<28}              cpu:  median {statistics.median(cpu):6.2f} ms  "
        f"p99 {percentile(cpu, 99):6.2f} ms  max {max(cpu):6.2f} ms"
    )


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1920x1080") from None
    return (w, h)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="seconds per measurement")
    parser.add_argument("--rest-only", action="store_true", help="only the at-rest measurement")
    parser.add_argument("--size", type=_size, default=(1920, 1080), metavar="WxH")
    parser.add_argument("--json", action="store_true", help="one JSON object, no table")
    args = parser.parse_args()

    import pygame

    from ludique.kiosk.settings import Settings
    from ludique.ui.app import App

    say = (lambda *a, **k: None) if args.json else print
    size = args.size
    result: dict[str, object] = {"size": f"{size[0]}x{size[1]}"}
    app = App(Settings(sound=False), windowed=True, size=size, lang="en", demo=False)
    try:
        say(f"scenes drawn at the window's own size, {app.screen.get_size()}")
        say(f"video driver: {pygame.display.get_driver()}")
        app.draw()
        start = time.perf_counter()
        app.warm_up()  # what the kiosk does in its first idle moments (not "at rest")
        result["warm_up_s"] = round(time.perf_counter() - start, 2)
        say(f"{'boards and sprites prepared':<28} {result['warm_up_s']:.2f} s")
        if not args.rest_only:
            cpu: list[float] = []
            frames, first = animating(app, args.seconds, cpu)
            if not args.json:
                report("pieces animating", frames, cpu)
            say(f"{'first frame of a new game':<28} {', '.join(f'{f:.1f}' for f in first)} ms")
            result["animating_median_ms"] = round(statistics.median(frames), 2)
            result["animating_p99_ms"] = round(percentile(frames, 99), 2)
            result["animating_cpu_p99_ms"] = round(percentile(cpu, 99), 2)
            result["first_frame_ms"] = round(max(first), 1)
            cpu = []
            frames, requests = thinking(app, args.seconds, cpu)
            if not args.json:
                report(f"computer thinking ({requests} req)", frames, cpu)
            result["thinking_median_ms"] = round(statistics.median(frames), 2)
            result["thinking_p99_ms"] = round(percentile(frames, 99), 2)
            result["thinking_cpu_p99_ms"] = round(percentile(cpu, 99), 2)
        share, drawn = at_rest(app, args.seconds)
        result["rest_cpu_percent"] = round(share, 2)
        result["rest_frames"] = drawn
        say(
            f"{'at rest on Home':<28} processor {share:5.2f}% of one core, "
            f"{drawn} frames drawn in {args.seconds:.0f} s (budget < 3%)"
        )
    finally:
        app.close()
    if args.json:
        print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
