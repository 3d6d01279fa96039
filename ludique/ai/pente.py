"""The computer player of Pente grammai, from the solved table (``ludique.ai.pente_solver``).

    pente_win_probability(state)               # P(player to move wins), before or after the roll
    choose_pente_move(state, "champion", rng)  # one of state.legal_moves()

Champion plays the move with the highest winning probability: it is a perfect player.  Player and
Beginner pick at random with probabilities softmax(value / temperature) over the same values, so
they mostly play sensible moves but throw away chances, Beginner more often; their exact winning
chances against Champion are computed by ``python -m ludique.ai.pente_solver --report``.

The table is read lazily and once, without numpy (lzma + array): 4 MB in memory.
"""

from __future__ import annotations

import lzma
import math
import random
import struct
import sys
from array import array
from functools import cache

from ludique.games.base import Move
from ludique.games.pente import (
    CAPTURE,
    GOAL_PLACEMENT,
    N_PLACEMENTS,
    ROTATE,
    PenteState,
    moves_for,
)
from ludique.paths import asset_path

MAGIC = b"LQPENTE1"
SCALE = 2**32 - 1
TABLE_NAME = "solved.bin.xz"
STRENGTHS = ("beginner", "player", "champion")
# Softmax temperatures over winning probabilities (0 = always the best move).
TEMPERATURE: dict[str, float] = {"beginner": 0.15, "player": 0.03, "champion": 0.0}


@cache
def table() -> array:
    """P(win) of the player to move, times ``SCALE``, at ``own * 1023 + opp`` (mover's frame)."""
    path = asset_path("pente", TABLE_NAME)
    try:
        data = lzma.decompress(path.read_bytes())
    except (OSError, lzma.LZMAError) as exc:
        raise RuntimeError(
            f"the solved Pente grammai table {path} is missing or damaged ({exc}); "
            "regenerate it with: python -m ludique.ai.pente_solver"
        ) from exc
    head = len(MAGIC) + 4
    if (
        data[: len(MAGIC)] != MAGIC
        or struct.unpack("<I", data[len(MAGIC) : head])[0] != N_PLACEMENTS
    ):
        raise RuntimeError(f"{path} is not a Pente grammai table of this version")
    values = array("I")
    if values.itemsize != 4:
        values = array("L")
    values.frombytes(data[head:])
    if sys.byteorder == "big":
        values.byteswap()
    if len(values) != N_PLACEMENTS * N_PLACEMENTS:
        raise RuntimeError(f"{path} holds {len(values)} values, not {N_PLACEMENTS**2}")
    return values


def position_value(side: int, blue: int, white: int) -> float:
    """P(win) of ``side`` (0 Blue, 1 White) to move, before the roll, from placement numbers."""
    if side:
        return table()[ROTATE[white] * N_PLACEMENTS + ROTATE[blue]] / SCALE
    return table()[blue * N_PLACEMENTS + white] / SCALE


def move_values(state: PenteState) -> list[tuple[Move, float]]:
    """Each legal move (after the roll) with the mover's winning probability once it is played."""
    if state.needs_roll or state.outcome is not None:
        return []
    side = state.side
    blue, white = state.placements
    own, opp = (white, blue) if side else (blue, white)
    moves, after, lands = moves_for(side, own, state.die)  # the engine's own move list
    out = []
    for move, own2, land in zip(moves, after, lands, strict=True):
        if own2 == GOAL_PLACEMENT[side]:
            out.append((move, 1.0))
            continue
        opp2 = CAPTURE[opp * 11 + land]
        if side:
            out.append((move, 1.0 - position_value(0, opp2, own2)))
        else:
            out.append((move, 1.0 - position_value(1, own2, opp2)))
    return out


def pente_win_probability(state: PenteState) -> float:
    """The solved probability that the player to move wins, before or after this turn's roll."""
    outcome = state.outcome
    if outcome is not None:
        return 1.0 if outcome.winner == state.to_move else 0.0
    if state.needs_roll:
        blue, white = state.placements
        return position_value(state.side, blue, white)
    return max(value for _, value in move_values(state))


def move_probabilities(values: list[float], temperature: float) -> list[float]:
    """The chance of picking each move: softmax(value / temperature), or the first best move."""
    best = max(values)
    if temperature <= 0:
        first = values.index(best)
        return [1.0 if i == first else 0.0 for i in range(len(values))]
    weights = [math.exp((v - best) / temperature) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def choose_pente_move(state: PenteState, strength: str, rng: random.Random) -> Move:
    """A move for the player to move at ``strength`` ("beginner", "player" or "champion")."""
    if strength not in TEMPERATURE:
        raise ValueError(f"unknown strength {strength!r}: expected one of {', '.join(STRENGTHS)}")
    scored = move_values(state)
    if not scored:
        why = "a roll is due" if state.needs_roll else "the game is over"
        raise ValueError(f"no move to choose: {why}")
    probs = move_probabilities([v for _, v in scored], TEMPERATURE[strength])
    if len(scored) == 1 or TEMPERATURE[strength] <= 0:
        return scored[probs.index(1.0)][0] if len(scored) > 1 else scored[0][0]
    return rng.choices([m for m, _ in scored], weights=probs)[0]


STRENGTHS_FILE = "strengths.json"


def strength_win_probabilities(recompute: bool = False) -> dict[str, dict[str, float]]:
    """Each strength's exact winning probability against the perfect player from the start,
    ``{strength: {"blue": p, "white": p}}``, by policy evaluation over the whole table.

    The solver stores the figures next to the table (``--report``); they are used when they were
    computed for this table and these temperatures, otherwise (or with ``recompute``) they are
    computed again, which needs numpy and a few minutes.
    """
    import hashlib
    import json

    digest = hashlib.sha256(asset_path("pente", TABLE_NAME).read_bytes()).hexdigest()
    stored = asset_path("pente", STRENGTHS_FILE)
    if not recompute and stored.is_file():
        data = json.loads(stored.read_text(encoding="utf-8"))
        if data.get("table_sha256") == digest and data.get("temperatures") == TEMPERATURE:
            return data["against_perfect"]
    import numpy as np

    from ludique.ai import pente_solver

    g = pente_solver.graph()
    values = np.frombuffer(table(), dtype=np.uint32).astype(np.float64)
    p_win = values[g.dense] / SCALE
    out = {}
    for strength in STRENGTHS:
        blue, white = pente_solver.against_perfect(g, p_win, TEMPERATURE[strength])
        out[strength] = {"blue": blue, "white": white}
    return out
