"""Discord misbehaving on the wire: 429 storms, 5xx, slow answers, a dropped gateway, a session
Discord invalidates, RECONNECT. Nothing is lost, nothing is sent twice, the bot resumes."""

from __future__ import annotations

from tests.discord.real import payloads as p
from tests.discord.real.payloads import JSON
from tests.discord.wire import scenario
from tests.discord.wire.scenario import Table
from tests.discord.wire.steps import place_hq, until, your_move
from tests.discord.wire.users import Player, messages_in, op
from tests.discord.wire.world import WireWorld


async def test_429s_and_5xx_within_retries_lose_nothing_and_send_nothing_twice(
    wire: WireWorld,
) -> None:
    guild = wire.server("owner")
    alice, bob = wire.player("alice", guild), wire.player("bob", guild)
    await wire.bot.start()
    table = await scenario.duel([alice, bob])
    faults = wire.sim.faults
    faults.rate_limit(r"/channels/\d+/messages", method="POST", retry_after=0.4, times=2)
    faults.rate_limit(r"/users/\d+", everywhere=True, retry_after=0.3, times=1)
    faults.rate_limit(r"/interactions/\d+/[\w-]+/callback", retry_after=0.2, times=2)
    faults.fail(500, r"/channels/\d+/messages", method="POST", times=1)
    faults.fail(502, r"/webhooks/.*", times=1)
    faults.slow(2.0, r"/webhooks/.*/messages/@original", method="PATCH", times=1)
    await place_hq(alice, table, "A1", 0)
    await place_hq(bob, table, "E3", 1)
    await your_move(alice, table, 0)
    assert [f.fired for f in faults.armed] == [f.times for f in faults.armed]
    every = list(wire.sim.fake.interactions.values())
    assert all(i.answered is not None for i in every)
    assert scenario.doubled(wire.sim) == 0
    assert [len(alice.panels(table.game)), len(bob.panels(table.game))] == [1, 0]
    assert wire.problems() == []


async def test_a_dropped_gateway_is_resumed_and_missed_interactions_arrive(wire: WireWorld) -> None:
    guild = wire.server("owner")
    alice, bob = wire.player("alice", guild), wire.player("bob", guild)
    await wire.bot.start()
    table = await scenario.duel([alice, bob])
    wire.sim.gateway.drop()
    await place_hq(alice, table, "A1", 0)  # sent while the bot is away: replayed on RESUME
    assert ("RESUME", "session-1") in wire.sim.gateway.log
    await wire.sim.gateway.reconnect()
    await place_hq(bob, table, "E3", 1)
    kinds = [kind for kind, _ in wire.sim.gateway.log]
    assert kinds.count("IDENTIFY") == 1 and kinds.count("RESUME") == 2
    assert scenario.doubled(wire.sim) == 0
    assert wire.problems() == []


async def test_an_invalidated_session_identifies_again_and_plays_on(wire: WireWorld) -> None:
    guild = wire.server("owner")
    alice, bob = wire.player("alice", guild), wire.player("bob", guild)
    await wire.bot.start()
    table = await scenario.duel([alice, bob])
    await wire.sim.gateway.invalidate()
    assert await until(lambda: wire.sim.gateway.log[-1] == ("IDENTIFY", "session-2"), 30)
    await place_hq(alice, table, "A1", 0)
    await place_hq(bob, table, "E3", 1)
    assert wire.problems() == []


def _game_thread(wire: WireWorld, guild: int) -> JSON:
    (thread,) = [
        c
        for c in wire.sim.fake.channels.values()
        if c["type"] == p.PUBLIC_THREAD and c["guild_id"] == str(guild)
    ]
    return thread


async def _started_duel(wire: WireWorld) -> tuple[int, Player, Player, Table]:
    guild = wire.server("owner")
    alice, bob = wire.player("alice", guild), wire.player("bob", guild)
    await wire.bot.start()
    return guild, alice, bob, await scenario.duel([alice, bob])


async def test_a_deleted_game_thread_does_not_stop_the_game(wire: WireWorld) -> None:
    guild, alice, bob, table = await _started_duel(wire)
    await wire.sim.delete_channel(int(_game_thread(wire, guild)["id"]))
    await place_hq(alice, table, "A1", 0)
    await place_hq(bob, table, "E3", 1)
    await your_move(alice, table, 0)


async def test_a_locked_archived_game_thread_is_reopened_for_the_next_post(
    wire: WireWorld,
) -> None:
    guild, alice, _, table = await _started_duel(wire)
    thread = _game_thread(wire, guild)

    def posts() -> list[JSON]:
        return messages_in(wire.sim, thread["id"])

    assert await until(lambda: any("has started" in m["content"] for m in posts()), 30)
    await wire.sim.lock_thread(int(thread["id"]))
    await place_hq(alice, table, "A1", 0)
    await wire.sim.idle()
    assert thread["thread_metadata"]["archived"] is False
    assert "hq A1" in posts()[-1]["content"]
    assert wire.problems() == []


async def test_without_permission_to_post_in_the_thread_the_game_goes_on(
    wire: WireWorld,
) -> None:
    guild, alice, bob, table = await _started_duel(wire)
    wire.sim.deny_posting(int(_game_thread(wire, guild)["id"]))
    await place_hq(alice, table, "A1", 0)
    await place_hq(bob, table, "E3", 1)
    await your_move(alice, table, 0)
    refused = [r.code for r in wire.sim.fake.requests if r.status == 403]
    assert refused and set(refused) == {50013}


async def test_a_player_who_closes_dms_mid_game_gets_the_panel_in_a_private_thread(
    wire: WireWorld,
) -> None:
    guild, alice, bob, table = await _started_duel(wire)
    wire.sim.close_dms(bob.id)
    await place_hq(alice, table, "A1", 0)
    assert await until(lambda: bool(_hand_threads(wire, guild)), 30), "no private thread"
    (hand,) = _hand_threads(wire, guild)
    assert wire.sim.fake.members[int(hand["id"])] == {wire.sim.fake.application_id, bob.id}
    panel = messages_in(wire.sim, hand["id"])[-1]
    assert op(panel, "hq").startswith(f"ms:{table.game}:1:")
    played = await bob.select(panel, op(panel, "hq"), "E3")
    assert played.callback is not None and played.callback.status == 200
    assert wire.sim.fake.message(int(panel["id"]))["content"] == "Played: hq E3"
    await your_move(alice, table, 0)
    assert [(r.status, r.code) for r in wire.sim.fake.requests if r.status >= 400] == [(403, 50007)]


def _hand_threads(wire: WireWorld, guild: int) -> list[JSON]:
    return [
        c
        for c in wire.sim.fake.channels.values()
        if c["type"] == p.PRIVATE_THREAD and c["guild_id"] == str(guild)
    ]
