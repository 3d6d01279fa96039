"""Two yardsticks for the benchmark and the tests: a uniformly random player and a greedy one.

The greedy player looks one ply ahead: it wins at once if it can, otherwise it takes the move
that leaves it the most material (captures the most), then the one that advances its pieces the
most, breaking the remaining ties at random.
"""

from __future__ import annotations

import random

from ludique.games.base import GameState, Move


def random_move(state: GameState, rng: random.Random) -> Move:
    """A uniformly random legal move."""
    return rng.choice(state.legal_moves())


def greedy_move(state: GameState, rng: random.Random) -> Move:
    """The one-ply greedy choice: win now, else capture most, else advance most."""
    from ludique.ai.evaluation import ai_for

    ai = ai_for(state)
    me = state.to_move
    best: list[Move] = []
    best_key: tuple[int, int, int] | None = None
    for move in state.legal_moves():
        child = state.play(move)
        outcome = child.outcome
        won = 1 if outcome is not None and outcome.winner == me else 0
        key = (won, ai.material(child, me), ai.advancement(child, me))
        if best_key is None or key > best_key:
            best_key, best = key, [move]
        elif key == best_key:
            best.append(move)
    return rng.choice(best)
