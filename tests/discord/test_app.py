"""The application: no privileged intents, command sync only where configured, clean start-up."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest

from bot.config import settings_from
from bot.discord.app import DYNAMIC_ITEMS, MusterBot, run_bot


def test_the_bot_asks_for_no_privileged_intents() -> None:
    bot = MusterBot(settings_from({"DISCORD_TOKEN": "x"}))
    intents = bot.intents
    assert not (intents.members or intents.presences or intents.message_content)


def test_run_bot_needs_a_token() -> None:
    with pytest.raises(ValueError, match="token"):
        run_bot(settings_from({}))


@pytest.mark.parametrize(
    ("env", "sync_global", "expected"),
    [
        ({}, False, []),
        ({"MUSTER_DEV_GUILD": "77"}, False, [77]),
        ({}, True, [None]),
    ],
)
async def test_commands_sync_only_to_the_dev_guild_or_when_asked(
    env: dict[str, str], sync_global: bool, expected: list[int | None]
) -> None:
    bot = MusterBot(settings_from({"DISCORD_TOKEN": "x", **env}), sync_global=sync_global)
    synced: list[int | None] = []

    async def sync(*, guild: discord.abc.Snowflake | None = None) -> list[Any]:
        synced.append(guild.id if guild else None)
        return []

    bot.tree.sync = sync  # type: ignore[method-assign]
    await bot._sync()
    assert synced == expected


@pytest.mark.parametrize(
    "custom_id",
    [
        "ml:1:join",
        "ml:1:role",
        "mc:1:abort:1",
        "mp:1:0:5:undo",
        "ms:1:0:5:tile:0",
        # A game's own panel (a puzzle try) and the daily post's Play, from its Discord plug-in.
        "zp:0:0:0:play",
        "zs:7:1:3:tile:0",
    ],
)
def test_each_persistent_custom_id_belongs_to_exactly_one_component(custom_id: str) -> None:
    owners = [c for c in DYNAMIC_ITEMS if c.__discord_ui_compiled_template__.fullmatch(custom_id)]
    assert len(owners) == 1


def test_run_bot_with_discord_unreachable_exits_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    # Nothing listens on the discard port: login fails with aiohttp's real connection error.
    monkeypatch.setattr(discord.http.Route, "BASE", "http://127.0.0.1:9/api/v10")
    database = f"sqlite:///{tmp_path / 'muster.db'}"
    code = run_bot(settings_from({"DISCORD_TOKEN": "x", "MUSTER_DATABASE": database}))
    err = capfd.readouterr().err
    assert code == 1
    assert err.startswith("muster: cannot reach Discord: ")
    assert err.count("\n") == 1 and "Traceback" not in err
