"""The type checker over ``ludique/``: mypy, configured in ``pyproject.toml`` (``[tool.mypy]``:
the whole package, strictly below the UI), must report nothing.  Runs mypy's own API in this
process, so CI needs nothing beyond ``pip install '.[test]'``."""

from __future__ import annotations

from pathlib import Path

import pytest

api = pytest.importorskip("mypy.api", reason="mypy is in the test extra: pip install '.[test]'")

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_finds_no_error_in_ludique(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the [tool.mypy] section of pyproject.toml, and its paths
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), "ludique"])
    assert status == 0, f"mypy reports:\n{out}{err}"
