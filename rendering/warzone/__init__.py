"""Warzone Resurrection images: the table to scale with overlays, zoomed crops, PNG bytes."""

from __future__ import annotations

from PIL import Image

from games.warzone.view import WarzoneView
from rendering.canvas import png_bytes
from rendering.warzone.layout import Overlay, layout, styles_of
from rendering.warzone.paint import paint
from rendering.warzone.style import to_palette
from rendering.warzone.words import Say

__all__ = ["Overlay", "delivery_png", "table_image", "table_png"]

COMPRESS_LEVEL = 3
"""zlib level for delivery: on 256-colour tables 3 is ~3x faster than 6 for ~10% more bytes."""


def table_image(view: WarzoneView, overlay: Overlay | None = None, say: Say = str) -> Image.Image:
    """The table (or a zoom window) with bases, terrain, relays, banner and `overlay`, its words
    said by `say` (`str`: English)."""
    return paint(layout(view, overlay, say), view.terrain, say)


def delivery_png(image: Image.Image, view: WarzoneView) -> bytes:
    """PNG bytes for Discord: the image mapped onto the fixed 256-colour palette of the view's
    factions (no dithering), so the same image always gives the same bytes, small and fast."""
    return png_bytes(to_palette(image, styles_of(view)), compress_level=COMPRESS_LEVEL)


def table_png(view: WarzoneView, overlay: Overlay | None = None, say: Say = str) -> bytes:
    """`table_image` as delivery PNG bytes."""
    return delivery_png(table_image(view, overlay, say), view)
