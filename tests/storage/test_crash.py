"""Crash safety: a writer process is SIGKILLed at random moments, 100 times per backend.

Afterwards every acknowledged append is present, no append is partly present, the log of every
game is whole, and every snapshot equals the replay of the events it covers.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
import uuid
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from storage import GameStore, open_store
from storage.base import digest
from storage.records import GameStatus, NewGame
from storage.snapshots import load_state
from tests.storage.conftest import postgres_base
from tests.storage.toy import CounterFolder, replay_counter

KILLS = 100
LANES = 4  # independent databases killed in parallel, to keep the suite fast
GAMES_PER_LANE = 3
WRITER = Path(__file__).with_name("crash_writer.py")
ROOT = Path(__file__).resolve().parents[2]


def _run_lane(url: str, game_ids: list[int], runs: int, seed: int) -> dict[int, int]:
    """Start and kill a writer `runs` times; return the highest acknowledged version per game."""
    rng = random.Random(seed)
    acked: dict[int, int] = defaultdict(int)
    server = subprocess.Popen(
        [sys.executable, str(WRITER), url, *map(str, game_ids)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert server.stdin is not None and server.stdout is not None
    seen: dict[str, int] = {}
    failures: list[str] = []

    def read() -> str:
        # Lines of the server and of its child share one pipe, in whatever order they ran.
        line = server.stdout.readline() if server.stdout else ""
        cut = line.find("DONE ")
        if cut > 0:
            # The child was killed mid-line and the server's DONE followed on the same line: the
            # cut-off acknowledgement may have lost digits, so only the DONE is read.
            line = line[cut:]
        word, *rest = line.split() or ["EOF"]
        if word == "ACK":
            gid, version = int(rest[0]), int(rest[1])
            acked[gid] = max(acked[gid], version)
        elif word in ("PID", "DONE"):
            seen[word] = int(rest[0])
        elif word == "FAILED":
            failures.append(line.strip())
        assert word != "EOF", "the fork server stopped"
        return word

    try:
        for run in range(runs):
            seen.clear()
            server.stdin.write(f"RUN {seed * 1000 + run}\n")
            server.stdin.flush()
            ready = False
            while "PID" not in seen:
                ready = read() == "READY" or ready
            if rng.random() < 0.1:
                time.sleep(rng.uniform(0.0, 0.03))  # sometimes while it is opening the store
            else:
                # Half the kills wait for a first acknowledged append, so a slow machine still
                # kills writers that have committed something (a fixed window can miss them all).
                wanted = "ACK" if rng.random() < 0.5 else "READY"
                waited = ready and wanted == "READY"
                while not waited:
                    word = read()
                    assert word != "DONE", f"the writer died before it was killed: {failures}"
                    waited = word in (wanted, "ACK")
                time.sleep(rng.uniform(0.0, 0.06))
            os.kill(seen["PID"], signal.SIGKILL)
            while "DONE" not in seen:
                read()
    finally:
        server.stdin.close()
        server.wait(timeout=30)
    return dict(acked)


async def _verify(store: GameStore, game_ids: list[int], acked: dict[int, int]) -> int:
    total = 0
    for gid in game_ids:
        game = await store.get_game(gid)
        events = await store.events(gid)
        assert [e.seq for e in events] == list(range(game.version)), f"game {gid} has gaps"
        assert game.version >= acked.get(gid, 0), f"game {gid} lost acknowledged events"
        batches: dict[str, list[tuple[int, int, int]]] = defaultdict(list)
        for e in events:
            batches[e.action["batch"]].append((e.seq, e.action["i"], e.action["k"]))
        for tag, rows in batches.items():
            size = rows[0][2]
            assert [i for _, i, _ in rows] == list(range(size)), f"partial append {tag}"
            assert [s for s, _, _ in rows] == list(range(rows[0][0], rows[0][0] + size)), tag
        for snap in await store.snapshots(gid):
            assert digest(snap.state) == snap.digest
            assert snap.state == replay_counter(game, [], events[: snap.version])
        loaded = await load_state(store, gid, CounterFolder(), rules_version=1, verify=True)
        assert loaded.discarded == ()
        total += game.version
    assert await store.integrity_check() == []
    return total


async def _crash_backend(urls: list[str]) -> None:
    lanes: list[tuple[str, list[int]]] = []
    for url in urls:
        store = await open_store(url)
        ids = []
        for _ in range(GAMES_PER_LANE):
            game = await store.create_game(NewGame("counter", 1, "seed", {"start": 0}))
            await store.add_seat(game.id, 0, 1)
            await store.add_seat(game.id, 1, 2)
            await store.set_status(game.id, GameStatus.ACTIVE)
            ids.append(game.id)
        await store.close()
        lanes.append((url, ids))
    runs = [KILLS // LANES + (1 if i < KILLS % LANES else 0) for i in range(LANES)]
    with ThreadPoolExecutor(LANES) as pool:
        futures = [
            pool.submit(_run_lane, url, ids, n, seed)
            for seed, ((url, ids), n) in enumerate(zip(lanes, runs, strict=True), start=1)
        ]
        acks = [await asyncio.wrap_future(f) for f in futures]
    appended = 0
    for (url, ids), acked in zip(lanes, acks, strict=True):
        store = await open_store(url)
        try:
            appended += await _verify(store, ids, acked)
        finally:
            await store.close()
        assert acked, "no append was ever acknowledged: the kills came too early to test much"
    assert appended > 0


async def test_sigkill_sqlite(tmp_path: Path) -> None:
    await _crash_backend([f"sqlite:///{tmp_path / f'lane{i}.db'}" for i in range(LANES)])


async def test_sigkill_postgres() -> None:
    import pytest

    base = postgres_base()
    if base is None:
        pytest.skip("MUSTER_TEST_POSTGRES is not set (see the warning at the end of the run)")
    import asyncpg  # type: ignore[import-untyped]

    schemas = [f"crash_{uuid.uuid4().hex[:10]}" for _ in range(LANES)]
    sep = "&" if "?" in base else "?"
    try:
        # The first lane's server delays every COMMIT by 0.1 s, so a writer killed just after
        # sending one commits after its successor has read the versions (the successor's stale
        # append is refused, and it reads and goes on, as a live host would).
        slow = "&commit_delay=100000&commit_siblings=0"
        urls = [f"{base}{sep}search_path={s}" for s in schemas]
        await _crash_backend([urls[0] + slow, *urls[1:]])
    finally:
        conn = await asyncpg.connect(base)
        for schema in schemas:
            await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        await conn.close()
