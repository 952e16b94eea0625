"""Animated GIF delivery with one fixed palette, so frames never flicker and bytes are stable.

GIF, not APNG: Discord animates GIF attachments inline, but shows only the first frame of an
APNG. The palette is built from the colours the painters use (and the blends between them
that anti-aliasing makes), never from the frames, so equal frames always give equal bytes.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import cache

from PIL import Image

from rendering.canvas import RGB
from rendering.canvas import gif_bytes as canvas_gif
from rendering.palette import BACKGROUND, INK, LABEL, MUTED, PAPER, TEXT, WARNING, mix
from rendering.space_alert.style import CREW_STYLES, EXTRA_COLOURS


@cache
def gif_palette() -> Image.Image:
    """A 256-colour "P" image holding every base colour and the ramps between pairs of them."""
    bases: list[RGB] = [INK, PAPER, BACKGROUND, LABEL, TEXT, MUTED, WARNING, *EXTRA_COLOURS]
    for style in CREW_STYLES:
        bases += [style.fill, mix(style.fill, BACKGROUND, 0.6)]
    bases = sorted(set(bases))
    ramp = [mix(a, b, k / 7) for a, b in itertools.combinations(bases, 2) for k in range(1, 7)]
    colours = bases * 40 + ramp  # repeating the bases keeps them exact through the quantizer
    sample = Image.new("RGB", (len(colours), 1))
    sample.putdata(colours)
    return sample.quantize(256, Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def gif_bytes(frames: Sequence[Image.Image], durations: Sequence[int]) -> bytes:
    """A looping GIF of equally sized frames (deterministic bytes)."""
    if not frames:
        raise ValueError("no frames")
    palette = gif_palette()
    mapped = [f.convert("RGB").quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
    return canvas_gif(mapped, durations)
