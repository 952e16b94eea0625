"""Ratings with openskill (Plackett-Luce): duels, free-for-all and teams; ordinal shown.

The store keeps the conservative ordinal (mu - 3 sigma) as `rating` and sigma as `deviation`,
so leaderboards sort by what players see and mu is recovered as rating + 3 * deviation.
Ratings count per guild: a game rates in its guild's scope, games outside any guild (the
console, direct messages) in scope 0.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from bot.service.ai import is_ai
from bot.service.table import Host, Table
from games.text import Text
from storage.base import ConflictError
from storage.records import GameStatus, RatingChange, RatingHistoryRecord, rating_scope

log = logging.getLogger(__name__)
MODEL = PlackettLuce()


def ordinal(mu: float, sigma: float) -> float:
    """The conservative rating players see."""
    return mu - 3 * sigma


def seat_ranks(outcome: dict[str, Any], seats: int) -> list[tuple[int, float]]:
    """A sort key per seat (lower is better): winners, then the rest by score, resigned last."""
    winners = {int(s) for s in outcome.get("winners", [])}
    scores = [float(x) for x in outcome.get("scores", [])]
    resigned = [int(s) for s in outcome.get("resigned", [])]
    keys: list[tuple[int, float]] = []
    for seat in range(seats):
        if seat in resigned:
            # Whoever gave up first ranks lowest.
            keys.append((2 + len(resigned) - resigned.index(seat), 0.0))
        else:
            score = -scores[seat] if len(scores) == seats else 0.0
            keys.append((0 if seat in winners else 1, score))
    return keys


@dataclass(frozen=True, slots=True)
class RatedPlayer:
    """One user's rating change from a game, as shown after it."""

    user_id: int
    before: float | None
    after: float


async def rate(host: Host, table: Table) -> list[RatedPlayer]:
    """Rate a finished rated game once; returns the changes (empty when unrated or done)."""
    if not table.settings.rated or table.record.status is not GameStatus.FINISHED:
        return []
    outcome = table.record.outcome or {}
    n = table.settings.seats
    keys = seat_ranks(outcome, n)
    teams = table.profile.teams(table.game_config, n)
    users = {s.seat: s.user_id for s in table.seats}
    if len(users) != n or len(teams) < 2:
        return []  # one crew against the game: nobody to rank against
    key_game = table.spec.key
    # The store rates in the same scope when it records the changes (from the game's guild).
    scope = rating_scope(table.record.guild_id)
    current = {
        u: await host.store.get_rating(key_game, u, scope=scope) for u in set(users.values())
    }
    model_teams, team_keys = [], []
    for team in teams:
        members = []
        for seat in team:
            record = current[users[seat]]
            if record is None:
                members.append(MODEL.rating(name=str(users[seat])))
            else:
                mu = record.rating + 3 * record.deviation
                members.append(MODEL.rating(mu=mu, sigma=record.deviation, name=str(users[seat])))
        model_teams.append(members)
        team_keys.append(min(keys[s] for s in team))
    order = sorted(set(team_keys))
    ranks = [float(order.index(k)) for k in team_keys]
    rated = MODEL.rate(model_teams, ranks=ranks)
    counts: dict[int, int] = {}
    for u in users.values():
        counts[u] = counts.get(u, 0) + 1
    changes: list[RatingChange] = []
    for team, new_team in zip(teams, rated, strict=True):
        for seat, new in zip(team, new_team, strict=True):
            user = users[seat]
            if counts[user] > 1:  # two seats of one AI level: it plays itself, nothing to learn
                continue
            record = current[user]
            before = None if record is None else record.rating
            changes.append(RatingChange(user, before, ordinal(new.mu, new.sigma), new.sigma))
    try:
        await host.store.record_ratings(table.id, changes)
    except ConflictError as err:
        log.info("game %d not rated: %s", table.id, err)
        return []
    return [RatedPlayer(c.user_id, c.before, c.after) for c in changes]


def rating_lines(host: Host, changes: list[RatedPlayer]) -> list[Text]:
    """Rating changes as lines for the result message (names and numbers say the same)."""
    lines = []
    for c in changes:
        before = 0.0 if c.before is None else c.before
        then, now = Text.figure(before, 1), Text.figure(c.after, 1)
        change = Text.figure(c.after - before, 1, signed=True)
        parts = [host.name(c.user_id), ": ", then, " -> ", now, " (", change, ")"]
        lines.append(Text.joined("", parts))
    return lines


@dataclass(frozen=True, slots=True)
class Profile:
    """A player's record in one game and guild: rating, games, wins and rating history."""

    user_id: int
    game_key: str
    guild_id: int | None
    rating: float | None
    games: int
    wins: int
    history: tuple[RatingHistoryRecord, ...]


async def profile(host: Host, game_key: str, user: int, guild_id: int | None = None) -> Profile:
    """A player's profile in a guild (None: outside guilds); wins count over rated games."""
    scope = rating_scope(guild_id)
    record = await host.store.get_rating(game_key, user, scope=scope)
    history = await host.store.rating_history(game_key, user, scope=scope)
    wins = 0
    for entry in history[-200:]:
        game = await host.store.get_game(entry.game_id)
        seats = await host.store.seats(entry.game_id, include_left=True)
        mine = {s.seat for s in seats if s.user_id == user}
        if game.outcome and mine & {int(w) for w in game.outcome.get("winners", [])}:
            wins += 1
    return Profile(
        user,
        game_key,
        guild_id,
        None if record is None else record.rating,
        0 if record is None else record.games,
        wins,
        tuple(history),
    )


async def leaderboard(
    host: Host, game_key: str, limit: int = 10, guild_id: int | None = None
) -> list[tuple[int, float, int]]:
    """The best players of a game in a guild (None: outside guilds) as (user, ordinal, games)."""
    rows = await host.store.leaderboard(
        game_key,
        scope=rating_scope(guild_id),
        limit=limit + len(("easy", "normal", "hard")),  # AI seats are left out below
    )
    return [(r.user_id, r.rating, r.games) for r in rows if not is_ai(r.user_id)][:limit]
