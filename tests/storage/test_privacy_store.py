"""A user's record read out, and a user forgotten, on both backends."""

from __future__ import annotations

from typing import Any

import pytest

from storage import ConflictError, GameStore
from storage.leagues import LeagueStatus, LeagueStore, NewLeagueEvent
from storage.records import (
    FORMER_PLAYER_BASE,
    GameStatus,
    NewEvent,
    NewGame,
    RatingChange,
    UserSettings,
    is_former_player,
)
from tests.storage.conftest import Clock

ALICE, BOB = 1_150_000_000_000_000_201, 1_150_000_000_000_000_202
FORMER = FORMER_PLAYER_BASE + 77


async def _finished_duel(store: GameStore, clock: Clock) -> int:
    game = await store.create_game(
        NewGame("tally", 1, "seed", {"host": {"host_user": ALICE, "invited": [BOB]}}, guild_id=9)
    )
    await store.add_seat(game.id, 0, ALICE, "red")
    await store.add_seat(game.id, 1, BOB, "blue")
    await store.name_seats(ALICE, "Alice", 9)
    clock.advance(minutes=1)
    moves = [NewEvent(0, {"add": 2}), NewEvent(1, {"add": 1}), NewEvent(None, {"by": ALICE})]
    await store.append(game.id, 0, moves, status=GameStatus.ACTIVE)
    await store.save_snapshot(game.id, 3, 1, {"total": 3})
    outcome = {"reason": "alice (red) resigned", "winners": [1]}
    await store.append(
        game.id, 3, [NewEvent(1, {"add": 9})], status=GameStatus.FINISHED, outcome=outcome
    )
    await store.record_ratings(
        game.id, [RatingChange(ALICE, None, 24.0, 8.0), RatingChange(BOB, None, 26.0, 8.0)]
    )
    return game.id


async def test_the_record_holds_settings_seats_ratings_and_own_actions(
    store: GameStore, clock: Clock
) -> None:
    await store.put_user_settings(UserSettings(ALICE, "cs", timezone="Europe/Prague"))
    gid = await _finished_duel(store, clock)
    record = await store.user_record(ALICE)
    assert record["settings"][0]["timezone"] == "Europe/Prague"
    assert [(s["game_id"], s["seat"], s["role"]) for s in record["seats"]] == [(gid, 0, "red")]
    assert [a["action"] for a in record["actions"]] == [{"add": 2}]
    assert [(r["game_key"], r["rating"]) for r in record["ratings"]] == [("tally", 24.0)]
    assert [h["after"] for h in record["rating_history"]] == [24.0]


async def test_forgetting_renames_the_user_everywhere_in_closed_games(
    store: GameStore, clock: Clock
) -> None:
    await store.put_user_settings(UserSettings(ALICE, "cs"))
    gid = await _finished_duel(store, clock)
    assert [n["name"] for n in (await store.user_record(ALICE))["names"]] == ["Alice"]
    renamed = await store.forget_user(ALICE, FORMER, ("alice",), "a former player")
    assert renamed == [gid]
    seats = {s.seat: s.user_id for s in await store.seats(gid, include_left=True)}
    assert seats == {0: FORMER, 1: BOB}
    game = await store.get_game(gid)
    assert game.config["host"] == {"host_user": FORMER, "invited": [BOB]}
    assert game.outcome is not None and game.outcome["reason"] == "a former player (red) resigned"
    actions = [e.action for e in await store.events(gid)]
    assert actions == [{"add": 2}, {"add": 1}, {"by": FORMER}, {"add": 9}]
    assert await store.snapshots(gid) == []  # rebuilt from the renamed log
    assert await store.get_user_settings(ALICE) == UserSettings(ALICE)
    assert await store.get_rating("tally", ALICE, scope=9) is None
    assert await store.get_rating("tally", BOB, scope=9) is not None
    nothing = await store.user_record(ALICE)
    assert all(nothing[k] == [] for k in ("settings", "names", "seats", "ratings", "actions"))
    assert is_former_player(FORMER) and not is_former_player(ALICE) and not is_former_player(-2)


async def test_forgetting_is_refused_while_the_user_plays(store: GameStore, clock: Clock) -> None:
    game = await store.create_game(NewGame("tally", 1, "seed"))
    await store.add_seat(game.id, 0, ALICE)
    assert await store.open_games_of(ALICE) == [game.id]
    with pytest.raises(ConflictError):
        await store.forget_user(ALICE, FORMER)
    assert [s.user_id for s in await store.seats(game.id)] == [ALICE]


async def test_forgetting_renames_league_entries_and_refuses_open_leagues(
    store: Any, clock: Clock
) -> None:
    assert isinstance(store, LeagueStore)
    league = await store.open_league(9, "Friday", "tally", {})
    await store.add_league_member(league.id, ALICE)
    await store.append_league(league.id, 0, [NewLeagueEvent("signup", {"user": ALICE}, ALICE)])
    assert await store.open_leagues_of(ALICE) == ["Friday"]
    with pytest.raises(ConflictError):
        await store.forget_user(ALICE, FORMER)
    await store.append_league(league.id, 1, [], status=LeagueStatus.FINISHED)
    await store.forget_user(ALICE, FORMER)
    (event,) = await store.league_events(league.id)
    assert (event.actor, event.data) == (FORMER, {"user": FORMER})
    assert await store.league_members(league.id) == [FORMER]
