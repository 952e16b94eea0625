"""Which game a command means: the one named, else the front-end's focus (a Discord thread, the
console's current game) when the user sits there, else the user's only open game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.service.commands.place import game_here
from bot.service.commands.spec import CONTEXT_GAME, Options
from bot.service.errors import NoSuchGameError
from bot.service.plugin import group_name
from games.registry import find_game
from games.text import Text
from storage.base import GameNotFoundError

if TYPE_CHECKING:
    from bot.service.service import Service, UserId


async def _seated(service: Service, game_id: int, user: UserId) -> bool:
    uid = service.user(user)
    return any(s.user_id == uid for s in await service.store.seats(game_id))


async def check_kind(service: Service, game_id: int, key: str) -> None:
    """Refuse a game of another kind named in a game's own group (`/<group> map game:N`)."""
    try:
        record = await service.store.get_game(game_id)
    except GameNotFoundError:
        raise NoSuchGameError("There is no game {game}.", game=game_id) from None
    if record.game_key != key:
        raise NoSuchGameError(
            "Game {game} is a {kind} game, not {wanted}; use /{group}.",
            code="wrong_game_kind",
            game=game_id,
            kind=Text.verbatim(find_game(record.game_key).name),
            wanted=Text.verbatim(find_game(key).name),
            group=Text.verbatim(group_name(record.game_key)),
        )


async def resolve_game(
    service: Service,
    user: UserId,
    options: Options,
    key: str | None = None,
    *,
    seated: bool = True,
) -> int:
    """The game a command is about (see the module docstring); raises NoSuchGameError."""
    given = options.get("game")
    if given is not None:
        # Another server's game is "not here" before its kind is said (nothing leaks about it).
        gid = await game_here(service, user, options, given)
        if key is not None:
            await check_kind(service, gid, key)
        return gid
    focus = options.get(CONTEXT_GAME)
    if focus is not None:
        gid = service.game(focus)
        try:
            record = await service.store.get_game(gid)
        except Exception:  # a stale focus (deleted game) falls through to the user's games
            record = None
        fits = record is not None and (key is None or record.game_key == key)
        if fits and (not seated or await _seated(service, gid, user)):
            return gid
    mine = [g for g in await service.games(user) if key is None or g.game_key == key]
    if len(mine) == 1:
        return mine[0].id
    waiting = [g for g in await service.waiting(user) if key is None or g.game_key == key]
    if len(waiting) == 1:
        return waiting[0].id
    what = find_game(key).name if key else ""
    if not mine:
        if focus is not None and not seated:
            gid = service.game(focus)
            if key is not None:
                await check_kind(service, gid, key)
            return gid
        if key:
            raise NoSuchGameError(
                "You are in no open {game} game. Start one with /{group} new.",
                code="no_game",
                game=Text.verbatim(what),
                group=Text.verbatim(group_name(key)),
            )
        raise NoSuchGameError("You are in no open game.", code="no_game")
    ids = ", ".join(f"#{g.id}" for g in mine)
    raise NoSuchGameError(
        "You are in several games ({ids}); say which with game:NUMBER.", code="which_game", ids=ids
    )
