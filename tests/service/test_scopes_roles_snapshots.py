"""Ratings per guild, roles changed in place, and loading games through state snapshots."""

from __future__ import annotations

import random
import time
from dataclasses import replace

import pytest

from bot.service import Service
from bot.service.snapshots import TableFolder, load_folded
from bot.service.table import Table, load_table
from tests.service.helpers import duel

GUILD_A, GUILD_B = 1001, 2002


# --- ratings per guild ----------------------------------------------------------------------
async def test_two_guilds_rate_independently_and_the_console_in_scope_zero(
    service: Service,
) -> None:
    alice, bob = service.user("alice"), service.user("bob")
    await service.resign(await duel(service, guild_id=GUILD_A), "bob")
    await service.resign(await duel(service, guild_id=GUILD_B), "alice")
    board_a = await service.leaderboard("stones", guild_id=GUILD_A)
    board_b = await service.leaderboard("stones", guild_id=GUILD_B)
    assert [u for u, _, _ in board_a] == [alice, bob]
    assert [u for u, _, _ in board_b] == [bob, alice]
    # Each guild's first game started from scratch: the ratings mirror each other.
    assert board_a[0][1] == pytest.approx(board_b[0][1])
    assert await service.leaderboard("stones") == []  # nothing outside a guild yet

    await service.resign(await duel(service), "bob")  # a console game: no guild
    assert [u for u, _, _ in await service.leaderboard("stones")] == [alice, bob]
    console = await service.profile("stones", "alice")
    in_b = await service.profile("stones", "alice", guild_id=GUILD_B)
    assert (console.guild_id, console.games, console.wins) == (None, 1, 1)
    assert (in_b.guild_id, in_b.games, in_b.wins) == (GUILD_B, 1, 0)
    assert [h.scope for h in in_b.history] == [GUILD_B]
    assert console.rating is not None and in_b.rating is not None
    assert console.rating > in_b.rating


# --- roles ----------------------------------------------------------------------------------
async def test_choosing_and_dealing_roles_keeps_one_seat_row_per_player(service: Service) -> None:
    gid = (await service.create("marks", "alice", seed="r2")).game_id
    assert gid is not None
    await service.join(gid, "bob", role="blue")
    await service.choose_role(gid, "alice", "gold")
    await service.choose_role(gid, "alice", "red")
    await service.choose_role(gid, "bob", "random")
    await service.start(gid, "alice")
    rows = await service.store.seats(gid, include_left=True)
    assert [(r.seat, r.user_id, r.left) for r in rows] == [
        (0, service.user("alice"), None),
        (1, service.user("bob"), None),
    ]
    assert rows[0].role == "red" and rows[1].role in ("blue", "green", "gold")
    table = await load_table(service.host, gid)
    assert [s.role for s in table.seats] == [r.role for r in rows]
    lobby_text = (await service.board(gid)).text
    assert "Game" in lobby_text


async def test_a_role_cannot_change_once_started(service: Service) -> None:
    gid = (await service.create("marks", "alice", role="red")).game_id
    assert gid is not None
    await service.join(gid, "bob")
    await service.start(gid, "alice")
    with pytest.raises(Exception) as err:
        await service.choose_role(gid, "bob", "blue")
    assert getattr(err.value, "code", None) == "not_lobby"
    assert [s.role for s in await service.store.seats(gid, include_left=True)] == ["red", None]


# --- snapshots ------------------------------------------------------------------------------
async def fresh(service: Service, gid: int) -> Table:
    service.host.cache.pop(gid, None)
    return await load_table(service.host, gid)


async def replayed(service: Service, gid: int) -> Table:
    """The table from a full replay of the log, ignoring (and not writing) snapshots."""
    host = service.host
    service.host = replace(host, snapshot_every=None, cache={})
    saved = await service.store.snapshots(gid)
    await service.store.delete_snapshots(gid)
    try:
        return await load_table(service.host, gid)
    finally:
        for snap in saved:
            await service.store.save_snapshot(gid, snap.version, snap.rules_version, snap.state)
        service.host = host


def same(a: Table, b: Table) -> None:
    assert a.state == b.state
    assert a.timeline == b.timeline
    assert a.record.version == b.record.version


async def test_marks_with_undo_and_takeback_load_the_same_through_snapshots(
    service: Service,
) -> None:
    service.host = replace(service.host, snapshot_every=2)
    gid = (await service.create("marks", "alice", seed="snap")).game_id
    assert gid is not None
    await service.join(gid, "bob")
    await service.start(gid, "alice")
    rng = random.Random(4)
    users = ("alice", "bob")
    used = 0
    for _ in range(120):
        table = await fresh(service, gid)
        if not table.to_act():
            break
        same(table, await replayed(service, gid))
        loaded = await load_folded(
            service.store,
            gid,
            TableFolder(table.spec, table.profile, table.game_config, table.settings.seats),
            verify=True,
        )
        assert loaded.discarded == ()
        used += loaded.snapshot_version is not None
        seat = min(table.to_act())
        user = users[seat]
        roll = rng.random()
        try:
            if roll < 0.15:
                await service.undo(gid, user, steps=None)
            elif roll < 0.2:
                await service.takeback(gid, users[1 - seat])
                await service.answer(gid, user, "takeback", rng.random() < 0.7)
            else:
                legal = list(table.spec.rules.legal_actions(table.state, seat))
                await service.act(gid, user, table.spec.codec.format(rng.choice(legal)))
        except Exception as err:  # a refused undo or takeback is part of the walk
            assert getattr(err, "code", None), err
    assert used > 10
    assert (await service.store.get_game(gid)).version > 60
    same(await fresh(service, gid), await replayed(service, gid))
    notes = [e.action for e in await service.store.events(gid) if "$host" in e.action]
    assert any(n["$host"] == "undo" for n in notes)


async def test_a_wrong_snapshot_is_discarded_and_rebuilt(service: Service) -> None:
    service.host = replace(service.host, snapshot_every=1)
    gid = (await service.create("marks", "alice", seed="bad")).game_id
    assert gid is not None
    await service.join(gid, "bob")
    await service.start(gid, "alice")
    await service.act(gid, "alice", "end")
    table = await fresh(service, gid)
    (snap,) = [s for s in await service.store.snapshots(gid) if s.version == table.record.version]
    bad = dict(snap.state)
    bad["base"] = {**bad["base"], "state": {**bad["base"]["state"], "turn": 99}}
    await service.store.save_snapshot(gid, snap.version, snap.rules_version, bad)
    folder = TableFolder(table.spec, table.profile, table.game_config, table.settings.seats)
    loaded = await load_folded(service.store, gid, folder, verify=True)
    assert loaded.discarded and "disagrees" in loaded.discarded[0]
    same(await fresh(service, gid), await replayed(service, gid))


async def test_a_neuroshima_game_loads_the_same_and_faster_through_a_snapshot(
    service: Service,
) -> None:
    pytest.importorskip("games.neuroshima")
    gid = (await service.create("neuroshima", "alice", mode="duel", seed="ns-snap")).game_id
    assert gid is not None
    await service.join(gid, "bob")
    await service.start(gid, "alice")
    rng = random.Random(3)
    users = ("alice", "bob")
    for _ in range(400):
        table = await load_table(service.host, gid)
        if not table.to_act() or table.record.version >= 150:
            break
        seat = min(table.to_act())
        legal = list(table.spec.rules.legal_actions(table.state, seat))
        await service.act(gid, users[seat], table.spec.codec.format(rng.choice(legal)))
    via_snapshot = await fresh(service, gid)
    assert any(s.version >= 50 for s in await service.store.snapshots(gid))
    full = await replayed(service, gid)
    same(via_snapshot, full)

    async def timed(snapshots: bool) -> float:
        best = float("inf")
        for _ in range(3):
            if not snapshots:
                await replayed(service, gid)  # warm, then measure below without snapshots
            start = time.perf_counter()
            await (fresh(service, gid) if snapshots else replayed(service, gid))
            best = min(best, time.perf_counter() - start)
        return best

    assert await timed(True) < await timed(False)
