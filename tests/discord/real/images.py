"""Tiny real images in place of the renderer: these tests are about round trips, not pictures."""

from __future__ import annotations

import dataclasses
import io
from typing import Any

from PIL import Image as PILImage

from bot.service.presenters import Presenter, presenter_for


def tiny_png(colour: str) -> bytes:
    """A real 8x8 PNG (battle frames are turned into a GIF, so they must decode)."""
    buffer = io.BytesIO()
    PILImage.new("RGB", (8, 8), colour).save(buffer, "PNG")
    return buffer.getvalue()


def quick_neuroshima(**images: Any) -> Presenter:
    """Neuroshima's own texts with tiny images (`images` replaces some image functions)."""
    board, hand, since = tiny_png("white"), tiny_png("green"), tiny_png("grey")
    frames = [tiny_png("red"), tiny_png("blue")]
    quick: dict[str, Any] = {
        "board": lambda view: board,
        "hand": lambda view: hand,
        "since": lambda then, now: since,
        "replay": lambda before, seat, action, after: frames,
    }
    return dataclasses.replace(presenter_for("neuroshima"), **(quick | images))
