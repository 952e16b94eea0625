"""The bot process connects to the simulated Discord and plays through it."""

from __future__ import annotations

import pytest

from bot.config import ConfigError, settings_from
from bot.discord import i18n
from tests.discord.wire.world import WireWorld


async def test_the_bot_logs_in_registers_its_commands_and_opens_a_lobby(wire: WireWorld) -> None:
    guild = wire.server("owner")
    alice, bob = wire.player("alice", guild), wire.player("bob", guild)
    await wire.bot.start()
    assert wire.sim.gateway.log == [("IDENTIFY", "session-1")]
    names = {c["name"] for c in wire.sim.fake.commands[None]}
    assert {"neuroshima", "hand", "board"} <= names
    new = await alice.slash("neuroshima new", army="moloch")
    assert new.callback is not None and new.callback.json == {"type": 5}
    lobby = new.message
    joined = await bob.click(lobby, i18n.t("join", "en"))
    assert joined.callback is not None
    assert wire.problems() == []


def test_the_simulator_setting_takes_an_http_address_and_nothing_else() -> None:
    found = settings_from({"MUSTER_DISCORD_API": " http://127.0.0.1:8975/ "})
    assert found.discord_api == "http://127.0.0.1:8975"
    assert "discord_api='http://127.0.0.1:8975'" in repr(found)
    assert settings_from({}).discord_api is None
    with pytest.raises(ConfigError, match="MUSTER_DISCORD_API must be an http:// or https:// URL"):
        settings_from({"MUSTER_DISCORD_API": "127.0.0.1:8975"})
