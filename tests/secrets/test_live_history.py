"""A live crew's replay and export never show a threat before the computer has announced it."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

import rendering.space_alert as renderer
from bot.service import FakeClock, Service
from bot.service.plugins.space_alert.schedule import announcement_second
from tests.hosting.helpers import command, state


def _drawn_threats(view: Any, names: Any = None, **_: Any) -> bytes:
    """A stand-in bridge renderer whose 'image' is the threat ids it was given."""
    return ",".join(a.threat_id for a in view.announcements).encode()


def _threats_in(png: bytes) -> list[str]:
    return [t for t in png.decode().split(",") if t]


async def _live_crew(service: Service) -> int:
    created = await command(service, "alice", "space-alert new", crew=2, _seed="leak",
                            mission="mission_1", live=True)  # fmt: skip
    gid = created.game_id
    assert gid is not None
    await command(service, "bob", "space-alert join", game=gid)
    await command(service, "alice", "space-alert start", game=gid)
    hand = (await state(service, gid)).hands[0]
    await command(service, "alice", "space-alert place", card=hand[0], slot=1, half="move")
    return gid


async def test_replay_and_export_of_a_live_mission_hold_back_unannounced_threats(
    service: Service, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(renderer, "bridge_png", _drawn_threats)
    gid = await _live_crew(service)
    threats = [a.threat_id for a in (await state(service, gid)).announced]
    assert threats
    board = await command(service, "carol", "board", game=gid)
    assert not any(t in board.text for t in threats)
    frames = await service.replay(gid, include_chance=True)
    assert len(frames) > 3
    assert all(f.view.announcements == () for f in frames)
    assert all(_threats_in(i.png()) == [] for f in frames for i in f.images)
    data, images = await service.export(gid)
    assert all(_threats_in(i.png()) == [] for i in images)
    assert not any(t in line for line in data["log"] for t in threats)
    # Once the first threat is heard, the replay shows that one and no other.
    first = await state(service, gid)
    clock.set(clock.now() + timedelta(seconds=announcement_second(first, 0)))
    await service.tick()
    frames = await service.replay(gid, include_chance=True)
    shown = {a.threat_id for f in frames for a in f.view.announcements}
    assert shown == {threats[0]}
    [last] = frames[-1].images
    assert _threats_in(last.png()) == threats[:1]
