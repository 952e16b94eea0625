"""The Last Known Area's outline: a violet band around the area's outer border, cached."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

import rendering.sniper_elite.style as st
from games.sniper_elite.board import Area, load_board
from games.sniper_elite.geometry import edges
from rendering.canvas import Point, Sketch
from rendering.sniper_elite.mapart import map_frame

STEP = 0.25
"""Board units: edges are cut into pieces this long to find the unshared ones."""


def border_segments(key: str, area: Area) -> list[tuple[Point, Point]]:
    """Board-unit segments on the border of an area (edges not shared by two of its spaces)."""
    board = load_board(key)
    spaces = [s for s in board.spaces if s.area is area]
    # Features sit in holes between spaces; outlining them would draw islands inside the area.
    features = [f.polygon for f in board.features]
    pieces: list[tuple[Point, Point]] = []
    for space in spaces:
        for a, b in edges(space.polygon):
            length = ((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5
            count = max(1, round(length / STEP))
            for i in range(count):
                p = (a[0] + (b[0] - a[0]) * i / count, a[1] + (b[1] - a[1]) * i / count)
                q = (a[0] + (b[0] - a[0]) * (i + 1) / count, a[1] + (b[1] - a[1]) * (i + 1) / count)
                mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
                shared = any(o is not space and _on_border(mid, o.polygon) for o in spaces)
                if not shared and not any(_on_border(mid, f) for f in features):
                    pieces.append((p, q))
    return pieces


def _on_border(point: Point, polygon: tuple[Point, ...]) -> bool:
    for a, b in edges(polygon):
        cross = (b[0] - a[0]) * (point[1] - a[1]) - (b[1] - a[1]) * (point[0] - a[0])
        if abs(cross) > 1e-6:
            continue
        if (
            min(a[0], b[0]) - 1e-6 <= point[0] <= max(a[0], b[0]) + 1e-6
            and min(a[1], b[1]) - 1e-6 <= point[1] <= max(a[1], b[1]) + 1e-6
        ):
            return True
    return False


@lru_cache(maxsize=16)
def lka_outline(key: str, top: int, area: Area) -> Image.Image:
    """A transparent map-sized patch (its top at `top` - 8) outlining the area in violet."""
    frame = map_frame(key, top)
    s = Sketch((0, top - 8, st.WIDTH, frame.height + 16))
    segments = [(frame.point(p), frame.point(q)) for p, q in border_segments(key, area)]
    for p, q in segments:
        s.line([p, q], (255, 255, 255), 11)
    for p, q in segments:
        s.line([p, q], st.LKA, 7)
    return s.finish()
