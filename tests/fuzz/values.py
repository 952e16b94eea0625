"""The fuzz's vocabulary: its users and servers, the values it types, where choices come from."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

T = TypeVar("T")

USERS = ("alice", "bob", "carol", "dave")
"""alice hosts, bob plays against her, carol plays elsewhere, dave never sits anywhere."""
GUILD = 7001
OTHER_GUILD = 7002
BIG = (2**63, 2**63 - 1, 2**64 + 5, 10**20, -(2**63) - 1)
HOSTILE = (
    "",
    " ",
    "'; DROP TABLE games; --",
    "%s%s%n",
    "{0.__class__}",
    "{game}",
    "\x00",
    "\u202eA1",
    "🎲" * 30,
    "a" * 300,
    "9" * 40,
    "-1",
    "0",
    "1.5",
    "nan",
    "１２",
    "³",
    "<@99999999999999999999>",
    "<@1>",
    "@everyone",
    "null",
    "random",
    "A1 B2\nC3",
    "x,y",
    "1e400,5",
    "inf,inf",
    "nan,nan",
)
NEARLY = (
    "A1", "A2", "A2.1", "A2.9", "B2", "B2.3", "B1.1", "C3", "E3", "Z9", "K11", "A0", "a2.1",
    "99,99", "-5,-5", "12,7.5", "1,1 2,2 3,3", "0,0", "36,36", "1000000,1", "12.5,40",
    "runner", "merc.shooter_3", "borgo.hq", "moloch", "outpost", "hegemony", "borgo",
    "capitol", "dark_legion", "m50_assault_rifle", "shoot", "walk", "1", "2", "5", "12",
    "north", "south", "move", "action", "ammo", "upper_blue", "red", "white", "T1", "T9",
    "place runner C3 2", "end", "battle", "pass", "keep", "side south", "1,2 3", "tidewater",
)  # fmt: skip
"""Values that look right for some option of some game: squad ids where a model is asked,
hexes off the board, cards not in hand, points far outside the table."""


class Chooser(Protocol):
    """Where the fuzz's choices come from."""

    def pick(self, options: Sequence[T]) -> T:
        """One of `options` (not empty)."""
        ...

    def chance(self, p: float) -> bool:
        """True with probability about `p`."""
        ...

    def number(self, low: int, high: int) -> int:
        """A whole number in [low, high]."""
        ...


@dataclass
class RandomChooser:
    """Choices from a seeded Random (the long run)."""

    rng: random.Random

    def pick(self, options: Sequence[T]) -> T:
        """One of `options`."""
        return options[self.rng.randrange(len(options))]

    def chance(self, p: float) -> bool:
        """True with probability `p`."""
        return self.rng.random() < p

    def number(self, low: int, high: int) -> int:
        """A whole number in [low, high]."""
        return self.rng.randint(low, high)
