"""The rules engine: six games behind one small API (section 4 of the museum's
``rules.md``, in the project's shared folder, not in this repository).

    from ludique.games import new_game, GAME_IDS
    state = new_game("latrunculi-dux")
    moves = state.legal_moves()
    state = state.play(moves[0])        # or state.play("c3-c6")
    state.outcome                       # None, or Outcome(winner, reason)

This package imports nothing from pygame: the kiosk, the computer player, the tests and the
benchmarks all share it.
"""

from __future__ import annotations

from collections.abc import Callable

from ludique.games.base import (
    BLACK,
    BLUE,
    MOVE_KINDS,
    REASONS,
    REFUSALS,
    SAVE_HEADER,
    WHITE,
    GameState,
    IllegalMove,
    Move,
    Outcome,
    Piece,
    Refusal,
    apply_action,
    dump_game,
)

GAME_IDS: tuple[str, ...] = (
    "pente-grammai",
    "epaminondas",
    "latrunculi-seneca",
    "latrunculi-piso",
    "latrunculi-petteia",
    "latrunculi-dux",
)


def _factories() -> dict[str, Callable[[], GameState]]:
    # Imported here so that a game module may import this package's names without a cycle.
    from ludique.games import epaminondas, latrunculi, pente

    return {
        "pente-grammai": pente.PenteState.initial,
        "epaminondas": epaminondas.EpaminondasState.initial,
        "latrunculi-seneca": latrunculi.SenecaState.initial,
        "latrunculi-piso": latrunculi.PisoState.initial,
        "latrunculi-petteia": latrunculi.PetteiaState.initial,
        "latrunculi-dux": latrunculi.DuxState.initial,
    }


def new_game(game_id: str) -> GameState:
    """The starting position of ``game_id`` (one of ``GAME_IDS``)."""
    if game_id not in GAME_IDS:
        raise IllegalMove(f"unknown game id {game_id!r}: expected one of {', '.join(GAME_IDS)}")
    return _factories()[game_id]()


def load_game(text: str) -> GameState:
    """A game saved by :func:`dump_game`, replayed move by move.

    A corrupt record raises ``IllegalMove`` naming the line of the first bad entry.
    """
    lines = text.splitlines()
    state: GameState | None = None
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if state is None:
            if not line.startswith("game "):
                raise IllegalMove(
                    f"line {number}: expected 'game ID' before any move, found {line!r}"
                )
            try:
                state = new_game(line[5:].strip())
            except IllegalMove as exc:
                raise IllegalMove(f"line {number}: {exc}") from None
            continue
        try:
            state = apply_action(state, line)
        except IllegalMove as exc:
            raise IllegalMove(f"line {number}: {exc}") from None
    if state is None:
        raise IllegalMove("line 1: a saved game starts with 'game ID'; this text names no game")
    return state


__all__ = [
    "BLACK",
    "BLUE",
    "GAME_IDS",
    "MOVE_KINDS",
    "REASONS",
    "REFUSALS",
    "SAVE_HEADER",
    "WHITE",
    "GameState",
    "IllegalMove",
    "Move",
    "Outcome",
    "Piece",
    "Refusal",
    "dump_game",
    "load_game",
    "new_game",
]
