"""`/muster-admin` commands the service answers: start any game's lobby, hand a seat over.

Not in the catalogue (Discord registers the admin group on its own, visible to Manage Server);
their handlers reach a game only through `place`, so an admin's power stops at their server.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.service.commands.place import admin_over, game_here
from bot.service.commands.spec import Command, Options, opt, required_str
from bot.service.errors import PermissionDeniedError
from bot.service.outbox import Reply

if TYPE_CHECKING:
    from bot.service.service import Service, UserId

ADMIN_GROUP = "muster-admin"


async def _admin_game(service: Service, user: UserId, o: Options) -> int:
    gid = await game_here(service, user, o, required_str(o, "game"))
    if not await admin_over(service, gid, o):
        raise PermissionDeniedError(
            "Only an admin of the server game {game} belongs to can do that.",
            code="not_admin",
            game=gid,
        )
    return gid


async def _start(service: Service, user: UserId, o: Options) -> Reply:
    gid = await _admin_game(service, user, o)
    return await service.start(gid, user, admin=True)


async def _replace(service: Service, user: UserId, o: Options) -> Reply:
    gid = await _admin_game(service, user, o)
    old, new = required_str(o, "old"), required_str(o, "new")
    return await service.replace_player(gid, user, old, new, admin=True)


GAME = opt("game", "int", "Game number", True, min_value=1)
START = Command("start", "Start a full lobby for its host", _start, (GAME,), ADMIN_GROUP)
REPLACE = Command(
    "replace",
    "Hand a player's seat to someone else",
    _replace,
    (
        GAME,
        opt("old", "user", "Who leaves the seat", True),
        opt("new", "user", "Who takes it", True),
    ),
    ADMIN_GROUP,
)
