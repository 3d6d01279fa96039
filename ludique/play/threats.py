"""What the next move can decide, seen before it happens (no pygame).

:func:`threats` looks at a position and names each danger the side to move faces now, by the
game's own ``threats`` function (its spec's, ``ludique/games/<game>/threats.py``, which says
what that game watches: a capture, a crossing, a counter a throw can send back...).

Each :class:`Threat` names the side it threatens, the squares to mark and a line for the strip
(``kiosk.play.threat.*``, ``ludique.play.guidance.Text``).
"""

from __future__ import annotations

from ludique.games import spec
from ludique.games.base import GameState
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
    position ``mover``'s move led to), could take at once: capture, or in a game with a die hit
    with one of the six throws (not on the sacred points)."""
    if after.outcome is not None or after.to_move == mover:
        return set()
    if after.needs_roll:  # a game with a die: the other side throws first, any of the six
        mine = {p.square for p in after.pieces() if p.colour == mover}
        open_ = mine - set(spec(after.game_id).sacred) - {"off"}
        return {
            m.to for throw in range(1, 7) for m in after.roll(throw).legal_moves() if m.to in open_
        }
    return {sq for m in after.legal_moves() for sq in m.captures}


__all__ = ["Threat", "exposed", "other", "threats"]
