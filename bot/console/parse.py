"""Reading a console line with the slash-command grammar: `/group command name:value ...`.

A token `name:value` starts an option of the command; the tokens after it, up to the next
option, belong to that value (so `action:place runner C3 2` works). Tokens before any named
option fill the options in order (`/neuroshima place runner C3 2`), and the last required text
option takes the rest of the line (`/neuroshima act place runner C3 2`).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from bot.service.commands import Catalogue, Command, Option, OptionValue
from games.base import InvalidActionError


@dataclass(frozen=True, slots=True)
class Parsed:
    """A catalogue command with its typed option values."""

    command: Command
    options: dict[str, OptionValue]


def _bad(message: str, code: str = "bad_command", **params: object) -> InvalidActionError:
    return InvalidActionError(message, code=code, **params)


def find_command(words: list[str], catalogue: Catalogue) -> tuple[Command, list[str]]:
    """The command the first words name, and the words left for its options."""
    head = words[0].lstrip("/").lower()
    group = catalogue.group(head)
    if group is not None:
        if len(words) < 2:
            names = ", ".join(c.name for c in group.commands)
            raise _bad(
                "/{group} what? One of: {names}.",
                "missing_subcommand",
                group=group.name,
                names=names,
            )
        command = group.command(words[1].lower())
        if command is None:
            raise _bad(
                "/{group} has no command {word!r}. Try /help {group}.",
                "unknown_command",
                group=group.name,
                word=words[1],
            )
        return command, words[2:]
    command = catalogue.find(head)
    if command is None:
        raise _bad(
            "Unknown command /{head}. Type /help for the list.", "unknown_command", head=head
        )
    return command, words[1:]


OPTION_TOKEN = re.compile(r"^([a-z][a-z_-]*):", re.IGNORECASE)
"""A token that names an option (`facing:2`); a time like 22:00 does not."""
SENTENCES = frozenset({"seed", "text", "reason", "topic", "what", "name", "value", "arg"})
"""Options whose values are free words, where a colon is just part of the words."""


def option_word(token: str) -> str | None:
    """The option name a token starts with (`facing` for `facing:9`), else None."""
    found = OPTION_TOKEN.match(token)
    return found[1].lower() if found else None


def _named(token: str, command: Command, current: str | None) -> tuple[Option, str] | None:
    name, sep, value = token.partition(":")
    if not sep:
        return None
    option = command.option(name.lower())
    if option is not None:
        return option, value
    if option_word(token) is not None and current not in SENTENCES:
        names = ", ".join(o.name for o in command.options)
        raise _bad(
            "/{command} has no option {option}; its options: {names}.",
            "unknown_option",
            command=command.path,
            option=name,
            names=names,
        )
    return None


INVISIBLE = frozenset({"Cf"})
"""Unicode categories never meant to be typed: zero-width spaces and joiners, direction marks,
byte-order marks, soft hyphens. A pasted one would make "C3" "not a hex"."""


def clean_line(line: str) -> str:
    """A typed line without invisible characters, with every kind of space as a plain one."""
    kept = (" " if unicodedata.category(c) == "Zs" else c for c in line)
    return "".join(c for c in kept if unicodedata.category(c) not in INVISIBLE)


def check_digits(line: str) -> None:
    """Refuse digits other than 0-9: a number typed in another script is not read as one."""
    for char in line:
        if char.isdigit() and not ("0" <= char <= "9"):
            raise _bad(
                "Only the digits 0-9 are numbers: {char} ({name}) is not one.",
                "not_a_digit",
                char=char,
                name=unicodedata.name(char, "?").lower(),
            )


def _greedy(command: Command) -> Option | None:
    required = [o for o in command.options if o.required]
    if required and required[-1].type == "str":
        return required[-1]
    if len(command.options) == 1 and command.options[0].type == "str":
        return command.options[0]
    return None


def read_options(command: Command, tokens: list[str]) -> dict[str, OptionValue]:
    """Typed option values from the tokens after a command's name."""
    raw: dict[str, list[str]] = {}
    current: str | None = None
    greedy = _greedy(command)
    for token in tokens:
        named = _named(token, command, current)
        if named is not None:
            option, value = named
            if option.name in raw:
                raise _bad("Option {option} is given twice.", "repeated_option", option=option.name)
            raw[option.name] = [value] if value else []
            current = option.name
            continue
        if current is not None:
            raw[current].append(token)
            continue
        free = [o for o in command.options if o.name not in raw]
        if not free:
            raise _bad(
                "Too many words for /{command}: {token!r}.",
                "too_many_words",
                command=command.path,
                token=token,
            )
        option = free[0]
        raw[option.name] = [token]
        current = option.name if option is greedy else None
    values: dict[str, OptionValue] = {}
    for name, words in raw.items():
        found = command.option(name)
        assert found is not None
        values[name] = found.read(" ".join(words))
    return values


def parse_command(line: str, catalogue: Catalogue) -> Parsed:
    """The catalogue command typed on `line` (which starts with a slash)."""
    words = line.split()
    if not words:
        raise _bad("Type a command, e.g. /help.", "empty")
    command, rest = find_command(words, catalogue)
    return Parsed(command, read_options(command, rest))
