"""Migration 0006: display names stored with the seat (set per server, kept across a reopen)
and where a user's notifications go."""

from __future__ import annotations

from storage import GameStore, open_store
from storage.records import GameStatus, NewGame, Notifications, UserSettings

GUILD, OTHER = 5, 6


async def test_a_name_reaches_the_users_open_seats_of_that_server_only(store: GameStore) -> None:
    here = await store.create_game(NewGame("counter", 1, "s", {}, GUILD, 50))
    there = await store.create_game(NewGame("counter", 1, "s", {}, OTHER, 60))
    in_dms = await store.create_game(NewGame("counter", 1, "s", {}))
    over = await store.create_game(NewGame("counter", 1, "s", {}, GUILD, 50))
    for game in (here, there, in_dms, over):
        await store.add_seat(game.id, 0, 42)
        await store.add_seat(game.id, 1, 43)
    await store.set_status(over.id, GameStatus.ABANDONED)
    assert await store.name_seats(42, "Alice the Bold", GUILD) == 1
    assert await store.name_seats(42, "Alice the Bold", GUILD) == 0  # unchanged: no write
    assert await store.seat_names(here.id) == {42: "Alice the Bold"}
    assert await store.seat_names(there.id) == {}
    assert await store.seat_names(over.id) == {}
    assert await store.name_seats(42, "alice", None) == 1
    assert await store.seat_names(in_dms.id) == {42: "alice"}
    assert await store.name_seats(42, "Alice, renamed", GUILD) == 1
    assert await store.seat_names(here.id) == {42: "Alice, renamed"}
    assert await store.seat_names(in_dms.id) == {42: "alice"}


async def test_names_survive_a_reopen(store_url: str) -> None:
    store = await open_store(store_url)
    try:
        game = await store.create_game(NewGame("counter", 1, "s", {}, GUILD, 50))
        await store.add_seat(game.id, 0, 42)
        await store.name_seats(42, "Zoë <not a mention>", GUILD)
    finally:
        await store.close()
    store = await open_store(store_url)
    try:
        assert await store.seat_names(game.id) == {42: "Zoë <not a mention>"}
    finally:
        await store.close()


async def test_notifications_are_a_user_setting(store: GameStore) -> None:
    assert (await store.get_user_settings(7)).notifications is Notifications.DM
    await store.put_user_settings(UserSettings(7, notifications=Notifications.THREAD))
    assert (await store.get_user_settings(7)).notifications is Notifications.THREAD
    await store.put_user_settings(UserSettings(7, "cs", notifications=Notifications.OFF))
    assert await store.get_user_settings(7) == UserSettings(
        7, "cs", notifications=Notifications.OFF
    )
