"""Line of sight and cover on a top-down table: silhouettes by size, sight rays, cover classes."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from games.warzone.geometry import (
    Vec,
    bbox,
    boxes_meet,
    circle_inside_polygon,
    distance_to_polygon,
    gap,
    heading,
    in_front_arc,
    offset,
    point_segment_distance,
    segment_length_inside,
)
from games.warzone.state import Model, State
from games.warzone.terrain import Cover, Terrain, said

SILHOUETTE_HEIGHT = {0: 1.25, 1: 2.0, 2: 3.0}
"""Gap-fill: heights (inches) of the size silhouettes held behind SZ 0-2 bases."""

RAYS = 5
"""Sight rays spread across the silhouettes' width (the base diameter)."""

COVER_SHARE = 0.25
"""Gap-fill (beta threshold): an obstacle gives cover when it crosses at least 25% of the rays."""

NEAR_OBSTACLE = 1.0
"""Gap-fill: a shooter ignores a linear obstacle within 1 inch of its base (like §9 area)."""


def silhouette(model: Model) -> float:
    """The height of a model's silhouette in inches."""
    return SILHOUETTE_HEIGHT.get(model.stats.sz, 3.0 + model.stats.sz)


@dataclass(frozen=True, slots=True)
class Sight:
    """The verdict for one shooter and target: arc, rays, visibility, cover and obstacles."""

    in_arc: bool
    visible: bool
    rays: tuple[tuple[Vec, Vec, bool], ...]
    cover: Cover
    cover_from: str
    """What gives the cover, as a message names it: a terrain piece's name or a model's key."""
    obstacles: int
    distance: float

    @property
    def clear(self) -> bool:
        """In the front arc and visible."""
        return self.in_arc and self.visible


def _rays(a: Model, b: Model) -> list[tuple[Vec, Vec]]:
    direction = heading(a.pos, b.pos)
    side = direction + 90.0
    out = []
    for i in range(RAYS):
        t = -1.0 + 2.0 * i / (RAYS - 1)
        out.append((offset(a.pos, side, t * a.radius), offset(b.pos, side, t * b.radius)))
    return out


def sight(state: State, shooter: Model, target: Model) -> Sight:
    """Whether `shooter` sees `target` and with what cover (the arc is the shooter's)."""
    return sight_among(state.terrain, state.models, shooter, target)


def sight_among(
    terrain: Iterable[Terrain], models: Iterable[Model], shooter: Model, target: Model
) -> Sight:
    """`sight` over explicit terrain and models (a working copy's, mid-resolution)."""
    in_arc = in_front_arc(shooter.pos, shooter.facing, target.pos, target.radius)
    rays = _rays(shooter, target)
    tall = max(silhouette(shooter), silhouette(target))
    blocked = [False] * RAYS
    crossings: dict[str, tuple[int, Cover]] = {}
    names: dict[str, str] = {}  # what a message calls each: a piece's name, a model's key
    centre: set[str] = set()
    (ax, ay), (bx, by) = shooter.pos, target.pos
    reach = max(shooter.radius, target.radius)
    corridor = (min(ax, bx) - reach, min(ay, by) - reach, max(ax, bx) + reach, max(ay, by) + reach)
    for piece in terrain:
        # the rays stay inside the hull of the two bases: pieces outside its box cannot matter
        if not boxes_meet(corridor, bbox(piece.points)):
            continue
        names[piece.key] = said(piece)
        if piece.area and circle_inside_polygon(target.pos, target.radius, piece.points):
            crossings[piece.key] = (RAYS, piece.cover)
            centre.add(piece.key)
            continue
        near = distance_to_polygon(shooter.pos, shooter.radius, piece.points) <= NEAR_OBSTACLE
        if near and not piece.area:
            continue
        hits = 0
        for i, (p, q) in enumerate(rays):
            inside = segment_length_inside(p, q, piece.points)
            if inside <= 0.0 or (piece.area and inside <= 1.0):
                continue
            hits += 1
            if i == RAYS // 2:
                centre.add(piece.key)
            if not piece.area and piece.height >= tall:
                blocked[i] = True
        if hits:
            crossings[piece.key] = (hits, piece.cover)
    for other in models:
        if not other.alive or not other.deployed or other.key in (shooter.key, target.key):
            continue
        if point_segment_distance(other.pos, shooter.pos, target.pos) >= other.radius + reach:
            continue
        hits = 0
        for i, (p, q) in enumerate(rays):
            if point_segment_distance(other.pos, p, q) < other.radius:
                hits += 1
                if i == RAYS // 2:
                    centre.add(other.key)
        if hits:
            crossings[other.key] = (hits, Cover.HEAVY)
    cover, source = Cover.NONE, ""
    for key, (hits, cls) in sorted(crossings.items()):
        if hits / RAYS >= COVER_SHARE and cls.penalty > cover.penalty:
            cover, source = cls, names.get(key, key)
    return Sight(
        in_arc=in_arc,
        visible=not all(blocked),
        rays=tuple((p, q, not blocked[i]) for i, (p, q) in enumerate(rays)),
        cover=cover,
        cover_from=source,
        obstacles=len(centre),
        distance=gap(shooter.pos, shooter.radius, target.pos, target.radius),
    )


def point_visible(state: State, shooter: Model, point: Vec) -> bool:
    """Whether a point on the table is in the shooter's arc and not behind blocking terrain."""
    if not in_front_arc(shooter.pos, shooter.facing, point, 0.0):
        return False
    tall = silhouette(shooter)
    for piece in state.terrain:
        if piece.area or piece.height < tall:
            continue
        if distance_to_polygon(shooter.pos, shooter.radius, piece.points) <= NEAR_OBSTACLE:
            continue
        if segment_length_inside(shooter.pos, point, piece.points) > 0:
            return False
    return True


def bearing_ok(a: Vec, b: Vec) -> bool:
    """True for two distinct points (a sight line needs a direction)."""
    return not math.isclose(a[0], b[0]) or not math.isclose(a[1], b[1])
