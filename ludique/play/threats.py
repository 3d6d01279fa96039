"""What the next move can decide, seen before it happens (no pygame).

:func:`threats` looks at a position and names each danger the side to move faces now, by the
game's own ``threats`` function (its spec's, ``ludique/games/<game>/threats.py``):

* Epaminondas: the other side has more pieces on this side's home row than this side has on
  the other's: it wins at the start of its next turn unless this side captures intruders or
  brings as many across (rules.md §2); the pieces of this side that the other side could
  capture with its next move; the other side's pieces that could reach this side's home row
  with its next move; and, the other way round, this side can cross now.
* Ludus latrunculorum: pieces of this side that the other side could capture if it moved now
  (in the battle).
* Pente grammai: counters of this side that the other side's next throw can send back, with the
  exact chance of a throw that can (only non-sacred points; the entering priority counted).

Each :class:`Threat` names the side it threatens, the squares to mark and a line for the strip
(``kiosk.play.threat.*``, ``ludique.play.guidance.Text``).
"""

from __future__ import annotations

from ludique.games import spec
from ludique.games.base import GameState
from ludique.games.epaminondas.threats import epaminondas_threats, home_row
from ludique.games.latrunculi.threats import latrunculi_threats, swapped
from ludique.games.pente.threats import pente_threats
from ludique.games.threat import Threat, other


def threats(state: GameState) -> list[Threat]:
    """The threats the side to move faces in ``state`` (none once the game is over)."""
    if state.outcome is not None:
        return []
    found = spec(state.game_id).threats
    return found(state) if found is not None else []


# --- after a move ----------------------------------------------------------------------------


def exposed(after: GameState, mover: str) -> set[str]:
    """The squares of ``mover``'s pieces that the other side, to move in ``after`` (the
    position ``mover``'s move led to), could take at once: capture, or in Pente grammai hit
    with one of the six throws (not on the sacred points)."""
    if after.outcome is not None or after.to_move == mover:
        return set()
    if after.needs_roll:  # Pente grammai: the other side throws first, any of the six
        mine = {p.square for p in after.pieces() if p.colour == mover}
        open_ = mine - set(spec(after.game_id).sacred) - {"off"}
        return {
            m.to for throw in range(1, 7) for m in after.roll(throw).legal_moves() if m.to in open_
        }
    return {sq for m in after.legal_moves() for sq in m.captures}


__all__ = [
    "Threat",
    "epaminondas_threats",
    "exposed",
    "home_row",
    "latrunculi_threats",
    "other",
    "pente_threats",
    "swapped",
    "threats",
]
