"""The shapes of the command catalogue: options, commands, groups, and reading option values.

Both front-ends build from these: Discord registers slash commands, the console parses
`/group command name:value ...` lines. Values reach handlers already typed (str, int, bool);
`user` options carry whatever `Service.user` accepts (an id, a mention, or a console name).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from bot.service.outbox import PRIVATE_REPLY
from games.base import InvalidActionError

if TYPE_CHECKING:
    from bot.service.outbox import Reply
    from bot.service.service import Service, UserId

OptionType = Literal["str", "int", "user", "bool", "choice"]
OptionValue = str | int | bool
Options = Mapping[str, Any]
"""Option values by name; front-ends may add context entries whose names start with '_'."""

Handler = Callable[["Service", "UserId", Options], Awaitable["Reply"]]

CONTEXT_ADMIN = "_admin"
"""Context entry: the caller may administrate (Discord: manage-server permission)."""
CONTEXT_GAME = "_game"
"""Context entry: the game the front-end has in focus (Discord: the thread's game)."""
CONTEXT_GUILD = "_guild"
CONTEXT_CHANNEL = "_channel"
CONTEXT_SEED = "_seed"
"""Context entry: a fixed seed for new games (console scripts and demos; never on Discord)."""

_TRUE = frozenset({"true", "yes", "y", "on", "1"})
_FALSE = frozenset({"false", "no", "n", "off", "0"})


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a command, in the order the command lists them."""

    name: str
    type: OptionType
    description: str
    required: bool = False
    choices: tuple[str, ...] = ()
    autocomplete: str | None = None
    """The name of an autocomplete source (see `sources.SOURCES`), None for none."""
    min_value: int | None = None
    max_value: int | None = None

    def read(self, raw: str) -> OptionValue:
        """The typed value of raw text (as a console types it); raises InvalidActionError."""
        text = raw.strip()
        if self.type == "int":
            if not re.fullmatch(r"[+-]?[0-9]+", text):
                raise _bad(
                    "{option} must be a whole number, not {text!r}.", option=self.name, text=text
                )
            value = int(text)
            _check_range(self, value)
            return value
        if self.type == "bool":
            if text.lower() in _TRUE:
                return True
            if text.lower() in _FALSE:
                return False
            raise _bad("{option} must be true or false, not {text!r}.", option=self.name, text=text)
        if self.type == "choice":
            for choice in self.choices:
                if choice.lower() == text.lower():
                    return choice
            choices = ", ".join(self.choices)
            raise _bad("{option} must be one of: {choices}.", option=self.name, choices=choices)
        if not text:
            raise _bad("{option} needs a value.", option=self.name)
        return text


@dataclass(frozen=True, slots=True)
class LegalShape:
    """How a game-action command's options show up in legal actions (drives autocomplete)."""

    types: tuple[type, ...]
    values: Callable[[Any, Any], Mapping[str, str]]
    """(legal action, the seat's view) -> the option values that would play it."""
    label: Callable[[str, str], str] | None = None
    """(option name, value) -> what a suggestion shows; the value itself when None."""


@dataclass(frozen=True, slots=True)
class Command:
    """A command: `/name` at the top level, or `/group name` inside a game's group."""

    name: str
    description: str
    handler: Handler
    options: tuple[Option, ...] = ()
    group: str | None = None
    legal: LegalShape | None = None
    answers: str = PRIVATE_REPLY
    """What its reply is (`Reply.kind`), known before it runs: a front-end defers by it."""

    @property
    def path(self) -> str:
        """How it is typed, without the slash: 'board' or '<group> place'."""
        return f"{self.group} {self.name}" if self.group else self.name

    def option(self, name: str) -> Option | None:
        """The option called `name`, if the command has one."""
        return next((o for o in self.options if o.name == name), None)


@dataclass(frozen=True, slots=True)
class Group:
    """A game's command group (`/<group> ...`)."""

    name: str
    description: str
    game_key: str
    commands: tuple[Command, ...]

    def command(self, name: str) -> Command | None:
        """The subcommand called `name`, if any."""
        return next((c for c in self.commands if c.name == name), None)


@dataclass(frozen=True, slots=True)
class Catalogue:
    """Every command both front-ends offer."""

    groups: tuple[Group, ...]
    commands: tuple[Command, ...]

    def all(self) -> tuple[Command, ...]:
        """Top-level commands, then each group's subcommands."""
        return (*self.commands, *(c for g in self.groups for c in g.commands))

    def group(self, name: str) -> Group | None:
        """The group called `name`, if any."""
        return next((g for g in self.groups if g.name == name), None)

    def find(self, path: str) -> Command | None:
        """The command typed as 'board' or '<group> place' (case and slash ignored)."""
        words = path.strip().lstrip("/").lower().split()
        if len(words) == 1:
            return next((c for c in self.commands if c.name == words[0]), None)
        if len(words) == 2:
            group = self.group(words[0])
            return group.command(words[1]) if group else None
        return None


@dataclass(frozen=True, slots=True)
class Suggestion:
    """An autocomplete choice: what the user sees and the value it fills in."""

    name: str
    value: str


def _bad(message: str, code: str = "bad_option", **params: object) -> InvalidActionError:
    return InvalidActionError(message, code=code, **params)


def opt(
    name: str,
    type: OptionType,
    description: str,
    required: bool = False,
    *,
    choices: tuple[str, ...] = (),
    autocomplete: str | None = None,
    min_value: int | None = None,
    max_value: int | None = None,
) -> Option:
    """An Option (a short constructor for the catalogue tables)."""
    return Option(name, type, description, required, choices, autocomplete, min_value, max_value)


def game_option(description: str = "Game number (default: current)") -> Option:
    """The optional `game` option most commands carry."""
    return opt("game", "int", description, autocomplete="games_of_user", min_value=1)


def required_str(options: Options, name: str) -> str:
    """A required option's value as text (handlers call this; front-ends check it too)."""
    value = options.get(name)
    if value is None or str(value).strip() == "":
        raise _bad("Missing option {option}.", "missing_option", option=name)
    return str(value).strip()


MAX_INT = 2**63 - 1
"""The largest whole number any option takes (a store keeps signed 64-bit integers)."""
MAX_DURATION = 3650 * 86400
"""Ten years: longer durations are typos, and past this datetime arithmetic overflows."""
_DURATION = re.compile(r"^(\d+(?:\.\d+)?)\s*([smhd]?)$")
_UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "": 60}


def parse_duration(text: str) -> int:
    """Seconds in '90s', '15m', '24h', '2d' or a bare number of minutes."""
    match = _DURATION.match(text.strip().lower())
    seconds = float(match.group(1)) * _UNIT_SECONDS[match.group(2)] if match else None
    if seconds is None or not seconds <= MAX_DURATION:  # `not <=` also refuses inf
        raise _bad("{text!r} is not a duration; try 15m, 24h or 2d.", "bad_clock", text=text)
    return int(seconds)


def typed_values(command: Command, options: Options) -> dict[str, Any]:
    """The options with each value of its option's type and range: anything else is read as
    the console reads text, and refused when it does not read (a console types anything; a
    Discord client can be scripted around its own limits)."""
    typed = dict(options)
    for option in command.options:
        value = options.get(option.name)
        if value is None or option.type in ("str", "user"):
            continue
        if not _fits(option, value):
            text = str(value).strip()
            # A game is named "#12" as often as "12" (that is how lists show it).
            value = option.read(text.removeprefix("#") if option.name == "game" else text)
        if option.type == "int" and isinstance(value, int):
            _check_range(option, value)
        typed[option.name] = value
    return typed


def _fits(option: Option, value: object) -> bool:
    if option.type == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if option.type == "bool":
        return isinstance(value, bool)
    return value in option.choices


def _check_range(option: Option, value: int) -> None:
    low = option.min_value if option.min_value is not None else -MAX_INT
    high = option.max_value if option.max_value is not None else MAX_INT
    if value < low:
        raise _bad("{option} must be at least {min}.", option=option.name, min=low)
    if value > high:
        raise _bad("{option} must be at most {max}.", option=option.name, max=high)
