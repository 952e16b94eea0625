"""A bot process's life: one bot per SQLite file, shard slices, one clocks leader on PostgreSQL,
and a graceful stop (in-flight interactions finish, clocks stop, the outbox drains, store closes).
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.config import settings_from
from bot.discord.app import AnotherBotError, MusterBot, leading, serve
from bot.discord.lifecycle import STOP_SECONDS, Gate, ShardError, parse_shards
from bot.service import Service
from bot.service.outbox import Notice
from games.text import Text
from storage import open_store
from storage.records import NewGame
from storage.sqlite import SqliteStore
from tests.postgres import fresh_schema


def muster_bot(database: str, *args: str) -> subprocess.CompletedProcess[str]:
    """`muster bot` in a subprocess with a made-up token."""
    return subprocess.run(
        [sys.executable, "-m", "bot", "bot", *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=Path(database).parent,
        env={
            "PATH": "/usr/bin:/bin",
            "PYTHONPATH": str(Path(__file__).parents[2]),
            "DISCORD_TOKEN": "not.a.token",
            "MUSTER_HOME": str(Path(database).parent / "home"),
            "MUSTER_DATABASE": f"sqlite:///{database}",
        },
    )


async def test_a_second_bot_on_one_sqlite_file_is_refused(tmp_path: Path) -> None:
    database = tmp_path / "muster.db"
    first = await SqliteStore.open(database)
    try:
        assert await first.lead()
        result = await asyncio.to_thread(muster_bot, str(database))
    finally:
        await first.close()
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        f"Muster home: {tmp_path / 'home'}; database: sqlite:///{database}",
        f"muster: Another muster bot (process {os.getpid()}) already runs on"
        f" sqlite:///{database}: stop it first, or use PostgreSQL to run several processes"
        " (see docs/deploy.md).",
    ]


async def test_the_lock_goes_with_the_bot(tmp_path: Path) -> None:
    database = tmp_path / "muster.db"
    settings = settings_from({"DISCORD_TOKEN": "x", "MUSTER_DATABASE": f"sqlite:///{database}"})
    first = MusterBot(settings)
    await first.open()
    second = MusterBot(settings)
    with pytest.raises(AnotherBotError) as refused:
        await second.open()
    assert refused.value.holder == str(os.getpid())
    await first.close()
    await second.open()  # the first one stopped: the file is free again
    await second.close()


def test_shard_slices() -> None:
    assert parse_shards("0-3", 8) == (0, 1, 2, 3)
    assert parse_shards("7", 8) == (7,)
    with pytest.raises(ShardError, match="needs --shard-count"):
        parse_shards("0-3", None)
    with pytest.raises(ShardError, match="below --shard-count 8"):
        parse_shards("6-8", 8)
    with pytest.raises(ShardError, match="ids and ranges"):
        parse_shards("zero", 8)


def test_a_bot_runs_its_slice_of_shards() -> None:
    bot = MusterBot(settings_from({"DISCORD_TOKEN": "x"}), shard_ids=(0, 1, 2, 3), shard_count=8)
    assert (bot.shard_ids, bot.shard_count) == ([0, 1, 2, 3], 8)


def test_bad_shards_are_refused_on_the_command_line(tmp_path: Path) -> None:
    result = muster_bot(str(tmp_path / "muster.db"), "--shards", "0-3")
    assert result.returncode == 2
    assert result.stderr.strip() == (
        "muster: --shards needs --shard-count (the total over every process)"
    )


# --- the clocks leader on PostgreSQL ---------------------------------------------------------
@pytest.fixture
async def schema_url() -> AsyncIterator[str]:
    async with fresh_schema("lead") as url:
        yield url


async def test_the_clocks_leader_is_reelected_when_its_connection_dies(schema_url: str) -> None:
    first = Service(await open_store(schema_url))
    second = Service(await open_store(schema_url))
    try:
        assert await leading(first) is True
        assert await leading(second) is False
        pid = await first.store.leader_pid()  # type: ignore[attr-defined]
        # The leader's process dies (kill -9): PostgreSQL ends its session, and its lock.
        async with second.store._pool.acquire() as conn:  # type: ignore[attr-defined]
            assert await conn.fetchval("SELECT pg_terminate_backend($1)", pid)
        for _ in range(50):
            if await leading(second):
                break
            await asyncio.sleep(0.1)
        assert await leading(second) is True
        assert await leading(first) is False  # the old leader notices and follows
    finally:
        await first.close()
        await second.close()


async def test_a_leader_that_stops_hands_the_clocks_over(schema_url: str) -> None:
    first = Service(await open_store(schema_url))
    second = Service(await open_store(schema_url))
    try:
        assert await leading(first) and not await leading(second)
        await first.close()
        assert await leading(second)
    finally:
        await second.close()


# --- stopping well ---------------------------------------------------------------------------
@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[MusterBot]:
    database = tmp_path / "muster.db"
    settings = settings_from({"DISCORD_TOKEN": "x", "MUSTER_DATABASE": f"sqlite:///{database}"})
    made = MusterBot(settings)
    await made.open()
    yield made
    await made.close()


async def test_shutdown_finishes_in_flight_work_and_drains_the_outbox(
    bot: MusterBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    runner = bot.runner
    assert runner is not None
    service = runner.service
    game = await service.store.create_game(NewGame("neuroshima", 1, "s", {}, 1, 2, 3))
    steps: list[str] = []
    sent: list[str] = []

    async def deliver_one(message: Any) -> None:
        sent.append(str(message.text))

    monkeypatch.setattr(runner.delivery, "deliver_one", deliver_one)
    # A message a failure left due: the shutdown sends it on the way out.
    [parcel] = await service.postbox.publish([Notice(game.id, Text.verbatim("Bye."))])
    await service.store.retry_later(parcel.record.id, service.host.clock.now(), "503")

    async def interaction() -> None:
        async with runner.gate.job():
            await asyncio.sleep(0.3)
            steps.append("interaction finished")

    async def clocks() -> None:
        await bot._stop_clocks.wait()
        await asyncio.sleep(0.1)
        steps.append("clocks stopped")

    working = asyncio.create_task(interaction())
    await asyncio.sleep(0)
    bot._ticker = asyncio.create_task(clocks())
    closed = bot.close

    async def close() -> None:
        await service.store.schema_version()  # the outbox drained while the store was open
        steps.append("store open")
        await closed()
        steps.append("closed")

    monkeypatch.setattr(bot, "close", close)
    began = time.monotonic()
    await bot.shutdown()
    took = time.monotonic() - began
    await working
    assert not runner.gate.open
    assert steps == ["interaction finished", "clocks stopped", "store open", "closed"]
    assert sent == ["Bye."]
    reopened = await open_store(bot.settings.database)  # the bot's store is closed now
    try:
        row = await reopened.outbox_message(parcel.key)
    finally:
        await reopened.close()
    assert row is not None and row.sent is not None
    assert took < STOP_SECONDS
    assert bot.is_closed()


async def test_a_stopping_bot_takes_no_new_interactions(bot: MusterBot) -> None:
    runner = bot.runner
    assert runner is not None
    runner.gate.close()
    answered: list[tuple[str, bool]] = []

    class Response:
        async def send_message(self, text: str, *, ephemeral: bool) -> None:
            answered.append((text, ephemeral))

    class User:
        id = 5

    class Interaction:
        response = Response()
        user = User()
        locale = type("L", (), {"value": "cs"})()
        guild_locale = None

    await runner.run(Interaction(), None, {})  # type: ignore[arg-type]
    assert answered == [("Bot se restartuje: zkuste to za minutu znovu. Nic se nezměnilo.", True)]


async def test_the_gate_waits_for_work_in_flight() -> None:
    gate = Gate()
    assert await gate.drained(0.01)

    async def work() -> None:
        async with gate.job():
            await asyncio.sleep(0.2)

    task = asyncio.create_task(work())
    await asyncio.sleep(0)
    assert gate.running == 1
    assert not await gate.drained(0.05)
    assert await gate.drained(1.0)
    await task


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
async def test_a_signal_stops_the_bot_gracefully_with_status_0(
    bot: MusterBot, monkeypatch: pytest.MonkeyPatch, sig: signal.Signals
) -> None:
    connected = asyncio.Event()

    async def start(token: str) -> None:  # stands for the gateway: runs until closed
        connected.set()
        while not bot.is_closed():
            await asyncio.sleep(0.01)

    monkeypatch.setattr(bot, "start", start)
    serving = asyncio.create_task(serve(bot, "token"))
    await connected.wait()
    began = time.monotonic()
    os.kill(os.getpid(), sig)
    assert await asyncio.wait_for(serving, STOP_SECONDS + 2) == 0
    assert time.monotonic() - began < STOP_SECONDS
    assert bot.is_closed() and bot.runner is not None and not bot.runner.gate.open


async def test_only_the_leading_bot_runs_the_clocks(schema_url: str) -> None:
    settings = settings_from({"DISCORD_TOKEN": "x", "MUSTER_DATABASE": schema_url})
    first, second = MusterBot(settings), MusterBot(settings)
    await first.open()
    await second.open()
    try:
        assert await first.clock_round(0) is True
        assert await second.clock_round(0) is False
        assert await first.clock_round(1) is True
        # kill -9 of the leader's process: its session (and advisory lock) ends.
        assert first.runner is not None and second.runner is not None
        pid = await first.runner.service.store.leader_pid()  # type: ignore[attr-defined]
        async with second.runner.service.store._pool.acquire() as conn:  # type: ignore[attr-defined]
            await conn.fetchval("SELECT pg_terminate_backend($1)", pid)
        taken = False
        for _ in range(50):  # the next tick (every 5 s in the loop) takes the clocks over
            if taken := await second.clock_round(0):
                break
            await asyncio.sleep(0.1)
        assert taken
        assert await first.clock_round(2) is False
    finally:
        await first.close()
        await second.close()
