"""After a write: messages to deliver, clocks moved, ratings recorded."""

from __future__ import annotations

from dataclasses import replace

from bot.service.announce import change_messages
from bot.service.deadlines import reschedule
from bot.service.game_hooks import refine
from bot.service.outbox import GameOver, Message
from bot.service.play import Plan
from bot.service.ratings import rate, rating_lines
from bot.service.table import Host, Table
from games.text import Text
from storage.records import GameStatus


async def settle(host: Host, plan: Plan, after: Table) -> list[Message]:
    """Deliverables of a written plan; rates the game when it just finished."""
    if not plan.events and plan.status is None:
        return []
    messages = change_messages(plan, after)
    before = plan.table if plan.table.record.status is not GameStatus.LOBBY else None
    await reschedule(host, before, after, plan.actor)
    messages = await refine(host, plan, after, messages)
    if after.record.status is GameStatus.FINISHED:
        lines = rating_lines(host, await rate(host, after))
        if lines:
            messages = [
                replace(m, text=Text.lines([m.text, Text("Ratings:"), *lines]))
                if isinstance(m, GameOver)
                else m
                for m in messages
            ]
    if not after.record.status.is_open:
        # A league table reports its result to its league (imported late: the leagues package
        # loads the league service, which opens tables through the lobby, which settles).
        from bot.service.leagues.hook import game_ended

        messages = [*messages, *await game_ended(host, after)]
    if host.postbox is not None:
        await host.postbox.settled(after.id, after.record.version, after.record.status, messages)
    return messages
