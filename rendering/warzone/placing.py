"""Where a text may sit on the table image: the box a text covers, and the clearest spot on a
weapon's range ring for its label (pure geometry over laid-out texts and discs).
"""

from __future__ import annotations

import math

import rendering.warzone.style as st
from rendering.assets import font
from rendering.canvas import Point
from rendering.canvas import Text as Label

Box = tuple[float, float, float, float]
"""Left, top, right, bottom in pixels."""

LABEL_ANGLES = tuple(dict.fromkeys((90 + s * 15 * k) % 360 for k in range(13) for s in (1, -1)))
"""Where ring labels may sit, degrees (the top of the ring first, then either way round)."""


def text_box(t: Label) -> Box:
    """The pixel box a laid-out text covers (stroke included)."""
    x0, y0, x1, y1 = font(t.size, t.font).getbbox(t.text, anchor=t.anchor, stroke_width=t.stroke)
    return (t.xy[0] + x0, t.xy[1] + y0, t.xy[0] + x1, t.xy[1] + y1)


def _box_hits_disc(box: Box, centre: Point, radius: float) -> bool:
    nx = min(max(centre[0], box[0]), box[2])
    ny = min(max(centre[1], box[1]), box[3])
    return (nx - centre[0]) ** 2 + (ny - centre[1]) ** 2 < radius * radius


def _boxes_meet(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def clearest_on_ring(
    centre: Point,
    radius: float,
    label: str,
    window: Box,
    discs: list[tuple[Point, float]],
    boxes: list[Box],
) -> Label | None:
    """A ring's label inside `window`, clear of `discs` and `boxes`.

    Tries the top of the ring first, then 15-degree steps either way; when no spot is clear,
    the one covering the fewest things (None when the ring never shows in the window).
    """
    best: tuple[int, int, Label] | None = None
    for rank, degrees in enumerate(LABEL_ANGLES):
        x = centre[0] + radius * math.cos(math.radians(degrees))
        y = centre[1] - radius * math.sin(math.radians(degrees))
        text = Label((x, y), label, 12, st.RING, "mm", "DejaVuSansCondensed-Bold.ttf",
                     stroke=2, stroke_fill=st.INK)  # fmt: skip
        box = text_box(text)
        if not (window[0] <= box[0] and box[2] <= window[2] and window[1] <= box[1]
                and box[3] <= window[3]):  # fmt: skip
            continue
        hits = sum(_box_hits_disc(box, c, r) for c, r in discs)
        hits += sum(_boxes_meet(box, other) for other in boxes)
        if hits == 0:
            return text
        if best is None or (hits, rank) < best[:2]:
            best = (hits, rank, text)
    return best[2] if best else None
