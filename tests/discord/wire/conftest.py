"""Fixtures: a simulated Discord on loopback, and a world whose bot the test starts."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.discord.wire.server import WireDiscord
from tests.discord.wire.world import WireWorld


@pytest.fixture
async def sim() -> AsyncIterator[WireDiscord]:
    found = WireDiscord(heartbeat_ms=1000)
    await found.start()
    yield found
    await found.stop()


@pytest.fixture
async def wire(sim: WireDiscord, tmp_path: Path) -> AsyncIterator[WireWorld]:
    world = WireWorld(sim, tmp_path)
    yield world
    await world.bot.stop()
