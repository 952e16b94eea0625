"""Outbox messages delivered to Discord: the game thread, DMs, private-thread fallback, lobbies.

Closed DMs (403 / 50007) are remembered through the service so the bot does not keep making
requests Discord rejects (too many invalid requests get a bot temporarily banned). The private
hand threads of players with closed DMs are remembered through the service too (guild settings),
so a restart does not open a second thread for the same hand.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import discord

from bot.discord import files, i18n
from bot.discord.courier import Courier, allowed, is_gone, mentions, once, resending, seen
from bot.discord.i18n import localise
from bot.discord.leagues import deliver_league, deliver_league_message, tick_leagues
from bot.discord.lobby import consent_view, lobby_view
from bot.discord.panels import panel_content, panel_view
from bot.discord.plugin import DiscordPlugin, DiscordPlugins
from bot.discord.plugins.registry import builtin
from bot.discord.threads import GameThreads
from bot.service.commands.frontend import (
    dm_status,
    forget_game_threads,
    humans,
    league_game,
    lobby_message,
    locale,
    place,
    server_language,
    set_dm_status,
)
from bot.service.i18n import pick
from bot.service.leagues.messages import LeagueMessage
from bot.service.outbox import (
    BattleReplay,
    ConsentRequest,
    Digest,
    GameOver,
    Image,
    Invite,
    LobbyUpdate,
    Message,
    Notice,
    PrivateUpdate,
    PublicUpdate,
    Reminder,
)
from bot.service.parcels import LEAGUE_MESSAGES
from bot.service.service import Service
from bot.service.workers import draw_frames

log = logging.getLogger("muster.discord.delivery")


class Delivery:
    """Sends what the service asks for to channels, threads and users."""

    def __init__(
        self,
        client: discord.Client,
        service: Service,
        plugins: Sequence[DiscordPlugin] | None = None,
    ) -> None:
        self.client = client
        self.service = service
        self.plugins = DiscordPlugins(builtin() if plugins is None else plugins)
        """The games' own messages, replies and components (default: the shipped games')."""
        self.threads = GameThreads(service, self._channel, self._send)
        self.courier = Courier(self)

    # --- where ------------------------------------------------------------------------------
    async def channel(self, channel_id: int) -> Any:
        """A channel or thread by id (a sleeping thread is woken first)."""
        return await self._channel(channel_id)

    async def _channel(self, channel_id: int) -> Any:
        channel: Any = self.client.get_channel(channel_id)
        if channel is None:
            channel = await self.client.fetch_channel(channel_id)
        if getattr(channel, "archived", False):
            # A sleeping thread must be woken before anyone can post in it.
            await channel.edit(archived=False)
        return channel

    async def game_channel(self, game_id: int) -> Any | None:
        """The game's thread (else its channel); None for a game started in DMs.

        A thread that is gone (deleted, locked, shut to the bot) is replaced by a new one.
        """
        where = await place(self.service, game_id)
        target = where.thread_id or where.channel_id
        if target is None:
            return None
        try:
            return await self._channel(target)
        except discord.HTTPException as err:
            if not is_gone(err) or where.thread_id is None:
                raise
            return await self._rehome(game_id, err)

    async def _rehome(self, game_id: int, err: discord.HTTPException) -> Any:
        log.warning("game %s: its thread is gone (%s %s), opening another", game_id,
                    err.code, err.text)  # fmt: skip
        return await self.threads.rehome(game_id, await self._game_lang(game_id))

    async def _to_game(self, game_id: int, channel: Any, content: str, **kwargs: Any) -> Any:
        """Send to a game's channel; a thread found gone on sending is replaced once."""
        try:
            return await self._send(channel, content, **kwargs)
        except discord.HTTPException as err:
            where = await place(self.service, game_id)
            if not is_gone(err) or where.thread_id != channel.id:
                raise
            home = await self._rehome(game_id, err)
            return await self._send(home, content, **kwargs)

    async def _send(self, channel: Any, content: str, **kwargs: Any) -> Any:
        """One idempotent send: skipped when a resent parcel's post already stands there."""
        if await seen(self.client, channel, content):
            return None
        return await channel.send(content, **once(), **kwargs)

    async def _user(self, user_id: int) -> Any:
        return self.client.get_user(user_id) or await self.client.fetch_user(user_id)

    async def _lang(self, user_id: int, game_id: int | None = None) -> str:
        """A user's language: /settings, else (no client locale outside an interaction) the
        language of the game's server."""
        chosen = await locale(self.service, user_id)
        if chosen is not None or game_id is None:
            return pick(chosen)
        return await self._game_lang(game_id)

    async def _game_lang(self, game_id: int) -> str:
        """The language of a game's public posts: its server's /settings, else Discord's."""
        where = await place(self.service, game_id)
        if where.guild_id is None:
            return "en"
        guild = self.client.get_guild(where.guild_id)
        preferred = getattr(guild, "preferred_locale", None)
        return await server_language(
            self.service, where.guild_id, preferred and str(preferred.value)
        )

    # --- sending ----------------------------------------------------------------------------
    async def post(
        self,
        game_id: int,
        text: str,
        images: Sequence[Image] = (),
        ping: Sequence[int] = (),
        view: discord.ui.View | None = None,
    ) -> None:
        """Post to the game's thread, mentioning `ping`; DMs the players of a DM-only game."""
        channel = await self.game_channel(game_id)
        if channel is None:
            for user in await humans(self.service, game_id):
                await self.to_user(user, game_id, text, images, view)
            return
        lang = await self._game_lang(game_id)
        text = localise(text, lang)
        content = f"{text}\n{mentions(ping)}".strip() if ping else text
        attachments = await files.draw(images, lang)
        pieces = files.chunks(content)
        for i, piece in enumerate(pieces):
            extra: dict[str, Any] = {}
            if i == len(pieces) - 1:
                extra = {"files": attachments} if attachments else {}
                if view is not None:
                    extra["view"] = view
            await self._to_game(game_id, channel, piece, allowed_mentions=allowed(ping), **extra)

    async def to_user(
        self,
        user_id: int,
        game_id: int | None,
        text: str,
        images: Sequence[Image] = (),
        view: discord.ui.View | None = None,
    ) -> bool:
        """DM a user, or (DMs closed) use their private thread of the game; True when DMed."""
        if user_id <= 0:
            return False
        text = localise(text, await self._lang(user_id, game_id))
        status = await dm_status(self.service, user_id)
        if status == "off":
            return False  # /settings notifications:off: the player looks with /hand
        if status != "blocked":
            try:
                await self._dm(user_id, text, images, view)
            except discord.Forbidden:
                await self._closed(user_id, game_id)
            else:
                await set_dm_status(self.service, user_id, True)
                return True
        if game_id is not None:
            lang = await self._lang(user_id, game_id)
            await self.threads.to_hand_thread(user_id, game_id, text, images, view, lang)
        return False

    async def _dm(
        self, user_id: int, text: str, images: Sequence[Image], view: discord.ui.View | None
    ) -> None:
        user = await self._user(user_id)
        lang = await self._lang(user_id)
        text = localise(text, lang)
        attachments = await files.draw(images, lang)
        extra: dict[str, Any] = {"files": attachments} if attachments else {}
        if view is not None:
            extra["view"] = view
        content = files.chunks(text)[0]
        if resending() and await seen(self.client, await user.create_dm(), content):
            return  # a crash came between this DM and its mark
        await user.send(content, **once(), **extra)

    async def _closed(self, user_id: int, game_id: int | None) -> None:
        """Remember a closed DM and tell the player once, in the game's thread."""
        await set_dm_status(self.service, user_id, False)
        if game_id is not None:
            text = i18n.t("dm_closed", await self._lang(user_id))
            await self.post(game_id, text, ping=(user_id,))

    # --- probing ----------------------------------------------------------------------------
    async def reprobe(self, user_id: int, lang: str) -> bool:
        """Try DMs again at the user's request (/settings notifications:dm); True when open."""
        return await self._dm_opens(user_id, i18n.t("dm_reopened", lang))

    async def probe(self, user_id: int, game_id: int) -> bool:
        """Whether DMs reach the user; a first-time check sends one short DM (and remembers)."""
        status = await dm_status(self.service, user_id)
        if status != "unknown":
            return status == "ok"
        text = i18n.t("dm_probe", await self._lang(user_id, game_id), game=game_id)
        return await self._dm_opens(user_id, text)

    async def _dm_opens(self, user_id: int, text: str) -> bool:
        """Whether one DM goes through (remembered either way)."""
        try:
            await self._dm(user_id, text, (), None)
        except discord.Forbidden:
            await set_dm_status(self.service, user_id, False)
            return False
        await set_dm_status(self.service, user_id, True)
        return True

    async def probe_interactive(
        self, interaction: discord.Interaction[Any], game_id: int, lang: str
    ) -> None:
        """Probe the caller's DMs after they took a seat; a closed DM is explained once."""
        user = interaction.user.id
        first = await dm_status(self.service, user) == "unknown"
        if not await self.probe(user, game_id) and first:
            await interaction.followup.send(i18n.t("dm_closed", lang), ephemeral=True)

    # --- interactions -------------------------------------------------------------------------
    async def send_panel_reply(
        self, interaction: discord.Interaction[Any], panel: PrivateUpdate, lang: str
    ) -> None:
        """A hand panel as the (ephemeral) answer to /hand: works with closed DMs too."""
        panel = await panel_content(self.service, panel)
        view = await panel_view(self.service, panel, lang)
        await files.followup(
            interaction, localise(panel.text, lang), panel.images, True, view, lang
        )

    async def deliver_league(self, messages: Sequence[LeagueMessage]) -> None:
        """A league reply's own messages (threads, events, announcements), before its games'."""
        await deliver_league(self, messages)

    # --- the outbox -------------------------------------------------------------------------
    async def deliver(self, messages: Sequence[Message], *, follow: bool = True) -> None:
        """Put messages in the outbox and send them now; one that fails is retried later (or
        kept as undeliverable) and does not stop the others.

        After a league table's game-over the leagues are ticked at once (`follow`), so the
        next round is paired without waiting for the clocks loop.
        """
        await self.courier.flush(await self.service.postbox.publish(messages))
        ended = [m.game_id for m in messages if isinstance(m, GameOver)]
        if follow and ended:
            try:
                if any([await league_game(self.service, g) for g in ended]):
                    await tick_leagues(self)
            except Exception:  # the clocks loop ticks the leagues again soon
                log.exception("league tick after games %s failed", ended)

    async def deliver_one(self, m: Message | LeagueMessage) -> None:
        """Send one message where it belongs (errors reach the caller: see Courier)."""
        if isinstance(m, LEAGUE_MESSAGES):
            await deliver_league_message(self, m)
            return
        own = self.plugins.deliverer(m.kind)
        if own is not None:  # a message of a game's own kind (Space Alert's bridge)
            await own(self, m)
        elif isinstance(m, PublicUpdate):
            await self.post(m.game_id, m.text, m.images, m.mention)
        elif isinstance(m, PrivateUpdate):
            m = await panel_content(self.service, m)
            view = await panel_view(self.service, m, await self._lang(m.user_id, m.game_id))
            await self.to_user(m.user_id, m.game_id, m.text, m.images, view)
        elif isinstance(m, BattleReplay):
            await self._battle(m)
        elif isinstance(m, GameOver):
            await self.post(m.game_id, m.text, m.images, m.winners)
            await forget_game_threads(self.service, m.game_id)
        elif isinstance(m, Reminder):
            await self._nudge(m.user_id, m.game_id, m.text)
        elif isinstance(m, Digest):
            await self._nudge(m.user_id, m.game_ids[0] if m.game_ids else None, m.text)
        elif isinstance(m, Invite):
            await self._invite(m)
        elif isinstance(m, LobbyUpdate):
            await self._lobby(m)
        elif isinstance(m, ConsentRequest):
            view = consent_view(m.game_id, m.what, await self._game_lang(m.game_id))
            await self.post(m.game_id, m.text, (), m.users, view)
        elif isinstance(m, Notice):
            await self.post(m.game_id, m.text, (), m.users)

    async def _battle(self, m: BattleReplay) -> None:
        """The battle as one animated GIF (Discord animates GIFs inline, not APNG)."""
        channel = await self.game_channel(m.game_id)
        if channel is None:
            return
        lang = await self._game_lang(m.game_id)
        told = localise(m.caption, lang)
        if m.narration:
            told += "\n" + localise(m.narration, lang)
        frames = await draw_frames(m, lang)  # in the pool; the GIF is put together after
        attachments = await files.animation(m.name, lambda: frames, told)
        pieces = files.chunks(told)
        # The words name players as mentions: they read as names and ping no one. The
        # pictures go with the last piece, under the whole story.
        for i, piece in enumerate(pieces):
            last = i == len(pieces) - 1
            extra: dict[str, Any] = {"files": attachments} if last and attachments else {}
            await self._to_game(m.game_id, channel, piece, allowed_mentions=allowed(()), **extra)

    async def _nudge(
        self, user_id: int, game_id: int | None, text: str, view: discord.ui.View | None = None
    ) -> None:
        """Reminders, digests and invites: by DM when DMs work, else a mention in the game
        thread."""
        if await dm_status(self.service, user_id) != "blocked":
            lang = await self._lang(user_id, game_id)
            try:
                await self._dm(user_id, localise(text, lang), (), view)
                return
            except discord.Forbidden:
                await set_dm_status(self.service, user_id, False)
        if game_id is not None:
            await self.post(game_id, text, ping=(user_id,))

    async def _invite(self, m: Invite) -> None:
        view = await lobby_view(self.service, m.game_id, await self._lang(m.user_id, m.game_id))
        await self._nudge(m.user_id, m.game_id, m.text, view)

    async def _lobby(self, m: LobbyUpdate) -> None:
        """Edit the lobby message in place (it is the starter message of the game's thread)."""
        where = await place(self.service, m.game_id)
        starter = await lobby_message(self.service, m.game_id)
        if where.channel_id is None or (where.thread_id is None and starter is None):
            return
        channel = await self._channel(where.channel_id)
        lang = await self._game_lang(m.game_id)
        view = await lobby_view(self.service, m.game_id, lang)
        message = channel.get_partial_message(starter or where.thread_id)
        await message.edit(content=files.chunks(localise(m.text, lang))[0], view=view)
