"""Lobby: create, join, leave, roles, AI seats, start, cancel, and their error codes."""

from __future__ import annotations

import pytest

from bot.service import LobbyUpdate, PrivateUpdate, PublicUpdate, Service
from games.base import GameError
from storage.records import GameStatus


async def codes(coro: object) -> str:
    with pytest.raises(GameError) as err:
        await coro  # type: ignore[misc]
    return err.value.code


async def test_create_join_start_sends_lobby_public_and_private_updates(service: Service) -> None:
    created = await service.create("nim", "alice")  # aliases work
    gid = created.game_id
    assert gid is not None
    assert "seat 1: (open)" in created.text
    joined = await service.join(gid, "bob")
    assert "bob" in joined.text and isinstance(joined.messages[0], LobbyUpdate)
    started = await service.start(gid, "alice")
    kinds = [m.kind for m in started.messages]
    assert kinds[:2] == ["lobby", "public"]
    private = [m for m in started.messages if isinstance(m, PrivateUpdate)]
    assert [p.user_id for p in private] == [service.user("alice")]
    assert "You can: take 1, take 2, take 3" in private[0].text
    public = next(m for m in started.messages if isinstance(m, PublicUpdate))
    assert public.mention == (service.user("alice"),)
    assert (await service.store.get_game(gid)).status is GameStatus.ACTIVE


async def test_lobby_errors_have_codes(service: Service) -> None:
    gid = (await service.create("stones", "alice")).game_id
    assert await codes(service.join(gid, "alice")) == "already_in"
    await service.join(gid, "bob")
    assert await codes(service.join(gid, "carol")) == "full"
    assert await codes(service.start(gid, "bob")) == "not_host"
    assert await codes(service.choose_role(gid, "bob", "moloch")) == "wrong_mode"
    assert await codes(service.create("stones", "x", mode="teams")) == "wrong_mode"
    assert await codes(service.create("stones", "x", seats=3)) == "wrong_mode"
    assert await codes(service.create("stones", "x", clock=5)) == "bad_clock"
    assert await codes(service.create("stones", "x", options={"foo": 1})) == "unknown_option"
    assert await codes(service.create("chess", "x")) == "unknown_game"
    assert await codes(service.act(gid, "alice", "take 1")) == "not_started"
    assert await codes(service.join(999, "x")) == "no_such_game"
    assert await codes(service.join("abc", "x")) == "bad_game_id"


async def test_leave_passes_the_host_on_and_last_leave_cancels(service: Service) -> None:
    gid = (await service.create("stones", "alice")).game_id
    await service.join(gid, "bob")
    reply = await service.leave(gid, "alice")
    assert "bob hosts now" in reply.text
    assert await codes(service.start(gid, "alice")) == "not_host"
    reply = await service.leave(gid, "bob")
    assert "cancelled" in reply.text
    assert (await service.store.get_game(gid)).status is GameStatus.ABANDONED


async def test_invite_only_and_challenge(service: Service) -> None:
    reply = await service.challenge("stones", "alice", "bob")
    gid = reply.game_id
    invite = [m for m in reply.messages if m.kind == "invite"]
    assert invite and invite[0].user_id == service.user("bob")  # type: ignore[union-attr]
    assert await codes(service.join(gid, "mallory")) == "invite_only"
    await service.join(gid, "bob")


async def test_cancel_by_host_or_admin_only(service: Service) -> None:
    gid = (await service.create("stones", "alice")).game_id
    assert await codes(service.cancel(gid, "bob")) == "not_host"
    await service.cancel(gid, "mod", admin=True)
    assert await codes(service.cancel(gid, "alice")) == "game_over"
    gid2 = (await service.create("stones", "alice")).game_id
    await service.join(gid2, "bob")
    await service.start(gid2, "alice")
    assert await codes(service.cancel(gid2, "alice")) == "not_admin"
    await service.cancel(gid2, "mod", admin=True)
    assert (await service.store.get_game(gid2)).status is GameStatus.ABANDONED


async def test_ai_seat_plays_at_once(service: Service) -> None:
    gid = (await service.create("stones", "alice")).game_id
    assert await codes(service.add_ai(gid, "bob")) == "not_host"
    assert await codes(service.add_ai(gid, "alice", level="godlike")) == "bad_level"
    await service.add_ai(gid, "alice", level="easy")
    await service.start(gid, "alice")
    before = (await service.store.get_game(gid)).version
    reply = await service.act(gid, "alice", "take 1")
    after = (await service.store.get_game(gid)).version
    assert after >= before + 2  # alice's move, then the AI's (and perhaps a landslide)
    assert "AI (easy)" in reply.text
