"""Running a catalogue command for an interaction: defer, dispatch, present, deliver.

This is the one place that turns errors into replies: a GameError becomes an ephemeral line
the player can act on; anything else is logged with an incident id and answered with an apology.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Awaitable, Callable, Mapping
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot import logs
from bot.discord import files, i18n
from bot.discord.i18n import localise
from bot.discord.lifecycle import Gate
from bot.service import metrics
from bot.service.commands import Command, catalogue, complete, dispatch
from bot.service.commands.frontend import game_in_channel, locale, server_language
from bot.service.commands.hosting import THREAD
from bot.service.commands.leagues import CONTEXT_ROLES
from bot.service.commands.server import default_thread
from bot.service.commands.spec import CONTEXT_ADMIN, CONTEXT_CHANNEL, CONTEXT_GAME, CONTEXT_GUILD
from bot.service.errors import storage_full
from bot.service.i18n import pick
from bot.service.leagues import LeagueReply
from bot.service.outbox import (
    BOARD,
    LOBBY,
    PANEL,
    PUBLIC_KINDS,
    REMATCH,
    SEATED,
    LobbyUpdate,
    PrivateUpdate,
    PublicUpdate,
    Reply,
)
from bot.service.play import replies_later
from bot.service.replies import ai_replies
from games.base import GameError
from storage.base import StorageFullError

if TYPE_CHECKING:
    from bot.discord.delivery import Delivery
    from bot.discord.plugin import DiscordPlugins
    from bot.service.service import Service

log = logging.getLogger("muster.discord")

SEATING = frozenset({LOBBY, SEATED})
"""Kinds of reply after which the caller has a seat: their DMs are probed."""


def is_public(command: Command) -> bool:
    """Whether a command answers in the channel (else only the caller sees it)."""
    return command.answers in PUBLIC_KINDS


def shown_names(interaction: discord.Interaction[Any]) -> dict[int, str]:
    """Display names an interaction carries: the caller's, and those of users in its options.

    Without the members intent the user cache is thin; every interaction brings the member
    data of its caller and of the users its options name (their server nicknames included).
    """
    found = {interaction.user.id: interaction.user.display_name}
    for _, value in getattr(interaction, "namespace", None) or ():
        name = getattr(value, "display_name", None)
        if isinstance(name, str) and isinstance(getattr(value, "id", None), int):
            found[value.id] = name
    return found


def role_ids(user: Any) -> tuple[int, ...]:
    """The ids of a guild member's roles (a user outside a guild has none)."""
    return tuple(int(role.id) for role in getattr(user, "roles", None) or ())


class Runner:
    """Runs commands and components for the Discord layer over one Service and Delivery."""

    def __init__(self, service: Service, delivery: Delivery) -> None:
        self.service = service
        self.delivery = delivery
        self.stuck: list[int] = []
        """Games whose AI reply failed: the clock loop tries them again."""
        self.gate = Gate()

    @property
    def plugins(self) -> DiscordPlugins:
        """The games' own replies, messages and components this bot is built with."""
        return self.delivery.plugins

    async def locale(self, interaction: discord.Interaction[Any]) -> str:
        """The language to answer a user in: their /settings choice, else their client's."""
        chosen = await locale(self.service, interaction.user.id)
        guild = getattr(interaction, "guild_locale", None)
        return pick(chosen, str(interaction.locale.value), guild and str(guild.value))

    async def public_locale(self, interaction: discord.Interaction[Any]) -> str:
        """The language of a post everyone in the channel reads: the server's, in DMs the user's."""
        if interaction.guild_id is None:
            return await self.locale(interaction)
        guild = getattr(interaction, "guild_locale", None)
        return await server_language(self.service, interaction.guild_id, guild and str(guild.value))

    async def remember_names(
        self, interaction: discord.Interaction[Any], *, seated: bool = False
    ) -> None:
        """Keep the display names an interaction shows, with the users' seats in its server."""
        for user, name in shown_names(interaction).items():
            await self.service.remember_name(user, name, interaction.guild_id, seated=seated)

    async def context(self, interaction: discord.Interaction[Any]) -> dict[str, Any]:
        """The context entries the catalogue reads: admin, focus game, guild, channel."""
        perms = interaction.permissions
        channel = interaction.channel
        parent = getattr(channel, "parent_id", None)
        here = interaction.channel_id
        found: dict[str, Any] = {
            CONTEXT_ADMIN: bool(interaction.guild_id and perms.manage_guild),
            CONTEXT_GUILD: interaction.guild_id,
            CONTEXT_CHANNEL: parent or here if interaction.guild_id else None,
            CONTEXT_ROLES: role_ids(interaction.user) if interaction.guild_id else (),
        }
        if here is not None and parent is not None:
            focus = await game_in_channel(self.service, here)
            if focus is not None:
                found[CONTEXT_GAME] = focus
        return found

    async def run(
        self, interaction: discord.Interaction[Any], command: Command, values: Mapping[str, Any]
    ) -> None:
        """A slash command or a component that stands for one: the whole round trip."""
        if await self.refused(interaction):
            return
        async with self.gate.job():
            await self._run(interaction, command, values)

    async def clicked(
        self, interaction: discord.Interaction[Any], work: Callable[[], Awaitable[None]]
    ) -> None:
        """A component's work deferred (as an update of its message) and done in the gate, any
        error answered by the one handler, and the AI replies it owes sent after."""
        if await self.refused(interaction):
            return
        async with self.gate.job():
            # Deferred before anything that reads the store or renders.
            await interaction.response.defer()
            with replies_later() as owed:
                try:
                    await self.remember_names(interaction)
                    await work()
                except Exception as err:  # the one error handler answers
                    await self.fail(interaction, err)
            await self.ai_replies(owed)

    async def refused(self, interaction: discord.Interaction[Any]) -> bool:
        """Tell the user the bot is stopping (True) once the gate is closed."""
        if self.gate.open:
            return False
        text = i18n.t("restarting", await self._safe_locale(interaction))
        try:
            await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.info("could not tell user %s the bot is stopping", interaction.user.id)
        return True

    async def _run(
        self, interaction: discord.Interaction[Any], command: Command, values: Mapping[str, Any]
    ) -> None:
        public = is_public(command)
        ids = {"guild": interaction.guild_id, "command": command.path, "game": values.get("game")}
        outcome = "ok"
        with logs.about(**ids):
            # Deferred first: dispatch writes and rendering may take longer than Discord's 3 s.
            await interaction.response.defer(ephemeral=not public, thinking=True)
            acked = datetime.now(UTC) - interaction.created_at
            metrics.ACK_SECONDS.observe(max(0.0, acked.total_seconds()))
            # The person's move is written and answered first; AI seats reply after (in the pool).
            with replies_later() as owed:
                try:
                    await self.remember_names(interaction)
                    options = {**values, **await self.context(interaction)}
                    reply = await dispatch(self.service, interaction.user.id, command, options)
                    if reply.kind in SEATING:
                        await self.remember_names(interaction, seated=True)  # the new seat's
                    guild = interaction.guild_id
                    chosen = values.get(THREAD) or await default_thread(self.service, guild)
                    private = chosen == "private"
                    await self.present(interaction, reply, public, private_thread=private)
                    if command.path == "settings" and values.get("notifications") == "dm":
                        await self._reprobe(interaction)
                except Exception as err:  # every failure ends as a reply; see fail()
                    outcome = "refused" if isinstance(err, GameError) else "failed"
                    await self.fail(interaction, err)
                finally:
                    metrics.INTERACTIONS.labels(command=command.path, outcome=outcome).inc()
            await self.ai_replies(owed)

    async def ai_replies(self, owed: list[int]) -> None:
        """After the person is answered: the AI seats of these games act and are delivered."""
        if not owed:
            return
        try:
            await self.delivery.deliver(await ai_replies(self.service.host, owed))
        except Exception:  # the person has their answer; the clock loop tries again
            log.exception("AI replies in games %s failed", owed)
            self.stuck += [g for g in owed if g not in self.stuck]

    async def present(
        self,
        interaction: discord.Interaction[Any],
        reply: Reply,
        public: bool,
        *,
        private_thread: bool = False,
    ) -> None:
        """Answer the caller, then deliver the reply's messages to wherever they belong.

        A league reply's own images (the standings) go with the answer, and its league
        messages (threads, events, announcements) go out before its game messages.
        """
        user = interaction.user.id
        lang = await self.locale(interaction)
        reader = await self.public_locale(interaction) if public else lang
        said = localise(reply.text, reader)
        messages = list(reply.messages)
        own = self.plugins.presenter(reply)
        if own is not None:
            await own(self, interaction, reply, lang)
        elif isinstance(reply, LeagueReply):
            text = said or i18n.t("done", lang)
            await files.followup(interaction, text, reply.images, not public)
            await self.delivery.deliver_league(reply.league)
        elif reply.kind == PANEL:
            mine = [m for m in messages if isinstance(m, PrivateUpdate) and m.user_id == user]
            for panel in mine:
                await self.delivery.send_panel_reply(interaction, panel, lang)
            messages = [m for m in messages if m not in mine]
        elif reply.kind == BOARD:
            shown = [m for m in messages if isinstance(m, PublicUpdate)]
            images = tuple(i for m in shown for i in m.images)
            await files.followup(interaction, said, images, ephemeral=not public, lang=reader)
            messages = [m for m in messages if m not in shown]
        elif reply.kind == LOBBY and reply.game_id:
            lobby = [m for m in messages if isinstance(m, LobbyUpdate)]
            text = lobby[-1].text if lobby else reply.text
            shared = await self.public_locale(interaction)
            await self.delivery.threads.open_lobby(
                interaction, reply.game_id, localise(text, shared), shared, private=private_thread
            )
            messages = [m for m in messages if m not in lobby]
        else:
            done = said or i18n.t("done", lang)
            await files.followup(interaction, done, reply.files, not public, lang=reader)
        if reply.kind == REMATCH and reply.game_id:
            # The reply starts the thread; editing it as a lobby would lose its first line.
            shared = await self.public_locale(interaction)
            text = localise(reply.text, shared)
            await self.delivery.threads.open_rematch_thread(reply.game_id, text, shared)
            messages = [m for m in messages if not isinstance(m, LobbyUpdate)]
        if reply.kind in SEATING and reply.game_id:
            await self.delivery.probe_interactive(interaction, reply.game_id, lang)
            if reply.kind == SEATED:
                await self.delivery.threads.seat_in_thread(reply.game_id, user)
        # What the answer itself showed is not sent again by the outbox.
        kept = {id(m) for m in messages}
        await self.service.postbox.withdraw([m for m in reply.messages if id(m) not in kept])
        await self.delivery.deliver(messages)

    async def _reprobe(self, interaction: discord.Interaction[Any]) -> None:
        """DMs asked for again: one DM tries them now, and a closed DM is said at once."""
        lang = await self.locale(interaction)
        if not await self.delivery.reprobe(interaction.user.id, lang):
            await interaction.followup.send(i18n.t("dm_still_closed", lang), ephemeral=True)

    async def fail(self, interaction: discord.Interaction[Any], err: BaseException) -> None:
        """The one error handler: GameError as an ephemeral line, else an incident id."""
        if isinstance(err, app_commands.CommandInvokeError):
            err = err.original
        if isinstance(err, StorageFullError):  # a panel click that did not go through dispatch
            log.error("not saved: %s", err)
            err = storage_full()
        if isinstance(err, GameError):
            text = localise(err.user_message, await self._safe_locale(interaction))
        else:
            incident = uuid.uuid4().hex[:8]
            with logs.about(incident=incident):
                log.error("incident %s", incident, exc_info=err)
            text = i18n.t("apology", await self._safe_locale(interaction), incident=incident)
        try:
            if interaction.response.is_done():
                await _clear_public_thinking(interaction)
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not tell user %s about an error", interaction.user.id)

    async def _safe_locale(self, interaction: discord.Interaction[Any]) -> str:
        try:
            return await self.locale(interaction)
        except Exception:  # the apology must go out even when the store is the problem
            return "en"

    async def autocomplete(
        self, interaction: discord.Interaction[Any], command: Command, option: str, current: str
    ) -> list[app_commands.Choice[Any]]:
        """Legal values for one option given what the user has filled in so far."""
        given: dict[str, Any] = {}
        for name, value in interaction.namespace:
            given[name] = value.id if isinstance(value, discord.abc.Snowflake) else value
        try:
            given.update(await self.context(interaction))
            found = await complete(
                self.service, interaction.user.id, command, option, given, current
            )
        except Exception:  # a suggestion list that fails is an empty one; submit re-checks
            log.exception("autocomplete /%s %s", command.path, option)
            return []
        spec = command.option(option)
        numeric = spec is not None and spec.type == "int"
        lang = await self._safe_locale(interaction)
        choices: list[app_commands.Choice[Any]] = []
        for s in found:
            if numeric and not s.value.lstrip("-").isdigit():
                continue
            filled: Any = int(s.value) if numeric else s.value[:100]
            choices.append(app_commands.Choice(name=localise(s.name, lang)[:100], value=filled))
        return choices


async def _clear_public_thinking(interaction: discord.Interaction[Any]) -> None:
    """Delete a public 'thinking…' message, so that the error sent after it stays private.

    Discord gives the first followup after a deferral the deferral's visibility whatever flags
    it asks for: an error of a public command (/board) would otherwise show in the channel.
    """
    deferred = discord.InteractionResponseType.deferred_channel_message
    if getattr(interaction.response, "type", None) is not deferred:
        return
    original = await interaction.original_response()
    if original.flags.loading and not original.flags.ephemeral:
        await interaction.delete_original_response()


def find(path: str) -> Command:
    """A catalogue command by path ('board', 'neuroshima place'); KeyError when there is none."""
    command = catalogue().find(path)
    if command is None:
        raise KeyError(path)
    return command


def picked_values(interaction: discord.Interaction[Any]) -> list[str]:
    """The values a select menu interaction carries."""
    data: Any = interaction.data or {}
    return [str(v) for v in data.get("values") or []]


def runner_of(interaction: discord.Interaction[Any]) -> Runner:
    """The Runner of the client an interaction arrived on."""
    runner = getattr(interaction.client, "runner", None)
    if not isinstance(runner, Runner):
        raise RuntimeError("the client has no Muster runner")
    return runner
