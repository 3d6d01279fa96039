"""Where the program's data lives: from a source checkout, an installed wheel or a frozen build."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@cache
def data_root() -> Path:
    """The folder that holds ``assets/`` and ``locales/``."""
    frozen = getattr(sys, "_MEIPASS", None)
    candidates = []
    if frozen:
        candidates.append(Path(frozen))
    candidates += [_PACKAGE / "_data", _PACKAGE.parent]
    for root in candidates:
        if (root / "assets").is_dir() and (root / "locales").is_dir():
            return root
    raise FileNotFoundError(
        "Ludique's data folders (assets/, locales/) were not found next to the program; "
        f"looked in: {', '.join(str(c) for c in candidates)}"
    )


def asset_path(*parts: str) -> Path:
    return data_root().joinpath("assets", *parts)


def locales_dir() -> Path:
    return data_root() / "locales"
