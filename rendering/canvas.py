"""Supersampled drawing: shapes drawn at SCALE x and downsampled with LANCZOS, deterministic bytes.

Whole images are never supersampled: that costs ~100 ms per board. Instead small patches
(a tile face, an arrow, a badge) are drawn at SCALE x, reduced, cached where they repeat, and
composited onto a 1x image; text is drawn last at 1x, where FreeType already antialiases it.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

SCALE = 2
"""Supersampling factor for shapes."""

Point = tuple[float, float]
RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Colour = RGB | RGBA


class Sketch:
    """A transparent patch whose shapes are given in final-pixel coordinates and drawn at SCALE x.

    `box` is (left, top, width, height) in final pixels; `finish()` returns the RGBA patch at
    final size, to be pasted at (left, top).
    """

    def __init__(self, box: tuple[int, int, int, int], background: RGBA = (0, 0, 0, 0)) -> None:
        self.left, self.top, self.width, self.height = box
        self.image = Image.new("RGBA", (self.width * SCALE, self.height * SCALE), background)
        self.draw = ImageDraw.Draw(self.image)

    def _xy(self, points: Iterable[Point]) -> list[tuple[float, float]]:
        return [((x - self.left) * SCALE, (y - self.top) * SCALE) for x, y in points]

    def polygon(
        self,
        points: Sequence[Point],
        fill: Colour | None = None,
        outline: Colour | None = None,
        width: float = 0,
    ) -> None:
        """A closed polygon; the outline is centred on the edge like a line of `width`."""
        xy = self._xy(points)
        if fill is not None:
            self.draw.polygon(xy, fill=fill)
        if outline is not None and width > 0:
            self.draw.line([*xy, xy[0], xy[1]], fill=outline, width=_w(width), joint="curve")

    def line(self, points: Sequence[Point], fill: Colour, width: float) -> None:
        """A polyline with rounded joints and round caps."""
        xy = self._xy(points)
        w = _w(width)
        self.draw.line(xy, fill=fill, width=w, joint="curve")
        for x, y in (xy[0], xy[-1]):
            # Round caps: PIL draws butt ends, which look chipped on thick short strokes.
            self.draw.ellipse((x - w / 2, y - w / 2, x + w / 2, y + w / 2), fill=fill)

    def circle(
        self,
        centre: Point,
        radius: float,
        fill: Colour | None = None,
        outline: Colour | None = None,
        width: float = 0,
    ) -> None:
        """A circle of `radius` final pixels."""
        (x, y), r = self._xy([centre])[0], radius * SCALE
        self.draw.ellipse(
            (x - r, y - r, x + r, y + r),
            fill=fill,
            outline=outline if width > 0 else None,
            width=_w(width) if width > 0 else 0,
        )

    def rounded_rectangle(
        self,
        box: tuple[float, float, float, float],
        radius: float,
        fill: Colour | None = None,
        outline: Colour | None = None,
        width: float = 0,
    ) -> None:
        """An axis-aligned rectangle (x0, y0, x1, y1) with rounded corners."""
        (x0, y0), (x1, y1) = self._xy([(box[0], box[1]), (box[2], box[3])])
        self.draw.rounded_rectangle(
            (x0, y0, x1, y1),
            radius=radius * SCALE,
            fill=fill,
            outline=outline if width > 0 else None,
            width=_w(width) if width > 0 else 0,
        )

    def finish(self) -> Image.Image:
        """The patch at final size (RGBA, LANCZOS-reduced)."""
        return self.image.resize((self.width, self.height), Image.Resampling.LANCZOS)

    def paste_onto(self, target: Image.Image) -> None:
        """Composite the finished patch onto `target` at the patch's box."""
        paste(target, self.finish(), (self.left, self.top))


def _w(width: float) -> int:
    return max(1, round(width * SCALE))


def paste(target: Image.Image, patch: Image.Image, at: tuple[int, int]) -> None:
    """Composite an RGBA patch onto an RGB or RGBA image (the patch's alpha is the mask)."""
    target.paste(patch, at, patch)


def regular_polygon(centre: Point, radius: float, sides: int, rotation_deg: float) -> list[Point]:
    """Corners of a regular polygon; rotation 0 puts the first corner to the right (east)."""
    cx, cy = centre
    return [
        (
            cx + radius * math.cos(math.radians(rotation_deg + 360 * i / sides)),
            cy + radius * math.sin(math.radians(rotation_deg + 360 * i / sides)),
        )
        for i in range(sides)
    ]


PALETTE_LEVEL = 1
"""How hard palette images are deflated. A drawn board mapped to a palette is long runs of one
index, which the fastest level finds nearly as well as the default: a Neuroshima board takes
4.3 ms of CPU and 93 KB at level 1 against 9.9 ms and 71 KB at level 6 (issue 18)."""


def png_bytes(image: Image.Image, compress_level: int | None = None) -> bytes:
    """PNG bytes with fixed settings and no metadata, so equal images give equal bytes
    (palette images at PALETTE_LEVEL, others at zlib's default level 6, unless told)."""
    if compress_level is None:
        compress_level = PALETTE_LEVEL if image.mode == "P" else 6
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=compress_level, optimize=False)
    return buffer.getvalue()


def gif_bytes(frames: Sequence[Image.Image], durations: Sequence[int]) -> bytes:
    """A looping GIF of palette frames with fixed settings, so equal frames give equal bytes
    (GIF, not APNG: Discord animates GIF attachments inline, APNG shows one frame)."""
    buffer = io.BytesIO()
    frames[0].save(
        buffer,
        "GIF",
        save_all=True,
        append_images=list(frames[1:]),
        duration=list(durations),
        loop=0,
        disposal=1,
        optimize=False,
    )
    return buffer.getvalue()


@dataclass(frozen=True, slots=True)
class Text:
    """A piece of text placed by a layout; drawn at final size after the shapes."""

    xy: Point
    text: str
    size: int
    fill: RGB
    anchor: str = "la"
    font: str = "DejaVuSans-Bold.ttf"
    stroke: int = 0
    stroke_fill: RGB | None = None


def draw_texts(image: Image.Image, texts: Iterable[Text]) -> None:
    """Draw laid-out text with the bundled fonts."""
    from rendering.assets import font

    draw = ImageDraw.Draw(image)
    for t in texts:
        draw.text(
            t.xy,
            t.text,
            fill=t.fill,
            font=font(t.size, t.font),
            anchor=t.anchor,
            stroke_width=t.stroke,
            stroke_fill=t.stroke_fill,
        )
