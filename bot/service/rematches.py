"""A rematch: the same players, settings and roles, seats rotated by one, in a new game."""

from __future__ import annotations

from typing import Any

import bot.service.dice_audit as dice_audit
import bot.service.lobby as lobby
import bot.service.lobby_open as lobby_open
from bot.service.errors import LobbyError, PermissionDeniedError
from bot.service.lobby_open import LobbyRequest
from bot.service.lobby_text import lobby_text
from bot.service.outbox import LobbyUpdate, PublicUpdate, Reply
from bot.service.table import Host, HostSettings, Table, load_table
from games.text import Text
from storage.records import GameRecord, GameStatus, NewSeat


def _rematch_options(table: Table, order: list[int]) -> dict[str, Any]:
    """The finished game's options for its rematch, where old seat `order[n]` plays seat n.

    Per-seat options follow their player; players' dice words stay with the old game, whose
    secret seed they were mixed with.
    """
    kept = {k: v for k, v in table.settings.options.items() if k != dice_audit.WORDS}
    for key in table.profile.seat_options:
        if key in kept:
            old = {str(k): v for k, v in dict(kept[key]).items()}
            kept[key] = {str(new): old[str(s)] for new, s in enumerate(order) if str(s) in old}
    return kept


async def rematch(host: Host, game_id: int, user: int) -> Reply:
    """A new game with the same players, settings and roles, seats rotated by one, started.

    A game whose dice are committed first stays a lobby instead: its fresh commitment is
    posted now, and players add new words before its host starts it.
    """
    table = await load_table(host, game_id)
    if table.record.status.is_open:
        raise LobbyError("Finish this game before a rematch.", code="not_finished")
    if table.seat_of(user) is None:
        raise PermissionDeniedError(
            "Only players of that game can ask for a rematch.", code="not_seated"
        )
    commit_first = table.profile.commit_first
    made = await _made_rematch(host, game_id, user)
    if made is not None:
        # Asked again, or after a crash between its writes: the rematch already made goes on.
        return await _go_on(host, made, user, commit_first)
    s = table.settings
    seats = sorted(table.seats, key=lambda r: r.seat)
    order = seats[1:] + seats[:1]
    request = LobbyRequest(
        table.spec.key,
        user,
        mode=s.mode,
        seats=s.seats,
        options=_rematch_options(table, [r.seat for r in order]),
        clock=s.clock,
        rated=s.rated,
        timeout=s.timeout,
        guild_id=table.record.guild_id,
        channel_id=table.record.channel_id,
        join=False,
        rematch_of=game_id,
        seated=tuple(NewSeat(seat, r.user_id, r.role) for seat, r in enumerate(order)),
    )
    reply = await lobby_open.create(host, request)
    new_id = reply.game_id
    assert new_id is not None
    return await _go_on(host, await host.store.get_game(new_id), user, commit_first)


async def _made_rematch(host: Host, game_id: int, user: int) -> GameRecord | None:
    """The open rematch of `game_id` (every player of the old game sits in it), if made."""
    for record in await host.store.active_games_for_user(user):
        if HostSettings.from_json(record.config.get("host", {})).rematch_of == game_id:
            return record
    return None


async def _go_on(host: Host, record: GameRecord, user: int, commit_first: bool) -> Reply:
    """A made rematch: a committed lobby waits for words; any other lobby starts now."""
    if record.status is not GameStatus.LOBBY:
        return Reply(Text("Rematch: game {game}.", game=record.id), (), record.id)
    if commit_first:
        return await _committed_lobby(host, record.id)
    started = await lobby.start(host, record.id, user, admin=True)
    text = Text.lines([Text("Rematch: game {game}.", game=record.id), started.text])
    return Reply(text, started.messages, record.id)


async def _committed_lobby(host: Host, game_id: int) -> Reply:
    table = await load_table(host, game_id)
    await dice_audit.keep_commitment(host, table)
    commitment = dice_audit.commitment_text(table)
    head = Text(
        "Rematch: game {game}, the same set-up with a fresh secret seed. Add your own words "
        "to the dice now if you like, then start it.",
        game=game_id,
    )
    text = Text.lines([head, commitment, lobby_text(host, table)])
    # Posted on its own too: the lobby message is edited as players join and add words.
    return Reply(text, (LobbyUpdate(game_id, text), PublicUpdate(game_id, commitment)), game_id)
