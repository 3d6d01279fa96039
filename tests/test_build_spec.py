"""The shipping files: the frozen entry point, the build spec, the systemd unit, the launcher."""

from __future__ import annotations

import ast
import configparser
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"


def test_frozen_entry_calls_freeze_support_before_anything_else() -> None:
    tree = ast.parse((DEPLOY / "frozen_entry.py").read_text())
    main_block = next(
        node for node in tree.body if isinstance(node, ast.If) and "__main__" in ast.unparse(node)
    )
    first = ast.unparse(main_block.body[0])
    assert first == "multiprocessing.freeze_support()"


def test_build_spec_ships_the_data_root_and_leaves_numpy_out() -> None:
    spec = (ROOT / "build.spec").read_text()
    tree = ast.parse(spec)  # a spec is Python
    assert '"assets"), "assets")' in spec and '"locales"), "locales")' in spec
    excludes = next(
        kw.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        for kw in node.keywords
        if kw.arg == "excludes"
    )
    assert "numpy" in ast.literal_eval(excludes)
    assert 'name="ludique"' in spec


def test_systemd_unit_restarts_on_failure_under_cage() -> None:
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.optionxform = str  # systemd keys are case-sensitive
    unit.read(DEPLOY / "ludique.service")
    service = unit["Service"]
    # on-failure: cage 0.1.4 exits 0 after the curator's Exit (see deploy/ludique.service)
    assert service["Restart"] == "on-failure"
    assert service["ExecStart"].startswith("/usr/bin/cage ")
    assert service["ExecStart"].endswith("/opt/ludique/ludique-kiosk")
    assert service["RestartPreventExitStatus"] == "64"
    assert unit["Install"]["WantedBy"] == "graphical.target"


@pytest.mark.skipif(not Path("/bin/sh").exists(), reason="needs a POSIX shell")
def test_launcher_restarts_after_errors_and_stops_on_the_curators_exit(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    fake = tmp_path / "ludique"
    # fails twice (a crash), then exits 0 (the curator's Exit on the admin panel)
    fake.write_text(
        f"#!/bin/sh\necho run >> '{runs}'\n[ $(wc -l < '{runs}') -ge 3 ] && exit 0\nexit 3\n"
    )
    fake.chmod(0o755)
    env = dict(os.environ, LUDIQUE=str(fake), LUDIQUE_RESTART_DELAY="0")
    done = subprocess.run(
        ["sh", str(DEPLOY / "ludique-kiosk")], env=env, capture_output=True, text=True, timeout=20
    )
    assert done.returncode == 64
    assert runs.read_text().count("run") == 3
    assert "stopped with status 3" in done.stderr and "curator left" in done.stderr
