"""Per-game host hooks: refine the messages of a written change, handle a game's own deadlines.

A game whose hosting needs more than the generic table (simultaneous private planning, a live
clock, auditable dice) registers a refiner, called by `settle` after every write of its games,
deadline handlers for the deadline kinds it schedules (`"<prefix>:..."`), called by `tick`, and
a view cut, applied to the views a player asks for (/hand, /board) when what the table may see
depends on more than the state (a live clock that has not announced everything yet).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from bot.service.outbox import Message
from bot.service.play import Plan
from bot.service.table import Host, Table
from storage.records import DeadlineRecord

Refiner = Callable[[Host, Plan, Table, list[Message]], Awaitable[list[Message]]]
DeadlineHandler = Callable[[Host, DeadlineRecord, datetime], Awaitable[list[Message]]]
ViewCut = Callable[[Host, Table], Awaitable[Callable[[Any], Any]]]
Recovery = Callable[[Host], Awaitable[list[Message]]]

_REFINERS: dict[str, Refiner] = {}
_DEADLINES: dict[str, DeadlineHandler] = {}
_VIEW_CUTS: dict[str, ViewCut] = {}
_RECOVERIES: dict[str, Recovery] = {}


def register_refiner(game_key: str, refiner: Refiner) -> None:
    """Let `refiner` adjust (add, drop, replace) the messages of every change of `game_key`."""
    _REFINERS[game_key] = refiner


def register_deadline(prefix: str, handler: DeadlineHandler) -> None:
    """Let `handler` fire the deadlines whose kind is `prefix` or starts with `prefix:`."""
    _DEADLINES[prefix] = handler


def register_view_cut(game_key: str, view_cut: ViewCut) -> None:
    """Let `view_cut` trim the views of `game_key` that players ask for to what they may see now."""
    _VIEW_CUTS[game_key] = view_cut


def register_recovery(game_key: str, recovery: Recovery) -> None:
    """Let `recovery` repair, once per process start, what a crash between writes left undone."""
    _RECOVERIES[game_key] = recovery


async def recover(host: Host) -> list[Message]:
    """Every registered start-up recovery, once; the messages they owe the tables."""
    messages: list[Message] = []
    for recovery in _RECOVERIES.values():
        messages += await recovery(host)
    return messages


def _whole(view: Any) -> Any:
    return view


async def view_cut(host: Host, table: Table) -> Callable[[Any], Any]:
    """The trim of the table's views right now (the whole view when its game registered none)."""
    found = _VIEW_CUTS.get(table.spec.key)
    return _whole if found is None else await found(host, table)


def deadline_handler(kind: str) -> DeadlineHandler | None:
    """The handler registered for a deadline kind (None: a generic host deadline)."""
    return _DEADLINES.get(kind.split(":", 1)[0])


async def refine(host: Host, plan: Plan, after: Table, messages: list[Message]) -> list[Message]:
    """The messages of a change after its game's refiner (unchanged when it has none)."""
    refiner = _REFINERS.get(after.spec.key)
    if refiner is None:
        return messages
    return await refiner(host, plan, after, messages)
