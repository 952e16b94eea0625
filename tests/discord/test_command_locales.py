"""Every command and option description is translated into cs, ru and pl within Discord's limits.

The translations live in the gettext domain `commands`, in the context of the command key; names
stay English on purpose (players type them and share them across languages).
"""

from __future__ import annotations

from typing import Any, cast

import discord

from bot.discord import i18n
from bot.discord.admin import admin_group
from bot.service import translating
from bot.service.commands import catalogue
from tests.discord.conftest import World

LIMIT = 100
"""Discord's ceiling for a description, localised or not."""


def _catalogue_keys() -> dict[str, str]:
    """The English description of every catalogue command and option, by translation key."""
    cat = catalogue()
    wanted: dict[str, str] = {}
    for command in [c for g in cat.groups for c in g.commands] + list(cat.commands):
        wanted[i18n.command_key(command.path)] = command.description
        for o in command.options:
            wanted[i18n.command_key(command.path, o.name)] = o.description
    return wanted


def _admin_keys() -> set[str]:
    group = admin_group(None)  # type: ignore[arg-type]  # only its shape is read
    keys = set()
    for command in group.walk_commands():
        keys.add(i18n.command_key(command.qualified_name))
        if isinstance(command, discord.app_commands.Command):
            keys |= {i18n.command_key(command.qualified_name, p.name) for p in command.parameters}
    return keys


def test_every_catalogue_description_has_every_translation_within_the_limit() -> None:
    wanted = _catalogue_keys()
    problems = []
    for lang in i18n.TRANSLATED:
        for key, english in wanted.items():
            said = i18n.command_text(lang, key, english)
            if said == english or not said.strip():
                problems.append(f"{lang}: {key} untranslated")
            elif len(said) > LIMIT:
                problems.append(f"{lang}: {key} has {len(said)} characters")
    assert problems == []


def test_every_admin_description_is_a_message_of_the_commands_domain() -> None:
    described = {
        context for context, _ in (
            (m.context, m.id) for m in translating.template("commands") if m.context
        )
    }  # fmt: skip
    assert _admin_keys() <= described


def _described(node: dict[str, Any], where: str) -> list[tuple[str, dict[str, Any]]]:
    """Every command, subcommand and option of a payload entry that carries a description."""
    found = [(where, node)]
    for o in node.get("options", []):
        found += _described(o, f"{where} {o['name']}")
    return found


async def test_the_synced_payload_localises_every_description(world: World) -> None:
    translator = i18n.Translator()
    problems: list[str] = []
    for command in world.tree.get_commands():
        payload = await command.get_translated_payload(world.tree, translator)
        for where, node in _described(payload, f"/{payload['name']}"):
            localised = node.get("description_localizations") or {}
            for lang in i18n.TRANSLATED:
                text = localised.get(lang)
                if not text:
                    problems.append(f"{where}: no {lang} description")
                elif len(text) > LIMIT:
                    problems.append(f"{where}: {lang} description of {len(text)} characters")
            if node.get("name_localizations"):
                problems.append(f"{where}: names stay English")
    assert problems == []


async def test_the_translator_reads_the_locale_files() -> None:
    from discord import app_commands

    translator = i18n.Translator()
    context: app_commands.TranslationContextTypes = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.parameter_description, cast(Any, None)
    )
    text = i18n.described("Facing 0-5 (0 = up, clockwise)", "neuroshima.place.facing")
    assert await translator.translate(text, discord.Locale.polish, context) == (
        "Obrót 0-5 (0 = w górę, zgodnie z zegarem)"
    )
    assert await translator.translate(text, discord.Locale.german, context) is None
    plain = app_commands.locale_str("Facing 0-5 (0 = up, clockwise)")
    assert await translator.translate(plain, discord.Locale.polish, context) is None
    name: app_commands.TranslationContextTypes = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.command_name, cast(Any, None)
    )
    assert await translator.translate(text, discord.Locale.polish, name) is None


async def test_choice_names_are_localised_and_values_stay_english(world: World) -> None:
    translator = i18n.Translator()
    new = next(c for c in world.tree.get_commands() if c.name == "neuroshima")
    payload = await new.get_translated_payload(world.tree, translator)
    command = next(o for o in payload["options"] if o["name"] == "new")
    vs = next(o for o in command["options"] if o["name"] == "vs")
    ai = next(c for c in vs["choices"] if c["value"] == "ai")
    assert ai["name"] == "ai"
    assert ai["name_localizations"] == {"cs": "proti AI", "ru": "против ИИ", "pl": "przeciw AI"}
    settings = next(c for c in world.tree.get_commands() if c.name == "settings")
    payload = await settings.get_translated_payload(world.tree, translator)
    language = next(o for o in payload["options"] if o["name"] == "language")
    assert all(not c.get("name_localizations") for c in language["choices"])
