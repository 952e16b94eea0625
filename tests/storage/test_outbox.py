"""The outbox on both backends: written with the move, delivered once, retried, given up."""

from __future__ import annotations

from datetime import timedelta

import pytest

from storage import GameStore, StaleVersionError, StorageError, open_store
from storage.records import GameStatus, NewEvent, NewOutbox
from tests.storage.conftest import Clock
from tests.storage.test_store import new_game


def post(key: str, game_id: int | None, text: str = "hello") -> NewOutbox:
    """A public post for a game's thread."""
    return NewOutbox(key, "public", {"text": text}, game_id)


async def started(store: GameStore) -> int:
    gid = await new_game(store)
    await store.set_status(gid, GameStatus.ACTIVE, expected=GameStatus.LOBBY)
    return gid


async def test_append_writes_the_outbox_in_the_same_transaction(
    store: GameStore, clock: Clock
) -> None:
    gid = await started(store)
    await store.append(gid, 0, [NewEvent(0, {"n": 1})], outbox=[post(f"g{gid}v1", gid)])
    due = await store.due_outbox(clock.now)
    assert [(m.key, m.game_id, m.kind, m.payload) for m in due] == [
        (f"g{gid}v1", gid, "public", {"text": "hello"})
    ]
    assert due[0].pending and due[0].attempts == 0 and due[0].created == clock.now


async def test_a_failed_outbox_write_rolls_the_move_back(store: GameStore, clock: Clock) -> None:
    gid = await started(store)
    # A message for a game that does not exist breaks the foreign key inside the transaction.
    with pytest.raises(StorageError):
        await store.append(gid, 0, [NewEvent(0, {"n": 1})], outbox=[post("bad", gid + 999)])
    assert (await store.get_game(gid)).version == 0
    assert await store.events(gid) == []
    assert await store.due_outbox(clock.now) == []


async def test_a_stale_append_enqueues_nothing(store: GameStore, clock: Clock) -> None:
    gid = await started(store)
    await store.append(gid, 0, [NewEvent(0, {"n": 1})])
    with pytest.raises(StaleVersionError):
        await store.append(gid, 0, [NewEvent(0, {"n": 2})], outbox=[post("late", gid)])
    assert await store.due_outbox(clock.now) == []


async def test_enqueue_is_idempotent_by_key(store: GameStore, clock: Clock) -> None:
    gid = await started(store)
    first = await store.enqueue([post("k1", gid, "one")])
    again = await store.enqueue([post("k1", gid, "changed"), post("k2", None, "two")])
    assert [m.key for m in again] == ["k1", "k2"]
    assert again[0].id == first[0].id and again[0].payload == {"text": "one"}
    assert len(await store.due_outbox(clock.now)) == 2
    found = await store.outbox_message("k2")
    assert found is not None and found.game_id is None
    assert await store.outbox_message("nope") is None


async def test_mark_sent_closes_a_message_once(store: GameStore, clock: Clock) -> None:
    gid = await started(store)
    [m] = await store.enqueue([post("k", gid)])
    assert await store.mark_sent(m.id) is True
    assert await store.mark_sent(m.id) is False
    assert await store.due_outbox(clock.now) == []
    closed = await store.outbox_message("k")
    assert closed is not None and closed.sent == clock.now and not closed.pending


async def test_retry_later_waits_for_its_time(store: GameStore, clock: Clock) -> None:
    gid = await started(store)
    [m] = await store.enqueue([post("k", gid)])
    later = clock.now + timedelta(seconds=30)
    again = await store.retry_later(m.id, later, "503 Service Unavailable")
    assert (again.attempts, again.next_attempt, again.error) == (
        1,
        later,
        "503 Service Unavailable",
    )
    assert await store.due_outbox(clock.now) == []
    assert [x.id for x in await store.due_outbox(later)] == [m.id]


async def test_due_outbox_is_oldest_first_and_limited(store: GameStore, clock: Clock) -> None:
    gid = await started(store)
    for n in range(5):
        await store.enqueue([post(f"k{n}", gid)])
        clock.advance(seconds=1)
    due = await store.due_outbox(clock.now, limit=3)
    assert [m.key for m in due] == ["k0", "k1", "k2"]


async def test_given_up_messages_are_kept_for_the_host(store: GameStore, clock: Clock) -> None:
    gid = await started(store)
    other = await started(store)
    [m, _fine] = await store.enqueue([post("lost", gid), post("fine", other)])
    assert await store.give_up(m.id, "50001 Missing Access") is True
    assert await store.give_up(m.id, "again") is False
    assert await store.mark_sent(m.id) is False  # a given-up message is never marked sent
    kept = await store.undeliverable([gid, other])
    assert [(x.key, x.error, x.attempts) for x in kept] == [("lost", "50001 Missing Access", 1)]
    assert kept[0].failed == clock.now
    assert [x.key for x in await store.due_outbox(clock.now)] == ["fine"]
    assert await store.undeliverable([]) == []


async def test_the_outbox_survives_a_restart(store_url: str, clock: Clock) -> None:
    first = await open_store(store_url, clock=clock)
    gid = await started(first)
    await first.append(gid, 0, [NewEvent(0, {"n": 1})], outbox=[post("after-crash", gid)])
    await first.close()
    second = await open_store(store_url, clock=clock)
    try:
        assert [m.key for m in await second.due_outbox(clock.now)] == ["after-crash"]
    finally:
        await second.close()


async def test_one_leader_at_a_time(store_url: str, clock: Clock) -> None:
    a = await open_store(store_url, clock=clock)
    b = await open_store(store_url, clock=clock)
    try:
        assert await a.lead() is True
        assert await a.lead() is True  # keeping it
        assert await b.lead() is False
        await a.resign_lead()
        assert await b.lead() is True
        assert await a.lead() is False
    finally:
        await a.close()
        await b.close()


async def test_a_claim_leases_rows_to_one_taker(store_url: str, clock: Clock) -> None:
    a = await open_store(store_url, clock=clock)
    b = await open_store(store_url, clock=clock)
    try:
        gid = await started(a)
        await a.enqueue([post(f"k{n}", gid) for n in range(5)])
        lease = clock.now + timedelta(seconds=30)
        first = await a.claim_outbox(clock.now, lease, limit=3)
        second = await b.claim_outbox(clock.now, lease, limit=10)
        assert [m.key for m in first] == ["k0", "k1", "k2"]
        assert [m.key for m in second] == ["k3", "k4"]
        assert all(m.next_attempt == lease for m in first + second)
        assert await a.claim_outbox(clock.now, lease) == []
        # A taker that died leaves its rows to the next claim once the lease is over.
        clock.now = lease
        assert len(await b.claim_outbox(clock.now, lease + timedelta(seconds=30))) == 5
    finally:
        await a.close()
        await b.close()


async def test_a_row_due_later_waits_for_its_writer(store: GameStore, clock: Clock) -> None:
    gid = await started(store)
    later = clock.now + timedelta(seconds=30)
    await store.enqueue([NewOutbox("held", "public", {"text": "x"}, gid, later)])
    assert await store.claim_outbox(clock.now, later) == []
    assert [m.key for m in await store.claim_outbox(later, later)] == ["held"]


async def test_settling_replaces_the_catch_up_row(store: GameStore, clock: Clock) -> None:
    gid = await started(store)
    catchup = NewOutbox(f"g{gid}v1.catchup", "catchup", {"v": 1}, gid)
    await store.append(gid, 0, [NewEvent(0, {"n": 1})], outbox=[catchup])
    await store.enqueue([post(f"g{gid}v1.0", gid)], replacing=f"g{gid}v1.catchup")
    assert [m.key for m in await store.due_outbox(clock.now)] == [f"g{gid}v1.0"]
    assert await store.outbox_message(f"g{gid}v1.catchup") is None


async def test_sent_messages_are_pruned_after_a_while(store: GameStore, clock: Clock) -> None:
    gid = await started(store)
    [old, kept, lost] = await store.enqueue([post("old", gid), post("kept", gid), post("x", gid)])
    await store.mark_sent(old.id)
    await store.give_up(lost.id, "50013")
    clock.advance(days=3)
    await store.mark_sent(kept.id)
    assert await store.prune_outbox(clock.now - timedelta(days=2)) == 1
    assert await store.outbox_message("old") is None
    assert await store.outbox_message("kept") is not None
    assert [m.key for m in await store.undeliverable([gid])] == ["x"]  # kept for the host


async def test_many_are_marked_sent_in_one_write(store: GameStore, clock: Clock) -> None:
    gid = await started(store)
    rows = await store.enqueue([post(f"k{n}", gid) for n in range(3)])
    await store.mark_sent(rows[0].id)
    assert await store.mark_all_sent([r.id for r in rows]) == 2
    assert await store.mark_all_sent([]) == 0
    found = await store.outbox_messages(["k2", "k0", "none"])
    assert [m.key for m in found] == ["k0", "k2"] and all(m.sent for m in found)
