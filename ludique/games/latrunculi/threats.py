"""Ludus latrunculorum: the pieces of the side to move that the other side could capture if it
moved now (in the battle)."""

from __future__ import annotations

from ludique.games.base import BATTLE, GameState
from ludique.games.latrunculi.rules import LatrunculiState
from ludique.games.threat import Threat, other


def swapped(state: LatrunculiState) -> GameState | None:
    """The same battle position with the other side to move (None where there is none:
    placement, a removal due, a variant that cannot be set up so)."""
    if state.phase != BATTLE or state.pending_removal:
        return None
    by_colour: dict[str, list[str]] = {c: [] for c in state.colours}
    dux: dict[str, str] = {}
    inciti: dict[str, tuple[str, str]] = {}
    for p in state.pieces():
        if p.kind == "dux":
            dux[p.colour] = p.square
            continue
        by_colour[p.colour].append(p.square)
        blockers = state.blockers(p.square) if p.kind == "incitus" else None
        if blockers is not None:
            inciti[p.square] = blockers
    blue, white = state.colours
    try:
        return type(state).from_position(
            by_colour[blue],
            by_colour[white],
            to_move=other(state, state.to_move),
            dux=dux or None,
            inciti=inciti or None,
        )
    except ValueError:
        return None


def latrunculi_threats(state: GameState) -> list[Threat]:
    if not isinstance(state, LatrunculiState):
        return []
    turned = swapped(state)
    if turned is None:
        return []
    me = state.to_move
    exposed = sorted({sq for m in turned.legal_moves() for sq in m.captures})
    if not exposed:
        return []
    return [
        Threat("capture", me, tuple(exposed), "play.threat.capture", (("count", len(exposed)),))
    ]
