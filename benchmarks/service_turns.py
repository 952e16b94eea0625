"""Neuroshima turns per second through the service, with a board image per turn (issue 18).

One process, SQLite in a temporary folder, N concurrent players (two per game, hot-seat duels
between people, no AI seat): each player waits for its turn, sends one random legal action
as a structured action (as a button does), and counts the turn acknowledged when the service
has answered and the board image of the public update is drawn (as the Discord front-end does
before it posts); then the turn's messages are marked sent, as the front-end marks them once
posted. A finished game is replaced by a new one. The event loop's stalls are
recorded by the bot's lag monitor at the same time.

    .venv/bin/python benchmarks/service_turns.py --players 16 --seconds 60

The last line is: `turns/s T  ack p50 A s  p99 B s  loop lag max L ms`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bot.service.leagues.hook  # noqa: F401  (as the bot does: loaded before the first game ends)
from bot.service import PublicUpdate, Service
from bot.service.table import load_table
from storage.sqlite import SqliteStore

ARMIES = ("moloch", "outpost", "borgo", "hegemony")


class Bench:
    """Shared counters of one run."""

    def __init__(self, service: Service, seconds: float, seed: str) -> None:
        self.service = service
        self.until = time.perf_counter() + seconds
        self.acks: list[float] = []
        self.games = 0
        self.rng = random.Random(seed)
        self.changed: dict[int, asyncio.Event] = {}


async def draw(images: Any) -> None:
    """Draw images as the front-end does (the pool when there is one)."""
    try:
        from bot.service.workers import draw_images
    except ImportError:  # before issue 18: a worker thread, as bot/discord/files.py did
        await asyncio.to_thread(lambda: [i.png("en") for i in images])
        return
    await draw_images(images, "en")


async def new_game(bench: Bench, pair: int) -> int:
    """A started Neuroshima duel between two people of `pair`."""
    service = bench.service
    bench.games += 1
    armies = bench.rng.sample(ARMIES, 2)
    seed = f"bench{pair}-{bench.games}"
    created = await service.create("neuroshima", f"a{pair}", mode="duel", role=armies[0], seed=seed)
    gid = created.game_id
    assert gid is not None
    await service.join(gid, f"b{pair}", role=armies[1])
    await service.start(gid, f"a{pair}")
    return gid


async def player(bench: Bench, pair: int, name: str, games: list[int]) -> None:
    """One person: wait for the turn, act, count the acknowledgement."""
    service = bench.service
    me = service.user(name)
    rng = random.Random(f"{name}:{pair}")
    while time.perf_counter() < bench.until:
        gid = games[0]
        event = bench.changed.setdefault(gid, asyncio.Event())
        table = await load_table(service.host, gid)
        if not table.record.status.is_open:
            if name.startswith("a"):
                games[0] = await new_game(bench, pair)
                bench.changed[gid].set()
            else:
                await _wait(event)
            continue
        seat = table.seat_of(me)
        if seat is None or seat not in table.to_act():
            await _wait(event)
            continue
        legal = list(table.spec.rules.legal_actions(table.state, seat))
        started = time.perf_counter()
        reply = await service.act(gid, me, rng.choice(legal))
        images = [i for m in reply.messages if isinstance(m, PublicUpdate) for i in m.images]
        await draw(images[:1])
        await delivered(service, reply.messages)
        bench.acks.append(time.perf_counter() - started)
        event.set()
        bench.changed[gid] = asyncio.Event()


async def delivered(service: Service, messages: Any) -> None:
    """Mark a turn's messages sent, as the front-end does once it has posted them (until then
    the outbox keeps them, with their views, in memory)."""
    postbox = getattr(service, "postbox", None)
    if postbox is not None:  # before issue 18 messages were never stored
        await postbox.delivered_all(await postbox.publish(messages))


async def _wait(event: asyncio.Event) -> None:
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(event.wait(), 0.5)


def workers_cpu(workers: Any) -> float:
    """CPU seconds the pool's processes have used so far (Linux /proc)."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for pid in list(getattr(workers._executor, "_processes", {}) or {}):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def quantile(values: list[float], q: float) -> float:
    """The q-quantile of the values (0 when there are none)."""
    if not values:
        return 0.0
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[int(q * 100) - 1]


async def main(players: int, seconds: float, seed: str) -> None:
    """Run the players and print the figures."""
    monitor = None
    try:
        from bot.lag import LagMonitor

        monitor = LagMonitor()
        monitor.start()
    except ImportError:
        pass
    workers = None
    try:
        from bot.service.workers import Workers, install

        workers = Workers()  # as the bot does: one pool, sized from the machine
        install(workers)
    except ImportError:
        pass
    with tempfile.TemporaryDirectory() as folder:
        store = await SqliteStore.open(Path(folder) / "bench.db")
        service = Service(store)
        bench = Bench(service, seconds, seed)
        pairs = [[await new_game(bench, p)] for p in range(players // 2)]
        try:
            from bot.lag import freeze_start_up

            freeze_start_up()  # as the bot does when start-up is over
        except ImportError:
            pass
        if monitor is not None:
            monitor.largest_ms = monitor.largest_busy_ms = (
                0.0  # the set-up (imports, the pool starting) is not a turn
            )
        if workers is not None:
            base = workers_cpu(workers)
        cpu_started = time.process_time()
        started = time.perf_counter()
        bench.until = started + seconds
        await asyncio.gather(
            *(player(bench, p, f"{n}{p}", pairs[p]) for p in range(players // 2) for n in "ab")
        )
        elapsed = time.perf_counter() - started
        await service.close()
    loop_cpu = time.process_time() - cpu_started
    cpu = loop_cpu + (workers_cpu(workers) if workers else 0.0)
    if workers is not None:
        workers.close()
    lag = monitor.largest_ms if monitor is not None else float("nan")
    busy = monitor.largest_busy_ms if monitor is not None else float("nan")
    if monitor is not None:
        await monitor.stop()
    rate = len(bench.acks) / elapsed
    p50, p99 = quantile(bench.acks, 0.5), quantile(bench.acks, 0.99)
    load = os.getloadavg()[0]
    if workers is not None:
        cpu -= base
    print(f"players {players}  turns {len(bench.acks)}  games {bench.games}  load {load:.2f}")
    per_turn = cpu / max(1, len(bench.acks))
    cores = len(os.sched_getaffinity(0))
    print(
        f"CPU per turn {per_turn * 1000:.1f} ms "
        f"(this process {loop_cpu * 1000 / max(1, len(bench.acks)):.1f} ms, the rest its workers): "
        f"{cores / per_turn:.0f} turns/s would fill {cores} idle cores"
    )
    print(f"loop busy max {busy:.0f} ms (CPU the loop's thread used in its longest sample)")
    print(f"turns/s {rate:.1f}  ack p50 {p50:.3f} s  p99 {p99:.3f} s  loop lag max {lag:.0f} ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", default="turns")
    args = parser.parse_args()
    asyncio.run(main(args.players, args.seconds, args.seed))
