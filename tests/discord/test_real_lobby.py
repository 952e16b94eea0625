"""Lobbies through discord.py's real objects: a challenge answered from a DM, leaving, threads."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord import i18n
from bot.service.presenters import _PRESENTERS
from tests.discord.real.images import quick_neuroshima
from tests.discord.real.payloads import DM_CHANNEL, JSON, PRIVATE_THREAD, PUBLIC_THREAD
from tests.discord.real.world import DiscordWorld


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


def labels(message: JSON) -> list[str]:
    """What the message's components show (labels, or placeholders of menus)."""
    return [
        c.get("label") or c.get("placeholder")
        for row in message["components"]
        for c in row["components"]
    ]


async def test_a_challenge_is_answered_from_the_invitation_dm(world: DiscordWorld) -> None:
    alice, bob = world.alice, world.bob
    challenge = await world.slash(alice, "neuroshima challenge", opponent=bob, army="moloch")
    options = challenge.payload["data"]["options"][0]["options"]
    assert {"name": "opponent", "type": 6, "value": str(bob.id)} in options
    lobby = challenge.message
    (invitation,) = [m for m in world.dms(bob) if m["components"]]
    assert labels(invitation) == labels(lobby)
    joined = await world.click(bob, invitation, i18n.t("join", "en"))
    assert "guild_id" not in joined.payload and joined.payload["channel"]["type"] == DM_CHANNEL
    assert joined.callback is not None and joined.callback.ephemeral
    # Named as the interaction showed him, never as a raw mention (see test_names.py).
    assert "seat 1: Bob" in world.fake.messages[int(lobby["id"])]["content"]


async def test_leaving_reopens_the_seat_on_the_lobby_message(world: DiscordWorld) -> None:
    lobby = (await world.slash(world.alice, "neuroshima new", army="moloch")).message
    # The lobby names its host by display name; answering the host's command pings nobody.
    assert "Host: Alice" in lobby["content"] and lobby["mentions"] == []
    await world.click(world.bob, lobby, i18n.t("join", "en"))
    assert "seat 1: Bob" in lobby["content"]
    await world.click(world.bob, lobby, i18n.t("leave", "en"))
    assert lobby["content"].endswith("seat 1: (open)") and lobby["edited_timestamp"] is not None
    assert labels(lobby)[1:] == [i18n.t(op, "en") for op in ("join", "leave", "start")]


async def test_a_private_game_thread_holds_only_the_seated_players(world: DiscordWorld) -> None:
    new = await world.slash(world.alice, "neuroshima new", army="moloch", thread="private")
    lobby = new.message
    (thread,) = world.threads()
    assert thread["type"] == PRIVATE_THREAD and thread["id"] != lobby["id"]
    assert world.fake.members[int(thread["id"])] == {world.fake.application_id, world.alice.id}
    await world.click(world.bob, lobby, i18n.t("join", "en"))
    assert world.bob.id in world.fake.members[int(thread["id"])]
    assert not [t for t in world.threads() if t["type"] == PUBLIC_THREAD]


async def test_an_archived_game_thread_is_woken_before_the_bot_posts(world: DiscordWorld) -> None:
    lobby = (await world.slash(world.alice, "neuroshima new", army="moloch")).message
    # The lobby names its host by display name; answering the host's command pings nobody.
    assert "Host: Alice" in lobby["content"] and lobby["mentions"] == []
    await world.click(world.bob, lobby, i18n.t("join", "en"))
    await world.select(world.bob, lobby, i18n.t("army", "en"), "outpost")
    (thread,) = world.threads()
    thread["thread_metadata"]["archived"] = True  # a week of quiet, as Discord does it
    await world.click(world.alice, lobby, i18n.t("start", "en"))
    woken = [
        r.json
        for r in world.fake.requests
        if r.method == "PATCH" and r.path == f"/channels/{thread['id']}"
    ]
    assert woken == [{"archived": False}] and not thread["thread_metadata"]["archived"]
    assert "has started" in world.messages(thread)[0]["content"]
