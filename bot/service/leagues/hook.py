"""A finished (or abandoned) game tells its league: the result goes into the league log."""

from __future__ import annotations

import logging

from bot.service.leagues.results import leagues_of, load, record_result, result_data
from bot.service.outbox import Message, Notice
from bot.service.table import Host, Table
from games.text import Text
from storage.leagues import LeagueStore, StaleLeagueError

log = logging.getLogger(__name__)
ATTEMPTS = 5


async def game_ended(host: Host, table: Table) -> list[Message]:
    """Record a league table's result once; the next round is paired by the league tick."""
    if not isinstance(host.store, LeagueStore):
        return []
    try:
        return await _record(host, table)
    except Exception:  # the game's own result is written; the league tick picks it up later
        log.exception("league result of game %d not recorded now", table.id)
        return []


async def _record(host: Host, table: Table) -> list[Message]:
    link = await leagues_of(host).league_of_game(table.id)
    if link is None:
        return []
    for _ in range(ATTEMPTS):
        state = await load(host, link.league_id)
        seat_table = state.table_of(table.id)
        if seat_table is None or seat_table.result is not None:
            return []  # a voided round, or already recorded (override, adjudication)
        try:
            data = result_data(state, seat_table, table.record)
            await record_result(host, state, seat_table, data)
        except StaleLeagueError:
            continue
        after = await load(host, link.league_id)
        current = after.current()
        done = sum(t.result is not None for t in current.tables) if current else 0
        total = len(current.tables) if current else 0
        text = Text.plural(
            "{league}, round {round}: result recorded ({done} of {count} table finished).",
            "{league}, round {round}: result recorded ({done} of {count} tables finished).",
            total,
            league=state.head.name,
            round=link.round,
            done=done,
        )
        return [Notice(table.id, text)]
    log.error("league %d: could not record game %d", link.league_id, table.id)
    return []
