"""The computer opponent: one call for every game and strength.

    from ludique.ai import choose_move, STRENGTHS
    move = choose_move(state, "champion")            # one of state.legal_moves()
    state = state.play(move)

Pente grammai is played from its solved table (``ludique.ai.pente``, loaded on first use); the
other games by the alpha-beta search of ``ludique.ai.search`` with the evaluations of
``ludique.ai.evaluation``.  The kiosk calls this through ``ludique.ai.worker.ComputerPlayer``,
which runs it in another process so that the screen never waits.
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ludique.games.base import GameState, Move

if TYPE_CHECKING:
    from ludique.ai.even import Deal

# The strengths a visitor or the curator can choose, in the order the screens offer them; the
# Even match (``ludique.ai.even``) is the default.
STRENGTHS: tuple[str, ...] = ("even", "beginner", "player", "champion")
DEFAULT_STRENGTH = "even"
MAX_BUDGET = 2.0  # seconds: nobody waits longer than this for the computer


@dataclass(frozen=True)
class Strength:
    """How one strength searches: a depth limit, a share of the time budget, evaluation noise
    (hundredths of a piece, deterministic per position within one decision), the chance of a
    uniformly random move (a beginner's lapse), and whether it looks past its horizon (the
    Epaminondas crossing extensions and the Latrunculi capture quiescence)."""

    max_depth: int
    budget_share: float
    noise: int
    blunder: float
    horizon: bool = True


SEARCH_STRENGTHS: dict[str, Strength] = {
    "beginner": Strength(max_depth=1, budget_share=0.3, noise=150, blunder=0.25, horizon=False),
    "player": Strength(max_depth=2, budget_share=0.6, noise=60, blunder=0.0),
    "champion": Strength(max_depth=64, budget_share=0.95, noise=0, blunder=0.0),
}


def check_request(state: GameState, strength: str, time_budget: float) -> list[Move]:
    """The legal moves of ``state``, after checking that the computer can be asked to move.

    Raises ``ValueError`` naming what is wrong: an unknown strength, a budget outside
    (0, 2] seconds, a finished game or a die still to be thrown.
    """
    if strength not in STRENGTHS:
        raise ValueError(f"unknown strength {strength!r}: expected one of {', '.join(STRENGTHS)}")
    if not isinstance(time_budget, int | float) or not 0 < time_budget <= MAX_BUDGET:
        raise ValueError(
            f"time_budget {time_budget!r}: expected seconds above 0 and at most {MAX_BUDGET}"
        )
    moves = state.legal_moves()
    if not moves:
        if state.outcome is not None:
            raise ValueError(f"{state.game_id}: the game is over, there is no move to choose")
        if state.needs_roll:
            raise ValueError(f"{state.game_id}: the die must be thrown before choosing a move")
        raise ValueError(f"{state.game_id}: this position has no legal move")
    return moves


def choose_move(
    state: GameState,
    strength: str,
    time_budget: float = 1.5,
    rng: random.Random | None = None,
    *,
    stop: Callable[[], bool] | None = None,
    deal: Deal | None = None,
) -> Move:
    """One of ``state.legal_moves()``, chosen at ``strength`` within ``time_budget`` seconds.

    ``rng`` makes the weaker strengths' randomness repeatable; ``stop`` (used by the worker to
    cancel) is polled during the search, which then returns the best move found so far.
    ``deal`` places an Even match game in the kiosk's series (``ludique.ai.even.Deal``).
    Raises ``ValueError`` for an unknown strength, a bad budget or a state with no legal move.
    """
    started = time.perf_counter()
    moves = check_request(state, strength, time_budget)
    rng = rng or random.Random()
    if state.game_id == "pente-grammai":
        if strength == "even":
            from ludique.ai.even_pente import choose_even_pente

            return choose_even_pente(state, rng)
        from ludique.ai.pente import choose_pente_move

        return choose_pente_move(state, strength, rng)
    if len(moves) == 1:
        return moves[0]
    if strength == "even":
        return _choose_even(state, started, time_budget, rng, stop, deal)
    config = SEARCH_STRENGTHS[strength]
    if config.blunder and rng.random() < config.blunder:
        return rng.choice(moves)
    from ludique.ai.evaluation import ai_for
    from ludique.ai.search import Searcher

    deadline = started + time_budget * config.budget_share
    searcher = Searcher(
        ai_for(state), deadline, stop=stop, noise=config.noise, rng=rng, horizon=config.horizon
    )
    # The search makes no reference cycles, but it allocates enough that the cyclic collector
    # would run full passes over the whole table mid-search: a pause the clock cannot see.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return searcher.search(state, config.max_depth).move
    finally:
        if collecting:
            gc.enable()


def _choose_even(
    state: GameState,
    started: float,
    time_budget: float,
    rng: random.Random,
    stop: Callable[[], bool] | None,
    deal: Deal | None,
) -> Move:
    from ludique.ai.evaluation import ai_for
    from ludique.ai.even import choose_even_search

    collecting = gc.isenabled()
    gc.disable()  # as for the other strengths (see choose_move)
    try:
        return choose_even_search(state, ai_for(state), started, time_budget, rng, stop, deal=deal)
    finally:
        if collecting:
            gc.enable()


def pente_win_probability(state: GameState) -> float:
    """The solved probability that the player to move wins this Pente grammai position (before
    or after its roll), with both sides playing perfectly from here."""
    from ludique.ai.pente import pente_win_probability as solved

    return solved(state)


__all__ = [
    "DEFAULT_STRENGTH",
    "MAX_BUDGET",
    "STRENGTHS",
    "check_request",
    "choose_move",
    "pente_win_probability",
]
