"""Even match in Pente grammai.

Pente grammai is solved, so the computer knows the visitor's exact winning chance after each of
its moves (both sides perfect from there): it plays the move that brings that chance closest to
one half (``ludique.ai.even.mix``).  When every move leaves the visitor above one half, the
closest is the best move, so against a perfect visitor it plays perfectly too.
"""

from __future__ import annotations

import random

from ludique.ai.even import mix
from ludique.games.base import GameState, Move

PENTE_PERFECT = 0.002  # a visitor whose moves cost him less than this on average is perfect
PENTE_MEMORY = 120  # actions looked back (rolls and moves of both sides: about 30 of his turns)
# Held at one half, a game against a visitor who plays at random lasted about 1,700 rounds (the
# computer gives back every lead, and he never presses one): after PENTE_PATIENCE rounds the
# computer's target rises from one half to a sure win over PENTE_FINISH more rounds.  Between
# two perfect players a game lasts about 46 rounds, against the Beginner about 80 either way.
# 160 and 160 keep a random visitor's chance in 0.35-0.65 at 82% of his turns (120 and 120:
# 79.7%; 80 and 80: 79%), see docs/ai.md.
PENTE_PATIENCE = 160
PENTE_FINISH = 160


def pente_target(state: GameState) -> float:
    """The computer's target chance: one half, then rising once the game has gone on long."""
    turns = len(state.actions()) // 4  # a roll and a move each: one round is four actions
    return 0.5 + 0.5 * min(1.0, max(0.0, (turns - PENTE_PATIENCE) / PENTE_FINISH))


def pente_visitor_error(state: GameState) -> float | None:
    """The visitor's mean loss of exact winning chance per decision over his recent turns (his
    best move's chance minus his chosen move's, from the solved table), or ``None`` before he
    has had a choice."""
    from ludique.ai.pente import move_values

    me = state.to_move
    total, decisions = 0.0, 0
    child = state
    node = state.parent
    for _ in range(PENTE_MEMORY):
        if node is None:
            break
        if node.to_move != me and not node.needs_roll and node.outcome is None:
            scored = move_values(node)  # type: ignore[arg-type]
            if len(scored) > 1:
                chosen = child.action
                best = max(v for _, v in scored)
                total += best - next(v for m, v in scored if m.text == chosen)
                decisions += 1
        child, node = node, node.parent
    return total / decisions if decisions else None


def choose_even_pente(state: GameState, rng: random.Random) -> Move:
    """The Pente grammai move for Even match.

    A move that wins at once is played (a game has to end: declining the win would only hand
    the visitor chances the table does not count).  Against a visitor who has played perfectly
    so far, the perfect move.  Otherwise the visitor's exact winning chance (before his roll,
    both sides perfect from there) is brought to one half: the moves nearest one half on
    either side, mixed (``mix``); in a game that has gone on far longer than a perfect one, the
    target rises towards a win (``pente_target``), so that the game ends."""
    from ludique.ai.pente import move_values

    scored = move_values(state)  # type: ignore[arg-type]
    if not scored:
        raise ValueError("no move to choose: a roll is due or the game is over")
    values = [value for _, value in scored]
    best = max(range(len(values)), key=lambda i: values[i])
    if values[best] >= 1.0:
        return scored[best][0]
    error = pente_visitor_error(state)
    if error is not None and error <= PENTE_PERFECT:
        return scored[best][0]
    # The mover's chance after the move is 1 - the visitor's chance before his roll.
    return scored[mix(values, rng, pente_target(state))][0]
