"""Live mode on a fake clock: announcements at their second, warnings, phases closed on time."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

import rendering.space_alert as renderer
from bot.service import FakeClock, PublicUpdate, Service
from bot.service.plugins.space_alert.bridge import BRIDGE, BRIDGE_EDIT
from bot.service.plugins.space_alert.schedule import announcement_second, clock_text, phase_ends
from tests.hosting.helpers import command, crew, private, public, state


async def _tick_to(service: Service, clock: FakeClock, start: datetime, second: int) -> list[str]:
    clock.set(start + timedelta(seconds=second))
    return [m.text for m in public(await service.tick()) if m.kind != BRIDGE_EDIT]


async def test_the_computer_announces_on_the_soundtrack_clock(
    service: Service, clock: FakeClock
) -> None:
    start = clock.now()
    gid = await crew(service, "live", mission="mission_1", live=True)
    first = await state(service, gid)
    assert phase_ends(first.schedule) == (230, 455, 605)
    seconds = [announcement_second(first, i) for i in range(len(first.announced))]
    assert seconds == sorted(seconds) and seconds[0] == 10
    assert await _tick_to(service, clock, start, seconds[0] - 1) == []
    posted = await _tick_to(service, clock, start, seconds[0])
    assert len(posted) == 1 and posted[0].startswith("[00:10] Time T+")
    heard: list[str] = []
    for second in seconds[1:]:
        texts = await _tick_to(service, clock, start, second)
        [text] = [t for t in texts if t.startswith("[")]
        assert text.startswith(f"[{clock_text(second)}]")
        heard += texts
    heard += await _tick_to(service, clock, start, 120)
    assert any(t.startswith("Communications down") for t in heard)
    assert "All clear: communications restored." in heard
    heard = await _tick_to(service, clock, start, 170)
    assert any("Phase 1 ends in one minute" in t for t in heard)
    closed = await _tick_to(service, clock, start, 230)
    assert any("Phase 1 closed on the clock" in t for t in closed)
    second_phase = await state(service, gid)
    assert second_phase.phase == 2
    later = [
        announcement_second(second_phase, i)
        for i, a in enumerate(second_phase.announced)
        if a.slot.phase == 2
    ]
    [text] = [t for t in await _tick_to(service, clock, start, later[0]) if t.startswith("[")]
    assert text.startswith(f"[{clock_text(later[0])}]")
    await _tick_to(service, clock, start, 455)
    await _tick_to(service, clock, start, 605)
    assert (await state(service, gid)).stage.value == "over"


async def test_a_crew_that_locks_in_early_moves_on_and_stale_deadlines_stay_quiet(
    service: Service, clock: FakeClock
) -> None:
    start = clock.now()
    gid = await crew(service, "early", players=2, mission="mission_2", live=True)
    first = await state(service, gid)
    await command(service, "alice", "space-alert lock")
    await command(service, "bob", "space-alert lock")
    assert (await state(service, gid)).phase == 2
    # The soundtrack runs on: phase 1's threats are still announced, each at its own second.
    due = [announcement_second(first, i) for i, a in enumerate(first.announced)
           if a.slot.phase == 1]  # fmt: skip
    assert due
    heard: list[str] = []
    for second in due:
        said = [t for t in await _tick_to(service, clock, start, second) if t.startswith("[")]
        assert said and said[0].startswith(f"[{clock_text(second)}] Time T+")
        heard += said
    assert len(heard) == len(due)
    texts = await _tick_to(service, clock, start, 245)
    assert not any("Phase 1" in t for t in texts)
    assert (await state(service, gid)).phase == 2


def _drawn_threats(view: Any, names: Any = None) -> bytes:
    """A stand-in bridge renderer whose 'image' is the threat ids it was given."""
    return ",".join(a.threat_id for a in view.announcements).encode()


def _threats_drawn(update: PublicUpdate) -> list[str]:
    """The threat ids the bridge image of an update is drawn with."""
    [image] = update.images
    return [t for t in image.png().decode().split(",") if t]


async def test_the_bridge_and_the_panels_never_run_ahead_of_the_announcements(
    service: Service, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(renderer, "bridge_png", _drawn_threats)
    start = clock.now()
    created = await command(service, "alice", "space-alert new", crew=2, _seed="heard",
                            mission="mission_1", live=True)  # fmt: skip
    gid = created.game_id
    assert gid is not None
    await command(service, "bob", "space-alert join", game=gid)
    started = await command(service, "alice", "space-alert start", game=gid)
    first = await state(service, gid)
    threats = [a.threat_id for a in first.announced]
    seconds = [announcement_second(first, i) for i in range(len(threats))]
    [opening, bridge] = public(started.messages)
    assert bridge.kind == BRIDGE and _threats_drawn(bridge) == []
    assert not any(t in opening.text for t in threats)
    assert not any(t in p.text for p in private(started.messages) for t in threats)
    clock.set(start + timedelta(seconds=seconds[0]))
    [said, edited] = public(await service.tick())
    assert said.text.startswith("[00:10] Time T+") and threats[0] in said.text
    assert edited.kind == BRIDGE_EDIT and _threats_drawn(edited) == threats[:1]
    # The second threat's time has come but the clocks loop has not announced it yet.
    clock.set(start + timedelta(seconds=seconds[1]))
    hand = (await state(service, gid)).hands[0]
    placed = await command(service, "alice", "space-alert place", card=hand[0], slot=1,
                           half="move")  # fmt: skip
    [panel] = private(placed.messages)
    # After a placement the panel says what changed; the whole panel is one /hand away.
    assert threats[1] not in panel.text and panel.images == ()
    whole = await command(service, "alice", "hand", game=gid)
    assert threats[0] in whole.text and threats[1] not in whole.text
    [locked] = public((await command(service, "alice", "space-alert lock")).messages)
    assert _threats_drawn(locked) == threats[:1]
    [said, edited] = [m for m in public(await service.tick()) if m.text.startswith(("[", "Br"))]
    assert threats[1] in said.text and _threats_drawn(edited) == threats[:2]


async def test_hand_and_board_on_request_show_a_threat_only_from_its_announcement(
    service: Service, clock: FakeClock
) -> None:
    start = clock.now()
    gid = await crew(service, "asked", players=2, mission="mission_1", live=True)
    first = await state(service, gid)
    threat = first.announced[0].threat_id
    second = announcement_second(first, 0)
    await _tick_to(service, clock, start, second - 1)
    early_hand = await command(service, "alice", "hand", game=gid)
    early_board = await command(service, "bob", "board", game=gid)
    assert threat not in early_hand.text and threat not in early_board.text
    await _tick_to(service, clock, start, second)
    hand = await command(service, "alice", "hand", game=gid)
    board = await command(service, "bob", "board", game=gid)
    assert threat in hand.text and threat in board.text
