"""Discord's limits on application commands, checked for the whole catalogue.

https://discord.com/developers/docs/interactions/application-commands (names lowercase
1-32 characters, descriptions 1-100, at most 25 options, choices and subcommands, 100 top-level
commands, required options first, 4000 characters of names, descriptions and choice values per
top-level command, its subcommands included).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from bot.service.commands.spec import Catalogue, Command, Option

NAME = re.compile(r"^[-_a-z0-9]{1,32}$")
MAX_DESCRIPTION = 100
MAX_OPTIONS = 25
MAX_CHOICES = 25
MAX_CHOICE_TEXT = 100
MAX_TOP_LEVEL = 100
MAX_COMMAND_TEXT = 4000


def _name(where: str, name: str) -> list[str]:
    if NAME.match(name):
        return []
    return [f"{where}: name {name!r} must be 1-32 lowercase letters, digits, - or _"]


def _description(where: str, text: str) -> list[str]:
    if 1 <= len(text) <= MAX_DESCRIPTION:
        return []
    return [f"{where}: description must be 1-{MAX_DESCRIPTION} characters ({len(text)})"]


def _option(where: str, option: Option, sources: Iterable[str]) -> list[str]:
    at = f"{where} {option.name}"
    problems = _name(at, option.name) + _description(at, option.description)
    if option.type == "choice":
        if not 1 <= len(option.choices) <= MAX_CHOICES:
            problems.append(f"{at}: a choice option needs 1-{MAX_CHOICES} choices")
        problems += [
            f"{at}: choice {c!r} must be 1-{MAX_CHOICE_TEXT} characters"
            for c in option.choices
            if not 1 <= len(c) <= MAX_CHOICE_TEXT
        ]
        if len(set(option.choices)) != len(option.choices):
            problems.append(f"{at}: repeated choices")
    elif option.choices:
        problems.append(f"{at}: only choice options have choices")
    if option.autocomplete is not None:
        if option.type == "choice":
            problems.append(f"{at}: an option has choices or autocomplete, not both")
        if option.type in ("bool", "user"):
            problems.append(f"{at}: {option.type} options cannot autocomplete")
        if option.autocomplete not in sources:
            problems.append(f"{at}: unknown autocomplete source {option.autocomplete!r}")
    if option.type != "int" and (option.min_value is not None or option.max_value is not None):
        problems.append(f"{at}: only int options have bounds")
    return problems


def _command_text(command: Command) -> int:
    size = len(command.name) + len(command.description)
    for option in command.options:
        # A choice is sent as a name and a value, and Discord counts both.
        size += len(option.name) + len(option.description) + 2 * sum(map(len, option.choices))
    return size


def check_command(command: Command, sources: Iterable[str]) -> list[str]:
    """Every way one command breaks Discord's limits (empty when it fits)."""
    where = f"/{command.path}"
    known = set(sources)
    problems = _name(where, command.name) + _description(where, command.description)
    if len(command.options) > MAX_OPTIONS:
        problems.append(f"{where}: more than {MAX_OPTIONS} options")
    names = [o.name for o in command.options]
    if len(set(names)) != len(names):
        problems.append(f"{where}: repeated option names")
    seen_optional = False
    for option in command.options:
        if option.required and seen_optional:
            problems.append(f"{where}: required option {option.name} after an optional one")
        seen_optional = seen_optional or not option.required
        problems += _option(where, option, known)
    if _command_text(command) > MAX_COMMAND_TEXT:
        problems.append(f"{where}: more than {MAX_COMMAND_TEXT} characters of names and texts")
    return problems


def check_catalogue(catalogue: Catalogue, sources: Iterable[str]) -> list[str]:
    """Every way the catalogue breaks Discord's limits (empty when it can be registered)."""
    known = set(sources)
    problems: list[str] = []
    tops = [c.name for c in catalogue.commands] + [g.name for g in catalogue.groups]
    if len(tops) > MAX_TOP_LEVEL:
        problems.append(f"more than {MAX_TOP_LEVEL} top-level commands")
    if len(set(tops)) != len(tops):
        problems.append("two top-level commands or groups share a name")
    for group in catalogue.groups:
        problems += _name(f"/{group.name}", group.name)
        problems += _description(f"/{group.name}", group.description)
        if not 1 <= len(group.commands) <= MAX_OPTIONS:
            problems.append(f"/{group.name}: needs 1-{MAX_OPTIONS} subcommands")
        names = [c.name for c in group.commands]
        if len(set(names)) != len(names):
            problems.append(f"/{group.name}: repeated subcommand names")
        # Discord counts a group and all its subcommands as one command against the limit.
        size = len(group.name) + len(group.description)
        size += sum(_command_text(c) for c in group.commands)
        if size > MAX_COMMAND_TEXT:
            problems.append(
                f"/{group.name}: {size} characters of names and texts in the group and its "
                f"subcommands, more than {MAX_COMMAND_TEXT}"
            )
    for command in catalogue.all():
        problems += check_command(command, known)
    return problems
