"""A live Space Alert mission through the Discord layer on a fake clock: the computer's
announcements come at their second of the operation, and the bridge shows each threat only
once it has been announced."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

import rendering.space_alert as renderer
from bot.discord.app import tick_once
from bot.service.commands.frontend import place
from bot.service.plugins.space_alert.schedule import announcement_second
from bot.service.table import load_table
from tests.discord.conftest import World
from tests.discord.test_space_alert import open_mission


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The threats each bridge image is drawn with, in drawing order."""
    found: list[list[str]] = []

    def bridge(view: Any, names: Any = None) -> bytes:
        found.append([a.threat_id for a in view.announcements])
        return b"bridge"

    monkeypatch.setattr(renderer, "bridge_png", bridge)
    monkeypatch.setattr(renderer, "program_png", lambda view, names=None: b"program")
    return found


async def test_announcements_and_the_bridge_follow_the_clock(
    world: World, drawn: list[list[str]]
) -> None:
    start = world.clock.now()
    crew = await open_mission(world, closed_dms=(), mission="mission_1", live=True)
    state = (await load_table(world.service.host, crew.game)).state
    threats = [a.threat_id for a in state.announced]
    seconds = [announcement_second(state, i) for i in range(len(threats))]
    thread = (await place(world.service, crew.game)).thread_id
    log = world.client.log
    assert drawn == [[]]
    assert not any(t in (s.content or "") for s in log for t in threats), "nothing ahead of time"
    world.clock.set(start + timedelta(seconds=seconds[0] - 1))
    before = len(log)
    await tick_once(world.service, world.runner.delivery)
    assert log[before:] == [] and drawn == [[]]
    world.clock.set(start + timedelta(seconds=seconds[0]))
    await tick_once(world.service, world.runner.delivery)
    [said] = [s for s in log[before:] if s.kind == "send" and s.where == thread]
    assert (said.content or "").startswith("[00:10] Time T+") and threats[0] in (said.content or "")
    [edited] = [s for s in log[before:] if s.kind == "edit"]
    assert (edited.content or "").startswith("Bridge, phase 1") and edited.files
    assert drawn[-1] == threats[:1]
    world.clock.set(start + timedelta(seconds=seconds[1]))
    await tick_once(world.service, world.runner.delivery)
    assert drawn[-1] == threats[:2]
    assert any(threats[1] in (s.content or "") for s in log.of("send", thread))
