"""Seat names come with the loaded table: plans name seats from it, never by asking the host."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bot.service import FakeClock, PublicUpdate, Service
from bot.service.agreements import plan_resign
from bot.service.i18n import localise
from bot.service.names import SeatNames
from bot.service.table import load_table
from bot.service.turns import plan_act
from games.base import NotYourTurnError
from storage.sqlite import SqliteStore
from tests.service.helpers import duel

ALICE, BOB, CAROL = 1001, 1002, 1003


async def test_two_ai_seats_of_one_level_are_told_apart_by_their_roles(service: Service) -> None:
    gid = (await service.create("marks", "alice", seats=3, mode="melee", role="red")).game_id
    assert gid is not None
    await service.add_ai(gid, "alice", "normal", role="blue")
    await service.add_ai(gid, "alice", "normal", role="green")
    table = await load_table(service.host, gid)
    assert table.names.seat(0) == "alice (red)"
    assert table.names.seat(1) == "AI (normal) (blue)"
    assert table.names.plain(2) == "AI (normal)"
    assert table.names.players() == ("alice", "AI (normal) (blue)", "AI (normal) (green)")
    # An AI seat's name is said in the reader's language.
    assert localise(table.names.seat(2), "ru") == "ИИ (обычный) (green)"


async def test_a_seat_without_a_role_is_its_holders_name_and_an_empty_one_nobody() -> None:
    names = SeatNames(3, {0: ALICE}, {ALICE: "Alice"})
    assert names.seat(0) == "Alice"
    assert names.seat(1) == "nobody"
    assert names.seat(-1) == "chance"
    assert names.user(BOB) == f"player {BOB}"  # a user the table does not know, as by default


async def test_plans_name_seats_from_the_table_they_are_given(service: Service) -> None:
    gid = await duel(service, seed="names")
    table = await load_table(service.host, gid)
    alice, bob = service.user("alice"), service.user("bob")
    named = replace(table, names=replace(table.names, users={alice: "Alice the Bold", bob: "bob"}))
    with pytest.raises(NotYourTurnError) as err:
        plan_act(named, bob, "take 1")
    assert str(err.value) == "It is not your turn (waiting for Alice the Bold)."
    assert plan_resign(named, 0, "resign").lines[0] == "Alice the Bold resigned."
    assert plan_resign(table, 0, "resign").lines[0] == "alice resigned."


async def test_a_renamed_player_is_named_anew_from_the_next_load(service: Service) -> None:
    gid = await duel(service, seed="rename")
    first = await load_table(service.host, gid)
    assert service.host.cache.get(gid) is first
    await service.remember_name(service.user("bob"), "Bob the Brave", None)
    again = await load_table(service.host, gid)
    assert again.names.seat(1) == "Bob the Brave" and again.record is first.record
    assert service.host.cache.get(gid) is again  # the cache keeps the renamed table
    assert await load_table(service.host, gid) is again  # and names it no more once renamed
    reply = await service.act(gid, "alice", "take 1")
    public = next(m for m in reply.messages if isinstance(m, PublicUpdate))
    assert "To act: Bob the Brave." in str(public.text)


async def test_names_stored_with_the_seats_name_players_after_a_restart(
    tmp_path: Path, clock: FakeClock
) -> None:
    store = await SqliteStore.open(tmp_path / "names.db", clock=clock.now)
    service = Service(store, clock)
    gid = await duel(service, seed="restart")
    await service.remember_name(service.user("bob"), "Bob the Brave", None, seated=True)
    await service.close()
    store = await SqliteStore.open(tmp_path / "names.db", clock=clock.now)
    restarted = Service(store, clock)
    try:
        table = await load_table(restarted.host, gid)
        assert table.names.seat(1) == "Bob the Brave"
        reply = await restarted.act(gid, "alice", "take 1")
        assert "To act: Bob the Brave." in str(reply.messages[0].text)
    finally:
        await restarted.close()


async def test_a_new_holder_is_named_and_the_log_names_both(service: Service) -> None:
    gid = await duel(service, seed="handover")
    await load_table(service.host, gid)  # cached before the seat changes hands
    await service.replace_player(gid, "bob", "bob", "carol")
    table = await load_table(service.host, gid)
    assert table.names.seat(1) == "carol"
    assert table.names.user(service.user("bob")) == "bob"  # the log still names him
    lines = await service.history(gid)
    assert "  (carol took over seat 1 from bob)" in lines
    reply = await service.act(gid, "alice", "take 1")
    assert "To act: carol." in str(reply.messages[0].text)


async def test_a_role_dealt_at_the_start_names_the_seat_from_the_first_message(
    service: Service,
) -> None:
    gid = (await service.create("marks", "alice", seed="dealt", role="random")).game_id
    assert gid is not None
    await service.join(gid, "bob", role="blue")
    lobby = await load_table(service.host, gid)
    assert lobby.names.seat(0) == "alice (random)"
    reply = await service.start(gid, "alice")
    table = await load_table(service.host, gid)
    dealt = table.seats[0].role
    assert dealt in ("red", "green", "gold")
    assert table.names.seat(0) == f"alice ({dealt})"
    public = next(m for m in reply.messages if isinstance(m, PublicUpdate))
    assert str(public.text).endswith(f"To act: alice ({dealt}).")
