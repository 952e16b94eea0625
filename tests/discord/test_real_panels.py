"""Hand panels through discord.py's real objects: closed DMs, a restart, stale panels."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord import i18n
from bot.service.commands.frontend import place
from bot.service.presenters import _PRESENTERS
from tests.discord.real.images import quick_neuroshima, tiny_png
from tests.discord.real.payloads import EPHEMERAL, JSON, PRIVATE_THREAD
from tests.discord.real.world import DiscordWorld
from tests.discord.test_real_interactions import vs_ai


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


def ids(message: JSON) -> list[str]:
    """The custom ids of a message's components."""
    return [c["custom_id"] for row in message["components"] for c in row["components"]]


def menu(message: JSON, op: str) -> str:
    """The custom id of the panel menu or button doing `op`."""
    return next(i for i in ids(message) if i.split(":")[4] == op)


async def test_the_first_panel_is_the_hq_menu_and_undo_as_discord_receives_them(
    world: DiscordWorld,
) -> None:
    game, panel = await vs_ai(world)
    board = [
        f"{row}{n}"
        for row, size in zip("ABCDE", (3, 4, 5, 4, 3), strict=True)
        for n in range(1, size + 1)
    ]
    hq_menu = {
        "type": 3,
        "custom_id": f"ms:{game}:0:0:hq:0",
        "min_values": 1,
        "max_values": 1,
        "disabled": False,
        "required": True,
        "placeholder": "Place your HQ…",
        "options": [{"label": h, "value": h, "default": False} for h in board],
    }
    undo = {
        "type": 2,
        "style": 2,
        "disabled": False,
        "label": i18n.t("undo", "en"),
        "custom_id": f"mp:{game}:0:0:undo",
    }
    assert panel["components"] == [
        {"type": 1, "components": [hq_menu]},
        {"type": 1, "components": [undo]},
    ]
    (image,) = world.fake.attachments(panel)
    assert image.filename == f"game{game}-v0-seat0-hand.png" and image.data == tiny_png("green")


async def test_closed_dms_fall_back_to_a_private_thread_with_one_notice(
    world: DiscordWorld,
) -> None:
    carol = world.person("carol", dms_open=False)
    lobby = (await world.slash(world.alice, "neuroshima new", army="moloch")).message
    game = int(ids(lobby)[0].split(":")[1])
    joined = await world.click(carol, lobby, i18n.t("join", "en"))
    await world.select(carol, lobby, i18n.t("army", "en"), "outpost")
    await world.click(world.alice, lobby, i18n.t("start", "en"))
    assert lobby["components"] == []  # a started game's lobby has no buttons left
    first = world.dms(world.alice)[-1]
    await world.select(world.alice, first, menu(first, "hq"), "A1")
    (hand,) = [t for t in world.threads() if t["type"] == PRIVATE_THREAD]
    assert hand["parent_id"] == world.channel["id"] and not hand["thread_metadata"]["invitable"]
    assert carol.id in world.fake.members[int(hand["id"])]
    panel = world.messages(hand)[-1]
    assert menu(panel, "hq").startswith(f"ms:{game}:1:")
    await world.select(carol, panel, menu(panel, "hq"), "E3")
    assert (await place(world.client.runner.service, game)).version > 2  # type: ignore[union-attr]
    # Discord refused exactly one DM (the probe when she joined); the bot never tried again.
    dm = world.dm_channel(carol)
    assert dm is not None
    tries = [r for r in world.fake.requests if r.path == f"/channels/{dm['id']}/messages"]
    assert [(r.status, r.code) for r in tries] == [(403, 50007)]
    notices = [m for m in world.fake.messages.values() if m["content"] == i18n.t("dm_closed", "en")]
    assert len(notices) == 1 and notices[0]["flags"] == EPHEMERAL
    assert notices[0]["id"] in {r.message_id for r in joined.own()}


async def test_an_old_panel_still_works_after_a_restart(world: DiscordWorld) -> None:
    game, panel = await vs_ai(world)
    await world.restart()
    played = await world.select(world.alice, panel, menu(panel, "hq"), "A1")
    assert played.callback is not None and played.callback.json == {"type": 6}
    assert world.fake.messages[int(panel["id"])]["content"] == "Played: hq A1"
    fresh = world.dms(world.alice)[-1]
    assert fresh["id"] != panel["id"] and menu(fresh, "tile").startswith(f"ms:{game}:0:")
    syncs = [r for r in world.fake.requests if r.method == "PUT" and r.path.endswith("/commands")]
    assert len(syncs) == 2 and syncs[0].body == syncs[1].body  # same schema, dev guild only


async def test_a_stale_panel_says_so_and_offers_a_fresh_one(world: DiscordWorld) -> None:
    game, panel = await vs_ai(world)
    hand = (await world.slash(world.alice, "hand")).message
    assert hand["flags"] == EPHEMERAL and ids(hand) == ids(panel)
    await world.select(world.alice, panel, menu(panel, "hq"), "A1")
    stale = await world.select(world.alice, hand, menu(hand, "hq"), "A2")
    (answer,) = stale.followups
    assert answer.ephemeral and answer.content == i18n.t("stale", "en")
    (fresh_button,) = answer.custom_ids
    assert fresh_button == f"mp:{game}:0:0:fresh"
    notice = world.fake.messages[int(answer.message_id or 0)]
    fresh = await world.click(world.alice, notice, i18n.t("fresh", "en"))
    (renewed,) = fresh.replies()
    version = (await place(world.client.runner.service, game)).version  # type: ignore[union-attr]
    assert renewed["flags"] == EPHEMERAL
    assert menu(renewed, "tile").startswith(f"ms:{game}:0:{version}:")
