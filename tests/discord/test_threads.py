"""Private game threads on request, hand threads kept across restarts, consent buttons, GIFs."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import discord
import pytest
from PIL import Image as PILImage

from bot.discord import files
from bot.service.commands.frontend import place
from tests.discord.conftest import World, make_world
from tests.discord.fakes import FakeUser, click, dm_forbidden
from tests.discord.test_duel import tiny_png


async def duel(world: World) -> int:
    """alice and bob start a duel through the lobby buttons; returns the game id."""
    await world.slash(world.alice, "neuroshima new", army="moloch")
    game = int(world.client.log.of("followup")[-1].custom_ids[-1].split(":")[1])
    await click(world.interaction(world.bob), f"ml:{game}:join")
    await click(world.interaction(world.bob), f"ml:{game}:role", "outpost")
    await click(world.interaction(world.alice), f"ml:{game}:start")
    assert (await place(world.service, game)).status == "active"
    return game


async def test_a_private_thread_on_request_holds_only_the_players(world: World) -> None:
    log = world.client.log
    await world.slash(world.alice, "neuroshima new", army="moloch", thread="private")
    lobby = log.of("followup")[-1]
    assert not lobby.ephemeral, "the lobby message stays in the channel so others can join"
    game = int(lobby.custom_ids[-1].split(":")[1])
    (opened,) = log.of("thread")
    assert opened.extra["type"] == "private"
    thread = world.client.channels[opened.where]
    assert thread.parent_id == world.channel.id and thread.members == [world.alice.id]
    where = await place(world.service, game)
    assert where.thread_id == thread.id
    await click(world.interaction(world.bob), f"ml:{game}:join")
    assert thread.members == [world.alice.id, world.bob.id]
    await click(world.interaction(world.bob), f"ml:{game}:role", "outpost")
    # The lobby message is not the thread's starter, yet it is the one edited in place.
    lobby_id = next(s.where for s in log.of("edit") if "bob as Outpost" in (s.content or ""))
    assert lobby_id != thread.id
    await click(world.interaction(world.alice), f"ml:{game}:start")
    boards = [s for s in log.of("send", thread.id) if s.files]
    assert boards and boards[-1].files[0].endswith("board.png")
    assert log.of("edit", lobby_id)[-1].view is None  # the started lobby loses its buttons


async def test_a_public_thread_is_still_the_default(world: World) -> None:
    await world.slash(world.alice, "neuroshima new", army="moloch", thread="public")
    (opened,) = world.client.log.of("thread")
    assert opened.extra["type"] == "public"


async def test_where_private_threads_are_refused_the_game_gets_a_public_one(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = world.channel.create_thread

    async def refuse(*, name: str, type: Any = None, **kwargs: Any) -> Any:
        if type == discord.ChannelType.private_thread:
            raise dm_forbidden()  # a 403, as for a bot without the permission
        return await real(name=name, type=type, **kwargs)

    monkeypatch.setattr(world.channel, "create_thread", refuse)
    await world.slash(world.alice, "neuroshima new", army="moloch", thread="private")
    (opened,) = world.client.log.of("thread")
    assert opened.extra["type"] == "public"
    assert not [s for s in world.client.log if "incident" in (s.content or "")]


async def test_a_hand_thread_is_remembered_across_a_restart(world: World, tmp_path: Path) -> None:
    world.bob.dms_closed = True
    log = world.client.log
    await world.slash(world.alice, "neuroshima new", army="moloch")
    game = int(log.of("followup")[-1].custom_ids[-1].split(":")[1])
    await click(world.interaction(world.bob), f"ml:{game}:join")
    await click(world.interaction(world.bob), f"ml:{game}:role", "outpost")
    await click(world.interaction(world.alice), f"ml:{game}:start")
    hq = next(c for c in log.of("dm", world.alice.id)[-1].custom_ids if ":hq:" in c)
    await click(world.interaction(world.alice), hq, "A1")
    (hand,) = [s for s in log.of("thread") if s.extra["type"] == "private"]
    await world.service.close()
    world.client.runner = None
    again = await make_world(tmp_path, world.clock, world.client)  # a new process, same Discord
    try:
        await again.runner.delivery.to_user(again.bob.id, game, "Your move.")
        assert [s for s in log.of("thread") if s.extra["type"] == "private"] == [hand]
        assert log.of("send", hand.where)[-1].content == "Your move."
    finally:
        await again.service.close()


async def test_consent_buttons_accept_and_decline(world: World) -> None:
    log = world.client.log
    game = await duel(world)
    where = await place(world.service, game)
    thread = world.client.channels[where.thread_id or 0]

    async def ask(command: str) -> list[str]:
        me = world.interaction(world.alice, channel=thread)
        await world.command(command).callback(me)  # type: ignore[arg-type]
        request = next(s for s in reversed(log.of("send", thread.id)) if s.view is not None)
        assert f"<@{world.bob.id}>" in (request.content or "")
        return request.custom_ids

    pause = await ask("pause")
    assert pause == [f"mc:{game}:pause:1", f"mc:{game}:pause:0"]
    # A stranger's click is refused with a private line; the game is untouched.
    carol = FakeUser(world.client, 1004, "carol")
    world.client.users[carol.id] = carol
    stranger = world.interaction(carol, channel=thread)
    await click(stranger, pause[0])
    assert log.of("followup", stranger.id)[-1].ephemeral
    declined = world.interaction(world.bob, channel=thread)
    await click(declined, pause[1])
    assert "declin" in (log.of("followup", declined.id)[-1].content or "")
    # A takeback of alice's HQ, accepted by bob's click: the HQ is off the board again.
    hq = next(c for c in log.of("dm", world.alice.id)[-1].custom_ids if ":hq:" in c)
    await click(world.interaction(world.alice), hq, "A1")
    assert any("hq A1" in line for line in await world.service.history(game))
    takeback = await ask("takeback")
    assert takeback == [f"mc:{game}:takeback:1", f"mc:{game}:takeback:0"]
    await click(world.interaction(world.bob, channel=thread), takeback[0])
    assert await world.service.waiting(world.alice.id), "alice is to place her HQ again"
    # An abort, accepted: the game ends unrated.
    abort = await ask("abort")
    assert abort == [f"mc:{game}:abort:1", f"mc:{game}:abort:0"]
    await click(world.interaction(world.bob, channel=thread), abort[0])
    assert (await place(world.service, game)).status not in ("active", "lobby")
    assert not [s for s in log if "incident" in (s.content or "")]


async def test_an_animation_is_one_looping_gif_and_its_last_frame_as_a_still() -> None:
    frames = [tiny_png("red"), tiny_png("blue"), tiny_png("green")]
    told = "Battle (turn 3):\nInitiative 2:\n  Ada's Runner (C2) hits Bo's HQ (C3) for 1 (melee)."
    attachment, still = await files.animation("game1-7-battle", lambda: frames, told)
    assert attachment.filename == "game1-7-battle.gif"
    assert still.filename == "game1-7-battle-summary.png" and still.fp.read() == frames[-1]
    # The battle's words are the pictures' alt text: what a screen reader says.
    assert attachment.description == still.description == told
    with PILImage.open(io.BytesIO(files.gif(frames))) as image:
        assert image.format == "GIF" and image.n_frames == 3 and image.info["loop"] == 0
    (single,) = await files.animation("one", lambda: frames[:1])
    assert single.filename == "one.png"
    assert await files.animation("none", list) == []


async def test_a_rematch_is_played_in_a_thread_of_its_own(world: World) -> None:
    log = world.client.log
    game = await duel(world)
    await world.slash(world.bob, "neuroshima resign", game=game)
    await world.slash(world.bob, "rematch", game=game)
    again = game + 1
    where = await place(world.service, again)
    assert where.status == "active" and where.channel_id == world.channel.id
    starter = log.of("send", world.channel.id)[-1]
    assert (starter.content or "").startswith(f"Rematch: game {again}.")
    assert where.thread_id not in (None, (await place(world.service, game)).thread_id)
    assert [t.content for t in log.of("thread", where.thread_id)] == [f"game {again} · neuroshima"]
    boards = [s for s in log.of("send", where.thread_id) if s.files]
    assert boards and boards[-1].files[0].endswith("board.png")
    assert not [s for s in log.of("send", world.channel.id) if s.files], "no board in the channel"
