"""Line of sight computed from the geometry (the boards cache the result; tests recompute it).

A sight line joins a point just inside the shooter's space to a point just inside the target's
space. It is blocked by an obstruction, and by any enclosed or elevated space it passes through,
except that a line between two elevated spaces passes over everything but obstructions, and
two enclosed spaces of the same building always see each other. Its length is the number of
spaces it passes through, the target's included and the shooter's not; the shortest unblocked
line counts. Rulings in docs/rulings.md ("Sniper Elite — boards and line of sight").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.sniper_elite.board import Feature, Space, SpaceType
from games.sniper_elite.geometry import (
    Point,
    Polygon,
    bbox,
    clip_length,
    segment_boxes_meet,
    sight_points,
)

THROUGH = 0.1
"""A line passes through a space when more than this length of it lies inside."""


@dataclass(frozen=True, slots=True)
class _Shape:
    id: str
    polygon: Polygon
    box: tuple[float, float, float, float]
    kind: SpaceType | None
    blocks: bool


def _shapes(spaces: Sequence[Space], features: Sequence[Feature]) -> list[_Shape]:
    shapes = [_Shape(s.id, s.polygon, bbox(s.polygon), s.kind, False) for s in spaces]
    shapes += [
        _Shape(f"#{i}", f.polygon, bbox(f.polygon), None, f.kind == "obstruction")
        for i, f in enumerate(features)
    ]
    return shapes


def _line_count(a: Space, b: Space, p: Point, q: Point, shapes: Sequence[_Shape]) -> int | None:
    """Spaces the line p-q passes through beyond `a`, or None when it is blocked."""
    high = a.kind is SpaceType.ELEVATED and b.kind is SpaceType.ELEVATED
    same_building = (
        a.kind is SpaceType.ENCLOSED and b.kind is SpaceType.ENCLOSED and a.building == b.building
    )
    count = 1
    for shape in shapes:
        if shape.id in (a.id, b.id) or not segment_boxes_meet(p, q, shape.box):
            continue
        if clip_length(p, q, shape.polygon) <= THROUGH:
            continue
        if shape.kind is None:
            if shape.blocks and not same_building:
                return None
            continue
        if not (high or same_building) and shape.kind is not SpaceType.OPEN:
            return None
        count += 1
    return count


def sight_between(a: Space, b: Space, shapes: Sequence[_Shape]) -> int | None:
    """The line-of-sight distance from a to b, or None when no line is clear."""
    if a.id == b.id:
        return 1
    best: int | None = None
    for p in sight_points(a.polygon):
        for q in sight_points(b.polygon):
            count = _line_count(a, b, p, q, shapes)
            if count is not None and (best is None or count < best):
                best = count
                if best == 1:
                    return 1
    return best


def compute_sight(
    spaces: Sequence[Space], features: Sequence[Feature]
) -> dict[tuple[str, str], int]:
    """Every pair of different spaces with line of sight and its distance (a < b by id)."""
    shapes = _shapes(spaces, features)
    table: dict[tuple[str, str], int] = {}
    for i, a in enumerate(spaces):
        for b in spaces[i + 1 :]:
            found = sight_between(a, b, shapes)
            if found is not None:
                key = (a.id, b.id) if a.id < b.id else (b.id, a.id)
                table[key] = found
    return table


def sight_pair(spaces: Sequence[Space], features: Sequence[Feature], a: str, b: str) -> int | None:
    """The line-of-sight distance of one pair, recomputed from the geometry."""
    by_id = {s.id: s for s in spaces}
    return sight_between(by_id[a], by_id[b], _shapes(spaces, features))
