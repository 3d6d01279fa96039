"""Test doubles without pygame: a clock the test turns, a computer that never answers, and
positions found by seeded random play (no tests here)."""

from __future__ import annotations

import random

from ludique.games import new_game


class Clock:
    """A match's clock (``ludique.play.match.Clock``) that moves only when the test sets ``t``."""

    def __init__(self, t: float = 0.0) -> None:
        self.t = t

    def now(self) -> float:
        return self.t

    def seconds(self, s: float) -> float:
        return s


class Silent:
    """A computer opponent that is asked and never answers."""

    def request(self, state, strength, time_budget=1.5) -> None:
        pass

    def poll(self):
        return None

    def cancel(self) -> None:
        pass


def seneca_position(predicate, seed: int = 1):
    """A Seneca position from random play (seeded) for which ``predicate`` holds."""
    rng = random.Random(seed)
    for _ in range(60):
        state = new_game("latrunculi-seneca")
        for _ in range(600):
            if state.outcome is not None:
                break
            if predicate(state):
                return state
            state = state.play(rng.choice(state.legal_moves()))
    raise AssertionError("no such position found")


def random_positions(game_id: str, seed: int, count: int, share: float, moving: bool = False):
    """``count`` positions with a move to make, each kept with chance ``share`` along random
    games (a new game when one ends); ``moving``: only positions where a piece can move (not a
    lone pass)."""
    rng = random.Random(seed)
    out = []
    state = new_game(game_id)
    while len(out) < count:
        if state.outcome is not None:
            state = new_game(game_id)
        if state.needs_roll:
            state = state.roll(rng.randint(1, 6))
            continue
        if rng.random() < share and not (moving and state.legal_moves()[0].kind == "pass"):
            out.append(state)
        state = state.play(rng.choice(state.legal_moves()))
    return out
