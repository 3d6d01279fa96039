"""Epaminondas: what the next move can decide (rules.md §2): the other side has more pieces on
this side's home row than this side on the other's (it wins at the start of its next turn
unless this side answers); the pieces the other side could capture with its next move; the
other side's pieces that could reach this side's home row; and this side can cross now."""

from __future__ import annotations

from ludique.games.base import GameState
from ludique.games.epaminondas.rules import N_RANKS, EpaminondasState
from ludique.games.threat import Threat, other


def home_row(state: GameState, colour: str) -> str:
    return "1" if colour == state.colours[0] else str(N_RANKS)


def epaminondas_threats(state: GameState) -> list[Threat]:
    if not isinstance(state, EpaminondasState):
        return []
    me = state.to_move
    them = other(state, me)
    mine, theirs = state.crossing_count(me), state.crossing_count(them)
    found: list[Threat] = []
    if theirs > mine:
        row = home_row(state, me)
        intruders = tuple(
            p.square for p in state.pieces() if p.colour == them and p.square[1:] == row
        )
        found.append(
            Threat(
                "crossing",
                me,
                intruders,
                "play.threat.crossing",
                (("winner", them), ("loser", me), ("count", theirs)),
            )
        )
    far = home_row(state, them)
    crossers = sorted(
        {m.frm for m in state.legal_moves() if m.frm and any(sq[1:] == far for sq in m.landing)}
    )
    if crossers and mine + 1 > theirs:
        found.append(
            Threat(
                "can-cross",
                me,
                tuple(crossers),
                "play.threat.can-cross",
                (("winner", me), ("loser", them)),
            )
        )
    # what the other side could do if it moved now: take pieces, come onto this side's row
    turned = _epaminondas_turned(state, them)
    if turned is not None:
        takes = sorted({sq for m in turned.legal_moves() for sq in m.captures})
        if takes:
            found.append(
                Threat("capture", me, tuple(takes), "play.threat.capture", (("count", len(takes)),))
            )
        row = home_row(state, me)
        # every piece of a phalanx that would come (the visitor sees what moves, not its tail)
        coming = sorted(
            {
                sq
                for m in turned.legal_moves()
                if any(sq[1:] == row for sq in m.landing)
                for sq in m.phalanx
            }
        )
        if coming and theirs <= mine:  # with more across already, "crossing" says it
            found.append(
                Threat(
                    "may-cross",
                    them,
                    tuple(coming),
                    "play.threat.can-cross",
                    (("winner", them), ("loser", me)),
                )
            )
    return found


def _epaminondas_turned(state: EpaminondasState, mover: str) -> EpaminondasState | None:
    """The same Epaminondas position with ``mover`` to move (no history: captures and
    crossings do not depend on it)."""
    squares: dict[str, list[str]] = {c: [] for c in state.colours}
    for p in state.pieces():
        squares[p.colour].append(p.square)
    try:
        turned = type(state).from_position(
            white=squares["white"], black=squares["black"], to_move=mover
        )
    except ValueError:
        return None
    return turned if isinstance(turned, EpaminondasState) else None
