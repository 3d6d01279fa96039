"""A game solved offline: every position's exact value is read from a table, never searched.

A game's spec says it is solved by naming the module that plays it from its table
(``GameSpec.solved``: ``ludique/ai/<solved>.py``, whose ``SOLVED`` is a :class:`SolvedGame`), as
it names its evaluation; ``register`` adds one from outside the package.  The computer's move
(``ludique.ai.decide``), Even match's referee, the exact story (``ludique.play.analysis``), the
game screen's gauge, the worker's warm-up and the self-test ask it here, by the game's id; a
game whose spec names no table is searched, and nothing here is asked of it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ludique.games import layer_file, spec
from ludique.games.base import GameState, Move

__all__ = ["SolvedGame", "register", "solved"]


@dataclass(frozen=True)
class SolvedGame:
    """What the computer knows of a solved game, each from its table."""

    # reads the table into memory, once (a RuntimeError naming the file where it is missing or
    # damaged): the first of the functions below to need it reads it otherwise
    load: Callable[[], object]
    # the exact chance that the player to move wins, before or after his throw
    win_probability: Callable[[GameState], float]
    # each legal move with the mover's chance once it is played ([] while a throw is due)
    move_values: Callable[[GameState], list[tuple[Move, float]]]
    # a move at a fixed strength ("beginner", "player", "champion")
    choose: Callable[[GameState, str, random.Random], Move]
    folder: str  # its folder under ``assets/``: the table and the figures its solver wrote
    solver: str  # the command that writes them again


# Solved games added from outside the package (``register``), by the name a spec gives.
SOLVED_GAMES: dict[str, SolvedGame] = {}


def register(name: str, game: SolvedGame) -> None:
    """Let a spec whose ``solved`` is ``name`` be played from ``game``'s table."""
    SOLVED_GAMES[name] = game


def solved(game_id: str) -> SolvedGame:
    """What plays ``game_id`` from its table: a registered one, else the ``SOLVED`` of
    ``ludique/ai/<solved>.py``; a ValueError for a game that is not solved."""
    name = spec(game_id).solved
    found: SolvedGame | None = SOLVED_GAMES.get(name) or (
        layer_file(__package__ or "ludique.ai", name, "SOLVED") if name else None
    )
    if found is None:
        raise ValueError(f"{game_id}: not a solved game (its spec names no table to play from)")
    return found
