"""The package's import structure, as ARCHITECTURE.md lays it down: no import circle
anywhere inside `wizarena` (imports inside functions and under TYPE_CHECKING count, since
they only hide a circle), and no import from a lower layer to a higher one."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import wizarena

ROOT = Path(wizarena.__file__).parent
PACKAGE = "wizarena"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES: dict[str, Path] = {_module_name(p): p for p in ROOT.rglob("*.py")}


def _imports(name: str, path: Path) -> Iterator[str]:
    """Every wizarena module `name` imports, wherever in the file the import stands."""
    is_package = path.name == "__init__.py"
    base = name.split(".") if is_package else name.split(".")[:-1]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = base[: len(base) - node.level + 1]
                stem = ".".join(anchor + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            # `from package import module` names a module; `from module import name` the module.
            targets = [f"{stem}.{alias.name}" if f"{stem}.{alias.name}" in MODULES else stem for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in MODULES:
                target = target.rpartition(".")[0]  # `import a.b.c` of a name inside a.b
            if target.startswith(PACKAGE) and target != name:
                yield target


GRAPH: dict[str, set[str]] = {name: set(_imports(name, path)) for name, path in MODULES.items()}


def _cycles() -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(GRAPH[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(GRAPH):
        if node not in index:
            visit(node)
    return found


def _layer(module: str) -> str:
    parts = module.split(".")
    if len(parts) == 1:
        return "registry"  # `wizarena` itself: load_game and the game list
    if parts[1] == "games" and len(parts) > 2:
        return f"games.{parts[2]}"
    return parts[1]


# What each layer may import besides itself (ARCHITECTURE.md, "Layers, from the ground up").
ALLOWED: dict[str, set[str]] = {
    "core": set(),
    "engine": {"core"},
    "agents": {"core", "registry", "engine"},
    "sim": {"core", "registry", "agents", "engine"},
    "interop": {"core", "registry", "agents", "engine"},
    "learn": {"core", "registry", "agents", "engine", "interop"},  # training: over the Gymnasium adapter
    "server": {"core", "registry", "agents", "engine", "sim", "rules"},
    "web": set(),
    "rules": set(),  # the players' rules pages: data read by the CLI and the server
}


def test_no_import_circle_inside_the_package() -> None:
    assert _cycles() == []


def test_no_layer_imports_a_higher_one() -> None:
    wrong = []
    for module, targets in sorted(GRAPH.items()):
        layer = _layer(module)
        if layer in ("cli", "registry", "games", "__main__"):
            continue  # the command sits on top; the registry finds the games by name
        allowed = ALLOWED.get(layer, {"core"}) if not layer.startswith("games.") else {"core", "engine"}
        wrong += [f"{module} -> {target}" for target in sorted(targets)
                  if _layer(target) != layer and _layer(target) not in allowed]
    assert wrong == []
