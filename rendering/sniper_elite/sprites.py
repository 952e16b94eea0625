"""Turn a laid-out Sprite into its cached image (pieces, tokens, legend swatches, card backs)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

import rendering.sniper_elite.pieces as pieces
import rendering.sniper_elite.style as st
from rendering.canvas import Sketch
from rendering.sniper_elite.panel import Sprite


def sprite(item: Sprite) -> Image.Image:
    """The image for a laid-out sprite."""
    kind, key, size = item.kind, item.key, item.size
    if kind == "defender":
        return pieces.defender_sprite(key, size)
    if kind == "sniper":
        return pieces.sniper_sprite(size)
    if kind == "cube":
        return pieces.cube_sprite(size)
    if kind == "badge":
        return pieces.badge_sprite(key, size)
    if kind == "token":
        return pieces.token_sprite(key, size)
    if kind == "heart":
        return pieces.heart_sprite(size, key == "wounded")
    if kind == "card_back":
        size_key, word = key.split("|")
        w, h = (int(v) for v in size_key.split("x"))
        return pieces.card_back(w, h, word)
    return _small(kind, key, size)


@lru_cache(maxsize=32)
def _small(kind: str, key: str, size: int) -> Image.Image:
    s = Sketch((0, 0, size + 4, size + 4))
    c = ((size + 4) / 2, (size + 4) / 2)
    box = (2.0, 2.0, size + 2.0, size + 2.0)
    if kind == "chevrons":
        pieces.chevrons(s, c, int(key), st.OWN_OBJECTIVE)
    elif kind == "legend_area":
        s.rounded_rectangle(box, 3, st.AREA_TINT[key], st.INK, 1.5)
        _legend_pattern(s, key, size)
    elif kind == "legend_lka":
        s.rounded_rectangle(box, 3, st.PAPER, st.LKA, 4)
    elif kind == "legend_cube":
        return pieces.cube_sprite(size - 4)
    return s.finish()


def _legend_pattern(s: Sketch, area: str, size: int) -> None:
    ink = (*st.AREA_ACCENT[area], 170)
    pattern = st.AREA_PATTERN[area]
    if pattern == "hatch":
        for k in range(-size, size, 6):
            a = (2 + max(k, 0), 2 + max(-k, 0))
            length = min(size + 2 - a[0], size + 2 - a[1])
            s.line([a, (a[0] + length, a[1] + length)], ink, 1.4)
    elif pattern == "dots":
        for x in range(6, size, 6):
            for y in range(6, size, 6):
                s.circle((x, y), 1.4, ink)
    elif pattern == "rules":
        for y in range(6, size, 5):
            s.line([(4, y), (size, y)], ink, 1.4)
