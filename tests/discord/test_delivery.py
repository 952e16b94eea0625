"""Delivery: closed DMs (403 / 50007) fall back to a private thread, reminders, sleeping threads."""

from __future__ import annotations

from datetime import timedelta

from bot.discord.app import tick_once
from bot.service.commands.frontend import dm_status, place
from tests.discord.conftest import World
from tests.discord.fakes import click
from tests.discord.test_lobby import open_lobby


async def test_closed_dms_get_a_private_thread_and_one_explanation(world: World) -> None:
    world.bob.dms_closed = True
    log = world.client.log
    game = await open_lobby(world)
    me = world.interaction(world.bob)
    await click(me, f"ml:{game}:join")
    told = [
        s
        for s in log.of("followup", me.id)
        if "cannot send you direct messages" in (s.content or "")
    ]
    assert len(told) == 1 and told[0].ephemeral
    assert await dm_status(world.service, world.bob.id) == "blocked"
    await click(world.interaction(world.bob), f"ml:{game}:role", "outpost")
    await click(world.interaction(world.alice), f"ml:{game}:start")
    # Bob is to act second; his hand arrives once it is his move, in a private thread.
    alice_panel = log.of("dm", world.alice.id)[-1]
    hq = next(c for c in alice_panel.custom_ids if ":hq:" in c)
    await click(world.interaction(world.alice), hq, "A1")
    private = [s for s in log.of("thread") if s.extra["type"] == "private"]
    assert len(private) == 1
    thread = world.client.channels[private[0].where]
    assert thread.members == [world.bob.id] and thread.parent_id == world.channel.id
    panels = [s for s in log.of("send", thread.id) if s.view is not None]
    assert panels and any(c.startswith(f"ms:{game}:1:") for c in panels[-1].custom_ids)
    assert world.bob.dm_attempts == 1, "a closed DM is not tried again"
    assert not log.of("dm", world.bob.id)


async def test_a_dm_closed_mid_game_is_explained_once_in_the_game_thread(world: World) -> None:
    await world.slash(world.alice, "neuroshima new", vs="ai", level="easy", army="moloch")
    log = world.client.log
    panel = log.of("dm", world.alice.id)[-1]
    game = int(panel.custom_ids[0].split(":")[1])
    world.alice.dms_closed = True
    hq = next(c for c in panel.custom_ids if ":hq:" in c)
    await click(world.interaction(world.alice), hq, "A1")
    where = await place(world.service, game)
    notes = [s for s in log.of("send", where.thread_id) if "direct messages" in (s.content or "")]
    assert len(notes) == 1 and f"<@{world.alice.id}>" in (notes[0].content or "")
    assert await dm_status(world.service, world.alice.id) == "blocked"


async def test_reminders_go_by_dm_or_as_a_mention_when_dms_are_closed(world: World) -> None:
    await world.slash(
        world.alice, "neuroshima new", vs="ai", level="easy", army="moloch", clock="1h"
    )
    log = world.client.log
    game = int(log.of("dm", world.alice.id)[-1].custom_ids[0].split(":")[1])
    before = len(log.of("dm", world.alice.id))
    world.clock.advance(timedelta(minutes=31))
    assert await tick_once(world.service, world.runner.delivery) >= 1
    assert len(log.of("dm", world.alice.id)) == before + 1
    world.alice.dms_closed = True
    world.clock.advance(timedelta(minutes=20))
    assert await tick_once(world.service, world.runner.delivery) >= 1
    where = await place(world.service, game)
    pings = [
        s for s in log.of("send", where.thread_id) if f"<@{world.alice.id}>" in (s.content or "")
    ]
    assert pings


async def test_an_archived_game_thread_is_woken_before_posting(world: World) -> None:
    await world.slash(world.alice, "neuroshima new", vs="ai", level="easy", army="moloch")
    log = world.client.log
    panel = log.of("dm", world.alice.id)[-1]
    game = int(panel.custom_ids[0].split(":")[1])
    where = await place(world.service, game)
    assert where.thread_id is not None
    world.client.channels[where.thread_id].archived = True
    hq = next(c for c in panel.custom_ids if ":hq:" in c)
    await click(world.interaction(world.alice), hq, "A1")
    assert log.of("wake", where.thread_id)
    assert not world.client.channels[where.thread_id].archived


async def test_a_game_started_in_dms_is_shown_by_dm(world: World) -> None:
    me = world.interaction(world.alice, guild_id=None, channel=None)
    await world.command("neuroshima new").callback(me, vs="ai", level="easy", army="moloch")  # type: ignore[arg-type]
    dms = world.client.log.of("dm", world.alice.id)
    assert any(s.files and s.files[0].endswith("board.png") for s in dms)
    assert not world.client.log.of("thread")
