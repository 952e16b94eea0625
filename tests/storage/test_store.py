"""The store's contract on both backends: games, seats, the log, queries and host tables."""

from __future__ import annotations

from datetime import timedelta

import pytest

from games.base import CHANCE
from storage import (
    ConflictError,
    GameClosedError,
    GameNotFoundError,
    GameStore,
    SeatTakenError,
    StaleVersionError,
)
from storage.leagues import LeagueStore
from storage.records import (
    DmStatus,
    GameStatus,
    GuildSettings,
    Handover,
    NewEvent,
    NewGame,
    RatingChange,
    UserSettings,
)
from tests.storage.conftest import Clock


async def new_game(store: GameStore, users: tuple[int, ...] = (10, 20), **kw: object) -> int:
    """A game with a seat per user, still in the lobby."""
    fields: dict[str, object] = {"game_key": "counter", "rules_version": 1, "seed": "s1"}
    fields.update(kw)
    game = await store.create_game(NewGame(**fields))  # type: ignore[arg-type]
    for seat, user in enumerate(users):
        await store.add_seat(game.id, seat, user, role=f"army{seat}")
    return game.id


async def test_create_and_get_round_trip(store: GameStore, clock: Clock) -> None:
    game = await store.create_game(
        NewGame("counter", 3, "seed-x", {"mode": "duel", "n": [1, 2]}, 111, 222, 333)
    )
    assert game.id > 0 and game.version == 0 and game.status is GameStatus.LOBBY
    assert game.created == clock.now == game.updated
    again = await store.get_game(game.id)
    assert again == game
    assert again.config == {"mode": "duel", "n": [1, 2]}
    assert (again.guild_id, again.channel_id, again.thread_id) == (111, 222, 333)
    with pytest.raises(GameNotFoundError):
        await store.get_game(game.id + 1000)


async def test_discord_sized_ids_survive(store: GameStore) -> None:
    big = 2**63 - 1
    gid = await new_game(store, users=(big,), guild_id=big, channel_id=big - 1)
    game = await store.get_game(gid)
    assert game.guild_id == big and game.channel_id == big - 1
    assert (await store.seats(gid))[0].user_id == big


async def test_append_assigns_seqs_and_bumps_version(store: GameStore) -> None:
    gid = await new_game(store)
    game = await store.append(
        gid,
        0,
        [NewEvent(None, {"deal": [1, 2]}), NewEvent(CHANCE, {"roll": 6}), NewEvent(0, {"add": 1})],
        status=GameStatus.ACTIVE,
    )
    assert game.version == 3 and game.status is GameStatus.ACTIVE
    game = await store.append(gid, 3, [NewEvent(1, {"add": 2})])
    assert game.version == 4
    events = await store.events(gid)
    assert [e.seq for e in events] == [0, 1, 2, 3]
    assert [e.seat for e in events] == [None, None, 0, 1]
    assert events[1].engine_seat == CHANCE and events[2].engine_seat == 0
    assert events[0].action == {"deal": [1, 2]}
    assert [e.seq for e in await store.events(gid, start=1, stop=3)] == [1, 2]


async def test_stale_append_writes_nothing(store: GameStore) -> None:
    gid = await new_game(store)
    await store.append(gid, 0, [NewEvent(0, {"add": 1})])
    for expected in (0, 2, 7):
        with pytest.raises(StaleVersionError) as info:
            await store.append(gid, expected, [NewEvent(1, {"add": 9}), NewEvent(0, {"add": 9})])
        assert (info.value.expected, info.value.actual) == (expected, 1)
    assert (await store.get_game(gid)).version == 1
    assert [e.action for e in await store.events(gid)] == [{"add": 1}]


async def test_append_rejects_bad_input_before_writing(store: GameStore) -> None:
    gid = await new_game(store)
    with pytest.raises(ValueError):
        await store.append(gid, 0, [NewEvent(0, {"ok": 1}), NewEvent(0, {"bad": float("nan")})])
    with pytest.raises(ValueError):
        await store.append(gid, 0, [NewEvent(0, {"bad": object()})])
    with pytest.raises(ValueError):
        await store.append(gid, 0, [NewEvent(-5, {"x": 1})])
    with pytest.raises(ValueError):
        await store.append(gid, 0, [NewEvent(0, ["not", "an", "object"])])  # type: ignore[arg-type]
    with pytest.raises(GameNotFoundError):
        await store.append(gid + 99, 0, [NewEvent(0, {"x": 1})])
    assert (await store.get_game(gid)).version == 0
    assert await store.events(gid) == []


async def test_closed_game_takes_no_events(store: GameStore) -> None:
    gid = await new_game(store)
    await store.append(gid, 0, [NewEvent(0, {"add": 1})], status=GameStatus.ACTIVE)
    game = await store.append(
        gid, 1, [NewEvent(1, {"resign": True})], status=GameStatus.FINISHED, outcome={"w": [0]}
    )
    assert game.status is GameStatus.FINISHED and game.outcome == {"w": [0]}
    with pytest.raises(GameClosedError):
        await store.append(gid, 2, [NewEvent(0, {"add": 1})])
    with pytest.raises(ValueError):
        await store.append(gid, 2, [], status=GameStatus.LOBBY)


async def test_status_changes_are_compare_and_set(store: GameStore) -> None:
    gid = await new_game(store)
    game = await store.set_status(gid, GameStatus.ACTIVE, expected=GameStatus.LOBBY)
    assert game.status is GameStatus.ACTIVE
    with pytest.raises(ConflictError):
        await store.set_status(gid, GameStatus.ACTIVE, expected=GameStatus.LOBBY)
    game = await store.set_status(gid, GameStatus.ABANDONED, outcome={"reason": "timeout"})
    assert game.status is GameStatus.ABANDONED and game.outcome == {"reason": "timeout"}


async def test_config_is_fixed_once_started(store: GameStore) -> None:
    gid = await new_game(store, config={"mode": "a"})
    game = await store.update_game(gid, config={"mode": "b"}, thread_id=77)
    assert game.config == {"mode": "b"} and game.thread_id == 77
    await store.set_status(gid, GameStatus.ACTIVE)
    with pytest.raises(ConflictError):
        await store.update_game(gid, config={"mode": "c"})
    assert (await store.update_game(gid, channel_id=5)).channel_id == 5
    assert (await store.get_game(gid)).config == {"mode": "b"}


async def test_seats_join_leave_and_replace(store: GameStore, clock: Clock) -> None:
    gid = await new_game(store)
    with pytest.raises(SeatTakenError):
        await store.add_seat(gid, 0, 30)
    with pytest.raises(GameNotFoundError):
        await store.add_seat(gid + 50, 0, 30)
    clock.advance(minutes=5)
    assert await store.leave_seat(gid, 0)
    assert not await store.leave_seat(gid, 0)
    replacement = await store.add_seat(gid, 0, 30, role="sub")
    assert replacement.user_id == 30 and replacement.joined == clock.now
    current = await store.seats(gid)
    assert [(s.seat, s.user_id) for s in current] == [(0, 30), (1, 20)]
    history = await store.seats(gid, include_left=True)
    assert [(s.seat, s.user_id, s.left is not None) for s in history] == [
        (0, 10, True),
        (0, 30, False),
        (1, 20, False),
    ]


async def test_a_handover_closes_the_old_holders_clocks_in_the_same_write(
    store: GameStore, clock: Clock
) -> None:
    gid = await new_game(store)
    await store.append(gid, 0, [NewEvent(None, {"go": 1})], status=GameStatus.ACTIVE)
    await store.add_deadline(gid, 0, "timeout", clock.now + timedelta(hours=1))
    other = await store.add_deadline(gid, 1, "timeout", clock.now + timedelta(hours=1))
    await store.append(gid, 1, [NewEvent(None, {"note": "replace"})], handover=Handover(0, 10, 30))
    pending = await store.due_deadlines(clock.now + timedelta(days=1))
    assert [(d.id, d.seat) for d in pending] == [(other.id, 1)]
    assert [(s.seat, s.user_id) for s in await store.seats(gid)] == [(0, 30), (1, 20)]


async def test_a_games_pending_deadlines_leave_out_handled_and_other_games(
    store: GameStore, clock: Clock
) -> None:
    gid, other = await new_game(store), await new_game(store)
    late = await store.add_deadline(gid, 1, "timeout", clock.now + timedelta(hours=2))
    soon = await store.add_deadline(gid, 0, "remind50", clock.now + timedelta(hours=1))
    done = await store.add_deadline(gid, 0, "remind80", clock.now + timedelta(minutes=5))
    await store.add_deadline(other, 0, "timeout", clock.now + timedelta(minutes=1))
    assert await store.complete_deadline(done.id)
    found = await store.pending_deadlines(gid)
    assert [(d.id, d.seat, d.kind) for d in found] == [
        (soon.id, 0, "remind50"), (late.id, 1, "timeout"),
    ]  # fmt: skip
    await store.cancel_deadlines(gid, seat=1)
    assert [d.id for d in await store.pending_deadlines(gid)] == [soon.id]


async def test_player_queries(store: GameStore, clock: Clock) -> None:
    a = await new_game(store, users=(1, 2), channel_id=500)
    b = await new_game(store, users=(1, 3), channel_id=600, thread_id=601)
    c = await new_game(store, users=(2, 3), channel_id=500)
    await store.append(a, 0, [NewEvent(0, {"go": 1})], to_act=[1], status=GameStatus.ACTIVE)
    clock.advance(minutes=1)
    await store.append(b, 0, [NewEvent(None, {"go": 1})], to_act=[0], status=GameStatus.ACTIVE)
    clock.advance(minutes=1)
    await store.append(c, 0, [NewEvent(None, {"go": 1})], to_act=[0, 1], status=GameStatus.ACTIVE)

    assert [g.id for g in await store.active_games_for_user(1)] == [b, a]
    assert [g.id for g in await store.games_waiting_on(1)] == [b]
    assert [g.id for g in await store.games_waiting_on(2)] == [a, c]
    assert [g.id for g in await store.games_waiting_on(3)] == [c]
    assert [g.id for g in await store.games_in_channel(500)] == [a, c]
    assert [g.id for g in await store.games_in_channel(601)] == [b]

    # Nobody waits on a finished game, and it leaves the open lists.
    await store.append(a, 1, [NewEvent(1, {"win": 1})], status=GameStatus.FINISHED)
    assert [g.id for g in await store.games_waiting_on(2)] == [c]
    assert [g.id for g in await store.active_games_for_user(1)] == [b]
    assert [g.id for g in await store.games_in_channel(500)] == [c]
    assert [g.id for g in await store.games_in_channel(500, open_only=False)] == [a, c]
    assert [g.id for g in await store.games_with_status(GameStatus.ACTIVE)] == [b, c]
    assert [g.id for g in await store.games_with_status(GameStatus.ACTIVE, after_id=b)] == [c]
    active = await store.count_games(GameStatus.ACTIVE)
    assert sum(active.values()) == 2 and await store.count_games(GameStatus.ABANDONED) == {}

    # A seat that leaves stops being waited on.
    await store.leave_seat(c, 1)
    assert await store.games_waiting_on(3) == []


async def test_deadlines(store: GameStore, clock: Clock) -> None:
    gid = await new_game(store)
    start = clock.now
    late = await store.add_deadline(gid, 1, "turn", start + timedelta(hours=24))
    soon = await store.add_deadline(gid, 0, "reminder", start + timedelta(hours=1))
    assert await store.due_deadlines(start) == []
    due = await store.due_deadlines(start + timedelta(hours=2))
    assert [d.id for d in due] == [soon.id] and due[0].due == start + timedelta(hours=1)
    assert [d.id for d in await store.due_deadlines(start + timedelta(days=2))] == [
        soon.id,
        late.id,
    ]
    assert await store.complete_deadline(soon.id)
    assert not await store.complete_deadline(soon.id)
    assert await store.cancel_deadlines(gid, seat=0) == 0
    other = await store.add_deadline(gid, 0, "turn", start)
    assert await store.cancel_deadlines(gid, kind="turn") == 2
    assert await store.due_deadlines(start + timedelta(days=9)) == []
    # Finishing a game closes whatever was still pending.
    await store.add_deadline(gid, None, "turn", start)
    await store.append(gid, 0, [NewEvent(0, {"x": 1})], status=GameStatus.FINISHED)
    assert await store.due_deadlines(start + timedelta(days=9)) == []
    assert other.kind == "turn"


async def test_user_and_guild_settings(store: GameStore) -> None:
    assert await store.get_user_settings(5) == UserSettings(5)
    mine = UserSettings(5, "pl", DmStatus.BLOCKED, 22 * 60, 7 * 60, "Europe/Warsaw")
    await store.put_user_settings(mine)
    assert await store.get_user_settings(5) == mine
    await store.put_user_settings(UserSettings(5, dm_status=DmStatus.OK))
    assert await store.get_user_settings(5) == UserSettings(5, dm_status=DmStatus.OK)
    with pytest.raises(ValueError):
        await store.put_user_settings(UserSettings(5, quiet_start=1440))
    assert await store.get_guild_settings(9) == GuildSettings(9)
    await store.put_guild_settings(GuildSettings(9, "de", {"deadline_hours": 48}))
    assert await store.get_guild_settings(9) == GuildSettings(9, "de", {"deadline_hours": 48})


async def test_ratings_apply_once_and_rank(store: GameStore) -> None:
    gid = await new_game(store, users=(1, 2))
    with pytest.raises(ConflictError):  # not finished yet
        await store.record_ratings(gid, [RatingChange(1, None, 1516.0, 300.0)])
    await store.append(gid, 0, [NewEvent(0, {"win": 1})], status=GameStatus.FINISHED)
    assert [g.id for g in await store.finished_games()] == [gid]
    changes = [RatingChange(1, None, 1516.0, 300.0), RatingChange(2, None, 1484.0, 300.0)]
    stored = await store.record_ratings(gid, changes)
    assert [(r.user_id, r.rating, r.games) for r in stored] == [(1, 1516.0, 1), (2, 1484.0, 1)]
    assert await store.finished_games() == []
    assert [g.id for g in await store.finished_games(unrated_only=False)] == [gid]
    with pytest.raises(ConflictError):
        await store.record_ratings(gid, changes)
    assert (await store.get_rating("counter", 1, scope=0)).rating == 1516.0  # type: ignore[union-attr]

    g2 = await new_game(store, users=(1, 3))
    await store.append(g2, 0, [NewEvent(1, {"win": 1})], status=GameStatus.FINISHED)
    # Built on a stale rating: refused whole, so user 3 gets nothing either.
    with pytest.raises(ConflictError):
        await store.record_ratings(
            g2, [RatingChange(3, None, 1510.0, 290.0), RatingChange(1, 1500.0, 1490.0, 280.0)]
        )
    assert await store.get_rating("counter", 3, scope=0) is None
    await store.record_ratings(
        g2, [RatingChange(3, None, 1510.0, 290.0), RatingChange(1, 1516.0, 1502.5, 280.0)]
    )
    board = await store.leaderboard("counter", scope=0)
    assert [(r.user_id, r.rating) for r in board] == [(3, 1510.0), (1, 1502.5), (2, 1484.0)]
    assert [r.user_id for r in await store.leaderboard("counter", scope=0, min_games=2)] == [1]
    history = await store.rating_history("counter", 1, scope=0)
    assert [(h.game_id, h.before, h.after) for h in history] == [
        (gid, None, 1516.0),
        (g2, 1516.0, 1502.5),
    ]


async def test_leagues(store: GameStore) -> None:
    assert isinstance(store, LeagueStore)
    league = await store.open_league(77, "Spring", "counter", {})
    assert await store.add_league_member(league.id, 2)
    assert not await store.add_league_member(league.id, 2)
    assert await store.add_league_member(league.id, 1)
    assert await store.league_members(league.id) == [1, 2]
    assert await store.remove_league_member(league.id, 1)
    assert not await store.remove_league_member(league.id, 1)
    gid = await new_game(store, users=(1, 2))
    await store.append(gid, 0, [NewEvent(0, {"w": 1})], status=GameStatus.FINISHED)
    await store.record_ratings(
        gid, [RatingChange(1, None, 1600.0, 200.0), RatingChange(2, None, 1400.0, 200.0)]
    )
    board = await store.leaderboard("counter", scope=0, league_id=league.id)
    assert [r.user_id for r in board] == [2]


async def test_snapshot_storage_and_pruning(store: GameStore) -> None:
    gid = await new_game(store)
    for seq in range(6):
        await store.append(gid, seq, [NewEvent(seq % 2, {"add": seq})])
    with pytest.raises(ValueError):
        await store.save_snapshot(gid, 7, 1, {"total": 0})
    for version in (2, 4, 6):
        await store.save_snapshot(gid, version, 1, {"total": version, "nested": {"b": 1, "a": 2}})
    kept = await store.snapshots(gid)
    assert [s.version for s in kept] == [4, 6]
    log = await store.load(gid)
    assert log.snapshot is not None and log.snapshot.version == 6 and log.events == ()
    assert log.snapshot.state == {"total": 6, "nested": {"a": 2, "b": 1}}
    assert (await store.load(gid, rules_version=2)).snapshot is None
    assert [e.seq for e in (await store.load(gid, rules_version=2)).events] == list(range(6))
    assert await store.delete_snapshots(gid, version=6) == 1
    log = await store.load(gid)
    assert log.first_seq == 4 and [e.seq for e in log.events] == [4, 5]
    assert await store.delete_snapshots(gid) == 1


async def test_integrity_check_is_clean(store: GameStore) -> None:
    gid = await new_game(store)
    await store.append(gid, 0, [NewEvent(0, {"x": 1}), NewEvent(1, {"x": 2})])
    assert await store.integrity_check() == []


async def test_failure_inside_an_append_rolls_all_of_it_back(store: GameStore) -> None:
    gid = await new_game(store)
    await store.append(gid, 0, [NewEvent(0, {"x": 0})])
    # A stray row at seq 2 (as if written behind the store's back) makes the insert fail
    # after the version bump; the whole append must vanish.
    async with store._write() as tx:  # type: ignore[attr-defined]
        await tx.execute(
            "INSERT INTO events (game_id, seq, seat, action, created)"
            " SELECT game_id, 2, seat, action, created FROM events WHERE game_id = ? AND seq = 0",
            gid,
        )
    with pytest.raises(ConflictError):
        await store.append(gid, 1, [NewEvent(0, {"x": 1}), NewEvent(1, {"x": 2})], to_act=[1])
    assert (await store.get_game(gid)).version == 1
    assert [e.seq for e in await store.events(gid)] == [0, 2]
    assert not any(s.to_act for s in await store.seats(gid))
    assert await store.integrity_check() == [f"game {gid}: version 1 but 2 events (last seq 2)"]
