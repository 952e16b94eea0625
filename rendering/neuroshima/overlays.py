"""Marks drawn over the board: change rings, ghosts of removed tiles, nets, arrows (all cached)."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from games.neuroshima.tiles import tile_type
from rendering.assets import CONDENSED_BOLD, font
from rendering.canvas import RGB, SCALE, Point, Sketch, paste
from rendering.hexgrid import SQRT3, hex_corners
from rendering.neuroshima.tiles import FACE, TILE_INSET, draw_edge, short_name
from rendering.palette import HIGHLIGHT, INK, PAPER, WARNING, Style

MOVE_ARROW: tuple[RGB, RGB] = (HIGHLIGHT, INK)
"""Fill and outline of movement arrows."""
GHOST_ALPHA = 110
"""Opacity (of 255) of a removed tile's face under its cross: its symbols stay readable."""


def _canvas(radius: int) -> tuple[Sketch, Point]:
    w, h = 2 * radius + 8, int(SQRT3 * radius) + 8
    return Sketch((0, 0, w, h)), (w / 2, h / 2)


def _dashed_polygon(
    s: Sketch, corners: list[Point], colour: RGB, width: float, dashes: int
) -> None:
    for i in range(6):
        (x0, y0), (x1, y1) = corners[i], corners[(i + 1) % 6]
        for k in range(dashes):
            a, b = (2 * k + 0.5) / (2 * dashes), (2 * k + 1.5) / (2 * dashes)
            s.line(
                [
                    (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                    (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b),
                ],
                colour,
                width,
            )


@lru_cache(maxsize=32)
def ring_sprite(kind: str, radius: int) -> Image.Image:
    """A ring around a hex: solid for a change, dashed for a choice, double for its target."""
    s, c = _canvas(radius)
    w = radius * 0.06
    if kind == "changed":
        corners = hex_corners(c, radius * 0.99)
        s.polygon(corners, None, INK, w * 2.0)
        s.polygon(corners, None, HIGHLIGHT, w)
    elif kind == "option":
        _dashed_polygon(s, hex_corners(c, radius * 0.96), INK, w * 1.9, 2)
        _dashed_polygon(s, hex_corners(c, radius * 0.96), WARNING, w, 2)
    elif kind == "target":
        for scale in (1.0, 0.86):
            corners = hex_corners(c, radius * scale)
            s.polygon(corners, None, INK, w * 1.8)
            s.polygon(corners, None, WARNING, w * 0.9)
    elif kind == "doomed":
        d = radius * 0.5
        for sign in (1, -1):
            line = [(c[0] - d, c[1] - d * sign), (c[0] + d, c[1] + d * sign)]
            s.line(line, INK, radius * 0.16)
            s.line(line, PAPER, radius * 0.08)
    elif kind == "saved":
        _medic_badge(s, (c[0] + radius * 0.74, c[1]), radius * 0.17)
    else:
        raise ValueError(f"unknown ring {kind!r}")
    return s.finish()


def _medic_badge(s: Sketch, at: Point, r: float) -> None:
    # On the east corner, which edge symbols never reach: a Medic's cross on a dark disc.
    s.circle(at, r, INK, PAPER, r * 0.16)
    arm, half = r * 0.62, r * 0.2
    x, y = at
    for w, h in ((half, arm), (arm, half)):
        s.polygon([(x - w, y - h), (x + w, y - h), (x + w, y + h), (x - w, y + h)], PAPER)


@lru_cache(maxsize=256)
def ghost_sprite(tile_id: str, style: Style, radius: int, facing: int | None = None) -> Image.Image:
    """A removed tile, crossed out and named: a faded hex in its owner's colour, with its edge
    symbols at `facing` when that is known (the face is left out so the name reads clearly)."""
    s, c = _canvas(radius)
    corners = hex_corners(c, radius * TILE_INSET)
    image = Image.new("RGBA", (s.width, s.height), (0, 0, 0, 0))
    if facing is None:
        s.polygon(corners, (*style.fill, 90))
    else:
        edges, tile = Sketch((0, 0, s.width, s.height)), tile_type(tile_id)
        edges.polygon(corners, style.fill)
        for direction in range(6):
            edge = tile.edge(facing, direction)
            if not edge.is_blank:
                draw_edge(edges, c, radius * TILE_INSET, direction, edge, style)
        faded = edges.finish()
        faded.putalpha(faded.getchannel("A").point(lambda a: a * GHOST_ALPHA // 255))
        image.alpha_composite(faded)
    _dashed_polygon(s, corners, PAPER, radius * 0.035, 3)
    d = radius * 0.36
    for sign in (1, -1):
        s.line([(c[0] - d, c[1] - d * sign), (c[0] + d, c[1] + d * sign)], INK, radius * 0.12)
        s.line([(c[0] - d, c[1] - d * sign), (c[0] + d, c[1] + d * sign)], PAPER, radius * 0.06)
    image.alpha_composite(s.finish())
    size = max(14, round(radius * 0.15))
    draw = ImageDraw.Draw(image)
    draw.text(
        (c[0], c[1] + (0 if facing is not None else radius * 0.58)),
        short_name(tile_type(tile_id)),
        PAPER,
        font(size, CONDENSED_BOLD),
        "mm",
        stroke_width=3,
        stroke_fill=INK,
    )
    return image


@lru_cache(maxsize=8)
def net_sprite(radius: int) -> Image.Image:
    """A net thrown over a tile: a diagonal lattice clipped to the hex."""
    s, c = _canvas(radius)
    step = radius * 0.36
    span = radius * 1.2
    n = int(span * 2 / step) + 1
    for k in range(n):
        off = -span + k * step
        for sign in (1, -1):
            a = (c[0] + off - span, c[1] - span * sign)
            b = (c[0] + off + span, c[1] + span * sign)
            s.line([a, b], (*INK, 150), radius * 0.036)
            s.line([a, b], (*PAPER, 170), radius * 0.014)
    mask = Image.new("L", s.image.size, 0)
    ImageDraw.Draw(mask).polygon(
        [(x * SCALE, y * SCALE) for x, y in hex_corners(c, radius * TILE_INSET * 0.97)], fill=255
    )
    # Keep the face clear so the netted tile can still be read; the band carries the net.
    face = radius * FACE * 0.96
    cx, cy = c[0] * SCALE, c[1] * SCALE
    ImageDraw.Draw(mask).ellipse(
        (cx - face * SCALE, cy - face * SCALE, cx + face * SCALE, cy + face * SCALE), fill=0
    )
    s.image.putalpha(ImageChops.multiply(s.image.getchannel("A"), mask))
    return s.finish()


def arrow_patch(
    start: Point, end: Point, radius: float, colours: tuple[RGB, RGB], trim: float = 0.42
) -> tuple[Sketch, Point]:
    """A sketch with an arrow from `start` to `end` (both trimmed by `trim` hex radii)."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    a = (x0 + ux * radius * trim, y0 + uy * radius * trim)
    b = (x1 - ux * radius * trim, y1 - uy * radius * trim)
    pad = radius * 0.3
    left = int(min(a[0], b[0]) - pad)
    top = int(min(a[1], b[1]) - pad)
    right = int(max(a[0], b[0]) + pad) + 1
    bottom = int(max(a[1], b[1]) + pad) + 1
    s = Sketch((left, top, right - left, bottom - top))
    fill, edge = colours
    w = radius * 0.075
    head = radius * 0.24
    base = (b[0] - ux * head, b[1] - uy * head)
    nx, ny = -uy, ux
    tri = [
        b,
        (base[0] + nx * head * 0.62, base[1] + ny * head * 0.62),
        (base[0] - nx * head * 0.62, base[1] - ny * head * 0.62),
    ]
    s.line([a, base], edge, w * 2.2)
    s.polygon(tri, edge, edge, w * 1.2)
    s.line([a, base], fill, w)
    s.polygon(tri, fill)
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    return s, mid


def paste_arrow(
    image: Image.Image, start: Point, end: Point, radius: float, colours: tuple[RGB, RGB]
) -> Point:
    """Draw an arrow onto `image`; returns its midpoint (for a label)."""
    s, mid = arrow_patch(start, end, radius, colours)
    paste(image, s.finish(), (s.left, s.top))
    return mid


ATTACK_COLOURS: dict[str, tuple[RGB, RGB]] = {
    "melee": (WARNING, INK),
    "ranged": (HIGHLIGHT, INK),
    "gauss": (HIGHLIGHT, INK),
}


def paste_attack(
    image: Image.Image,
    start: Point,
    end: Point,
    label: Point,
    radius: float,
    kind: str,
    saved: bool = False,
) -> None:
    """An attack arrow with a disc at `label` for its damage number (text drawn later); the
    disc of a hit a Medic took is white, for dark text."""
    colours = ATTACK_COLOURS.get(kind, (WARNING, INK))
    s, _ = arrow_patch(start, end, radius, colours, 0.3)
    paste(image, s.finish(), (s.left, s.top))
    r = radius * 0.15
    disc = Sketch((int(label[0] - r - 3), int(label[1] - r - 3), int(2 * r + 7), int(2 * r + 7)))
    if saved:
        disc.circle(label, r, PAPER, INK, radius * 0.025)
    else:
        disc.circle(label, r, INK, colours[0], radius * 0.025)
    disc.paste_onto(image)
