"""Table geometry in inches: the only module that touches shapely, behind small typed wrappers."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import lru_cache

from shapely import prepared  # type: ignore[import-untyped]
from shapely.geometry import LineString, Point, Polygon  # type: ignore[import-untyped]

Vec = tuple[float, float]

CONTACT = 0.01
"""Two bases closer than this are in base contact (B2B)."""

MM_PER_INCH = 25.4


def mm_to_inches(mm: float) -> float:
    """Millimetres as inches."""
    return mm / MM_PER_INCH


def dist(a: Vec, b: Vec) -> float:
    """Centre-to-centre distance."""
    return math.hypot(b[0] - a[0], b[1] - a[1])


def gap(a: Vec, ra: float, b: Vec, rb: float) -> float:
    """Base-to-base distance (nearest edges), 0 when the bases touch or overlap."""
    # ra + rb first: subtracting one radius at a time made A-to-B and B-to-A differ by 1 ulp
    return max(0.0, dist(a, b) - (ra + rb))


def heading(a: Vec, b: Vec) -> float:
    """The direction from a to b in degrees (0 = +x, counter-clockwise)."""
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360.0


def offset(p: Vec, degrees: float, length: float) -> Vec:
    """The point `length` inches from p in direction `degrees`."""
    rad = math.radians(degrees)
    return (p[0] + length * math.cos(rad), p[1] + length * math.sin(rad))


def in_front_arc(origin: Vec, facing: float, point: Vec, radius: float) -> bool:
    """True when any part of a base (point, radius) lies in the 180° arc facing `facing`."""
    rad = math.radians(facing)
    ahead = (point[0] - origin[0]) * math.cos(rad) + (point[1] - origin[1]) * math.sin(rad)
    return ahead > -radius


def path_length(points: Sequence[Vec]) -> float:
    """The length of a polyline."""
    return sum(dist(points[i], points[i + 1]) for i in range(len(points) - 1))


@lru_cache(maxsize=4096)
def _polygon(points: tuple[Vec, ...]) -> object:
    return Polygon(points)


@lru_cache(maxsize=4096)
def _prepared(points: tuple[Vec, ...]) -> object:
    return prepared.prep(_polygon(points))


@lru_cache(maxsize=4096)
def bbox(points: tuple[Vec, ...]) -> tuple[float, float, float, float]:
    """The polygon's bounding box (min x, min y, max x, max y)."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def boxes_meet(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """True when two bounding boxes overlap (a cheap test before shapely's exact one)."""
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def polygon_area(points: tuple[Vec, ...]) -> float:
    """The area of a simple polygon."""
    return float(_polygon(points).area)  # type: ignore[attr-defined]


def circle_touches_polygon(centre: Vec, radius: float, points: tuple[Vec, ...]) -> bool:
    """True when a base overlaps a polygon (any part)."""
    return bool(_polygon(points).distance(Point(centre)) < radius)  # type: ignore[attr-defined]


def circle_inside_polygon(centre: Vec, radius: float, points: tuple[Vec, ...]) -> bool:
    """True when a base lies wholly inside a polygon."""
    if convex(points):
        return disc_inside_convex(centre, radius, points)
    disc = Point(centre).buffer(radius, quad_segs=8)
    return bool(_prepared(points).contains(disc))  # type: ignore[attr-defined]


def point_inside_polygon(p: Vec, points: tuple[Vec, ...]) -> bool:
    """True when a point lies inside (or on) a polygon."""
    return bool(_prepared(points).intersects(Point(p)))  # type: ignore[attr-defined]


def distance_to_polygon(centre: Vec, radius: float, points: tuple[Vec, ...]) -> float:
    """Gap between a base's edge and a polygon (0 when they overlap)."""
    if _point_in(centre, points):
        return 0.0
    n = len(points)
    edge = min(point_segment_distance(centre, points[i], points[(i + 1) % n]) for i in range(n))
    return max(0.0, edge - radius)


def _point_in(p: Vec, points: tuple[Vec, ...]) -> bool:
    """Even-odd point-in-polygon test (boundary points may fall either way)."""
    x, y = p
    inside = False
    n = len(points)
    for i in range(n):
        (x0, y0), (x1, y1) = points[i], points[(i + 1) % n]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def segment_length_inside(a: Vec, b: Vec, points: tuple[Vec, ...]) -> float:
    """How many inches of the segment a-b run inside a polygon."""
    if convex(points):
        return _clip_convex(a, b, points)
    poly = _prepared(points)
    line = LineString((a, b))
    if not poly.intersects(line):  # type: ignore[attr-defined]
        return 0.0
    return float(_polygon(points).intersection(line).length)  # type: ignore[attr-defined]


@lru_cache(maxsize=4096)
def convex(points: tuple[Vec, ...]) -> bool:
    """True for a convex polygon (sight rays use a fast exact clip on those)."""
    n = len(points)
    signs = set()
    for i in range(n):
        (x0, y0), (x1, y1), (x2, y2) = points[i], points[(i + 1) % n], points[(i + 2) % n]
        cross = (x1 - x0) * (y2 - y1) - (y1 - y0) * (x2 - x1)
        if abs(cross) > 1e-12:
            signs.add(cross > 0)
    return len(signs) <= 1


@lru_cache(maxsize=4096)
def _edges(points: tuple[Vec, ...]) -> tuple[tuple[float, float, float], ...]:
    """Each edge as an inward half-plane nx*x + ny*y >= c."""
    area2 = sum(
        points[i][0] * points[(i + 1) % len(points)][1]
        - points[(i + 1) % len(points)][0] * points[i][1]
        for i in range(len(points))
    )
    turn = 1.0 if area2 > 0 else -1.0
    out = []
    for i in range(len(points)):
        (x0, y0), (x1, y1) = points[i], points[(i + 1) % len(points)]
        nx, ny = -(y1 - y0) * turn, (x1 - x0) * turn
        out.append((nx, ny, nx * x0 + ny * y0))
    return tuple(out)


def _clip_convex(a: Vec, b: Vec, points: tuple[Vec, ...]) -> float:
    """Cyrus-Beck: the length of a-b inside a convex polygon."""
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for nx, ny, c in _edges(points):
        num = nx * a[0] + ny * a[1] - c
        den = nx * dx + ny * dy
        if abs(den) < 1e-15:
            if num < 0:
                return 0.0
            continue
        t = -num / den
        if den > 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return 0.0
    return (t1 - t0) * math.hypot(dx, dy)


def disc_inside_convex(centre: Vec, radius: float, points: tuple[Vec, ...]) -> bool:
    """True when a base lies wholly inside a convex polygon (every edge at least r away)."""
    for nx, ny, c in _edges(points):
        if (nx * centre[0] + ny * centre[1] - c) / math.hypot(nx, ny) < radius:
            return False
    return True


def path_swept_hits_polygon(path: Sequence[Vec], radius: float, points: tuple[Vec, ...]) -> bool:
    """True when a base moved along `path` would overlap the polygon at some point."""
    if len(path) == 1:
        return circle_touches_polygon(path[0], radius, points)
    xs, ys = [p[0] for p in path], [p[1] for p in path]
    swept = (min(xs) - radius, min(ys) - radius, max(xs) + radius, max(ys) + radius)
    if not boxes_meet(swept, bbox(points)):
        return False
    line = LineString(path)
    return bool(_polygon(points).distance(line) < radius - 1e-9)  # type: ignore[attr-defined]


def path_swept_hits_base(path: Sequence[Vec], radius: float, other: Vec, other_r: float) -> bool:
    """True when a base moved along `path` would overlap another base (touching is allowed)."""
    if len(path) == 1:
        return dist(path[0], other) < radius + other_r - 1e-6
    near = min(point_segment_distance(other, path[i], path[i + 1]) for i in range(len(path) - 1))
    return near < radius + other_r - 1e-6


def path_length_inside(path: Sequence[Vec], points: tuple[Vec, ...]) -> float:
    """Inches of a polyline that run inside a polygon."""
    if len(path) < 2:
        return 0.0
    return float(_polygon(points).intersection(LineString(path)).length)  # type: ignore[attr-defined]


def discs_under_circle(
    centre: Vec, radius: float, bases: Iterable[tuple[str, Vec, float]]
) -> tuple[str, ...]:
    """Ids of the bases any part of which lies under a round template."""
    return tuple(key for key, at, r in bases if dist(at, centre) < radius + r)


def point_segment_distance(p: Vec, a: Vec, b: Vec) -> float:
    """Shortest distance from p to the segment a-b."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return dist(p, a)
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return dist(p, (ax + t * dx, ay + t * dy))
