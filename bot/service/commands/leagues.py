"""The `/league` group: create, sign up, check in, standings, pairing-why, organiser powers.

Handlers return a LeagueReply (a Reply with `league` messages and `images`; deliver `league`
first). Context entries: `_guild` (0 on the console), `_channel`, `_admin`, `_seed`, and
`_roles` (the caller's role ids, so the service can check the server's organiser roles).
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, datetime, timedelta, tzinfo
from typing import TYPE_CHECKING, Any

from bot.service.ai import AI_USERS
from bot.service.commands.hosting import admin
from bot.service.commands.place import game_here
from bot.service.commands.server import typed_zone
from bot.service.commands.spec import (
    CONTEXT_CHANNEL,
    CONTEXT_GUILD,
    CONTEXT_SEED,
    Command,
    Group,
    Options,
    opt,
    parse_duration,
    required_str,
)
from bot.service.leagues import CONSOLE_GUILD, Caller, LeagueService
from bot.service.leagues.config import ADJUDICATIONS, FORMATS, KINDS, SEASON_RATINGS, LeagueError
from bot.service.outbox import PUBLIC_REPLY, Reply
from bot.service.plugin import default_game

if TYPE_CHECKING:
    from bot.service.service import Service, UserId

CONTEXT_ROLES = "_roles"
"""Context entry: the caller's role ids in the guild (Discord), for organiser roles."""
ANSWERED_PRIVATELY = frozenset({"setup", "log"})
"""League commands answered to the caller only; the rest of a league night is public."""
_RELATIVE = re.compile(r"^(?:in\s+|\+)(.+)$")
_ROLE = re.compile(r"\d+")


def _guild(o: Options) -> int:
    return int(o.get(CONTEXT_GUILD) or CONSOLE_GUILD)


def _caller(service: Service, user: UserId, o: Options) -> Caller:
    roles = tuple(int(r) for r in o.get(CONTEXT_ROLES) or ())
    return Caller(service.user(user), admin(o), roles)


def parse_start(text: str, now: datetime, where: tzinfo = UTC) -> datetime:
    """'2025-01-10 19:00' (in the zone `where` unless an offset is given), or 'in 2h' / '+90m'
    from now."""
    raw = text.strip()
    relative = _RELATIVE.match(raw)
    if relative:
        return now + timedelta(seconds=parse_duration(relative.group(1)))
    try:
        when = datetime.fromisoformat(raw.replace(" ", "T", 1) if " " in raw else raw)
    except ValueError:
        raise LeagueError(
            "{text!r} is not a time; try 2025-01-10 19:00 or in 2h.",
            code="bad_time",
            text=text,
        ) from None
    return when if when.tzinfo else when.replace(tzinfo=where)


async def _league(leagues: LeagueService, user: UserId, o: Options) -> int:
    return await leagues.find(_guild(o), o.get("league"), user)


async def _create(service: Service, user: UserId, o: Options) -> Reply:
    leagues = LeagueService(service)
    kw: dict[str, Any] = {
        "format": o.get("format"),
        "rounds": o.get("rounds"),
        "seats": o.get("seats"),
        "rated": o.get("rated"),
        "late_join": o.get("late"),
        "adjudication": o.get("adjudication"),
        "kind": o.get("kind"),
        "seed": o.get(CONTEXT_SEED),
    }
    if o.get("clock"):
        kw["clock"] = parse_duration(str(o["clock"]))
    if o.get("start"):
        where = await typed_zone(service, user, _guild(o))
        kw["start"] = parse_start(str(o["start"]), leagues.now(), where)
    if o.get("checkin"):
        kw["checkin"] = parse_duration(str(o["checkin"]))
    if o.get("round"):
        kw["round_time"] = parse_duration(str(o["round"]))
    options = {k: v for k, v in kw.items() if v is not None}
    caller = _caller(service, user, o)
    game = str(o.get("game") or default_game())
    channel = o.get(CONTEXT_CHANNEL)
    return await leagues.create(
        caller, _guild(o), required_str(o, "name"), game, channel=channel, **options
    )


async def _join(service: Service, user: UserId, o: Options) -> Reply:
    leagues = LeagueService(service)
    return await leagues.join(await leagues.find(_guild(o), o.get("league")), user)


async def _leave(service: Service, user: UserId, o: Options) -> Reply:
    leagues = LeagueService(service)
    return await leagues.leave(await _league(leagues, user, o), user)


async def _check_in(service: Service, user: UserId, o: Options) -> Reply:
    leagues = LeagueService(service)
    return await leagues.check_in(await _league(leagues, user, o), user)


async def _add_ai(service: Service, user: UserId, o: Options) -> Reply:
    leagues = LeagueService(service)
    level = str(o.get("level") or "easy")
    return await leagues.add_ai(await _league(leagues, user, o), _caller(service, user, o), level)


async def _start(service: Service, user: UserId, o: Options) -> Reply:
    leagues = LeagueService(service)
    return await leagues.start_now(await _league(leagues, user, o), _caller(service, user, o))


async def _standings(service: Service, user: UserId, o: Options) -> Reply:
    leagues = LeagueService(service)
    return await leagues.standings(await _league(leagues, user, o))


async def _pairings(service: Service, user: UserId, o: Options) -> Reply:
    leagues = LeagueService(service)
    return await leagues.pairings(await _league(leagues, user, o))


async def _why(service: Service, user: UserId, o: Options) -> Reply:
    leagues = LeagueService(service)
    number = o.get("round")
    lid = await _league(leagues, user, o)
    return await leagues.pairing_why(lid, None if number is None else int(number))


async def _log(service: Service, user: UserId, o: Options) -> Reply:
    leagues = LeagueService(service)
    return await leagues.log(await _league(leagues, user, o), int(o.get("last") or 40))


async def _result(service: Service, user: UserId, o: Options) -> Reply:
    leagues = LeagueService(service)
    lid = await _league(leagues, user, o)
    winner = None if o.get("draw") else o.get("winner")
    if winner is None and not o.get("draw"):
        raise LeagueError("Name the winner, or say draw:true.", code="missing_option")
    game = await game_here(service, user, o, required_str(o, "game"))
    caller = _caller(service, user, o)
    return await leagues.report(lid, caller, game, winner, required_str(o, "reason"))


async def _adjudicate(service: Service, user: UserId, o: Options) -> Reply:
    leagues = LeagueService(service)
    lid = await _league(leagues, user, o)
    given = o.get("game")
    game = None if given is None else await game_here(service, user, o, given)
    rule = None if o.get("rule") is None else str(o["rule"])
    return await leagues.adjudicate(lid, _caller(service, user, o), game, rule)


async def _pause(service: Service, user: UserId, o: Options) -> Reply:
    leagues = LeagueService(service)
    lid = await _league(leagues, user, o)
    return await leagues.pause(lid, _caller(service, user, o), str(o.get("reason") or ""))


async def _resume(service: Service, user: UserId, o: Options) -> Reply:
    leagues = LeagueService(service)
    return await leagues.resume(await _league(leagues, user, o), _caller(service, user, o))


async def _remove(service: Service, user: UserId, o: Options) -> Reply:
    leagues = LeagueService(service)
    lid = await _league(leagues, user, o)
    who, why = required_str(o, "user"), str(o.get("reason") or "")
    return await leagues.remove(lid, _caller(service, user, o), who, why)


async def _replace(service: Service, user: UserId, o: Options) -> Reply:
    leagues = LeagueService(service)
    lid = await _league(leagues, user, o)
    old, new = required_str(o, "user"), required_str(o, "by")
    caller = _caller(service, user, o)
    return await leagues.replace_player(lid, caller, old, new, str(o.get("reason") or ""))


async def _repair(service: Service, user: UserId, o: Options) -> Reply:
    leagues = LeagueService(service)
    lid = await _league(leagues, user, o)
    return await leagues.repair(lid, _caller(service, user, o), str(o.get("reason") or ""))


async def _archive(service: Service, user: UserId, o: Options) -> Reply:
    del user
    return await LeagueService(service).archive(_guild(o))


async def _setup(service: Service, user: UserId, o: Options) -> Reply:
    roles = None
    if o.get("roles") is not None:
        text = str(o["roles"]).strip().lower()
        roles = [] if text in ("none", "off") else [int(r) for r in _ROLE.findall(text)]
    ratings = None if o.get("ratings") is None else str(o["ratings"])
    leagues = LeagueService(service)
    return await leagues.setup(_guild(o), _caller(service, user, o), roles, ratings)


def group() -> Group:
    """The /league group."""
    g = "league"
    which = opt("league", "str", "League name or #id (default: the open one)")
    levels = tuple(AI_USERS)
    create_opts = (
        opt("name", "str", "The league's name", True),
        opt("game", "str", "Which game, by key or name (default: the first game of /help)"),
        opt("format", "choice", "How rounds are paired", choices=FORMATS),
        opt("rounds", "int", "Swiss rounds (default: from the field)", min_value=1, max_value=30),
        opt("clock", "str", "Time per turn, e.g. 15m, or 1d for a season"),
        opt("start", "str", "Start, e.g. 2025-01-10 19:00 in your /settings time zone, or in 2h"),
        opt("seats", "int", "Players per table (2 or 4)", min_value=2, max_value=4),
        opt("rated", "bool", "Rate the games (default true)"),
        opt("checkin", "str", "Check-in window before the start (default 15m; 0 for none)"),
        opt("late", "bool", "Let players join after the start (Swiss only)"),
        opt("adjudication", "choice", "Unfinished games at the deadline", choices=ADJUDICATIONS),
        opt("round", "str", "Time per round (default 2h; 7d for seasons)"),
        opt("kind", "choice", "A night or a season", choices=KINDS),
    )
    return Group(g, "League nights and seasons: sign-up, pairings, standings", "", tuple(
        c if c.name in ANSWERED_PRIVATELY else replace(c, answers=PUBLIC_REPLY)
        for c in (
        Command("create", "Create a league night or season", _create, create_opts, g),
        Command("join", "Sign up for a league", _join, (which,), g),
        Command("leave", "Leave a league (or withdraw once it runs)", _leave, (which,), g),
        Command("check-in", "Confirm you are here before the start", _check_in, (which,), g),
        Command("add-ai", "Enter an AI player (organisers; unrated)", _add_ai,
                (opt("level", "choice", "AI level", choices=levels), which), g),
        Command("start", "Start the league now (organisers)", _start, (which,), g),
        Command("standings", "Standings with the current tables", _standings, (which,), g),
        Command("pairings", "The current round's tables", _pairings, (which,), g),
        Command("pairing-why", "Why the round was paired this way", _why,
                (opt("round", "int", "Which round (default: current)", min_value=1), which), g),
        Command("log", "Everything that happened in the league", _log,
                (opt("last", "int", "How many lines (default 40)", min_value=1), which), g),
        Command("result", "Set a game's result (organisers)", _result,
                (opt("game", "int", "The table's game number", True, min_value=1),
                 opt("reason", "str", "Why (it is logged)", True),
                 opt("winner", "user", "Who won"), opt("draw", "bool", "A draw"), which), g),
        Command("adjudicate", "End unfinished games by rule (organisers)", _adjudicate,
                (opt("game", "int", "One game (default: all unfinished)", min_value=1),
                 opt("rule", "choice", "hq: points lead; draw", choices=ADJUDICATIONS), which),
                g),
        Command("pause", "Pause the league (organisers)", _pause,
                (opt("reason", "str", "Why (it is logged)"), which), g),
        Command("resume", "Resume a paused league (organisers)", _resume, (which,), g),
        Command("remove", "Remove a player (organisers)", _remove,
                (opt("user", "user", "Who", True), opt("reason", "str", "Why"), which), g),
        Command("replace", "Give a player's place to someone else (organisers)", _replace,
                (opt("user", "user", "Who leaves", True), opt("by", "user", "Who takes over", True),
                 opt("reason", "str", "Why"), which), g),
        Command("repair", "Void and re-pair the current round (organisers)", _repair,
                (opt("reason", "str", "Why (it is logged)"), which), g),
        Command("archive", "Finished leagues and seasons", _archive, (), g),
        Command("setup", "Organiser roles and season ratings (admins)", _setup,
                (opt("roles", "str", "Organiser roles (mentions or ids; none to clear)"),
                 opt("ratings", "choice", "Season ratings", choices=SEASON_RATINGS)), g),
    )))  # fmt: skip
