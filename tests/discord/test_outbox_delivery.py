"""The outbox on Discord: nonces, no double post after a crash, retries, gone threads."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.discord.courier import nonce
from bot.service.commands.frontend import hand_thread, place
from bot.service.outbox import Notice, PrivateUpdate, Reminder
from bot.service.postbox import LEASE
from games.text import Text
from tests.discord.conftest import World, make_world
from tests.discord.fakes import FakeChannel, Sent, click
from tests.discord.test_lobby import open_lobby

BOT = 999


class Response:
    """What aiohttp would hand a discord.HTTPException."""

    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = "error"


def failure(
    status: int, code: int, cls: type[discord.HTTPException] = discord.HTTPException
) -> Any:
    """The error Discord answers with `status` and JSON `code`."""
    return cls(Response(status), {"code": code, "message": f"error {code}"})  # type: ignore[arg-type]


@dataclass
class Posted:
    """A message as Channel.history yields it."""

    content: str
    created_at: datetime
    author: discord.Object


class Recorder:
    """Wraps a fake channel: records nonces, fails on cue, and has a history."""

    def __init__(self, world: World, channel: FakeChannel) -> None:
        self.world, self.channel = world, channel
        self.nonces: list[int] = []
        self.failures: list[Exception] = []
        self.posted: list[Posted] = []
        self._send = channel.send
        channel.send = self.send  # type: ignore[method-assign]
        channel.history = self.history  # type: ignore[attr-defined]

    async def send(self, content: str | None = None, **kwargs: Any) -> Any:
        if self.failures:
            raise self.failures.pop(0)
        self.nonces.append(kwargs.pop("nonce"))
        self.posted.append(Posted(content or "", self.world.clock.now(), discord.Object(BOT)))
        return await self._send(content, **kwargs)

    async def history(self, *, limit: int, after: datetime) -> AsyncIterator[Posted]:
        for message in reversed(self.posted[-limit:]):
            if message.created_at >= after:
                yield message


@pytest.fixture
async def game(world: World) -> int:
    world.client.user = discord.Object(BOT)  # type: ignore[attr-defined]
    gid = await open_lobby(world)
    world.clock.advance(LEASE)
    await world.runner.delivery.courier.round(100)  # whatever the lobby left
    return gid


async def thread_of(world: World, game: int) -> FakeChannel:
    where = await place(world.service, game)
    assert where.thread_id is not None
    return world.client.channels[where.thread_id]


def sends(world: World, where: int, text: str) -> list[Sent]:
    return [s for s in world.client.log.of("send", where) if s.content == text]


async def test_every_send_carries_the_nonce_of_its_outbox_key(world: World, game: int) -> None:
    thread = Recorder(world, await thread_of(world, game))
    [parcel] = await world.service.postbox.publish([Notice(game, Text.verbatim("Hello."))])
    assert await world.runner.delivery.courier.flush([parcel]) == [parcel]
    assert thread.nonces == [nonce(parcel.key, 0)]
    assert len(sends(world, thread.channel.id, "Hello.")) == 1
    world.clock.advance(timedelta(hours=1))
    assert await world.runner.delivery.courier.round() == 0  # marked sent: never again


async def test_a_crash_between_send_and_mark_does_not_double_the_post(
    tmp_path: Path, world: World, game: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    thread = Recorder(world, await thread_of(world, game))

    async def crash(*args: object) -> None:
        raise SystemExit("killed between the send and the mark")

    monkeypatch.setattr(world.service.postbox, "delivered_all", crash)
    with pytest.raises(SystemExit):
        await world.runner.delivery.deliver([Notice(game, Text.verbatim("Once."))])
    monkeypatch.undo()
    assert len(sends(world, thread.channel.id, "Once.")) == 1
    await world.service.close()
    # The restarted bot finds the parcel once the dead process's lease is over.
    again = await make_world(tmp_path, world.clock, world.client)
    try:
        world.clock.advance(LEASE)
        assert await again.runner.delivery.courier.round() == 1
        assert len(sends(world, thread.channel.id, "Once.")) == 1  # seen in the channel
        assert await again.runner.delivery.courier.round() == 0
    finally:
        await again.service.close()


async def test_a_failed_send_is_retried_with_backoff(world: World, game: int) -> None:
    thread = Recorder(world, await thread_of(world, game))
    thread.failures = [failure(503, 0), failure(429, 0)]
    await world.runner.delivery.deliver([Notice(game, Text.verbatim("Later."))])
    assert not sends(world, thread.channel.id, "Later.")
    courier = world.runner.delivery.courier
    world.clock.advance(timedelta(seconds=4))
    assert await courier.round() == 0  # 5 s after the first failure, not before
    world.clock.advance(timedelta(seconds=1))
    assert await courier.round() == 0  # failed again (429): 10 s now
    world.clock.advance(timedelta(seconds=9))
    assert await courier.round() == 0
    world.clock.advance(timedelta(seconds=1))
    assert await courier.round() == 1
    assert len(sends(world, thread.channel.id, "Later.")) == 1


@pytest.mark.parametrize(
    ("how", "code"),
    [("deleted", 10003), ("locked", 50083), ("shut", 50001)],
)
async def test_a_gone_thread_is_replaced_and_remembered(
    world: World, game: int, how: str, code: int
) -> None:
    old = await thread_of(world, game)
    if how == "deleted":
        del world.client.channels[old.id]

        async def fetch(channel_id: int) -> FakeChannel:
            if channel_id == old.id:
                raise failure(404, code, discord.NotFound)
            return world.client.channels[channel_id]

        world.client.fetch_channel = fetch  # type: ignore[method-assign]
    else:
        Recorder(world, old).failures = [failure(403, code, discord.Forbidden)]
    await world.runner.delivery.deliver([Notice(game, Text.verbatim("Still here."))])
    new = await thread_of(world, game)
    assert new.id != old.id and new.parent_id == world.channel.id
    assert len(sends(world, new.id, "Still here.")) == 1
    assert world.client.log.of("thread", new.id)[0].extra["type"] == "public"
    await world.runner.delivery.deliver([Notice(game, Text.verbatim("Again."))])
    assert len(sends(world, new.id, "Again.")) == 1
    assert len(world.client.log.of("thread")) == 2  # the lobby's, and one replacement
    assert await world.service.postbox.lost([game]) == []


async def test_a_post_discord_refuses_for_good_is_kept_for_the_host(
    world: World, game: int
) -> None:
    thread = Recorder(world, await thread_of(world, game))
    thread.failures = [failure(403, 50013, discord.Forbidden)]
    await world.runner.delivery.deliver([Notice(game, Text.verbatim("Nope."))])
    [lost] = await world.service.postbox.lost([game])
    assert lost.error == "403 50013 error 50013"
    world.clock.advance(timedelta(hours=3))
    assert await world.runner.delivery.courier.round() == 0
    assert not sends(world, thread.channel.id, "Nope.")


async def test_a_game_against_the_ai_leaves_nothing_behind_in_the_outbox(world: World) -> None:
    await world.slash(world.alice, "neuroshima new", vs="ai", level="easy", army="moloch")
    panel = world.client.log.of("dm", world.alice.id)[-1]
    hq = next(c for c in panel.custom_ids if ":hq:" in c)
    await click(world.interaction(world.alice), hq, "A1")
    await world.slash(world.alice, "games")
    sent = len(world.client.log)
    world.clock.advance(LEASE)
    assert await world.runner.delivery.courier.round(100) == 0
    assert len(world.client.log) == sent
    assert await world.service.store.due_outbox(world.clock.now()) == []


async def test_a_gone_hand_thread_is_replaced_and_remembered(world: World) -> None:
    world.bob.dms_closed = True
    log = world.client.log
    game = await open_lobby(world)
    await click(world.interaction(world.bob), f"ml:{game}:join")
    await click(world.interaction(world.bob), f"ml:{game}:role", "outpost")
    await click(world.interaction(world.alice), f"ml:{game}:start")
    hq = next(c for c in log.of("dm", world.alice.id)[-1].custom_ids if ":hq:" in c)
    await click(world.interaction(world.alice), hq, "A1")
    old = await hand_thread(world.service, game, world.bob.id)
    assert old is not None
    del world.client.channels[old]

    async def fetch(channel_id: int) -> FakeChannel:
        if channel_id == old:
            raise failure(404, 10003, discord.NotFound)
        return world.client.channels[channel_id]

    world.client.fetch_channel = fetch  # type: ignore[method-assign]
    panel = PrivateUpdate(world.bob.id, game, 1, Text.verbatim("Your hand."))
    await world.runner.delivery.deliver([panel])
    new = await hand_thread(world.service, game, world.bob.id)
    assert new is not None and new != old
    assert world.client.channels[new].members == [world.bob.id]
    assert [s.content for s in log.of("send", new)] == ["Your hand."]
    assert await world.service.postbox.lost([game]) == []


async def test_a_dm_resent_after_a_crash_is_not_doubled(
    tmp_path: Path, world: World, game: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice = world.alice
    dms: list[Posted] = []
    send = alice.send

    async def dm(content: str | None = None, **kwargs: Any) -> Any:
        dms.append(Posted(content or "", world.clock.now(), discord.Object(BOT)))
        return await send(content, **kwargs)

    class DmChannel:
        id = 77

        async def history(self, *, limit: int, after: datetime) -> AsyncIterator[Posted]:
            for message in reversed(dms[-limit:]):
                if message.created_at >= after:
                    yield message

    async def create_dm() -> DmChannel:
        return DmChannel()

    alice.send = dm  # type: ignore[method-assign]
    alice.create_dm = create_dm  # type: ignore[attr-defined]

    async def crash(*args: object) -> None:
        raise SystemExit("killed between the DM and the mark")

    text = Text.verbatim("Your move, please.")
    monkeypatch.setattr(world.service.postbox, "delivered_all", crash)
    with pytest.raises(SystemExit):
        due = world.clock.now() + timedelta(hours=1)
        await world.runner.delivery.deliver([Reminder(alice.id, game, text, due)])
    monkeypatch.undo()
    assert [d.content for d in dms] == ["Your move, please."]
    await world.service.close()
    again = await make_world(tmp_path, world.clock, world.client)
    try:
        world.clock.advance(LEASE)
        assert await again.runner.delivery.courier.round() == 1
        assert [d.content for d in dms] == ["Your move, please."]
    finally:
        await again.service.close()
