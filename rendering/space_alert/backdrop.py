"""The parts of the ship picture that never change within a flight, painted once and cached."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from games.space_alert.trajectories import TRAJECTORIES, distance
from rendering.assets import CONDENSED_BOLD, REGULAR
from rendering.canvas import Text
from rendering.space_alert import layout as geo
from rendering.space_alert.style import (
    CELL_EDGE,
    DIM,
    HULL,
    INK,
    MARGIN,
    MUTED,
    RANGE_TINTS,
    SMALL_PX,
    SPACE,
    STATION,
    STATION_EDGE,
    TEXT,
    WIDTH,
    ZONE_FILL,
    ZONES,
    Painter,
    zone_banner,
)

DEVICES = {
    "upper": ("Heavy laser", "Shield"),
    "lower": ("Light laser", "Reactor"),
}
C_DEVICES = {
    "upper_red": "Interceptors",
    "upper_white": "Computer",
    "upper_blue": "Battlebots",
    "lower_red": "Battlebots",
    "lower_white": "Visual confirm",
    "lower_blue": "Rockets",
}
LETTER_CELL = (84, 95, 112)
Z_CELL = (96, 62, 62)


@lru_cache(maxsize=8)
def backdrop(
    tracks: tuple[str, str, str, str], height: int
) -> tuple[Image.Image, tuple[Text, ...]]:
    """Space, trajectories, hull, stations and their fixed labels (copy the image before use)."""
    p = Painter(Image.new("RGB", (WIDTH, height), SPACE))
    for zone in range(3):
        _external_track(p, zone, tracks[zone])
    _hull(p)
    _internal_track(p, tracks[3])
    # Texts go into the cached image now, so tokens pasted later cover them (e.g. a cell's X).
    return p.finish(), tuple(p.texts)


def _external_track(p: Painter, zone: int, name: str) -> None:
    track = TRAJECTORIES[name]
    x0, x1 = geo.strip_x(zone)
    for space in range(1, track.length + 1):
        top, bottom = geo.cell_box(space)
        letter = track.letter(space)
        fill = (
            Z_CELL if letter == "z" else LETTER_CELL if letter else RANGE_TINTS[distance(space) - 1]
        )
        p.rect((x0, top, x1 - 1, bottom - 1), fill, CELL_EDGE)
        if letter:
            p.text(((x0 + x1) / 2, (top + bottom) / 2), letter.upper(), SMALL_PX, TEXT, "mm")
    entry_top = geo.cell_box(track.length)[0]
    p.text(((x0 + x1) / 2, entry_top - 3), name, SMALL_PX, MUTED, "md", CONDENSED_BOLD)
    # Distance bands as brackets in the gutter: what range 1, 2 and 3 weapons reach.
    gx = geo.column_x(zone) + 12
    for band, (first, last) in enumerate(((1, 5), (6, 10), (11, track.length)), start=1):
        if first > track.length:
            continue
        top = geo.cell_box(min(last, track.length))[0] + 2
        bottom = geo.cell_box(first)[1] - 2
        p.rect((gx + 6, top, gx + 7, bottom), DIM)
        p.rect((gx + 6, top, gx + 10, top + 1), DIM)
        p.rect((gx + 6, bottom - 1, gx + 10, bottom), DIM)
        p.text((gx, (top + bottom) / 2), str(band), SMALL_PX, MUTED, "mm")


def _hull(p: Painter) -> None:
    p.box(
        (MARGIN - 10, geo.HULL_TOP, WIDTH - MARGIN + 10, geo.HULL_BOTTOM), HULL, STATION_EDGE, 18, 2
    )
    for zone, key in enumerate(ZONES):
        x = geo.column_x(zone)
        banner = zone_banner(key, geo.COL_W - 12, geo.BANNER_H)
        p.image.paste(banner, (x + 6, geo.BANNER_Y), banner)
        name = f"{key.upper()} ZONE"
        # The name sits on a plain plate at the left; the right end is kept for hit markers.
        plate_w = 118
        p.box(
            (x + 14, geo.BANNER_Y + 4, x + 14 + plate_w, geo.BANNER_Y + 24), ZONE_FILL[key], None, 4
        )
        p.text((x + 14 + plate_w / 2, geo.BANNER_Y + geo.BANNER_H / 2), name, 16, INK, "mm")
        for deck in ("upper", "lower"):
            station = f"{deck}_{key}"
            x0, y0, x1, y1 = geo.station_box(station)
            p.box((x0, y0, x1, y1), STATION, STATION_EDGE, 10, 1.5)
            a_name = "Pulse cannon" if station == "lower_white" else DEVICES[deck][0]
            _device(p, x0 + 8, y0 + 8, "A", a_name)
            _device(p, x0 + 164, y0 + 8, "B", DEVICES[deck][1])
            _device(p, x0 + 8, y0 + 34, "C", C_DEVICES[station])
        _lift(p, zone)


def _device(p: Painter, x: int, y: int, letter: str, name: str) -> None:
    p.box((x, y, x + 20, y + 20), (84, 95, 112), None, 5)
    p.text((x + 10, y + 10), letter, SMALL_PX, TEXT, "mm")
    p.text((x + 26, y + 10), name, 15, TEXT, "lm")


def _lift(p: Painter, zone: int) -> None:
    cx = geo.column_x(zone) + geo.COL_W // 2
    top, bottom = geo.UPPER_Y + geo.STATION_H, geo.LOWER_Y
    p.rect((cx - 16, top - 2, cx + 16, bottom + 2), STATION, STATION_EDGE)
    p.text((cx, (top + bottom) / 2), "lift", SMALL_PX, MUTED, "mm", REGULAR)


def _internal_track(p: Painter, name: str) -> None:
    track = TRAJECTORIES[name]
    y0, y1 = geo.internal_strip_y()
    p.text((MARGIN, y0 - 4), "INTERNAL", 16, TEXT, "la")
    p.text((MARGIN, y0 + 16), f"trajectory {name}", SMALL_PX, MUTED, "la", REGULAR)
    for space in range(1, track.length + 1):
        x0, x1 = geo.internal_cell(space)
        letter = track.letter(space)
        fill = (
            Z_CELL if letter == "z" else LETTER_CELL if letter else RANGE_TINTS[distance(space) - 1]
        )
        p.rect((x0, y0, x1 - 1, y1 - 1), fill, CELL_EDGE)
        if letter:
            p.text(((x0 + x1) / 2, (y0 + y1) / 2), letter.upper(), SMALL_PX, TEXT, "mm")
