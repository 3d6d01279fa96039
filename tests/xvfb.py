"""Run a test's own driver inside a real X server (no tests here): ``xvfb-run`` around the test
file run as a script with ``--drive STATE_FILE``.  Skipped where a tool is missing, unless
LUDIQUE_REQUIRE_XVFB=1 (CI), where it fails."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_driver(
    script: str, state_file: Path, tools: tuple[str, ...], timeout: float
) -> subprocess.CompletedProcess:
    missing = [tool for tool in tools if shutil.which(tool) is None]
    if missing:
        if os.environ.get("LUDIQUE_REQUIRE_XVFB") == "1":
            pytest.fail(f"LUDIQUE_REQUIRE_XVFB=1 but {', '.join(missing)} is not installed")
        pytest.skip(f"{', '.join(missing)} not installed")
    env = dict(os.environ)
    for key in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        env.pop(key, None)
    env["SDL_AUDIODRIVER"] = "dummy"
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    cmd = ["xvfb-run", "-a", "-s", "-screen 0 1920x1080x24", sys.executable, script]
    return subprocess.run(
        [*cmd, "--drive", str(state_file)],
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
    )


def stop(program: subprocess.Popen) -> None:
    """End the program a driver started (killed if it does not stop within 10 s)."""
    program.terminate()
    try:
        program.wait(timeout=10)
    except subprocess.TimeoutExpired:
        program.kill()
