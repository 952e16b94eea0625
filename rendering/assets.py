"""Bundled assets: the DejaVu fonts in rendering/fonts (never system fonts), cached."""

from __future__ import annotations

import io
from functools import cache, lru_cache
from pathlib import Path

from PIL import ImageFont

REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"
CONDENSED_BOLD = "DejaVuSansCondensed-Bold.ttf"
FONT_FILES = (REGULAR, BOLD, CONDENSED_BOLD)
FONT_DIR = Path(__file__).parent / "fonts"


@cache
def _font_bytes(name: str) -> bytes:
    return (FONT_DIR / name).read_bytes()


@lru_cache(maxsize=256)
def font(size: int, name: str = BOLD) -> ImageFont.FreeTypeFont:
    """A bundled font at `size` pixels (shared: FreeTypeFont objects are not mutated by drawing)."""
    return ImageFont.truetype(io.BytesIO(_font_bytes(name)), size=size)


def text_width(text: str, size: int, name: str = BOLD) -> float:
    """The advance width of `text` in pixels."""
    return font(size, name).getlength(text)
