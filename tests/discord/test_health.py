"""The operator's port on a real bot: health, readiness and a Prometheus scrape."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot import health
from bot.service import metrics
from bot.service.presenters import _PRESENTERS
from tests.discord.real.images import quick_neuroshima
from tests.discord.real.world import DiscordWorld


@pytest.fixture(autouse=True)
def quick_images(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(_PRESENTERS, "neuroshima", quick_neuroshima())


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[DiscordWorld]:
    found = await DiscordWorld.open(tmp_path)
    yield found
    await found.close()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _sample(text: str, name: str, **labels: str) -> float:
    """One sample's value in a scrape (0 when the series is absent)."""
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == name and all(sample.labels.get(k) == v for k, v in labels.items()):
                return float(sample.value)
    return 0.0


async def _get(port: int, path: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as http, http.get(f"http://127.0.0.1:{port}{path}") as got:
        return got.status, await got.text()


async def test_a_scrape_counts_interactions_acks_and_active_games(world: DiscordWorld) -> None:
    assert world.bot is not None and world.bot.runner is not None
    store = world.bot.runner.service.store
    port = _free_port()
    connected = {"gateway": False}
    server = await health.serve(
        health.Readiness(lambda: connected["gateway"], store.schema_version), "127.0.0.1", port
    )
    source = metrics.games_source(store)
    metrics.add_source(source)
    try:
        assert await _get(port, "/healthz") == (200, "ok\n")
        assert await _get(port, "/readyz") == (503, "gateway: not connected\n")
        connected["gateway"] = True
        assert await _get(port, "/readyz") == (200, "ready\n")

        _, before = await _get(port, "/metrics")
        await world.slash(world.alice, "neuroshima new", vs="ai", army="moloch")
        await world.slash(world.alice, "neuroshima hq", hex="Z9")  # refused by the rules
        status, after = await _get(port, "/metrics")
        assert status == 200
        for outcome, command in (("ok", "neuroshima new"), ("refused", "neuroshima hq")):
            grew = _sample(after, "muster_interactions_total", command=command, outcome=outcome)
            was = _sample(before, "muster_interactions_total", command=command, outcome=outcome)
            assert grew == was + 1
        assert (
            _sample(after, "muster_ack_seconds_count")
            == _sample(before, "muster_ack_seconds_count") + 2
        )
        assert _sample(after, "muster_games_active", game="neuroshima") == 1

        await store.close()
        status, said = await _get(port, "/readyz")
        assert status == 503 and said.startswith("database: ")
    finally:
        metrics.remove_source(source)
        await server.cleanup()
