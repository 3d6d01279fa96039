"""Outside the engine (``ludique/games/``), nothing probes a state or a move for an attribute,
reads a move's notation text to learn what it does, or branches on a game's id more than it
did: the engine's state protocol (``GameState.phase``, ``Move.kind``, ``Move.captures``...)
answers instead.

The code is read, not run: each count is over the syntax tree of every module of ``ludique/``
outside ``ludique/games/``, so a new probe fails here the day it is written.
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "ludique"

# What a state or a move answers in the engine: a getattr/hasattr on one of these names is a
# probe of a state or a move (no other object of ludique/ has attributes of these names).
PROTOCOL_NAMES = {
    "act",
    "at",
    "blockers",
    "captured",
    "captures",
    "count",
    "count_at",
    "crossing_count",
    "die",
    "freed",
    "in_reserve",
    "kind",
    "landing",
    "last_move",
    "off_board",
    "pending_removal",
    "phalanx",
    "phase",
    "position",
    "quiet",
    "quiet_turns",
    "reserve",
}
# Notation prefixes: a test of them reads what a move does from its text.
NOTATION_PREFIXES = ("x", "@", "roll", "off")

# What remains, file by file, and why.  A count here may only go down.
ALLOWED_PROBES: dict[str, int] = {}
ALLOWED_NOTATION = {
    # an abstract socket address ("@name"), not a move
    "ludique/kiosk/watchdog.py": 1,
}
# Branches on a game's id (``game_id == "..."``, ``.startswith("latrunculi")``, ``in (...)``):
# what a game is belongs in its spec (``ludique.games.spec(game_id)``, ``GameSpec``), which
# every layer above the engine asks instead.  No exception is kept.
GAME_ID_BRANCHES_AT_MOST = 0  # 60 before the state protocol, 55 before the game specs


def _modules() -> list[Path]:
    games = PACKAGE / "games"
    return sorted(p for p in PACKAGE.rglob("*.py") if games not in p.parents)


def _name(path: Path) -> str:
    return path.relative_to(PACKAGE.parent).as_posix()


def _is_str(node: ast.AST, values: tuple[str, ...] | None = None) -> bool:
    if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
        return False
    return values is None or node.value in values


def probes(tree: ast.AST) -> list[int]:
    """Lines of ``getattr(x, "name", ...)`` / ``hasattr(x, "name")`` on a protocol name."""
    out = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "hasattr")
            and len(node.args) >= 2
            and _is_str(node.args[1])
            and node.args[1].value in PROTOCOL_NAMES  # type: ignore[attr-defined]
        ):
            out.append(node.lineno)
    return out


def _mentions_text(node: ast.AST) -> bool:
    """``str(m)``, ``str(moves[0])`` or ``m.text``: a move's notation (``str`` of an attribute,
    as ``str(settings.admin_pin)``, is something else)."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "str":
        return bool(node.args) and isinstance(node.args[0], ast.Name | ast.Subscript)
    return isinstance(node, ast.Attribute) and node.attr == "text"


def notation_checks(tree: ast.AST) -> list[int]:
    """Lines that learn what a move does from its notation: a prefix test (``"x"``, ``"@"``,
    ``"roll"``, ``"off"``), a comparison with ``"pass"``, or a move found by its text
    (``str(m) == action``)."""
    out = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "startswith"
            and node.args
            and _is_str(node.args[0])
            and node.args[0].value.startswith(NOTATION_PREFIXES)  # type: ignore[attr-defined]
        ):
            out.append(node.lineno)
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            equality = all(isinstance(op, ast.Eq | ast.NotEq) for op in node.ops)
            if any(_is_str(s, ("pass",)) for s in sides) or (
                equality and any(_mentions_text(s) for s in sides)
            ):
                out.append(node.lineno)
    return out


def game_id_branches(tree: ast.AST) -> list[int]:
    """Lines that compare a ``game_id`` with a game's id written out (``== "epaminondas"``,
    ``in ("pente-grammai", ...)``) or test its prefix.  A comparison with ``None`` or with
    another variable (``got != game_id``, ``scene is None``) asks nothing of what a game is."""

    def is_game_id(node: ast.AST) -> bool:
        return (isinstance(node, ast.Attribute) and node.attr == "game_id") or (
            isinstance(node, ast.Name) and node.id in ("game_id", "game")
        )

    def is_literal(node: ast.AST) -> bool:
        return _is_str(node) or (
            isinstance(node, ast.Tuple | ast.List | ast.Set) and any(_is_str(e) for e in node.elts)
        )

    out = []
    for node in ast.walk(tree):
        sides = [node.left, *node.comparators] if isinstance(node, ast.Compare) else []
        if any(is_game_id(s) for s in sides) and any(is_literal(s) for s in sides):
            out.append(node.lineno)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "startswith"
            and is_game_id(node.func.value)
        ):
            out.append(node.lineno)
    return out


def _count(finder) -> Counter:
    found: Counter = Counter()
    for path in _modules():
        lines = finder(ast.parse(path.read_text(encoding="utf-8")))
        if lines:
            found[_name(path)] = len(lines)
    return found


def _report(finder) -> str:
    lines = []
    for path in _modules():
        for line in finder(ast.parse(path.read_text(encoding="utf-8"))):
            lines.append(f"{_name(path)}:{line}")
    return "\n".join(lines)


def test_no_state_or_move_is_probed_for_an_attribute_outside_the_engine() -> None:
    found = _count(probes)
    over = {f: n for f, n in found.items() if n > ALLOWED_PROBES.get(f, 0)}
    assert not over, f"probes beyond the allowed ones:\n{_report(probes)}"


def test_no_move_notation_is_read_outside_the_engine() -> None:
    found = _count(notation_checks)
    over = {f: n for f, n in found.items() if n > ALLOWED_NOTATION.get(f, 0)}
    assert not over, f"notation read beyond the allowed:\n{_report(notation_checks)}"


def test_game_id_branches_do_not_grow() -> None:
    total = sum(_count(game_id_branches).values())
    assert total <= GAME_ID_BRANCHES_AT_MOST, _report(game_id_branches)


def test_the_counters_find_what_they_look_for() -> None:
    """Each finder sees its pattern in a sample (so that a zero count means something)."""
    sample = ast.parse(
        "a = getattr(state, 'phase', None)\n"
        "b = hasattr(move, 'phalanx')\n"
        "c = getattr(app.settings, 'fullscreen', True)\n"
        "d = text.startswith('x') or action == 'pass'\n"
        "e = next(m for m in moves if str(m) == action)\n"
        "f = candidate.text == move\n"
        "g = state.game_id == 'epaminondas' or game_id.startswith('latrunculi')\n"
        "h = pointer.kind == 'down'\n"
        "i = 'end of document' in str(exc) or pin == str(settings.admin_pin)\n"
        "j = game is None or got != game_id or game_id in ('pente-grammai', 'epaminondas')\n"
    )
    assert probes(sample) == [1, 2]
    assert sorted(notation_checks(sample)) == [4, 4, 5, 6]
    assert game_id_branches(sample) == [7, 7, 10]
