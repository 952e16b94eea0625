"""What a chat front-end needs beyond commands: where a game lives, DM reachability, hand panels.

Discord keeps a game's thread, remembers closed DMs and builds a hand panel with selects and
buttons; all of it goes through here so the front-end never touches the store or the rules.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from bot.service.ai import is_ai
from bot.service.commands.sources import Ask, legal_values
from bot.service.commands.spec import Command, Suggestion
from bot.service.errors import NoSuchGameError
from bot.service.i18n import pick
from bot.service.outbox import Image
from bot.service.plugin import plugin_for
from bot.service.table import load_table
from storage.base import GameNotFoundError
from storage.records import DmStatus, Notifications

if TYPE_CHECKING:
    from bot.service.service import GameId, Service, UserId


@dataclass(frozen=True, slots=True)
class Place:
    """Where a game is shown and how far it has got."""

    game_id: int
    game_key: str
    status: str
    version: int
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None


async def place(service: Service, game: GameId) -> Place:
    """Where game `game` lives (raises NoSuchGameError for an unknown id)."""
    gid = service.game(game)
    try:
        # Read from the store, not the table cache: the thread is set outside the event log.
        r = await service.store.get_game(gid)
    except GameNotFoundError:
        raise NoSuchGameError("There is no game {game}.", game=gid) from None
    return Place(r.id, r.game_key, str(r.status), r.version, r.guild_id, r.channel_id, r.thread_id)


async def set_thread(service: Service, game: GameId, thread_id: int) -> None:
    """Remember the thread a game is played in."""
    await service.store.update_game(service.game(game), thread_id=thread_id)


async def game_in_channel(service: Service, channel_id: int) -> int | None:
    """The open game whose thread (or, failing that, newest game whose channel) this is."""
    records = await service.store.games_in_channel(channel_id)
    threaded = [g for g in records if g.thread_id == channel_id]
    if threaded:
        return threaded[-1].id
    return None


async def humans(service: Service, game: GameId) -> list[int]:
    """The users (not AI seats) seated in a game, by seat."""
    seats = await service.store.seats(service.game(game))
    return [s.user_id for s in sorted(seats, key=lambda s: s.seat) if not is_ai(s.user_id)]


async def dm_status(service: Service, user: UserId) -> str:
    """'ok', 'blocked' or 'unknown': whether direct messages reached the user last time;
    'blocked' too when they asked for a private thread, 'off' when for no notifications."""
    settings = await service.store.get_user_settings(service.user(user))
    if settings.notifications is Notifications.OFF:
        return "off"
    if settings.notifications is Notifications.THREAD:
        return str(DmStatus.BLOCKED)
    return str(settings.dm_status)


async def set_dm_status(service: Service, user: UserId, reachable: bool) -> None:
    """Remember whether direct messages reach a user (so closed DMs are not retried)."""
    current = await service.store.get_user_settings(service.user(user))
    status = DmStatus.OK if reachable else DmStatus.BLOCKED
    if current.dm_status is not status:
        await service.store.put_user_settings(replace(current, dm_status=status))


async def locale(service: Service, user: UserId) -> str | None:
    """The user's chosen language (None: follow their client)."""
    return (await service.store.get_user_settings(service.user(user))).locale


async def server_language(service: Service, guild: int, preferred: str | None = None) -> str:
    """The language of a server's public posts: set by /settings, else the server's own."""
    chosen = (await service.store.get_guild_settings(guild)).locale
    return pick(chosen, preferred)


async def user_language(service: Service, user: UserId, client: str | None = None) -> str:
    """The language of what one user reads: /settings language, else their client's."""
    return pick(await locale(service, user), client)


async def game_language(service: Service, game: GameId, preferred: str | None = None) -> str:
    """The language of a game's public posts: its server's (English for a game in DMs)."""
    guild = (await place(service, game)).guild_id
    if guild is None:
        return pick(preferred)
    return await server_language(service, guild, preferred)


async def legal_choices(
    service: Service, user: UserId, command: Command, option: str, given: dict[str, str]
) -> list[Suggestion]:
    """Every legal value of one option (no 25 cap: a panel may spread them over menus)."""
    options = {**given}
    return await legal_values(Ask(service, user, command, option, options, ""))


@dataclass(frozen=True, slots=True)
class Seat:
    """A user's seat in a game as a panel needs it."""

    game_id: int
    game_key: str
    seat: int
    version: int
    to_act: bool


async def seat_of(service: Service, game: GameId, user: UserId) -> Seat | None:
    """The user's seat in a running game (None when they have none or it is not running)."""
    table = await load_table(service.host, service.game(game))
    seat = table.seat_of(service.user(user))
    if seat is None or table.state is None:
        return None
    r = table.record
    return Seat(r.id, r.game_key, seat, r.version, seat in table.to_act())


async def preview(
    service: Service, game: GameId, user: UserId, tile: str, hex_label: str, facing: int
) -> Image | None:
    """The user's hand with `tile` shown on the board at a hex and facing (None: the game's
    plug-in previews nothing, or the user has no seat)."""
    table = await load_table(service.host, service.game(game))
    seat = table.seat_of(service.user(user))
    plugin = plugin_for(table.spec.key)
    if seat is None or table.state is None or plugin is None or plugin.preview is None:
        return None
    return plugin.preview(table, seat, tile, hex_label, facing)


GAME_THREADS = "game_threads"
"""Guild setting: per game, the private hand thread of each user and a private game's lobby
message, {"<game>": {"<user>": thread_id, "lobby": message_id}}; dropped when the game ends."""
LOBBY_KEY = "lobby"
MAX_REMEMBERED_GAMES = 500
"""Games whose threads a guild remembers at most (the oldest are forgotten first)."""


async def _guild_of(service: Service, game: GameId) -> int | None:
    return (await place(service, game)).guild_id


async def _game_threads(service: Service, guild: int, game: int) -> dict[str, int]:
    settings = (await service.store.get_guild_settings(guild)).settings
    found = settings.get(GAME_THREADS, {}).get(str(game), {})
    return {str(k): int(v) for k, v in found.items()}


async def _put_game_thread(service: Service, guild: int, game: int, key: str, value: int) -> None:
    current = await service.store.get_guild_settings(guild)
    games = {k: dict(v) for k, v in current.settings.get(GAME_THREADS, {}).items()}
    games.setdefault(str(game), {})[key] = value
    while len(games) > MAX_REMEMBERED_GAMES:
        games.pop(next(iter(games)))
    settings = {**current.settings, GAME_THREADS: games}
    await service.store.put_guild_settings(replace(current, settings=settings))


async def hand_thread(service: Service, game: GameId, user: UserId) -> int | None:
    """The private thread a user with closed DMs gets their hand in, for one game."""
    gid = service.game(game)
    guild = await _guild_of(service, gid)
    if guild is None:
        return None
    return (await _game_threads(service, guild, gid)).get(str(service.user(user)))


async def set_hand_thread(service: Service, game: GameId, user: UserId, thread_id: int) -> None:
    """Remember a user's private hand thread of a game (kept across restarts)."""
    gid = service.game(game)
    guild = await _guild_of(service, gid)
    if guild is not None:
        await _put_game_thread(service, guild, gid, str(service.user(user)), thread_id)


async def lobby_message(service: Service, game: GameId) -> int | None:
    """The lobby message of a game played in a private thread (None: the thread's starter)."""
    gid = service.game(game)
    guild = await _guild_of(service, gid)
    if guild is None:
        return None
    return (await _game_threads(service, guild, gid)).get(LOBBY_KEY)


async def set_lobby_message(service: Service, game: GameId, message_id: int) -> None:
    """Remember the lobby message of a game whose thread is private (so not started from it)."""
    gid = service.game(game)
    guild = await _guild_of(service, gid)
    if guild is not None:
        await _put_game_thread(service, guild, gid, LOBBY_KEY, message_id)


async def game_message(service: Service, game: GameId, key: str) -> int | None:
    """A message of a game that a front-end edits in place (e.g. the 'bridge'), by key."""
    gid = service.game(game)
    guild = await _guild_of(service, gid)
    if guild is None:
        return None
    return (await _game_threads(service, guild, gid)).get(key)


async def set_game_message(service: Service, game: GameId, key: str, message_id: int) -> None:
    """Remember a message of a game edited in place (forgotten when the game ends)."""
    gid = service.game(game)
    guild = await _guild_of(service, gid)
    if guild is not None:
        await _put_game_thread(service, guild, gid, key, message_id)


async def forget_game_threads(service: Service, game: GameId) -> None:
    """Drop what a guild remembers about a finished game's threads."""
    gid = service.game(game)
    guild = await _guild_of(service, gid)
    if guild is None:
        return
    current = await service.store.get_guild_settings(guild)
    games = dict(current.settings.get(GAME_THREADS, {}))
    if games.pop(str(gid), None) is None:
        return
    settings = {**current.settings, GAME_THREADS: games}
    await service.store.put_guild_settings(replace(current, settings=settings))


async def league_game(service: Service, game: GameId) -> bool:
    """Whether a game is a table of a league (its end may pair the league's next round)."""
    from storage.leagues import LeagueStore

    store = service.store
    if not isinstance(store, LeagueStore):
        return False
    return await store.league_of_game(service.game(game)) is not None
