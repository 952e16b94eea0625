"""Storage benchmarks: append latency, snapshot loads, and many games under concurrent writers.

Run: .venv/bin/python benchmarks/storage.py [--quick]
PostgreSQL is measured too when MUSTER_TEST_POSTGRES (or MUSTER_BENCH_POSTGRES) names a server;
a fresh schema is used and dropped afterwards.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from storage import GameStore, open_store
from storage.records import (
    EventRecord,
    GameRecord,
    GameStatus,
    NewEvent,
    NewGame,
    SeatRecord,
)
from storage.snapshots import load_state


class Counter:
    """A trivial state folder, so the numbers measure storage and not rules."""

    def initial(self, game: GameRecord, seats: Sequence[SeatRecord]) -> dict[str, int]:
        return {"total": 0, "count": 0}

    def apply(self, state: dict[str, int], events: Sequence[EventRecord]) -> dict[str, int]:
        total = state["total"] + sum(int(e.action["add"]) for e in events)
        return {"total": total, "count": state["count"] + len(events)}

    def encode(self, state: dict[str, int]) -> Any:
        return state

    def decode(self, data: Any) -> dict[str, int]:
        return dict(data)


def pct(samples: list[float], q: float) -> float:
    """The q-th percentile in milliseconds."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))] * 1000


async def new_game(store: GameStore) -> int:
    game = await store.create_game(NewGame("bench", 1, "seed", {"mode": "standard"}, 1, 2))
    await store.add_seat(game.id, 0, 100)
    await store.add_seat(game.id, 1, 200)
    await store.set_status(game.id, GameStatus.ACTIVE)
    return game.id


def action(i: int) -> dict[str, Any]:
    # About the size of a real move: a tile, a hex, a facing and a few options.
    return {"add": 1, "kind": "place_tile", "tile": f"hegemony.{i % 30}", "hex": "C3", "facing": 2}


async def bench_append(store: GameStore, n: int) -> None:
    gid = await new_game(store)
    samples = []
    for seq in range(n):
        start = time.perf_counter()
        await store.append(gid, seq, [NewEvent(seq % 2, action(seq))], to_act=[(seq + 1) % 2])
        samples.append(time.perf_counter() - start)
    print(
        f"  append+commit, 1 event: p50 {pct(samples, 50):.3f} ms"
        f"  p99 {pct(samples, 99):.3f} ms  ({n} appends)"
    )


async def bench_load(store: GameStore, n: int) -> None:
    gid = await new_game(store)
    for seq in range(300):
        await store.append(gid, seq, [NewEvent(seq % 2, action(seq))])
    await load_state(store, gid, Counter(), rules_version=1)  # writes the snapshot at 300
    with_snap, without = [], []
    for _ in range(n):
        start = time.perf_counter()
        loaded = await load_state(store, gid, Counter(), rules_version=1)
        with_snap.append(time.perf_counter() - start)
        assert loaded.snapshot_version == 300
        start = time.perf_counter()
        await load_state(store, gid, Counter(), rules_version=2, every=10**9)
        without.append(time.perf_counter() - start)
    print(
        f"  load 300-event game: via snapshot p50 {pct(with_snap, 50):.3f} ms"
        f" (p99 {pct(with_snap, 99):.3f}); full log p50 {pct(without, 50):.3f} ms"
    )


async def bench_many(store: GameStore, games: int, tasks: int, rounds: int) -> None:
    ids = [await new_game(store) for _ in range(games)]
    per_task = [ids[i::tasks] for i in range(tasks)]
    latencies: list[float] = []

    async def worker(mine: list[int], seed: int) -> None:
        rng = random.Random(seed)
        versions = dict.fromkeys(mine, 0)
        for _ in range(rounds):
            for gid in rng.sample(mine, len(mine)):
                start = time.perf_counter()
                game = await store.append(
                    gid, versions[gid], [NewEvent(0, action(versions[gid]))], to_act=[1]
                )
                latencies.append(time.perf_counter() - start)
                versions[gid] = game.version

    start = time.perf_counter()
    await asyncio.gather(*(worker(mine, i) for i, mine in enumerate(per_task)))
    elapsed = time.perf_counter() - start
    print(
        f"  {games} games x {tasks} tasks: {len(latencies)} appends in {elapsed:.2f} s ="
        f" {len(latencies) / elapsed:,.0f} appends/s; latency p50 {pct(latencies, 50):.2f} ms"
        f" p99 {pct(latencies, 99):.2f} ms"
    )


async def run(url: str, label: str, quick: bool) -> None:
    store = await open_store(url)
    print(f"{label} ({store.description})")
    try:
        await bench_append(store, 300 if quick else 2000)
        await bench_load(store, 30 if quick else 200)
        await bench_many(store, 1000, 50, 2 if quick else 10)
    finally:
        await store.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer iterations (a smoke run)")
    quick = parser.parse_args().quick
    with tempfile.TemporaryDirectory() as tmp:
        await run(f"sqlite:///{Path(tmp) / 'bench.db'}", "SQLite", quick)
    base = os.environ.get("MUSTER_BENCH_POSTGRES") or os.environ.get("MUSTER_TEST_POSTGRES")
    if not base:
        print("PostgreSQL: skipped (set MUSTER_TEST_POSTGRES, e.g. eval $(bash .ci/postgres.sh))")
        return
    import asyncpg  # type: ignore[import-untyped]

    schema = f"bench_{uuid.uuid4().hex[:8]}"
    try:
        await run(f"{base}{'&' if '?' in base else '?'}search_path={schema}", "PostgreSQL", quick)
    finally:
        conn = await asyncpg.connect(base)
        await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        await conn.close()


if __name__ == "__main__":
    asyncio.run(main())
