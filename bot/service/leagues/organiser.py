"""Organiser powers: pause, remove, replace, re-pair, adjudicate, override a result; all logged.

An organiser is the league's creator, an admin (the front-end says so), or anyone holding one
of the server's league roles (`/league setup roles:...`, kept in the guild settings).
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import bot.service.agreements as agreements
import bot.service.lobby as lobby
from bot.service.errors import PermissionDeniedError
from bot.service.i18n import stored
from bot.service.leagues.config import SEASON_RATINGS, LeagueError
from bot.service.leagues.messages import LeagueReply
from bot.service.leagues.present import entrant_name, league_reason
from bot.service.leagues.results import leagues_of, record_result
from bot.service.leagues.rounds import adjudication_reason, close_game
from bot.service.leagues.standings import table_points
from bot.service.leagues.state import (
    PAUSED,
    REMOVED,
    REPLACED,
    RESUMED,
    VOIDED,
    LeagueState,
    Table,
    is_ai_entrant,
)
from bot.service.moments import Moment
from bot.service.outbox import Message, Notice
from bot.service.table import Host
from games.base import GameError
from games.text import Text
from storage.leagues import LeagueStatus, NewLeagueEvent
from storage.records import GameStatus, GuildSettings

if TYPE_CHECKING:
    from bot.service.leagues.service import Caller, LeagueService

ROLES = "league_roles"
RATINGS = "league_ratings"


async def _roles(host: Host, guild: int) -> set[int]:
    settings = (await host.store.get_guild_settings(guild)).settings
    return {int(r) for r in settings.get(ROLES, [])}


async def may_create(host: Host, guild: int, caller: Caller) -> bool:
    """Anyone where no league roles are set; else admins and role holders."""
    roles = await _roles(host, guild)
    return caller.admin or not roles or bool(roles & set(caller.roles))


async def is_organiser(host: Host, state: LeagueState, caller: Caller) -> bool:
    """True for the creator, admins and holders of the server's league roles."""
    if caller.admin or caller.user == state.config.creator:
        return True
    return bool(await _roles(host, state.head.guild_id) & set(caller.roles))


async def require(host: Host, state: LeagueState, caller: Caller) -> None:
    """Raise unless the caller may organise this league."""
    if not await is_organiser(host, state, caller):
        raise PermissionDeniedError("Only the league's organisers can do that.", code="not_org")


async def setup(
    host: Host, guild: int, caller: Caller, roles: Sequence[int] | None, ratings: str | None
) -> str:
    """Set the server's league roles and season-rating policy (admins only)."""
    if not caller.admin:
        raise PermissionDeniedError("Only server admins set up leagues.", code="not_admin")
    current = await host.store.get_guild_settings(guild)
    settings = dict(current.settings)
    if roles is not None:
        settings[ROLES] = sorted(set(roles))
    if ratings is not None:
        if ratings not in SEASON_RATINGS:
            raise LeagueError("Season ratings reset or carry.", code="bad_option")
        settings[RATINGS] = ratings
    await host.store.put_guild_settings(GuildSettings(guild, current.locale, settings))
    shown = ", ".join(f"<@&{r}>" for r in settings.get(ROLES, []))
    return Text(
        "League organisers: {roles}. Season ratings: {ratings}.",
        roles=shown or Text("anyone may organise"),
        ratings=settings.get(RATINGS, "reset"),
    )


async def _log(
    host: Host, state: LeagueState, kind: str, data: dict[str, Any], actor: int,
    status: LeagueStatus | None = None,
) -> None:  # fmt: skip
    await leagues_of(host).append_league(
        state.id, state.version, [NewLeagueEvent(kind, data, actor)], status=status
    )


def _open_table(state: LeagueState, entrant: int) -> Table | None:
    current = state.current()
    if current is None:
        return None
    return next((t for t in current.tables if entrant in t.seats and t.result is None), None)


async def remove(
    leagues: LeagueService, state: LeagueState, caller: Caller, entrant: int, reason: str,
    own: bool = False,
) -> LeagueReply:  # fmt: skip
    """Take an entrant out of future rounds; their open game is resigned (the bot plays on)."""
    host = leagues.host
    if not own:
        await require(host, state, caller)
    if entrant not in state.entrants or not state.entrants[entrant].active:
        raise LeagueError("That player is not active in this league.", code="not_in")
    await _log(host, state, REMOVED, {"entrant": entrant, "reason": reason}, caller.user)
    messages: list[Message] = []
    table = _open_table(state, entrant)
    if table is not None and not is_ai_entrant(entrant):
        try:
            reply = await agreements.resign(host, table.game_id, state.entrants[entrant].user)
            messages += reply.messages
        except GameError:
            pass  # the game ended meanwhile; its result stands
    text = Text(
        "{player} is out of {league} ({reason}).",
        player=entrant_name(host, state, entrant),
        league=state.head.name,
        reason=league_reason(reason),
    )
    return await leagues._after(state.id, LeagueReply(text, tuple(messages), None, (), state.id))


async def replace_entrant(
    leagues: LeagueService, state: LeagueState, caller: Caller, entrant: int, new: int, reason: str
) -> LeagueReply:
    """Let `new` take over an entrant's place, score and open game."""
    host = leagues.host
    await require(host, state, caller)
    if entrant not in state.entrants or is_ai_entrant(entrant):
        raise LeagueError("That player is not in this league.", code="not_in")
    if state.entrant_of(new) is not None or new in state.entrants:
        raise LeagueError("The replacement already plays in this league.", code="already_in")
    old_user = state.entrants[entrant].user
    data = {"entrant": entrant, "user": new, "reason": reason}
    await _log(host, state, REPLACED, data, caller.user)
    await host.store.add_league_member(state.id, new)
    messages: list[Message] = []
    table = _open_table(state, entrant)
    if table is not None:
        reply = await agreements.replace_player(
            host, table.game_id, caller.user, old_user, new, admin=True
        )
        messages += reply.messages
    text = Text(
        "{player} replaces {old} in {league} ({reason}).",
        player=host.name(new),
        old=host.name(old_user),
        league=state.head.name,
        reason=league_reason(reason),
    )
    return LeagueReply(text, tuple(messages), None, (), state.id)


async def pause(host: Host, state: LeagueState, caller: Caller, reason: str) -> LeagueReply:
    """Stop pairing and the round clock (games in progress keep their own clocks)."""
    await require(host, state, caller)
    if state.phase not in ("running", "signup"):
        raise LeagueError("Only a running league can be paused.", code="not_running")
    await _log(host, state, PAUSED, {"reason": reason}, caller.user, LeagueStatus.PAUSED)
    paused = Text(
        "{league} is paused: {reason}.", league=state.head.name, reason=league_reason(reason)
    )
    return LeagueReply(paused, league_id=state.id)


async def resume(leagues: LeagueService, state: LeagueState, caller: Caller) -> LeagueReply:
    """Restart a paused league; the round deadline moves by the time it stood still."""
    host = leagues.host
    await require(host, state, caller)
    if state.paused_at is None:
        raise LeagueError("The league is not paused.", code="not_paused")
    now = host.clock.now()
    data: dict[str, Any] = {}
    current = state.current()
    text = Text("{league} resumes.", league=state.head.name)
    if current is not None:
        deadline = current.deadline + (now - state.paused_at)
        data["deadline"] = deadline.isoformat()
        text = Text(
            "{league} resumes; round {round} now ends {deadline}.",
            league=state.head.name,
            round=current.number,
            deadline=Moment(deadline, said=now),
        )
    status = LeagueStatus.RUNNING if state.started is not None else LeagueStatus.SIGNUP
    await _log(host, state, RESUMED, data, caller.user, status)
    return await leagues._after(state.id, LeagueReply(text, league_id=state.id))


def _table(state: LeagueState, game_id: int) -> Table:
    table = state.table_of(game_id)
    if table is None:
        raise LeagueError(
            "Game {game} is not a table of this league.", code="not_league_game", game=game_id
        )
    return table


async def report(
    leagues: LeagueService, state: LeagueState, caller: Caller, game_id: int,
    winner: int | None, reason: str,
) -> LeagueReply:  # fmt: skip
    """Set a table's result by hand (winner's user id, or None for a draw), closing its game."""
    host = leagues.host
    await require(host, state, caller)
    table = _table(state, game_id)
    users = [state.entrants[e].user if e in state.entrants else e for e in table.seats]
    if winner is not None and winner not in users:
        raise LeagueError("The winner must sit at that table.", code="not_seated")
    seat = None if winner is None else users.index(winner)
    keys = [(0 if seat is None or s == seat else 1, 0.0) for s in range(len(table.seats))]
    record = await host.store.get_game(game_id)
    said = Text("organiser: {reason}", reason=reason)
    outcome = {
        "winners": [] if seat is None else [seat],
        "reason": str(said),
        "said": stored(said),
        "scores": [],
        "resigned": [],
        "ended_by": "league",
    }
    if record.status.is_open:
        await host.store.set_status(game_id, GameStatus.FINISHED, expected=record.status,
                                    outcome=outcome)  # fmt: skip
        await host.store.cancel_deadlines(game_id)
        host.cache.pop(game_id, None)
    data = {
        "round": table.round, "board": table.board, "game": game_id,
        "points": table_points(keys, state.config.seats), "scores": [0.0] * len(table.seats),
        "source": "override", "reason": reason,
    }  # fmt: skip
    await record_result(host, state, table, data, caller.user)
    who = Text("a draw") if winner is None else Text("{player} wins", player=host.name(winner))
    text = Text(
        "Game {game} result set by {organiser}: {result} ({reason}).",
        game=game_id,
        organiser=host.name(caller.user),
        result=who,
        reason=league_reason(reason),
    )
    reply = LeagueReply(text, (Notice(game_id, text),), game_id, (), state.id)
    return await leagues._after(state.id, reply)


async def adjudicate(
    leagues: LeagueService, state: LeagueState, caller: Caller, game_id: int | None, rule: str
) -> LeagueReply:
    """End one table (or every unfinished table of the round) by the rule: hq lead or draw."""
    host = leagues.host
    await require(host, state, caller)
    current = state.current()
    if game_id is not None:
        tables = [_table(state, game_id)]
    else:
        tables = [t for t in (current.tables if current else ()) if t.result is None]
    messages: list[Message] = []
    for table in tables:
        fresh = await leagues.state(state.id)
        data, notices = await close_game(host, fresh, table, rule, adjudication_reason(rule, True))
        await record_result(host, fresh, table, data, caller.user)
        messages += notices
    text = Text.plural(
        "Adjudicated {count} table ({rule}).", "Adjudicated {count} tables ({rule}).",
        len(tables), rule=rule,
    )  # fmt: skip
    return await leagues._after(state.id, LeagueReply(text, tuple(messages), None, (), state.id))


async def repair(
    leagues: LeagueService, state: LeagueState, caller: Caller, reason: str
) -> LeagueReply:
    """Void the current round (no results yet) and pair it again."""
    host = leagues.host
    await require(host, state, caller)
    current = state.current()
    if current is None or state.phase != "running":
        raise LeagueError("There is no round to re-pair.", code="no_round")
    if any(t.result is not None for t in current.tables):
        raise LeagueError("Results are in; adjudicate or override instead.", code="results_in")
    await _log(host, state, VOIDED, {"round": current.number, "reason": reason}, caller.user)
    for table in current.tables:
        record = await host.store.get_game(table.game_id)
        if record.status in (GameStatus.LOBBY, GameStatus.ACTIVE):
            # If it ended meanwhile, the round is void all the same.
            with contextlib.suppress(GameError):
                await lobby.cancel(host, table.game_id, caller.user, admin=True)
    text = Text(
        "Round {round} of {league} is voided ({reason}) and paired again.",
        round=current.number,
        league=state.head.name,
        reason=league_reason(reason),
    )
    return await leagues._after(state.id, LeagueReply(text, league_id=state.id))
