"""The layers of ``ludique/`` (docs/architecture.md): each package imports only its own modules
and the layers under it, no import circle, pygame only in the kiosk's drawing code and its entry
points, nothing below the UI importing it, no function grown too long.

Imports are read from the source (every ``import``, also inside functions and under
``if TYPE_CHECKING:``), so a circle hidden in a function body counts too, and so does one that
only the type checker follows: a module that names another's types depends on it as surely
(the scenes once named ``App``, the loop that makes them, and reached into it).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "ludique"
# the programs' entry points sit above every layer: they may start the kiosk (and pygame)
ENTRY_POINTS = {
    "ludique.cli",
    "ludique.kiosk.logs",
    "ludique.tools.selftest",
    "ludique.tools.screens",
}
# The rooms of the house, floor by floor from the ground (docs/architecture.md draws them): a
# module imports from its own room and from the floors below, never from a floor above nor from
# another room of its own floor.  Every module has a room: a new package is placed here.
FLOORS: tuple[tuple[str, ...], ...] = (
    ("ludique", "ludique.paths"),  # the package's version, where its files are
    ("ludique.games",),  # the rules engine and what each game is (its spec)
    ("ludique.ai", "ludique.words"),  # the computer player; the words, glyphs and card documents
    ("ludique.play",),  # a match, its guidance, touches, threats, notices, guides, stories
    ("ludique.kiosk",),  # settings, statistics, PIN, the worker process, watchdog, logs, memory
    ("ludique.ui",),  # pygame: the loop, the scenes, the boards, the cards drawn
    ("ludique.tools",),  # the self-test, the review renderer, the offline Pente solver
    ("ludique.cli",),  # the program's command line (``python -m ludique`` is it too)
)
ROOM_OF_ENTRY = {"ludique.__main__": "ludique.cli"}

# Lines of one function or method, its signature, docstring and body.  A longer one does two
# things or more; those written down here are known and wait to be split (docs/architecture.md,
# "What is left"), each with what it holds.  One split below the limit must leave this list.
FUNCTION_LIMIT = 80
LONG_FUNCTIONS: dict[str, str] = {
    "ludique.ai.search:Searcher._negamax": "the search's inner loop, one body for speed",
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def _type_checking(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
        or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")
    )


def imports(name: str, typing: bool = True) -> set[str]:
    """The modules that module ``name`` imports (absolute names, ``ludique.*`` and others);
    with ``typing`` False, only those that run (not under ``if TYPE_CHECKING:``)."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if not typing and _type_checking(node):
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.add(sub if sub in MODULES else base)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


GRAPH = {name: {m for m in imports(name) if m in MODULES and m != name} for name in MODULES}


def circles() -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    counter = [0]

    def strong(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(GRAPH[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(GRAPH):
        if v not in index:
            strong(v)
    return groups


def in_ui(name: str) -> bool:
    return name == "ludique.ui" or name.startswith("ludique.ui.")


def test_the_import_reader_sees_imports_in_functions_and_relative_ones() -> None:
    # the reader must find what the layer tests rely on, or they would pass on nothing
    assert "ludique.ui.scenes.base" in GRAPH["ludique.ui.scenes.game"]
    assert "ludique.ui.scenes.game" in GRAPH["ludique.ui.scenes"]  # inside make_scene
    assert "pygame" in imports("ludique.ui.app")
    assert "ludique.ui.layout" in GRAPH["ludique.ui.context"]  # under TYPE_CHECKING
    assert "ludique.ui.layout" not in imports("ludique.ui.context", typing=False)


def test_the_scenes_know_the_kiosk_by_its_protocol_not_the_app() -> None:
    scenes = [n for n in MODULES if n.startswith("ludique.ui.scenes")]
    offenders = sorted(n for n in scenes if "ludique.ui.app" in GRAPH[n])
    assert not offenders, f"scenes importing the App (use ludique.ui.context.Kiosk): {offenders}"


def test_no_import_circle_in_ludique() -> None:
    found = circles()
    assert not found, "import circles: " + "; ".join(" <-> ".join(g) for g in found)


def test_pygame_only_in_the_ui_and_the_entry_points() -> None:
    offenders = sorted(
        name
        for name in MODULES
        if not in_ui(name)
        and name not in ENTRY_POINTS
        and any(m == "pygame" or m.startswith("pygame.") for m in imports(name, typing=False))
    )
    assert not offenders, f"pygame imported outside ludique/ui: {offenders}"


def test_nothing_below_the_ui_imports_it() -> None:
    offenders = sorted(
        f"{name} -> {target}"
        for name, targets in GRAPH.items()
        if not in_ui(name) and name not in ENTRY_POINTS
        for target in targets
        if in_ui(target)
    )
    assert not offenders, f"layers below the UI import it: {offenders}"


def test_the_computer_player_imports_only_the_rules() -> None:
    # the story of a game (ludique.play.analysis) uses the computer player, never the reverse: the
    # worker process that serves both lives outside ludique/ai (ludique/kiosk/worker.py)
    offenders = sorted(
        f"{name} -> {target}"
        for name, targets in GRAPH.items()
        if name == "ludique.ai" or name.startswith("ludique.ai.")
        for target in targets
        if not target.startswith(("ludique.ai", "ludique.games")) and target != "ludique.paths"
    )
    assert not offenders, f"ludique/ai imports beyond the rules engine: {offenders}"


def test_the_match_and_the_guidance_load_without_pygame() -> None:
    code = (
        "import sys; import ludique.play.match, ludique.play.guidance; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pygame'))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=PACKAGE.parent,
    ).stdout
    assert out.strip() == "[]"


def room(name: str) -> str | None:
    """The package a module lives in (the longest of ``FLOORS`` that holds it)."""
    name = ROOM_OF_ENTRY.get(name, name)
    rooms = [r for floor in FLOORS for r in floor if name == r or name.startswith(r + ".")]
    return max(rooms, key=len, default=None)


FLOOR = {r: i for i, floor in enumerate(FLOORS) for r in floor}


def test_every_module_has_a_room() -> None:
    assert not [name for name in MODULES if room(name) is None]
    assert room("ludique.play.match") == "ludique.play" and room("ludique") == "ludique"


def test_each_package_imports_only_its_floor_and_those_below() -> None:
    offenders = []
    for name, targets in sorted(GRAPH.items()):
        here = room(name)
        assert here is not None
        for target in sorted(targets):
            there = room(target)
            assert there is not None
            if FLOOR[there] > FLOOR[here] or (FLOOR[there] == FLOOR[here] and there != here):
                offenders.append(f"{name} ({here}) -> {target} ({there})")
    assert not offenders, f"imports up a floor or across one: {offenders}"


def test_the_floors_are_checked_on_the_real_graph() -> None:
    # the rule above holds because of the imports, not because it reads nothing: these edges
    # exist, down a floor, and one up a floor would be refused
    assert "ludique.games" in GRAPH["ludique.play.match"]
    assert FLOOR[room("ludique.play.match") or ""] > FLOOR["ludique.ai"]
    assert FLOOR[room("ludique.ui.app") or ""] > FLOOR[room("ludique.kiosk.stats") or ""]


def function_lengths() -> dict[str, int]:
    """Every function and method of ``ludique/`` (``module:Class.name``) and its lines."""
    found: dict[str, int] = {}

    def walk(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                end = child.end_lineno or child.lineno
                found[f"{prefix}{child.name}"] = end - child.lineno + 1
                walk(child, f"{prefix}{child.name}.")
            elif isinstance(child, ast.ClassDef):
                walk(child, f"{prefix}{child.name}.")

    for name, path in MODULES.items():
        walk(ast.parse(path.read_text(encoding="utf-8")), f"{name}:")
    return found


def test_no_function_grown_too_long() -> None:
    lengths = function_lengths()
    too_long = sorted(
        f"{name}: {lines} lines (at most {FUNCTION_LIMIT})"
        for name, lines in lengths.items()
        if lines > FUNCTION_LIMIT and name not in LONG_FUNCTIONS
    )
    assert not too_long, too_long
    # the list of known ones stays true: a function split (or gone) leaves it
    mended = sorted(n for n in LONG_FUNCTIONS if lengths.get(n, 0) <= FUNCTION_LIMIT)
    assert not mended, f"now at most {FUNCTION_LIMIT} lines, remove from LONG_FUNCTIONS: {mended}"


# --- a game is named only in its own files ---------------------------------------------------
# A game's own files: its folder (``ludique/games/<game>/``), the one file a layer keeps per game
# where it keeps one (``ludique/ai/<game>.py``, ``ludique/ui/boards/<game>.py``, ``<game>_*.py``:
# each found through the game's spec), and the registry's one list of the kiosk's games.
REGISTRY = PACKAGE / "games" / "__init__.py"
# Files outside them that still name a game (its package's name, in any case), each waiting to
# say instead the property it means or to move to the game's own files; one that no longer
# names it must leave this list.  None is left: the solved game's player, table, story and gauge
# are found through its spec (``GameSpec.solved``, ``ludique.ai.solved``), the rule said for a
# counter that must wait is the spec's ``entry_rule``, and the settings file's help names the
# games a setting applies to from the registry.
STILL_NAMING: dict[str, dict[str, str]] = {}


def game_packages() -> list[str]:
    from ludique.games import KIOSK_GAMES

    return list(KIOSK_GAMES)


def own_files(package: str) -> set[Path]:
    """A game's own files (above)."""
    own = {REGISTRY, *(PACKAGE / "games" / package).rglob("*.py")}
    return own | {
        p for p in PACKAGE.rglob("*.py") if p.stem == package or p.stem.startswith(package + "_")
    }


def names(package: str, text: str) -> bool:
    """Whether ``text`` names the game of ``package`` (its package's name, in any case)."""
    return package.lower() in text.lower()


def naming(package: str) -> set[str]:
    """The files of ``ludique/`` outside the game's own that name it."""
    return {
        str(p.relative_to(PACKAGE))
        for p in set(PACKAGE.rglob("*.py")) - own_files(package)
        if names(package, p.read_text(encoding="utf-8"))
    }


def test_a_game_is_named_only_in_its_own_files() -> None:
    packages = game_packages()
    assert set(STILL_NAMING) <= set(packages)
    for package in packages:
        found = naming(package)
        known = set(STILL_NAMING.get(package, {}))
        assert found <= known, f"{package} named outside its own files: {sorted(found - known)}"
        assert not known - found, f"no longer name {package}: {sorted(known - found)}"


def test_the_naming_check_reads_the_files() -> None:
    # each game's own files hold its name, and a file of another room would be seen
    for package in game_packages():
        assert any(package in p.read_text(encoding="utf-8").lower() for p in own_files(package))
    assert "ludique/games/epaminondas/rules.py" not in naming("epaminondas")
    assert (PACKAGE / "ai" / "epaminondas.py") in own_files("epaminondas")
    assert (PACKAGE / "ai" / "pente_table.py") in own_files("pente")
    # what the solved game's player was once found by, and a settings help that named a game
    assert names("pente", "from ludique.ai.pente import choose_pente_move")
    assert names("latrunculi", "# Latrunculi pieces in danger marked at every strength")
    assert not names("latrunculi", '"Ludus / latrunculorum"')  # a name the visitor reads


def game_classes(package: str) -> set[str]:
    """The classes a game's rules define (its states and moves)."""
    tree = ast.parse((PACKAGE / "games" / package / "rules.py").read_text(encoding="utf-8"))
    return {node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}


def isinstance_tests(path: Path) -> set[str]:
    """The names of the classes ``path`` tests a value against (``isinstance``)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "isinstance":
            for part in ast.walk(node.args[1]) if len(node.args) > 1 else ():
                if isinstance(part, ast.Name):
                    found.add(part.id)
                elif isinstance(part, ast.Attribute):
                    found.add(part.attr)
    return found


def test_no_module_tests_for_another_game_s_classes() -> None:
    offenders = []
    for package in game_packages():
        classes = game_classes(package)
        assert any(name.endswith("State") for name in classes)
        for path in sorted(set(PACKAGE.rglob("*.py")) - own_files(package)):
            if isinstance_tests(path) & classes:
                offenders.append(f"{path.relative_to(PACKAGE)}: {isinstance_tests(path) & classes}")
    assert not offenders, offenders
    # the reader sees such a test where there is one (the race's evaluation reads its own state)
    assert "PenteState" in isinstance_tests(PACKAGE / "ai" / "pente.py")


# --- no private member of another module ------------------------------------------------------
# ``namedtuple``'s public methods are named with an underscore, so as not to clash with fields
NAMEDTUPLE_API = {"_replace", "_asdict", "_make", "_fields", "_field_defaults"}


def own_private_names(tree: ast.AST) -> set[str]:
    """The private names a module defines: functions, classes, and attributes it assigns."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names.add(node.value)  # ``__slots__``
    return {n for n in names if n.startswith("_")}


def foreign_private_uses(source: str, label: str) -> list[str]:
    """``x._name`` in ``source`` (x not self, cls or super()) where the module defines no
    ``_name`` of its own: a private member of another module's object, used from outside."""
    tree = ast.parse(source)
    own = own_private_names(tree) | NAMEDTUPLE_API
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or not node.attr.startswith("_"):
            continue
        if node.attr.startswith("__") and node.attr.endswith("__"):
            continue
        owner = node.value
        if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
            continue
        if isinstance(owner, ast.Call) and getattr(owner.func, "id", None) == "super":
            continue
        if node.attr not in own:
            found.append(f"{label}:{node.lineno} .{node.attr}")
    return found


def private_imports(source: str, label: str) -> list[str]:
    """``from ludique.x import _name``: another module's private name taken into this one."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("ludique"):
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"{label}:{node.lineno} {node.module}.{alias.name}")
    return found


def test_no_private_name_of_another_module_is_imported() -> None:
    offenders = [
        use
        for path in sorted(PACKAGE.rglob("*.py"))
        for use in private_imports(path.read_text(encoding="utf-8"), path.name)
    ]
    assert not offenders, offenders
    # the reader sees one (the printed cards once drew with the diagrams' own panels), and a
    # public name imported under a private alias is not one
    seen = private_imports("from ludique.ui.diagrams import DIAGRAMS, _panel\n", "cards.py")
    assert seen == ["cards.py:1 ludique.ui.diagrams._panel"]
    assert private_imports("from ludique.games.notice import played as _move\n", "n.py") == []


def test_no_private_member_of_another_module_is_used() -> None:
    # a game's engine may use what its base classes keep for their subclasses (a new state
    # ends by the visit rule with ``_visit_outcome``); nothing else may
    base = PACKAGE / "games" / "base.py"
    protected = own_private_names(ast.parse(base.read_text(encoding="utf-8")))
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        label = str(path.relative_to(PACKAGE))
        for use in foreign_private_uses(path.read_text(encoding="utf-8"), label):
            if not (label.startswith("games/") and use.split(" .")[-1] in protected):
                offenders.append(use)
    assert not offenders, offenders


def test_the_private_member_check_sees_one() -> None:
    # the search once played its moves with the engine's own ``_apply``
    outside = "def deeper(state):\n    return state._apply(state.legal_moves()[0])\n"
    assert foreign_private_uses(outside, "search.py") == ["search.py:2 ._apply"]
    inside = "class S:\n    def _apply(self, m):\n        return m\n\n\n"
    inside += "def f(s):\n    return s._apply(1)\n"
    assert foreign_private_uses(inside, "rules.py") == []
    assert foreign_private_uses("p = q._replace(square=1)\n", "motion.py") == []
