"""The periodic call: fire due deadlines (reminders, timeouts, forfeits, digests, resumes)."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

import bot.service.agreements as agreements
from bot.service.deadlines import (
    DIGEST,
    GRACE,
    REMINDERS,
    RESUME,
    TIMEOUT,
    local,
    next_digest,
    quiet_until,
)
from bot.service.errors import NoSuchGameError
from bot.service.game_hooks import deadline_handler
from bot.service.moments import Moment
from bot.service.outbox import Digest, Message, Notice, Reminder
from bot.service.play import Draft, Plan, run
from bot.service.settle import settle
from bot.service.table import Host, Table, load_table
from bot.service.timeline import TIMEOUT as TIMEOUT_NOTE
from games.base import GameError, Seat
from games.text import Text
from storage.records import DeadlineRecord, GameStatus

log = logging.getLogger(__name__)
MAX_PASSES = 50
KEEP_SENT = timedelta(days=2)
"""How long sent outbox rows are kept (far beyond Discord's nonce memory and any lease)."""
BATCH = 200
EXPIRIES = frozenset({TIMEOUT, GRACE})
"""Deadlines whose action changes the game (see `_expire`)."""


async def tick(host: Host, now: datetime | None = None) -> list[Message]:
    """Handle every deadline due at `now` (default: the host clock) once; return the messages."""
    now = now or host.clock.now()
    messages: list[Message] = []
    digests: dict[int, list[tuple[int, Seat]]] = {}
    while True:
        due = await host.store.due_deadlines(now, limit=BATCH)
        for deadline in due:
            if deadline.kind in REMINDERS and deadline_handler(deadline.kind) is None:
                messages += await _remind(host, deadline, now, digests)
                continue
            if deadline.kind in EXPIRIES and deadline_handler(deadline.kind) is None:
                messages += await _expire(host, deadline, now, digests)
                continue
            if not await host.store.complete_deadline(deadline.id):
                continue  # another process handled it
            try:
                messages += await _fire(host, deadline, now, digests)
            except GameError as err:
                log.info("deadline %d of game %d: %s", deadline.id, deadline.game_id, err)
            except Exception:  # one broken game must not stop everyone's clocks
                log.exception("deadline %d of game %d failed", deadline.id, deadline.game_id)
        if len(due) < BATCH:
            break
    for user, games in sorted(digests.items()):
        messages += await _digest(host, user, games, now)
    await host.store.prune_outbox(now - KEEP_SENT)
    return messages


async def _remind(
    host: Host, d: DeadlineRecord, now: datetime, digests: dict[int, list[tuple[int, Seat]]]
) -> list[Message]:
    """A reminder is enqueued by the transaction that marks its deadline done: a crash in
    between cannot lose it, and a second process (a clocks takeover) cannot send it again."""
    try:
        found = await _fire(host, d, now, digests)
    except Exception:  # the deadline is still closed: a broken game must not loop on it
        log.exception("reminder %d of game %d failed", d.id, d.game_id)
        found = []
    postbox = host.postbox
    rows = [] if postbox is None else postbox.rows(found, f"d{d.id}.")
    if await host.store.complete_deadline(d.id, outbox=rows):
        return found
    if postbox is not None:
        postbox.forget(found)
    return []  # another process handled it


async def _expire(
    host: Host, d: DeadlineRecord, now: datetime, digests: dict[int, list[tuple[int, Seat]]]
) -> list[Message]:
    """A timeout or the end of a grace period: acted on first, closed after.

    Closed first, a process killed before the action commits would lose it, and the game
    would wait for ever. Acted on first, a kill in between leaves the deadline due for the next
    clocks runner, and the game's own checks make the second try a no-op (the seat is no longer
    to act, the game is over, its version moved on). What the action did not store with its own
    change (a warning, a notice) is written with the deadline's closing, as a reminder is.
    """
    try:
        found = await _fire(host, d, now, digests)
    except GameError as err:
        log.info("deadline %d of game %d: %s", d.id, d.game_id, err)
        found = []
    except Exception:  # one broken game must not stop everyone's clocks, nor loop on them
        log.exception("deadline %d of game %d failed", d.id, d.game_id)
        found = []
    postbox = host.postbox
    fresh = [] if postbox is None else [m for m in found if not postbox.holds(m)]
    rows = [] if postbox is None else postbox.rows(fresh, f"d{d.id}.")
    if await host.store.complete_deadline(d.id, outbox=rows):
        return found
    # Closed meanwhile: by the action itself (a move cancels the seat's clock) or by another
    # clocks runner, which wrote the same warning.
    if postbox is not None:
        postbox.forget(fresh)
    unwritten = {id(m) for m in fresh}
    return [m for m in found if id(m) not in unwritten]


async def _fire(
    host: Host, d: DeadlineRecord, now: datetime, digests: dict[int, list[tuple[int, Seat]]]
) -> list[Message]:
    handler = deadline_handler(d.kind)
    if handler is not None:
        return await handler(host, d, now)
    try:
        table = await load_table(host, d.game_id)
    except NoSuchGameError:
        return []
    if table.record.status is not GameStatus.ACTIVE:
        return []
    if d.kind == RESUME:
        if table.timeline.paused is None:
            return []
        return list((await agreements.resume(host, d.game_id, None)).messages)
    if table.timeline.paused is not None or d.seat is None:
        return []
    if d.seat not in table.humans_to_act():
        return []  # the turn moved on; a cancelled deadline that raced us
    user = table.user_at(d.seat)
    assert user is not None
    if d.kind in REMINDERS:
        settings = await host.store.get_user_settings(user)
        later = quiet_until(settings, now)
        if later is not None:
            await host.store.add_deadline(d.game_id, d.seat, d.kind, later)
            return []
        # The clock's real end: a reminder held back by quiet hours has less time left.
        due = await _timeout_due(host, table.id, d.seat)
        if due is None or due <= now:
            return []  # out of time already: the timeout's own notice tells them
        text = Text(
            "Game {game} ({name}) waits for your move: about {left} left on your clock "
            "(until {until:day}).",
            game=table.id,
            name=table.spec.name,
            left=_rounded(due - now),
            until=local(due.replace(second=0, microsecond=0), settings),
        )
        return [Reminder(user, table.id, text, due)]
    if d.kind == TIMEOUT:
        return await _timeout(host, table, d.seat, now)
    if d.kind == GRACE:
        plan, after = await run(
            host, d.game_id, lambda t: agreements.plan_resign(t, d.seat or 0, "timeout")
        )
        return await settle(host, plan, after)
    if d.kind == DIGEST:
        digests.setdefault(user, []).append((d.game_id, d.seat))
    return []


async def _timeout_due(host: Host, game_id: int, seat: Seat) -> datetime | None:
    """When a seat's turn clock runs out (None when its timeout is no longer pending)."""
    pending = await host.store.pending_deadlines(game_id)
    return next((p.due for p in pending if p.seat == seat and p.kind == TIMEOUT), None)


def _plan_pass(table: Table, seat: Seat) -> Plan | None:
    draft = Draft(table)
    passer = table.profile.pass_action
    for _ in range(MAX_PASSES):
        if seat not in draft.to_act():
            break
        action = passer(list(table.spec.rules.legal_actions(draft.state, seat)))
        if action is None:
            return None
        draft.play(seat, action)
    if seat in draft.to_act():
        return None
    draft.note(TIMEOUT_NOTE, seat=seat, policy="pass")
    draft.say(
        Text("{player} ran out of time; their turn was passed.", player=table.names.seat(seat))
    )
    draft.bots()
    return draft.finish(None)


async def _timeout(host: Host, table: Table, seat: Seat, now: datetime) -> list[Message]:
    policy = table.settings.timeout
    name = table.names.seat(seat)
    if policy == "off":
        return [
            Notice(
                table.id,
                Text("{player} is out of time in game {game}.", player=name, game=table.id),
            )
        ]
    if policy == "auto" and _plan_pass(table, seat) is not None:

        def build(t: Table) -> Plan:
            plan = _plan_pass(t, seat)
            if plan is None:
                raise GameError("The turn can no longer be passed.", code="timeout_race")
            return plan

        plan, after = await run(host, table.id, build)
        return await settle(host, plan, after)
    grace = timedelta(seconds=table.settings.grace)
    await host.store.add_deadline(table.id, seat, GRACE, now + grace)
    user = table.user_at(seat)
    # The thread reads it: a moment each reader's front-end writes in their own zone.
    text = Text(
        "{player} is out of time in game {game}: they forfeit unless they move by {deadline}.",
        player=name,
        game=table.id,
        deadline=Moment(now + grace, said=now),
    )
    return [Notice(table.id, text, () if user is None else (user,))]


async def _digest(
    host: Host, user: int, games: list[tuple[int, Seat]], now: datetime
) -> list[Message]:
    waiting = await host.store.games_waiting_on(user)
    settings = await host.store.get_user_settings(user)
    nxt = next_digest(settings, now)
    for game_id, seat in games:
        if any(g.id == game_id for g in waiting):
            await host.store.add_deadline(game_id, seat, DIGEST, nxt)
    if not waiting:
        return []
    lines = [
        Text.plural("{count} game waits for you:", "{count} games wait for you:", len(waiting))
    ]
    lines += [
        Text(
            "  game {game} ({key}), waiting since {since}",
            game=g.id,
            key=g.game_key,
            since=local(g.updated, settings),
        )
        for g in waiting
    ]
    return [Digest(user, Text.lines(lines), tuple(g.id for g in waiting))]


async def restart_stopped_clocks(host: Host, table: Table) -> None:
    """Start the turn clock and digest of each person to act who has none running.

    A change's clocks move after its commit (deadlines.reschedule); a process killed in
    between leaves the next player without reminders or a timeout, and the game would wait
    for ever. The change's catch-up (see postbox.catch_up) calls this. A seat that has a
    grace period running keeps it.
    """
    if table.record.status is not GameStatus.ACTIVE or table.timeline.paused is not None:
        return
    pending = await host.store.pending_deadlines(table.id)
    now = host.clock.now()
    clock = table.settings.clock
    for seat in sorted(table.humans_to_act()):
        kinds = {d.kind for d in pending if d.seat == seat}
        if clock and not kinds & {*REMINDERS, TIMEOUT, GRACE}:
            due = [(seat, kind, now + timedelta(seconds=clock * share))
                   for kind, share in REMINDERS.items()]  # fmt: skip
            await host.store.add_deadlines(
                table.id, [*due, (seat, TIMEOUT, now + timedelta(seconds=clock))]
            )
        user = table.user_at(seat)
        if user is not None and DIGEST not in kinds:
            settings = await host.store.get_user_settings(user)
            await host.store.add_deadline(table.id, seat, DIGEST, next_digest(settings, now))


def _rounded(delta: timedelta) -> timedelta:
    """A clock's remaining time to the minute (whole hours from two hours on), which the
    reader's language writes ("30 minutes", "za 5 hodin")."""
    minutes = int(delta.total_seconds() // 60)
    return timedelta(hours=minutes // 60) if minutes >= 120 else timedelta(minutes=minutes)
