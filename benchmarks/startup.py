"""Start-up time: from launching ``ludique`` to its first frame on screen (budget: under 2 s).

Launches the program several times and measures, from this side, the time between starting the
process and reading the line the program prints right after its first ``display.flip()`` (with
``LUDIQUE_EXIT_AFTER_FIRST_FRAME`` set it prints that line and stops).  Reports the median and the
worst run, from source (``python -m ludique``) and for the built program (``dist/ludique/ludique``,
when it exists), under SDL's dummy driver and, where ``Xvfb`` exists, under a real X server at
1920x1080 fullscreen (the server is started once beforehand and not counted).

    python benchmarks/startup.py [--runs 5] [--no-xvfb]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FROZEN = ROOT / "dist" / "ludique" / "ludique"
MARKER = "ludique: first frame"


def launch_once(command: list[str], env: dict[str, str], timeout: float = 30.0) -> float:
    start = time.perf_counter()
    proc = subprocess.Popen(
        command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    assert proc.stderr is not None
    try:
        for line in proc.stderr:
            if line.startswith(MARKER):
                elapsed = time.perf_counter() - start
                proc.wait(timeout=timeout)
                return elapsed
            if time.perf_counter() - start > timeout:
                break
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    raise RuntimeError(f"{' '.join(command)}: no first frame reported (exit {proc.returncode})")


def start_xvfb(xvfb: str) -> tuple[subprocess.Popen, str]:
    """A real X server at 1920x1080 on a free display number (started once, not measured)."""
    for number in range(90, 140):
        if Path(f"/tmp/.X11-unix/X{number}").exists() or Path(f"/tmp/.X{number}-lock").exists():
            continue
        server = subprocess.Popen(
            [xvfb, f":{number}", "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(100):
            if Path(f"/tmp/.X11-unix/X{number}").exists():
                return server, f":{number}"
            if server.poll() is not None:
                break
            time.sleep(0.05)
        server.kill()
        server.wait()
    raise RuntimeError("could not start Xvfb")


def measure(label: str, command: list[str], env: dict[str, str], runs: int) -> None:
    times = [launch_once(command, env) for _ in range(runs)]
    print(
        f"{label:<38} median {statistics.median(times):5.2f} s   worst {max(times):5.2f} s   "
        f"({runs} runs; budget 2 s)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-xvfb", action="store_true", help="skip the real X server runs")
    args = parser.parse_args()

    scratch = Path(tempfile.mkdtemp(prefix="ludique-startup-"))
    base = dict(
        os.environ,
        LUDIQUE_EXIT_AFTER_FIRST_FRAME="1",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        SDL_AUDIODRIVER="dummy",
        XDG_STATE_HOME=str(scratch / "state"),
        XDG_DATA_HOME=str(scratch / "data"),
        XDG_CONFIG_HOME=str(scratch / "config"),
    )
    dummy = dict(base, SDL_VIDEODRIVER="dummy")
    programs = [("from source", [sys.executable, "-m", "ludique"])]
    if FROZEN.exists():
        programs.append(("built program", [str(FROZEN)]))
    else:
        print(f"(no built program at {FROZEN}: run `pyinstaller build.spec` to measure it)")
    try:
        for label, command in programs:
            # a first launch fills the OS file cache; a kiosk starts warm after its first boot
            launch_once(command + ["--windowed"], dummy)
            measure(f"{label}, dummy driver, 1280x720", command + ["--windowed"], dummy, args.runs)
        xvfb = shutil.which("Xvfb")
        if xvfb and not args.no_xvfb:
            server, display = start_xvfb(xvfb)
            try:
                real = {k: v for k, v in base.items() if k != "SDL_VIDEODRIVER"}
                real["DISPLAY"] = display
                for label, command in programs:
                    launch_once(command, real)
                    measure(f"{label}, Xvfb, 1920x1080 fullscreen", command, real, args.runs)
            finally:
                server.terminate()
                server.wait()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
