"""The printed map of a board side, painted once per size and cached: spaces, walls, features.

Everything here depends only on the board and the scale, never on a game, so the backdrop is
drawn supersampled a single time and each board image starts from a copy of it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

import rendering.sniper_elite.style as st
from games.sniper_elite.board import Board, Space, SpaceType, load_board
from games.sniper_elite.geometry import bbox, centroid, shared_edge
from rendering.canvas import RGB, Point, Sketch, Text
from rendering.phone import key_text_px
from rendering.sniper_elite.style import AREA_PATTERN, AREA_TINT

ID_FONT = key_text_px(st.WIDTH)
"""Space ids: what a player types to move and shoot, at the phone floor (rendering.phone)."""


@dataclass(frozen=True, slots=True)
class MapFrame:
    """Where a board's unit coordinates land on the image: pixel = origin + unit * scale."""

    key: str
    left: int
    top: int
    scale: float
    width: int
    height: int

    def point(self, p: Point) -> Point:
        """A board point in image pixels."""
        return (self.left + p[0] * self.scale, self.top + p[1] * self.scale)

    def polygon(self, space: Space) -> list[Point]:
        """A space's corners in image pixels."""
        return [self.point(p) for p in space.polygon]

    def box(self, space: Space) -> tuple[float, float, float, float]:
        """A space's bounding box in image pixels."""
        x0, y0, x1, y1 = bbox(space.polygon)
        (a, b), (c, d) = self.point((x0, y0)), self.point((x1, y1))
        return (a, b, c, d)

    def centre(self, space: Space) -> Point:
        """The centre of a space in image pixels."""
        return self.point(centroid(space.polygon))


def map_frame(key: str, top: int) -> MapFrame:
    """The largest scale that fits the map in the image width and the height cap."""
    board = load_board(key)
    inner = st.WIDTH - 2 * st.MARGIN
    scale = min(inner / board.width, st.MAP_MAX_HEIGHT / board.height)
    scale = math.floor(scale)
    width, height = round(board.width * scale), round(board.height * scale)
    return MapFrame(key, (st.WIDTH - width) // 2, top, float(scale), width, height)


def space_fill(space: Space) -> RGB:
    """The floor colour of a space (area tint, shaded by type)."""
    area = space.area.value
    if space.kind is SpaceType.ENCLOSED:
        return st.enclosed_fill(area)
    if space.kind is SpaceType.ELEVATED:
        return st.elevated_fill(area)
    return AREA_TINT[area]


def _pattern(s: Sketch, frame: MapFrame, space: Space) -> None:
    """The area's pattern, faint, clipped to the space's box (spaces are convex)."""
    kind = AREA_PATTERN[space.area.value]
    x0, y0, x1, y1 = frame.box(space)
    ink = (*st.AREA_ACCENT[space.area.value], 40 if kind == "hatch" else 56)
    step = frame.scale / 3.4
    if kind == "hatch":
        k = -(y1 - y0)
        while k < x1 - x0:
            a = (x0 + max(k, 0), y0 + max(-k, 0))
            length = min(x1 - a[0], y1 - a[1])
            s.line([a, (a[0] + length, a[1] + length)], ink, 1.4)
            k += step
    elif kind == "dots":
        y = y0 + step / 2
        while y < y1:
            x = x0 + step / 2 + (step / 2 if round((y - y0) / step) % 2 else 0)
            while x < x1:
                s.circle((x, y), 1.7, ink)
                x += step
            y += step
    elif kind == "rules":
        y = y0 + step / 2
        while y < y1:
            s.line([(x0 + 2, y), (x1 - 2, y)], (*st.AREA_ACCENT["black"], 60), 1.6)
            y += step


def _tufts(s: Sketch, frame: MapFrame, space: Space) -> None:
    """Difficult ground: small grass tufts on a lattice."""
    x0, y0, x1, y1 = frame.box(space)
    step = frame.scale * 0.6
    row = 0
    y = y0 + step * 0.8
    while y < y1 - 6:
        x = x0 + step * (0.5 if row % 2 else 0.8)
        while x < x1 - 6:
            for dx in (-4.5, 0.0, 4.5):
                s.line([(x + dx * 0.4, y), (x + dx, y - 7)], (*st.TUFT, 210), 1.6)
            x += step
        y += step
        row += 1


def _feature(s: Sketch, frame: MapFrame, kind: str, polygon: list[Point]) -> None:
    """Water (waves) or an obstruction (crates: a cross in a block)."""
    xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    if kind == "water":
        s.polygon(polygon, st.WATER)
        y = y0 + 9
        while y < y1 - 4:
            pts = [(x, y + 3 * math.sin((x - x0) / 6)) for x in _steps(x0 + 5, x1 - 5, 3)]
            s.line(pts, st.WATER_LINE, 1.6)
            y += 12
        s.polygon(polygon, None, (60, 110, 160), 2)
        return
    s.polygon(polygon, st.OBSTRUCTION, st.WALL, 3)
    s.line([(x0 + 6, y0 + 6), (x1 - 6, y1 - 6)], (140, 134, 124), 3)
    s.line([(x0 + 6, y1 - 6), (x1 - 6, y0 + 6)], (140, 134, 124), 3)


def _steps(a: float, b: float, step: float) -> list[float]:
    count = max(1, int((b - a) / step))
    return [a + (b - a) * i / count for i in range(count + 1)]


def _door(s: Sketch, a: Point, b: Point) -> None:
    """A door: a gap in the wall with a wooden leaf across its middle half."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    half = min(math.dist(a, b) * 0.3, 18)
    ux, uy = (b[0] - a[0]) / math.dist(a, b), (b[1] - a[1]) / math.dist(a, b)
    p, q = (mx - ux * half, my - uy * half), (mx + ux * half, my + uy * half)
    s.line([p, q], st.PAPER, 8)
    s.line([p, q], st.DOOR, 4.5)


def _ladder(s: Sketch, a: Point, b: Point) -> None:
    """A ladder across the shared edge: two rails and rungs."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    length = math.dist(a, b)
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    nx, ny = -uy, ux
    half_w, half_l = 6.5, 15.0
    for side in (-1, 1):
        ox, oy = ux * half_w * side, uy * half_w * side
        s.line(
            [(mx + ox - nx * half_l, my + oy - ny * half_l),
             (mx + ox + nx * half_l, my + oy + ny * half_l)],
            st.LADDER, 3,
        )  # fmt: skip
    for k in (-10.0, -3.5, 3.5, 10.0):
        s.line(
            [(mx - ux * half_w + nx * k, my - uy * half_w + ny * k),
             (mx + ux * half_w + nx * k, my + uy * half_w + ny * k)],
            st.LADDER, 2.2,
        )  # fmt: skip


def _edge(board: Board, frame: MapFrame, a: Space, b: Space) -> tuple[Point, Point] | None:
    seg = shared_edge(a.polygon, b.polygon)
    if seg is None:
        return None
    return frame.point(seg[0]), frame.point(seg[1])


def _iron_cross(s: Sketch, centre: Point, size: float, fill: RGB) -> None:
    """A cross pattée in the squad's colour with a white and a dark rim."""
    cx, cy = centre
    arm = []
    for k in range(4):
        ang = math.pi / 2 * k
        c, d = math.cos(ang), math.sin(ang)
        pts = [(0.18, 0.12), (1.0, 0.55), (1.0, -0.55), (0.18, -0.12)]
        arm.append([(cx + size * (x * c - y * d), cy + size * (x * d + y * c)) for x, y in pts])
    for poly in arm:
        s.polygon(poly, st.INK, st.INK, 4.5)
    for poly in arm:
        s.polygon(poly, fill, (255, 255, 255), 1.4)
    s.circle(centre, size * 0.24, fill)


def _entry(s: Sketch, frame: MapFrame, board: Board, space: Space) -> None:
    """An entry: a green double chevron pointing onto the board."""
    cx, cy = frame.centre(space)
    mx, my = frame.point((board.width / 2, board.height / 2))
    ang = math.atan2(my - cy, mx - cx)
    # Snap to the nearest axis: entries sit on the map's edge.
    ang = round(ang / (math.pi / 2)) * (math.pi / 2)
    ux, uy = math.cos(ang), math.sin(ang)
    nx, ny = -uy, ux
    r = min(frame.scale * 0.3, 16)
    for off in (-0.45, 0.45):
        bx, by = cx + ux * r * off, cy + uy * r * off
        s.line(
            [(bx - ux * r * 0.5 + nx * r * 0.7, by - uy * r * 0.5 + ny * r * 0.7),
             (bx + ux * r * 0.5, by + uy * r * 0.5),
             (bx - ux * r * 0.5 - nx * r * 0.7, by - uy * r * 0.5 - ny * r * 0.7)],
            st.SNIPER, 4,
        )  # fmt: skip


@lru_cache(maxsize=8)
def backdrop(key: str, top: int, height: int) -> Image.Image:
    """The map painted on a paper strip `height` tall, its top edge at image row `top`."""
    board = load_board(key)
    frame = map_frame(key, top)
    s = Sketch((0, top, st.WIDTH, height), (*st.PAPER, 255))
    for space in board.spaces:
        s.polygon(frame.polygon(space), space_fill(space))
        _pattern(s, frame, space)
        if space.difficult:
            _tufts(s, frame, space)
    for feature in board.features:
        _feature(s, frame, feature.kind, [frame.point(p) for p in feature.polygon])
    for space in board.spaces:
        if space.kind is SpaceType.OPEN:
            s.polygon(frame.polygon(space), None, st.GRID, 1.3)
    for space in board.spaces:
        if space.kind is SpaceType.ELEVATED:
            poly = frame.polygon(space)
            s.polygon(poly, None, st.ELEVATED_RIM, 3)
            _rim_ticks(s, poly)
    for space in board.spaces:
        if space.kind is SpaceType.ENCLOSED:
            s.polygon(frame.polygon(space), None, st.WALL, 5)
    for pair in sorted(tuple(sorted(p)) for p in board.doors):
        seg = _edge(board, frame, board.by_id[pair[0]], board.by_id[pair[1]])
        if seg:
            _door(s, *seg)
    for pair in sorted(tuple(sorted(p)) for p in board.ladders):
        seg = _edge(board, frame, board.by_id[pair[0]], board.by_id[pair[1]])
        if seg:
            _ladder(s, *seg)
    _area_borders(s, frame, board)
    for space in board.spaces:
        x0, _, _, y1 = frame.box(space)
        if space.iron_cross:
            _iron_cross(s, (x0 + 16, y1 - 16), 11, st.SQUAD_FILL[space.area.value])
        if space.entry:
            _entry(s, frame, board, space)
    s.polygon(
        [(frame.left, frame.top), (frame.left + frame.width, frame.top),
         (frame.left + frame.width, frame.top + frame.height),
         (frame.left, frame.top + frame.height)],
        None, st.INK, 3,
    )  # fmt: skip
    return s.finish().convert("RGB")


def _rim_ticks(s: Sketch, poly: list[Point]) -> None:
    """Short hachures just inside high ground's rim, like contour ticks on a map."""
    n = len(poly)
    cx = sum(p[0] for p in poly) / n
    cy = sum(p[1] for p in poly) / n
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        length = math.dist(a, b)
        for t in _steps(0.1, 0.9, 14 / max(length, 1)):
            px, py = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
            dx, dy = cx - px, cy - py
            d = math.hypot(dx, dy) or 1
            s.line([(px, py), (px + dx / d * 6, py + dy / d * 6)], st.ELEVATED_RIM, 1.6)


def _area_borders(s: Sketch, frame: MapFrame, board: Board) -> None:
    """A dark line where two areas meet, so areas read without their tints."""
    for i, a in enumerate(board.spaces):
        for b in board.spaces[i + 1 :]:
            if a.area is b.area or b.id not in board.adjacent[a.id]:
                continue
            seg = _edge(board, frame, a, b)
            if seg:
                s.line(list(seg), st.INK, 3)


def map_labels(board: Board, frame: MapFrame) -> list[Text]:
    """Space ids at the top left of each space (drawn over the LKA outline, so not cached)."""
    texts: list[Text] = []
    for space in board.spaces:
        x0, y0, _, _ = frame.box(space)
        texts.append(
            Text((x0 + 4, y0 + 3), space.id, ID_FONT, st.INK, "la", stroke=2,
                 stroke_fill=(255, 255, 255))
        )  # fmt: skip
    return texts
