"""Finding the templates the code says, with `ast`, so a test can hold them against the catalogues.

A template is the first argument of `Text(...)`, of a GameError subclass call, or of a helper
in the same module whose return annotation is such an error (`_bad(message, ...)`). A string
literal (or a conditional choosing between literals) is a key; an f-string, `%` or `.format`
there is a sentence no catalogue can hold.
"""

from __future__ import annotations

import ast
import string
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

LOCALISED: dict[str, tuple[str, ...]] = {
    "service": ("bot/service", "bot/discord", "bot/console", "bot/__main__.py", "bot/config.py"),
    "neuroshima": ("games/neuroshima", "bot/service/plugins/neuroshima"),
    "neuroshima_images": ("rendering/neuroshima",),
    "sniper_elite": (
        "games/sniper_elite",
        "bot/service/plugins/sniper_elite",
    ),
    "sniper_elite_images": ("rendering/sniper_elite",),
    "space_alert_images": ("rendering/space_alert",),
    "space_alert": (
        "games/space_alert",
        "bot/service/plugins/space_alert",
        "bot/discord/space_alert",
        "bot/service/plugins/space_alert",
    ),
    "warzone_images": ("rendering/warzone",),
    "leagues_images": ("rendering/leagues.py",),
    "warzone": ("games/warzone", "bot/service/plugins/warzone"),
}
"""Catalogue domain -> the code whose templates it holds; a new game is one more line."""
NOT_LOCALISED: tuple[str, ...] = (
    # The AI never speaks to players.
    "games/neuroshima/ai",
    "games/warzone/ai",
)
"""Paths (prefixes) inside LOCALISED packages with no text a player reads."""
ERROR_MODULES = ("games.base", "bot.service.errors")


@dataclass
class Found:
    """What one walk found: keys by file, and templates that cannot be translated."""

    keys: dict[str, set[str]] = field(default_factory=dict)
    untranslatable: list[str] = field(default_factory=list)

    def all_keys(self) -> set[str]:
        """Every key, whatever file says it."""
        return {k for keys in self.keys.values() for k in keys}


def fields(template: str) -> list[tuple[str, str, str]]:
    """The `{fields}` of a template with their conversion and format spec, sorted."""
    found = [
        (name, conversion or "", spec or "")
        for _, name, spec, conversion in string.Formatter().parse(template)
        if name is not None
    ]
    return sorted(found)


def _entry_files(entry: str) -> list[Path]:
    """A package's files, one module, or the modules whose names start with a prefix
    ('bot/discord/space_alert' is space_alert.py, space_alert_bridge.py, ...)."""
    path = ROOT / entry
    if path.is_dir():
        return sorted(path.rglob("*.py"))
    if path.suffix == ".py":
        return [path]
    return sorted(path.parent.glob(path.name + "*.py"))


def files(domain: str) -> Iterator[Path]:
    """The Python files of a domain's code, minus NOT_LOCALISED and other domains' files."""
    others = tuple(e for d, entries in LOCALISED.items() if d != domain for e in entries)
    for entry in LOCALISED[domain]:
        for p in _entry_files(entry):
            relative = p.relative_to(ROOT).as_posix()
            skipped = NOT_LOCALISED + tuple(o for o in others if o.startswith(entry + "/"))
            if not any(relative.startswith(skip) for skip in skipped):
                yield p


def _error_names(trees: list[ast.Module]) -> set[str]:
    """GameError, the errors of ERROR_MODULES, and every class that derives from one of them."""
    names = {"GameError", "Text"}
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module in ERROR_MODULES:
                names |= {a.asname or a.name for a in node.names if a.name.endswith("Error")}
    changed = True
    while changed:
        changed = False
        for tree in trees:
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef) and node.name not in names:
                    bases = {b.id for b in node.bases if isinstance(b, ast.Name)}
                    if bases & names:
                        names.add(node.name)
                        changed = True
    return names


def _helpers(tree: ast.Module, errors: set[str]) -> set[str]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.returns is not None:
            returns = node.returns
            name = returns.value if isinstance(returns, ast.Constant) else None
            if isinstance(returns, ast.Name):
                name = returns.id
            if name in errors and name != "Text":
                found.add(node.name)
    return found


def _callee(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    return None


def _literals(node: ast.expr) -> list[str] | None:
    """The keys a first argument stands for; None when it is not a literal template."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = _literals(node.body), _literals(node.orelse)
        if body is not None and orelse is not None:
            return body + orelse
    return None


def _formatted(node: ast.expr) -> bool:
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        return True
    if isinstance(node, ast.IfExp):
        return _formatted(node.body) or _formatted(node.orelse)
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "format"
    )


@cache
def walk(domain: str) -> Found:
    """Every template of a domain's code."""
    return scan(files(domain))


def _name(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def scan(paths: Iterable[Path]) -> Found:
    """Every template of some Python files (errors they define count for all of them)."""
    found = Found()
    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in paths}
    errors = _error_names(list(trees.values()))
    for path, tree in trees.items():
        callees = errors | _helpers(tree, errors)
        keys: set[str] = set()
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or _callee(node) not in callees or not node.args:
                continue
            first = node.args[0]
            where = f"{_name(path)}:{node.lineno}"
            if _formatted(first):
                found.untranslatable.append(where)
                continue
            keys |= set(_literals(first) or ())
        found.keys[_name(path)] = keys
    return found
