"""Multi-action turns (the Marks test game): undo, barriers, takeback, roles, multi-seat resign."""

from __future__ import annotations

import pytest

from bot.service import GameOver, Service
from bot.service.table import load_table
from games.base import GameError
from storage.records import GameStatus
from tests.service.marks import State


async def code_of(coro: object) -> str:
    with pytest.raises(GameError) as err:
        await coro  # type: ignore[misc]
    return err.value.code


async def marks_state(service: Service, gid: int) -> State:
    service.host.cache.pop(gid, None)
    table = await load_table(service.host, gid)
    assert isinstance(table.state, State)
    return table.state


async def marks_duel(service: Service, seed: str = "m1", **kw: object) -> int:
    gid = (await service.create("marks", "alice", seed=seed, **kw)).game_id
    assert gid is not None
    await service.join(gid, "bob")
    await service.start(gid, "alice")
    return gid


async def test_undo_steps_back_within_the_turn(service: Service) -> None:
    gid = await marks_duel(service, seed="two-marks")
    s0 = await marks_state(service, gid)
    assert s0.left >= 1
    await service.act(gid, "alice", "mark 0")
    reply = await service.undo(gid, "alice")
    assert "undid 1 action" in reply.text
    assert await marks_state(service, gid) == s0
    assert await code_of(service.undo(gid, "alice")) == "nothing_to_undo"
    await service.act(gid, "alice", "mark 3")
    if s0.left >= 2:
        await service.act(gid, "alice", "mark 4")
    reply = await service.undo(gid, "alice", steps=None)
    assert await marks_state(service, gid) == s0


async def test_undo_never_crosses_a_barrier(service: Service) -> None:
    gid = await marks_duel(service)
    await service.act(gid, "alice", "mark 1")
    await service.act(gid, "alice", "bomb")
    assert await code_of(service.undo(gid, "alice")) == "undo_barrier"
    await service.act(gid, "alice", "end")
    # bob's turn opened with a chance draw: nothing of his to undo, and no takeback for alice
    assert await code_of(service.undo(gid, "bob")) == "nothing_to_undo"
    assert await code_of(service.takeback(gid, "alice")) == "takeback_barrier"


async def test_roles_unique_random_and_wrong(service: Service) -> None:
    gid = (await service.create("marks", "alice", role="red", seed="r")).game_id
    assert await code_of(service.join(gid, "bob", role="red")) == "colour_taken"
    assert await code_of(service.join(gid, "bob", role="pink")) == "unknown_colour"
    await service.join(gid, "bob", role="random")
    await service.start(gid, "alice")
    seats = await service.store.seats(gid)
    roles = [s.role for s in seats]
    assert roles[0] == "red" and roles[1] in ("blue", "green", "gold")


async def test_choose_role_in_lobby(service: Service) -> None:
    gid = (await service.create("marks", "alice")).game_id
    await service.join(gid, "bob", role="blue")
    assert await code_of(service.choose_role(gid, "alice", "blue")) == "colour_taken"
    reply = await service.choose_role(gid, "alice", "gold")
    assert "as gold" in reply.text


async def test_resign_in_a_three_player_game_hands_the_seat_to_the_bot(service: Service) -> None:
    gid = (await service.create("marks", "alice", mode="melee", seats=3, seed="m3")).game_id
    await service.join(gid, "bob")
    await service.join(gid, "carol")
    await service.start(gid, "alice")
    reply = await service.resign(gid, "alice")
    assert not any(isinstance(m, GameOver) for m in reply.messages)
    s = await marks_state(service, gid)
    assert s.turn % 3 == 1  # the bot played alice's turn, bob is to act
    assert await code_of(service.act(gid, "alice", "end")) == "resigned"
    reply = await service.resign(gid, "bob")
    over = next(m for m in reply.messages if isinstance(m, GameOver))
    assert over.winners == (service.user("carol"),)  # the last one standing
    record = await service.store.get_game(gid)
    assert record.status is GameStatus.FINISHED
    assert record.outcome is not None and record.outcome["resigned"] == [0, 1]
    ranks = {u: r for u, r, _ in await service.leaderboard("marks")}
    # carol won; bob gave up after alice, so he ranks above her
    assert ranks[service.user("carol")] > ranks[service.user("bob")] > ranks[service.user("alice")]


async def test_teams_resignation_ends_when_one_team_is_left(service: Service) -> None:
    gid = (await service.create("marks", "a", mode="teams", seats=4, seed="t")).game_id
    for name in ("b", "c", "d"):
        await service.join(gid, name)
    await service.start(gid, "a")
    await service.resign(gid, "b")
    reply = await service.resign(gid, "d")  # seats 1 and 3: team two is gone
    over = next(m for m in reply.messages if isinstance(m, GameOver))
    assert set(over.winners) == {service.user("a"), service.user("c")}
    board = {u: r for u, r, _ in await service.leaderboard("marks")}
    assert board[service.user("a")] > board[service.user("b")]


async def test_takeback_of_a_multi_action_turn_against_the_ai(service: Service) -> None:
    # against an AI the takeback needs no consent; find a seed where no barrier intervenes
    for n in range(40):
        gid = (await service.create("marks", "alice", seed=f"tb{n}")).game_id
        await service.add_ai(gid, "alice", "easy")
        await service.start(gid, "alice")
        s0 = await marks_state(service, gid)
        await service.act(gid, "alice", "mark 2")
        try:
            await service.act(gid, "alice", "end")
        except GameError:
            continue
        try:
            await service.takeback(gid, "alice")
        except GameError as err:
            assert err.code == "takeback_barrier"  # the AI's turn opened with a draw
            continue
        pytest.fail("a takeback across the AI's chance draw must be refused")
    del s0
