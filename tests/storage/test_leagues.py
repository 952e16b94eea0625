"""League storage on both backends: settings, the append-only log, game links, open leagues."""

from __future__ import annotations

import asyncio

import pytest

from storage import GameStore
from storage.base import ConflictError
from storage.leagues import (
    LeagueGame,
    LeagueNotFoundError,
    LeagueStatus,
    LeagueStore,
    NewLeagueEvent,
    StaleLeagueError,
)
from storage.records import NewGame
from tests.storage.conftest import Clock


def leagues(store: GameStore) -> LeagueStore:
    """The store as a LeagueStore (both backends are)."""
    assert isinstance(store, LeagueStore)
    return store


async def test_open_get_and_list(store: GameStore, clock: Clock) -> None:
    ls = leagues(store)
    head = await ls.open_league(5, "Friday", "neuroshima", {"format": "swiss"}, channel_id=9)
    assert head.status is LeagueStatus.SIGNUP and head.version == 0
    assert head.config == {"format": "swiss"} and head.channel_id == 9
    assert head.created == clock.now == head.updated
    with pytest.raises(ConflictError):
        await ls.open_league(5, "Friday", "neuroshima", {})
    other = await ls.open_league(6, "Friday", "neuroshima", {})
    assert [h.id for h in await ls.guild_leagues(5)] == [head.id]
    assert await ls.get_league(other.id) == other
    with pytest.raises(LeagueNotFoundError):
        await ls.get_league(999)


async def test_append_is_ordered_and_conditional(store: GameStore, clock: Clock) -> None:
    ls = leagues(store)
    head = await ls.open_league(5, "Night", "neuroshima", {})
    clock.advance(minutes=1)
    head = await ls.append_league(
        head.id,
        0,
        [NewLeagueEvent("joined", {"user": 1}, 1), NewLeagueEvent("joined", {"user": 2}, 2)],
    )
    assert head.version == 2 and head.updated == clock.now
    with pytest.raises(StaleLeagueError) as err:
        await ls.append_league(head.id, 1, [NewLeagueEvent("joined", {"user": 3}, 3)])
    assert err.value.actual == 2
    head = await ls.append_league(
        head.id, 2, [NewLeagueEvent("started", {})], status=LeagueStatus.RUNNING
    )
    events = await ls.league_events(head.id)
    assert [(e.seq, e.kind, e.actor) for e in events] == [
        (0, "joined", 1),
        (1, "joined", 2),
        (2, "started", None),
    ]
    assert events[0].data == {"user": 1}
    assert [e.seq for e in await ls.league_events(head.id, start=2)] == [2]
    assert head.status is LeagueStatus.RUNNING


async def test_concurrent_appends_one_wins(store: GameStore) -> None:
    ls = leagues(store)
    head = await ls.open_league(5, "Race", "neuroshima", {})
    results = await asyncio.gather(
        *(ls.append_league(head.id, 0, [NewLeagueEvent("x", {"n": n})]) for n in range(5)),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert all(isinstance(r, StaleLeagueError) for r in results if isinstance(r, Exception))
    assert len(await ls.league_events(head.id)) == 1


async def test_games_link_and_open_leagues(store: GameStore) -> None:
    ls = leagues(store)
    head = await ls.open_league(5, "Linked", "neuroshima", {})
    done = await ls.open_league(5, "Done", "neuroshima", {})
    await ls.append_league(done.id, 0, [NewLeagueEvent("finished")], status=LeagueStatus.FINISHED)
    games = [await store.create_game(NewGame("neuroshima", 1, f"s{n}")) for n in range(3)]
    links = [LeagueGame(g.id, head.id, 1, n + 1) for n, g in enumerate(games)]
    await ls.append_league(head.id, 0, [NewLeagueEvent("paired", {"round": 1})], games=links)
    assert await ls.league_games(head.id) == links
    assert await ls.league_of_game(games[1].id) == links[1]
    assert await ls.league_of_game(10_000) is None
    assert [h.id for h in await ls.open_leagues()] == [head.id]
    assert await ls.open_leagues(after_id=head.id) == []
    # A game linked twice is refused and nothing of that append is written.
    with pytest.raises(ConflictError):
        await ls.append_league(head.id, 1, [NewLeagueEvent("paired")], games=links[:1])
    assert (await ls.get_league(head.id)).version == 1


async def test_bad_json_is_refused(store: GameStore) -> None:
    ls = leagues(store)
    with pytest.raises(ValueError):
        await ls.open_league(5, "Bad", "neuroshima", {"when": object()})
    head = await ls.open_league(5, "Good", "neuroshima", {})
    with pytest.raises(ValueError):
        await ls.append_league(head.id, 0, [NewLeagueEvent("x", {"n": float("nan")})])
