"""Small cached sprites: defenders, the sniper, track cubes, objective badges, tokens, arrows."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image

import rendering.sniper_elite.style as st
from rendering.canvas import RGB, Point, Sketch, Text, draw_texts


def _sheet(radius: float) -> tuple[Sketch, Point]:
    size = int(2 * radius + 8)
    return Sketch((0, 0, size, size)), (size / 2, size / 2)


@lru_cache(maxsize=32)
def defender_sprite(squad: str, radius: int) -> Image.Image:
    """A defender: a disc in the squad's colour with its letter (colour is not the only cue)."""
    s, c = _sheet(radius)
    s.circle((c[0] + 1.5, c[1] + 2), radius, (0, 0, 0, 90))
    s.circle(c, radius, st.SQUAD_FILL[squad], (255, 255, 255), 2.5)
    s.circle(c, radius + 1.2, None, st.INK, 1.2)
    image = s.finish()
    letter = Text(c, st.SQUAD_LETTER[squad], int(radius * 1.15), st.SQUAD_INK[squad], "mm")
    draw_texts(image, [letter])
    return image


@lru_cache(maxsize=8)
def sniper_sprite(radius: int) -> Image.Image:
    """The sniper: a green reticle disc (rings and cross hairs)."""
    s, c = _sheet(radius + 2)
    s.circle((c[0] + 1.5, c[1] + 2), radius, (0, 0, 0, 90))
    s.circle(c, radius, st.SNIPER, (255, 255, 255), 2.5)
    s.circle(c, radius * 0.55, None, (255, 255, 255), 2)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        a = (c[0] + dx * radius * 0.25, c[1] + dy * radius * 0.25)
        b = (c[0] + dx * radius * 0.85, c[1] + dy * radius * 0.85)
        s.line([a, b], (255, 255, 255), 2)
    s.circle(c, 2.2, (255, 255, 255))
    return s.finish()


@lru_cache(maxsize=4)
def cube_sprite(size: int) -> Image.Image:
    """A wooden track cube seen at an angle."""
    s, c = _sheet(size)
    h = size * 0.5
    top = [(c[0], c[1] - h), (c[0] + h, c[1] - h / 2), (c[0], c[1]), (c[0] - h, c[1] - h / 2)]
    left = [(c[0] - h, c[1] - h / 2), (c[0], c[1]), (c[0], c[1] + h), (c[0] - h, c[1] + h / 2)]
    right = [(c[0] + h, c[1] - h / 2), (c[0], c[1]), (c[0], c[1] + h), (c[0] + h, c[1] + h / 2)]
    s.polygon([*top[:2], right[3], right[2], left[3], top[3]], None, st.INK, 3)
    s.polygon(top, (214, 162, 100))
    s.polygon(left, st.CUBE)
    s.polygon(right, (122, 80, 38))
    return s.finish()


@lru_cache(maxsize=16)
def badge_sprite(kind: str, radius: int) -> Image.Image:
    """An objective number's disc: printed ('plain'), yours ('own') or completed ('done')."""
    s, c = _sheet(radius + 3)
    if kind == "own":
        s.circle(c, radius + 3, st.INK)
        s.circle(c, radius + 1.5, st.OWN_OBJECTIVE, st.INK, 1.5)
    elif kind == "done":
        s.circle(c, radius + 1, st.DONE, st.INK, 2)
    else:
        s.circle(c, radius, (255, 255, 255), st.INK, 2)
    return s.finish()


@lru_cache(maxsize=16)
def token_sprite(kind: str, radius: int) -> Image.Image:
    """A bag or health-stack token: its colour and its letter."""
    s, c = _sheet(radius)
    s.circle(c, radius, st.TOKEN_FILL[kind], st.INK, 2)
    s.circle(c, radius - 4, None, (*st.TOKEN_INK[kind], 70), 1.2)
    image = s.finish()
    draw_texts(
        image, [Text(c, st.TOKEN_LETTER[kind], int(radius * 1.05), st.TOKEN_INK[kind], "mm")]
    )
    return image


@lru_cache(maxsize=4)
def heart_sprite(size: int, wounded: bool) -> Image.Image:
    """The wound token: a full red heart, or its grey wounded side."""
    s, c = _sheet(size)
    r = size * 0.28
    fill: RGB = (110, 112, 118) if wounded else (220, 40, 50)
    pts: list[Point] = []
    for i in range(64):
        t = 2 * math.pi * i / 64
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((c[0] + x * r / 8, c[1] - y * r / 8))
    s.polygon(pts, fill, (255, 255, 255), 2)
    if wounded:
        s.line([(c[0] - r, c[1] - r), (c[0] + r, c[1] + r)], st.INK, 3)
    return s.finish()


@lru_cache(maxsize=8)
def card_back(width: int, height: int, word: str = "ORDERS") -> Image.Image:
    """The back of an order card, printed with `word` (face-down cards show only this)."""
    s = Sketch((0, 0, width, height))
    s.rounded_rectangle((1, 1, width - 1, height - 1), 10, (58, 74, 56), (200, 190, 150), 2)
    k = -height
    while k < width:
        a = (max(k, 6), 6 + max(-k + 6, 0))
        length = min(width - 6 - a[0], height - 6 - a[1])
        if length > 0:
            s.line([a, (a[0] + length, a[1] + length)], (72, 90, 70), 6)
        k += 22
    s.rounded_rectangle((14, 14, width - 14, height - 14), 6, None, (200, 190, 150), 1.5)
    image = s.finish()
    mid = (width / 2, height / 2)
    draw_texts(
        image,
        [Text(mid, word, 20, (232, 222, 180), "mm", stroke=3, stroke_fill=(58, 74, 56))],
    )
    return image


def chevrons(s: Sketch, centre: Point, count: int, colour: RGB) -> None:
    """The order die's chevrons (1-3), stacked, pointing up."""
    x, y = centre
    for i in range(count):
        yy = y + (i - (count - 1) / 2) * 7
        s.line([(x - 9, yy + 4), (x, yy - 3), (x + 9, yy + 4)], colour, 2.6)


def arrow_patch(
    points: Sequence[Point], fill: RGB, edge: RGB, width: float, dashed: bool = False
) -> Sketch:
    """A polyline arrow through `points` with a head at the end (an outline first)."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    pad = width * 4
    left, top = int(min(xs) - pad), int(min(ys) - pad)
    s = Sketch((left, top, int(max(xs) + pad) - left + 1, int(max(ys) + pad) - top + 1))
    (x0, y0), (x1, y1) = points[-2], points[-1]
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    head = width * 3.2
    base = (x1 - ux * head, y1 - uy * head)
    nx, ny = -uy, ux
    tri = [
        (x1, y1),
        (base[0] + nx * head * 0.6, base[1] + ny * head * 0.6),
        (base[0] - nx * head * 0.6, base[1] - ny * head * 0.6),
    ]
    shaft = [*points[:-1], base]
    parts = _dashes(shaft, width * 2.6) if dashed else [shaft]
    for part in parts:
        s.line(part, edge, width + 4)
    s.polygon(tri, edge, edge, 4)
    for part in parts:
        s.line(part, fill, width)
    s.polygon(tri, fill)
    s.circle(points[0], width * 0.9, fill, edge, 2)
    return s


def _dashes(points: Sequence[Point], dash: float) -> list[list[Point]]:
    """Split a polyline into dashes `dash` long with equal gaps."""
    out: list[list[Point]] = []
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length = math.hypot(x1 - x0, y1 - y0)
        t = 0.0
        while t < length:
            u = min(t + dash, length)
            a = (x0 + (x1 - x0) * t / length, y0 + (y1 - y0) * t / length)
            b = (x0 + (x1 - x0) * u / length, y0 + (y1 - y0) * u / length)
            out.append([a, b])
            t += 2 * dash
    return out or [list(points)]
