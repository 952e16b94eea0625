"""The dependency rules of ARCHITECTURE.md as a checker over a source tree's imports."""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

LAYERS = ("games", "rendering", "storage", "bot")

# Standard-library modules that would give the rules core a clock, I/O, threads or the network.
IMPURE_STDLIB = frozenset(
    {
        "asyncio", "sqlite3", "socket", "ssl", "http", "urllib", "subprocess", "threading",
        "multiprocessing", "concurrent", "time", "datetime", "os", "pathlib", "shutil",
        "tempfile", "io", "logging", "signal", "select", "selectors", "glob", "secrets",
    }
)  # fmt: skip
GAMES_SHARED = frozenset({"games", "games.base", "games.engine", "games.registry", "games.text"})
STORAGE_ALLOWED_GAMES = frozenset({"games", "games.base", "games.engine"})
STORAGE_DRIVERS = frozenset({"aiosqlite", "asyncpg"})
# Pure computation libraries a game may use (no I/O, deterministic): measured-table geometry.
GAME_LIBRARIES = {"games.warzone": frozenset({"shapely"})}


@dataclass(frozen=True, slots=True)
class Violation:
    """One import that breaks a rule."""

    module: str
    imported: str
    line: int
    rule: str

    def __str__(self) -> str:
        return f"{self.module}:{self.line} imports {self.imported}: {self.rule}"


def module_name(root: Path, path: Path) -> str:
    """The dotted module name of a source file under `root`."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> list[str]:
    if node.level == 0:
        base = node.module or ""
    else:
        package = module.split(".") if is_package else module.split(".")[:-1]
        package = package[: len(package) - (node.level - 1)]
        base = ".".join([*package, node.module] if node.module else package)
    # `from x import y` may import the submodule x.y: check both names.
    return [base, *(f"{base}.{alias.name}" for alias in node.names)]


def imports_of(root: Path, path: Path) -> list[tuple[str, int, list[str]]]:
    """Each import statement of a file as (statement's first name, line, candidate names)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    module = module_name(root, path)
    is_package = path.name == "__init__.py"
    found: list[tuple[str, int, list[str]]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append((alias.name, node.lineno, [alias.name]))
        elif isinstance(node, ast.ImportFrom):
            names = _resolve(module, is_package, node)
            found.append((names[0], node.lineno, names))
            if names[0] == "random" and any(a.name != "Random" for a in node.names):
                found.append(("random.<global>", node.lineno, ["random.<global>"]))
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "random"
            and node.attr != "Random"
        ):
            found.append(("random.<global>", node.lineno, ["random.<global>"]))
    return found


def _top(name: str) -> str:
    return name.split(".")[0]


def _rule_for(module: str, imported: str, candidates: list[str]) -> str | None:
    top = _top(imported)
    layer = _top(module)
    if layer == "games":
        if imported == "random.<global>":
            return "games may use random.Random(seed) only, never the global random functions"
        if top in IMPURE_STDLIB:
            return "games is pure: no clock, I/O, threads or network"
        allowed = GAME_LIBRARIES.get(".".join(module.split(".")[:2]), frozenset())
        if top != "games" and top not in sys.stdlib_module_names and top not in allowed:
            return "games imports only the standard library and games"
        if top == "games":
            own = ".".join(module.split(".")[:2])
            shared = any(c in GAMES_SHARED for c in candidates)
            if (
                not shared
                and not imported.startswith(own)
                and not module.startswith("games.registry")
            ):
                return "a game never imports another game (only games.base/engine/registry/text)"
    if top == "discord" and not module.startswith("bot.discord"):
        return "only bot.discord imports discord"
    if layer in ("games", "rendering", "storage") and top == "bot":
        return f"{layer} never imports bot (dependencies point from bot inwards)"
    if layer == "rendering" and top == "storage":
        return "rendering never imports storage"
    if layer == "storage":
        if top == "rendering":
            return "storage never imports rendering"
        if top == "games" and not any(c in STORAGE_ALLOWED_GAMES for c in candidates):
            return "storage imports only games.base and games.engine types from games"
        if top == "PIL":
            return "storage never imports PIL"
    if layer == "games" and top in ("rendering", "storage"):
        return "games never imports rendering or storage"
    if module.startswith("bot.service") and imported.startswith(("bot.discord", "bot.console")):
        return "bot.service never imports a front-end"
    return None


def check_tree(root: Path) -> list[Violation]:
    """Every violation of the dependency rules in the layers under `root`."""
    violations: list[Violation] = []
    for layer in LAYERS:
        for path in sorted((root / layer).rglob("*.py")):
            module = module_name(root, path)
            for imported, line, candidates in imports_of(root, path):
                rule = _rule_for(module, imported, candidates)
                if rule:
                    violations.append(Violation(module, imported, line, rule))
    return violations
