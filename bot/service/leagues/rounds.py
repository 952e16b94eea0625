"""A round's games: created with the league's clock, linked in the log, started; results back."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import bot.service.leagues.posting as posting
import bot.service.lobby as lobby
from bot.service.i18n import stored
from bot.service.leagues.adjudicate import adjudicated
from bot.service.leagues.messages import LeagueMessage, TableOpened
from bot.service.leagues.results import leagues_of, result_data
from bot.service.leagues.state import (
    PAIRED,
    LeagueState,
    Table,
    ai_level_user,
    is_ai_entrant,
)
from bot.service.leagues.swiss import Pairing
from bot.service.lobby_open import LobbyRequest, new_game
from bot.service.moments import Moment
from bot.service.outbox import Message, Notice
from bot.service.profiles import RANDOM_ROLE, profile_for
from bot.service.sight import public_view
from bot.service.table import Host, load_table
from games.base import GameError
from games.registry import find_game
from games.text import Text
from storage.base import ConflictError
from storage.leagues import NewLeagueEvent
from storage.records import GameStatus, NewGame, NewOutbox, NewSeat

log = logging.getLogger(__name__)


def seat_user(state: LeagueState, entrant: int) -> int:
    """Who sits for an entrant: the holder, or the AI level for AI entrants."""
    if is_ai_entrant(entrant):
        return ai_level_user(entrant)
    return state.entrants[entrant].user


@dataclass(frozen=True, slots=True)
class Opened:
    """A round written to the log: the messages of its started games, and the league's own
    (the announcement, then a thread per table) that were written with the pairing."""

    messages: tuple[Message, ...]
    league: tuple[LeagueMessage, ...]


def _new_game(state: LeagueState, seats: Sequence[int]) -> NewGame:
    """A table's game with its players seated; its seed is the game's own secret."""
    cfg = state.config
    head = state.head
    role = RANDOM_ROLE if profile_for(find_game(head.game_key)).roles else None
    rated = cfg.rated and not any(is_ai_entrant(e) for e in seats)
    request = LobbyRequest(
        head.game_key,
        cfg.creator,
        mode=cfg.mode,
        seats=len(seats),
        clock=cfg.clock,
        rated=rated,
        guild_id=head.guild_id or None,
        channel_id=head.channel_id,
        join=False,
        # Each table's seed is drawn for it alone: one table's seed, revealed when it ends,
        # tells nothing about another table's draws or a later round's.
        seated=tuple(NewSeat(seat, seat_user(state, e), role) for seat, e in enumerate(seats)),
    )
    return new_game(request)


async def open_round(
    host: Host,
    state: LeagueState,
    number: int,
    pairing: Pairing,
    now: datetime,
    slots: Sequence[int] = (),
    announce: Callable[[LeagueState], LeagueMessage] | None = None,
) -> Opened:
    """Create the round's games and log the pairing with its links, `announce(the league
    paired)` and the tables' threads (one write), then start the games.

    A crash before the write leaves nothing behind; after it, the round's lobbies are logged
    and linked, its messages are in the outbox, and `start_games` starts whichever games have
    not started (again after a restart).
    """
    deadline = now + timedelta(seconds=state.config.round_time)

    def paired(games: Sequence[int]) -> NewLeagueEvent:
        data: dict[str, Any] = {
            "round": number,
            "tables": [
                {"board": b, "game": g, "seats": list(s)}
                for b, (g, s) in enumerate(zip(games, pairing.tables, strict=True), start=1)
            ],
            "byes": list(pairing.byes),
            "why": [stored(w) for w in pairing.why],
            "deadline": deadline.isoformat(),
            "slots": list(slots),
        }
        return NewLeagueEvent(PAIRED, data)

    league: list[LeagueMessage] = []

    def outbox(games: Sequence[int]) -> list[NewOutbox]:
        if announce is not None:
            league.append(announce(posting.after(state, paired(games), now)))
        ends = Moment(deadline, said=now)
        league.extend(tables_opened(state, number, games, pairing.tables, ends))
        return posting.rows(host, league, posting.prefix(state.id, state.version))

    new = [_new_game(state, seats) for seats in pairing.tables]
    store = leagues_of(host)
    try:
        await store.open_round(state.id, state.version, number, new, paired, outbox)
    except BaseException:
        posting.unwritten(host, league)
        raise
    games = [m.game_id for m in league if isinstance(m, TableOpened)]
    return Opened(tuple(await start_games(host, state, games)), tuple(league))


def tables_opened(
    state: LeagueState,
    number: int,
    games: Sequence[int],
    tables: Sequence[Sequence[int]],
    deadline: Moment,
) -> list[TableOpened]:
    """A thread per table of round `number` under the league channel, its players named and
    the round's end said."""
    opened: list[TableOpened] = []
    head = state.head
    for board, (gid, seats) in enumerate(zip(games, tables, strict=True), start=1):
        users = tuple(seat_user(state, e) for e in seats if not is_ai_entrant(e))
        title = Text(
            "{league} · round {round} · table {board}", league=head.name, round=number, board=board
        )
        text = Text(
            "Round {round}, table {board}: game {game}, to be played by {deadline}. Good luck!",
            round=number,
            board=board,
            game=gid,
            deadline=deadline,
        )
        opened.append(
            TableOpened(
                state.id, head.guild_id, head.channel_id, number, board, gid, users, title, text
            )
        )
    return opened


async def start_games(host: Host, state: LeagueState, games: Sequence[int]) -> list[Message]:
    """Start a round's lobbies (again after a crash: started ones are skipped); the messages
    of the games that started."""
    messages: list[Message] = []
    for gid in games:
        record = await host.store.get_game(gid)
        if record.status is not GameStatus.LOBBY:
            continue
        try:
            reply = await lobby.start(host, gid, state.config.creator, admin=True)
        except GameError as err:
            log.error("league %d: game %d did not start: %s", state.id, gid, err)
            continue
        messages.extend(reply.messages)
    return messages


def adjudication_reason(rule: str, by_organiser: bool) -> Text:
    """Why a table was adjudicated under `rule` (hq or draw): an organiser, or the deadline."""
    if by_organiser:
        return Text("organiser: hq" if rule == "hq" else "organiser: draw")
    return Text("round deadline: hq" if rule == "hq" else "round deadline: draw")


async def close_game(
    host: Host, state: LeagueState, table: Table, rule: str, why: Text
) -> tuple[dict[str, Any], list[Message]]:
    """End an unfinished table by adjudication (`hq` lead or `draw`); unrated, noticed."""
    gid = table.game_id
    loaded = await load_table(host, gid)
    view = public_view(loaded, loaded.state) if loaded.state is not None else None
    winners, scores = adjudicated(state.head.game_key, view, len(table.seats), rule)
    outcome = {
        "winners": winners,
        "reason": str(why),
        "said": stored(why),
        "scores": scores,
        "resigned": [],
        "ended_by": "league",
    }
    status = loaded.record.status
    if status.is_open:
        # If it finished a moment ago by itself, its own outcome stands.
        with contextlib.suppress(ConflictError):
            await host.store.set_status(gid, GameStatus.FINISHED, expected=status, outcome=outcome)
        await host.store.cancel_deadlines(gid)
        host.cache.pop(gid, None)
    record = await host.store.get_game(gid)
    data = result_data(state, table, record, source="adjudicated")
    notice = Notice(
        gid,
        Text(
            "{league}: game {game} was adjudicated ({why}).",
            league=state.head.name,
            game=gid,
            why=why,
        ),
    )
    return data, [notice]
