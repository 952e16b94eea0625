"""League service with people: check-in, results flowing back, deadlines, organiser powers."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service import FakeClock, Notice, Service
from bot.service.leagues import LeagueService
from bot.service.leagues.state import LeagueState
from bot.service.table import load_table
from games.base import GameError
from storage.records import GameStatus


async def play_out(service: Service, gid: int) -> None:
    """Both humans take one stone at a time until the game ends."""
    for _ in range(80):
        service.host.cache.pop(gid, None)
        table = await load_table(service.host, gid)
        if table.record.status is not GameStatus.ACTIVE:
            return
        seat = min(table.humans_to_act())
        user = table.user_at(seat)
        assert user is not None
        await service.act(gid, user, "take 1")


async def codes(call: object) -> str:
    """The error code a call raises."""
    try:
        await call  # type: ignore[misc]
    except GameError as err:
        return err.code
    raise AssertionError("no error")


async def test_checkin_results_deadline_and_permissions(
    service: Service, leagues: LeagueService, clock: FakeClock
) -> None:
    org = leagues.caller("olga")
    start = clock.now() + timedelta(minutes=30)
    lid = (await leagues.create(org, 1, "Duels", "stones", start=start, rounds=2,
                                round_time=3600, seed="d")).league_id  # fmt: skip
    assert lid is not None
    assert await leagues.find(1, None) == lid and await leagues.find(1, "duels") == lid
    for name in ("alice", "bob", "carol", "dave", "erin"):
        await leagues.join(lid, name)
    assert await codes(leagues.join(lid, "alice")) == "already_in"
    assert await codes(leagues.check_in(lid, "alice")) == "checkin_closed"
    assert await codes(leagues.add_ai(lid, leagues.caller("bob"), "easy")) == "not_org"
    clock.advance(timedelta(minutes=16))
    await leagues.tick()
    for name in ("alice", "bob", "carol", "dave"):
        await leagues.check_in(lid, name)
    await leagues.leave(lid, "dave")  # leaving before the start is simply leaving
    clock.advance(timedelta(minutes=15))
    await leagues.tick()
    state = await leagues.state(lid)
    assert state.phase == "running"
    assert not state.entrants[service.user("erin")].active  # no check-in: dropped
    assert len(state.rounds) == 1 and len(state.current().tables) == 1  # type: ignore[union-attr]
    assert len(state.current().byes) == 1  # type: ignore[union-attr]
    # A human game ends: the hook records it at once and says so in the game's thread.
    table = state.current().tables[0]  # type: ignore[union-attr]
    gid = table.game_id
    record = await service.store.get_game(gid)
    assert record.config["host"]["rated"] and record.guild_id == 1
    await play_out(service, gid)
    state = await leagues.state(lid)
    assert state.current().done  # type: ignore[union-attr]
    # Round 2 is paired by the tick; the deadline passes with nobody moving: adjudicated.
    await leagues.tick()
    state = await leagues.state(lid)
    assert len(state.rounds) == 2
    clock.advance(timedelta(minutes=61))
    replies = await leagues.tick()
    notices = [m for r in replies for m in r.messages if isinstance(m, Notice)]
    assert any("adjudicated" in n.text for n in notices)
    state = await leagues.state(lid)
    assert state.phase == "finished"
    result = state.rounds[1].tables[0].result
    assert result is not None and result.source == "adjudicated" and result.points == (0.5, 0.5)
    log = (await leagues.log(lid)).text
    assert "dropped" in log and "adjudicated" in log


async def test_organiser_powers(service: Service, leagues: LeagueService, clock: FakeClock) -> None:
    org = leagues.caller("olga")
    lid = (await leagues.create(org, 2, "Cup", "stones", rounds=3, round_time=3600,
                                seed="p")).league_id  # fmt: skip
    assert lid is not None
    for name in ("alice", "bob", "carol", "dave"):
        await leagues.join(lid, name)
    assert await codes(leagues.start_now(lid, leagues.caller("alice"))) == "not_org"
    await leagues.start_now(lid, org)
    state = await leagues.state(lid)
    first = state.current()
    assert first is not None and len(first.tables) == 2
    # Re-pair: the round's games are cancelled and new ones made.
    await leagues.repair(lid, org, "wrong seating")
    state = await leagues.state(lid)
    again = state.current()
    assert again is not None and again.number == 1
    old = {t.game_id for t in first.tables}
    assert not old & {t.game_id for t in again.tables}
    for gid in old:
        assert (await service.store.get_game(gid)).status is GameStatus.ABANDONED
    # Override a result with a reason; adjudicate the other table as a draw.
    t1, t2 = again.tables
    winner = state.entrants[t1.seats[1]].user
    await leagues.report(lid, org, t1.game_id, winner, "opponent disconnected")
    await leagues.adjudicate(lid, org, t2.game_id, "draw")
    state = await leagues.state(lid)
    assert state.rounds[0].tables[0].result.points == (0.0, 1.0)  # type: ignore[union-attr]
    assert state.rounds[0].tables[1].result.points == (0.5, 0.5)  # type: ignore[union-attr]
    assert len(state.rounds) == 2  # the round was complete, so round 2 was paired at once
    # Pause stops the round clock; resume moves the deadline by the pause.
    deadline = state.rounds[1].deadline
    await leagues.pause(lid, org, "server outage")
    clock.advance(timedelta(hours=3))
    assert await leagues.tick() == []
    await leagues.resume(lid, org)
    state = await leagues.state(lid)
    assert state.rounds[1].deadline == deadline + timedelta(hours=3)
    # Replace a player: the newcomer takes the seat in the open game and the standing.
    table = state.rounds[1].tables[0]
    leaving = state.entrants[table.seats[0]].user
    await leagues.replace_player(lid, org, leaving, "zoe", "moved away")
    seats = await service.store.seats(table.game_id)
    assert service.user("zoe") in {s.user_id for s in seats}
    state = await leagues.state(lid)
    assert state.entrant_of(service.user("zoe")) is not None
    # Remove a player: their open game is resigned, and they are not paired again.
    other = state.rounds[1].tables[1]
    gone = state.entrants[other.seats[0]].user
    await leagues.remove(lid, org, gone, "no-show")
    record = await service.store.get_game(other.game_id)
    assert record.status is GameStatus.FINISHED
    state = await leagues.state(lid)
    assert state.rounds[1].tables[1].result is not None
    # Non-organisers cannot use the powers; everyone can read the log.
    alice = leagues.caller("alice")
    for call in (
        leagues.pause(lid, alice),
        leagues.remove(lid, alice, "bob"),
        leagues.repair(lid, alice),
        leagues.adjudicate(lid, alice),
    ):
        assert await codes(call) == "not_org"
    log = (await leagues.log(lid, last=100)).text
    for word in ("voided", "opponent disconnected", "paused", "resumed", "replaces", "no-show"):
        assert word in log


async def test_server_roles_make_organisers(service: Service, leagues: LeagueService) -> None:
    admin = leagues.caller("root", admin=True)
    await leagues.setup(3, admin, [55], "carry")
    assert await codes(leagues.setup(3, leagues.caller("x"), [1], None)) == "not_admin"
    assert await codes(leagues.create(leagues.caller("x"), 3, "L", "stones")) == "not_org"
    mod = leagues.caller("mod", roles=(55,))
    lid = (await leagues.create(mod, 3, "L", "stones")).league_id
    assert lid is not None
    helper = leagues.caller("helper", roles=(55,))
    await leagues.add_ai(lid, helper, "easy")
    assert await codes(leagues.add_ai(lid, leagues.caller("x"), "easy")) == "not_org"


@pytest.mark.parametrize("fmt", ["round-robin", "knockout"])
async def test_round_robin_and_knockout_with_ai(
    leagues: LeagueService, clock: FakeClock, fmt: str
) -> None:
    org = leagues.caller("olga")
    lid = (await leagues.create(org, 4, fmt, "stones", format=fmt, seed=fmt)).league_id
    assert lid is not None
    for _ in range(5):
        await leagues.add_ai(lid, org, "easy")
    await leagues.start_now(lid, org)
    for _ in range(8):
        await leagues.tick()
    state = await leagues.state(lid)
    assert state.phase == "finished"
    if fmt == "round-robin":
        assert len(state.rounds) == 5
        assert all(n == 1 for n in (await _met(state)).values()) and len(await _met(state)) == 10
        assert sorted(b for r in state.rounds for b in r.byes) == sorted(state.entrants)
    else:
        assert len(state.rounds) == 3  # 5 players: a bracket of 8 with three byes
        assert len(state.rounds[0].byes) == 3 and len(state.rounds[-1].tables) == 1
        final = state.rounds[-1].tables[0]
        assert state.final["order"][0] in final.seats
    assert "won by" in (await leagues.archive(4)).text


async def _met(state: LeagueState) -> dict[frozenset[int], int]:
    from bot.service.leagues.standings import meetings

    return meetings(state.rounds)


async def test_a_paused_signup_does_not_start(leagues: LeagueService, clock: FakeClock) -> None:
    org = leagues.caller("olga")
    start = clock.now() + timedelta(minutes=5)
    lid = (await leagues.create(org, 6, "Later", "stones", start=start, checkin=0)).league_id
    assert lid is not None
    await leagues.join(lid, "alice")
    await leagues.join(lid, "bob")
    await leagues.pause(lid, org, "venue closed")
    clock.advance(timedelta(minutes=10))
    await leagues.tick()
    assert (await leagues.state(lid)).phase == "paused"
    await leagues.resume(lid, org)
    state = await leagues.state(lid)
    assert state.phase == "running" and len(state.rounds) == 1
