"""No import cycle in pnp, counting `from package import name` as an import of the package's
`__init__` (which runs it and reads its namespace), typing-only imports included. Imports inside
functions are left out: they run late, on purpose."""

from __future__ import annotations

import ast
from pathlib import Path

import pnp

ROOT = Path(pnp.__file__).parent


def _name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _top_level(tree: ast.Module) -> list[ast.stmt]:
    """Module-level statements, those under a module-level `if` (TYPE_CHECKING) too."""
    out: list[ast.stmt] = []
    for node in tree.body:
        out.extend([*node.body, *node.orelse] if isinstance(node, ast.If) else [node])
    return out


def import_graph() -> dict[str, set[str]]:
    modules = {_name(p): p for p in ROOT.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges = graph.setdefault(name, set())
        for node in _top_level(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                edges.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:  # relative: from the package, `level - 1` folders up
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*parts, *([base] if base else [])])
                edges.add(base)
                edges.update(f"{base}.{a.name}" for a in node.names)
    return {m: {e for e in edges if e in modules and e != m} for m, edges in graph.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(graph[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while (top := stack.pop()) != module:
                group.append(top)
            if group:
                found.append(sorted([module, *group]))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def test_the_cycle_finder_finds_one_through_a_package():
    graph = {"p": {"p.game"}, "p.game": {"p.parallel"}, "p.parallel": {"p", "p.workers"},
             "p.workers": set()}  # fmt: skip
    assert cycles(graph) == [["p", "p.game", "p.parallel"]]


def test_pnp_has_no_import_cycle():
    assert cycles(import_graph()) == []
