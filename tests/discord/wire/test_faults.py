"""Discord misbehaving on the wire: 429 storms, 5xx, slow answers, a dropped gateway, a session
Discord invalidates, RECONNECT. Nothing is lost, nothing is sent twice, the bot resumes."""

from __future__ import annotations

from tests.discord.wire import scenario
from tests.discord.wire.steps import place_hq, until, your_move
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
