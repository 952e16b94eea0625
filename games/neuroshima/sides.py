"""Who fights whom: seats, teams, the neutral Mad Bomber and the Moloch alliance rules.

Every relation is a small boolean table indexed by a *side*: a seat number, or `neutral` (one
past the last seat) for a tile nobody owns. Battles look relations up thousands of times, so
the tables are built once per army/team line-up and cached.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from games.base import Seat
from games.neuroshima.board import Hex
from games.neuroshima.orientation import TileFacts

MOLOCH = "moloch"

Table = tuple[tuple[bool, ...], ...]


@dataclass(frozen=True, slots=True)
class Sides:
    """Relation tables between sides (seat numbers, and `neutral` for an unowned tile)."""

    neutral: int
    friend: Table
    """Same seat, or allied seats (team rules)."""
    enemy: Table
    """Not friends: the neutral tile is everyone's enemy."""
    attack: Table
    """attack[a][b]: a's attacks hit b's tiles (enemies; Moloch also hits his allies)."""
    net: Table
    """net[a][b]: a's nets hold b's tiles (enemies; Moloch and his allies net each other)."""

    def side(self, seat: Seat | None) -> int:
        """The table index of a seat (None: the neutral side)."""
        return self.neutral if seat is None else seat

    def seat(self, side: int) -> Seat | None:
        """The seat of a table index (None for the neutral side)."""
        return None if side == self.neutral else side


@cache
def sides_of(armies: tuple[str, ...], teams: tuple[tuple[Seat, ...], ...] = ()) -> Sides:
    """The relation tables for these armies (by seat) and teams."""
    n = len(armies)
    team = list(range(n))
    for members in teams:
        for seat in members:
            team[seat] = members[0]
    moloch = [a == MOLOCH for a in armies] + [False]

    def friend(a: int, b: int) -> bool:
        if a == n or b == n:
            return a == b
        return team[a] == team[b]

    def attack(a: int, b: int) -> bool:
        if not friend(a, b):
            return True
        # cs: Moloch's units hit and destroy allied units by the usual rules (not the reverse).
        return a != b and moloch[a]

    def net(a: int, b: int) -> bool:
        if not friend(a, b):
            return True
        # cs: Moloch and his allies always net each other.
        return a != b and (moloch[a] or moloch[b])

    rng = range(n + 1)
    return Sides(
        neutral=n,
        friend=tuple(tuple(friend(a, b) for b in rng) for a in rng),
        enemy=tuple(tuple(not friend(a, b) for b in rng) for a in rng),
        attack=tuple(tuple(attack(a, b) for b in rng) for a in rng),
        net=tuple(tuple(net(a, b) for b in rng) for a in rng),
    )


@dataclass(slots=True)
class Piece:
    """A tile on the board as battles see it: facts, side, wounds (mutable during a battle)."""

    facts: TileFacts
    side: int
    wounds: int = 0


Pieces = dict[Hex, Piece]
