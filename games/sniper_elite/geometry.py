"""Plane geometry for the boards: convex polygons, shared edges, segment clipping (stdlib)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

Point = tuple[float, float]
Polygon = tuple[Point, ...]

EPS = 1e-9
INSET = 0.08
"""How far sight-line end points sit inside a space, so no line runs along a border."""


def edges(polygon: Polygon) -> Iterable[tuple[Point, Point]]:
    """The polygon's edges as (start, end) pairs, closing the ring."""
    count = len(polygon)
    for i in range(count):
        yield polygon[i], polygon[(i + 1) % count]


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def signed_area(polygon: Polygon) -> float:
    """Shoelace area, positive for counter-clockwise rings in y-up coordinates."""
    return sum(a[0] * b[1] - b[0] * a[1] for a, b in edges(polygon)) / 2


def is_convex(polygon: Polygon) -> bool:
    """True when every turn of the ring goes the same way and the ring has area."""
    if len(polygon) < 3 or abs(signed_area(polygon)) < EPS:
        return False
    signs = set()
    count = len(polygon)
    for i in range(count):
        turn = _cross(polygon[i], polygon[(i + 1) % count], polygon[(i + 2) % count])
        if abs(turn) > EPS:
            signs.add(turn > 0)
    return len(signs) == 1


def centroid(polygon: Polygon) -> Point:
    """The area centroid of a simple polygon."""
    area = signed_area(polygon)
    cx = cy = 0.0
    for a, b in edges(polygon):
        f = a[0] * b[1] - b[0] * a[1]
        cx += (a[0] + b[0]) * f
        cy += (a[1] + b[1]) * f
    return (cx / (6 * area), cy / (6 * area))


def bbox(polygon: Polygon) -> tuple[float, float, float, float]:
    """(min x, min y, max x, max y)."""
    xs = [p[0] for p in polygon]
    ys = [p[1] for p in polygon]
    return (min(xs), min(ys), max(xs), max(ys))


def _shared_stretches(p: Polygon, q: Polygon) -> Iterable[tuple[Point, Point, float]]:
    """Each stretch of an edge of `p` that lies along an edge of `q`: (start, end, length)."""
    for a, b in edges(p):
        length = math.dist(a, b)
        if length < EPS:
            continue
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        for c, d in edges(q):
            if abs(_cross(a, b, c)) > EPS * length or abs(_cross(a, b, d)) > EPS * length:
                continue
            tc = (c[0] - a[0]) * ux + (c[1] - a[1]) * uy
            td = (d[0] - a[0]) * ux + (d[1] - a[1]) * uy
            low, high = max(0.0, min(tc, td)), min(length, max(tc, td))
            if high - low > EPS:
                start = (a[0] + ux * low, a[1] + uy * low)
                yield start, (a[0] + ux * high, a[1] + uy * high), high - low


def shared_edge_length(p: Polygon, q: Polygon) -> float:
    """Total length of border the two polygons have in common (0 when they only touch)."""
    return sum(length for _, _, length in _shared_stretches(p, q))


def shared_edge(p: Polygon, q: Polygon) -> tuple[Point, Point] | None:
    """The longest stretch of border the polygons share (where a door or ladder is drawn)."""
    best: tuple[float, tuple[Point, Point]] | None = None
    for start, end, length in _shared_stretches(p, q):
        if best is None or length > best[0]:
            best = (length, (start, end))
    return None if best is None else best[1]


def clip_length(a: Point, b: Point, polygon: Polygon) -> float:
    """Length of the segment a-b lying inside the convex polygon (Cyrus-Beck clipping)."""
    orientation = 1.0 if signed_area(polygon) > 0 else -1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    t0, t1 = 0.0, 1.0
    for p, q in edges(polygon):
        # Inward normal of edge p-q for the ring's orientation.
        nx, ny = -(q[1] - p[1]) * orientation, (q[0] - p[0]) * orientation
        num = nx * (a[0] - p[0]) + ny * (a[1] - p[1])
        den = nx * dx + ny * dy
        if abs(den) < EPS:
            if num < 0:
                return 0.0
            continue
        t = -num / den
        if den > 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 >= t1:
            return 0.0
    return (t1 - t0) * math.hypot(dx, dy)


def sight_points(polygon: Polygon) -> tuple[Point, ...]:
    """Points just inside the border (about one per unit of edge) and the centroid."""
    centre = centroid(polygon)
    points: list[Point] = [centre]
    for a, b in edges(polygon):
        count = max(1, round(math.dist(a, b)))
        for k in range(count):
            f = (k + 0.5) / count
            points.append(_toward((a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f), centre))
        points.append(_toward(a, centre))
    return tuple(points)


def _toward(p: Point, centre: Point) -> Point:
    distance = math.dist(p, centre)
    if distance <= INSET:
        return p
    f = INSET / distance
    return (p[0] + (centre[0] - p[0]) * f, p[1] + (centre[1] - p[1]) * f)


def segment_boxes_meet(
    a: Point, b: Point, box: tuple[float, float, float, float], margin: float = 0.0
) -> bool:
    """Cheap pre-test: do the segment's and the box's bounding boxes overlap."""
    return not (
        max(a[0], b[0]) < box[0] - margin
        or min(a[0], b[0]) > box[2] + margin
        or max(a[1], b[1]) < box[1] - margin
        or min(a[1], b[1]) > box[3] + margin
    )


def rectangle(x: float, y: float, w: float, h: float) -> Polygon:
    """An axis-aligned rectangle as a counter-clockwise ring (y grows downwards on screen)."""
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


def points_of(values: Sequence[Sequence[float]]) -> Polygon:
    """A polygon from JSON vertex pairs."""
    return tuple((float(v[0]), float(v[1])) for v in values)
