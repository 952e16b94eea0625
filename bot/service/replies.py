"""AI replies after the person: the AI seats of a game think in the process pool and their
moves are written as a change of their own, once the person's move is written and answered.

A person is never held by an AI: their write does not wait for it, and a person who moves
while an AI thinks (simultaneous play) wins the race; the AI then thinks again on the new
position (see `ai_reply`).

Only a front-end that opens `play.replies_later()` gets this: the Discord runner, its panel
clicks and its clock loop. The console keeps the AI inside the person's write, on its loop:
one person at one keyboard waits for the reply anyway, nobody else is kept waiting, and its
scripts and tests read the AI's move in the same answer.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

import bot.service.metrics as metrics
from bot.service.outbox import Message
from bot.service.play import BotTurn, Draft, Plan, bot_moves, commit, replies_later
from bot.service.settle import settle
from bot.service.table import Host, Table, load_table
from bot.service.workers import offload
from games.base import Seat
from storage.base import GameClosedError, StaleVersionError
from storage.records import GameStatus

log = logging.getLogger(__name__)

ATTEMPTS = 3
"""How often an AI thinks again when people keep changing the game under it; after that the
next person's move owes the reply again."""
MAX_REPLIES = 1000
"""A guard against replies that keep owing replies (a bug, not a rule)."""


def owes_reply(table: Table) -> bool:
    """Whether AI seats are to act in a running game."""
    return bool(table.to_act() & table.ai_seats())


def plan_moves(table: Table, moves: Iterable[tuple[Seat, Any]]) -> Plan:
    """The change that plays AI moves (thought elsewhere) on the table they were thought for."""
    draft = Draft(table)
    for seat, action in moves:
        draft.play(seat, action)
    return draft.finish(None)


async def think(turn: BotTurn) -> tuple[tuple[Seat, Any], ...]:
    """The AI seats' moves, thought off the event loop (the pool, else a thread)."""
    with metrics.timed(metrics.AI_THINK_SECONDS, game=turn.key):
        return await offload(bot_moves, turn)


async def ai_reply(host: Host, game_id: int) -> list[Message]:
    """Let the AI seats of one game act until a person must act; the messages it produces."""
    for _attempt in range(ATTEMPTS):
        table = await load_table(host, game_id)
        if not owes_reply(table):
            return []
        moves = await think(Draft(table).bot_turn())
        if not moves:
            return []
        plan = plan_moves(table, moves)
        try:
            after = await commit(host, plan)
        except StaleVersionError:  # someone moved while the AI thought: think again
            host.cache.pop(game_id, None)
            continue
        except GameClosedError:
            host.cache.pop(game_id, None)
            return []
        return await settle(host, plan, after)
    log.info("game %d changed under its AI %d times; the next move owes it", game_id, ATTEMPTS)
    return []


async def ai_replies(host: Host, game_ids: Iterable[int]) -> list[Message]:
    """The AI replies of several games, in the order given; a reply that makes more AI seats
    owe one (a league table finished, the next one opened) is answered after them."""
    pending = list(dict.fromkeys(game_ids))
    messages: list[Message] = []
    with replies_later() as more:
        for _ in range(MAX_REPLIES):
            if not pending:
                break
            messages += await ai_reply(host, pending.pop(0))
            pending += [g for g in more if g not in pending]
            more.clear()
    return messages


async def owed_games(host: Host, page: int = 500) -> list[int]:
    """Running games whose AI seats owe a reply nobody is giving: the process stopped (or the
    reply failed) between a person's write and the AI's. Read at start-up, so a person is never
    left waiting for an AI that will not move; games where a person is to act are skipped,
    as that person's next move owes the reply again."""
    found: list[int] = []
    after = 0
    while records := await host.store.games_with_status(
        GameStatus.ACTIVE, after_id=after, limit=page
    ):
        for record in records:
            seats = await host.store.seats(record.id)
            if not any(s.to_act for s in seats) and owes_reply(await load_table(host, record.id)):
                found.append(record.id)
        after = records[-1].id
    return found
