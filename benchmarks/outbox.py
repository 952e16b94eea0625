"""What the durable outbox costs a turn: service turns with and without it, SQLite and PostgreSQL.

Run: .venv/bin/python benchmarks/outbox.py [--turns N]
A turn is `Service.act` of a tiny game (Stones, from the contract tests: no images, no AI), so
the numbers show the outbox's writes and not rules or rendering. "with" also publishes the
reply and marks it sent, as a front-end does. PostgreSQL is measured when MUSTER_TEST_POSTGRES
(or MUSTER_BENCH_POSTGRES) names a server; a fresh schema is used and dropped afterwards.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.service import FakeClock, Service
from games import registry
from storage import open_store
from tests.contract.stones import STONES


def pct(samples: list[float], q: float) -> float:
    """The q-th percentile in milliseconds."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))] * 1000


async def turns(url: str, count: int, outbox: bool) -> list[float]:
    """Seconds per turn over `count` turns of fresh Stones duels."""
    clock = FakeClock()
    service = Service(await open_store(url, clock=clock.now), clock)
    if not outbox:
        object.__setattr__(service.host, "postbox", None)
    took: list[float] = []
    try:
        while len(took) < count:
            game = (await service.create("stones", "alice")).game_id
            assert game is not None
            await service.join(game, "bob")
            await service.start(game, "alice")
            for player in ("alice", "bob") * 40:
                began = time.perf_counter()
                try:
                    reply = await service.act(game, player, "take 1")
                except Exception:  # the game ended (or the other player is to act)
                    break
                if outbox:
                    postbox = service.postbox
                    await postbox.delivered_all(await postbox.publish(reply.messages))
                took.append(time.perf_counter() - began)
                if len(took) >= count:
                    break
    finally:
        await service.close()
    return took


async def measure(name: str, url: str, count: int) -> float:
    """Print one backend's row pair; returns the outbox's extra median milliseconds a turn."""
    medians = {}
    for outbox in (False, True, False, True):  # interleaved: the machine is shared
        took = await turns(url, count, outbox)
        label = "with outbox" if outbox else "without"
        print(f"{name:<10} {label:<12} {pct(took, 50):7.2f} {pct(took, 95):7.2f}"
              f" {len(took) / sum(took):8.0f}")  # fmt: skip
        medians.setdefault(outbox, []).append(pct(took, 50))
    return min(medians[True]) - min(medians[False])


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=300)
    args = parser.parse_args()
    if "stones" not in registry.GAMES:
        registry.register(STONES)
    print(f"{'backend':<10} {'run':<12} {'p50 ms':>7} {'p95 ms':>7} {'turns/s':>8}")
    extra = {}
    with tempfile.TemporaryDirectory() as folder:
        extra["SQLite"] = await measure("SQLite", f"sqlite:///{folder}/bench.db", args.turns)
    base = os.environ.get("MUSTER_BENCH_POSTGRES") or os.environ.get("MUSTER_TEST_POSTGRES")
    if base:
        import asyncpg  # type: ignore[import-untyped]

        schema = f"bench_{uuid.uuid4().hex[:10]}"
        sep = "&" if "?" in base else "?"
        try:
            url = f"{base}{sep}search_path={schema}"
            extra["PostgreSQL"] = await measure("PostgreSQL", url, args.turns)
        finally:
            conn = await asyncpg.connect(base)
            await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
            await conn.close()
    said = ", ".join(f"{ms:.2f} ms ({name})" for name, ms in extra.items())
    print(f"outbox cost per turn (p50, best of two): {said}")


if __name__ == "__main__":
    asyncio.run(main())
