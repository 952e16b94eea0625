"""The translators' tooling: which code each catalogue domain holds, and Babel extraction methods.

`python -m bot.service.translating extract` writes every domain's template
(bot/service/locales/<domain>.pot) from the code; `pybabel update` and `pybabel compile` do the
rest (docs/translating.md). The code extraction method finds the project's markers: the first
argument of `Text(...)`, of a GameError subclass or of a helper returning one (`_bad(...)`),
`marked(...)` for data tables, `Text.plural(singular, plural, n)`, `Text.in_context(context,
message)`, `Text.plural_in_context(context, singular, plural, n)` and `described(message,
command_key)`. Command descriptions and choice names are data
(the command catalogue), and tile rules reminders live in the army files: each has its own method.
"""

from __future__ import annotations

import ast
import json
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import IO, Any

from bot.service.plugins.registry import builtin

ROOT = Path(__file__).resolve().parents[2]
LOCALES = Path(__file__).with_name("locales")

Method = str
CODE: Method = "bot.service.translating:extract_code"
COMMANDS: Method = "bot.service.translating:extract_commands"
DATA: Method = "bot.service.translating:extract_data"

HOST_DOMAINS: dict[str, tuple[str, ...]] = {
    "service": ("bot/service", "bot/discord", "bot/console", "bot/__main__.py", "bot/config.py"),
    "commands": ("bot/discord/admin.py",),  # and the command catalogue: extract_commands
    "leagues_images": ("rendering/leagues.py",),
}
"""The host's catalogue domains -> the code (or data) whose messages each holds."""
DOMAINS: dict[str, tuple[str, ...]] = {
    **HOST_DOMAINS,
    **{domain: paths for p in builtin() for domain, paths in p.catalogues.items()},
}
"""Every catalogue domain: the host's and each shipped game's (its plug-in's `catalogues`).
A path inside another domain's folder belongs to the more specific domain."""
NOT_LOCALISED: tuple[str, ...] = tuple(path for p in builtin() for path in p.silent)
"""Paths (prefixes) inside DOMAINS with no text a player reads (the games' AIs)."""
DATA_TEXTS: dict[str, str] = {d: key for p in builtin() for d, key in p.data_texts.items()}
"""Domains whose messages are in JSON data files -> the key holding a message there."""
ERROR_MODULES = ("games.base", "bot.service.errors")
VERBATIM_CHOICES = frozenset({"language", "server_language", "game"})
"""Options whose choice names are the same in every language (language codes, game keys)."""

Found = tuple[int, str, str | tuple[str, ...], list[str]]
"""What a Babel extraction method yields: line, gettext function, message(s), comments."""


def _entry_files(entry: str) -> list[Path]:
    """A package's (or folder's) files, or one file."""
    path = ROOT / entry
    if path.is_dir():
        return sorted(p for p in path.rglob("*") if p.suffix in (".py", ".json"))
    return [path]


def files(domain: str) -> list[Path]:
    """The files of a domain, minus NOT_LOCALISED and other domains' more specific files."""
    others = tuple(e for d, entries in DOMAINS.items() if d != domain for e in entries)
    found = []
    for entry in DOMAINS[domain]:
        skipped = NOT_LOCALISED + tuple(o for o in others if o.startswith(entry + "/"))
        for p in _entry_files(entry):
            relative = p.relative_to(ROOT).as_posix()
            if p.suffix == ".json" and domain not in DATA_TEXTS:
                continue
            if not any(relative.startswith(s) for s in skipped):
                found.append(p)
    return found


# --- the code's markers ----------------------------------------------------------------------
@cache
def error_names() -> frozenset[str]:
    """Text, GameError, and every error class of the project that derives from them."""
    trees = [
        ast.parse(p.read_text(encoding="utf-8"))
        for folder in ("games", "bot")
        for p in sorted((ROOT / folder).rglob("*.py"))
    ]
    return _errors(trees, {"GameError", "Text"})


def _errors(trees: list[ast.Module], known: Iterable[str]) -> frozenset[str]:
    names = set(known)
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module in ERROR_MODULES:
                names |= {a.asname or a.name for a in node.names if a.name.endswith("Error")}
    classes = [n for t in trees for n in ast.walk(t) if isinstance(n, ast.ClassDef)]
    changed = True
    while changed:
        before = len(names)
        names |= {c.name for c in classes if {_base(b) for b in c.bases} & names}
        changed = len(names) != before
    return frozenset(names)


def _base(node: ast.expr) -> str:
    return node.id if isinstance(node, ast.Name) else ""


def _helpers(tree: ast.Module, errors: frozenset[str]) -> set[str]:
    """Functions of a module that build an error from their first argument (`_bad(...)`)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.returns is not None:
            returns = node.returns
            name = returns.value if isinstance(returns, ast.Constant) else _base(returns)
            if name in errors and name != "Text":
                found.add(node.name)
    return found


def _literals(node: ast.expr) -> list[str] | None:
    """The messages an argument stands for; None when it is not a literal."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = _literals(node.body), _literals(node.orelse)
        if body is not None and orelse is not None:
            return body + orelse
    return None


def _formatted(node: ast.expr) -> bool:
    """An f-string, `%` or `.format` where a message belongs: no catalogue can hold it."""
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


def _callee(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return f"{func.value.id}.{func.attr}"
    return ""


@dataclass
class Scan:
    """What the markers of some code say: messages, and the messages no catalogue can hold."""

    found: list[Found] = field(default_factory=list)
    untranslatable: list[int] = field(default_factory=list)


def scan(source: str) -> Scan:
    """The marked messages of one module's source."""
    tree = ast.parse(source)
    errors = _errors([tree], error_names())
    singular = errors | _helpers(tree, errors) | {"marked"}
    result = Scan()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args:
            _call(node, _callee(node), singular, result)
    result.found.sort(key=lambda f: f[0])
    return result


PAIRED = ("Text.plural", "Text.in_context", "described")
"""Markers whose first two arguments are literals: singular and plural, context and message,
message and command key."""
PLURAL_IN_CONTEXT = "Text.plural_in_context"
"""The marker whose first three arguments are literals: context, singular and plural."""


def _call(node: ast.Call, callee: str, singular: frozenset[str] | set[str], out: Scan) -> None:
    args = node.args
    arity = 1 if callee in singular else 2 if callee in PAIRED and len(args) >= 2 else 0
    if callee == PLURAL_IN_CONTEXT and len(args) >= 3:
        arity = 3
    if not arity:
        return
    marked = args[:arity]
    if any(_formatted(a) for a in marked):
        out.untranslatable.append(node.lineno)
        return
    said = [_literals(a) for a in marked]
    if any(s is None for s in said):
        return  # a message made elsewhere (a table's Text refilled, a caught error passed on)
    out.found += _messages(node.lineno, callee, [s or [] for s in said])


def _messages(line: int, callee: str, said: list[list[str]]) -> list[Found]:
    """What Babel records for one marker (a conditional literal stands for each branch)."""
    if callee == "Text.plural":
        return [(line, "ngettext", (s, p), []) for s in said[0] for p in said[1]]
    if callee == "Text.in_context":
        return [(line, "pgettext", (c, m), []) for c in said[0] for m in said[1]]
    if callee == PLURAL_IN_CONTEXT:
        return [
            (line, "npgettext", (c, s, p), []) for c in said[0] for s in said[1] for p in said[2]
        ]
    if callee == "described":
        return [(line, "pgettext", (k, m), []) for m in said[0] for k in said[1]]
    return [(line, "_", m, []) for m in said[0]]


def extract_code(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[Found]:
    """Babel extraction method: the messages the project's markers hold in a Python module."""
    yield from scan(fileobj.read().decode("utf-8")).found


# --- data ------------------------------------------------------------------------------------
def extract_data(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[Found]:
    """Babel extraction method: the messages of a JSON data file, the values of its `key`
    option (an army file's tiles' rules reminders: "rules_text")."""
    data = json.loads(fileobj.read().decode("utf-8"))
    yield from ((1, "_", text, []) for text in _data_texts(data, options["key"]))


def _data_texts(data: Any, key: str) -> Iterator[str]:
    if isinstance(data, dict):
        if isinstance(data.get(key), str) and data[key]:
            yield data[key]
        for value in data.values():
            yield from _data_texts(value, key)
    elif isinstance(data, list):
        for value in data:
            yield from _data_texts(value, key)


def extract_commands(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[Found]:
    """Babel extraction method: the command catalogue's descriptions (in the context of their
    command key), group descriptions and choice names (in their option's context)."""
    from bot.service.commands import catalogue
    from bot.service.i18n import choice_context
    from bot.service.plugin import install, installed

    if not installed():  # run as a tool: the shipped games, as a service built by default
        install(builtin())
    cat = catalogue()
    for group in cat.groups:
        yield (0, "_", group.description, [f"/{group.name}"])
    for command in [c for g in cat.groups for c in g.commands] + list(cat.commands):
        key = command.path.replace(" ", ".")
        yield (0, "pgettext", (key, command.description), [f"/{command.path}"])
        for o in command.options:
            where = [f"/{command.path} {o.name}"]
            yield (0, "pgettext", (f"{key}.{o.name}", o.description), where)
            if o.name not in VERBATIM_CHOICES:
                yield from ((0, "pgettext", (choice_context(o.name), c), where) for c in o.choices)


# --- the templates ---------------------------------------------------------------------------
def method(domain: str, path: Path) -> tuple[Method, dict[str, str]]:
    """The extraction method of one file of a domain, and its options."""
    if path.suffix == ".json":
        return DATA, {"key": DATA_TEXTS[domain]}
    return CODE, {}


def template(domain: str) -> Any:
    """A domain's message template (a Babel Catalog) extracted from its files."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file

    catalog = Catalog(
        project="Muster", version="1", charset="utf-8", copyright_holder="Muster contributors",
        msgid_bugs_address="", creation_date=datetime(2026, 1, 1, tzinfo=UTC), fuzzy=False,
        header_comment=HEADER.format(what="Translation template", domain=domain),
    )  # fmt: skip
    sources = [(*method(domain, p), p) for p in files(domain)]
    if domain == "commands":
        sources.append((COMMANDS, {}, ROOT / "bot/service/commands/spec.py"))
    for how, options, path in sources:
        relative = path.relative_to(ROOT).as_posix()
        found = extract_from_file(how, path, _KEYWORDS, options=options)
        for lineno, message, comments, context in found:
            where = [(relative, lineno)] if lineno else []
            added = catalog.add(message, None, where, auto_comments=comments, context=context)
            # Messages are `{field}` templates; a "25%" is not a printf placeholder.
            added.flags.discard("python-format")
    return catalog


HEADER = """\
# {what} of Muster, domain {domain}.
# Copyright (C) Muster contributors; distributed under the project's licence (MIT).
# How to translate: docs/translating.md"""

_KEYWORDS = {
    "_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}


def write_templates(domains: Iterable[str] = DOMAINS) -> list[Path]:
    """Every domain's .pot written from the code (sorted, without line numbers, so a template
    changes only when a message does)."""
    from babel.messages.pofile import write_po

    written = []
    for domain in domains:
        path = LOCALES / f"{domain}.pot"
        with path.open("wb") as out:
            write_po(out, template(domain), width=100, sort_output=True, omit_header=False,
                     include_lineno=False)  # fmt: skip
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    """`extract [domain ...]`: write the templates (see docs/translating.md)."""
    if not argv or argv[0] != "extract":
        print("usage: python -m bot.service.translating extract [domain ...]", file=sys.stderr)
        return 2
    for path in write_templates(argv[1:] or DOMAINS):
        print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
