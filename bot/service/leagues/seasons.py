"""Per-season ratings: openskill over the season's own tables, reset or carried over.

A season's ratings are rebuilt from its log (so they can never drift from its results) and
written into its `finished` event, which is what the next season carries over and what the
archive shows. Tables with an AI entrant are left out: AI seats play unrated.
"""

from __future__ import annotations

from collections.abc import Mapping

from openskill.models import PlackettLuce

from bot.service.leagues.state import LeagueState, is_ai_entrant
from storage.leagues import LeagueHead, LeagueStatus

MODEL = PlackettLuce()
Rating = tuple[float, float]
"""(mu, sigma)."""


def ordinal(rating: Rating) -> float:
    """The conservative value shown (mu - 3 sigma)."""
    return rating[0] - 3 * rating[1]


def season_ratings(state: LeagueState, start: Mapping[int, Rating]) -> dict[int, Rating]:
    """Each human entrant's (mu, sigma) after the season's results, from `start` values."""
    current: dict[int, Rating] = {}
    for e in state.entrants.values():
        if not is_ai_entrant(e.id):
            default = MODEL.rating()
            current[e.id] = start.get(e.user, (default.mu, default.sigma))
    for rnd in state.rounds:
        for table in rnd.tables:
            result = table.result
            if result is None or any(is_ai_entrant(s) for s in table.seats):
                continue
            teams = [[MODEL.rating(mu=current[s][0], sigma=current[s][1])] for s in table.seats]
            ranks = [-p for p in result.points]
            for seat, new in zip(table.seats, MODEL.rate(teams, ranks=ranks), strict=True):
                current[seat] = (new[0].mu, new[0].sigma)
    return current


def previous_season(heads: list[LeagueHead], game_key: str, before: int) -> LeagueHead | None:
    """The guild's latest finished season of the same game created before league `before`."""
    done = [
        h
        for h in heads
        if h.status is LeagueStatus.FINISHED
        and h.game_key == game_key
        and h.config.get("kind") == "season"
        and h.id < before
    ]
    return done[-1] if done else None


def carried(final: Mapping[str, object]) -> dict[int, Rating]:
    """The per-user ratings a finished season handed on (from its `finished` event)."""
    raw = final.get("ratings")
    out: dict[int, Rating] = {}
    if isinstance(raw, dict):
        for user, pair in raw.items():
            if isinstance(pair, list) and len(pair) == 2:
                out[int(user)] = (float(pair[0]), float(pair[1]))
    return out
