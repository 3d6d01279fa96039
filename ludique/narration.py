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

from ludique.games.base import GameState

Translate = Callable[..., str]  # ``app.t``: a key below ``kiosk.`` and its fields

SAFE_POINTS = ("3A", "3B")  # the two halves of the sacred line: nobody is captured there


def describe(state: GameState, move: str, t: Translate, *, advice: bool = False) -> str:
    """The move ``move`` (notation), played from ``state``, told in words with ``t``.

    ``state`` is the position before the move, with the die already thrown in Pente grammai.
    ``advice``: the move that was not played but would have been best, told as what to do
    ("enter a counter on 3B"), since a clause in the past would say it happened.  Only Pente
    grammai's exact story names such a move.
    An unknown notation is told as plainly as it can be rather than raising: the story must
    never fail for want of a word.
    """
    game = state.game_id
    if game == "pente-grammai":
        return _pente(state, move, t, "story.move.advice." if advice else "story.move.")
    if game == "epaminondas":
        return _epaminondas(state, move, t)
    return _latrunculi(state, move, t)


def _find(state: GameState, move: str):
    for candidate in state.legal_moves():
        if candidate.text == move:
            return candidate
    return None


def _pente(state: GameState, move: str, t: Translate, keys: str) -> str:
    if move == "pass":
        return t("story.move.pass")
    frm, _, to = move.partition("-")
    opponent = state.opponent
    captures = to not in SAFE_POINTS and state.count_at(to, opponent) > 0  # type: ignore[attr-defined]
    if frm == "off":
        return t(keys + ("enter_capture" if captures else "enter"), to=to)
    key = keys + ("run_capture" if captures else "run")
    return t(key, **{"from": frm, "to": to})


def _with_captures(clause: str, captured: tuple[str, ...], t: Translate) -> str:
    if not captured:
        return clause
    if len(captured) == 1:
        return t("story.move.capturing_one", move=clause, square=captured[0])
    return t("story.move.capturing_many", move=clause, count=len(captured))


def _latrunculi(state: GameState, move: str, t: Translate) -> str:
    found = _find(state, move)
    captured: tuple[str, ...] = tuple(getattr(found, "captures", ()) or ())
    if move.startswith("@"):
        clause = t("story.move.place", to=move[1:])
    elif move.startswith("x"):
        return t("story.move.remove", square=move[1:])
    else:
        squares = move.split("-")
        key = "story.move.jump" if _is_jump(state.game_id, squares) else "story.move.step"
        clause = t(key, **{"from": squares[0], "to": squares[-1]})
    return _with_captures(clause, captured, t)


def _is_jump(game: str, squares: list[str]) -> bool:
    """A chain of jumps: Seneca and Piso step one square or jump two (Petteia and Dux slide)."""
    if game not in ("latrunculi-seneca", "latrunculi-piso"):
        return False
    if len(squares) > 2:
        return True
    (f1, r1), (f2, r2) = ((s[0], int(s[1:])) for s in squares)
    return abs(ord(f1) - ord(f2)) + abs(r1 - r2) == 2


def _epaminondas(state: GameState, move: str, t: Translate) -> str:
    found = _find(state, move)
    frm, _, to = move.partition("-")
    if found is None:
        return t("story.move.single", **{"from": frm, "to": to})
    size = found.size  # type: ignore[attr-defined]
    distance = found.distance  # type: ignore[attr-defined]
    front = found.landing[-1]  # type: ignore[attr-defined]
    if size == 1:
        clause = t("story.move.single", **{"from": frm, "to": to})
    else:
        key = "story.move.phalanx_one" if distance == 1 else "story.move.phalanx"
        clause = t(key, size=size, distance=distance, to=front)
    return _with_captures(clause, tuple(found.captured), t)  # type: ignore[attr-defined]
