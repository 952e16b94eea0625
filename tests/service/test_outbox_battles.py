"""A battle's replay survives a kill -9 between the commit of its move and its delivery: the
outbox row names the game and the move, and the new process replays the log to that move and
draws the very same frames (in the pool: the drawing is picklable)."""

from __future__ import annotations

import pickle
import random
from pathlib import Path

from bot.service import FakeClock, Service
from bot.service.i18n import localise
from bot.service.outbox import BattleReplay, Notice
from bot.service.postbox import LEASE
from bot.service.table import load_table
from storage.sqlite import SqliteStore

MAX_MOVES = 400


async def process(tmp_path: Path, clock: FakeClock) -> Service:
    """A bot process's service on the test database (nothing kept in memory between two)."""
    return Service(await SqliteStore.open(tmp_path / "muster.db", clock=clock.now), clock)


async def first_battle(service: Service) -> tuple[int, BattleReplay]:
    """A Neuroshima duel played at random until a move fights a battle; that battle."""
    created = await service.create("neuroshima", "alice", mode="duel", role="moloch", seed="b")
    gid = created.game_id
    assert gid is not None
    await service.join(gid, "bob", role="outpost")
    await service.start(gid, "alice")
    for name in ("alice", "bob"):  # as Discord interactions store them with the seats
        await service.remember_name(service.user(name), name, None, seated=True)
    rng = random.Random(7)
    for _ in range(MAX_MOVES):
        table = await load_table(service.host, gid)
        seat = min(table.to_act())
        legal = list(table.spec.rules.legal_actions(table.state, seat))
        reply = await service.act(gid, table.user_at(seat), rng.choice(legal))
        battles = [m for m in reply.messages if isinstance(m, BattleReplay)]
        if battles:
            return gid, battles[0]
    raise AssertionError("no battle was fought")


async def test_a_battle_is_drawn_again_after_a_kill_between_commit_and_delivery(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    first = await process(tmp_path, clock)
    try:
        gid, battle = await first_battle(first)
        frames = {lang: battle.frames(lang) for lang in ("en", "cs")}
        assert frames["en"]  # the move's own process would have posted these
    finally:
        await first.close()  # killed before anything was delivered or marked
    second = await process(tmp_path, clock)
    try:
        clock.advance(LEASE)
        parcels = await second.postbox.claim(limit=50)
        [again] = [p.message for p in parcels if getattr(p.message, "name", "") == battle.name]
        assert isinstance(again, BattleReplay)
        assert again.seq == battle.seq and again.game_id == gid
        said = [localise(t, "en") for t in (again.caption, again.narration)]
        assert said == [localise(t, "en") for t in (battle.caption, battle.narration)]
        assert pickle.loads(pickle.dumps(again.render))("en") == frames["en"]
        assert again.frames("cs") == frames["cs"]
    finally:
        await second.close()


async def test_a_battle_whose_move_was_taken_back_is_told_in_words(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    first = await process(tmp_path, clock)
    try:
        gid, battle = await first_battle(first)
    finally:
        await first.close()
    second = await process(tmp_path, clock)
    try:
        clock.advance(LEASE)
        rows = await second.store.due_outbox(clock.now())
        [record] = [r for r in rows if r.payload.get("name") == battle.name]
        record.payload["seq"] = 10**6  # the log has no such move now (as after an undo)
        told = await second.postbox._message(record)
        assert isinstance(told, Notice) and told.game_id == gid
        assert localise(told.text, "en") == localise(battle.caption, "en")
    finally:
        await second.close()
