"""Snapshots are a cache: used when sound, discarded and rebuilt when they disagree."""

from __future__ import annotations

import logging

import pytest

from storage import GameStore
from storage.records import GameStatus, NewEvent, NewGame
from storage.snapshots import load_state
from storage.tools import EXPORT_FORMAT, check_games, export_game
from tests.storage.toy import CounterFolder, replay_counter


async def counter_game(store: GameStore, adds: list[int], start: int = 0) -> int:
    game = await store.create_game(NewGame("counter", 1, "seed", {"start": start}))
    await store.add_seat(game.id, 0, 1)
    for seq, value in enumerate(adds):
        await store.append(game.id, seq, [NewEvent(0, {"add": value})], status=GameStatus.ACTIVE)
    return game.id


async def test_snapshot_every_n_events_and_load_uses_it(store: GameStore) -> None:
    gid = await counter_game(store, list(range(30)), start=100)
    folder = CounterFolder()
    first = await load_state(store, gid, folder, rules_version=1, every=10)
    assert first.state == {"total": 100 + sum(range(30)), "count": 30}
    assert first.snapshot_version is None and first.saved_snapshot
    assert folder.applied == 30

    for seq in range(30, 35):
        await store.append(gid, seq, [NewEvent(0, {"add": 1})])
    folder = CounterFolder()
    second = await load_state(store, gid, folder, rules_version=1, every=10)
    assert second.snapshot_version == 30 and folder.applied == 5
    assert second.state["total"] == 100 + sum(range(30)) + 5
    assert not second.saved_snapshot  # only 5 events since the last one

    for seq in range(35, 41):
        await store.append(gid, seq, [NewEvent(0, {"add": 1})])
    third = await load_state(store, gid, CounterFolder(), rules_version=1, every=10)
    assert third.saved_snapshot and [s.version for s in await store.snapshots(gid)] == [30, 41]


async def test_new_rules_version_ignores_old_snapshots(store: GameStore) -> None:
    gid = await counter_game(store, [1, 2, 3])
    await load_state(store, gid, CounterFolder(), rules_version=1, every=1)
    folder = CounterFolder()
    loaded = await load_state(store, gid, folder, rules_version=2, every=1)
    assert loaded.snapshot_version is None and folder.applied == 3
    # Same version, new rules: the new snapshot replaces the old one.
    assert [(s.version, s.rules_version) for s in await store.snapshots(gid)] == [(3, 2)]


async def test_altered_snapshot_is_discarded_and_rebuilt(
    store: GameStore, caplog: pytest.LogCaptureFixture
) -> None:
    gid = await counter_game(store, [5, 5, 5])
    await load_state(store, gid, CounterFolder(), rules_version=1, every=1)
    snap = (await store.snapshots(gid))[-1]
    # Someone edits the cached state by hand: the digest no longer matches.
    async with store._write() as tx:  # type: ignore[attr-defined]
        await tx.execute(
            "UPDATE snapshots SET state = ? WHERE game_id = ? AND version = ?",
            '{"count":3,"total":999}',
            gid,
            snap.version,
        )
    with caplog.at_level(logging.WARNING, logger="storage.snapshots"):
        loaded = await load_state(store, gid, CounterFolder(), rules_version=1, every=50)
    assert loaded.state == {"total": 15, "count": 3}
    assert loaded.discarded and "digest" in loaded.discarded[0]
    assert "discarding" in caplog.text
    rebuilt = await store.snapshots(gid)
    assert [(s.version, s.state) for s in rebuilt] == [(3, {"count": 3, "total": 15})]


async def test_wrong_but_well_formed_snapshot_is_caught_by_verify(store: GameStore) -> None:
    gid = await counter_game(store, [1, 1, 1, 1])
    # A snapshot written by buggy code: internally consistent, but not what replay gives.
    await store.save_snapshot(gid, 2, 1, {"total": 50, "count": 2})
    trusting = await load_state(store, gid, CounterFolder(), rules_version=1)
    assert trusting.state["total"] == 52  # without verify the cache is believed
    checked = await load_state(store, gid, CounterFolder(), rules_version=1, verify=True)
    assert checked.state == {"total": 4, "count": 4}
    assert checked.discarded and "disagrees with the replay" in checked.discarded[0]
    assert [(s.version, s.state["total"]) for s in await store.snapshots(gid)] == [(4, 4)]


async def test_undecodable_snapshot_is_rebuilt(store: GameStore) -> None:
    gid = await counter_game(store, [2, 2])
    await store.save_snapshot(gid, 2, 1, {"old_format": True})
    loaded = await load_state(store, gid, CounterFolder(), rules_version=1)
    assert loaded.state == {"total": 4, "count": 2} and loaded.discarded


async def test_check_reports_and_discards_bad_snapshots(store: GameStore) -> None:
    good = await counter_game(store, [1, 2, 3])
    bad = await counter_game(store, [1, 2, 3])
    await store.save_snapshot(good, 2, 1, {"total": 3, "count": 2})
    await store.save_snapshot(bad, 2, 1, {"total": 30, "count": 2})
    await store.save_snapshot(bad, 3, 1, {"total": 6, "count": 3})
    report = await check_games(store, replay_counter)
    assert report.checked == 2 and not report.ok
    assert [f.game_id for f in report.failed] == [bad]
    assert report.failed[0].problems == ("snapshot at 2 disagrees with the replay (discarded)",)
    assert [s.version for s in await store.snapshots(bad)] == [3]
    assert (await check_games(store, replay_counter)).ok


async def test_check_reports_a_log_that_does_not_replay(store: GameStore) -> None:
    gid = await counter_game(store, [1])
    await store.append(gid, 1, [NewEvent(0, {"subtract": 1})])
    finished = await counter_game(store, [1])
    await store.set_status(finished, GameStatus.FINISHED)
    report = await check_games(store, replay_counter)
    assert report.checked == 1
    assert report.failed[0].game_id == gid
    assert report.failed[0].problems[0].startswith("replay failed: KeyError")
    everything = await check_games(
        store, replay_counter, statuses=[GameStatus.ACTIVE, GameStatus.FINISHED]
    )
    assert everything.checked == 2


async def test_export_holds_the_full_record(store: GameStore) -> None:
    gid = await counter_game(store, [4, 5])
    await store.add_seat(gid, 1, 2, role="red")
    await store.leave_seat(gid, 1)
    data = await export_game(store, gid)
    assert data["format"] == EXPORT_FORMAT
    assert data["game"]["id"] == gid and data["game"]["version"] == 2
    assert data["game"]["config"] == {"start": 0} and data["game"]["status"] == "active"
    assert [(s["seat"], s["role"], s["left"] is not None) for s in data["seats"]] == [
        (0, None, False),
        (1, "red", True),
    ]
    assert [(e["seq"], e["seat"], e["action"]) for e in data["events"]] == [
        (0, 0, {"add": 4}),
        (1, 0, {"add": 5}),
    ]
