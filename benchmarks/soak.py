"""Soak: a simulated crowd plays the real kiosk for hours of simulated time; nothing may break.

The program runs in this process under SDL's dummy driver (set before pygame is imported), with
its clock replaced by a simulated one, so an hour of visitors costs a few minutes.  The computer
player is the real one, in its worker process.  A seeded crowd does what visitors do: taps and
drags anywhere, finger touches, die throws, moves (by drag and by tap-tap), language switches,
rule cards opened and scrolled, undo, new games, games abandoned half-way, walks away (the idle
countdown and the return to Attract), the odd curator who gets the PIN wrong, across every game
and variant.

It reports the events handled, the games finished and abandoned, the exceptions (every error the
program logged, plus anything raised out of its loop: must be 0), and the resident memory of the
kiosk and of the computer player's process at start, after warm-up and at the end, with the growth
per hour of simulated use (least squares over the samples after warm-up).

    python benchmarks/soak.py --minutes 60          # an hour of simulated visitors
    python benchmarks/soak.py --events 5000 --seed 7
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ludique.games import GAME_IDS  # noqa: E402
from ludique.tools.selftest import Driver, ErrorCollector  # noqa: E402
from ludique.ui.pixels import BUDGET as PIXEL_BUDGET  # noqa: E402
from ludique.ui.pixels import PIXELS  # noqa: E402

PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
# The kept pictures fill their budget over the first visits: the kiosk's memory levels out in
# about two simulated hours (docs/kiosk.md).  A trend is measured on what follows, and only
# over an hour at least: a 10-minute run's slope is the warm-up, not a leak (+347 MB "per hour").
WARM_UP_S = 2 * 3600.0
TREND_MIN_S = 3600.0


def rss_of(pid: int | str = "self") -> int:
    """Resident memory in bytes (Linux /proc), 0 where unknown."""
    try:
        with open(f"/proc/{pid}/statm", encoding="ascii") as fh:
            return int(fh.read().split()[1]) * PAGE
    except (OSError, ValueError, IndexError):
        return 0


def children_rss() -> int:
    import multiprocessing

    return sum(rss_of(p.pid) for p in multiprocessing.active_children() if p.pid)


@dataclass
class SoakReport:
    events: int = 0
    actions: Counter = field(default_factory=Counter)
    results: Counter = field(default_factory=Counter)
    games_started: Counter = field(default_factory=Counter)
    exceptions: list[str] = field(default_factory=list)
    simulated_s: float = 0.0
    real_s: float = 0.0
    frames: int = 0
    # (simulated s, kiosk RSS, worker RSS, bytes of kept pictures)
    samples: list[tuple[float, int, int, int]] = field(default_factory=list)
    warm_index: int = 0

    @property
    def finished(self) -> int:
        return sum(n for r, n in self.results.items() if r != "abandoned")

    @property
    def ended(self) -> int:
        return sum(self.results.values())

    def trend_measured(self) -> bool:
        """Enough settled time after the warm-up for a trend to mean anything."""
        return self.samples[-1][0] - self.samples[self.warm_index][0] >= TREND_MIN_S

    def growth_text(self, which: int) -> str:
        if not self.trend_measured():
            return (
                f"growth not measured (the first {WARM_UP_S / 3600:.0f} h are warm-up; a trend "
                f"needs {(WARM_UP_S + TREND_MIN_S) / 60:.0f} simulated min or more)"
            )
        return f"growth {self.growth_per_hour(which) / 2**20:+.2f} MB per simulated hour"

    def growth_per_hour(self, which: int) -> float:
        """Least-squares slope of RSS over simulated time after warm-up, in bytes per hour."""
        points = [(sample[0], sample[1 + which]) for sample in self.samples[self.warm_index :]]
        if len(points) < 3:
            return 0.0
        n = len(points)
        mt = sum(t for t, _ in points) / n
        mr = sum(r for _, r in points) / n
        var = sum((t - mt) ** 2 for t, _ in points)
        if var == 0:
            return 0.0
        slope = sum((t - mt) * (r - mr) for t, r in points) / var
        return slope * 3600

    def text(self) -> str:
        mb = 1 / 2**20
        first, warm, last = self.samples[0], self.samples[self.warm_index], self.samples[-1]
        # the ceilings of the two halves after warm-up say more than a slope through a sawtooth
        settled = self.samples[self.warm_index :]

        def counts(counter: Counter) -> str:
            return ", ".join(f"{k} {v}" for k, v in sorted(counter.items()))

        lines = [
            f"events handled     {self.events}  ({counts(self.actions)})",
            f"simulated time     {self.simulated_s / 3600:.2f} h   (real {self.real_s:.0f} s, "
            f"{self.frames} frames)",
            f"games started      {sum(self.games_started.values())}  "
            f"({counts(self.games_started)})",
            # started = finished + abandoned + under way: the tally adds up
            f"games ended        {self.ended}: finished {self.finished} "
            f"({counts(Counter({r: n for r, n in self.results.items() if r != 'abandoned'}))}), "
            f"abandoned {self.results['abandoned']}; under way at the end "
            f"{sum(self.games_started.values()) - self.ended}",
            f"exceptions         {len(self.exceptions)}",
            f"kiosk RSS          start {first[1] * mb:.1f} MB, after warm-up {warm[1] * mb:.1f} MB "
            f"(at {warm[0] / 60:.0f} min), end {last[1] * mb:.1f} MB; {self.growth_text(0)}",
            f"kiosk RSS peak     {max(s[1] for s in self.samples) * mb:.1f} MB; "
            f"after warm-up {min(s[1] for s in settled) * mb:.1f}-"
            f"{max(s[1] for s in settled) * mb:.1f} MB (highest in its first half "
            f"{max(s[1] for s in settled[: len(settled) // 2 or 1]) * mb:.1f} MB, "
            f"in its second half {max(s[1] for s in settled[len(settled) // 2 :]) * mb:.1f} MB)",
            f"kept pictures      end {last[3] * mb:.1f} MB, peak "
            f"{max(s[3] for s in self.samples) * mb:.1f} MB (budget {PIXEL_BUDGET * mb:.0f} MB)",
            f"worker RSS         start {first[2] * mb:.1f} MB, "
            f"after warm-up {warm[2] * mb:.1f} MB, end {last[2] * mb:.1f} MB; "
            f"{self.growth_text(1)}",
        ]
        for exc in self.exceptions[:10]:
            lines.append(f"  ! {exc}")
        return "\n".join(lines)


class Crowd:
    """Visitors one after the other, each with a random temper, acting on the real screen."""

    def __init__(self, drive: Driver, rng: random.Random, games: tuple[str, ...]) -> None:
        self.drive = drive
        self.app = drive.app
        self.rng = rng
        self.games = games
        self.patience = 1.0
        # how restless the current visitor is: a "fidget" pokes at everything, a "player" mostly
        # plays his game to the end (multiplies the odds of every interruption)
        self.restless = 1.0

    def pause(self, lo: float = 0.3, hi: float = 4.0) -> None:
        """A visitor looks at the screen for a while: simulated time passes in one jump, then
        frames run until any animation is over."""
        self.drive.step(self.rng.uniform(lo, hi) * self.patience)
        for _ in range(40):
            if not self.app.scene.animating():
                break
            self.drive.step()

    def random_point(self) -> tuple[float, float]:
        return (self.rng.uniform(0, 1920), self.rng.uniform(0, 1080))

    def act(self) -> str:
        """One event of the crowd; returns its kind."""
        rng, drive, app = self.rng, self.drive, self.app
        scene = app.scene
        name = getattr(scene, "name", "?")
        roll = rng.random() / (self.restless if name == "game" else 1.0)
        if app.countdown_since is not None:
            if roll < 0.5:
                drive.tap(self.random_point())
                return "still-playing"
            drive.step(app.settings.countdown_seconds + 1)
            return "walked-away"
        if app.pin_pad is not None:
            for key in rng.choice(["0000", "9876", "12"]):
                drive.tap_pin(key)
            drive.tap_pin("OK")
            drive.tap_pin("cancel")
            return "wrong-pin"
        if roll < 0.03:
            drive.step(app.settings.idle_seconds + 1)  # the visitor walks away
            return "idle"
        if roll < 0.06:
            drive.tap(self.random_point())
            return "random-tap"
        if roll < 0.08:
            drive.drag(self.random_point(), self.random_point(), steps=rng.randint(2, 8))
            return "random-drag"
        if roll < 0.09:
            drive.finger_tap(self.random_point())
            return "finger-tap"
        if roll < 0.095:
            drive.corner_gesture()
            return "corner"
        if roll < 0.13 and getattr(scene, "shows_language_switch", False):
            drive.tap_language(rng.choice(("fr", "de", "en")))
            return "language"
        if name == "attract":
            (drive.finger_tap if rng.random() < 0.5 else drive.tap)(self.random_point())
            self.patience = rng.choice((0.3, 1.0, 2.0))
            self.restless = rng.choice((0.05, 0.05, 0.1, 1.0))
            return "arrive"
        if name == "home":
            self.target = rng.choice(self.games)
            drive.tap_button(self.family_for(self.target))
            return "choose-game"
        if name == "setup":
            return self.set_up(scene)
        if name == "game":
            return self.in_game(scene)
        if name == "rules":
            if rng.random() < 0.6:
                drive.drag((700, 800), (700, rng.uniform(100, 900)), steps=5)
                return "rules-scroll"
            drive.tap_button("close")
            return "rules-close"
        if name == "end":
            return self.tap_any(scene)
        if name == "admin":
            return self.tap_any(scene, avoid=("exit",))
        return self.tap_any(scene)

    def set_up(self, scene) -> str:
        """The wanted variant, sometimes another opponent, strength or colour, then Play."""
        rng, drive = self.rng, self.drive
        target = getattr(self, "target", None) or rng.choice(self.games)
        if scene.family == "latrunculi" and target.startswith("latrunculi-"):
            variant = target.split("-", 1)[1]
            if scene.variant != variant:
                drive.tap_button(f"variant-{variant}")
                return "variant"
        if rng.random() < 0.5:
            options = [
                b.name
                for b in scene.buttons
                if b.name.startswith(("opponent-", "strength-", "colour-"))
            ]
            if options:
                drive.tap_button(rng.choice(options))
                return "setup-option"
        if rng.random() < 0.05:
            drive.tap_button("back")
            return "setup-back"
        drive.tap_button("play")
        return "play"

    def family_for(self, game_id: str) -> str:
        return "latrunculi" if game_id.startswith("latrunculi") else game_id

    def tap_any(self, scene, prefer: str | None = None, avoid: tuple[str, ...] = ()) -> str:
        buttons = [b for b in scene.buttons if b.name not in avoid and b.enabled]
        if prefer and any(b.name == prefer for b in buttons):
            chosen = next(b for b in buttons if b.name == prefer)
        elif buttons:
            chosen = self.rng.choice(buttons)
        else:
            self.drive.tap(self.random_point())
            return "random-tap"
        self.drive.tap(chosen.rect.center)
        return f"button-{scene.name}"

    def in_game(self, scene) -> str:
        rng, drive = self.rng, self.drive
        roll = rng.random() / self.restless
        if roll < 0.04:
            drive.tap_button("rules")
            return "rules-open"
        if roll < 0.07:
            drive.tap_button("undo")
            return "undo"
        if roll < 0.085:
            drive.tap_button(rng.choice(("new", "home")))
            leaving = getattr(scene, "leaving", None)
            if leaving is not None:  # a game in progress asks first: mostly leave, at times stay
                choice = "leave-go" if rng.random() < 0.8 else "leave-stay"
                drive.tap(leaving.button(choice).rect.center)
            return "abandon"
        if drive.visitor_can_act():
            self.pause(0.2, 3.0)
            if not drive.visitor_can_act():
                return "wait"
            done = drive.visitor_move(rng, drag=rng.random() < 0.6)
            if done == "roll":
                return "die"
            return "move" if done else "no-move"
        if roll < 0.2:
            # a touch while the computer thinks or a piece glides: must be harmless
            drive.tap(self.random_point())
            return "impatient-tap"
        # the computer is thinking (or a piece glides): real time for its process, frames of
        # simulated time for the screen, until the visitor may act again
        deadline = time.monotonic() + 5.0
        while time.monotonic() < deadline and self.app.scene is scene:
            drive.step()
            if drive.visitor_can_act() or scene.match.finished:
                break
            time.sleep(0.002)
        return "wait"


def warm_index(samples: list[tuple[float, int, int, int]]) -> int:
    """The first sample after the warm-up (``WARM_UP_S``), or after the first fifth of a
    shorter run (whose trend is then not reported: ``SoakReport.trend_measured``)."""
    if len(samples) <= 3:
        return 0
    after = next((i for i, sample in enumerate(samples) if sample[0] >= WARM_UP_S), None)
    return after if after is not None else max(1, len(samples) // 5)


def run_soak(
    events: int | None = 1000,
    minutes: float | None = None,
    seed: int = 1,
    games: tuple[str, ...] = GAME_IDS,
    progress: bool = False,
    think_budget: float = 0.1,
) -> SoakReport:
    """Drive the kiosk until ``events`` crowd events or ``minutes`` of simulated time."""
    from ludique.kiosk.settings import Settings
    from ludique.kiosk.stats import Stats, StatsPort, record_from_kiosk
    from ludique.ui.app import App

    report = SoakReport()
    errors = ErrorCollector()
    root = logging.getLogger()
    root.addHandler(errors)
    if root.level == logging.NOTSET or root.level > logging.WARNING:
        root.setLevel(logging.WARNING)
    settings = Settings(
        idle_seconds=60,
        countdown_seconds=10,
        sound=True,
        fullscreen=False,
        default_strength="beginner",
    )
    # at 1920x1080 the canvas is the screen: no scaling per frame, as on a full HD kiosk
    stats = Stats(Path(":memory:"))
    app = App(
        settings,
        windowed=True,
        size=(1920, 1080),
        think_budget=think_budget,
        stats=StatsPort(stats),
    )

    def finished(game: object) -> None:
        report.results[record_from_kiosk(game).result] += 1

    app.on_game_finished = finished
    go = app.go

    def go_and_count(name: str, **kwargs: object) -> None:
        config = kwargs.get("config")
        if name == "game" and config is not None and getattr(config, "opponent", "") != "demo":
            report.games_started[config.game_id] += 1
        go(name, **kwargs)

    app.go = go_and_count

    def check() -> None:
        while errors.records:
            report.exceptions.append(errors.describe(errors.records.pop(0)))

    drive = Driver(app, frame=1 / 15, check=check)
    crowd = Crowd(drive, random.Random(seed), games)
    start_real = time.monotonic()
    start_sim = drive.clock.t
    sample_every = 50
    report.samples.append((0.0, rss_of(), children_rss(), PIXELS.bytes))
    try:
        while True:
            sim = drive.clock.t - start_sim
            if events is not None and report.events >= events:
                break
            if minutes is not None and sim >= minutes * 60:
                break
            try:
                kind = crowd.act()
            except Exception as exc:  # noqa: BLE001 - counted, reported, and the crowd goes on
                import traceback

                where = traceback.format_exc().splitlines()[-3].strip()
                report.exceptions.append(f"{type(exc).__name__}: {exc} at {where}")
                kind = "raised"
            report.actions[kind] += 1
            report.events += 1
            if report.events % sample_every == 0:
                report.samples.append(
                    (drive.clock.t - start_sim, rss_of(), children_rss(), PIXELS.bytes)
                )
                if progress and report.events % (sample_every * 10) == 0:
                    print(
                        f"  {report.events} events, {(drive.clock.t - start_sim) / 60:.0f} min "
                        f"simulated, {report.finished} games finished, "
                        f"{len(report.exceptions)} exceptions, RSS {rss_of() / 2**20:.1f} MB",
                        flush=True,
                    )
            if not app.running:
                report.exceptions.append("the program stopped")
                break
    finally:
        report.simulated_s = drive.clock.t - start_sim
        report.real_s = time.monotonic() - start_real
        report.frames = app.frames
        report.samples.append((report.simulated_s, rss_of(), children_rss(), PIXELS.bytes))
        report.warm_index = warm_index(report.samples)
        root.removeHandler(errors)
        app.close()
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=None, help="stop after N crowd events")
    parser.add_argument("--minutes", type=float, default=None, help="stop after M simulated min")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, default=0.1, help="computer's budget per move (s)")
    args = parser.parse_args()
    if args.events is None and args.minutes is None:
        args.minutes = 10.0
    report = run_soak(args.events, args.minutes, args.seed, progress=True, think_budget=args.think)
    print(report.text())
    return 1 if report.exceptions else 0


if __name__ == "__main__":
    raise SystemExit(main())
