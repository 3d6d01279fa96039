"""The computer player's process starts whatever folder the kiosk was started from: one its user
cannot enter (docs/kiosk.md section 6: ``runuser -u ludique -- ... --self-test`` from ``/root``)
or one deleted under it.  ``spawn`` starts the worker in the parent's folder, so each of these
killed every worker at its start."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# one move asked of the real worker, from the folder the test chose
ASK = textwrap.dedent(
    """
    import logging, os, sys, time
    logging.basicConfig(level=logging.WARNING, format="%(message)s")
    if sys.argv[1] == "forbid":
        os.chmod(".", 0)  # not root: the folder is ours, so we shut ourselves out of it
    elif sys.argv[1] == "delete":
        os.rmdir(os.getcwd())
    from ludique.games import new_game
    from ludique.kiosk.worker import ComputerPlayer
    state = new_game("epaminondas")
    with ComputerPlayer() as player:
        player.request(state, "beginner", 0.1)
        end = time.monotonic() + 60
        answer = None
        while answer is None and time.monotonic() < end:
            answer = player.poll()
            time.sleep(0.01)
    print("ANSWER", answer in {str(m) for m in state.legal_moves()})
    """
)


def _run(how: str, folder: Path, **kw) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *kw.pop("path", [])])
    return subprocess.run(
        [kw.pop("python", sys.executable), "-c", ASK, how],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        **kw,
    )


def test_from_a_deleted_folder(tmp_path: Path) -> None:
    folder = tmp_path / "gone"
    folder.mkdir()
    done = _run("delete", folder)
    assert "ANSWER True" in done.stdout, done.stderr
    assert "Traceback" not in done.stderr
    assert "(deleted)" in done.stderr and "starts from" in done.stderr


def test_from_a_folder_its_user_cannot_enter(tmp_path: Path) -> None:
    folder = tmp_path / "private"
    folder.mkdir(mode=0o700)
    if os.geteuid() != 0:
        done = _run("forbid", folder)
        os.chmod(folder, 0o700)
    else:
        # as root: another user, as runuser makes it; a Python it can run (this one may live
        # under /root), the project's packages on its path
        python = "/usr/bin/python3"
        try:
            probe = subprocess.run(
                [python, "-c", "import sys; print(sys.version_info >= (3, 11))"],
                capture_output=True,
                text=True,
                user=65534,
            )
        except OSError:
            pytest.skip(f"{python} cannot be run by the user nobody")
        if probe.stdout.strip() != "True":
            pytest.skip(f"{python} is not Python 3.11 or newer")
        site = [p for p in sys.path if p.endswith("site-packages")]
        done = _run("stay", folder, python=python, path=site, user=65534, group=65534)
    assert "ANSWER True" in done.stdout, done.stderr
    assert "Traceback" not in done.stderr
    assert f"{folder} cannot be read" in done.stderr
