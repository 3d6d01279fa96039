"""The visitor's skill, read from his moves: one model for every game.

Every decision a player makes is scored by a *referee*: each legal move's winning chance for the
mover once it is played (``ludique.ai.even.referee_chances``: the solved table in Pente grammai,
a fixed two-ply search through a measured calibration elsewhere).  What a move lost is the best
move's chance minus the chosen move's.

The hypotheses are the rungs of the ladder (``ludique.ai.even.LADDER``) plus a player who
moves at random, each with a small lapse rate (a move picked with no thought at all), so that a
strong player's one slip does not make him a beginner; the estimate is the posterior over them
after the visitor's recent decisions, from a flat prior.  A rung whose choice can be computed
gives the visitor's move the chance its own choice gives it in that position
(``Decision.chosen_by``, from ``ludique.ai.even.chosen_by``): where the rungs would all have
chosen alike, the move says nothing of him.  The rungs that play the Champion's search are read
by that search's choice in a few plies, and otherwise as a choice among the legal moves
weighted by ``exp(-loss / temperature)`` at their *effective* temperature: the one that best
explains their own moves as the referee scores them, measured by self-play per game
(``benchmarks/even_ladder.py``); so is any rung where a decision comes without its choice.

It is a pure function of the game's history: the same position reached by the same moves gives
the same estimate in any process (the referee's cache only saves time).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ludique.games.base import GameState

# Each rung's effective temperature by game, rungs 0 to 6, as measured by
# ``benchmarks/even_ladder.py`` (docs/ai.md, "The ladder measured"); a game not measured takes
# the rungs' nominal temperatures.  The estimate reads a rung at it where the rung's own choice
# is not known (the rungs that play the Champion's search, and a decision given without it).
EFFECTIVE: dict[str, tuple[float, ...]] = {
    "epaminondas": (0.0200, 0.0158, 0.0178, 0.0126, 0.0100, 0.0013, 0.0032),
    "latrunculi-seneca": (0.2239, 0.0562, 0.0501, 0.0224, 0.0100, 0.0032, 0.0045),
    "latrunculi-piso": (0.1259, 0.0501, 0.0501, 0.0178, 0.0112, 0.0032, 0.0063),
    "latrunculi-petteia": (0.1259, 0.0891, 0.0708, 0.0251, 0.0112, 0.0178, 0.0251),
    "latrunculi-dux": (0.0708, 0.0355, 0.0316, 0.0200, 0.0100, 0.0020, 0.0045),
    "pente-grammai": (0.1778, 0.1122, 0.1000, 0.0178, 0.0050, 0.0003, 0.0003),
}
# A game not measured: each rung about half as noisy as the one below, over the span the
# measured games show.
NOMINAL: tuple[float, ...] = (0.2, 0.1, 0.05, 0.025, 0.012, 0.005, 0.002)

# Each rung's share of its own informative decisions whose move is the one the Champion's search
# chooses in a few plies (``ludique.ai.even.reader_choice``), by search game, rungs 0 to 6, as
# measured by ``benchmarks/even_reading.py`` (seed 15, 0.25 s a move, the top rungs on their
# thought; docs/ai.md, "Each rung thinks as it was measured").  The rungs that play the
# Champion's search are read as making that move at this share; where their search sees further
# than the reader (the Champion in Latrunculi) they agree with it less.
AGREEMENT: dict[str, tuple[float, ...]] = {
    "epaminondas": (0.04, 0.05, 0.04, 0.07, 0.12, 0.92, 0.96),
    "latrunculi-seneca": (0.04, 0.16, 0.13, 0.22, 0.23, 1.00, 0.64),
    "latrunculi-piso": (0.08, 0.10, 0.12, 0.17, 0.23, 0.93, 0.59),
    "latrunculi-petteia": (0.02, 0.10, 0.16, 0.22, 0.36, 0.98, 0.65),
    "latrunculi-dux": (0.04, 0.05, 0.08, 0.08, 0.13, 0.99, 0.68),
}
NOMINAL_AGREEMENT = 0.8  # a game not measured: about the pooled share of the two top rungs


def agreement(game_id: str, rung: int) -> float:
    """The share of ``rung``'s moves in ``game_id`` that are the reader's choice."""
    row = AGREEMENT.get(game_id)
    return NOMINAL_AGREEMENT if row is None else row[rung]


# Each rung's strength by game (Elo, rung 0 at 0, fitted with one virtual draw a pair so that
# a swept pair is no cliff), from the same self-play (``benchmarks/even_ladder.py``; docs/ai.md,
# "The ladder measured"): what a rung of the estimate is worth against a rung the computer may
# play.  A game not measured takes ``NOMINAL_STRENGTH``: evenly spaced over the span the
# measured games show.  Pente grammai's row is an older fit (two games a pair, no prior, the
# toddler before it chose among its safe moves alike); the truer one is measured but not in
# force: against it the aimless visitors meet an aimless toddler and their games do not end
# (docs/ai.md, "The Pente grammai row measured again").
STRENGTH: dict[str, tuple[float, ...]] = {
    "epaminondas": (0, 430, 320, 483, 538, 794, 1150),
    "latrunculi-seneca": (0, 370, 569, 670, 804, 1181, 1276),
    "latrunculi-piso": (0, 234, 218, 256, 363, 581, 807),
    "latrunculi-petteia": (0, 160, 158, 266, 306, 450, 457),
    "latrunculi-dux": (0, 80, 186, 155, 142, 391, 413),
    "pente-grammai": (0, 32, 150, 384, 417, 477, 639),
}
NOMINAL_STRENGTH: tuple[float, ...] = (0, 200, 400, 600, 800, 1000, 1200)


def ladder_strength(game_id: str) -> tuple[float, ...]:
    """Each rung's rating in ``game_id``, never below the rung under it: a rung sees what the
    one below sees and more, so a measured dip (two or three games a pair) is noise."""
    return tuple(itertools.accumulate(STRENGTH.get(game_id, NOMINAL_STRENGTH), max))


def hypotheses(game_id: str) -> tuple[tuple[float, int], ...]:
    """The hypotheses about a visitor of ``game_id``: a random mover (``math.inf``), then each
    rung at the temperature its own moves were measured at."""
    # Each rung is read at its own measured temperature, even where a stronger rung's moves look
    # noisier to the referee's two plies (Petteia's and Epaminondas' top rungs aim deeper than
    # it sees): the reading then finds the rung that plays like the visitor, and the ratings,
    # not the order of the temperatures, say what that rung is worth.  Rungs read alike share
    # the posterior the evidence cannot split.  (Read as the strongest of the rungs no noisier
    # than it, the Champion took the expert's sharper reading, which fitted his own moves worse
    # than the strong rung's did in Piso and Dux, and Petteia's strong visitor was read as the
    # Champion.)
    temperatures = EFFECTIVE.get(game_id, NOMINAL)
    return ((math.inf, 0), *((t, rung) for rung, t in enumerate(temperatures)))


HYPOTHESES = hypotheses("")  # the nominal ones
LAPSE = 0.05  # a move chosen without thought, at any level: one slip is not a verdict
WINDOW = 20  # the visitor's decisions read, most recent last: a visitor warms up as he plays
# A decision whose moves all lie within this of the best says nothing of the player (a game
# already won or lost: every move's chance is near 1 or 0); it is passed over, so that the
# window holds the decisions that tell, and the estimate does not fade back to the prior.
INFORMATIVE = 0.005
LOOK_BACK = 4 * WINDOW  # of the visitor's positions at most, however few of them tell


@dataclass(frozen=True)
class Decision:
    """One decision of the visitor's: every move's loss against the best, and his move's; and,
    where it is known, the chance that each hypothesis (in the order estimated) makes his move
    by its own choice (``None`` for a hypothesis read by its temperature)."""

    losses: tuple[float, ...]
    chosen: int
    chosen_by: tuple[float | None, ...] = ()

    @property
    def loss(self) -> float:
        return self.losses[self.chosen]


@dataclass(frozen=True)
class Mix:
    """A level between two neighbouring rungs, ``share`` of the way from ``lower`` to ``upper``
    in the visitor's expected score (the same rung twice at an end of the ladder).  It is played
    by the nearer rung: the two played in turn play as the weaker (docs/ai.md, "A level between
    two rungs measured")."""

    lower: int
    upper: int
    share: float

    @property
    def nearest(self) -> int:
        return self.upper if self.share >= 0.5 else self.lower


@dataclass(frozen=True)
class SkillEstimate:
    """The posterior over ``HYPOTHESES`` and what it says: the rung that plays like the visitor
    (its mean) and how sure that is (its standard deviation, in rungs)."""

    posterior: tuple[float, ...]
    decisions: int
    mean_loss: float  # the visitor's mean loss of winning chance per decision
    rungs: tuple[int, ...] = tuple(rung for _, rung in HYPOTHESES)  # of each hypothesis

    @property
    def rung(self) -> float:
        return sum(p * rung for p, rung in zip(self.posterior, self.rungs, strict=True))

    @property
    def spread(self) -> float:
        mean = self.rung
        return math.sqrt(
            sum(p * (r - mean) ** 2 for p, r in zip(self.posterior, self.rungs, strict=True))
        )

    def expected_score(self, strengths: Sequence[float], rung: int) -> float:
        """The visitor's expected score (a draw a half) against ``rung``, the ladder's ratings
        ``strengths`` averaged over what he may be."""
        against = strengths[rung]
        return math.fsum(
            p / (1.0 + math.pow(10.0, (against - strengths[r]) / 400.0))
            for p, r in zip(self.posterior, self.rungs, strict=True)
        )

    def level(self, strengths: Sequence[float], target: float = 0.5) -> Mix:
        """The level against which the visitor's expected score is ``target``: the two
        neighbouring rungs whose scores enclose it, and how far between them it lies (the
        share of the way, in expected score, from the weaker).  Past an end of the ladder,
        that end.  Of rungs of equal rating the one nearest the estimate's mean plays, the
        stronger if two are."""
        count = len(strengths)
        scores = [self.expected_score(strengths, r) for r in range(count)]
        mean = self.rung

        def rung_of(rating: float) -> int:
            alike = [r for r in range(count) if strengths[r] == rating]
            return min(alike, key=lambda r: (abs(r - mean), -r))

        if scores[0] <= target:
            return Mix(rung_of(strengths[0]), rung_of(strengths[0]), 0.0)
        if scores[-1] >= target:
            return Mix(rung_of(strengths[-1]), rung_of(strengths[-1]), 0.0)
        upper = next(r for r in range(count) if scores[r] <= target)
        share = (scores[upper - 1] - target) / (scores[upper - 1] - scores[upper])
        return Mix(rung_of(strengths[upper - 1]), rung_of(strengths[upper]), share)

    def to_json(self) -> dict[str, float | int]:
        return {
            "rung": round(self.rung, 2),
            "spread": round(self.spread, 2),
            "decisions": self.decisions,
            "mean_loss": round(self.mean_loss, 4),
        }


def likelihood(decision: Decision, temperature: float, chosen_by: float | None = None) -> float:
    """The chance that a player of ``temperature`` makes ``decision``'s choice, or, where his
    own choice is known (``chosen_by``: the chance that he makes this move), that chance; with
    the lapse either way."""
    n = len(decision.losses)
    if math.isinf(temperature):
        return 1.0 / n
    if chosen_by is None:
        weights = [math.exp(-loss / temperature) for loss in decision.losses]
        chosen_by = weights[decision.chosen] / sum(weights)
    return (1 - LAPSE) * chosen_by + LAPSE / n


def estimate(
    decisions: Sequence[Decision], among: tuple[tuple[float, int], ...] = HYPOTHESES
) -> SkillEstimate:
    """The posterior over the hypotheses ``among`` after ``decisions``, from a flat prior."""
    logs = [0.0] * len(among)
    for decision in decisions:
        known = decision.chosen_by or (None,) * len(among)
        for i, (temperature, _) in enumerate(among):
            logs[i] += math.log(likelihood(decision, temperature, known[i]))
    top = max(logs)
    weights = [math.exp(v - top) for v in logs]
    total = sum(weights)
    mean_loss = sum(d.loss for d in decisions) / len(decisions) if decisions else 0.0
    rungs = tuple(rung for _, rung in among)
    return SkillEstimate(tuple(w / total for w in weights), len(decisions), mean_loss, rungs)


def decisions_of(
    state: GameState,
    colour: str,
    chances: Callable[[GameState], list[tuple[str, float]]],
    window: int = WINDOW,
    chosen_by: Callable[[GameState, str], tuple[float | None, ...]] | None = None,
) -> list[Decision]:
    """``colour``'s last ``window`` decisions that led to ``state`` (oldest first): the positions
    where he had a choice, with each move's loss from ``chances`` (the referee) and, given
    ``chosen_by``, the chance that each hypothesis makes the move he made there."""
    out: list[Decision] = []
    looked = 0
    child, node = state, state.parent
    while node is not None and len(out) < window and looked < max(window, LOOK_BACK):
        if node.to_move == colour and not node.needs_roll and node.outcome is None:
            looked += 1
            scored = chances(node)
            if len(scored) > 1:
                best = max(c for _, c in scored)
                texts = [text for text, _ in scored]
                losses = tuple(best - c for _, c in scored)
                if child.action in texts and max(losses) > INFORMATIVE:
                    known = chosen_by(node, child.action) if chosen_by is not None else ()
                    out.append(Decision(losses, texts.index(child.action), known))
        child, node = node, node.parent
    out.reverse()
    return out
