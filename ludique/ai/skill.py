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

from ludique.ai.measured import measured
from ludique.games.base import GameState


def agreement(game_id: str, rung: int) -> float:
    """The share of ``rung``'s moves in ``game_id`` that are the reader's choice."""
    return measured(game_id).agreement[rung]


def ladder_strength(game_id: str) -> tuple[float, ...]:
    """Each rung's rating in ``game_id``, never below the rung under it: a rung sees what the
    one below sees and more, so a measured dip (two or three games a pair) is noise."""
    return tuple(itertools.accumulate(measured(game_id).ratings, max))


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
    temperatures = measured(game_id).temperatures
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
