"""Pente grammai: the counters of the side to move that the other side's next throw can send
back, with the exact chance of a throw that can (only off the sacred points; the entering
priority counted)."""

from __future__ import annotations

from fractions import Fraction

from ludique.games.base import GameState
from ludique.games.pente.rules import SACRED_POINTS, PenteState
from ludique.games.threat import Threat, other


def pente_threats(state: GameState) -> list[Threat]:
    """The side to move (before or after its throw) sees which of its counters the other
    side's next throw can hit, as things stand now."""
    me = state.to_move
    them = other(state, me)
    counts: dict[str, dict[str, int]] = {c: {} for c in state.colours}
    for p in state.pieces():
        counts[p.colour][p.square] = counts[p.colour].get(p.square, 0) + 1
    exposed = {sq for sq in counts[me] if sq not in SACRED_POINTS and sq != "off"}
    if not exposed:
        return []
    theirs = PenteState.from_position(counts["blue"], counts["white"], to_move=them)
    hit_by: dict[str, set[int]] = {sq: set() for sq in exposed}
    for throw in range(1, 7):
        for move in theirs.roll(throw).legal_moves():
            if move.to in hit_by:
                hit_by[move.to].add(throw)
    hit = {sq: throws for sq, throws in hit_by.items() if throws}
    if not hit:
        return []
    throws = sorted(set().union(*hit.values()))
    chance = Fraction(len(throws), 6)
    return [
        Threat(
            "knock",
            me,
            tuple(sorted(hit)),
            "play.threat.knock",
            (
                ("throws", ", ".join(str(n) for n in throws)),
                ("chance", f"{chance.numerator}/{chance.denominator}"),
                ("percent", round(100 * len(throws) / 6)),
                ("winner", them),
            ),
        )
    ]
