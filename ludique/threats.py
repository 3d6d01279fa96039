"""What the next move can decide, seen before it happens (no pygame).

:func:`threats` looks at a position and names each danger the side to move faces now:

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
(``kiosk.play.threat.*``, ``ludique.guidance.Text``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ludique.games.base import BATTLE, GameState

SACRED = ("3A", "3B")


@dataclass(frozen=True)
class Threat:
    kind: str  # "crossing", "can-cross", "may-cross", "capture", "knock"
    against: str  # the colour that must answer (its pieces, or the other's, are marked)
    squares: tuple[str, ...]  # the pieces involved, to mark on the board
    key: str  # kiosk.play.threat.<...>
    fields: tuple[tuple[str, object], ...] = ()

    @property
    def danger(self) -> bool:
        """A danger for the side to move (drawn in the warning colour); else a chance it has.
        ``may-cross`` marks the other side's pieces (``against``) that could cross: a danger
        for the side to move all the same."""
        return self.kind != "can-cross"


def other(state: GameState, colour: str) -> str:
    return next(c for c in state.colours if c != colour)


def threats(state: GameState) -> list[Threat]:
    """The threats the side to move faces in ``state`` (none once the game is over)."""
    if state.outcome is not None:
        return []
    game = state.game_id
    if game == "epaminondas":
        return epaminondas_threats(state)
    if game.startswith("latrunculi"):
        return latrunculi_threats(state)
    if game == "pente-grammai":
        return pente_threats(state)
    return []


# --- Epaminondas -------------------------------------------------------------------------------


def home_row(state: GameState, colour: str) -> str:
    return "1" if colour == state.colours[0] else "12"


def epaminondas_threats(state) -> list[Threat]:
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
        {m.frm for m in state.legal_moves() if any(sq[1:] == far for sq in m.landing)}
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


def _epaminondas_turned(state, mover: str):
    """The same Epaminondas position with ``mover`` to move (no history: captures and
    crossings do not depend on it)."""
    squares: dict[str, list[str]] = {c: [] for c in state.colours}
    for p in state.pieces():
        squares[p.colour].append(p.square)
    try:
        return type(state).from_position(
            white=squares["white"], black=squares["black"], to_move=mover
        )
    except ValueError:
        return None


# --- Ludus latrunculorum ----------------------------------------------------------------


def swapped(state):
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
        if p.kind == "incitus":
            inciti[p.square] = state.blockers(p.square)
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


def latrunculi_threats(state) -> list[Threat]:
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


# --- Pente grammai -------------------------------------------------------------------------------


def pente_threats(state) -> list[Threat]:
    """The side to move (before or after its throw) sees which of its counters the other
    side's next throw can hit, as things stand now."""
    from ludique.games.pente import PenteState

    me = state.to_move
    them = other(state, me)
    counts: dict[str, dict[str, int]] = {c: {} for c in state.colours}
    for p in state.pieces():
        counts[p.colour][p.square] = counts[p.colour].get(p.square, 0) + 1
    exposed = {sq for sq in counts[me] if sq not in SACRED and sq != "off"}
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


# --- after a move ----------------------------------------------------------------------------


def exposed(after: GameState, mover: str) -> set[str]:
    """The squares of ``mover``'s pieces that the other side, to move in ``after`` (the
    position ``mover``'s move led to), could take at once: capture, or in Pente grammai hit
    with one of the six throws (not on the sacred points)."""
    if after.outcome is not None or after.to_move == mover:
        return set()
    if after.needs_roll:  # Pente grammai: the other side throws first, any of the six
        mine = {p.square for p in after.pieces() if p.colour == mover}
        open_ = mine - set(SACRED) - {"off"}
        return {
            m.to for throw in range(1, 7) for m in after.roll(throw).legal_moves() if m.to in open_
        }
    return {sq for m in after.legal_moves() for sq in m.captures}
