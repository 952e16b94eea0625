"""Issue 17's scenarios that measure the live service itself: many games at once, kill -9 and
SIGTERM. They hold the bot to what players need (answers within Discord's 3 seconds, nothing
lost or doubled across a crash, a clean stop) and stay strict: issue 18 makes them pass."""

from __future__ import annotations


from tests.discord.wire import scenario
from tests.discord.wire.replays import replay_all
from tests.discord.wire.world import WireWorld

CI_INTERACTIONS = 120
"""Scenario 1 at CI size: the full size (300) is `benchmarks/live_service.py`."""


async def test_many_servers_play_at_once_and_every_interaction_is_answered_in_time(
    wire: WireWorld,
) -> None:
    crowd = await scenario.gather_crowd(wire, servers=3, games=8)
    assert len(crowd.players) == 12 and len(crowd.tables) == 8
    sent = await scenario.play(crowd, CI_INTERACTIONS, seed=17, pause=(0.2, 1.2))
    await wire.sim.idle(quiet=1.0, timeout=60)
    seen = scenario.figures(wire.sim)
    assert sent >= CI_INTERACTIONS * 0.8
    late = [round(a) for a in seen.acks_ms if a > 1000 * scenario.DEADLINE]
    assert (seen.failed, seen.lost, seen.doubled, late) == (0, 0, 0, [])
    assert wire.problems() == []
    await wire.bot.kill()
    report = await replay_all(wire.database)
    assert report.ok, report
    assert report.checked == len(crowd.tables)
