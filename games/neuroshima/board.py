"""The hex board: flat-topped hexes in axial coordinates, directions, labels and lines of fire.

Directions (and tile edges) are numbered clockwise from the top: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW.
Labels name a column A.. for q = -radius..radius and a row counted from the top of that column.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, cached_property
from typing import NamedTuple

from games.base import InvalidActionError


class Hex(NamedTuple):
    """A board position in axial coordinates."""

    q: int
    r: int

    def neighbour(self, direction: int) -> Hex:
        """The adjacent hex in `direction` (0..5), on the board or not."""
        return _ring(self)[direction % 6]

    def neighbours(self) -> tuple[Hex, ...]:
        """The six adjacent hexes, in direction order."""
        return _ring(self)

    def distance(self, other: Hex) -> int:
        """The number of steps between two hexes."""
        dq, dr = self.q - other.q, self.r - other.r
        return max(abs(dq), abs(dr), abs(dq + dr))

    def direction_to(self, other: Hex) -> int | None:
        """The direction of an adjacent hex, or None if `other` is not adjacent."""
        step = (other.q - self.q, other.r - self.r)
        return DIRECTIONS.index(step) if step in DIRECTIONS else None


DIRECTIONS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
DIRECTION_NAMES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")
COLUMN_LETTERS = "ABCDEFGHIJKLM"


@cache
def _ring(h: Hex) -> tuple[Hex, ...]:
    # Battles and the AI ask for the same few dozen rings millions of times.
    return tuple(Hex(h.q + dq, h.r + dr) for dq, dr in DIRECTIONS)


def opposite(direction: int) -> int:
    """The direction pointing back."""
    return (direction + 3) % 6


@dataclass(frozen=True)
class Board:
    """A hexagonal board of the given radius: 2 is the standard 19 hexes, 3 the 37-hex board."""

    radius: int = 2

    @cached_property
    def hexes(self) -> tuple[Hex, ...]:
        """Every hex, sorted by (q, r)."""
        n = self.radius
        return tuple(
            Hex(q, r) for q in range(-n, n + 1) for r in range(-n, n + 1) if abs(q + r) <= n
        )

    @cached_property
    def _hex_set(self) -> frozenset[Hex]:
        return frozenset(self.hexes)

    @cached_property
    def _labels(self) -> dict[Hex, str]:
        labels = {}
        for h in self.hexes:
            top = max(-self.radius, -self.radius - h.q)
            labels[h] = f"{COLUMN_LETTERS[h.q + self.radius]}{h.r - top + 1}"
        return labels

    @cached_property
    def _by_label(self) -> dict[str, Hex]:
        return {label: h for h, label in self._labels.items()}

    def __contains__(self, item: object) -> bool:
        return item in self._hex_set

    def __len__(self) -> int:
        return len(self.hexes)

    def label(self, h: Hex) -> str:
        """The printed name of a hex, e.g. C3 for the centre of the 19-hex board."""
        try:
            return self._labels[h]
        except KeyError:
            raise InvalidActionError(
                "{hex} is not a hex on this board", code="bad_hex", hex=f"({h.q}, {h.r})"
            ) from None

    def parse(self, text: str) -> Hex:
        """The hex named by a label such as "C3" (case-insensitive)."""
        h = self._by_label.get(text.strip().upper())
        if h is None:
            raise InvalidActionError(
                "{hex} is not a hex on this board", code="bad_hex", hex=text.strip()
            )
        return h

    @cached_property
    def _adjacent(self) -> dict[Hex, tuple[Hex, ...]]:
        return {h: tuple(n for n in h.neighbours() if n in self._hex_set) for h in self.hexes}

    def neighbours(self, h: Hex) -> tuple[Hex, ...]:
        """The adjacent hexes that are on the board."""
        found = self._adjacent.get(h)
        return found if found is not None else tuple(n for n in h.neighbours() if n in self)

    def ray(self, start: Hex, direction: int) -> Iterator[Hex]:
        """The hexes in a straight line from `start` (exclusive) to the board's edge."""
        h = start.neighbour(direction)
        while h in self._hex_set:
            yield h
            h = h.neighbour(direction)

    def is_edge(self, h: Hex) -> bool:
        """True for hexes on the outer ring."""
        return h.distance(Hex(0, 0)) == self.radius


STANDARD_BOARD = Board(2)
LARGE_BOARD = Board(3)
