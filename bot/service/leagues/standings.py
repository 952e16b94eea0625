"""Standings from results: points, Buchholz, Sonneborn-Berger, games, seats, and the ranking.

Points are "opponents beaten" scaled to the league's table size: a duel gives 1, 0.5 or 0; a
4-player table 3, 2, 1 or 0 (ties share), and a short 3-player table is scaled to the same
range so it is worth as much. A bye is worth a win and is left out of the tie-breaks.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from bot.service.leagues.state import LeagueState, Round


@dataclass(slots=True)
class Line:
    """One entrant's record so far."""

    entrant: int
    points: float = 0.0
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    score: float = 0.0
    buchholz: float = 0.0
    sonneborn: float = 0.0
    firsts: int = 0
    seconds: int = 0
    last_first: bool | None = None
    opponents: list[int] = field(default_factory=list)
    meetings: list[tuple[tuple[int, ...], float]] = field(default_factory=list)
    active: bool = True

    @property
    def seat_balance(self) -> int:
        """Games as first player minus games as second (duel colour balance)."""
        return self.firsts - self.seconds


def table_points(order: Sequence[tuple[int, float]], nominal: int) -> list[float]:
    """League points per seat from sort keys (lower is better; equal keys tie)."""
    k = len(order)
    if k < 2:
        return [float(nominal - 1)] * k
    out = []
    for mine in order:
        beaten = sum(other > mine for other in order)
        tied = sum(other == mine for other in order) - 1
        out.append((beaten + 0.5 * tied) / (k - 1) * (nominal - 1))
    return out


def lines(state: LeagueState, upto: int | None = None) -> dict[int, Line]:
    """Every entrant's record over the rounds numbered <= upto (default: all)."""
    nominal = state.config.seats
    full = float(nominal - 1)
    out = {e: Line(e, active=state.entrants[e].active) for e in state.entrants}
    rounds = [r for r in state.rounds if upto is None or r.number <= upto]
    for rnd in rounds:
        for bye in rnd.byes:
            line = out.setdefault(bye, Line(bye))
            line.points += full
            line.byes += 1
        for table in rnd.tables:
            if table.result is None:
                continue
            _add_table(out, table.seats, table.result.points, table.result.scores, full)
    for line in out.values():
        for mates, share in line.meetings:
            avg = sum(out[m].points for m in mates) / len(mates)
            line.buchholz += avg
            line.sonneborn += avg * share
    return out


def _add_table(
    out: dict[int, Line],
    seats: tuple[int, ...],
    points: tuple[float, ...],
    scores: tuple[float, ...],
    full: float,
) -> None:
    best = max(points)
    for i, who in enumerate(seats):
        line = out.setdefault(who, Line(who))
        got = points[i]
        line.points += got
        line.games += 1
        line.score += scores[i] if i < len(scores) else 0.0
        if got == best and points.count(best) == 1:
            line.wins += 1
        elif got == best:
            line.draws += 1
        else:
            line.losses += 1
        if len(seats) == 2:
            line.firsts += i == 0
            line.seconds += i == 1
            line.last_first = i == 0
        mates = tuple(s for s in seats if s != who)
        line.opponents.extend(mates)
        line.meetings.append((mates, got / full if full else 0.0))


def tiebreak_noise(seed: str, entrants: Sequence[int]) -> dict[int, int]:
    """A seeded order for entrants equal on everything else (stable for one seed)."""
    order = sorted(entrants)
    random.Random(f"{seed}:order").shuffle(order)
    return {e: i for i, e in enumerate(order)}


def ranking(
    table: Mapping[int, Line],
    entrants: Sequence[int],
    ratings: Mapping[int, float],
    seed: str,
) -> list[int]:
    """Entrants best first: points, Buchholz, Sonneborn-Berger, game score, rating, seed."""
    noise = tiebreak_noise(seed, entrants)

    def key(e: int) -> tuple[float, float, float, float, float, int]:
        line = table.get(e, Line(e))
        return (
            -line.points,
            -round(line.buchholz, 6),
            -round(line.sonneborn, 6),
            -line.score,
            -ratings.get(e, float("-inf")),
            noise[e],
        )

    return sorted(entrants, key=key)


def knockout_ranking(state: LeagueState, seeds: Sequence[int]) -> list[int]:
    """Knockout places: the later you went out the better; the champion first, then by seed."""
    out_in: dict[int, int] = {}
    for rnd in state.rounds:
        for t in rnd.tables:
            if t.result is not None:
                loser = t.seats[knockout_loser(t.result.points, t.result.scores, t.seats, seeds)]
                out_in[loser] = rnd.number
    last = state.rounds[-1].number + 1 if state.rounds else 1
    position = {s: i for i, s in enumerate(seeds)}
    return sorted(seeds, key=lambda s: (-out_in.get(s, last), position[s]))


def knockout_loser(
    points: Sequence[float], scores: Sequence[float], seats: Sequence[int], seeds: Sequence[int]
) -> int:
    """The seat that goes out: fewer points, then lower game score, then the lower seed."""
    position = {s: i for i, s in enumerate(seeds)}

    def key(i: int) -> tuple[float, float, int]:
        score = scores[i] if i < len(scores) else 0.0
        return (points[i], score, -position.get(seats[i], len(seeds)))

    return min(range(len(seats)), key=key)


def meetings(rounds: Sequence[Round]) -> dict[frozenset[int], int]:
    """How often each pair of entrants has shared a table."""
    met: dict[frozenset[int], int] = {}
    for rnd in rounds:
        for t in rnd.tables:
            for i, a in enumerate(t.seats):
                for b in t.seats[i + 1 :]:
                    key = frozenset((a, b))
                    met[key] = met.get(key, 0) + 1
    return met
