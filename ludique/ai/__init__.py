"""The computer opponent: one call for every game and strength.

    from ludique.ai import choose_move, STRENGTHS
    move = choose_move(state, "champion")            # one of state.legal_moves()
    state = state.play(move)

A solved game is played from its table (``ludique.ai.solved``, the module its spec names, loaded
on first use); the other games by the alpha-beta search of ``ludique.ai.search`` with the
evaluations of ``ludique.ai.evaluation``.  The kiosk calls this through
``ludique.kiosk.worker.ComputerPlayer``, which runs it in another process so that the screen
never waits.
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable

from ludique.games import spec
from ludique.games.base import GameState, Move

# The strengths a visitor or the curator can choose, in the order the screens offer them; the
# Even match (``ludique.ai.even``) is the default.
STRENGTHS: tuple[str, ...] = ("even", "beginner", "player", "champion")
DEFAULT_STRENGTH = "even"
MAX_BUDGET = 2.0  # seconds: nobody waits longer than this for the computer
# The fixed strengths are rungs of Even match's ladder (``ludique.ai.even.LADDER``), the
# Champion thinking as long as the budget allows; in a solved game they play from its table, as
# its own player chooses at each strength (``ludique.ai.solved.SolvedGame.choose``).
FIXED_RUNGS: dict[str, int] = {"beginner": 2, "player": 3, "champion": 6}


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
) -> Move:
    """One of ``state.legal_moves()``, chosen at ``strength`` within ``time_budget`` seconds.

    ``rng`` makes the choice repeatable; ``stop`` (used by the worker to cancel) is polled
    during the search, which then returns the best move found so far.
    Raises ``ValueError`` for an unknown strength, a bad budget or a state with no legal move.
    """
    return decide(state, strength, time_budget, rng, stop=stop)[0]


def decide(
    state: GameState,
    strength: str,
    time_budget: float = 1.5,
    rng: random.Random | None = None,
    *,
    stop: Callable[[], bool] | None = None,
) -> tuple[Move, dict[str, float | int] | None]:
    """``choose_move``'s move with, for Even match, what it read of the visitor (his loss per
    decision and the computer's own, ``ludique.ai.even.EvenDecision.note``), else ``None``."""
    started = time.perf_counter()
    moves = check_request(state, strength, time_budget)
    rng = rng or random.Random()
    if len(moves) == 1:
        return moves[0], None
    from ludique.ai import even

    # The search makes no reference cycles, but it allocates enough that the cyclic collector
    # would run full passes over the whole table mid-search: a pause the clock cannot see.
    collecting = gc.isenabled()
    gc.disable()
    try:
        if strength == "even":
            decision = even.even_decision(state, started, time_budget, rng, stop)
            return decision.move, decision.note()
        if spec(state.game_id).solved:
            from ludique.ai.solved import solved

            return solved(state.game_id).choose(state, strength, rng), None
        level = even.LADDER[FIXED_RUNGS[strength]]
        move = even.play_search_rung(state, level, started, time_budget, rng, stop, clock=True)
        return move, None
    finally:
        if collecting:
            gc.enable()


__all__ = [
    "DEFAULT_STRENGTH",
    "FIXED_RUNGS",
    "MAX_BUDGET",
    "STRENGTHS",
    "check_request",
    "choose_move",
    "decide",
]
