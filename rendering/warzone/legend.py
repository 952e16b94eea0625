"""The table image's legend: cover swatches, the relay note and the notes under them, measured
so that a longer language wraps onto more lines instead of running off the image (pure)."""

from __future__ import annotations

import math

import rendering.warzone.words as words
from rendering.assets import font
from rendering.warzone.words import Say


def _width(text: str, size: int, name: str) -> float:
    return font(size, name).getlength(text)


LEGEND_STEP = 118
"""Pixels from one swatch to the next; a longer label (another language) pushes the next on."""
SWATCH_LABEL = 22
"""Pixels from a swatch's left edge to its label."""
LEGEND_LINE = 15
"""Pixels between the legend's note lines (a longer language takes more of them)."""
LEGEND_SIZE = 11
"""The legend notes' type: the phone floor at 764 px wide (10 px blurred on a phone)."""
LEGEND_ROWS = 2
"""Note lines LEGEND's height holds; longer translations wrap and the image grows."""
LEGEND_FONT = "DejaVuSans.ttf"


def legend_swatches(left: int, say: Say) -> tuple[list[tuple[int, str]], int]:
    """Where each swatch starts with its label said, and where the relay note starts."""
    out = []
    x = left
    for label in words.LEGEND_COVER:
        said = say(label)
        out.append((x, said))
        x += max(LEGEND_STEP, SWATCH_LABEL + math.ceil(_width(said, 11, LEGEND_FONT)) + 10)
    return out, x + SWATCH_LABEL - 8


def legend_notes(left: int, room: int, say: Say) -> tuple[bool, list[str]]:
    """Whether the relay note fits on the swatches' row, and the note lines under it (the
    relay note first when it does not), each within `room` pixels (the table's width)."""
    _, relays = legend_swatches(left, say)
    relay = say(words.LEGEND_RELAYS)
    on_row = relays + _width(relay, 11, LEGEND_FONT) <= left + room
    lines = [] if on_row else _wrapped(relay, LEGEND_SIZE, room)
    for key in (words.LEGEND_HEIGHTS, words.LEGEND_BADGES):
        lines += _wrapped(say(key), LEGEND_SIZE, room)
    return on_row, lines


def _wrapped(text: str, size: int, room: float) -> list[str]:
    """`text` in lines of at most `room` pixels, broken between words."""
    lines, line = [], ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if line.strip() and _width(trial, size, LEGEND_FONT) > room:
            lines.append(line.rstrip())
            line = word
        else:
            line = trial
    return [*lines, line]
