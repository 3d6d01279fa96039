"""The rules a guided game does not teach, each explained the first time it applies (no pygame).

Every :class:`Rule` watches the actions of a game (the position before, the action, the position
after) and says when it has just applied; the guidance shows its sentence
(``kiosk.play.rule.<id>``) once per game, in the strip beside the board.  ``TAUGHT_BY_GUIDE``
lists, per game, the rules its guided game already teaches: those are not repeated
(``docs/guides.md`` has the whole table; ``tests/test_notices.py`` drives each rule).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ludique.games.base import BATTLE, PASS, PLACE, PLACEMENT, REMOVE, GameState, Move

SACRED = ("3A", "3B")
TRACK = ("1A", "2A", "3A", "4A", "5A", "1B", "2B", "3B", "4B", "5B")
FIFTY_WARNING = 40  # battle turns without capture or removal: ten left before the fifty-turn end


@dataclass(frozen=True)
class Rule:
    id: str  # kiosk.play.rule.<id>
    games: tuple[str, ...]  # game ids (a prefix such as "latrunculi-" names every variant)
    applies: Callable[[GameState, str, GameState], dict | None]  # fields of the sentence, or None

    def for_game(self, game_id: str) -> bool:
        return any(game_id == g or (g.endswith("-") and game_id.startswith(g)) for g in self.games)


def _move(before: GameState, action: str) -> Move | None:
    return before.find_move(action)


# --- Pente grammai ----------------------------------------------------------------------------


def pente_forced_off(before, action, after) -> dict | None:
    """A counter left the sacred line (or its goal) because no other move was legal."""
    moves = [m for m in before.legal_moves() if m.kind != PASS]
    move = _move(before, action)
    if move is None or move.frm not in SACRED:
        return None
    if all(m.frm in SACRED for m in moves):
        return {"point": move.frm}
    return None


def pente_enter_first(before, action, after) -> dict | None:
    """A waiting counter had to come in although a counter on the board could have moved."""
    move = _move(before, action)
    mover = before.to_move
    if move is None or move.frm != "off":
        return None
    on_board = [p for p in before.pieces() if p.colour == mover and p.square != "off"]
    if on_board and all(m.frm == "off" for m in before.legal_moves()):
        return {"point": move.to}
    return None


def pente_wrap(before, action, after) -> dict | None:
    """A counter went round from the B row back onto the A row (5B is followed by 1A)."""
    move = _move(before, action)
    if move is None or move.frm in (None, "off") or move.to is None:
        return None
    if TRACK.index(move.to) < TRACK.index(move.frm):
        return {"from": move.frm, "to": move.to}
    return None


# --- Ludus latrunculorum --------------------------------------------------------------------------


def latrunculi_double(before, action, after) -> dict | None:
    move = _move(before, action)
    taken = move.captures if move is not None else ()
    return {"count": len(taken)} if len(taken) >= 2 else None


def _neighbours_on_a_line(square: str) -> list[tuple[str, str]]:
    f, r = ord(square[0]) - ord("a"), int(square[1:])
    pairs = []
    for (a, b), (c, d) in (((f - 1, r), (f + 1, r)), ((f, r - 1), (f, r + 1))):
        if 0 <= a <= 7 and 0 <= c <= 7 and 1 <= b <= 8 and 1 <= d <= 8:
            pairs.append((f"{chr(97 + a)}{b}", f"{chr(97 + c)}{d}"))
    return pairs


def latrunculi_safe(before, action, after) -> dict | None:
    """A piece stepped between two enemy pieces and stayed: only the piece that moves captures."""
    move = _move(before, action)
    if move is None or move.to is None or after.phase != BATTLE:
        return None
    mover = before.to_move
    for a, b in _neighbours_on_a_line(move.to):
        pa, pb = after.at(a), after.at(b)
        if (
            pa is not None
            and pb is not None
            and pa.colour == pb.colour != mover
            and "incitus" not in (pa.kind, pb.kind)
        ):
            piece = after.at(move.to)
            if piece is not None and piece.kind != "incitus":
                return {"square": move.to}
    return None


def latrunculi_no_capture_placing(before, action, after) -> dict | None:
    """While pieces are placed, nothing is captured, even a piece placed between two enemies."""
    move = _move(before, action)
    if move is None or move.kind != PLACE or before.phase != PLACEMENT:
        return None
    square = move.to
    if square is None:
        return None
    mover = before.to_move
    for a, b in _neighbours_on_a_line(square):
        pa, pb = after.at(a), after.at(b)
        if pa is not None and pb is not None and pa.colour == pb.colour != mover:
            return {"square": square}
    return None


def latrunculi_one_removal(before, action, after) -> dict | None:
    """A player with several prisoners removes only one of them at the end of a turn."""
    move = _move(before, action)
    if move is None or move.kind != REMOVE:
        return None
    mover = before.to_move
    prisoners = [p for p in before.pieces() if p.colour == mover and p.kind == "incitus"]
    return {"count": len(prisoners)} if len(prisoners) >= 2 else None


def latrunculi_last_pieces(before, action, after) -> dict | None:
    """A side is down to two pieces: one more capture and it loses (one piece or none loses)."""
    if after.phase != BATTLE:
        return None
    for colour in after.colours:
        if before.count(colour) > 2 and after.count(colour) == 2:
            return {"colour": colour}
    return None


def latrunculi_fifty(before, action, after) -> dict | None:
    quiet = after.quiet_turns
    if before.quiet_turns < FIFTY_WARNING <= quiet:
        return {"left": 50 - quiet}
    return None


# --- Epaminondas, and the repetition draw ---------------------------------------------


def epaminondas_optional_capture(before, action, after) -> dict | None:
    """A capture was there to make, and the player chose another move: capturing is free."""
    move = _move(before, action)
    if move is None or move.captures:
        return None
    if any(m.captures for m in before.legal_moves()):
        return {}
    return None


def epaminondas_backwards(before, action, after) -> dict | None:
    move = _move(before, action)
    if move is None or move.frm is None or move.to is None:
        return None
    forward = 1 if before.to_move == before.colours[0] else -1
    if (int(move.to[1:]) - int(move.frm[1:])) * forward < 0:
        return {}
    return None


def epaminondas_equal_across(before, action, after) -> dict | None:
    """Both sides have as many pieces across: nobody wins yet."""
    if after.outcome is not None:
        return None
    a, b = (after.crossing_count(c) for c in after.colours)
    if a == b > 0 and (
        before.crossing_count(before.colours[0]),
        before.crossing_count(before.colours[1]),
    ) != (a, b):
        return {"count": a}
    return None


def repetition_coming(before, action, after) -> dict | None:
    """This position (the same player to move) now stands for the second time: a third draws."""
    if after.outcome is not None or after.last_move is None:  # a roll, or a set-up position
        return None
    key = after.position
    seen = sum(1 for s in (after, *after.ancestors()) if s.position == key)
    return {} if seen == 2 else None


RULES: tuple[Rule, ...] = (
    # the end of a game comes first: of two rules that apply at once, it is the one said
    Rule("repetition", ("latrunculi-", "epaminondas"), repetition_coming),
    Rule("pente.forced-off", ("pente-grammai",), pente_forced_off),
    Rule("pente.enter-first", ("pente-grammai",), pente_enter_first),
    Rule("pente.wrap", ("pente-grammai",), pente_wrap),
    Rule(
        "latrunculi.no-capture-placing",
        ("latrunculi-seneca", "latrunculi-piso"),
        latrunculi_no_capture_placing,
    ),
    Rule("latrunculi.double", ("latrunculi-",), latrunculi_double),
    Rule("latrunculi.safe", ("latrunculi-",), latrunculi_safe),
    Rule("latrunculi.one-removal", ("latrunculi-seneca",), latrunculi_one_removal),
    Rule(
        "latrunculi.last-pieces",
        ("latrunculi-petteia",),
        latrunculi_last_pieces,
    ),
    Rule("latrunculi.fifty", ("latrunculi-",), latrunculi_fifty),
    Rule("epaminondas.optional-capture", ("epaminondas",), epaminondas_optional_capture),
    Rule("epaminondas.backwards", ("epaminondas",), epaminondas_backwards),
    Rule("epaminondas.equal-across", ("epaminondas",), epaminondas_equal_across),
)

# what each guided game teaches of these already (its step keys in assets/guides/*.toml)
TAUGHT_BY_GUIDE: dict[str, dict[str, str]] = {
    "latrunculi-petteia": {"latrunculi.safe": "safe", "latrunculi.double": "double"},
}


def rules_for(game_id: str) -> tuple[Rule, ...]:
    """The rules a game explains by a notice: its own, less those its guide teaches."""
    taught = TAUGHT_BY_GUIDE.get(game_id, {})
    return tuple(r for r in RULES if r.for_game(game_id) and r.id not in taught)


def applying(
    game_id: str, before: GameState, action: str, after: GameState, shown=()
) -> tuple[str, dict] | None:
    """The first rule not yet ``shown`` that ``action`` (from ``before`` to ``after``) applied."""
    for rule in rules_for(game_id):
        if rule.id in shown:
            continue
        fields = rule.applies(before, action, after)
        if fields is not None:
            return rule.id, fields
    return None
