"""A whole Neuroshima Hex duel through discord.py's real objects: lobby buttons, then DM panels.

Everything the bot does is read back as the requests Discord would receive and the messages
Discord would hold; no bot function is called directly.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord import i18n
from bot.service.commands.frontend import place
from bot.service.presenters import _PRESENTERS
from tests.discord.real.images import quick_neuroshima
from tests.discord.real.payloads import JSON, Person
from tests.discord.real.world import DiscordWorld

MAX_CLICKS = 1500
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
GIF_MAGIC = b"GIF89a"


@pytest.fixture(autouse=True)
def quick_images(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tiny images: these tests are about round trips, the renderer has its own tests."""
    monkeypatch.setitem(_PRESENTERS, "neuroshima", quick_neuroshima())


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[DiscordWorld]:
    found = await DiscordWorld.open(tmp_path)
    yield found
    await found.close()
    assert found.problems() == []


def panel_of(world: DiscordWorld, who: Person, game: int, version: int) -> JSON | None:
    """The DM panel that `who` can act on now (custom ids of this game at this version)."""
    for message in reversed(world.dms(who)):
        ids = [c["custom_id"] for row in message["components"] for c in row["components"]]
        if any(re.match(rf"m[ps]:{game}:\d+:{version}:", i) for i in ids):
            return message
    return None


async def play_one(world: DiscordWorld, who: Person, panel: JSON) -> None:
    """A sensible next step: battle, confirm, hex, tile, HQ, a move, discard, a word button."""
    components = [c for row in panel["components"] for c in row["components"]]
    ops = {c["custom_id"].split(":")[4]: c for c in reversed(components)}
    battle = [c for c in components if c["custom_id"].endswith(":do:battle")]
    if battle:
        await world.click(who, panel, battle[0]["custom_id"])
        return
    for op in ("ok", "hex", "tile", "hq", "act", "discard"):
        if op in ops:
            c = ops[op]
            if c["type"] == 2:
                await world.click(who, panel, c["custom_id"])
            else:
                await world.select(who, panel, c["custom_id"], c["options"][0]["value"])
            return
    words = [c for c in components if c["custom_id"].split(":")[4] == "do"]
    assert words, f"no way forward on {[c['custom_id'] for c in components]}"
    await world.click(who, panel, words[0]["custom_id"])


async def test_a_duel_from_lobby_to_game_over_through_real_interactions(
    world: DiscordWorld,
) -> None:
    alice, bob = world.alice, world.bob
    new = await world.slash(alice, "neuroshima new", army="moloch")
    lobby = new.message
    assert new.callback is not None and new.callback.json == {"type": 5}  # public, thinking
    game = int(lobby["components"][-1]["components"][0]["custom_id"].split(":")[1])
    assert [c["custom_id"] for row in lobby["components"] for c in row["components"]] == [
        f"ml:{game}:role",
        f"ml:{game}:join",
        f"ml:{game}:leave",
        f"ml:{game}:start",
    ]
    (thread,) = world.threads()
    assert thread["id"] == lobby["id"] and thread["type"] == 11  # started from the lobby
    await world.click(bob, lobby, i18n.t("join", "en"))
    await world.select(bob, lobby, i18n.t("army", "en"), "outpost")
    start = await world.click(alice, lobby, i18n.t("start", "en"))
    assert start.callback is not None and start.callback.ephemeral
    service = world.client.runner.service  # type: ignore[union-attr]
    seats = {0: alice, 1: bob}
    first = panel_of(world, alice, game, (await place(service, game)).version)
    assert first is not None and first["attachments"][0]["filename"].endswith(".png")
    assert all(re.fullmatch(rf"m[ps]:{game}:0:\d+:[a-z]+(:[^:]*)*", i) for i in _ids(first))
    clicks = 0
    for _ in range(MAX_CLICKS):
        where = await place(service, game)
        if where.status != "active":
            break
        acting = [(who, panel_of(world, who, game, where.version)) for who in seats.values()]
        who, panel = next((w, pnl) for w, pnl in acting if pnl is not None)
        await play_one(world, who, panel)
        clicks += 1
    where = await place(service, game)
    assert where.status == "finished" and clicks > 20
    posts = [
        r
        for r in world.fake.requests
        if r.method == "POST" and r.path == f"/channels/{thread['id']}/messages"
    ]
    assert any("is over" in r.content for r in posts)
    boards = [f for r in posts for f in r.files if f.filename.endswith(".png")]
    assert boards and all(f.data.startswith(PNG_MAGIC) for f in boards)
    battles = [r for r in posts if r.files and "battle" in r.files[0].filename]
    assert battles and all(
        len(r.files) == 2
        and r.files[0].data.startswith(GIF_MAGIC)
        and r.files[1].filename.endswith("-summary.png")
        and r.files[1].data.startswith(PNG_MAGIC)
        for r in battles
    )
    assert all(re.search(r"Battle|battle", r.content) for r in battles)
    for message in world.messages(thread):
        # Names in texts are mentions too; only the player to act may be pinged by them.
        pinged = [int(u["id"]) for u in message["mentions"]]
        mentioned = [int(m) for m in re.findall(r"<@!?(\d+)>", message["content"])]
        if "To act:" in message["content"]:
            # Named by their display name; the one ping is the player on turn.
            assert len(pinged) == 1 and pinged == mentioned, message["content"]
        elif "is over" not in message["content"]:
            assert pinged == [], message["content"]
    assert not [m for m in world.fake.messages.values() if "incident" in m["content"]]


def _ids(message: JSON) -> list[str]:
    return [c["custom_id"] for row in message["components"] for c in row["components"]]
