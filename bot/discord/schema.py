"""Slash commands generated from the service's catalogue: one group per game, shared commands.

Each catalogue command becomes an app_commands.Command whose callback signature is built from
the command's options, so discord.py derives the exact option schema Discord receives;
autocomplete and the callback both go through the Runner. Descriptions carry a translation key
(`i18n.command_key`) so the tree's Translator localises them; names stay English.
"""

from __future__ import annotations

import inspect
import keyword
from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.discord.i18n import command_key, described
from bot.discord.runner import Runner
from bot.service.commands import Catalogue, Command, Option, catalogue
from bot.service.i18n import choice_key

Callback = Callable[..., Coroutine[Any, Any, None]]
AutocompleteFn = Callable[
    [discord.Interaction[Any], str], Coroutine[Any, Any, list[app_commands.Choice[Any]]]
]


def py_name(name: str) -> str:
    """A Python parameter name for an option name ('from' -> 'from_', 'add-ai' -> 'add_ai')."""
    text = name.replace("-", "_")
    return f"{text}_" if keyword.iskeyword(text) else text


def _annotation(option: Option) -> Any:
    if option.type == "int":
        if option.min_value is None and option.max_value is None:
            return int
        return app_commands.Range[int, option.min_value, option.max_value]
    if option.type == "bool":
        return bool
    if option.type == "user":
        return discord.User
    return str


def _value(option: Option, value: Any) -> Any:
    """A catalogue value from what discord.py hands the callback."""
    if option.type == "user" and isinstance(value, discord.abc.Snowflake):
        return str(value.id)
    return value


def _callback(runner: Runner, command: Command) -> Callback:
    by_py = {py_name(o.name): o for o in command.options}

    async def callback(interaction: discord.Interaction[Any], **values: Any) -> None:
        options = {by_py[k].name: _value(by_py[k], v) for k, v in values.items() if v is not None}
        await runner.run(interaction, command, options)

    params = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]
    for o in command.options:
        default = inspect.Parameter.empty if o.required else None
        params.append(
            inspect.Parameter(
                py_name(o.name),
                inspect.Parameter.KEYWORD_ONLY,
                annotation=_annotation(o),
                default=default,
            )
        )
    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    callback.__name__ = callback.__qualname__ = py_name(command.name)
    _decorate(callback, runner, command)
    return callback


def _decorate(callback: Callback, runner: Runner, command: Command) -> None:
    """Descriptions, renames, choices and autocomplete through discord.py's own decorators."""
    options = command.options
    if not options:
        return
    app_commands.describe(
        **{
            py_name(o.name): described(o.description, command_key(command.path, o.name))
            for o in options
        }
    )(callback)
    renames = {py_name(o.name): o.name for o in options if py_name(o.name) != o.name}
    if renames:
        app_commands.rename(**renames)(callback)
    choices = {
        py_name(o.name): [
            app_commands.Choice(name=locale_str(c, key=choice_key(o.name, c)), value=c)
            for c in o.choices
        ]
        for o in options
        if o.type == "choice"
    }
    if choices:
        app_commands.choices(**choices)(callback)
    completers = {
        py_name(o.name): _completer(runner, command, o.name)
        for o in options
        if o.autocomplete is not None
    }
    if completers:
        app_commands.autocomplete(**completers)(callback)


def _completer(runner: Runner, command: Command, option: str) -> AutocompleteFn:
    async def autocomplete(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[Any]]:
        return await runner.autocomplete(interaction, command, option, current)

    return autocomplete


SlashCommand = app_commands.Command[Any, ..., None] | app_commands.Group


def build(runner: Runner, source: Catalogue | None = None) -> list[SlashCommand]:
    """Every slash command of the catalogue: a Group per game, then the shared commands."""
    cat = source or catalogue()
    built: list[SlashCommand] = []
    for group in cat.groups:
        parent = app_commands.Group(name=group.name, description=group.description)
        for command in group.commands:
            parent.add_command(_command(runner, command, parent))
        built.append(parent)
    built += [_command(runner, c, None) for c in cat.commands]
    return built


def _command(
    runner: Runner, command: Command, parent: app_commands.Group | None
) -> app_commands.Command[Any, ..., None]:
    return app_commands.Command(
        name=command.name,
        description=described(command.description, command_key(command.path)),
        callback=_callback(runner, command),
        parent=parent,
    )


def payload(tree: app_commands.CommandTree[Any]) -> list[dict[str, Any]]:
    """The JSON the tree would register globally, sorted by name (what the snapshot holds)."""
    commands = tree.get_commands()
    return sorted((c.to_dict(tree) for c in commands), key=lambda c: str(c["name"]))
