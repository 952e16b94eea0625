"""Space Alert's clocks: phase deadlines for asynchronous crews, the soundtrack in live mode.

Deadlines are stored with kinds `space_alert:WHAT:FLIGHT:PHASE[:EXTRA]` (seat NULL), so a
restart loses none and a deadline that the game has moved past is recognised and ignored.
- Asynchronous (`phase_clock` seconds): a reminder at 80 %, then the phase closes: the host
  sends `LockIn` for every player still programming (their empty slots stay empty).
- Live (`live`): the flight follows the soundtrack's 10 minutes from the moment it is
  prepared: each announcement is posted at its second (T+n), a warning a minute before each
  phase ends, the blackouts and their all-clear, and the phases close on the clock.
- Between campaign flights a silent voter proposes `stop` and a silent repairer `skip`.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from bot.service.errors import NoSuchGameError
from bot.service.outbox import Message, PublicUpdate, Reminder
from bot.service.play import Draft, Plan, run
from bot.service.plugins.space_alert.bridge import bridge_update, heard
from bot.service.plugins.space_alert.schedule import (
    PREFIX,
    Timing,
    announce_kind,
    announcement_second,
    clock_text,
    flight_start,
    phase_ends,
    phase_start,
)
from bot.service.settle import settle
from bot.service.sight import public_view
from bot.service.table import Host, Table, load_table
from bot.service.timeline import TIMEOUT
from games.base import Seat
from games.space_alert.actions import (
    FlightPrepared,
    LeaveStoreEmpty,
    LockIn,
    PhaseOpened,
    SkipRepair,
    StopCampaign,
)
from games.space_alert.rules import legal_actions
from games.space_alert.state import Stage, State
from games.text import Text
from storage.records import DeadlineRecord, GameStatus

WARNING = 60
REMIND_SHARE = 0.8
BREAK_STAGES = (Stage.DEBRIEF, Stage.REPAIR, Stage.STOW_BOTS)


class StaleDeadlineError(Exception):
    """The game has moved past the moment this deadline was set for."""


def _kind(what: str, state: State, *extra: object) -> str:
    return ":".join(str(p) for p in (PREFIX, what, state.flight, state.phase, *extra))


async def on_change(host: Host, plan: Plan, after: Table) -> list[Message]:
    """Schedule the deadlines a change calls for; announcements already due come back now."""
    state: State | None = after.state
    if state is None or after.record.status is not GameStatus.ACTIVE:
        return []
    timing = Timing.of(after)
    now = host.clock.now()
    before: State | None = plan.table.state
    if any(isinstance(s.action, PhaseOpened) for s in plan.steps) and state.stage is Stage.PLANNING:
        if timing.live:
            started = now
            if not any(isinstance(s.action, FlightPrepared) for s in plan.steps):
                started = await flight_start(host, after)
            return await _schedule_live(host, after, state, started, now)
        if timing.phase_clock:
            due = now + timedelta(seconds=timing.phase_clock)
            remind = now + timedelta(seconds=timing.phase_clock * REMIND_SHARE)
            clocks = [(None, _kind("remind", state), remind), (None, _kind("close", state), due)]
            await host.store.add_deadlines(after.id, clocks)
        return []
    moved = before is None or (before.stage, before.repairer) != (state.stage, state.repairer)
    if state.stage in BREAK_STAGES and moved and timing.break_clock:
        kind = _kind("break", state, state.stage.value, state.repairer)
        await host.store.add_deadline(
            after.id, None, kind, now + timedelta(seconds=timing.break_clock)
        )
    return []


RECOVERY_HORIZON = timedelta(days=3650)
RECOVERY_SCAN = 1_000_000
"""Pending deadlines read once at start-up to find flights without a clock."""
RECOVERY_PAGE = 500


async def recover(host: Host) -> list[Message]:
    """At start-up: a phase opened just before a crash, whose clock was never written, gets its
    clock now (an asynchronous crew a fresh phase deadline; a live crew its soundtrack)."""
    now = host.clock.now()
    due = await host.store.due_deadlines(now + RECOVERY_HORIZON, limit=RECOVERY_SCAN)
    pending: set[tuple[int, str | None]] = {(d.game_id, d.kind) for d in due}
    posts: list[Message] = []
    after = 0
    while True:
        page = await host.store.games_with_status(
            GameStatus.ACTIVE, after_id=after, limit=RECOVERY_PAGE
        )
        for record in page:
            if record.game_key == PREFIX:
                posts += await _restart_clock(host, await load_table(host, record.id), pending, now)
        if len(page) < RECOVERY_PAGE:
            return posts
        after = page[-1].id


async def _restart_clock(
    host: Host, table: Table, pending: set[tuple[int, str | None]], now: datetime
) -> list[Message]:
    state: State | None = table.state
    timing = Timing.of(table)
    if (
        state is None
        or state.stage is not Stage.PLANNING
        or not (timing.live or timing.phase_clock)
    ):
        return []
    if (table.id, _kind("close", state)) in pending:
        return []
    if timing.live:
        return await _schedule_live(host, table, state, await flight_start(host, table), now)
    due = now + timedelta(seconds=timing.phase_clock)
    remind = now + timedelta(seconds=timing.phase_clock * REMIND_SHARE)
    clocks = [(None, _kind("remind", state), remind), (None, _kind("close", state), due)]
    await host.store.add_deadlines(table.id, clocks)
    return []


async def _schedule_live(
    host: Host, table: Table, state: State, started: datetime, now: datetime
) -> list[Message]:
    assert state.schedule is not None
    schedule, phase = state.schedule, state.phase
    at = (now - started).total_seconds()
    posts: list[Message] = []
    # A phase's whole soundtrack is written at once: a crash never leaves half a clock.
    clocks: list[tuple[int | None, str, datetime]] = []
    for index, a in enumerate(state.announced):
        if a.slot.phase != phase:
            continue
        second = announcement_second(state, index)
        if second <= at:
            posts.append(announcement(table, state, index, second))
        else:
            due = started + timedelta(seconds=second)
            clocks.append((None, announce_kind(state, phase, index), due))
    end = phase_ends(schedule)[phase - 1]
    blackout = schedule.comms_down[phase - 1] if not state.config.solo else 0
    if blackout:
        begin = phase_start(schedule, phase) + (end - phase_start(schedule, phase) - blackout) // 2
        for what, second in (("down", begin), ("up", begin + blackout)):
            due = started + timedelta(seconds=max(second, at))
            clocks.append((None, _kind("comms", state, what), due))
    if end - WARNING > at:
        clocks.append((None, _kind("warn", state), started + timedelta(seconds=end - WARNING)))
    clocks.append((None, _kind("close", state), started + timedelta(seconds=max(end, at))))
    await host.store.add_deadlines(table.id, clocks)
    return posts


def announcement(table: Table, state: State, index: int, second: int) -> PublicUpdate:
    """The computer's announcement of threat `index`, stamped with the operation clock."""
    text = public_view(table, state).announcements[index].text
    stamp = Text.verbatim(f"[{clock_text(second)}]")
    return PublicUpdate(table.id, Text.joined(" ", [stamp, text]))


# --- firing --------------------------------------------------------------------------------
async def fire(host: Host, d: DeadlineRecord, now: datetime) -> list[Message]:
    """Fire one Space Alert deadline (ignored when the game has moved past it)."""
    parts = d.kind.split(":")
    try:
        table = await load_table(host, d.game_id)
    except NoSuchGameError:
        return []
    state: State | None = table.state
    if (
        state is None
        or table.record.status is not GameStatus.ACTIVE
        or table.timeline.paused is not None
        or len(parts) < 4
        or int(parts[2]) != state.flight
    ):
        return []
    what, phase, extra = parts[1], int(parts[3]), parts[4:]
    try:
        if what == "break":
            return await _break(host, table, state, extra)
        if what == "announce" and state.stage is Stage.PLANNING:
            # The soundtrack runs on when a crew locks a phase early: its threats still come.
            return await _announce(host, table, state, int(extra[0]), now)
        if state.stage is not Stage.PLANNING or state.phase != phase:
            return []
        if what == "close":
            return await _close(host, table, phase)
        if what == "remind":
            return _remind(host, table, now)
        if what == "warn":
            mention = tuple(u for s in table.humans_to_act() if (u := table.user_at(s)))
            text = Text("Phase {phase} ends in one minute. Lock in what you have.", phase=phase)
            return [PublicUpdate(table.id, text, (), mention)]
        if what == "comms":
            text = Text(
                "Communications down: the crew does not talk about the plan until the all-clear."
                if extra and extra[0] == "down"
                else "All clear: communications restored."
            )
            return [PublicUpdate(table.id, text)]
    except StaleDeadlineError:
        return []
    return []


async def _announce(
    host: Host, table: Table, state: State, index: int, now: datetime
) -> list[Message]:
    """Threat `index` announced now, and the phase's bridge showing it."""
    if index >= len(state.announced):
        return []
    started = await flight_start(host, table)
    second = int((now - started).total_seconds())
    return [announcement(table, state, index, second), await _bridge(host, table, state)]


async def _bridge(host: Host, table: Table, state: State) -> Message:
    """The phase's bridge, edited to show the threat just announced."""
    return bridge_update(host, table, state, await heard(host, table, state), fresh=False)


def _remind(host: Host, table: Table, now: datetime) -> list[Message]:
    text = Text(
        "Game {game} (Space Alert): the phase closes soon; lock in your program.", game=table.id
    )
    return [
        Reminder(user, table.id, text, now)
        for s in table.humans_to_act()
        if (user := table.user_at(s)) is not None
    ]


async def _act_for(host: Host, game_id: int, check: Any, moves: Any, line: Any) -> list[Message]:
    """Play moves for silent seats as one change (re-planned on a fresh load when stale)."""

    def build(table: Table) -> Plan:
        state = table.state
        if table.record.status is not GameStatus.ACTIVE or not check(state):
            raise StaleDeadlineError
        draft = Draft(table)
        done: list[Seat] = []
        for seat, action in moves(table, draft):
            if not check(draft.state) or seat not in draft.to_act():
                break
            draft.play(seat, action)
            draft.note(TIMEOUT, seat=seat, policy="pass")
            done.append(seat)
        if not done:
            raise StaleDeadlineError
        draft.say(line(Text.joined(", ", (table.names.seat(s) for s in done))))
        draft.bots()
        return draft.finish(None)

    plan, after = await run(host, game_id, build)
    return await settle(host, plan, after)


async def _close(host: Host, table: Table, phase: int) -> list[Message]:
    flight = table.state.flight

    def check(state: State) -> bool:
        return state.stage is Stage.PLANNING and state.phase == phase and state.flight == flight

    def moves(t: Table, draft: Draft) -> list[tuple[Seat, Any]]:
        return [(s, LockIn()) for s in t.humans_to_act()]

    def line(names: Text) -> Text:
        return Text(
            "Phase {phase} closed on the clock: locked in for {names} (empty slots stay empty).",
            phase=phase,
            names=names,
        )

    return await _act_for(host, table.id, check, moves, line)


async def _break(host: Host, table: Table, state: State, extra: list[str]) -> list[Message]:
    stage, repairer = extra[0], int(extra[1])
    flight = state.flight

    def check(s: State) -> bool:
        return s.flight == flight and s.stage.value == stage and s.repairer == repairer

    def moves(t: Table, draft: Draft) -> list[tuple[Seat, Any]]:
        found: list[tuple[Seat, Any]] = []
        for seat in t.humans_to_act():
            legal = legal_actions(draft.state, seat)
            for kind in (StopCampaign, SkipRepair, LeaveStoreEmpty):
                pick = next((a for a in legal if isinstance(a, kind)), None)
                if pick is not None:
                    found.append((seat, pick))
                    break
        return found

    def line(names: Text) -> Text:
        return Text(
            "Time is up between flights: {names} answered by default (stop, or no repair).",
            names=names,
        )

    return await _act_for(host, table.id, check, moves, line)
