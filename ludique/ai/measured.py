"""What was measured of the computer's players in each game, read from ``assets/ai/measured.json``.

The benchmarks write that file (``write``, each naming the field it measured) and nothing else
does; this module only reads it.  A game not in it takes ``NOMINAL``.  Nothing here is a rule of
a game (that is ``ludique.games.spec``) or a choice of the model (``ludique.ai.even``): it is how
the model's players turned out to play, as measured (docs/lab/ai.md says when and how).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from functools import cache
from pathlib import Path

from ludique.paths import asset_path

MEASURED_FILE = ("ai", "measured.json")


@dataclass(frozen=True)
class Measured:
    """The computer's players in one game."""

    # The search value (hundredths of a piece, for the player to move) at which the Champion,
    # playing on against itself, wins 1 / (1 + e**-1) = 73% of its games: maximum likelihood on
    # Champion self-play (``benchmarks/even_calibrate.py``).  It turns the referee's values into
    # winning chances.
    value_scale: float
    # Each rung's mean loss of winning chance per decision that tells, by the referee, the move
    # the Champion's search plays counting as a best move, as a visitor is read
    # (``benchmarks/even_losses.py``, ``ludique.ai.even.visitor_chances``), rungs 0 (the
    # toddler) to 6 (the Champion): the scale on which a visitor's loss is told as a rung.
    losses: tuple[float, ...]
    # The nodes the two top rungs (the expert, the Champion) think in Even match: the medians
    # their search reached on 30% and 95% of 0.25 s (``benchmarks/even_thought.py``).
    thought: tuple[int, int] = (5_000, 15_000)


# A game not measured: the spans the measured games show.
NOMINAL = Measured(
    value_scale=150.0,
    losses=(0.12, 0.06, 0.04, 0.025, 0.015, 0.008, 0.006),
)


def _record(raw: object, where: str) -> Measured:
    if not isinstance(raw, dict) or set(raw) - {f.name for f in fields(Measured)}:
        raise ValueError(f"{where}: expected an object with {[f.name for f in fields(Measured)]}")
    try:
        record = Measured(
            value_scale=float(raw.get("value_scale", NOMINAL.value_scale)),
            losses=tuple(float(x) for x in raw.get("losses", NOMINAL.losses)),
            thought=tuple(int(x) for x in raw.get("thought", NOMINAL.thought)),  # type: ignore[arg-type]
        )
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{where}: {exc}") from None
    if (
        record.value_scale <= 0
        or len(record.losses) != len(NOMINAL.losses)
        or len(record.thought) != 2
    ):
        raise ValueError(f"{where}: a positive value_scale, 7 losses and 2 thoughts expected")
    return record


def read(path: Path) -> dict[str, Measured]:
    """Every game's record in ``path``; ``ValueError`` naming the game and field that is wrong."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(raw, dict):
        raise ValueError(f"{path}: expected an object keyed by game")
    return {game: _record(entry, f"{path}: {game}") for game, entry in raw.items()}


@cache
def table() -> dict[str, Measured]:
    return read(asset_path(*MEASURED_FILE))


def measured(game_id: str) -> Measured:
    """What was measured in ``game_id`` (``NOMINAL`` for a game that was not)."""
    return table().get(game_id, NOMINAL)


def write(path: Path, game_id: str, **values: object) -> None:
    """Set the fields ``values`` of ``game_id``'s record in ``path`` (a benchmark's result)."""
    raw = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    entry = raw.setdefault(game_id, {})
    entry.update({k: list(v) if isinstance(v, tuple) else v for k, v in values.items()})
    _record(entry, f"{game_id}")  # refuse to write what could not be read back
    path.write_text(json.dumps(raw, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def default_path() -> Path:
    return asset_path(*MEASURED_FILE)


__all__ = ["NOMINAL", "Measured", "default_path", "measured", "read", "table", "write"]
