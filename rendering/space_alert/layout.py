"""Where everything sits on the ship picture: pure coordinates, no drawing.

Top to bottom: title band, the three external trajectories (each straight above its zone, the
Z space touching the hull, so a threat visibly closes in), the ship (upper deck, lifts, lower
deck, damage tokens per zone), the internal trajectory, and a panel the caller fills.
"""

from __future__ import annotations

from games.space_alert.trajectories import TRAJECTORIES
from rendering.space_alert.style import MARGIN, WIDTH

HEADER_H = 96
COL_W = (WIDTH - 2 * MARGIN) // 3
CELL_H = 23
MAX_CELLS = max(t.length for t in TRAJECTORIES.values())
CELLS_TOP = 120
CELLS_BOTTOM = CELLS_TOP + MAX_CELLS * CELL_H
BANNER_Y = CELLS_BOTTOM + 8
BANNER_H = 28
HULL_TOP = BANNER_Y - 6
UPPER_Y = BANNER_Y + BANNER_H + 8
STATION_H = 112
LIFT_H = 24
LOWER_Y = UPPER_Y + STATION_H + LIFT_H
DAMAGE_Y = LOWER_Y + STATION_H + 8
DAMAGE_ROW = 25
HULL_BOTTOM = DAMAGE_Y + 2 * DAMAGE_ROW + 10
INTERNAL_Y = HULL_BOTTOM + 14
INTERNAL_CELL_W = 29
INTERNAL_STRIP_X = 184
INTERNAL_STRIP_END = INTERNAL_STRIP_X + MAX_CELLS * INTERNAL_CELL_W
INTERNAL_LABEL_X = INTERNAL_STRIP_END + 14
INTERNAL_H = 3 * 44 + 4
PANEL_Y = INTERNAL_Y + INTERNAL_H + 8
LABEL_H = 40
LABEL_GAP = 4
TOKEN = 28
"""Diagonal of a threat token."""
CREW_R = 14


def column_x(zone: int) -> int:
    """Left edge of a zone's column (0 red, 1 white, 2 blue)."""
    return MARGIN + zone * COL_W


def strip_x(zone: int) -> tuple[int, int]:
    """Left and right edge of a zone's trajectory strip."""
    x0 = column_x(zone) + 26
    return x0, x0 + 38


def strip_centre(zone: int) -> float:
    """The x of a zone's trajectory strip's middle."""
    x0, x1 = strip_x(zone)
    return (x0 + x1) / 2


def label_x(zone: int) -> tuple[int, int]:
    """Left and right edge of the label area beside a zone's strip."""
    return column_x(zone) + 76, column_x(zone) + COL_W - 6


def cell_box(space: int) -> tuple[int, int]:
    """Top and bottom of an external space (1 = Z, right above the hull)."""
    bottom = CELLS_BOTTOM - (space - 1) * CELL_H
    return bottom - CELL_H, bottom


def cell_centre_y(space: int) -> float:
    """The y of an external space's middle."""
    top, bottom = cell_box(space)
    return (top + bottom) / 2


def internal_cell(space: int) -> tuple[int, int]:
    """Left and right edge of an internal space (1 = Z at the right end)."""
    right = INTERNAL_STRIP_END - (space - 1) * INTERNAL_CELL_W
    return right - INTERNAL_CELL_W, right


def internal_strip_y() -> tuple[int, int]:
    """Top and bottom of the internal strip."""
    return INTERNAL_Y + 16, INTERNAL_Y + 16 + 28


def station_box(station: str) -> tuple[int, int, int, int]:
    """The box of a station ('upper_red' ... 'lower_blue')."""
    deck, zone = station.split("_")
    x0 = column_x(("red", "white", "blue").index(zone)) + 6
    y0 = UPPER_Y if deck == "upper" else LOWER_Y
    return x0, y0, x0 + COL_W - 12, y0 + STATION_H


def stack(anchors: list[float], height: int, top: int, bottom: int) -> list[float]:
    """Tops of labels of `height` placed as near their anchors as possible without overlap.

    >>> stack([100, 105, 300], 40, 0, 400)
    [80.0, 124.0, 280.0]
    """
    order = sorted(range(len(anchors)), key=lambda i: anchors[i])
    tops = [0.0] * len(anchors)
    y = float(top)
    for i in order:
        y = max(y, anchors[i] - height / 2)
        tops[i] = y
        y += height + LABEL_GAP
    # Push back up from the bottom when the stack ran past it.
    limit = float(bottom)
    for i in reversed(order):
        if tops[i] + height > limit:
            tops[i] = limit - height
        limit = tops[i] - LABEL_GAP
    return [max(float(top), t) for t in tops]
