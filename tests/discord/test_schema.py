"""Every slash command fits Discord's limits, and the registered schema is a reviewed snapshot.

Run with MUSTER_UPDATE_SNAPSHOT=1 to rewrite commands.json after a deliberate change.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import string
from pathlib import Path
from typing import Any

import discord

from bot.discord import i18n
from bot.discord.admin import ADMIN_DESCRIPTION
from bot.discord.schema import payload
from bot.service.commands import catalogue, validate
from bot.service.i18n import translations
from tests.discord.conftest import World

SNAPSHOT = Path(__file__).with_name("commands.json")
NAME = re.compile(r"^[-_\w]{1,32}$")
SUBCOMMAND_TYPES = (1, 2)


def _lint_options(where: str, options: list[dict[str, Any]]) -> list[str]:
    problems: list[str] = []
    if len(options) > 25:
        problems.append(f"{where}: more than 25 options")
    seen_optional = False
    for o in options:
        at = f"{where} {o['name']}"
        if not NAME.match(o["name"]) or o["name"] != o["name"].lower():
            problems.append(f"{at}: bad name")
        if not 1 <= len(o["description"]) <= 100:
            problems.append(f"{at}: description of {len(o['description'])} characters")
        if o["type"] in SUBCOMMAND_TYPES:
            problems += _lint_options(f"{where} {o['name']}", o.get("options", []))
            continue
        if o.get("required") and seen_optional:
            problems.append(f"{at}: required after optional")
        seen_optional = seen_optional or not o.get("required")
        choices = o.get("choices", [])
        if len(choices) > 25 or (choices and o.get("autocomplete")):
            problems.append(f"{at}: choices")
        problems += [
            f"{at}: choice {c['name']!r}" for c in choices if not 1 <= len(c["name"]) <= 100
        ]
    return problems


def _longest(node: dict[str, Any], field: str) -> int:
    """A field as Discord counts it: its longest localisation, the default included."""
    localised = node.get(f"{field}_localizations") or {}
    found = [str(node.get(field, "")), *localised.values()]
    return max(len(text) for text in found)


def _text_size(command: dict[str, Any]) -> int:
    size = _longest(command, "name") + _longest(command, "description")
    for o in command.get("options", []):
        size += _text_size(o) + sum(
            _longest(c, "name") + len(str(c["value"])) for c in o.get("choices", [])
        )
    return size


MAX_COMMAND_TEXT = 8000


def lint(commands: list[dict[str, Any]]) -> list[str]:
    """Every way the payload breaks Discord's limits for application commands."""
    problems = [] if len(commands) <= 100 else ["more than 100 top-level commands"]
    names = [c["name"] for c in commands]
    if len(set(names)) != len(names):
        problems.append("repeated top-level names")
    for c in commands:
        where = f"/{c['name']}"
        if not NAME.match(c["name"]):
            problems.append(f"{where}: bad name")
        if not 1 <= len(c["description"]) <= 100:
            problems.append(f"{where}: description")
        # Discord counts names, descriptions and choices of a command with its subcommands,
        # each localised field at its longest localisation.
        if _text_size(c) > MAX_COMMAND_TEXT:
            problems.append(f"{where}: more than {MAX_COMMAND_TEXT} characters in all")
        problems += _lint_options(where, c.get("options", []))
    return problems


def test_the_catalogue_fits_discord() -> None:
    assert validate() == []


async def test_every_registered_command_fits_discord(world: World) -> None:
    assert lint(payload(world.tree)) == []


async def test_command_sizes_count_every_locale_and_agree_with_the_catalogue(
    world: World,
) -> None:
    from bot.service.commands.limits import MAX_COMMAND_TEXT as CATALOGUE_LIMIT
    from bot.service.commands.limits import group_size

    assert CATALOGUE_LIMIT == MAX_COMMAND_TEXT
    registered = {c["name"]: c for c in payload(world.tree)}
    for group in catalogue().groups:
        sent = registered[group.name]
        english = len(sent["name"]) + len(sent["description"])
        english += sum(len(o["name"]) + len(o["description"]) for o in sent["options"])
        assert _text_size(sent) > english  # the Czech, Russian and Polish texts count too
        assert _text_size(sent) <= MAX_COMMAND_TEXT
        assert group_size(group.name, group.description, group.commands) <= MAX_COMMAND_TEXT
    # Discord's hard ceiling of 25 subcommands: /neuroshima is at it and must stay valid.
    assert len(registered["neuroshima"]["options"]) <= 25


async def test_the_command_schema_matches_the_snapshot(world: World) -> None:
    actual = json.dumps(payload(world.tree), indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    if os.environ.get("MUSTER_UPDATE_SNAPSHOT"):
        SNAPSHOT.write_text(actual, encoding="utf-8")
    expected = SNAPSHOT.read_text(encoding="utf-8")
    diff = "".join(
        difflib.unified_diff(
            expected.splitlines(keepends=True), actual.splitlines(keepends=True),
            "commands.json (snapshot)", "commands.json (now)",
        )
    )  # fmt: skip
    assert not diff, (
        f"The slash command schema changed (MUSTER_UPDATE_SNAPSHOT=1 to accept):\n{diff}"
    )


async def test_admin_commands_are_hidden_by_default(world: World) -> None:
    admin = next(c for c in payload(world.tree) if c["name"] == "muster-admin")
    assert int(admin["default_member_permissions"]) == discord.Permissions(manage_guild=True).value
    others = [c for c in payload(world.tree) if c["name"] != "muster-admin"]
    assert all(c.get("default_member_permissions") is None for c in others)


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_every_text_exists_in_every_language_with_the_same_placeholders() -> None:
    for key, english in i18n.TEXTS.items():
        for lang in i18n.TRANSLATED:
            said = translations(lang).gettext(english)  # tests/i18n: every message has one
            assert _fields(said) == _fields(english), (key, lang)


def test_every_group_description_is_translated() -> None:
    wanted = [g.description for g in catalogue().groups] + [ADMIN_DESCRIPTION]
    for text in wanted:
        assert all(translations(lang).gettext(text) != text for lang in ("cs", "ru", "pl")), text


async def test_the_translator_localises_group_descriptions_only() -> None:
    from discord import app_commands

    translator = i18n.Translator()
    group = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.group_description, None
    )
    other = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.command_description, None
    )
    text = app_commands.locale_str("Neuroshima Hex: lobbies and moves")
    assert (
        await translator.translate(text, discord.Locale.czech, group)
        == "Neuroshima Hex: lobby a tahy"
    )
    assert await translator.translate(text, discord.Locale.czech, other) is None
    assert i18n.t("undo", "ru") == "Отменить" and i18n.t("undo", "de") == "Undo"
