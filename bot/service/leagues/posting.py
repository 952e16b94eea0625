"""League messages written in the same transaction as the league change that makes them.

A league step (check-in opens, the start, a round's pairing and its tables' threads, the podium)
builds its announcements before it writes, from the league as it will stand, and hands them to
the store with the change: a crash after the commit leaves them in the outbox for the courier,
a write that loses a race leaves nothing (see bot/service/postbox.py for the game side).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING

from bot.service.leagues.state import LeagueState, fold
from storage.leagues import LeagueEvent, LeagueStatus, LeagueStore, NewLeagueEvent
from storage.records import NewOutbox

if TYPE_CHECKING:
    from bot.service.leagues.messages import LeagueMessage
    from bot.service.table import Host


def prefix(league_id: int, version: int) -> str:
    """The key prefix of the messages of the change that moves a league on from `version`
    (each change moves the version, so each has its own)."""
    return f"l{league_id}v{version}."


def rows(host: Host, messages: Sequence[LeagueMessage], key: str) -> list[NewOutbox]:
    """Outbox rows for `messages` (keys `key`N); none when the host has no outbox."""
    postbox = host.postbox
    return [] if postbox is None else postbox.rows(messages, key)


def unwritten(host: Host, messages: Sequence[LeagueMessage]) -> None:
    """Forget the rows of messages whose change was not written after all."""
    if host.postbox is not None:
        host.postbox.forget(messages)


def after(
    state: LeagueState, event: NewLeagueEvent, now: datetime, status: LeagueStatus | None = None
) -> LeagueState:
    """The league as it stands once `event` is logged (as `load` will fold it then)."""
    head = replace(
        state.head,
        version=state.version + 1,
        status=state.head.status if status is None else status,
        updated=now,
    )
    data = json.loads(json.dumps(dict(event.data)))  # as the store gives it back
    logged = LeagueEvent(state.id, state.version, event.actor, event.kind, data, now)
    return fold(head, [*state.events, logged])


async def append(
    store: LeagueStore,
    host: Host,
    state: LeagueState,
    event: NewLeagueEvent,
    messages: Sequence[LeagueMessage],
    *,
    status: LeagueStatus | None = None,
) -> None:
    """Log `event` and enqueue `messages` in one transaction (StaleLeagueError: neither)."""
    outbox = rows(host, messages, prefix(state.id, state.version))
    try:
        await store.append_league(state.id, state.version, [event], status=status, outbox=outbox)
    except BaseException:
        unwritten(host, messages)
        raise
