"""A move told in words, for a visitor: "a counter entered on 3B", not "off-3B".

The notation of ``rules.md`` (``off-3B``, ``@d4``, ``c3-c5-e5``, ``xd4``) is the engine's
contract and the saved games' language; a visitor never learnt it.  ``describe`` turns one move,
played from the position before it, into a clause of the visitor's language, built from the
templates ``kiosk.story.move.*`` of the locale catalogues; the story screen puts that clause
into its own sentences.  A point's or square's own name ("3B", "b2") stays: the boards show
them.

The clause has no subject that a verb must agree with ("a counter entered", "the piece on b2
moved"), so "you", "the computer" and "Blue" can all stand before it in French and German
without a second set of templates.  Pure: no pygame.
"""

from __future__ import annotations

from collections.abc import Callable

from ludique.games import spec
from ludique.games.base import ENTER, JUMP, PASS, PLACE, REMOVE, GameState, Move

Translate = Callable[..., str]  # ``app.t``: a key below ``kiosk.`` and its fields


def describe(state: GameState, move: str, t: Translate, *, advice: bool = False) -> str:
    """The move ``move`` (notation), played from ``state``, told in words with ``t``.

    ``state`` is the position before the move, with the die already thrown in a game with a die.
    ``advice``: the move that was not played but would have been best, told as what to do
    ("enter a counter on 3B"), since a clause in the past would say it happened.  Only a solved
    game's exact story names such a move.
    A notation that is no legal move here is given back as it is rather than raising: the
    story must never fail for want of a word.
    """
    found = state.find_move(move)
    if found is None:
        return move
    game = spec(state.game_id)
    told = game.narration  # how the game's moves are told (``GameSpec.narration``)
    if told == "track":
        return _track(found, t, "story.move.advice." if advice else "story.move.")
    if told == "phalanx":
        # forward is away from the mover's own home row
        forward = 1 if game.home_row(state.to_move) == 1 else -1
        return _phalanx(found, t, forward)
    return _plain(found, t)


def _track(move: Move, t: Translate, keys: str) -> str:
    if move.kind == PASS:
        return t("story.move.pass")
    captures = bool(move.captures)
    if move.kind == ENTER:
        return t(keys + ("enter_capture" if captures else "enter"), to=move.to)
    key = keys + ("run_capture" if captures else "run")
    return t(key, **{"from": move.frm, "to": move.to})


def _with_captures(clause: str, captured: tuple[str, ...], t: Translate) -> str:
    if not captured:
        return clause
    if len(captured) == 1:
        return t("story.move.capturing_one", move=clause, square=captured[0])
    return t("story.move.capturing_many", move=clause, count=len(captured))


def _plain(move: Move, t: Translate) -> str:
    if move.kind == PLACE:
        clause = t("story.move.place", to=move.to)
    elif move.kind == REMOVE:
        return t("story.move.remove", square=move.frm)
    else:
        key = "story.move.jump" if move.kind == JUMP else "story.move.step"
        clause = t(key, **{"from": move.frm, "to": move.to})
    return _with_captures(clause, move.captures, t)


def _phalanx(move: Move, t: Translate, forward: int) -> str:
    size = move.size
    distance = move.distance
    way = t(f"story.move.way.{_way(move, forward)}")
    if size == 1:
        clause = t("story.move.single", way=way, **{"from": move.frm, "to": move.to})
    else:
        key = "story.move.phalanx_one" if distance == 1 else "story.move.phalanx"
        clause = t(key, size=size, distance=distance, way=way, to=move.landing[-1])
    return _with_captures(clause, move.captures, t)


def _way(move: Move, forward: int) -> str:
    """Which way a phalanx's move went, seen from its side (``forward``: +1 where its home row
    is rank 1, else -1): a visitor follows "one square forward" where "e5 to e6" asks him to
    read the board's letters."""
    tail, landed = move.frm or "", move.landing[0]
    across = ord(landed[0]) - ord(tail[0])
    ahead = (int(landed[1:]) - int(tail[1:])) * forward
    if ahead == 0:
        return "side"
    way = "forward" if ahead > 0 else "back"
    return f"diagonal_{way}" if across else way
