"""Import cycles between a source tree's modules, found by walking every import with `ast`.

Every import counts, a deferred one inside a function too (it hides a cycle, it does not remove
it); only imports under `if TYPE_CHECKING:` are exempt. `from pkg import name` imports the module
pkg.name when there is one, else pkg itself: a package `__init__` that re-exports a submodule
which imports the package back is a cycle like any other.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

from tests.architecture import module_name


def _runtime_nodes(nodes: Iterable[ast.AST]) -> Iterator[ast.AST]:
    """Every node under `nodes` except those under an `if TYPE_CHECKING:` (its else branch runs)."""
    for node in nodes:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            yield from _runtime_nodes(node.orelse)
            continue
        yield node
        yield from _runtime_nodes(ast.iter_child_nodes(node))


def _base(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    package = module.split(".") if is_package else module.split(".")[:-1]
    package = package[: len(package) - (node.level - 1)]
    return ".".join([*package, node.module] if node.module else package)


def imported_modules(tree: ast.Module, module: str, is_package: bool, known: set[str]) -> set[str]:
    """The modules among `known` that `module` imports at run time (TYPE_CHECKING aside)."""
    found: set[str] = set()
    for node in _runtime_nodes(tree.body):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _base(module, is_package, node)
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                found.add(submodule if submodule in known else base)
    return (found & known) - {module}


def import_graph(root: Path, packages: Iterable[str]) -> dict[str, set[str]]:
    """Module -> the modules of the tree it imports, for every module under `packages`."""
    paths = {
        module_name(root, path): path
        for package in packages
        for path in sorted((root / package).rglob("*.py"))
        if "__pycache__" not in path.parts
    }
    known = set(paths)
    graph: dict[str, set[str]] = {}
    for module, path in paths.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        graph[module] = imported_modules(tree, module, path.name == "__init__.py", known)
    return graph


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of two or more modules, each sorted (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(graph.get(module, ())):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            component: list[str] = []
            while not component or component[-1] != module:
                component.append(stack.pop())
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(found)
