"""Discord's limits on application commands, checked for the whole catalogue.

https://discord.com/developers/docs/interactions/application-commands (names lowercase
1-32 characters, descriptions 1-100, at most 25 options, choices and subcommands, 100 top-level
commands, required options first, 8000 characters of names, descriptions and choice names and
values per top-level command, its subcommands included). Discord counts a localised field at its
longest localisation, so sizes are measured over every language the bot registers.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from bot.service.commands.spec import Catalogue, Command, Option
from bot.service.i18n import TRANSLATED, choice_key, choice_name, description, translations

NAME = re.compile(r"^[-_a-z0-9]{1,32}$")
MAX_DESCRIPTION = 100
MAX_OPTIONS = 25
MAX_CHOICES = 25
MAX_CHOICE_TEXT = 100
MAX_TOP_LEVEL = 100
MAX_COMMAND_TEXT = 8000


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


def _longest(english: str, key: str) -> int:
    """A description's size as Discord counts it: its longest localisation."""
    found = (description(lang, key, english) for lang in TRANSLATED)
    return max([len(english), *(len(text) for text in found)])


def _choice(option: str, choice: str) -> int:
    """A choice's size: its longest localised name and its (English) value."""
    key = choice_key(option, choice)
    names = (choice_name(lang, key) for lang in TRANSLATED)
    return max([len(choice), *(len(name) for name in names)]) + len(choice)


def command_size(command: Command) -> int:
    """Characters Discord counts for a command: names, longest descriptions, choices."""
    key = command.path.replace(" ", ".")
    size = len(command.name) + _longest(command.description, key)
    for option in command.options:
        size += len(option.name) + _longest(option.description, f"{key}.{option.name}")
        size += sum(_choice(option.name, c) for c in option.choices)
    return size


def group_size(name: str, description: str, commands: Iterable[Command]) -> int:
    """Characters Discord counts for a command group and all its subcommands."""
    longest = max(
        [len(description), *(len(translations(lang).gettext(description)) for lang in TRANSLATED)]
    )
    return len(name) + longest + sum(command_size(c) for c in commands)


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
    if command.group is None and command_size(command) > MAX_COMMAND_TEXT:
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
        size = group_size(group.name, group.description, group.commands)
        if size > MAX_COMMAND_TEXT:
            problems.append(
                f"/{group.name}: {size} characters of names and texts in the group and its "
                f"subcommands, more than {MAX_COMMAND_TEXT}"
            )
    for command in catalogue.all():
        problems += check_command(command, known)
    return problems
