"""The live service on the wire: issue 17's scenario 1 against the simulated Discord.

Run: .venv/bin/python benchmarks/live_service.py [--guilds 3] [--games 8] [--interactions 300]
     [--processes 1] [--database URL]
The real `muster bot` process serves servers full of scripted users who play every game at once
at human-like random intervals; the last line printed is one JSON object:
{"interactions": N, "ack_p50_ms": .., "ack_p99_ms": .., "ack_max_ms": .., "loop_lag_max_ms": ..,
 "lost": N, "doubled": N, "failed": N}
`loop_lag_max_ms` is the bot's own lag monitor's figure when the bot writes MUSTER_LAG_REPORT
({"loop_lag_max_ms": float}); until it does, the largest stall of its heartbeats as the gateway
saw them (said on a line before the last).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.discord.wire import scenario
from tests.discord.wire.process import MUSTER, BotProcess
from tests.discord.wire.server import WireDiscord
from tests.discord.wire.world import WireWorld

HEARTBEAT_MS = 250
"""Short heartbeats: a stall of the bot's loop delays the next one, so they measure it too."""
PAUSE = (0.5, 3.0)
"""Seconds a user waits between two actions."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--guilds", type=int, default=3, help="servers (default 3)")
    parser.add_argument("--games", type=int, default=8, help="games at once (default 8)")
    parser.add_argument("--interactions", type=int, default=300, help="to send (default 300)")
    parser.add_argument("--processes", type=int, default=1, help="bot processes (shards)")
    parser.add_argument("--database", help="the bot's database URL (default: a fresh SQLite file)")
    parser.add_argument("--seed", type=int, default=17, help="the users' random choices")
    return parser


def _shard_args(processes: int) -> list[list[str]]:
    """The command-line arguments of each process; several need the bot's sharding."""
    if processes == 1:
        return [[]]
    shown = subprocess.run([str(MUSTER), "bot", "--help"], capture_output=True, text=True).stdout
    if "--shards" not in shown:
        raise SystemExit("--processes above 1 needs `muster bot --shards` (issue 18)")
    return [["--shards", str(i), "--shard-count", str(processes)] for i in range(processes)]


async def run(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    """Scenario 1 at the asked size; returns the figures of the last line."""
    sim = WireDiscord(heartbeat_ms=HEARTBEAT_MS)
    await sim.start()
    lag_file = folder / "lag.json"
    world = WireWorld(sim, folder, args.database, MUSTER_LAG_REPORT=str(lag_file))
    extra = [
        BotProcess(sim, world.database, folder / f"bot{i}.log") for i in range(1, args.processes)
    ]
    for process, shard in zip([world.bot, *extra], _shard_args(args.processes), strict=True):
        process.arguments = shard
    try:
        for process in extra:
            await process.start()
        crowd = await scenario.gather_crowd(world, args.guilds, args.games)
        sent = await scenario.play(crowd, args.interactions, args.seed, PAUSE)
        await sim.idle(quiet=2.0, timeout=120)
        seen = scenario.figures(sim)
        problems = world.problems()
    finally:
        for process in [world.bot, *extra]:
            await process.stop()
        await sim.stop()
    lag, source = _loop_lag(lag_file, sim)
    print(f"users sent {sent} interactions after {seen.interactions - sent} to open the games")
    print(f"loop_lag_max_ms from {source}; problems seen: {len(problems)}")
    for problem in problems[:20]:
        print(f"  {problem}")
    return {
        "interactions": seen.interactions,
        "ack_p50_ms": _ms(seen.percentile(0.5)),
        "ack_p99_ms": _ms(seen.percentile(0.99)),
        "ack_max_ms": _ms(max(seen.acks_ms, default=None)),
        "loop_lag_max_ms": round(lag, 1),
        "lost": seen.lost,
        "doubled": seen.doubled,
        "failed": seen.failed + len(problems),
    }


def _loop_lag(lag_file: Path, sim: WireDiscord) -> tuple[float, str]:
    try:
        return float(json.loads(lag_file.read_text())["loop_lag_max_ms"]), "the bot's lag monitor"
    except (OSError, ValueError, KeyError, TypeError):
        return scenario.loop_lag_ms(sim, HEARTBEAT_MS), "gateway heartbeat gaps"


def _ms(value: float | None) -> float | None:
    return None if value is None else round(value, 1)


def main() -> int:
    """Parse the options, run, print the figures as the last line."""
    args = _parser().parse_args()
    with tempfile.TemporaryDirectory(prefix="muster-live-") as folder:
        figures = asyncio.run(run(args, Path(folder)))
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
