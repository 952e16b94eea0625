"""Playing: seat and turn checks, parsing, structured actions, undo, takeback, resign, abort."""

from __future__ import annotations

import pytest

from bot.service import ConsentRequest, GameOver, Service
from bot.service.i18n import localise
from games.base import GameError
from storage.records import GameStatus
from tests.contract.stones import Dealt, Take
from tests.service.helpers import duel, state, version


async def code_of(coro: object) -> str:
    with pytest.raises(GameError) as err:
        await coro  # type: ignore[misc]
    return err.value.code


async def test_turn_seat_and_parse_errors_leave_the_game_unchanged(service: Service) -> None:
    gid = await duel(service)
    v = await version(service, gid)
    assert await code_of(service.act(gid, "bob", "take 1")) == "not_your_turn"
    assert await code_of(service.act(gid, "carol", "take 1")) == "not_seated"
    assert await code_of(service.act(gid, "alice", "grab 2")) == "syntax"
    assert await code_of(service.act(gid, "alice", "take 9")) == "take_range"
    assert await code_of(service.act(gid, "alice", "")) == "empty"
    assert await code_of(service.act(gid, "alice", "x" * 600)) == "too_long"
    assert await code_of(service.act(gid, "alice", {"type": "take"})) == "bad_action"
    assert await code_of(service.act(gid, "alice", {"$host": "undo", "from": 0})) == "bad_action"
    assert await code_of(service.act(gid, "alice", Dealt(3, (0, 0)))) == "not_chance"
    assert await code_of(service.act(gid, "alice", Take(2.5))) == "bad_action"  # type: ignore[arg-type]
    assert await version(service, gid) == v


async def test_structured_and_text_actions_and_a_whole_game(service: Service) -> None:
    gid = await duel(service)
    await service.act(gid, "alice", {"type": "take", "stones": 1})
    await service.act(gid, "bob", Take(1))
    players = ["alice", "bob"]
    result = None
    for _ in range(80):
        s = await state(service, gid)
        if s.pile == 0 or s.turn >= 40:
            break
        reply = await service.act(gid, players[s.turn % 2], f"take {min(3, s.pile)}")
        result = next((m for m in reply.messages if isinstance(m, GameOver)), result)
    assert result is not None
    record = await service.store.get_game(gid)
    assert record.status is GameStatus.FINISHED
    assert await code_of(service.act(gid, "alice", "take 1")) == "game_over"
    assert "Ratings:" in result.text


async def test_undo_own_turn_only_and_never_across_chance(service: Service) -> None:
    gid = await duel(service)
    # Stones turns are one action: after alice's take it is bob's turn, so undo is refused.
    await service.act(gid, "alice", "take 1")
    assert await code_of(service.undo(gid, "alice")) == "not_your_turn"
    assert await code_of(service.undo(gid, "bob")) == "nothing_to_undo"


async def test_takeback_with_consent_restores_the_turn(service: Service) -> None:
    for n in range(20):  # a seed where alice's take 1 triggers no landslide (a barrier)
        gid = await duel(service, seed=f"tb{n}")
        s0 = await state(service, gid)
        if (s0.pile - 1) % 5:
            break
    await service.act(gid, "alice", "take 1")
    offer = await service.takeback(gid, "alice")
    request = [m for m in offer.messages if isinstance(m, ConsentRequest)]
    assert request and request[0].users == (service.user("bob"),)
    assert await code_of(service.answer(gid, "alice", "takeback", True)) == "already_agreed"
    await service.answer(gid, "bob", "takeback", True)
    s = await state(service, gid)
    assert s == s0
    history = "\n".join(await service.history(gid))
    assert "[undone]" in history and "took back a turn" in history


async def test_takeback_declined_and_lapsed(service: Service) -> None:
    for n in range(20):
        gid = await duel(service, seed=f"tb{n}")
        if ((await state(service, gid)).pile - 1) % 5:
            break
    await service.act(gid, "alice", "take 1")
    assert await code_of(service.answer(gid, "bob", "takeback", True)) == "no_request"
    await service.takeback(gid, "alice")
    await service.answer(gid, "bob", "takeback", False)
    assert await code_of(service.answer(gid, "bob", "takeback", True)) == "no_request"
    await service.takeback(gid, "alice")
    await service.act(gid, "bob", "take 1")
    reply = await service.answer(gid, "bob", "takeback", True)
    assert "lapsed" in reply.text


async def test_resign_ends_a_duel_and_rates_it(service: Service) -> None:
    gid = await duel(service)
    reply = await service.resign(gid, "bob")
    over = next(m for m in reply.messages if isinstance(m, GameOver))
    assert over.winners == (service.user("alice"),)
    assert "resigned" in over.text
    board = await service.leaderboard("stones")
    assert [u for u, _, _ in board] == [service.user("alice"), service.user("bob")]
    profile = await service.profile("stones", "alice")
    assert profile.games == 1 and profile.wins == 1 and len(profile.history) == 1
    assert profile.rating is not None and profile.rating > board[1][1]


async def test_rating_changes_are_written_the_readers_way(service: Service) -> None:
    gid = await duel(service)
    over = next(m for m in (await service.resign(gid, "bob")).messages if isinstance(m, GameOver))
    assert localise(over.text, "en").splitlines()[-2:] == [
        "alice: 0.0 -> 3.4 (+3.4)",
        "bob: 0.0 -> -1.8 (-1.8)",
    ]
    assert localise(over.text, "ru").splitlines()[-2:] == [
        "alice: 0,0 -> 3,4 (+3,4)",
        "bob: 0,0 -> -1,8 (-1,8)",
    ]


async def test_abort_by_unanimous_vote(service: Service) -> None:
    gid = await duel(service)
    first = await service.vote_abort(gid, "alice")
    assert any(isinstance(m, ConsentRequest) for m in first.messages)
    await service.vote_abort(gid, "bob")
    record = await service.store.get_game(gid)
    assert record.status is GameStatus.ABANDONED
    assert await service.leaderboard("stones") == []


async def test_replace_player_keeps_history(service: Service) -> None:
    gid = await duel(service)
    assert await code_of(service.replace_player(gid, "carol", "bob", "dave")) == "not_host"
    await service.replace_player(gid, "bob", "bob", "dave")
    await service.act(gid, "alice", "take 1")
    s = await state(service, gid)
    if s.turn % 2 == 1 and s.pile:
        await service.act(gid, "dave", "take 1")
    seats = await service.store.seats(gid, include_left=True)
    assert {service.user("bob"), service.user("dave")} <= {r.user_id for r in seats}
    assert "took over seat 1" in "\n".join(await service.history(gid))


async def test_rematch_rotates_seats(service: Service) -> None:
    gid = await duel(service)
    await service.resign(gid, "alice")
    reply = await service.rematch(gid, "bob")
    new = reply.game_id
    assert new is not None and new != gid
    seats = await service.store.seats(new)
    assert [r.user_id for r in seats] == [service.user("bob"), service.user("alice")]
    assert (await service.store.get_game(new)).status is GameStatus.ACTIVE
    assert await code_of(service.rematch(new, "bob")) == "not_finished"


async def test_spectators_see_the_board_but_no_hand(service: Service) -> None:
    gid = await duel(service)
    board = await service.board(gid)
    assert "pile" in board.text and "my bonus" not in board.text
    assert await code_of(service.hand(gid, "carol")) == "not_seated"
    hand = await service.hand(gid, "alice")
    assert "my bonus" in hand.text
    assert await service.options(gid, "alice", "take") == ["take 1", "take 2", "take 3"]
    assert await service.options(gid, "bob") == []


async def test_stale_write_is_retried_once(service: Service) -> None:
    gid = await duel(service)
    calls = 0
    real_append = service.store.append

    async def racing_append(*args, **kwargs):  # type: ignore[no-untyped-def]
        nonlocal calls
        calls += 1
        if calls == 1:  # someone else writes first: a host note moves the version on
            from storage.records import NewEvent

            await real_append(gid, args[1], [NewEvent(None, {"$host": "noop"})])
        return await real_append(*args, **kwargs)

    service.store.append = racing_append  # type: ignore[method-assign]
    await service.act(gid, "alice", "take 1")
    assert calls == 2
    s = await state(service, gid)
    assert s.turn == 1


async def test_twice_stale_write_is_reported_busy(service: Service) -> None:
    gid = await duel(service)
    real_append = service.store.append

    async def always_racing(*args, **kwargs):  # type: ignore[no-untyped-def]
        from storage.records import NewEvent

        await real_append(gid, args[1], [NewEvent(None, {"$host": "noop"})])
        return await real_append(*args, **kwargs)

    service.store.append = always_racing  # type: ignore[method-assign]
    assert await code_of(service.act(gid, "alice", "take 1")) == "busy"
    service.store.append = real_append  # type: ignore[method-assign]
    s = await state(service, gid)
    assert s.turn == 0
