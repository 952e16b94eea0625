"""Opening a league: its settings checked, its name taken and its first event written at once."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

import bot.service.leagues.organiser as organiser
import bot.service.leagues.posting as posting
from bot.service.errors import PermissionDeniedError
from bot.service.leagues.config import SEASON_ROUND, LeagueConfig, LeagueError, build_config
from bot.service.leagues.messages import LeagueMessage, LeagueReply, ScheduledEvent
from bot.service.leagues.present import term
from bot.service.leagues.results import leagues_of
from bot.service.leagues.seasons import previous_season
from bot.service.leagues.state import CREATED
from bot.service.moments import Moment
from bot.service.table import Host
from games.text import Text
from storage.base import ConflictError
from storage.leagues import LeagueHead, NewLeagueEvent
from storage.records import NewOutbox

if TYPE_CHECKING:
    from bot.service.leagues.service import Caller


async def create(
    host: Host, caller: Caller, guild: int, name: str, game: str, *,
    channel: int | None, now: datetime, **options: Any,
) -> LeagueReply:  # fmt: skip
    """Create a league (see LeagueConfig for the options); organisers only where set."""
    if not await organiser.may_create(host, guild, caller):
        raise PermissionDeniedError("Only league organisers can create leagues.", "not_org")
    settings = (await host.store.get_guild_settings(guild)).settings
    season = options.get("kind") == "season"
    if season:
        options.setdefault("round_time", SEASON_ROUND)
        options.setdefault("checkin", 0)
        options["season_ratings"] = str(settings.get("league_ratings", "reset"))
    seed = options.pop("seed", None) or f"{random.SystemRandom().getrandbits(64):016x}"
    cfg = build_config(game, seed=seed, creator=caller.user, **options)
    store = leagues_of(host)
    if season and cfg.season_ratings == "carry":
        before = previous_season(await store.guild_leagues(guild), game, 1 << 62)
        cfg = replace(cfg, carry_from=None if before is None else before.id)
    league: list[LeagueMessage] = []

    def outbox(head: LeagueHead) -> list[NewOutbox]:
        """The night's Scheduled Event, asked for in the league's own write."""
        if cfg.start is not None:
            league.append(_scheduled(head, cfg, channel))
        return posting.rows(host, league, posting.prefix(head.id, 0))

    try:
        # The league and its `created` event are one write: a league never exists
        # without its settings (a crash in between would keep its name taken forever).
        created = NewLeagueEvent(CREATED, cfg.to_json(), caller.user)
        head = await store.open_league(
            guild, name.strip(), game, cfg.to_json(), channel_id=channel, events=[created],
            outbox=outbox,
        )  # fmt: skip
    except BaseException as err:
        posting.unwritten(host, league)
        if isinstance(err, ConflictError):
            raise LeagueError(
                "A league named {name!r} exists here.", code="league_exists", name=name
            ) from None
        raise
    start = Text("no fixed start (an organiser starts it)") if cfg.start is None else (
        Text("starts {start}", start=Moment(cfg.start, said=now))
    )  # fmt: skip
    text = Text(
        "League {name} (#{league}) created: {format}, {kind}, {start}. Join with /league join.",
        name=head.name,
        league=head.id,
        format=term(cfg.format),
        kind=term(cfg.kind),
        start=start,
    )
    return LeagueReply(text, (), None, tuple(league), head.id)


def _scheduled(head: LeagueHead, cfg: LeagueConfig, channel: int | None) -> ScheduledEvent:
    """The Discord Scheduled Event of a league night that starts at a set time."""
    assert cfg.start is not None
    rounds = cfg.rounds or 4
    end = cfg.start + timedelta(seconds=cfg.round_time * rounds)
    about = Text.plural(
        "{game} {format} league, {count} round", "{game} {format} league, {count} rounds",
        rounds, game=head.game_key, format=term(cfg.format),
    )  # fmt: skip
    return ScheduledEvent(head.id, head.guild_id, channel, head.name, cfg.start, end, about)
