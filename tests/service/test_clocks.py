"""Clocks on a fake clock: reminders at 50% and 80%, quiet hours, timeouts, digest, pause."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.service import Digest, FakeClock, GameOver, Notice, Reminder, Service, ticks
from storage.records import GameStatus, UserSettings
from storage.sqlite import SqliteStore
from tests.service.helpers import duel
from tests.service.test_undo_roles import marks_duel, marks_state

HOUR = 3600


async def test_reminders_at_half_and_eighty_percent_then_forfeit_after_grace(
    service: Service, clock: FakeClock
) -> None:
    gid = await duel(service, clock=10 * HOUR, seed="c1")
    assert await service.tick() == []
    clock.advance(timedelta(hours=5))
    first = await service.tick()
    assert [type(m) for m in first] == [Reminder]
    assert first[0].user_id == service.user("alice")  # type: ignore[union-attr]
    assert "5 hours" in first[0].text  # type: ignore[union-attr]
    assert await service.tick() == []  # fires once
    clock.advance(timedelta(hours=3))
    assert [type(m) for m in await service.tick()] == [Reminder]
    clock.advance(timedelta(hours=2))
    warn = await service.tick()  # Stones has no pass: a warning, then the grace period
    assert isinstance(warn[0], Notice) and "forfeit" in warn[0].text
    clock.advance(timedelta(hours=12))
    out = await service.tick()
    over = next(m for m in out if isinstance(m, GameOver))
    assert over.winners == (service.user("bob"),)
    assert (await service.store.get_game(gid)).status is GameStatus.FINISHED
    history = await service.history(gid)
    assert "  (alice ran out of time)" in history and not any("resigned" in h for h in history)
    assert history[-1] == "Result: alice ran out of time and forfeits"


async def test_moving_stops_the_clock_and_starts_the_opponents(
    service: Service, clock: FakeClock
) -> None:
    gid = await duel(service, clock=10 * HOUR, seed="c2")
    clock.advance(timedelta(hours=4))
    await service.act(gid, "alice", "take 1")
    clock.advance(timedelta(hours=4))
    assert await service.tick() == []  # alice's reminders were cancelled, bob's not yet due
    clock.advance(timedelta(hours=1, minutes=1))
    due = await service.tick()
    assert [m.user_id for m in due if isinstance(m, Reminder)] == [service.user("bob")]


async def test_quiet_hours_defer_reminders(service: Service, clock: FakeClock) -> None:
    alice = service.user("alice")
    # 12:00 UTC start; reminders at 13:00 fall in quiet hours 12:30-14:00 (Europe/London, winter)
    await service.store.put_user_settings(
        UserSettings(alice, quiet_start=12 * 60 + 30, quiet_end=14 * 60, timezone="Europe/London")
    )
    await duel(service, clock=3 * HOUR, seed="c3")
    clock.advance(timedelta(hours=1, minutes=30))
    assert await service.tick() == []
    clock.advance(timedelta(minutes=31))
    (reminder,) = [m for m in await service.tick() if isinstance(m, Reminder)]
    # Held back half an hour, it says the time truly left and when the clock runs out.
    assert str(reminder.text) == (
        "Game 1 (Stones) waits for your move: about 59 minutes left on your clock"
        " (until 2025-01-06 15:00 GMT)."
    )


async def test_timeout_passes_where_the_rules_allow(service: Service, clock: FakeClock) -> None:
    gid = await marks_duel(service, seed="pass", clock=HOUR)
    clock.advance(timedelta(hours=1))
    out = await service.tick()
    assert any("ran out of time" in getattr(m, "text", "") for m in out)
    s = await marks_state(service, gid)
    assert s.turn == 1  # alice's turn was passed, bob is to act


async def test_daily_digest_lists_waiting_games(service: Service, clock: FakeClock) -> None:
    g1 = await duel(service, seed="d1")
    g2 = await duel(service, seed="d2")
    clock.advance(timedelta(days=1))
    digests = [m for m in await service.tick() if isinstance(m, Digest)]
    assert len(digests) == 1 and digests[0].user_id == service.user("alice")
    assert set(digests[0].game_ids) == {g1, g2}
    assert [m for m in await service.tick() if isinstance(m, Digest)] == []
    clock.advance(timedelta(days=1))
    assert len([m for m in await service.tick() if isinstance(m, Digest)]) == 1


async def test_pause_by_agreement_stops_clocks_until_resumed(
    service: Service, clock: FakeClock
) -> None:
    gid = await duel(service, clock=10 * HOUR, seed="p1")
    await service.pause(gid, "alice", hours=48)
    reply = await service.answer(gid, "bob", "pause", True)
    assert "paused" in reply.text
    clock.advance(timedelta(hours=30))
    assert [m for m in await service.tick() if isinstance(m, Reminder)] == []
    clock.advance(timedelta(hours=19))  # the vacation ends: clocks start afresh
    out = await service.tick()
    assert any("resumed" in getattr(m, "text", "") for m in out)
    clock.advance(timedelta(hours=5))
    assert any(isinstance(m, Reminder) for m in await service.tick())


async def test_deadlines_survive_a_restart(service: Service, clock: FakeClock, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from storage.sqlite import SqliteStore

    await duel(service, clock=HOUR, seed="r1")
    await service.close()
    store = await SqliteStore.open(tmp_path / "muster.db", clock=clock.now)
    fresh = Service(store, clock)
    clock.advance(timedelta(minutes=31))
    assert [type(m) for m in await fresh.tick()] == [Reminder]
    service.host.store.close = fresh.store.close  # type: ignore[method-assign]


async def reopened(tmp_path: Path, clock: FakeClock) -> Service:
    """The service of the next clocks runner on the same database (nothing kept in memory)."""
    return Service(await SqliteStore.open(tmp_path / "muster.db", clock=clock.now), clock)


async def test_a_kill_before_a_timeout_acts_leaves_it_due_for_the_next_runner(
    service: Service, clock: FakeClock, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid = await marks_duel(service, seed="pass", clock=HOUR)
    clock.advance(timedelta(hours=1))
    fire = ticks._fire

    async def killed_at_the_timeout(*args: Any) -> Any:
        if args[1].kind == "timeout":
            raise SystemExit("killed before the timeout acted")
        return await fire(*args)

    monkeypatch.setattr(ticks, "_fire", killed_at_the_timeout)
    with pytest.raises(SystemExit):
        await service.tick()
    monkeypatch.undo()
    await service.close()
    after = await reopened(tmp_path, clock)
    try:
        out = await after.tick()
        assert any("ran out of time" in getattr(m, "text", "") for m in out)
        assert (await marks_state(after, gid)).turn == 1  # alice's turn was passed
    finally:
        await after.close()


async def test_a_kill_after_a_timeout_acted_does_not_pass_twice(
    service: Service, clock: FakeClock, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid = await marks_duel(service, seed="pass", clock=HOUR)
    clock.advance(timedelta(hours=1))

    async def killed(*args: object) -> None:
        raise SystemExit("killed between the pass and anything after it")

    monkeypatch.setattr("bot.service.settle.reschedule", killed)
    with pytest.raises(SystemExit):
        await service.tick()  # the pass is written; the timeout is still open
    monkeypatch.undo()
    await service.close()
    after = await reopened(tmp_path, clock)
    try:
        running = await after.store.pending_deadlines(gid)
        assert sorted(d.kind for d in running if d.seat == 0) == ["digest", "timeout"]
        assert not any("ran out of time" in getattr(m, "text", "") for m in await after.tick())
        assert (await marks_state(after, gid)).turn == 1  # passed once, bob still to act
        history = await after.history(gid)
        assert sum("ran out of time" in line for line in history) == 1
        running = await after.store.pending_deadlines(gid)
        assert [(d.seat, d.kind) for d in running] == [(0, "digest")]  # the timeout is closed
    finally:
        await after.close()
