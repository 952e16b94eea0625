"""`muster db check` replays games the service wrote, host notes (undo) included."""

from __future__ import annotations

from bot.db_cli import replay_with_registry
from bot.service import Service
from bot.service.table import load_table
from storage.records import GameStatus
from storage.tools import check_games
from tests.service.test_undo_roles import marks_duel


async def test_a_hosted_game_with_an_undo_replays_clean(service: Service) -> None:
    gid = await marks_duel(service, seed="check-1")
    await service.act(gid, "alice", "mark 0")
    await service.undo(gid, "alice")
    await service.act(gid, "alice", "mark 3")
    report = await check_games(service.host.store, replay_with_registry)
    assert report.checked >= 1
    assert report.ok, report.failed


async def test_a_snapshot_that_disagrees_is_reported_and_dropped(service: Service) -> None:
    gid = await marks_duel(service, seed="check-2")
    await service.act(gid, "alice", "mark 0")
    table = await load_table(service.host, gid)
    assert table.record.status is GameStatus.ACTIVE
    store = service.host.store
    good = replay_with_registry(
        await store.get_game(gid),
        await store.seats(gid, include_left=True),
        await store.events(gid),
    )
    assert good is not None and good["format"]
    forged = {**good, "log": good["log"][:-1]}  # a snapshot that forgot the last move
    version = len(await store.events(gid))
    await store.save_snapshot(gid, version, table.spec.rules_version, forged)
    report = await check_games(store, replay_with_registry)
    assert not report.ok
    assert any("disagrees" in p for f in report.failed for p in f.problems)
    assert await store.snapshots(gid) == []
