"""A crew member who leaves a Space Alert mission never hands the crew a win."""

from __future__ import annotations

from bot.service import GameOver, Service
from bot.service.table import load_table
from storage.records import GameStatus
from tests.hosting.helpers import command


async def _crew(service: Service, rated: bool = False, **options: object) -> int:
    created = await service.create(
        "space_alert", "alice", mode="crew", seats=2, rated=rated,
        options={"mission": "mission_1", **options},
    )  # fmt: skip
    gid = created.game_id
    assert gid is not None
    await service.join(gid, "bob")
    await service.start(gid, "alice")
    return gid


async def test_an_android_flies_on_for_a_crew_member_who_resigns(service: Service) -> None:
    gid = await _crew(service)
    reply = await service.resign(gid, "bob")
    texts = [str(m.text) for m in reply.messages if hasattr(m, "text")]
    assert not any(isinstance(m, GameOver) for m in reply.messages)
    assert not any("won" in t for t in texts)
    assert any("An android takes over the post of" in t for t in texts)
    table = await load_table(service.host, gid)
    assert table.record.status is GameStatus.ACTIVE
    # The android's seat is the bot's: the mission waits only for alice.
    assert table.humans_to_act() == (0,)
    await command(service, "alice", "space-alert lock", game=gid)
    table = await load_table(service.host, gid)
    assert table.record.status is GameStatus.ACTIVE and table.state.phase == 2


async def test_the_host_may_choose_to_abort_the_mission_as_lost(service: Service) -> None:
    gid = await _crew(service, rated=True, leaver="abort")
    reply = await service.resign(gid, "bob")
    [over] = [m for m in reply.messages if isinstance(m, GameOver)]
    assert str(over.text).startswith(f"Game {gid} is over: the crew lost (")
    record = await service.store.get_game(gid)
    assert record.status is GameStatus.FINISHED
    assert record.outcome is not None and record.outcome["winners"] == []
    # A rated crew has nobody to rank against: no rating, and no crash after the finish.
    assert await service.leaderboard("space_alert") == []


async def test_the_last_crew_member_leaving_loses_the_mission(service: Service) -> None:
    gid = await _crew(service, rated=True)
    await service.resign(gid, "bob")
    reply = await service.resign(gid, "alice")
    [over] = [m for m in reply.messages if isinstance(m, GameOver)]
    assert "the crew lost" in str(over.text) and "won" not in str(over.text)
    assert (await service.store.get_game(gid)).outcome["winners"] == []  # type: ignore[index]
