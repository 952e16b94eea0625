"""A league's log read and a table's result written into it: what a finished game needs of its
league (bot.service.leagues.hook), below opening rounds and advancing them."""

from __future__ import annotations

from typing import Any

from bot.service.leagues.standings import table_points
from bot.service.leagues.state import RESULT, LeagueState, Table, fold
from bot.service.ratings import seat_ranks
from bot.service.table import Host
from games.base import GameError
from storage.leagues import LeagueStore, NewLeagueEvent
from storage.records import GameRecord


def leagues_of(host: Host) -> LeagueStore:
    """The host's store as a LeagueStore (both backends are one)."""
    store = host.store
    if not isinstance(store, LeagueStore):
        raise GameError("This database cannot hold leagues.", code="no_leagues")
    return store


async def load(host: Host, league_id: int) -> LeagueState:
    """The league folded from its log."""
    store = leagues_of(host)
    head = await store.get_league(league_id)
    return fold(head, await store.league_events(league_id))


def result_data(
    state: LeagueState, table: Table, record: GameRecord, source: str = "game"
) -> dict[str, Any]:
    """The `result` event data of a finished game: league points and game scores per seat."""
    outcome = record.outcome or {}
    n = len(table.seats)
    keys = seat_ranks(outcome, n)
    points = table_points(keys, state.config.seats)
    scores = [float(x) for x in outcome.get("scores", [])]
    if len(scores) != n:
        scores = [0.0] * n
    data = {
        "round": table.round,
        "board": table.board,
        "game": table.game_id,
        "points": points,
        "scores": scores,
        "source": source,
        "reason": str(outcome.get("reason", record.status.value)),
    }
    if "said" in outcome:
        data["said"] = outcome["said"]
    return data


async def record_result(
    host: Host, state: LeagueState, table: Table, data: dict[str, Any], actor: int | None = None
) -> None:
    """Append a table's result (raises StaleLeagueError when the league moved on)."""
    await leagues_of(host).append_league(
        state.id, state.version, [NewLeagueEvent(RESULT, data, actor)]
    )
