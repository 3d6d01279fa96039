"""The layers of ``ludique/`` (docs/architecture.md): no import circle, pygame only in the kiosk's
drawing code and its entry points, nothing below the UI importing it, no module grown too large.

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
UI_LIMIT = 600  # lines of a module under ludique/ui/
LIMIT = 700  # lines of any other module, except a game's rules in ludique/games/


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


def test_no_module_grown_too_large() -> None:
    too_long = []
    for name, path in MODULES.items():
        if name.startswith("ludique.games."):
            continue  # one game's rules stay in one module
        lines = len(path.read_text(encoding="utf-8").splitlines())
        limit = UI_LIMIT if in_ui(name) else LIMIT
        if lines > limit:
            too_long.append(f"{name}: {lines} lines (at most {limit})")
    assert not too_long, too_long
