"""Reading a console line with the slash-command grammar: `/group command name:value ...`.

A token `name:value` starts an option of the command; the tokens after it, up to the next
option, belong to that value (so `action:place runner C3 2` works). Tokens before any named
option fill the options in order (`/neuroshima place runner C3 2`), and the last required text
option takes the rest of the line (`/neuroshima act place runner C3 2`).
"""

from __future__ import annotations

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


def _named(token: str, command: Command) -> tuple[Option, str] | None:
    name, sep, value = token.partition(":")
    if not sep:
        return None
    option = command.option(name.lower())
    return (option, value) if option is not None else None


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
        named = _named(token, command)
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
