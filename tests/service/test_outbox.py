"""The durable outbox through the service: a move and its messages commit together, a crash
between them is caught up once, a send is retried with backoff and kept when it never goes."""

from __future__ import annotations

import asyncio
import json
from datetime import timedelta
from pathlib import Path

import pytest

from bot.service import FakeClock, Service
from bot.service.commands import catalogue, dispatch
from bot.service.i18n import localise
from bot.service.leagues.messages import LeagueAnnouncement, ScheduledEvent, TableOpened
from bot.service.leagues.pictures import picture, redraw
from bot.service.outbox import Notice, PrivateUpdate, PublicUpdate, Reminder
from bot.service.parcels import (
    CatchUp,
    decode,
    encode,
    recipe_from_json,
    text_from_json,
    text_json,
)
from bot.service.postbox import LEASE, MAX_ATTEMPTS, Postbox, backoff
from games.text import Text
from storage.base import StorageError
from storage.records import NewOutbox
from storage.sqlite import SqliteStore
from tests.service.helpers import duel, state, version


async def reopen(tmp_path: Path, clock: FakeClock) -> Service:
    """The service of a new process on the same database (nothing kept in memory)."""
    store = await SqliteStore.open(tmp_path / "muster.db", clock=clock.now)
    return Service(store, clock)


async def test_a_move_commits_with_its_messages(service: Service) -> None:
    gid = await duel(service)
    reply = await service.act(gid, "alice", "take 1")
    v = await version(service, gid)
    keys = [m.key for m in await service.store.due_outbox(service.host.clock.now() + LEASE)]
    mine = [k for k in keys if k.startswith(f"g{gid}v{v}a.")]
    assert len(mine) == len(reply.messages) >= 2
    assert not any(k.endswith("catchup") for k in keys)  # replaced when settled


async def test_published_messages_are_flushed_once(service: Service, clock: FakeClock) -> None:
    gid = await duel(service)
    await drain(service, clock)
    reply = await service.act(gid, "alice", "take 1")
    extra = Notice(gid, Text("Hello."))
    parcels = await service.postbox.publish([*reply.messages, extra])
    assert [p.message for p in parcels] == [*reply.messages, extra]
    assert not any(p.resent for p in parcels)
    again = await service.postbox.publish([*reply.messages, extra, extra])
    assert [p.key for p in again] == [p.key for p in parcels]  # not stored twice
    for parcel in parcels:
        await service.postbox.delivered(parcel)
    clock.advance(timedelta(hours=1))
    assert await service.postbox.claim() == []


async def test_a_crash_between_commit_and_settle_is_told_once(
    tmp_path: Path, service: Service, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid = await duel(service)
    await drain(service, clock)

    async def die(*args: object) -> None:
        raise SystemExit("killed after the commit")

    before = await version(service, gid)
    monkeypatch.setattr(service.postbox, "settled", die)
    with pytest.raises(SystemExit):
        await service.act(gid, "alice", "take 2")
    monkeypatch.undo()
    await service.close()
    after = await reopen(tmp_path, clock)
    try:
        assert await version(after, gid) > before  # the move is saved
        assert await after.postbox.claim() == []  # its writer's lease is not over yet
        clock.advance(LEASE)
        [parcel] = await after.postbox.claim()
        assert isinstance(parcel.message, CatchUp) and parcel.resent
        told = await after.postbox.told(parcel.message)
        public, panel = told
        assert isinstance(public, PublicUpdate) and isinstance(panel, PrivateUpdate)
        pile = (await state(after, gid)).pile
        bob = after.user("bob")
        assert public.text.endswith(f"pile: {pile}\nto move: 1\nTo act: player {bob}.")
        assert public.mention == (after.user("bob"),)
        assert panel.user_id == after.user("bob")
        await after.postbox.delivered(parcel)
        clock.advance(timedelta(hours=2))
        assert await after.postbox.claim() == []
    finally:
        await after.close()


async def test_a_crash_between_send_and_mark_resends_the_same_key(
    tmp_path: Path, service: Service, clock: FakeClock
) -> None:
    gid = await duel(service)
    await drain(service, clock)
    reply = await service.act(gid, "alice", "take 1")
    sent = await service.postbox.publish(reply.messages)
    await service.close()  # sent, but the process died before marking anything
    after = await reopen(tmp_path, clock)
    try:
        clock.advance(LEASE)
        again = await after.postbox.claim()
        assert [p.key for p in again] == [p.key for p in sent]
        assert all(p.resent for p in again)  # so the front-end checks before posting
        texts = [getattr(p.message, "text", None) for p in again]
        assert texts == [getattr(m, "text", None) for m in reply.messages]
        # The board is drawn again for the version it showed.
        board = next(p.message for p in again if isinstance(p.message, PublicUpdate))
        assert [i.name for i in board.images] == [i.name for i in reply.messages[0].images]
    finally:
        await after.close()


async def test_retries_back_off_then_keep_the_message_for_the_host(
    service: Service, clock: FakeClock
) -> None:
    gid = await duel(service)
    await drain(service, clock)
    [parcel] = await service.postbox.publish([Notice(gid, Text("Hello."))])
    waits = []
    for _ in range(MAX_ATTEMPTS - 1):
        assert await service.postbox.retry(parcel, "503 Service Unavailable") is True
        row = await service.store.outbox_message(parcel.key)
        assert row is not None
        waits.append(row.next_attempt - clock.now())
        clock.set(row.next_attempt)
        [parcel] = await service.postbox.claim()
    assert waits[:4] == [timedelta(seconds=s) for s in (5, 10, 20, 40)]
    assert waits[-1] == timedelta(minutes=30) == backoff(50)
    assert await service.postbox.retry(parcel, "503 Service Unavailable") is False
    lost = await service.postbox.lost([gid])
    assert [(r.key, r.error) for r in lost] == [(parcel.key, "503 Service Unavailable")]


async def test_games_tells_the_host_about_undeliverable_messages(service: Service) -> None:
    gid = await duel(service)
    [parcel] = await service.postbox.publish([Notice(gid, Text("Hello."))])
    await service.postbox.undeliverable(parcel, "50013 Missing Permissions")
    games = catalogue().find("games")
    assert games is not None
    hosting = await dispatch(service, "alice", games, {})
    assert "1 message of this game could not be delivered" in hosting.text
    seated = await dispatch(service, "bob", games, {})  # bob does not host it
    assert "could not be delivered" not in seated.text


async def test_a_failed_outbox_write_rolls_the_move_back(
    service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid = await duel(service)
    before = await version(service, gid)

    def broken(game_id: int, version: int, status: object) -> NewOutbox:
        return NewOutbox(f"g{game_id}v{version}.x", "catchup", {"type": "x"}, game_id + 999)

    monkeypatch.setattr(service.postbox, "catchup", broken)
    with pytest.raises(StorageError):
        await service.act(gid, "alice", "take 1")
    assert await version(service, gid) == before
    monkeypatch.undo()
    service.host.cache.clear()
    await service.act(gid, "alice", "take 1")
    assert await version(service, gid) > before


def test_texts_survive_the_round_trip_in_every_language() -> None:
    name = Text.verbatim("Neuroshima Hex")
    text = Text.lines(
        [Text("Game {game} ({name}): your move.", game=12, name=name), Text("Your turn.")]
    )
    again = text_from_json(text_json(text))
    assert again == text
    for lang in ("en", "cs", "ru", "pl"):
        assert localise(again, lang) == localise(text, lang)


def test_messages_survive_encoding() -> None:
    due = FakeClock().now()
    reminder = Reminder(5, 12, Text("Game {game} waits.", game=12), due)
    assert decode(encode(reminder)) == reminder
    panel = PrivateUpdate(5, 12, 1, Text("Your turn."))
    assert decode(encode(panel)) == panel
    assert decode(encode(CatchUp(12, 7))) == CatchUp(12, 7)
    end = due + timedelta(hours=3)
    event = ScheduledEvent(3, 77, 88, "Friday night", due, end, Text("Round {n}", n=1))
    assert decode(encode(event)) == event
    table = TableOpened(3, 77, 88, 1, 2, 12, (5, 6), "Table 2", Text("Board {b}", b=2))
    assert decode(encode(table)) == table
    said = LeagueAnnouncement(3, 77, None, Text("Pairings:"), (), (5,))
    assert decode(encode(said)) == said


def test_a_pictures_recipe_survives_encoding_names_and_all() -> None:
    pytest.importorskip("rendering.leagues")
    ai = Text("AI {number} ({level})", number=2, level=Text("easy"))
    rows = (
        (1, "alice", 2.0, 1.0, 1.0, 2, "2-0-0", False),
        (2, ai, 0.0, 2.0, 0.0, 2, "0-0-2", True),
    )
    tables = ((1, ("alice", ai), "playing"),)
    args = ("Friday", Text("round {played} of {total}", played=2, total=3), rows, tables, 2)
    standings = picture("league-standings", "league-3-standings.png", *args)
    said = LeagueAnnouncement(3, 77, None, Text("Standings:"), (standings,))
    payload = encode(said)
    assert payload["images"] == ["league-3-standings.png"]
    kind, stored = payload["pictures"]["league-3-standings.png"]
    assert (kind, recipe_from_json(stored)) == ("league-standings", args)
    assert json.loads(json.dumps(stored)) == stored
    redrawn = redraw("league-3-standings.png", kind, recipe_from_json(stored))
    assert redrawn is not None
    message = decode(payload, [redrawn])
    assert isinstance(message, LeagueAnnouncement)
    (again,) = message.images
    assert again.png("ru") == standings.png("ru") and again.png("en") != again.png("ru")
    assert redraw("x.png", "a kind from a later version", ()) is None
    with pytest.raises(ValueError, match="JSON cannot keep"):
        encode(LeagueAnnouncement(3, 77, None, "", (picture("league-podium", "p.png", object()),)))


async def drain(service: Service, clock: FakeClock) -> None:
    """Deliver (as a front-end would) everything pending so far."""
    clock.advance(LEASE)
    for parcel in await service.postbox.claim(limit=100):
        await service.postbox.delivered(parcel)


def test_postbox_needs_a_host() -> None:
    with pytest.raises(RuntimeError):
        _ = Postbox().host


async def test_a_reminder_is_enqueued_with_its_deadline_and_survives_a_crash(
    tmp_path: Path, service: Service, clock: FakeClock
) -> None:
    await duel(service, clock=10 * 3600, seed="r1")
    await drain(service, clock)
    clock.advance(timedelta(hours=5))
    [reminder] = await service.tick()
    assert isinstance(reminder, Reminder)
    await service.close()  # the process dies before the reminder is sent
    after = await reopen(tmp_path, clock)
    try:
        assert await after.tick() == []  # the deadline is done: it never fires twice
        clock.advance(LEASE)
        [parcel] = await after.postbox.claim()
        assert parcel.message == reminder and parcel.resent
        await after.postbox.delivered(parcel)
        clock.advance(timedelta(minutes=10))
        assert await after.postbox.claim() == []
    finally:
        await after.close()


async def test_two_clock_runners_send_one_reminder(
    tmp_path: Path, service: Service, clock: FakeClock
) -> None:
    await duel(service, clock=10 * 3600, seed="r2")
    await drain(service, clock)
    other = await reopen(tmp_path, clock)  # an old leader that has not noticed its takeover
    try:
        clock.advance(timedelta(hours=5))
        first, second = await asyncio.gather(service.tick(), other.tick())
        assert sorted(len(x) for x in (first, second)) == [0, 1]
        clock.advance(LEASE)
        parcels = await service.postbox.claim(limit=100)
        assert [type(p.message) for p in parcels] == [Reminder]
    finally:
        await other.close()


async def test_board_and_hand_images_are_drawn_again_after_a_restart(
    tmp_path: Path, service: Service, clock: FakeClock
) -> None:
    pytest.importorskip("rendering.neuroshima")
    created = await service.create("neuroshima", "alice", mode="duel", role="moloch", seed="o1")
    gid = created.game_id
    assert gid is not None
    await service.add_ai(gid, "alice", "easy", role="random")
    started = await service.start(gid, "alice")
    public = next(m for m in started.messages if isinstance(m, PublicUpdate))
    panel = next(m for m in started.messages if isinstance(m, PrivateUpdate))
    drawn = {i.name: i.png() for i in (*public.images, *panel.images)}
    await service.close()  # nothing was sent
    after = await reopen(tmp_path, clock)
    after.user("alice")  # names are known again after a restart (stored or the console's book)
    try:
        clock.advance(LEASE)
        parcels = await after.postbox.claim(limit=100)
        again = {
            i.name: i.png()
            for p in parcels
            if isinstance(p.message, PublicUpdate | PrivateUpdate)
            for i in p.message.images
        }
        assert again == drawn and len(drawn) >= 2
    finally:
        await after.close()


async def test_a_crash_before_the_clocks_moved_starts_them_at_the_catch_up(
    tmp_path: Path, service: Service, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid = await duel(service, clock=10 * 3600, seed="k1")
    await drain(service, clock)

    async def die(*args: object) -> None:
        raise SystemExit("killed between the commit and the clocks")

    monkeypatch.setattr("bot.service.settle.reschedule", die)
    with pytest.raises(SystemExit):
        await service.act(gid, "alice", "take 1")  # bob is to act now, with no clock running
    monkeypatch.undo()
    await service.close()
    after = await reopen(tmp_path, clock)
    try:
        bob = after.user("bob")
        running = await after.store.pending_deadlines(gid)
        assert {d.kind for d in running if d.seat == 1} == set()
        clock.advance(LEASE)
        [parcel] = await after.postbox.claim()
        await after.postbox.told(parcel.message)  # type: ignore[arg-type]
        await after.postbox.delivered(parcel)
        running = await after.store.pending_deadlines(gid)
        assert sorted(d.kind for d in running if d.seat == 1) == [
            "digest", "remind50", "remind80", "timeout",
        ]  # fmt: skip
        await after.postbox.told(parcel.message)  # type: ignore[arg-type]
        assert len(await after.store.pending_deadlines(gid)) == len(running)  # not twice
        clock.advance(timedelta(hours=5, minutes=1))
        due = await after.tick()
        assert [(type(m), m.user_id) for m in due] == [(Reminder, bob)]  # type: ignore[union-attr]
    finally:
        await after.close()
