"""Per-game host hooks: refine the messages of a written change, handle a game's own deadlines.

A game whose hosting needs more than the generic table (simultaneous private planning, a live
clock, auditable dice) brings in its plug-in a refiner, called by `settle` after every write of
its games, deadline handlers for the deadline kinds it schedules (`"<prefix>:..."`), called by
`tick`, and a view cut, applied to the views a player asks for (/hand, /board) when what the
table may see depends on more than the state (a live clock that has not announced everything).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from bot.service.outbox import Message
from bot.service.play import Plan
from bot.service.plugin import installed, plugin_for
from bot.service.table import Host, Table
from storage.records import DeadlineRecord

Refiner = Callable[[Host, Plan, Table, list[Message]], Awaitable[list[Message]]]
DeadlineHandler = Callable[[Host, DeadlineRecord, datetime], Awaitable[list[Message]]]
ViewCut = Callable[[Host, Table], Awaitable[Callable[[Any], Any]]]
Recovery = Callable[[Host], Awaitable[list[Message]]]


async def recover(host: Host) -> list[Message]:
    """Every registered start-up recovery, once; the messages they owe the tables."""
    messages: list[Message] = []
    for plugin in installed():
        if plugin.recovery is not None:
            messages += await plugin.recovery(host)
    return messages


def _whole(view: Any) -> Any:
    return view


async def view_cut(host: Host, table: Table) -> Callable[[Any], Any]:
    """The trim of the table's views right now (the whole view when its game registered none)."""
    plugin = plugin_for(table.spec.key)
    found = plugin.view_cut if plugin is not None else None
    return _whole if found is None else await found(host, table)


def deadline_handler(kind: str) -> DeadlineHandler | None:
    """The handler a plug-in gives a deadline kind (None: a generic host deadline)."""
    prefix = kind.split(":", 1)[0]
    for plugin in installed():
        found = plugin.deadlines.get(prefix)
        if found is not None:
            return found
    return None


async def refine(host: Host, plan: Plan, after: Table, messages: list[Message]) -> list[Message]:
    """The messages of a change after its game's refiner (unchanged when it has none)."""
    plugin = plugin_for(after.spec.key)
    refiner = plugin.refine if plugin is not None else None
    if refiner is None:
        return messages
    return await refiner(host, plan, after, messages)
