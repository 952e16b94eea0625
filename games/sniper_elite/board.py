"""The two board sides: spaces, areas, passages, distances and line of sight, read from data."""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from importlib import resources
from typing import Any

from games.base import InvalidActionError
from games.sniper_elite.geometry import EPS, Polygon, points_of, shared_edge_length
from games.text import Text


class Area(Enum):
    """The four areas of a board; the first three are also the colours of the defender squads."""

    RED = "red"
    YELLOW = "yellow"
    BLACK = "black"
    WHITE = "white"

    @property
    def word(self) -> Text:
        """The colour as a word of the reader's language (areas are colours, not names)."""
        if self is Area.RED:
            return Text("red")
        if self is Area.YELLOW:
            return Text("yellow")
        return Text("black") if self is Area.BLACK else Text("white")


SQUADS: tuple[Area, ...] = (Area.RED, Area.YELLOW, Area.BLACK)


class SpaceType(Enum):
    """Open ground, the inside of a building, or high ground."""

    OPEN = "open"
    ENCLOSED = "enclosed"
    ELEVATED = "elevated"


@dataclass(frozen=True, slots=True)
class Space:
    """One space of a board, with everything printed on it."""

    id: str
    polygon: Polygon
    kind: SpaceType
    area: Area
    building: str | None = None
    difficult: bool = False
    objective: int | None = None
    iron_cross: bool = False
    entry: bool = False


@dataclass(frozen=True, slots=True)
class Feature:
    """An impassable feature: `obstruction` blocks line of sight, `water` does not."""

    kind: str
    polygon: Polygon


@dataclass(frozen=True, slots=True)
class Board:
    """A board side with its derived tables (adjacency, passages, distances, line of sight)."""

    key: str
    name: str
    width: int
    height: int
    spaces: tuple[Space, ...]
    features: tuple[Feature, ...]
    doors: frozenset[frozenset[str]]
    ladders: frozenset[frozenset[str]]
    sight: Mapping[frozenset[str], int]
    by_id: Mapping[str, Space] = field(default_factory=dict)
    adjacent: Mapping[str, frozenset[str]] = field(default_factory=dict)
    passages: Mapping[str, frozenset[str]] = field(default_factory=dict)
    distances: Mapping[str, Mapping[str, int]] = field(default_factory=dict)

    def space(self, space_id: str) -> Space:
        """The space called `space_id` (case-insensitive); InvalidActionError when unknown."""
        found = self.by_id.get(space_id.strip().upper())
        if found is None:
            raise InvalidActionError(
                "{space} is not a space on {board}.",
                code="unknown_space",
                space=space_id,
                board=self.name,
            )
        return found

    def distance(self, a: str, b: str) -> int:
        """Movement distance in spaces (entries are never passed through)."""
        return self.distances[a].get(b, UNREACHABLE)

    def line_of_sight(self, a: str, b: str) -> int | None:
        """Spaces counted along the shortest straight line from a to b, or None without sight."""
        if a == b:
            return 1
        return self.sight.get(frozenset((a, b)))

    def matching_adjacent(self, a: str, b: str) -> bool:
        """True for two different spaces sharing an edge and of the same type."""
        return b in self.adjacent[a] and self.by_id[a].kind is self.by_id[b].kind

    def is_access(self, space_id: str) -> bool:
        """A space with a door or a ladder on its edge."""
        return any(space_id in pair for pair in self.doors | self.ladders)

    def in_area(self, area: Area) -> tuple[Space, ...]:
        """Every non-entry space of an area."""
        return tuple(s for s in self.spaces if s.area is area and not s.entry)

    def objective_space(self, number: int) -> Space:
        """The space carrying objective number `number`."""
        return next(s for s in self.spaces if s.objective == number)

    def iron_cross(self, squad: Area) -> Space:
        """The iron-cross space of a squad's colour."""
        return next(s for s in self.spaces if s.iron_cross and s.area is squad)

    @property
    def entries(self) -> tuple[Space, ...]:
        """The four entry spaces."""
        return tuple(s for s in self.spaces if s.entry)

    @property
    def playing_spaces(self) -> tuple[Space, ...]:
        """Every space a defender may stand on (all but the entries)."""
        return tuple(s for s in self.spaces if not s.entry)


UNREACHABLE = 10_000


def _passable(a: Space, b: Space, doors: frozenset[frozenset[str]], ladders: Any) -> bool:
    pair = frozenset((a.id, b.id))
    if pair in doors or pair in ladders:
        return True
    # Walls close every enclosed space and high ground is reached only by ladders.
    return a.kind is b.kind and a.kind is not SpaceType.ENCLOSED


def _bfs(start: str, passages: Mapping[str, frozenset[str]], entries: set[str]) -> dict[str, int]:
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here in entries and here != start:
            continue
        for there in sorted(passages[here]):
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def build_board(data: Mapping[str, Any]) -> Board:
    """A Board from its JSON form, deriving adjacency, passages and distances."""
    spaces = tuple(
        Space(
            id=s["id"],
            polygon=points_of(s["polygon"]),
            kind=SpaceType(s["type"]),
            area=Area(s["area"]),
            building=s.get("building"),
            difficult=bool(s.get("difficult", False)),
            objective=s.get("objective"),
            iron_cross=bool(s.get("iron_cross", False)),
            entry=bool(s.get("entry", False)),
        )
        for s in data["spaces"]
    )
    by_id = {s.id: s for s in spaces}
    doors = frozenset(frozenset(p) for p in data["doors"])
    ladders = frozenset(frozenset(p) for p in data["ladders"])
    adjacent: dict[str, set[str]] = {s.id: set() for s in spaces}
    for i, a in enumerate(spaces):
        for b in spaces[i + 1 :]:
            if shared_edge_length(a.polygon, b.polygon) > EPS:
                adjacent[a.id].add(b.id)
                adjacent[b.id].add(a.id)
    passages = {
        a: frozenset(b for b in near if _passable(by_id[a], by_id[b], doors, ladders))
        for a, near in adjacent.items()
    }
    entries = {s.id for s in spaces if s.entry}
    # Nobody walks onto an entry: the sniper leaves it for good on the first move.
    inbound = {a: frozenset(b for b in near if b not in entries) for a, near in passages.items()}
    distances = {s.id: _bfs(s.id, inbound, entries) for s in spaces}
    sight = {frozenset((a, b)): int(d) for a, row in data["sight"].items() for b, d in row.items()}
    for override in data.get("sight_overrides", ()):
        pair = frozenset((override["a"], override["b"]))
        if override["distance"] is None:
            sight.pop(pair, None)
        else:
            sight[pair] = int(override["distance"])
    return Board(
        key=data["key"],
        name=data["name"],
        width=int(data["width"]),
        height=int(data["height"]),
        spaces=spaces,
        features=tuple(
            Feature(f["kind"], points_of(f["polygon"])) for f in data.get("features", ())
        ),
        doors=doors,
        ladders=ladders,
        sight=sight,
        by_id=by_id,
        adjacent={k: frozenset(v) for k, v in adjacent.items()},
        passages=inbound,
        distances=distances,
    )


BOARD_KEYS: tuple[str, ...] = ("tidewater", "pinecrest")


def board_json(key: str) -> dict[str, Any]:
    """The bundled JSON of a board side."""
    if key not in BOARD_KEYS:
        known = ", ".join(BOARD_KEYS)
        raise InvalidActionError(
            "Unknown map {key!r}. Maps: {known}.", code="unknown_map", key=key, known=known
        )
    text = resources.files("games.sniper_elite").joinpath(f"data/maps/{key}.json").read_text()
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def load_board(key: str) -> Board:
    """The board side called `key`, loaded once."""
    return build_board(board_json(key))


def nearest(board: Board, start: str, targets: Iterable[str]) -> int:
    """Movement distance from `start` to the closest of `targets`."""
    return min((board.distance(start, t) for t in targets), default=UNREACHABLE)
