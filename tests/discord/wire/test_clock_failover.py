"""Issue 18: kill -9 of the clocks leader. Two shard processes on one PostgreSQL (skipped when
MUSTER_TEST_POSTGRES is not set, like the other PostgreSQL tests); the full-size run is
`benchmarks/clock_failover.py`."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.discord.wire import failover
from tests.discord.wire.process import BotProcess
from tests.discord.wire.server import WireDiscord
from tests.discord.wire.steps import until
from tests.discord.wire.world import WireWorld
from tests.postgres import fresh_schema

TAKEOVER_SECONDS = 30.0
"""Issue 18's figure: another process runs the clocks within 30 s of the leader's death."""


@pytest.fixture
async def schema_url() -> AsyncIterator[str]:
    async with fresh_schema("failover") as url:
        yield url


async def test_kill_9_of_the_clocks_leader_loses_and_doubles_no_reminder(
    sim: WireDiscord, tmp_path: Path, schema_url: str
) -> None:
    world = WireWorld(sim, tmp_path, schema_url)
    other = BotProcess(sim, schema_url, tmp_path / "bot1.log")
    bots = [world.bot, other]
    for shard, bot in enumerate(bots):
        bot.arguments = ["--shards", str(shard), "--shard-count", "2"]
    try:
        for bot in bots:
            await bot.start()
        tables = []
        for s in range(2):  # two servers: whichever shard each lands on
            guild = world.server(f"owner{s}")
            players = [world.player(f"user{s}_{u}", guild) for u in range(2)]
            tables.append(await failover.duel_on_the_clock(players))
        # Nobody moves: each first seat is reminded at 30 s and 48 s of its turn.
        hang = failover.hang_next_reminder(sim, 8.0)
        killed = await failover.kill_in_flight(hang, bots, timeout=60)
        survivors = [b for b in bots if b.returncode is None]
        took = await failover.takeover(survivors, killed)
        assert took <= TAKEOVER_SECONDS

        # The hung DM's row comes due after its lease; the 80 % reminders are the new leader's.
        async def settled() -> bool:
            found = await failover.count_reminders(sim, schema_url, overdue=10)
            return len(found.sent) == 2 * len(tables) and found.pending == 0

        deadline = asyncio.get_running_loop().time() + 90
        while not await settled():
            assert asyncio.get_running_loop().time() < deadline, "reminders never settled"
            await asyncio.sleep(1.0)
        await sim.idle(quiet=1.0, timeout=30)
        found = await failover.count_reminders(sim, schema_url, overdue=10)
        assert (found.lost, found.doubled) == (0, 0), found
        assert sorted(found.sent.values()) == [1] * 2 * len(tables)
        assert hang.fired == 1  # Discord made that post; its second attempt was recognised
        for table in tables:  # the first seat of each game, reminded twice
            said = [m["content"] for p in table.players for m in p.dms()]
            reminders = [t for t in said if t.startswith(f"Game {table.game} ") and "waits" in t]
            assert len(reminders) == 2, said
        assert await until(lambda: all(not b.errors() for b in survivors), 1)
    finally:
        for bot in bots:
            await bot.stop()
