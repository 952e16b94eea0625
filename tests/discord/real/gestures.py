"""What a user's Discord client sends: slash commands, autocomplete, button clicks, select picks.

Payloads are INTERACTION_CREATE's `d`, typed against the command schema Discord holds, so both
harnesses (in-process and on the wire) send exactly what the real client would.
"""

from __future__ import annotations

import copy
from typing import Any

import discord

from bot.discord.schema import py_name
from tests.discord.real import payloads as p
from tests.discord.real.payloads import JSON, Person
from tests.discord.real.state import DiscordState

MEMBER = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    read_message_history=True,
    attach_files=True,
    embed_links=True,
    use_application_commands=True,
)
BOT_PERMISSIONS = MEMBER | discord.Permissions(
    create_public_threads=True, create_private_threads=True, manage_threads=True
)
OPTION_TYPES = {3: str, 4: int, 5: bool}
USER_OPTION, SUBCOMMAND, SUBCOMMAND_GROUP = 6, 1, 2
SLASH, COMPONENT, AUTOCOMPLETE = 2, 3, 4
BUTTON, STRING_SELECT = 2, 3


def interaction(
    state: DiscordState,
    who: Person,
    kind: int,
    data: JSON,
    where: JSON,
    message: JSON | None = None,
) -> JSON:
    """An INTERACTION_CREATE payload from `who` in a channel, thread or DM."""
    interaction_id = state.snowflake()
    payload: JSON = {
        "id": str(interaction_id),
        "application_id": str(state.application_id),
        "type": kind,
        "data": data,
        "token": f"interaction-token-{interaction_id}",
        "version": 1,
        "locale": who.locale,
        "app_permissions": str(BOT_PERMISSIONS.value),
        "entitlements": [],
        "attachment_size_limit": p.UPLOAD_LIMIT,
        "channel_id": where["id"],
        "channel": {**copy.deepcopy(where), "permissions": str(MEMBER.value)},
    }
    if "guild_id" in where:
        owner = state.guilds.get(int(where["guild_id"]))
        rights = discord.Permissions.all() if who.id == owner else MEMBER
        payload |= {
            "guild_id": where["guild_id"],
            "guild_locale": "en-US",
            "guild": {"id": where["guild_id"], "locale": "en-US", "features": []},
            "member": p.member(who, rights),
            "context": 0,
            "authorizing_integration_owners": {"0": where["guild_id"]},
        }
    else:
        payload |= {
            "user": p.user(who),
            "context": 1,
            "authorizing_integration_owners": {"1": str(who.id)},
        }
    if message is not None:
        payload["message"] = copy.deepcopy(message)
    return payload


def component(message: JSON, name: str, kind: int) -> JSON:
    """A button or select of a message, by label, placeholder or custom id."""
    for row in message["components"]:
        for c in row["components"]:
            if c["type"] == kind and name in (
                c.get("custom_id"),
                c.get("label"),
                c.get("placeholder"),
            ):
                return dict(c)
    shown = [
        c.get("label") or c.get("placeholder") or c.get("custom_id")
        for row in message["components"]
        for c in row["components"]
    ]
    raise AssertionError(f"no {name!r} on the message; it shows {shown}")


def click_data(message: JSON, button: str) -> JSON:
    """The data of a button click."""
    found = component(message, button, BUTTON)
    return {"custom_id": found["custom_id"], "component_type": BUTTON}


def select_data(message: JSON, menu: str, value: str) -> JSON:
    """The data of picking one option of a select menu."""
    found = component(message, menu, STRING_SELECT)
    offered = [o["value"] for o in found["options"]]
    assert value in offered, f"the menu offers {offered}, not {value!r}"
    return {"custom_id": found["custom_id"], "component_type": STRING_SELECT, "values": [value]}


def command_data(
    state: DiscordState, guild_id: int | None, path: str, given: dict[str, Any], focused: str | None
) -> JSON:
    """The data of a command interaction, typed against the schema Discord holds."""
    registered = state.commands.get(guild_id) or state.commands.get(None) or []
    words = path.split()
    schema = next((c for c in registered if c["name"] == words[0]), None)
    assert schema is not None, f"/{words[0]} is not registered with Discord"
    data: JSON = {"id": schema["id"], "name": schema["name"], "type": 1, "resolved": {}}
    if "guild_id" in schema:
        data["guild_id"] = schema["guild_id"]
    level, holder = schema, data
    for word in words[1:]:
        sub = next(o for o in level.get("options", ()) if o["name"] == word)
        assert sub["type"] in (SUBCOMMAND, SUBCOMMAND_GROUP), f"{word} is not a subcommand"
        inner: JSON = {"name": word, "type": sub["type"], "options": []}
        holder.setdefault("options", []).append(inner)
        level, holder = sub, inner
    holder.setdefault("options", [])
    for key, value in given.items():
        holder["options"].append(_option(level, key, value, focused, data["resolved"]))
    for option in level.get("options", ()):
        named = {o["name"] for o in holder["options"]}
        if focused is None and option.get("required") and option["name"] not in named:
            raise AssertionError(f"Discord requires {option['name']!r} for /{path}")
    return data


def _option(level: JSON, key: str, value: Any, focused: str | None, resolved: JSON) -> JSON:
    spec = next(
        (o for o in level.get("options", ()) if key in (o["name"], py_name(o["name"]))), None
    )
    assert spec is not None, f"/{level['name']} has no option {key!r}"
    option: JSON = {"name": spec["name"], "type": spec["type"]}
    if focused is not None and key == focused:
        return option | {"value": str(value), "focused": True}
    if spec["type"] == USER_OPTION:
        assert isinstance(value, Person)
        resolved.setdefault("users", {})[str(value.id)] = p.user(value)
        return option | {"value": str(value.id)}
    choices = [c["value"] for c in spec.get("choices") or ()]
    assert not choices or value in choices, f"{spec['name']} offers only {choices}"
    return option | {"value": OPTION_TYPES[spec["type"]](value)}
