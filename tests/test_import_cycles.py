"""The package's modules import each other without a cycle (lazy imports inside functions
included): each layer imports only the layers below it."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "tictac_edu"


def module_names() -> dict[str, Path]:
    names = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def import_graph() -> dict[str, set[str]]:
    """Module -> the package's modules it imports anywhere in its code (``if TYPE_CHECKING:``
    blocks left out: they never run)."""
    names = module_names()

    def known(name: str) -> str | None:
        while name and name not in names:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for module, path in names.items():
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skipped = {id(node) for branch in ast.walk(tree) if isinstance(branch, ast.If)
                   and "TYPE_CHECKING" in ast.unparse(branch.test) for node in ast.walk(branch)}
        targets: set[str] = set()
        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                targets.update([base] + [f"{base}.{alias.name}" for alias in node.names])
        graph[module] = {found for target in targets if target.startswith("tictac_edu.")
                         and (found := known(target)) and found != module and not module.startswith(found + ".")}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_scan_sees_the_imports() -> None:
    graph = import_graph()
    assert "tictac_edu.search.engine" in graph["tictac_edu.search.alphabeta"]
    assert "tictac_edu.games.base" in graph["tictac_edu.search.common"]


def test_no_module_imports_itself_back() -> None:
    assert cycles(import_graph()) == []


def test_a_cycle_is_found_when_there_is_one() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
