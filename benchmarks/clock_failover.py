"""Issue 18's kill -9 of the clocks leader, under load, on the wire.

Run: .venv/bin/python benchmarks/clock_failover.py [--guilds 3] [--games 6] [--seconds 150]
     [--database URL]
Two `muster bot` shard processes serve the simulated Discord from one PostgreSQL (a fresh schema
of --database, default MUSTER_BENCH_POSTGRES or MUSTER_TEST_POSTGRES). Servers of scripted users
play Neuroshima duels on a one-minute turn clock at human-like random intervals, so reminders
come due all the time. Once the first reminder is due, Discord takes one of the leader's
reminder DMs and answers it late, and the leader is killed with -9 while it waits; the other
process must take the clocks over, and the killed one is started again (as systemd would).
Every reminder deadline is then matched with the DMs on Discord by the courier's nonce of its
outbox key. The last line printed is one JSON object:
{"games": N, "interactions": N, "ack_p99_ms": .., "reminders": N, "lost": N, "doubled": N,
 "takeover_s": .., "failed": N}
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import asyncpg  # type: ignore[import-untyped]

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.discord.wire import failover, scenario
from tests.discord.wire.process import BotProcess
from tests.discord.wire.server import WireDiscord
from tests.discord.wire.world import WireWorld

SETTLE_SECONDS = 120.0
"""How long after the play the outbox may take to deliver what is left (leases are 30 s)."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--guilds", type=int, default=3, help="servers (default 3)")
    parser.add_argument("--games", type=int, default=6, help="duels on the clock (default 6)")
    parser.add_argument("--seconds", type=float, default=150, help="of play (default 150)")
    parser.add_argument("--database", help="a PostgreSQL URL (a fresh schema is made in it)")
    parser.add_argument("--seed", type=int, default=18, help="the users' random choices")
    return parser


async def run(args: argparse.Namespace, url: str, folder: Path) -> dict[str, Any]:
    """The run; returns the figures of the last line."""
    sim = WireDiscord(heartbeat_ms=1000)
    await sim.start()
    world = WireWorld(sim, folder, url)
    bots = [world.bot, BotProcess(sim, url, folder / "bot1.log")]
    for shard, bot in enumerate(bots):
        bot.arguments = ["--shards", str(shard), "--shard-count", "2"]
    try:
        for bot in bots:
            await bot.start()
        guilds = [world.server(f"owner{s}") for s in range(args.guilds)]
        tables = []
        for g in range(args.games):
            guild = guilds[g % len(guilds)]
            players = [world.player(f"user{g}_{u}", guild) for u in range(2)]
            tables.append(await failover.duel_on_the_clock(players))
        started = time.monotonic()
        play = failover.play_for(tables, args.seconds, (5.0, 60.0), args.seed)
        playing = asyncio.create_task(play)
        hang = failover.hang_next_reminder(sim, 8.0)
        killed_at = await failover.kill_in_flight(hang, bots, timeout=120)
        dead = next(b for b in bots if b.returncode is not None)
        took = await failover.takeover([b for b in bots if b is not dead], killed_at)
        print(f"leader killed {killed_at - started:.1f} s into the play; clocks taken over"
              f" {took:.2f} s later")  # fmt: skip
        await dead.start()  # as the service manager would
        budget = await playing
        found = await _settled(sim, url)
        seen = scenario.figures(sim)
        problems = world.problems() + [e for b in bots[1:] for e in b.errors()]
    finally:
        for bot in bots:
            await bot.stop()
        await sim.stop()
    print(f"users sent {budget.sent} interactions during the play; problems seen: {len(problems)}")
    for problem in problems[:20]:
        print(f"  {problem}")
    counts = sorted(found.sent.values())
    print(f"reminder deadlines fired: {len(counts)}; DMs per deadline: "
          f"{ {n: counts.count(n) for n in set(counts)} }; unfired {found.unfired},"
          f" unsent {found.pending}, stray DMs {found.stray}")  # fmt: skip
    return {
        "games": len(tables),
        "interactions": seen.interactions,
        "ack_p99_ms": None if seen.percentile(0.99) is None else round(seen.percentile(0.99), 1),
        "reminders": len(counts),
        "lost": found.lost,
        "doubled": found.doubled,
        "takeover_s": round(took, 2),
        "failed": seen.failed + seen.lost + len(problems),
    }


async def _settled(sim: WireDiscord, url: str) -> failover.Reminders:
    """The reminders once the outbox has nothing left to send (or SETTLE_SECONDS passed)."""
    end = time.monotonic() + SETTLE_SECONDS
    while True:
        found = await failover.count_reminders(sim, url)
        if found.pending == 0 or time.monotonic() > end:
            await sim.idle(quiet=1.0, timeout=60)
            return await failover.count_reminders(sim, url)
        await asyncio.sleep(1.0)


def _schema(base: str) -> tuple[str, str]:
    schema = f"failover_{uuid.uuid4().hex[:12]}"
    sep = "&" if "?" in base else "?"
    return schema, f"{base}{sep}search_path={schema}"


async def _drop(base: str, schema: str) -> None:
    conn = await asyncpg.connect(base)
    try:
        await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    finally:
        await conn.close()


def main() -> int:
    """Parse the options, run, print the figures as the last line."""
    args = _parser().parse_args()
    base = (
        args.database
        or os.environ.get("MUSTER_BENCH_POSTGRES")
        or os.environ.get("MUSTER_TEST_POSTGRES")
    )
    if not base:
        raise SystemExit("needs PostgreSQL: --database URL or MUSTER_TEST_POSTGRES")
    schema, url = _schema(base)
    try:
        with tempfile.TemporaryDirectory(prefix="muster-failover-") as folder:
            figures = asyncio.run(run(args, url, Path(folder)))
    finally:
        asyncio.run(_drop(base, schema))
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
