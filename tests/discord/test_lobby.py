"""Lobbies through Discord: the lobby message and its thread, buttons, army select, start."""

from __future__ import annotations

import discord

from bot.service.commands.frontend import dm_status, place
from tests.discord.conftest import World
from tests.discord.fakes import click


async def open_lobby(world: World) -> int:
    """alice opens a Neuroshima duel lobby in #games; returns the game id."""
    await world.slash(world.alice, "neuroshima new", army="moloch")
    lobby = world.client.log.of("followup")[-1]
    assert not lobby.ephemeral
    return int(lobby.custom_ids[-1].split(":")[1])


async def test_new_posts_the_lobby_message_and_starts_the_game_thread(world: World) -> None:
    game = await open_lobby(world)
    log = world.client.log
    defer = log.of("defer")[0]
    assert defer.extra["thinking"] and not defer.ephemeral
    lobby = log.of("followup")[-1]
    assert "seat 0: alice as Moloch" in (lobby.content or "")
    assert lobby.custom_ids == [f"ml:{game}:role", f"ml:{game}:join", f"ml:{game}:leave",
                                f"ml:{game}:start"]  # fmt: skip
    assert "moloch" not in lobby.options(f"ml:{game}:role")  # taken armies are not offered
    thread = log.of("thread")[-1]
    where = await place(world.service, game)
    assert where.thread_id == thread.where and where.channel_id == world.channel.id
    assert thread.extra["type"] == "public"
    # Seating probes the player's DMs once and remembers the answer.
    assert log.of("dm", world.alice.id)[0].content.startswith("You have a seat in game")
    assert await dm_status(world.service, world.alice.id) == "ok"


async def test_join_army_and_start_by_buttons(world: World) -> None:
    game = await open_lobby(world)
    log = world.client.log
    await click(world.interaction(world.bob), f"ml:{game}:join")
    edits = log.of("edit")
    assert edits and "bob" in (edits[-1].content or "")
    await click(world.interaction(world.bob), f"ml:{game}:role", "outpost")
    assert "bob as Outpost" in (log.of("edit")[-1].content or "")
    await click(world.interaction(world.alice), f"ml:{game}:start")
    where = await place(world.service, game)
    assert where.status == "active"
    assert log.of("edit")[-1].view is None  # the started lobby loses its buttons
    public = [s for s in log.of("send", where.thread_id) if s.files]
    assert public and public[-1].files[0].endswith("board.png")
    mentions = public[-1].extra["mentions"]
    assert isinstance(mentions, discord.AllowedMentions) and not mentions.everyone
    assert f"<@{world.alice.id}>" in (public[-1].content or "")  # the player to act
    panel = log.of("dm", world.alice.id)[-1]
    assert panel.files and any(c.startswith(f"ms:{game}:0:") for c in panel.custom_ids)


async def test_a_lobby_error_is_an_ephemeral_line(world: World) -> None:
    game = await open_lobby(world)
    await click(world.interaction(world.bob), f"ml:{game}:start")
    answer = world.client.log.of("followup")[-1]
    assert answer.ephemeral and "host" in (answer.content or "").lower()


async def test_challenge_invites_by_dm_with_a_join_button(world: World) -> None:
    await world.slash(world.alice, "neuroshima challenge", opponent=discord.Object(world.bob.id))
    invite = world.client.log.of("dm", world.bob.id)[-1]
    assert any(c.endswith(":join") for c in invite.custom_ids)
    game = int(invite.custom_ids[-1].split(":")[1])
    await click(world.interaction(world.bob), f"ml:{game}:join")
    assert "bob" in (world.client.log.of("edit")[-1].content or "")
