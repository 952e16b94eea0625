"""Every host operation that writes more than once happens whole or not at all.

Each test first counts the writes of an operation, then for every boundary k kills the
operation just before its k-th write (see faults.py), opens a fresh service on the same store
(an empty cache: a restarted process) and checks that the store is consistent and that the
operation either happened or did not.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import timedelta
from typing import Any

import pytest

from bot.service import FakeClock, Service
from bot.service.leagues import LeagueService
from bot.service.table import load_table
from games import registry
from games.base import CHANCE, GameError
from storage import GameStore, open_store
from storage.records import GameStatus
from tests.contract.stones import STONES
from tests.hosting.helpers import command
from tests.storage.faults import Faults, Killed


@pytest.fixture(autouse=True)
def stones_registered() -> None:
    if "stones" not in registry.GAMES:
        registry.register(STONES)


@pytest.fixture
async def opened(store_url: str) -> AsyncIterator[tuple[GameStore, FakeClock]]:
    clock = FakeClock()
    store = await open_store(store_url, clock=clock.now)
    yield store, clock
    await store.close()


async def duel(service: Service) -> int:
    """A started Stones game: alice (seat 0) against bob (seat 1)."""
    created = await service.create("stones", "alice")
    gid = created.game_id
    assert gid is not None
    await service.join(gid, "bob")
    await service.start(gid, "alice")
    return gid


async def every_boundary(
    store: GameStore,
    clock: FakeClock,
    prepare: Callable[[Service], Awaitable[Any]],
    operate: Callable[[Service, Any], Awaitable[Any]],
    check: Callable[[Service, Any, bool], Awaitable[None]],
) -> int:
    """Run `operate` once whole, then killed before each of its writes; `check` every outcome.

    `check(service, prepared, killed)` gets a fresh service; returns the number of writes.
    """
    faults = Faults(store)
    whole = Service(store, clock)
    prepared = await prepare(whole)
    faults.arm(None)
    await operate(whole, prepared)
    writes = faults.count
    await check(Service(store, clock), prepared, False)
    for k in range(writes):
        service = Service(store, clock)
        prepared = await prepare(service)
        faults.arm(k)
        with pytest.raises(Killed):
            await operate(service, prepared)
        faults.arm(None)
        await check(Service(store, clock), prepared, True)
    return writes


async def test_seat_replacement_is_one_write(opened: tuple[GameStore, FakeClock]) -> None:
    store, clock = opened

    async def replace(service: Service, gid: int) -> None:
        await service.replace_player(gid, "bob", "bob", "dave")

    async def check(service: Service, gid: int, killed: bool) -> None:
        holders = {s.seat: s.user_id for s in await store.seats(gid)}
        assert sorted(holders) == [0, 1]
        bob, dave = service.user("bob"), service.user("dave")
        assert holders[1] in (bob, dave)
        replaced = holders[1] == dave
        assert (
            not killed
            or not replaced
            or "took over seat 1" in "\n".join(await service.history(gid))
        )
        holder = "dave" if replaced else "bob"
        # The game goes on: whoever holds the seat now can move when it is their turn.
        await service.act(gid, "alice", "take 1")
        table = await load_table(service.host, gid)
        if 1 in table.to_act():
            await service.act(gid, holder, "take 1")

    writes = await every_boundary(store, clock, duel, replace, check)
    assert writes >= 1


async def test_a_replaced_seat_moves_with_its_new_holder(
    opened: tuple[GameStore, FakeClock],
) -> None:
    store, clock = opened
    service = Service(store, clock)
    gid = await duel(service)
    await service.replace_player(gid, "bob", "bob", "dave")
    seats = await store.seats(gid, include_left=True)
    left = [s for s in seats if s.left is not None]
    assert [s.user_id for s in left] == [service.user("bob")]
    assert (await store.get_game(gid)).status is GameStatus.ACTIVE
    assert (await load_table(Service(store, clock).host, gid)).user_at(1) == service.user("dave")


async def game_ids(store: GameStore) -> set[int]:
    """Every game in the store."""
    return {g.id for status in GameStatus for g in await store.games_with_status(status)}


async def test_a_league_round_opens_whole_or_not_at_all(
    opened: tuple[GameStore, FakeClock],
) -> None:
    store, clock = opened
    names = iter(range(1000))

    async def prepare(service: Service) -> tuple[LeagueService, int, set[int]]:
        leagues = LeagueService(service)
        org = leagues.caller("olga")
        created = await leagues.create(org, 7, f"Cup {next(names)}", "stones", rounds=2,
                                       round_time=3600)  # fmt: skip
        assert created.league_id is not None
        for name in ("alice", "bob", "carol", "dave"):
            await leagues.join(created.league_id, name)
        return leagues, created.league_id, await game_ids(store)

    async def start(service: Service, prepared: tuple[LeagueService, int, set[int]]) -> None:
        leagues, lid, _ = prepared
        await leagues.start_now(lid, leagues.caller("olga"))

    async def check(
        service: Service, prepared: tuple[LeagueService, int, set[int]], killed: bool
    ) -> None:
        _, lid, before = prepared
        leagues = LeagueService(service)
        made = await game_ids(store) - before
        state = await leagues.state(lid)
        if state.current() is None:
            assert made == set(), "games were left behind by a round that was never logged"
            return
        # The round is logged: its games are exactly the ones made, linked, and (after the
        # restart's first tick) started.
        await leagues.tick()
        state = await leagues.state(lid)
        current = state.current()
        assert current is not None and current.number == 1
        assert {t.game_id for t in current.tables} == made and len(made) == 2
        for gid in made:
            link = await store.league_of_game(gid)  # type: ignore[attr-defined]
            assert link is not None and link.league_id == lid
            assert (await store.get_game(gid)).status is GameStatus.ACTIVE
            assert len(await store.seats(gid)) == 2

    writes = await every_boundary(store, clock, prepare, start, check)
    assert writes >= 3


async def rematches_of(store: GameStore, gid: int) -> list[int]:
    """Games made as rematches of game `gid`."""
    found = []
    for status in GameStatus:
        for record in await store.games_with_status(status):
            if record.config.get("host", {}).get("rematch_of") == gid:
                found.append(record.id)
    return found


async def test_a_rematch_is_made_once_and_recovers_when_asked_again(
    opened: tuple[GameStore, FakeClock],
) -> None:
    store, clock = opened

    async def finished(service: Service) -> int:
        gid = await duel(service)
        await service.resign(gid, "alice")
        return gid

    async def rematch(service: Service, gid: int) -> None:
        await service.rematch(gid, "bob")

    async def check(service: Service, gid: int, killed: bool) -> None:
        made = await rematches_of(store, gid)
        assert len(made) <= 1
        # Asking again (the other player, after the restart) goes on with the same game.
        again = await service.rematch(gid, "alice")
        assert await rematches_of(store, gid) == [again.game_id]
        record = await store.get_game(again.game_id or 0)
        assert record.status is GameStatus.ACTIVE
        seats = [s.user_id for s in await store.seats(record.id)]
        assert seats == [service.user("bob"), service.user("alice")]

    writes = await every_boundary(store, clock, finished, rematch, check)
    assert writes >= 2


def pass_move(table: Any) -> Any:
    """What a silent crew member does now (the host's pass action)."""
    seat = table.humans_to_act()[0]
    legal = list(table.spec.rules.legal_actions(table.state, seat))
    return seat, table.profile.pass_action(legal)


def starts_next_flight(table: Any) -> bool:
    """True when the waiting crew member's pass is the last decision before the next flight."""
    rules = table.spec.rules
    seat, move = pass_move(table)
    after = rules.apply(table.state, seat, move)
    return CHANCE in rules.to_act(after) or after.flight > table.state.flight


async def test_a_campaign_flies_on_whole_or_waits_for_the_last_decision(
    opened: tuple[GameStore, FakeClock],
) -> None:
    store, clock = opened

    async def last_decision(service: Service) -> int:
        created = await command(service, "alice", "space-alert new", crew=2, campaign=True,
                                mission="test_run_1", clock="1h", _seed="c3")  # fmt: skip
        gid = created.game_id
        assert gid is not None
        await command(service, "bob", "space-alert join", game=gid)
        await command(service, "alice", "space-alert start", game=gid)
        for _phase in range(2):
            for user in ("alice", "bob"):
                await command(service, user, "space-alert lock", game=gid)
        for user in ("alice", "bob"):
            await command(service, user, "space-alert fly", normal="white", serious="white",
                          game=gid)  # fmt: skip
        while not starts_next_flight(table := await load_table(service.host, gid)):
            seat, move = pass_move(table)
            await service.act(gid, table.user_at(seat) or 0, move)
        return gid

    async def decide(service: Service, gid: int) -> None:
        table = await load_table(service.host, gid)
        seat, move = pass_move(table)
        await service.act(gid, table.user_at(seat) or 0, move)

    async def check(service: Service, gid: int, killed: bool) -> None:
        table = await load_table(service.host, gid)
        assert table.record.status is GameStatus.ACTIVE
        if table.state.flight == 1:
            # Not decided: the same decision is still owed, and making it starts the flight.
            assert starts_next_flight(table)
            await decide(service, gid)
            table = await load_table(service.host, gid)
        assert table.state.flight == 2 and table.state.stage.value == "planning"
        far = clock.now() + timedelta(days=30)
        kinds = [d.kind for d in await store.due_deadlines(far, limit=1000) if d.game_id == gid]
        flight = sorted(k for k in kinds if k.endswith(":2:1"))
        # The new flight's phase clock is written whole or not at all ...
        whole = ["space_alert:close:2:1", "space_alert:remind:2:1"]
        assert flight in ([], whole), flight
        # ... and a restart's first tick gives a flight without one its clock.
        await service.tick()
        kinds = [d.kind for d in await store.due_deadlines(far, limit=1000) if d.game_id == gid]
        assert sorted(k for k in kinds if k.endswith(":2:1")) == whole
        # And the crew flies on either way: both lock in and phase 2 opens.
        for user in ("alice", "bob"):
            await command(service, user, "space-alert lock", game=gid)
        table = await load_table(service.host, gid)
        assert table.state.flight == 2 and table.state.phase == 2

    writes = await every_boundary(store, clock, last_decision, decide, check)
    assert writes >= 2


async def test_a_new_season_is_created_whole_or_not_at_all(
    opened: tuple[GameStore, FakeClock],
) -> None:
    store, clock = opened
    names = iter(range(1000))

    async def season_name(service: Service) -> str:
        await LeagueService(service).setup(4, LeagueService(service).caller("root", admin=True),
                                           None, "carry")  # fmt: skip
        return f"Season {next(names)}"

    async def create(service: Service, name: str) -> None:
        leagues = LeagueService(service)
        await leagues.create(leagues.caller("root", admin=True), 4, name, "stones",
                             kind="season", format="round-robin")  # fmt: skip

    async def check(service: Service, name: str, killed: bool) -> None:
        leagues = LeagueService(service)
        try:
            found: int | None = await leagues.find(4, name.lower())
        except GameError:
            found = None
        if found is None:
            # Not created: the name is free and the season can be opened now.
            await create(service, name)
            found = await leagues.find(4, name.lower())
        assert found is not None
        state = await leagues.state(found)
        assert state.phase == "signup" and state.config.kind == "season"
        await leagues.join(found, "alice")

    writes = await every_boundary(store, clock, season_name, create, check)
    assert writes >= 1
