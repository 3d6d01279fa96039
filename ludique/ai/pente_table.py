"""The solved Pente grammai table, read lazily and once (lzma + array, no numpy): 4 MB in memory.

The player (``ludique.ai.pente``) and the solver that writes the table
(``ludique.tools.pente_solver``) both read it from here, so neither has to import the other for it.

    table()                            # P(win) of the mover * SCALE, at own * 1023 + opp
    position_value(side, blue, white)  # P(win) of ``side`` to move, before the roll
"""

from __future__ import annotations

import lzma
import struct
import sys
from array import array
from functools import cache

from ludique.games.pente.rules import N_PLACEMENTS, ROTATE
from ludique.paths import asset_path

FOLDER = "pente"  # under assets/: the table and the figures the solver wrote beside it
SOLVER = "python -m ludique.tools.pente_solver"  # writes them again
MAGIC = b"LQPENTE1"
SCALE = 2**32 - 1
TABLE_NAME = "solved.bin.xz"
STRENGTHS_FILE = "strengths.json"  # the strengths' exact chances, written by the solver


@cache
def table() -> array[int]:
    """P(win) of the player to move, times ``SCALE``, at ``own * 1023 + opp`` (mover's frame)."""
    path = asset_path(FOLDER, TABLE_NAME)
    try:
        data = lzma.decompress(path.read_bytes())
    except (OSError, lzma.LZMAError) as exc:
        raise RuntimeError(
            f"the solved Pente grammai table {path} is missing or damaged ({exc}); "
            f"regenerate it with: {SOLVER}"
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
