"""Which server a game belongs to: the one check every game id a user names goes through.

A game belongs to the server (or the DMs) it was created in. A command given anywhere else
about it answers "no such game here" unless the caller sits in it (or, in a lobby, is invited):
players may act from their DMs, but nobody reaches a stranger's game by typing its number.
Admin powers (Manage Server) reach only the games of the server they were given in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.service.commands.spec import CONTEXT_ADMIN, CONTEXT_GUILD, Options
from bot.service.errors import NoSuchGameError
from bot.service.table import HostSettings
from storage.base import GameNotFoundError
from storage.records import GameRecord

if TYPE_CHECKING:
    from bot.service.service import GameId, Service, UserId


def caller_place(options: Options) -> int | None:
    """The server a command was given in (None: DMs or the console)."""
    # The console's leagues say guild 0; 0 and None are both "no server".
    return int(options.get(CONTEXT_GUILD) or 0) or None


def same_place(record: GameRecord, options: Options) -> bool:
    """Whether game `record` was created where the command was given."""
    return (record.guild_id or None) == caller_place(options)


async def belongs(service: Service, record: GameRecord, user: UserId) -> bool:
    """Whether the user sits in the game, hosts it or is invited to it."""
    uid = service.user(user)
    if any(s.user_id == uid for s in await service.store.seats(record.id)):
        return True
    settings = HostSettings.from_json(record.config.get("host", {}))
    return uid == settings.host_user or uid in settings.invited


def not_here(game_id: int) -> NoSuchGameError:
    """The answer to a game id that names another server's game."""
    return NoSuchGameError("There is no game {game} here.", code="not_here", game=game_id)


async def game_here(service: Service, user: UserId, options: Options, game: GameId) -> int:
    """The id of game `game` when the caller may name it here; raises NoSuchGameError.

    An unknown id passes through: the service answers it as it always has ("There is no
    game N."), so the two answers differ only for ids that exist.
    """
    gid = service.game(game)
    try:
        record = await service.store.get_game(gid)
    except GameNotFoundError:
        return gid
    if same_place(record, options) or await belongs(service, record, user):
        return gid
    raise not_here(gid)


async def admin_over(service: Service, game: GameId, options: Options) -> bool:
    """True when the caller administrates the server game `game` belongs to."""
    if not options.get(CONTEXT_ADMIN, False):
        return False
    try:
        record = await service.store.get_game(service.game(game))
    except GameNotFoundError:
        return False
    return same_place(record, options)
