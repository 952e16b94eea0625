"""Game threads: the lobby message and the thread started from it, rematch threads, seating,
and the private hand thread of a player whose DMs are closed.

One thread per game keeps a channel readable. A lobby opened by a command answers it with the
lobby message and starts the thread from that answer; a game opened without one (a rematch)
gets a starter message in its channel. A private thread (on request) lives beside the lobby
message, which stays in the channel so others can still join.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Literal

import discord

from bot.discord import files, i18n
from bot.discord.courier import is_gone
from bot.discord.i18n import localise
from bot.discord.lobby import lobby_view
from bot.service.commands.frontend import (
    hand_thread,
    humans,
    lobby_message,
    place,
    set_hand_thread,
    set_lobby_message,
    set_thread,
)
from bot.service.outbox import Image
from bot.service.service import Service

log = logging.getLogger("muster.discord.threads")

ARCHIVE: Literal[10080] = 10080
"""Minutes of quiet before Discord archives a game thread (a week: games are slow)."""
NO_THREADS = frozenset({discord.ChannelType.voice, discord.ChannelType.stage_voice})
"""Channels whose chat has no threads: a game opened there is played in the chat itself."""
NONE = discord.AllowedMentions.none()


def _kind(channel: Any) -> discord.ChannelType:
    return getattr(channel, "type", None) or discord.ChannelType.text


def _refusal(err: discord.HTTPException, lang: str) -> str:
    """Why a lobby has no thread, in words an admin can act on."""
    if isinstance(err, discord.Forbidden):
        return i18n.t("no_thread_permission", lang)
    return i18n.t("no_thread_refused", lang, code=err.code or err.status)


class GameThreads:
    """Opening and joining game threads."""

    def __init__(
        self,
        service: Service,
        channel: Callable[[int], Awaitable[Any]],
        send: Callable[..., Awaitable[Any]],
    ) -> None:
        self.service = service
        self._channel = channel
        """A channel or thread by id, woken first if it sleeps (Delivery's lookup)."""
        self._send = send
        """One idempotent send to a channel: (channel, content, **kwargs) (Delivery's)."""

    async def open_lobby(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        text: str,
        lang: str,
        private: bool = False,
    ) -> None:
        """The lobby message (answering the command) and the game's thread.

        A public thread is started from the lobby message; a private one (on request) is
        opened in the channel with only the seated players in it, while the lobby message
        stays in the channel so others can still join. Typed in a thread, the lobby goes to
        the thread's channel (a thread has no threads); typed in a forum post, the game gets
        a post of its own; where no thread can be made (a voice channel's chat, a missing
        permission) the lobby says why and the game is played where it was opened.
        """
        view = await lobby_view(self.service, game_id, lang)
        where = await place(self.service, game_id)
        if interaction.guild_id is None or where.channel_id is None:
            await files.followup(interaction, text, (), False, view)
            return
        name = i18n.t("game_thread", lang, game=game_id, name=where.game_key)
        home: Any = interaction.channel
        parent: Any = home
        if getattr(home, "parent_id", None) is not None:
            parent = await self._channel(where.channel_id)
        if _kind(parent) is discord.ChannelType.forum:
            await self._open_forum_post(interaction, game_id, parent, name, text, view, lang)
            return
        if _kind(parent) in NO_THREADS:
            message = await files.followup(interaction, text, (), False, view)
            if message is not None:
                await self._no_thread(game_id, message, text, i18n.t("no_thread_voice", lang))
            return
        if parent is home:
            message = await files.followup(interaction, text, (), False, view)
            if message is None:
                return
            # A followup message carries no guild, and discord.py refuses to start a thread
            # from it: the same message seen through the interaction's channel has one.
            message = home.get_partial_message(message.id)
        else:
            message = await parent.send(files.chunks(text)[0], view=view, allowed_mentions=NONE)
            said = i18n.t("lobby_in", lang, game=game_id, channel=f"<#{parent.id}>")
            await files.followup(interaction, said, (), True)
        try:
            await self._start_thread(game_id, parent, message, name, private)
        except discord.HTTPException as err:
            log.warning("game %s: no thread in %s (%s)", game_id, parent.id, err)
            await self._no_thread(game_id, message, text, _refusal(err, lang))

    async def _start_thread(
        self, game_id: int, parent: Any, message: Any, name: str, private: bool
    ) -> None:
        thread: Any = None
        if private:
            try:
                thread = await parent.create_thread(
                    name=name,
                    type=discord.ChannelType.private_thread,
                    invitable=False,
                    auto_archive_duration=ARCHIVE,
                )
            except discord.HTTPException as err:  # no private threads here: a public one
                log.warning("game %s: no private thread in %s (%s)", game_id, parent.id, err)
        if thread is None:
            thread = await message.create_thread(name=name, auto_archive_duration=ARCHIVE)
            # A thread started from a message shares its id: thread_id finds the lobby message.
            await set_thread(self.service, game_id, thread.id)
            return
        await set_thread(self.service, game_id, thread.id)
        await set_lobby_message(self.service, game_id, message.id)
        for user in await humans(self.service, game_id):
            await thread.add_user(discord.Object(user))

    async def _open_forum_post(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        forum: Any,
        name: str,
        text: str,
        view: discord.ui.View | None,
        lang: str,
    ) -> None:
        """A game opened in a forum post gets a post of its own, its lobby the starter message."""
        kwargs: dict[str, Any] = {"allowed_mentions": NONE}
        if view is not None:
            kwargs["view"] = view
        made = await forum.create_thread(
            name=name, content=files.chunks(text)[0], auto_archive_duration=ARCHIVE, **kwargs
        )
        # The starter message lives in the post and shares its id: the post is the game's
        # channel and thread at once, so the lobby is edited where it is.
        post = made.thread
        await self.service.store.update_game(game_id, channel_id=post.id, thread_id=post.id)
        said = i18n.t("lobby_in", lang, game=game_id, channel=f"<#{post.id}>")
        await files.followup(interaction, said, (), True)

    async def _no_thread(self, game_id: int, message: Any, text: str, why: str) -> None:
        """The lobby without a thread: it says why, and stays the message edited in place."""
        await set_lobby_message(self.service, game_id, message.id)
        await message.edit(content=files.chunks(f"{text}\n{why}")[0])

    async def seat_in_thread(self, game_id: int, user_id: int) -> None:
        """A newly seated player joins the game's thread when it is a private one."""
        if user_id <= 0 or await lobby_message(self.service, game_id) is None:
            return  # public threads need no invitation
        where = await place(self.service, game_id)
        if where.thread_id is not None:
            thread = await self._channel(where.thread_id)
            await thread.add_user(discord.Object(user_id))

    async def rehome(self, game_id: int, lang: str) -> Any:
        """A new thread for a game whose thread is gone, remembered; the channel itself when
        no thread can be opened there (and then the game is played in its channel)."""
        where = await place(self.service, game_id)
        if where.channel_id is None:
            raise LookupError(f"game {game_id} has no channel to open a thread in")
        channel = await self._channel(where.channel_id)
        name = i18n.t("game_thread", lang, game=game_id, name=where.game_key)
        try:
            thread = await channel.create_thread(
                name=name, type=discord.ChannelType.public_thread, auto_archive_duration=ARCHIVE
            )
        except discord.HTTPException as err:
            log.warning("game %s: no new thread in %s (%s); posting in the channel", game_id,
                        where.channel_id, err)  # fmt: skip
            await set_thread(self.service, game_id, where.channel_id)
            return channel
        await set_thread(self.service, game_id, thread.id)
        for user in await humans(self.service, game_id):
            await thread.add_user(discord.Object(user))
        return thread

    async def to_hand_thread(
        self,
        user_id: int,
        game_id: int,
        text: str,
        images: Sequence[Image],
        view: discord.ui.View | None,
        lang: str,
    ) -> None:
        """A private message in the player's hand thread of the game (their DMs are closed);
        a hand thread that is gone is opened anew."""
        where = await place(self.service, game_id)
        if where.channel_id is None:
            log.info("user %s has closed DMs and game %s has no channel", user_id, game_id)
            return
        text = localise(text, lang)
        content = files.chunks(text)[0]
        extra: dict[str, Any] = {"view": view} if view is not None else {}
        thread_id = await hand_thread(self.service, game_id, user_id)
        if thread_id is not None:
            try:
                thread = await self._channel(thread_id)
                attachments = await files.draw(images, lang)
                await self._send(thread, content, **extra, **_files(attachments))
                return
            except discord.HTTPException as err:
                if not is_gone(err):
                    raise
                log.warning("game %s: the hand thread of %s is gone (%s), opening another",
                            game_id, user_id, err.code)  # fmt: skip
        thread = await self.open_hand_thread(user_id, game_id, where.channel_id, lang)
        attachments = await files.draw(images, lang)  # a File is read once: drawn again
        await self._send(thread, content, **extra, **_files(attachments))

    async def open_hand_thread(self, user_id: int, game_id: int, parent_id: int, lang: str) -> Any:
        """A private thread for one player's hand (their DMs are closed), remembered for the
        game."""
        parent = await self._channel(parent_id)
        thread = await parent.create_thread(
            name=i18n.t("hand_thread", lang, game=game_id),
            type=discord.ChannelType.private_thread,
            invitable=False,
            auto_archive_duration=ARCHIVE,
        )
        await thread.add_user(discord.Object(user_id))
        await set_hand_thread(self.service, game_id, user_id, thread.id)
        return thread

    async def open_rematch_thread(self, game_id: int, text: str, lang: str) -> None:
        """A thread for a game opened without a lobby command (a rematch), started from a
        message in the game's channel: the lobby message while it waits, else `text`."""
        where = await place(self.service, game_id)
        if where.channel_id is None or where.thread_id is not None:
            return
        channel = await self._channel(where.channel_id)
        view = await lobby_view(self.service, game_id, lang)
        content = files.chunks(text)[0]
        none = discord.AllowedMentions.none()
        if view is None:
            message = await channel.send(content, allowed_mentions=none)
        else:
            message = await channel.send(content, view=view, allowed_mentions=none)
        name = i18n.t("game_thread", lang, game=game_id, name=where.game_key)
        thread = await message.create_thread(name=name, auto_archive_duration=ARCHIVE)
        await set_thread(self.service, game_id, thread.id)


def _files(attachments: Sequence[discord.File]) -> dict[str, Any]:
    return {"files": list(attachments)} if attachments else {}
