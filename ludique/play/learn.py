"""Guided games ("Learn"): each game taught by a short game the visitor plays himself.

A guide is a TOML file in ``assets/guides/<game id>.toml`` that a curator can read and edit (see
``docs/guides.md``).  It is a list of steps; in each step the visitor makes one move, which the
screen marks (the piece and its target), and the computer answers with moves written in the file.

    from ludique.play.learn import load_guide
    guide = load_guide(game_id)  # any id of ``GUIDE_IDS``
    for step in guide.steps:
        step.start        # the position the step begins from (a roll may still be due)
        step.move         # the visitor's move, in the engine's notation
        step.end          # after the visitor's move and the scripted replies

Loading replays every step through the rules engine, so a step whose position or move is illegal
is refused with a ``GuideError`` naming the guide and the step; the kiosk never shows a guide
that the engine does not accept.  Every sentence is a locale key: the step called ``enter`` of
the guide ``<game id>`` says ``kiosk.learn.<game id>.enter.say`` and, when the visitor tries
another move, ``kiosk.learn.<game id>.enter.hint``; once the guide is won,
``kiosk.learn.<game id>.won``.

This module imports nothing from pygame: the tests replay the guides without a screen.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ludique.games import GAME_IDS, is_game, new_game, spec
from ludique.games.base import PASS, GameState, IllegalMove, apply_action
from ludique.paths import asset_path

GUIDE_IDS: tuple[str, ...] = GAME_IDS  # one guide per game (each variant has its own)

# How long the screen takes for what the visitor does not do himself, in seconds: used only to
# estimate a guide's length (the learn scene's own pauses are these same figures).
REPLY_PAUSE = 0.6  # before each scripted move of the computer (as in a real game)
MOVE_SECONDS = 0.6  # a computer's move glides
CAPTURE_EXTRA = 0.45  # ... a little longer when something is captured
ROLL_SECONDS = 1.0  # the computer's die: a short wait, then half a second of tumbling
PASS_SECONDS = 2.0  # "no legal move" is shown before the turn passes
STEP_PAUSE = 0.9  # after the replies, before a step that sets up a new position
VISITOR_MOVE_SECONDS = 0.35  # the visitor's own move lands

STEP_FIELDS = {"key", "move", "roll", "reply", "position", "refused", "captures"}
GUIDE_FIELDS = {"game", "visitor", "step"}


class GuideError(ValueError):
    """A guide that cannot be played: the message names the guide, the step and why."""


@dataclass(frozen=True)
class Step:
    """One move of the visitor, with where it starts and what the computer answers."""

    number: int  # 1-based, as a curator counts
    key: str  # the locale key's stem: kiosk.learn.<guide>.<key>.say / .hint
    move: str  # the visitor's move in notation ("pass" when the die leaves none)
    roll: int | None  # a game with a die: the value the visitor's throw lands on
    replies: tuple[str, ...]  # the computer's actions after the move ("roll 3", "off-3B", ...)
    refused: str | None  # a move the step shows as not allowed (the engine must refuse it)
    refused_at: tuple[str, ...]  # where the screen crosses that move out
    new_position: bool  # the step sets up a position of its own (not the previous step's end)
    start: GameState  # before the visitor's throw (if any) and move
    ready: GameState  # what the visitor moves from (after the throw)
    after: GameState  # after the visitor's move
    end: GameState  # after the replies

    @property
    def words(self) -> dict[str, str]:
        """The fields a step's sentences are filled with, from the visitor's move as the engine
        plays it, so that a sentence can never name another square than the step moves:
        ``{from}`` and ``{to}`` (where the piece starts and ends), ``{captured}`` and
        ``{captured2}`` (what it captures, in the engine's order)."""
        move = None if self.move == PASS else self.ready.find_move(self.move)
        if move is None:
            return {}
        words = {}
        if move.frm is not None and move.frm != "off":
            words["from"] = move.frm
        if move.to is not None:
            words["to"] = move.to
        for i, square in enumerate(move.captures[:2]):
            words["captured" + ("2" if i else "")] = square
        return words


@dataclass(frozen=True)
class Guide:
    guide_id: str
    game_id: str
    visitor: str  # the colour the visitor plays
    steps: tuple[Step, ...]

    def say_key(self, step: Step) -> str:
        return f"learn.{self.guide_id}.{step.key}.say"

    def hint_key(self, step: Step) -> str:
        return f"learn.{self.guide_id}.{step.key}.hint"

    def won_key(self) -> str:
        """The sentence shown once the last step has won the game."""
        return f"learn.{self.guide_id}.won"

    def seconds(self, step_seconds: float = 4.0) -> float:
        """How long the guide takes for a visitor who spends ``step_seconds`` on each step
        (reading, throwing, moving), with the computer's answers shown as the screen shows them."""
        total = 0.0
        for step in self.steps:
            total += step_seconds + VISITOR_MOVE_SECONDS
            total += reply_seconds(step)
            if step.new_position and step.number > 1:
                total += STEP_PAUSE
        return total


def reply_seconds(step: Step) -> float:
    """The time the screen takes to show ``step``'s scripted answers."""
    total = 0.0
    state = step.after
    for action in step.replies:
        after = apply_action(state, action)
        move = after.last_move
        if move is None:  # a throw
            total += ROLL_SECONDS
        elif move.kind == PASS:
            total += PASS_SECONDS
        else:
            taken = Counter(state.pieces()) - Counter(after.pieces())
            total += REPLY_PAUSE + MOVE_SECONDS + (CAPTURE_EXTRA if taken else 0)
        state = after
    return total


def guides_dir() -> Path:
    return asset_path("guides")


def has_guide(game_id: str) -> bool:
    """Whether ``game_id`` has a guided game (``assets/guides/<id>.toml``): each of the kiosk's
    games has one (``GUIDE_IDS``); a game registered later may have none, and then no "Learn"."""
    return game_id in GUIDE_IDS and (guides_dir() / f"{game_id}.toml").is_file()


@cache
def load_guide(guide_id: str) -> Guide:
    """The guide of ``guide_id`` (a game id), read and replayed through the engine."""
    if guide_id not in GUIDE_IDS:
        raise GuideError(f"unknown guide {guide_id!r}: expected one of {', '.join(GUIDE_IDS)}")
    path = guides_dir() / f"{guide_id}.toml"
    try:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
    except OSError as exc:
        raise GuideError(f"guide {guide_id}: {path} cannot be read ({exc})") from None
    except tomllib.TOMLDecodeError as exc:
        raise GuideError(f"guide {guide_id}: {path}: {exc}") from None
    return parse_guide(guide_id, data)


def parse_guide(guide_id: str, data: Mapping[str, object]) -> Guide:
    """Check and replay a guide's TOML table; raises ``GuideError`` at the first problem."""
    unknown = set(data) - GUIDE_FIELDS
    if unknown:
        raise GuideError(f"guide {guide_id}: unknown field(s) {', '.join(sorted(unknown))}")
    game_id = data.get("game")
    if not is_game(game_id):
        raise GuideError(f"guide {guide_id}: 'game' must be one of {', '.join(GAME_IDS)}")
    first = new_game(game_id)
    visitor = data.get("visitor", first.colours[0])
    if visitor not in first.colours:
        raise GuideError(
            f"guide {guide_id}: 'visitor' must be one of {', '.join(first.colours)}, "
            f"not {visitor!r}"
        )
    raw_steps = data.get("step")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise GuideError(f"guide {guide_id}: no [[step]] at all")
    steps: list[Step] = []
    keys: set[str] = set()
    previous: GameState | None = None
    for number, raw in enumerate(raw_steps, start=1):
        step = _parse_step(guide_id, game_id, visitor, number, raw, previous)
        if step.key in keys:
            raise GuideError(_where(guide_id, number, step.key) + "the key is used twice")
        keys.add(step.key)
        last = number == len(raw_steps)
        outcome = step.end.outcome
        where = _where(guide_id, number, step.key)
        if last and (outcome is None or outcome.winner != visitor):
            raise GuideError(where + "the last step must end with the visitor's win")
        if not last and outcome is not None:
            raise GuideError(where + f"the game ends here ({outcome.reason}) before the last step")
        if not last and step.end.to_move != visitor:
            raise GuideError(
                where + f"after the replies it is {step.end.to_move}'s turn: add the rest of "
                "the computer's answer to 'reply'"
            )
        steps.append(step)
        previous = step.end
    return Guide(guide_id, game_id, visitor, tuple(steps))


def _where(guide_id: str, number: int, key: object) -> str:
    return f"guide {guide_id}, step {number} ({key}): "


def _parse_step(
    guide_id: str,
    game_id: str,
    visitor: str,
    number: int,
    raw: object,
    previous: GameState | None,
) -> Step:
    if not isinstance(raw, Mapping):
        raise GuideError(_where(guide_id, number, "?") + "a step is a table")
    key = raw.get("key")
    where = _where(guide_id, number, key)
    if not isinstance(key, str) or not key.replace("-", "").replace("_", "").isalnum():
        raise GuideError(where + "'key' must be a word (letters, digits, - or _)")
    unknown = set(raw) - STEP_FIELDS
    if unknown:
        raise GuideError(where + f"unknown field(s) {', '.join(sorted(unknown))}")
    move = raw.get("move")
    if not isinstance(move, str) or not move.strip():
        raise GuideError(where + "'move' (the visitor's move in notation) is missing")
    move = move.strip()
    position = raw.get("position")
    start = _step_start(game_id, visitor, position, previous, where)
    roll = raw.get("roll")
    ready = _thrown(start, roll, where)
    after = _played(ready, move, where)
    refused = _refused(ready, raw.get("refused"), where)
    captures = raw.get("captures")
    if captures is not None:
        lost = _taken(ready, after)
        if sorted(captures) != lost:
            raise GuideError(
                where + f"'captures' says {sorted(captures)} but the move takes {lost or 'nothing'}"
            )
    replies = raw.get("reply", [])
    if isinstance(replies, str):
        replies = [replies]
    return Step(
        number=number,
        key=key,
        move=move,
        roll=roll,
        replies=tuple(str(a).strip() for a in replies),
        refused=refused,
        refused_at=_refused_squares(ready, refused) if refused else (),
        new_position=position is not None,
        start=start,
        ready=ready,
        after=after,
        end=_replied(after, replies, visitor, where),
    )


def _step_start(
    game_id: str, visitor: str, position: object, previous: GameState | None, where: str
) -> GameState:
    """Where a step starts: its own position, else where the step before ended (the game's
    start for the first); the visitor's turn in a game not over."""
    try:
        if position is None:
            start = previous if previous is not None else new_game(game_id)
        else:
            start = _position(game_id, position)
    except IllegalMove as exc:
        raise GuideError(where + f"the position is not possible: {exc}") from None
    if start.outcome is not None:
        raise GuideError(where + "the game is already over in this position")
    if start.to_move != visitor:
        raise GuideError(where + f"it is {start.to_move}'s turn here, not the visitor's")
    return start


def _thrown(start: GameState, roll: object, where: str) -> GameState:
    """``start`` with the step's throw made: given where a throw is due, and only there."""
    if not start.needs_roll:
        if roll is not None:
            raise GuideError(where + "'roll' is given but no throw is due here")
        return start
    if type(roll) is not int:
        raise GuideError(where + "the die must be thrown here: give 'roll' (1 to 6)")
    try:
        return start.roll(roll)
    except IllegalMove as exc:
        raise GuideError(where + str(exc)) from None


def _played(ready: GameState, move: str, where: str) -> GameState:
    """The position after the visitor's ``move``, which must be legal in ``ready``."""
    legal = [str(m) for m in ready.legal_moves()]
    if move not in legal:
        try:
            ready.play(move)
        except IllegalMove as exc:
            reason = str(exc)
        else:  # pragma: no cover - play accepts only the legal moves
            reason = "refused"
        raise GuideError(
            where + f"the move is not legal here ({reason}); legal: {', '.join(legal)}"
        )
    return ready.play(move)


def _refused(ready: GameState, refused: object, where: str) -> str | None:
    """The step's move shown refused: one that is not legal in ``ready`` and starts from a
    piece (None: the step shows none)."""
    if refused is None:
        return None
    legal = [str(m) for m in ready.legal_moves()]
    if not isinstance(refused, str) or refused.strip() in legal:
        raise GuideError(where + f"'refused' {refused!r} is a legal move here: it must not be")
    refused = refused.strip()
    if not _names_pieces(ready, refused):
        raise GuideError(where + f"'refused' {refused!r} does not start from a piece")
    return refused


def _replied(after: GameState, replies: list[object], visitor: str, where: str) -> GameState:
    """The position after the computer's scripted replies, each legal and the computer's."""
    state = after
    for i, action in enumerate(replies, start=1):
        if state.outcome is not None:
            raise GuideError(where + f"reply {i} {action!r}: the game is already over")
        if state.to_move == visitor:
            raise GuideError(
                where + f"reply {i} {action!r}: it is the visitor's turn, not the computer's"
            )
        try:
            state = apply_action(state, str(action))
        except IllegalMove as exc:
            raise GuideError(where + f"reply {i} is not legal here: {exc}") from None
    return state


def _position(game_id: str, position: object) -> GameState:
    """A step's own position: ``"start"`` (the game's first position) or a table of the
    engine's ``from_position`` arguments (squares in notation)."""
    if position == "start":
        return new_game(game_id)
    if not isinstance(position, Mapping):
        raise IllegalMove("'position' is \"start\" or a table of squares")
    cls = type(new_game(game_id))
    kwargs = dict(position)
    if "inciti" in kwargs:
        kwargs["inciti"] = {sq: tuple(pair) for sq, pair in kwargs["inciti"].items()}
    try:
        return cls.from_position(**kwargs)
    except TypeError as exc:
        raise IllegalMove(f"unknown field in 'position' ({exc})") from None


def _refused_squares(state: GameState, notation: str) -> tuple[str, ...]:
    """The square a refused move would reach: its last square, or for a phalanx
    (written TAIL-TO) the square its head would land on (the enemy it may not take)."""
    parts = notation.lstrip("x@").split("-")
    frm, to = parts[0], parts[-1]
    if not spec(state.game_id).phalanx or len(parts) < 2:
        return (to,)
    f0, r0, f1, r1 = ord(frm[0]), int(frm[1:]), ord(to[0]), int(to[1:])
    dx, dy = (f1 > f0) - (f1 < f0), (r1 > r0) - (r1 < r0)
    distance = max(abs(f1 - f0), abs(r1 - r0))
    own = {p.square for p in state.pieces() if p.colour == state.to_move}
    head = (f0, r0)
    while f"{chr(head[0] + dx)}{head[1] + dy}" in own:
        head = (head[0] + dx, head[1] + dy)
    return (f"{chr(head[0] + dx * distance)}{head[1] + dy * distance}",)


def _names_pieces(state: GameState, notation: str) -> bool:
    origin = notation.split("-")[0]
    return any(p.square == origin for p in state.pieces())


def _taken(before: GameState, after: GameState) -> list[str]:
    """The squares whose piece the move took (removed, knocked off or made a prisoner)."""
    mover = before.to_move
    was = {(p.square, p.colour, p.kind) for p in before.pieces() if p.colour != mover}
    now = Counter((p.square, p.colour, p.kind) for p in after.pieces() if p.colour != mover)
    lost = []
    for square, colour, kind in was:
        if square in ("off", "reserve"):
            continue
        if not now[(square, colour, kind)]:
            lost.append(square)
    return sorted(lost)
