"""Painting a table layout: a cached backdrop (ground, grid, terrain), overlays, bases, text."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

import rendering.warzone.style as st
import rendering.warzone.words as words
from games.warzone.terrain import Terrain
from rendering.assets import REGULAR, font
from rendering.canvas import RGB, SCALE, Point, Sketch, Text, draw_texts, paste
from rendering.palette import mix
from rendering.warzone.layout import (
    BOTTOM_LABELS,
    TABLE_PX,
    BaseMark,
    Frame,
    Layout,
)
from rendering.warzone.legend import (
    LEGEND_LINE,
    LEGEND_SIZE,
    SWATCH_LABEL,
    legend_notes,
    legend_swatches,
)
from rendering.warzone.words import Say

HATCH_STEP = 9


def paint(out: Layout, terrain: tuple[Terrain, ...], say: Say = str) -> Image.Image:
    """The finished RGB image of a layout over `terrain`, the legend said by `say`."""
    image = _backdrop(out.width, out.height, out.frame, terrain, out.zones, say).copy()
    _overlay(image, out)
    for mark in out.bases:
        sprite = _base_sprite(
            mark.fill,
            mark.ink,
            round(mark.radius * 2) / 2,
            round(mark.facing / 5) * 5 % 360,
            mark.active,
            mark.second_seat,
        )
        pad = sprite.width // 2
        paste(image, sprite, (round(mark.centre[0]) - pad, round(mark.centre[1]) - pad))
    stamp_texts(image, [*_base_texts(out.bases), *out.texts])
    return image


def stamp_texts(image: Image.Image, texts: list[Text]) -> None:
    """Draw laid-out text like `canvas.draw_texts`, from cached glyph masks.

    FreeType renders each (text, font, sub-pixel position) once; later images stamp the
    stroke and fill colours through the cached masks (the same pixels, a tenth of the time).
    """
    for t in texts:
        ix, iy = math.floor(t.xy[0]), math.floor(t.xy[1])
        (ox, oy), stroke, fill = _text_masks(
            t.text, t.size, t.font, t.anchor, t.stroke, t.xy[0] - ix, t.xy[1] - iy
        )
        at = (ix + ox, iy + oy)
        if stroke is not None:
            image.paste(t.stroke_fill or t.fill, at, stroke)
        image.paste(t.fill, at, fill)


@lru_cache(maxsize=4096)
def _text_masks(
    text: str, size: int, font_name: str, anchor: str, stroke: int, fx: float, fy: float
) -> tuple[tuple[int, int], Image.Image | None, Image.Image]:
    """Coverage masks of a text's stroke (None without one) and fill, and their offset."""
    face = font(size, font_name)
    x0, y0, x1, y1 = face.getbbox(text, anchor=anchor, stroke_width=stroke)
    ox, oy = math.floor(x0) - 1, math.floor(y0) - 1
    box = (math.ceil(x1) - ox + 2, math.ceil(y1) - oy + 2)

    def mask(width: int) -> Image.Image:
        out = Image.new("L", box, 0)
        ImageDraw.Draw(out).text(
            (fx - ox, fy - oy), text, fill=255, font=face, anchor=anchor,
            stroke_width=width, stroke_fill=255,
        )  # fmt: skip
        return out

    return (ox, oy), mask(stroke) if stroke else None, mask(0)


@lru_cache(maxsize=16)
def _backdrop(
    width: int,
    height: int,
    frame: Frame,
    terrain: tuple[Terrain, ...],
    zones: tuple[tuple[float, float, float, float, RGB], ...],
    say: Say,
) -> Image.Image:
    image = Image.new("RGB", (width, height), st.FRAME)
    left, top = frame.left, frame.top
    sketch = Sketch((left, top, TABLE_PX, TABLE_PX), (*st.GROUND, 255))
    for x0, y0, x1, y1, colour in zones:
        # the tint mixed over the ground here: an RGBA fill replaces pixels, so a translucent
        # fill would let the dark frame show through instead of tinting the ground
        tint = mix(st.GROUND, colour, st.ZONE_ALPHA / 255)
        sketch.polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], fill=(*tint, 255))
    _grid(sketch, frame)
    for piece in terrain:
        _piece(sketch, frame, piece)
    # a box-filter halving, like the overlays: LANCZOS over the whole table costs ~70 ms more
    paste(image, sketch.image.reduce(SCALE), (sketch.left, sketch.top))
    draw_texts(image, [*_grid_labels(frame), *_terrain_labels(frame, terrain), *legend(frame, say)])
    _legend_swatches(image, frame, say)
    return image


def _grid(sketch: Sketch, frame: Frame) -> None:
    step = 1.0 if frame.size <= 12 else 3.0
    major = 3.0 if frame.size <= 12 else 6.0
    start = math.ceil(frame.x0 / step) * step
    v = start
    while v <= frame.x0 + frame.size + 1e-9:
        colour = st.GRID_MAJOR if abs(v / major - round(v / major)) < 1e-9 else st.GRID_MINOR
        x, _ = frame.px((v, 0.0))
        sketch.line([(x, frame.top), (x, frame.top + TABLE_PX)], colour, 1.0)
        v += step
    v = math.ceil(frame.y0 / step) * step
    while v <= frame.y0 + frame.size + 1e-9:
        colour = st.GRID_MAJOR if abs(v / major - round(v / major)) < 1e-9 else st.GRID_MINOR
        _, y = frame.px((0.0, v))
        sketch.line([(frame.left, y), (frame.left + TABLE_PX, y)], colour, 1.0)
        v += step


def _grid_labels(frame: Frame) -> list[Text]:
    step = 1.0 if frame.size <= 12 else 3.0
    out: list[Text] = []
    bottom = frame.top + TABLE_PX + 3
    v = math.ceil(frame.x0 / step) * step
    while v <= frame.x0 + frame.size + 1e-9:
        x, _ = frame.px((v, 0.0))
        out.append(Text((x, bottom), f"{v:g}", 11, st.LABEL, "ma", "DejaVuSans.ttf"))
        v += step
    v = math.ceil(frame.y0 / step) * step
    while v <= frame.y0 + frame.size + 1e-9:
        _, y = frame.px((0.0, v))
        out.append(Text((frame.left - 4, y), f"{v:g}", 11, st.LABEL, "rm", "DejaVuSans.ttf"))
        v += step
    return out


def _piece(sketch: Sketch, frame: Frame, piece: Terrain) -> None:
    look = st.terrain_look(piece)
    points = [frame.px(p) for p in piece.points]
    sketch.polygon(points, fill=(*look.fill, 235))
    if look.pattern != "none":
        _hatch(sketch, points, look.ink, look.pattern == "cross")
    sketch.polygon(points, outline=(*look.outline, 255), width=look.outline_width)


def _hatch(sketch: Sketch, points: list[Point], ink: RGB, cross: bool) -> None:
    """Diagonal hatching clipped to the polygon and to the sketch (a mask at the sketch's scale)."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    # only the part inside the sketch: a zoom window shows a little of a large piece
    x0, y0 = max(min(xs), sketch.left - 1), max(min(ys), sketch.top - 1)
    x1 = min(max(xs), sketch.left + sketch.width + 1)
    y1 = min(max(ys), sketch.top + sketch.height + 1)
    if x1 <= x0 or y1 <= y0:
        return
    w, h = int((x1 - x0 + 2) * SCALE), int((y1 - y0 + 2) * SCALE)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).polygon([((x - x0 + 1) * SCALE, (y - y0 + 1) * SCALE) for x, y in points],
                                 fill=255)  # fmt: skip
    lines = Image.new("L", (w, h), 0)
    draw = ImageDraw.Draw(lines)
    step = HATCH_STEP * SCALE
    for k in range(-h, w + h, step):
        draw.line([(k, h), (k + h, 0)], fill=255, width=SCALE)
        if cross:
            draw.line([(k, 0), (k + h, h)], fill=255, width=SCALE)
    mask = ImageChops.multiply(mask, lines)
    at = (int((x0 - 1 - sketch.left) * SCALE), int((y0 - 1 - sketch.top) * SCALE))
    sketch.image.paste((*ink, 255), (*at, at[0] + w, at[1] + h), mask)


def _terrain_labels(frame: Frame, terrain: tuple[Terrain, ...]) -> list[Text]:
    out = []
    for piece in terrain:
        cx = sum(p[0] for p in piece.points) / len(piece.points)
        cy = sum(p[1] for p in piece.points) / len(piece.points)
        if not frame.visible((cx, cy), 0.0):
            continue
        label = piece.name if piece.area or piece.height <= 0 else f"{piece.name} h{piece.height:g}"
        out.append(Text(frame.px((cx, cy)), label, 11, st.PAPER, "mm",
                        "DejaVuSansCondensed-Bold.ttf", stroke=2, stroke_fill=st.INK))  # fmt: skip
    return out


LEGEND_SWATCHES = (
    ("hatch", st.LIGHT_FILL),
    ("cross", st.HEAVY_FILL),
    ("cross", st.IMPASSABLE_FILL),
)
"""Pattern and fill of the legend's swatches, in the order of `words.LEGEND_COVER`."""


def _legend_y(frame: Frame) -> int:
    return frame.top + TABLE_PX + BOTTOM_LABELS + 8


def legend(frame: Frame, say: Say = str) -> list[Text]:
    """The legend's texts under the table: swatch labels, the relay note and the badge key."""
    y = _legend_y(frame) + 9
    swatches, relays = legend_swatches(frame.left, say)
    out = [Text((x + SWATCH_LABEL, y), said, 11, st.LABEL, "lm", REGULAR) for x, said in swatches]
    on_row, notes = legend_notes(frame.left, TABLE_PX, say)
    if on_row:
        out.append(Text((relays, y), say(words.LEGEND_RELAYS), 11, st.LABEL, "lm", REGULAR))
    for i, line in enumerate(notes):
        at = (frame.left, y + 21 + i * LEGEND_LINE)
        out.append(Text(at, line, LEGEND_SIZE, st.MUTED, "lm", REGULAR))
    return out


def _legend_swatches(image: Image.Image, frame: Frame, say: Say) -> None:
    y = _legend_y(frame)
    swatches, _ = legend_swatches(frame.left, say)
    for (x, _), (pattern, fill) in zip(swatches, LEGEND_SWATCHES, strict=True):
        sketch = Sketch((x, y, 18, 18), (0, 0, 0, 0))
        box = [(0.5 + x, 0.5 + y), (17.5 + x, 0.5 + y), (17.5 + x, 17.5 + y), (0.5 + x, 17.5 + y)]
        sketch.polygon(box, fill=(*fill, 255))
        _hatch(sketch, box, st.mix_ink(fill), pattern == "cross")
        sketch.polygon(box, outline=(*st.INK, 255), width=1)
        sketch.paste_onto(image)


class _Ink:
    """Shapes of one colour, drawn at SCALE x into a coverage mask over their box, then stamped.

    A greyscale mask over only the box the shapes cover (clipped to the table) costs a fraction
    of a whole-table RGBA layer, and blends the colour by coverage without dark fringes.
    """

    def __init__(self, colour: RGB, clip: tuple[int, int, int, int]) -> None:
        self.colour = colour
        self.clip = clip
        self.lines: list[tuple[list[Point], int, int, bool]] = []
        self.polygons: list[tuple[list[Point], int]] = []
        self.discs: list[tuple[Point, float, int]] = []
        self.box = [math.inf, math.inf, -math.inf, -math.inf]

    def _grow(self, points: list[Point], pad: float) -> None:
        b = self.box
        for x, y in points:
            b[0], b[1] = min(b[0], x - pad), min(b[1], y - pad)
            b[2], b[3] = max(b[2], x + pad), max(b[3], y + pad)

    def line(self, points: list[Point], width: float, alpha: int = 255, caps: bool = True) -> None:
        """A polyline `width` final pixels wide (round caps unless told otherwise)."""
        self.lines.append((points, max(1, round(width * SCALE)), alpha, caps))
        self._grow(points, width)

    def polygon(self, points: list[Point], alpha: int = 255) -> None:
        """A filled polygon."""
        self.polygons.append((points, alpha))
        self._grow(points, 1.0)

    def disc(self, centre: Point, radius: float, alpha: int = 255) -> None:
        """A filled circle."""
        self.discs.append((centre, radius, alpha))
        self._grow([centre], radius + 1.0)

    def onto(self, image: Image.Image) -> None:
        """Stamp the colour through the coverage mask onto `image`."""
        if not (self.lines or self.polygons or self.discs):
            return
        left = max(self.clip[0], math.floor(self.box[0]))
        top = max(self.clip[1], math.floor(self.box[1]))
        right = min(self.clip[2], math.ceil(self.box[2]))
        bottom = min(self.clip[3], math.ceil(self.box[3]))
        if right <= left or bottom <= top:
            return
        mask = Image.new("L", ((right - left) * SCALE, (bottom - top) * SCALE), 0)
        draw = ImageDraw.Draw(mask)

        def xy(points: list[Point]) -> list[tuple[float, float]]:
            return [((x - left) * SCALE, (y - top) * SCALE) for x, y in points]

        for points, alpha in self.polygons:
            draw.polygon(xy(points), fill=alpha)
        for (cx, cy), r, alpha in self.discs:
            (x, y), rr = xy([(cx, cy)])[0], r * SCALE
            draw.ellipse((x - rr, y - rr, x + rr, y + rr), fill=alpha)
        for points, w, alpha, caps in self.lines:
            pts = xy(points)
            draw.line(pts, fill=alpha, width=w, joint="curve" if len(pts) > 2 else None)
            if caps:
                for x, y in (pts[0], pts[-1]):
                    draw.ellipse((x - w / 2, y - w / 2, x + w / 2, y + w / 2), fill=alpha)
        image.paste(self.colour, (left, top), mask.reduce(SCALE))


def _overlay(image: Image.Image, out: Layout) -> None:
    """Relays, range rings, sight rays and measured lines, clipped to the table window."""
    f = out.frame
    clip = (f.left, f.top, f.left + TABLE_PX, f.top + TABLE_PX)
    inks: dict[tuple[str, RGB], _Ink] = {}

    def ink(layer: str, colour: RGB) -> _Ink:
        # one mask per layer and colour; layers keep the drawing order (dicts keep insertion)
        return inks.setdefault((layer, colour), _Ink(colour, clip))

    for layer in ("relay ring", "relay", "relay edge"):
        for relay in out.relays:
            ink(layer, relay.colour if layer != "relay edge" else st.INK)
    for relay in out.relays:
        _dashed_circle(ink("relay ring", relay.colour), clip, relay.centre, relay.radius, 235, 2.0)
        cx, cy = relay.centre
        r = max(7.0, 0.45 * f.ppi)
        diamond = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
        ink("relay", relay.colour).polygon(diamond)
        ink("relay edge", st.INK).line([*diamond, diamond[0], diamond[1]], 1.5, caps=False)
    for ring in out.rings:
        _dashed_circle(ink("rings", st.RING), clip, ring.centre, ring.radius, 220, 1.6)
    for ray in out.rays:
        if ray.dashed:
            _dashed_line(ink("rays", ray.colour), ray.a, ray.b, 1.6)
        else:
            ink("rays", ray.colour).line([ray.a, ray.b], 1.6)
    for points, colour, width in out.lines:
        pen = ink("lines", colour)
        pen.line(list(points), width)
        for p in (points[0], points[-1]):
            pen.disc(p, width * 1.4)
    for pen in inks.values():
        pen.onto(image)


def _dashed_circle(pen: _Ink, clip: tuple[int, int, int, int], centre: Point, radius: float,
                   alpha: int, width: float) -> None:  # fmt: skip
    """Dashes around a circle; only those that cross the clip box are drawn."""
    steps = max(24, int(radius / 3)) * 2
    cx, cy = centre
    for i in range(0, steps, 2):
        a0, a1 = 2 * math.pi * i / steps, 2 * math.pi * (i + 1) / steps
        p = (cx + radius * math.cos(a0), cy + radius * math.sin(a0))
        q = (cx + radius * math.cos(a1), cy + radius * math.sin(a1))
        if (
            max(p[0], q[0]) + width < clip[0] or min(p[0], q[0]) - width > clip[2]
            or max(p[1], q[1]) + width < clip[1] or min(p[1], q[1]) - width > clip[3]
        ):  # fmt: skip
            continue
        pen.line([p, q], width, alpha)


def _dashed_line(pen: _Ink, a: Point, b: Point, width: float) -> None:
    length = math.dist(a, b)
    n = max(1, int(length / 6))
    for i in range(0, n, 2):
        t0, t1 = i / n, min(1.0, (i + 1) / n)
        pen.line([(a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                  (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)], width)  # fmt: skip


@lru_cache(maxsize=512)
def _base_sprite(
    fill: RGB, ink: RGB, radius: float, facing: int, active: bool, second: bool
) -> Image.Image:
    pad = math.ceil(radius) + 4
    size = 2 * pad
    sketch = Sketch((0, 0, size, size))
    c = (pad, pad)
    ring = st.ACTIVE if active else st.INK
    sketch.circle(c, radius, fill=(*fill, 255), outline=(*ring, 255), width=2.2 if active else 1.2)
    if second:
        # the second seat's bases carry an inner ring: the side reads without colour
        sketch.circle(c, radius * 0.72, outline=(*ink, 200), width=1.0)
    rad = math.radians(facing)
    tip = (c[0] + radius * math.cos(rad), c[1] - radius * math.sin(rad))
    side = radius * 0.42
    inner = radius - side * 1.2
    back = (c[0] + inner * math.cos(rad), c[1] - inner * math.sin(rad))
    left = (back[0] - side * math.sin(rad), back[1] - side * math.cos(rad))
    right = (back[0] + side * math.sin(rad), back[1] + side * math.cos(rad))
    sketch.polygon([tip, left, right], fill=(*ink, 255))
    return sketch.finish()


def _base_texts(bases: list[BaseMark]) -> list[Text]:
    out = []
    for b in bases:
        size = max(9, min(16, round(b.radius * 0.95)))
        out.append(Text(b.centre, b.number, size, b.ink, "mm", "DejaVuSansCondensed-Bold.ttf"))
        x = b.centre[0] + b.radius * 0.75
        y = b.centre[1] - b.radius * 0.75
        for badge in b.badges:
            out.append(Text((x, y), badge, 10, st.ACTIVE, "lm", stroke=2, stroke_fill=st.INK))
            x += 7 * len(badge) + 2
    return out
