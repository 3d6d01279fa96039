"""The rules engine: six games behind one small API (section 4 of the museum's
``rules.md``, in the project's shared folder, not in this repository).

    from ludique.games import new_game, spec, GAME_IDS
    state = new_game("latrunculi-dux")
    moves = state.legal_moves()
    state = state.play(moves[0])        # or state.play("c3-c6")
    state.outcome                       # None, or Outcome(winner, reason)
    spec("latrunculi-dux").placing      # what the game is (ludique/games/gamespec.py)

Each game is a package (``KIOSK_GAMES``): its rules (``rules.py``), what its next move can
decide (``threats.py``), its rules explained once (``notices.py``) and its specs (``spec.py``,
``SPECS``), read here in the kiosk's order.  This package imports nothing
from pygame: the kiosk, the computer player, the tests and the benchmarks all share it.
"""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec
from typing import Any, Literal, TypeGuard

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
from ludique.games.gamespec import GameSpec

# The kiosk's games, in the museum's order: the Home screen's tiles, the curator's choice of
# games, the statistics' rows and the attract screen's pictures follow it.  Each is a package of
# this one whose ``spec`` module holds ``SPECS``, the games it is (the four Latrunculi variants
# are one family, chosen on its set-up screen); the first of a family is the one it offers first.
KIOSK_GAMES: tuple[str, ...] = ("pente", "latrunculi", "epaminondas")

_SPECS: dict[str, GameSpec] = {}


def _registry() -> dict[str, GameSpec]:
    """Every game's spec by id: the kiosk's games, then any registered later."""
    if not _SPECS:
        # Imported here so that a game module may import this package's names without a cycle.
        for package in KIOSK_GAMES:
            for one in import_module(f"{__name__}.{package}.spec").SPECS:
                _SPECS[one.id] = one
    return _SPECS


def layer_file(package: str, name: str, attribute: str) -> Any:
    """What a layer keeps for one game in a file of its own: ``attribute`` of the module
    ``<package>.<name>`` (``ludique.ai`` and ``epaminondas``: its evaluation), or None where the
    layer has no file of that name (a game it need not know, a name that is no module's)."""
    if not name.isidentifier() or find_spec(f"{package}.{name}") is None:
        return None
    return getattr(import_module(f"{package}.{name}"), attribute, None)


def spec(game_id: str) -> GameSpec:
    """What ``game_id`` is (``ludique.games.gamespec``); ``IllegalMove`` for an unknown id."""
    found = _registry().get(game_id)
    if found is None:
        known = ", ".join(_registry())
        raise IllegalMove(f"unknown game id {game_id!r}: expected one of {known}")
    return found


def specs() -> tuple[GameSpec, ...]:
    """Every game's spec, the kiosk's in their order, then any registered later."""
    return tuple(_registry().values())


def game_ids() -> tuple[str, ...]:
    """Every game's id: the kiosk's (``GAME_IDS``), then any game registered later (a test's)."""
    return tuple(_registry())


def families() -> tuple[str, ...]:
    """Every family, in the order of its first game: a Home tile, a row of the statistics."""
    return tuple(dict.fromkeys(one.family for one in _registry().values()))


def family_games(family: str) -> tuple[GameSpec, ...]:
    """The games of ``family`` (its variants), the one its set-up offers first first."""
    return tuple(one for one in _registry().values() if one.family == family)


def is_game(game_id: object) -> TypeGuard[str]:
    return isinstance(game_id, str) and game_id in _registry()


def register(game: GameSpec) -> None:
    """Add a game: a game outside this package (a test's) is one folder, its rules and its
    spec; ``unregister`` takes it back (the tests register one of their own for a while)."""
    _registry()[game.id] = game


def unregister(game_id: str) -> None:
    if game_id in GAME_IDS:
        raise ValueError(f"{game_id} is one of the kiosk's games")
    _registry().pop(game_id, None)


# The kiosk's own games and families, for what must know them before any game is registered
# (the command line's choices, the tests' parameters); the kiosk itself asks ``game_ids()`` and
# ``families()``, which also hold a game registered later.
GAME_IDS: tuple[str, ...] = game_ids()
FAMILIES: tuple[str, ...] = families()


KIOSK_VISIT: Literal["kiosk"] = "kiosk"


def new_game(game_id: str, visit: int | None | Literal["kiosk"] = KIOSK_VISIT) -> GameState:
    """The starting position of ``game_id`` (one of ``game_ids()``), under the kiosk's rules.

    ``visit`` is the visit rule (``GameState.visit``): by default the game's own length
    (``GameSpec.visit_moves``), or a number of moves each (the curator's setting), or ``None``
    for the full game, without it.  ``IllegalMove`` for a length under one move.
    """
    game = spec(game_id)
    if visit == KIOSK_VISIT:
        visit = game.visit_moves or None
    if visit is not None and (type(visit) is not int or visit < 1):
        raise IllegalMove(f"visit {visit!r}: expected a number of moves each, 1 or more")
    state = game.initial()
    state.visit = visit  # the fresh start is nobody else's yet: the rule is set before play
    return state


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
                # a record from before the visit rule, which names none, is a full game
                state = new_game(line[5:].strip(), visit=None)
            except IllegalMove as exc:
                raise IllegalMove(f"line {number}: {exc}") from None
            continue
        if line.startswith("visit ") and state.parent is None:
            state.visit = _visit_line(line, number)  # the start, not played from yet
            continue
        try:
            state = apply_action(state, line)
        except IllegalMove as exc:
            raise IllegalMove(f"line {number}: {exc}") from None
    if state is None:
        raise IllegalMove("line 1: a saved game starts with 'game ID'; this text names no game")
    return state


def _visit_line(line: str, number: int) -> int | None:
    """A saved game's ``visit N`` (moves each) or ``visit full`` line."""
    value = line[6:].strip()
    if value == "full":
        return None
    if value.isascii() and value.isdigit() and len(value) <= 4 and int(value) >= 1:
        return int(value)
    raise IllegalMove(
        f"line {number}: {line[:40]!r}: expected 'visit N' (moves each, 1 or more) or 'visit full'"
    )


__all__ = [
    "layer_file",
    "KIOSK_VISIT",
    "BLACK",
    "BLUE",
    "FAMILIES",
    "GAME_IDS",
    "GameSpec",
    "MOVE_KINDS",
    "REASONS",
    "REFUSALS",
    "SAVE_HEADER",
    "WHITE",
    "GameState",
    "IllegalMove",
    "KIOSK_GAMES",
    "Move",
    "Outcome",
    "Piece",
    "Refusal",
    "dump_game",
    "families",
    "family_games",
    "game_ids",
    "is_game",
    "load_game",
    "new_game",
    "register",
    "spec",
    "specs",
    "unregister",
]
