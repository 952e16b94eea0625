"""The command catalogue both front-ends offer: one grammar, one set of handlers.

Discord registers a slash command per entry (`catalogue()` passes `validate()`, Discord's
limits); the console reads `/group command name:value ...` lines. Either way a command runs
through `dispatch(service, user, command, options)`, which calls the service and returns its
Reply, and autocomplete goes through `complete(...)`, which asks the service for legal values.

Front-ends may add context entries to the options (names starting with '_', see spec.py):
`_admin`, `_game` (the game in focus), `_guild`, `_channel`, `_seed` (console and demo only).
"""

from __future__ import annotations

import logging
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING

from bot.service.commands.leagues import group as league
from bot.service.commands.limits import check_catalogue, check_command
from bot.service.commands.privacy import group as privacy
from bot.service.commands.shared import shared_commands
from bot.service.commands.sources import SOURCES, Ask, complete
from bot.service.commands.spec import (
    CONTEXT_ADMIN,
    CONTEXT_CHANNEL,
    CONTEXT_GAME,
    CONTEXT_GUILD,
    CONTEXT_SEED,
    Catalogue,
    Command,
    Group,
    Handler,
    LegalShape,
    Option,
    Options,
    OptionType,
    OptionValue,
    Suggestion,
    opt,
)
from bot.service.errors import storage_full
from bot.service.i18n import described
from bot.service.outbox import PRIVATE_REPLY, Reply
from bot.service.plugin import GamePlugin, installed
from games.text import Text
from storage.base import StorageFullError

if TYPE_CHECKING:
    from bot.service.service import Service, UserId

log = logging.getLogger(__name__)

__all__ = [
    "CONTEXT_ADMIN",
    "CONTEXT_CHANNEL",
    "CONTEXT_GAME",
    "CONTEXT_GUILD",
    "CONTEXT_SEED",
    "SOURCES",
    "Catalogue",
    "Command",
    "Group",
    "Handler",
    "LegalShape",
    "Option",
    "OptionType",
    "OptionValue",
    "Options",
    "Suggestion",
    "catalogue",
    "check_command",
    "complete",
    "dispatch",
    "help_text",
    "validate",
]


async def _help(service: Service, user: UserId, options: Options) -> Reply:
    del service, user
    return Reply(help_text(str(options.get("topic") or "")))


async def _help_topics(ask: Ask) -> list[Suggestion]:
    """Help topics: every group and command path, groups first."""
    del ask
    cat = catalogue()
    paths = [g.name for g in cat.groups] + [c.path for c in cat.all()]
    return [Suggestion(p, p) for p in dict.fromkeys(paths)]


SOURCES["help_topics"] = _help_topics
HELP = Command(
    "help",
    "How to play with Muster: commands and examples",
    _help,
    (
        opt(
            "topic",
            "str",
            "A command or group, e.g. neuroshima or neuroshima place",
            autocomplete="help_topics",
        ),
    ),
)


def catalogue() -> Catalogue:
    """Every command: each installed game's group, then the leagues', privacy's and the
    shared ones (built once per set of installed games, because it reads the game registry)."""
    return _catalogue(installed())


@cache
def _catalogue(plugins: tuple[GamePlugin, ...]) -> Catalogue:
    games = tuple(p.commands() for p in plugins if p.commands is not None)
    more = tuple(g for p in plugins if p.more_commands is not None for g in p.more_commands())
    return Catalogue((*games, *more, league(), privacy()), (*shared_commands(), HELP))


def validate(target: Catalogue | None = None) -> list[str]:
    """Every way the catalogue (or `target`) breaks Discord's limits; empty when it fits."""
    return check_catalogue(target or catalogue(), SOURCES)


def usage(command: Command) -> str:
    """One line: how the command is typed."""
    parts = [f"/{command.path}"]
    for o in command.options:
        shown = "|".join(o.choices) if o.choices and len(o.choices) <= 4 else o.type
        parts.append(f"{o.name}:{shown}" if o.required else f"[{o.name}:{shown}]")
    return " ".join(parts)


def _key(path: str, option: str | None = None) -> str:
    key = path.replace(" ", ".")
    return key if option is None else f"{key}.{option}"


def help_text(topic: str = "") -> Text:
    """The /help answer: an overview, a group's commands, or one command's options."""
    cat = catalogue()
    topic = topic.strip().lstrip("/").lower()
    verbatim = Text.verbatim
    if topic:
        command = cat.find(topic)
        if command is not None:
            lines = [
                verbatim(usage(command)),
                Text(
                    "  {description}",
                    description=described(command.description, _key(command.path)),
                ),
            ]
            lines += [
                Text(
                    "  {option}: {description}",
                    option=verbatim(o.name),
                    description=described(o.description, _key(command.path, o.name)),
                )
                for o in command.options
            ]
            return Text.lines(lines)
        group = cat.group(topic.split()[0])
        if group is not None:
            lines = [
                Text(
                    "/{group}: {description}",
                    group=verbatim(group.name),
                    description=Text(group.description),  # group descriptions are templates
                )
            ]
            lines += [verbatim(f"  {usage(c)}") for c in group.commands]
            return Text.lines(lines)
        return Text("No command {topic!r}. Type /help for the list.", topic=topic)
    lines = [Text("Games:")]
    lines += [
        Text(
            "  /{group} ...  {description} (/help {group})",
            group=verbatim(g.name),
            description=Text(g.description),
        )
        for g in cat.groups
    ]
    lines.append(Text("Everywhere:"))
    lines += [
        Text(
            "  /{command}  {description}",
            command=verbatim(c.name),
            description=described(c.description, _key(c.path)),
        )
        for c in cat.commands
    ]
    lines.append(
        Text(
            "Example: {example}",
            example=verbatim(next((p.example for p in installed() if p.example), "/help")),
        )
    )
    return Text.lines(lines)


async def dispatch(service: Service, user: UserId, command: Command, options: Options) -> Reply:
    """Run a command for a user: required options are checked, then its handler called."""
    from bot.service.commands.spec import required_str, typed_values

    options = typed_values(command, options)
    for option in command.options:
        if option.required:
            required_str(options, option.name)
    try:
        reply = await command.handler(service, user, options)
    except StorageFullError as err:
        log.error("/%s not saved: %s", command.path, err)  # the operator must free space
        raise storage_full() from err
    if reply.kind == PRIVATE_REPLY and command.answers != PRIVATE_REPLY:
        reply = replace(reply, kind=command.answers)  # the command says what its reply is
    return reply
