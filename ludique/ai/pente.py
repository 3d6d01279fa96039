"""The computer player of Pente grammai, from the solved table (``ludique.tools.pente_solver``).

    pente_win_probability(state)               # P(player to move wins), before or after the roll
    choose_pente_move(state, "champion", rng)  # one of state.legal_moves()

Champion plays the move with the highest winning probability: it is a perfect player.  Player and
Beginner pick at random with probabilities softmax(value / temperature) over the same values, so
they mostly play sensible moves but throw away chances, Beginner more often; their exact winning
chances against Champion are computed by ``python -m ludique.tools.pente_solver --report`` (and read
back by ``pente_solver.strength_win_probabilities``).

The table is read lazily and once, without numpy, by ``ludique.ai.pente_table``.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

# ``table`` is read through this module by the story's gauge and the tests too.
from ludique.ai.core import GameAI
from ludique.ai.pente_table import FOLDER, SOLVER, position_value, table
from ludique.ai.solved import SolvedGame
from ludique.games.base import GameState, Move
from ludique.games.pente.rules import (
    CAPTURE,
    GOAL,
    GOAL_PLACEMENT,
    N_POINTS,
    OFF,
    PLACEMENTS,
    PenteState,
    moves_for,
)

__all__ = [
    "PenteRace",
    "SOLVED",
    "TABLE_STRENGTHS",
    "TEMPERATURE",
    "choose_pente_move",
    "move_probabilities",
    "move_values",
    "pente_win_probability",
    "position_value",
    "table_state",
    "table",
]

TABLE_STRENGTHS = ("beginner", "player", "champion")
# Softmax temperatures over winning probabilities (0 = always the best move).
TEMPERATURE: dict[str, float] = {"beginner": 0.15, "player": 0.03, "champion": 0.0}


# The short game's last moves (the visit rule, ``GameState.visit``), both sides together, that the
# computer plays for the score exactly: the table is the full game's, whose chances say nothing
# of a score read after a few more throws.  Beyond them it plays the table, as in the full game.
SHORT_HORIZON = 4


def table_state(state: GameState) -> PenteState:
    """``state`` as a position of the one game the table solves (its spec's ``solved``): the
    table's functions take any game's state and refuse another game's with a ValueError."""
    if not isinstance(state, PenteState):
        raise ValueError(f"{state.game_id}: the solved table is Pente grammai's")
    return state


def move_values(position: GameState) -> list[tuple[Move, float]]:
    """Each legal move (after the roll) with the mover's winning probability once it is played:
    the full game's, from the table; within the short game's last ``SHORT_HORIZON`` moves, his
    exact expected result of the short game (a win 1, a draw one half, by the counters on the
    goal when its moves are played)."""
    state = table_state(position)
    die = state.die
    if die is None or state.outcome is not None:  # (no die: the roll is due)
        return []
    side = state.side
    blue, white = state.placements
    own, opp = (white, blue) if side else (blue, white)
    moves, after, lands = moves_for(side, own, die)  # the engine's own move list
    left = state.turns_left
    short = left is not None and left - 1 <= SHORT_HORIZON
    out: list[tuple[Move, float]] = []
    for move, own2, land in zip(moves, after, lands, strict=True):
        if own2 == GOAL_PLACEMENT[side]:
            out.append((move, 1.0))
            continue
        opp2 = CAPTURE[opp * 11 + land]
        if short:
            assert left is not None
            out.append((move, 1.0 - short_value(1 - side, opp2, own2, left - 1)))
        elif side:
            out.append((move, 1.0 - position_value(0, opp2, own2)))
        else:
            out.append((move, 1.0 - position_value(1, own2, opp2)))
    return out


@lru_cache(maxsize=1 << 18)
def short_value(side: int, own: int, opp: int, left: int) -> float:
    """The expected result of the short game for ``side`` to move, before his throw, with
    placements ``own`` and ``opp`` and ``left`` moves to play (both sides): a win 1, a draw one
    half, a loss 0, both sides playing for it (expectimax over the throws to the end)."""
    if left <= 0:
        mine, theirs = PLACEMENTS[own][GOAL[side]], PLACEMENTS[opp][GOAL[1 - side]]
        return 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5
    total = 0.0
    for die in range(1, 7):
        _, after, lands = moves_for(side, own, die)
        best = 0.0
        for own2, land in zip(after, lands, strict=True):
            if own2 == GOAL_PLACEMENT[side]:
                best = 1.0
                break
            value = 1.0 - short_value(1 - side, CAPTURE[opp * 11 + land], own2, left - 1)
            best = max(best, value)
        total += best
    return total / 6


def pente_win_probability(position: GameState) -> float:
    """The solved probability that the player to move wins, before or after this turn's roll;
    within the short game's last ``SHORT_HORIZON`` moves, his expected result of the short game
    (``short_value``), the value its moves are chosen by."""
    state = table_state(position)
    outcome = state.outcome
    if outcome is not None:
        return 1.0 if outcome.winner == state.to_move else 0.0
    if state.needs_roll:
        blue, white = state.placements
        left = state.turns_left
        if left is not None and left - 1 <= SHORT_HORIZON:  # as ``move_values`` plays it
            own, opp = (white, blue) if state.side else (blue, white)
            return short_value(state.side, own, opp, left)
        return position_value(state.side, blue, white)
    return max(value for _, value in move_values(state))


def move_probabilities(values: list[float], temperature: float) -> list[float]:
    """The chance of picking each move: softmax(value / temperature), or the first best move."""
    best = max(values)
    if temperature <= 0:
        first = values.index(best)
        return [1.0 if i == first else 0.0 for i in range(len(values))]
    weights = [math.exp((v - best) / temperature) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def choose_pente_move(state: GameState, strength: str, rng: random.Random) -> Move:
    """A move for the player to move at ``strength`` ("beginner", "player" or "champion")."""
    if strength not in TEMPERATURE:
        raise ValueError(
            f"unknown strength {strength!r}: expected one of {', '.join(TABLE_STRENGTHS)}"
        )
    scored = move_values(state)
    if not scored:
        why = "a roll is due" if state.needs_roll else "the game is over"
        raise ValueError(f"no move to choose: {why}")
    probs = move_probabilities([v for _, v in scored], TEMPERATURE[strength])
    if len(scored) == 1 or TEMPERATURE[strength] <= 0:
        return scored[probs.index(1.0)][0] if len(scored) > 1 else scored[0][0]
    return rng.choices([m for m, _ in scored], weights=probs)[0]


# What the spec's ``solved="pente"`` finds (``ludique.ai.solved.solved``): the player above.
SOLVED = SolvedGame(
    load=table,
    win_probability=pente_win_probability,
    move_values=move_values,
    choose=choose_pente_move,
    folder=FOLDER,
    solver=SOLVER,
)


PIP = 10  # hundredths of a counter per point of the track: a whole lap is a counter's worth


def distance(side: int, placement: int) -> int:
    """Points ``side``'s counters still have to go to its goal, a counter off the board as a
    whole lap (it enters at most six points on and has the rest to run)."""
    counts = PLACEMENTS[placement]
    goal = GOAL[side]
    return (
        sum(counts[p] * ((goal - p) % N_POINTS) for p in range(N_POINTS)) + N_POINTS * counts[OFF]
    )


class PenteRace(GameAI):
    """What a player sees of Pente grammai without the table: the race.  A position is worth
    how much shorter the mover's way home is than the opponent's (a counter hit starts again),
    the plan of a child who hurries his counters home and knocks one off when he can."""

    def evaluate(self, state: GameState) -> int:
        assert isinstance(state, PenteState)
        blue, white = state.placements
        ways = (distance(0, blue), distance(1, white))
        me = state.side
        return PIP * (ways[1 - me] - ways[me])

    def capture_gain(self, state: GameState, move: Move) -> int:
        assert isinstance(state, PenteState)
        enemy = 1 - state.side
        before = PLACEMENTS[state.placements[enemy]][OFF]
        child = state.play(move)
        assert isinstance(child, PenteState)
        return PLACEMENTS[child.placements[enemy]][OFF] - before


def evaluation(game_id: str) -> PenteRace:
    """The evaluation a spec names ``"pente"`` (``ludique.ai.evaluation.ai_for``): the race."""
    return PenteRace()
