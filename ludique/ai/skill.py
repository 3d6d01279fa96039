"""The visitor's strength: what his moves lose, one model for every game.

Every decision a player makes is scored by a *referee*: each legal move's winning chance for the
mover once it is played (``ludique.ai.even.referee_chances``: the solved table in a solved game,
a fixed two-ply search through a measured calibration elsewhere).  What a move lost is the best
move's chance less the chosen move's, in winning-chance units, as an engine's "accuracy" reads a
chess player (Regan and Haworth's intrinsic ratings): by the error of his moves, not by his
results or by whom his moves resemble.

The estimate is his mean loss per decision over his recent decisions that tell (where the moves'
chances differ at all), the recent ones weighing more (a visitor warms up as he plays), drawn
toward a prior by a couple of decisions' worth so that his first move is not a verdict, with its
standard error.  It also sorts those decisions by his kinds of mistakes (a man left to be taken
for nothing, a capture not seen) and what each cost him; how often he leaves a man is counted
over every decision with a choice (``ludique.ai.even.leave_rate``).  It is a pure function of
the game's history: the same position reached by the same moves gives the same estimate in any
process (the referee's cache only saves time).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ludique.games.base import GameState

WINDOW = 20  # the player's decisions read, most recent last
HALF_LIFE = 10.0  # decisions: one this far back weighs half as much as the last
PRIOR_WEIGHT = 2.0  # decisions' worth of the prior at first: one slip or lucky move is no verdict
# A decision whose moves all lie within this of the best says nothing of the player (a game
# already won or lost: every move's chance is near 1 or 0); it is passed over, so that the
# window holds the decisions that tell, and the estimate does not fade back to the prior.
INFORMATIVE = 0.005
LOOK_BACK = 4 * WINDOW  # of the player's positions at most, however few of them tell


@dataclass(frozen=True)
class Decision:
    """One decision: every move's loss against the best, the move made, whether it left a man
    to be taken for nothing, whether the best move took a man (``could_take``) and whether his
    took none and lost more than ``INFORMATIVE`` while it did (``missed``: a capture not seen;
    a quiet move as good as the capture is not one)."""

    losses: tuple[float, ...]
    chosen: int
    left: bool = False
    could_take: bool = False
    missed: bool = False

    @property
    def loss(self) -> float:
        return self.losses[self.chosen]

    @property
    def plan(self) -> bool:
        """A decision whose loss is the plan's: no man left, no capture missed."""
        return not self.left and not self.missed


@dataclass(frozen=True)
class LossEstimate:
    """A player's expected loss of winning chance per decision, its standard error, the
    decisions it was read from, the men left for nothing among them, the captures he could
    make (the best move took a man) and those he did not see, his loss in the decisions
    that were neither (``plan``: a slower plan), and what each kind of mistake cost him a time
    (``left_loss``, ``miss_loss``: the mean loss of the decisions of that kind, 0 with none)."""

    loss: float
    spread: float
    decisions: int
    left: int = 0
    could_take: int = 0
    missed: int = 0
    plan: float = 0.0
    left_loss: float = 0.0
    miss_loss: float = 0.0

    @property
    def miss_rate(self) -> float:
        """How often he did not take a man where the best move did: drawn toward never by
        ``PRIOR_WEIGHT`` such decisions."""
        return self.missed / (self.could_take + PRIOR_WEIGHT)

    def to_json(self) -> dict[str, float | int]:
        return {
            "loss": round(self.loss, 4),
            "spread": round(self.spread, 4),
            "decisions": self.decisions,
            "left": self.left,
            "missed": self.missed,
            "could_take": self.could_take,
            "plan": round(self.plan, 4),
            "left_loss": round(self.left_loss, 4),
            "miss_loss": round(self.miss_loss, 4),
        }


def estimate(decisions: Sequence[Decision], prior: float) -> LossEstimate:
    """The recency-weighted mean loss of ``decisions`` (oldest first), drawn toward ``prior`` by
    ``PRIOR_WEIGHT`` decisions, with its standard error; the counts of his kinds of mistakes,
    the same mean over his plan's decisions alone, and what each kind of mistake cost him."""
    mean, spread = weighted_mean(decisions, prior)
    plan, _ = weighted_mean([d for d in decisions if d.plan], prior)
    left = [d.loss for d in decisions if d.left]
    missed = [d.loss for d in decisions if d.missed]
    return LossEstimate(
        mean,
        spread,
        len(decisions),
        len(left),
        sum(d.could_take for d in decisions),
        len(missed),
        plan,
        math.fsum(left) / len(left) if left else 0.0,
        math.fsum(missed) / len(missed) if missed else 0.0,
    )


def weighted_mean(decisions: Sequence[Decision], prior: float) -> tuple[float, float]:
    """The recency-weighted mean loss of ``decisions`` drawn toward ``prior``, and its standard
    error."""
    n = len(decisions)
    weights = [0.5 ** ((n - 1 - i) / HALF_LIFE) for i in range(n)]
    # the prior stands for what was known before his first decision read: it ages as his
    # decisions do, older than the oldest (a fixed weight kept a sharp visitor's estimate at
    # several times his loss: the Beginner's loss is ten times the Champion's)
    held = PRIOR_WEIGHT * 0.5 ** (n / HALF_LIFE)
    total = held + math.fsum(weights)
    mean = (
        held * prior + math.fsum(w * d.loss for w, d in zip(weights, decisions, strict=True))
    ) / total
    spread_sq = (
        held * (prior - mean) ** 2
        + math.fsum(w * (d.loss - mean) ** 2 for w, d in zip(weights, decisions, strict=True))
    ) / total
    effective = total**2 / (held**2 + math.fsum(w * w for w in weights))
    return mean, math.sqrt(spread_sq / effective)


def rung_of(loss: float, losses: Sequence[float]) -> float:
    """Where ``loss`` lies on a ladder whose rungs lose ``losses`` a decision (weakest first,
    each losing less than the one below): a rung, interpolated, 0 to the top."""
    # a rung sees what the one below sees and more: a measured rise up the ladder is noise
    losses = list(itertools.accumulate(losses, min))
    top = len(losses) - 1
    if loss >= losses[0]:
        return 0.0
    if loss <= losses[top]:
        return float(top)
    for rung in range(top):
        high, low = losses[rung], losses[rung + 1]
        if low <= loss <= high:
            return rung + ((high - loss) / (high - low) if high > low else 1.0)
    return float(top)  # a measured ladder that is not ordered: its strongest end


def decisions_of(
    state: GameState,
    colour: str,
    chances: Callable[[GameState], list[tuple[str, float]]],
    window: int = WINDOW,
    left: Callable[[GameState, str], bool] | None = None,
    takes: Callable[[GameState, str], bool] | None = None,
) -> list[Decision]:
    """``colour``'s last ``window`` decisions that led to ``state`` (oldest first): the positions
    where he had a choice that told, with each move's loss from ``chances`` (the referee) and,
    given ``left``, whether his move left a man to be taken for nothing, given ``takes``
    (whether a move takes a man), whether a best move took one and his did not."""
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
                    gave = left(node, child.action) if left is not None else False
                    best_moves = [t for t, x in zip(texts, losses, strict=True) if x == 0.0]
                    could = takes is not None and any(takes(node, t) for t in best_moves)
                    chosen = texts.index(child.action)
                    # a move as good as the capture (within ``INFORMATIVE``) missed nothing
                    missed = (
                        could
                        and losses[chosen] > INFORMATIVE
                        and takes is not None
                        and not takes(node, child.action)
                    )
                    out.append(Decision(losses, chosen, gave, could, missed))
        child, node = node, node.parent
    out.reverse()
    return out
