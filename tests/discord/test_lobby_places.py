"""Five ways a lobby opens: a text channel, a thread, a forum post, a voice channel's chat, and
a channel where Discord refuses the thread. Each lobby is joinable, edited in place, and starts."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.discord import i18n
from bot.service.commands.frontend import place
from tests.discord.conftest import World
from tests.discord.fakes import FakeChannel, FakeMessage, Sent, click, dm_forbidden, snowflake


class FakeForum(FakeChannel):
    """A forum channel: no messages of its own, a thread (post) made with its first message."""

    type = discord.ChannelType.forum

    async def create_thread(self, *, name: str, type: Any = None, **kwargs: Any) -> Any:
        post = FakeChannel(self.client, snowflake(), name, parent_id=self.id)
        content, view = kwargs.get("content"), kwargs.get("view")
        self.client.log.append(Sent("post", post.id, content, [], view))
        return SimpleNamespace(thread=post, message=FakeMessage(self.client, post.id, post.id))


class FakeVoice(FakeChannel):
    """A voice channel's text chat: messages, but no threads."""

    type = discord.ChannelType.voice


def lobby_game(sent: Sent) -> int:
    """The game id a lobby message's buttons carry."""
    return int(sent.custom_ids[-1].split(":")[1])


async def join_and_start(world: World, game: int) -> None:
    """bob joins with an army and alice starts, all through the lobby's components."""
    await click(world.interaction(world.bob), f"ml:{game}:join")
    await click(world.interaction(world.bob), f"ml:{game}:role", "outpost")
    await click(world.interaction(world.alice), f"ml:{game}:start")
    assert (await place(world.service, game)).status == "active"


def no_incident(world: World) -> None:
    assert not [s for s in world.client.log if "incident" in (s.content or "")]


def edits_of(world: World, message_id: int) -> list[str]:
    return [s.content or "" for s in world.client.log.of("edit", message_id)]


async def test_from_a_text_channel_the_thread_starts_from_the_lobby(world: World) -> None:
    interaction = await world.slash(world.alice, "neuroshima new", army="moloch")
    lobby = world.client.log.of("followup", interaction.id)[-1]
    game = lobby_game(lobby)
    (opened,) = world.client.log.of("thread")
    where = await place(world.service, game)
    assert (where.channel_id, where.thread_id) == (world.channel.id, opened.where)
    await join_and_start(world, game)
    assert any("bob as Outpost" in e for e in edits_of(world, opened.where))
    no_incident(world)


async def test_from_a_thread_the_game_thread_goes_in_the_parent_channel(world: World) -> None:
    chat = FakeChannel(world.client, snowflake(), "chat", parent_id=world.channel.id)
    interaction = world.interaction(world.alice, channel=chat)
    await world.command("neuroshima new").callback(interaction, army="moloch")  # type: ignore[call-arg]
    (lobby,) = world.client.log.of("send", world.channel.id)
    game = lobby_game(lobby)
    (note,) = world.client.log.of("followup", interaction.id)
    assert note.ephemeral
    assert note.content == i18n.t("lobby_in", "en", game=game, channel=f"<#{world.channel.id}>")
    (opened,) = world.client.log.of("thread")
    where = await place(world.service, game)
    assert (where.channel_id, where.thread_id) == (world.channel.id, opened.where)
    await join_and_start(world, game)
    assert any("bob as Outpost" in e for e in edits_of(world, opened.where))
    assert world.client.log.of("send", opened.where), "the game is played in its thread"
    no_incident(world)


async def test_from_a_forum_post_the_game_gets_a_post_of_its_own(world: World) -> None:
    forum = FakeForum(world.client, snowflake(), "games-forum")
    post = FakeChannel(world.client, snowflake(), "lfg", parent_id=forum.id)
    interaction = world.interaction(world.alice, channel=post)
    await world.command("neuroshima new").callback(interaction, army="moloch")  # type: ignore[call-arg]
    (made,) = world.client.log.of("post")
    game = lobby_game(made)
    assert made.content and made.content.startswith(f"Game {game}")
    where = await place(world.service, game)
    assert (where.channel_id, where.thread_id) == (made.where, made.where)
    (note,) = world.client.log.of("followup", interaction.id)
    assert note.content == i18n.t("lobby_in", "en", game=game, channel=f"<#{made.where}>")
    await join_and_start(world, game)
    assert any("bob as Outpost" in e for e in edits_of(world, made.where))
    assert world.client.log.of("send", made.where), "the game is played in its own post"
    no_incident(world)


async def test_from_a_voice_channels_chat_the_game_is_played_in_the_chat(world: World) -> None:
    voice = FakeVoice(world.client, snowflake(), "table-talk")
    interaction = world.interaction(world.alice, channel=voice)
    await world.command("neuroshima new").callback(interaction, army="moloch")  # type: ignore[call-arg]
    assert world.client.log.of("thread") == []
    lobby = world.client.log.of("followup", interaction.id)[-1]
    game = lobby_game(lobby)
    why = i18n.t("no_thread_voice", "en")
    (said,) = world.client.log.of("edit")
    assert said.content and said.content.endswith(why)
    where = await place(world.service, game)
    assert (where.channel_id, where.thread_id) == (voice.id, None)
    await join_and_start(world, game)
    assert any("bob as Outpost" in e for e in edits_of(world, said.where))
    assert [s for s in world.client.log.of("send", voice.id) if s.files], "boards go to the chat"
    no_incident(world)


async def test_a_refused_thread_leaves_a_lobby_that_says_why_and_works(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def refuse(self: FakeMessage, *, name: str, **kwargs: Any) -> Any:
        raise dm_forbidden()  # a 403, as for a bot without Create Public Threads

    monkeypatch.setattr(FakeMessage, "create_thread", refuse)
    interaction = await world.slash(world.alice, "neuroshima new", army="moloch")
    game = lobby_game(world.client.log.of("followup", interaction.id)[-1])
    (said,) = world.client.log.of("edit")
    assert said.content and said.content.endswith(i18n.t("no_thread_permission", "en"))
    where = await place(world.service, game)
    assert (where.channel_id, where.thread_id) == (world.channel.id, None)
    await join_and_start(world, game)
    assert any("bob as Outpost" in e for e in edits_of(world, said.where))
    assert [s for s in world.client.log.of("send", world.channel.id) if s.files]
    no_incident(world)


async def test_the_servers_default_thread_visibility_applies(world: World) -> None:
    from bot.service.commands import catalogue, dispatch

    settings = catalogue().find("settings")
    assert settings is not None
    await dispatch(world.service, 1, settings, {"server_thread": "private", "_guild": 4242,
                                                "_admin": True})  # fmt: skip
    await world.slash(world.alice, "neuroshima new", army="moloch")
    (opened,) = world.client.log.of("thread")
    assert opened.extra["type"] == "private"
