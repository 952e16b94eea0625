"""Moving a league on: check-in, start, pairing each round, results, deadlines, the finish.

`advance` is idempotent: it folds the log, does the one next thing that is due, and repeats
until nothing is; a concurrent writer makes it fold again (StaleLeagueError), never double up.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

import bot.service.leagues.fixed as fixed
import bot.service.leagues.posting as posting
import bot.service.leagues.swiss as swiss
from bot.service.leagues.config import allows_seats
from bot.service.leagues.messages import (
    LeagueAnnouncement,
    LeagueMessage,
    LeagueReply,
    ScheduledEventChange,
    combine,
)
from bot.service.leagues.present import (
    entrant_name,
    ordered,
    podium_image,
    round_ends,
    standings_image,
    table_lines,
)
from bot.service.leagues.results import leagues_of, load, record_result, result_data
from bot.service.leagues.rounds import (
    adjudication_reason,
    close_game,
    open_round,
    start_games,
)
from bot.service.leagues.seasons import carried, season_ratings
from bot.service.leagues.standings import knockout_loser, lines, meetings, ranking, tiebreak_noise
from bot.service.leagues.state import (
    CANCELLED,
    CHECKIN_OPEN,
    FINISHED,
    STARTED,
    LeagueState,
    is_ai_entrant,
)
from bot.service.moments import Moment
from bot.service.outbox import Message
from bot.service.table import Host
from games.text import Text
from storage.leagues import LeagueStatus, NewLeagueEvent, StaleLeagueError
from storage.records import GameStatus, rating_scope

log = logging.getLogger(__name__)
MAX_STEPS = 64


async def ratings_of(host: Host, state: LeagueState) -> dict[int, float]:
    """Each human entrant's rating in the league's game and guild (for seeding and ties)."""
    scope = rating_scope(state.head.guild_id or None)
    out: dict[int, float] = {}
    for e in state.entrants.values():
        if is_ai_entrant(e.id):
            continue
        record = await host.store.get_rating(state.head.game_key, e.user, scope=scope)
        if record is not None:
            out[e.id] = record.rating
    return out


def _humans(state: LeagueState, entrants: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    return tuple(state.entrants[e].user for e in entrants if not is_ai_entrant(e))


def _say(state: LeagueState, text: Text, **kw: Any) -> LeagueAnnouncement:
    return LeagueAnnouncement(state.id, state.head.guild_id, state.head.channel_id, text, **kw)


def pair_next(state: LeagueState, ratings: dict[int, float]) -> tuple[swiss.Pairing, list[int]]:
    """The next round's pairing (and, for knockouts, its bracket slots)."""
    cfg = state.config
    number = len(state.rounds) + 1
    active = state.active()
    seed = f"{cfg.seed}:{number}:{state.version}"
    if cfg.format == "round-robin":
        return fixed.robin_round(state.schedule, number, set(active)), []
    if cfg.format == "knockout":
        seed_of = {e: i + 1 for i, e in enumerate(state.seeds)}
        if not state.rounds:
            slots = fixed.bracket(state.seeds)
        else:
            prev = state.rounds[-1]
            winners: dict[frozenset[int], int] = {}
            for t in prev.tables:
                assert t.result is not None
                out = knockout_loser(t.result.points, t.result.scores, t.seats, state.seeds)
                winners[frozenset(t.seats)] = t.seats[1 - out]
            slots = fixed.advance(prev.slots, winners)
        slots = [s if s in active else fixed.EMPTY for s in slots]
        pairing, _ = fixed.knockout_round(slots, number, seed_of)
        return pairing, slots
    table = lines(state)
    order = ranking(table, active, ratings, cfg.seed)
    players = [
        swiss.Player(
            e, table[e].points, table[e].byes, table[e].seat_balance, table[e].last_first,
            table[e].firsts,
        )
        for e in order
    ]  # fmt: skip
    met = meetings(state.rounds)
    if cfg.duels:
        return swiss.duels(players, met, seed, number), []
    short = allows_seats(state.head.game_key, cfg.mode, cfg.seats - 1)
    return swiss.tables(players, met, seed, number, cfg.seats, short), []


def _over(state: LeagueState) -> bool:
    cfg = state.config
    if len(state.active()) < 2:
        return True
    if cfg.format == "knockout" and state.rounds:
        last = state.rounds[-1]
        return len(last.slots) <= 2 and last.done
    planned = state.planned or cfg.planned_rounds(len(state.players))
    return len(state.rounds) >= planned


async def _start(host: Host, state: LeagueState, ratings: dict[int, float]) -> LeagueReply:
    cfg = state.config
    joined = state.active()
    if state.checkin_open:
        players = [e for e in joined if state.entrants[e].checked_in or is_ai_entrant(e)]
    else:
        players = joined
    dropped = [e for e in joined if e not in players]
    noise = tiebreak_noise(cfg.seed, players)
    by_rating = sorted(players, key=lambda e: (-ratings.get(e, float("-inf")), noise[e]))
    data: dict[str, Any] = {
        "players": players,
        "dropped": dropped,
        "rounds": cfg.planned_rounds(len(players)),
    }
    if cfg.format == "round-robin":
        data["schedule"] = [[list(g) for g in rnd] for rnd in fixed.circle(by_rating)]
    if cfg.format == "knockout":
        data["seeds"] = by_rating
    store = leagues_of(host)
    league: list[LeagueMessage] = []
    if len(players) < max(2, cfg.seats - 1):
        text = Text.plural(
            "{league} is cancelled: only {count} player checked in.",
            "{league} is cancelled: only {count} players checked in.",
            len(players),
            league=state.head.name,
        )
        league.append(_say(state, text))
        if state.external:
            league.append(
                ScheduledEventChange(state.id, state.head.guild_id, state.external, "cancelled")
            )
        cancelled = NewLeagueEvent(CANCELLED, {"reason": "too few players"})
        await posting.append(store, host, state, cancelled, league, status=LeagueStatus.CANCELLED)
        return LeagueReply(text, (), None, tuple(league), state.id)
    gone = Text.joined(", ", (entrant_name(host, state, e) for e in dropped))
    text = Text.plural(
        "{league} starts with {count} player.",
        "{league} starts with {count} players.",
        len(players),
        league=state.head.name,
    )
    if dropped:
        text = Text.joined(" ", [text, Text("Dropped (no check-in): {players}.", players=gone)])
    if state.external:
        league.append(ScheduledEventChange(state.id, state.head.guild_id, state.external, "active"))
    league.append(_say(state, text))
    started = NewLeagueEvent(STARTED, data)
    await posting.append(store, host, state, started, league, status=LeagueStatus.RUNNING)
    return LeagueReply(text, (), None, tuple(league), state.id)


async def _pair(host: Host, state: LeagueState, now: datetime) -> LeagueReply:
    ratings = await ratings_of(host, state)
    pairing, slots = pair_next(state, ratings)
    number = len(state.rounds) + 1
    head = Text("{league}: round {round} is paired.", league=state.head.name, round=number)
    said: list[Text] = []

    def announce(after: LeagueState) -> LeagueAnnouncement:
        """The pairing as the league channel reads it (written with the pairing)."""
        text = Text.lines([head, *table_lines(host, after), round_ends(after, now)])
        said.append(text)
        images = (standings_image(host, after, ratings),) if number > 1 else ()
        mention = _humans(after, [e for t in pairing.tables for e in t])
        return _say(after, text, images=images, mention=mention)

    opened = await open_round(host, state, number, pairing, now, slots, announce)
    return LeagueReply(said[0], opened.messages, None, opened.league, state.id)


async def _finish(host: Host, state: LeagueState) -> LeagueReply:
    ratings = await ratings_of(host, state)
    order = ordered(state, ratings)
    data: dict[str, Any] = {"order": order}
    if state.config.kind == "season":
        start: dict[int, tuple[float, float]] = {}
        carry = state.config.carry_from
        if state.config.season_ratings == "carry" and carry is not None:
            start = carried((await load(host, carry)).final)
        final = season_ratings(state, start)
        data["ratings"] = {
            str(state.entrants[e].user): [mu, sigma] for e, (mu, sigma) in final.items()
        }
    finished = NewLeagueEvent(FINISHED, data)
    after = posting.after(state, finished, host.clock.now(), LeagueStatus.FINISHED)
    podium = [entrant_name(host, after, e) for e in order[:3]]
    places = Text.joined(
        ", ", (Text.joined(" ", [f"{i}.", n]) for i, n in enumerate(podium, start=1))
    )
    text = Text("{league} is over. Podium: {places}", league=state.head.name, places=places)
    images = (podium_image(host, after, ratings), standings_image(host, after, ratings))
    league: list[LeagueMessage] = [_say(after, text, images=images)]
    if state.external:
        league.append(
            ScheduledEventChange(state.id, state.head.guild_id, state.external, "completed")
        )
    store = leagues_of(host)
    await posting.append(store, host, state, finished, league, status=LeagueStatus.FINISHED)
    return LeagueReply(text, (), None, tuple(league), state.id)


async def _collect(host: Host, state: LeagueState, now: datetime) -> LeagueReply | None:
    """Record one missing result, adjudicate one overdue table, or restart one stuck lobby."""
    current = state.current()
    if current is None:
        return None
    overdue = now >= current.deadline
    for table in current.tables:
        if table.result is not None:
            continue
        record = await host.store.get_game(table.game_id)
        if record.status is GameStatus.LOBBY:
            # Its thread was asked for with the pairing (in the pairing's write).
            started = await start_games(host, state, [table.game_id])
            return LeagueReply(Text.verbatim(""), tuple(started), None, (), state.id)
        if not record.status.is_open:
            await record_result(host, state, table, result_data(state, table, record))
            return LeagueReply("", (), None, (), state.id)
        if overdue:
            rule = state.config.adjudication
            data, notices = await close_game(
                host, state, table, rule, adjudication_reason(rule, False)
            )
            await record_result(host, state, table, data)
            return LeagueReply("", tuple(notices), None, (), state.id)
    return None


async def step(host: Host, state: LeagueState, now: datetime) -> LeagueReply | None:
    """The next due thing for a league, done; None when nothing is due."""
    cfg = state.config
    if state.phase == "signup":
        opens, start = cfg.checkin_opens, cfg.start
        if opens is not None and start is not None and now >= opens and not state.checkin_open:
            text = Text(
                "Check-in for {league} is open: /league check-in before the start, {start}.",
                league=state.head.name,
                start=Moment(start, said=now),
            )
            note = _say(state, text, mention=_humans(state, state.active()))
            checkin = NewLeagueEvent(CHECKIN_OPEN)
            await posting.append(leagues_of(host), host, state, checkin, [note])
            return LeagueReply(text, (), None, (note,), state.id)
        if cfg.start is not None and now >= cfg.start:
            return await _start(host, state, await ratings_of(host, state))
        return None
    if state.phase != "running":
        return None
    collected = await _collect(host, state, now)
    if collected is not None:
        return collected
    current = state.current()
    if current is not None and not current.done:
        return None
    if _over(state) and state.rounds:
        return await _finish(host, state)
    return await _pair(host, state, now)


async def advance(host: Host, league_id: int, now: datetime) -> LeagueReply:
    """Do everything due for a league now; returns what to deliver."""
    done: list[LeagueReply] = []
    for _ in range(MAX_STEPS):
        state = await load(host, league_id)
        try:
            reply = await step(host, state, now)
        except StaleLeagueError:
            continue  # someone wrote first (a result, an organiser): fold again and decide
        if reply is None:
            break
        done.append(reply)
    else:
        log.error("league %d did not settle in %d steps", league_id, MAX_STEPS)
    text = Text.lines(r.text for r in done if r.text)
    messages: tuple[Message, ...] = tuple(m for r in done for m in r.messages)
    league = tuple(m for r in done for m in r.league)
    return LeagueReply(text, messages, None, league, league_id)


async def start_now(host: Host, league_id: int, now: datetime) -> LeagueReply:
    """Start a league in signup at once, then do what is due (pair round one)."""
    state = await load(host, league_id)
    first = await _start(host, state, await ratings_of(host, state))
    rest = await advance(host, league_id, now)
    return combine([first, rest])
