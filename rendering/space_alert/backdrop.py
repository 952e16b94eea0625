"""The parts of the ship picture that never change within a flight, painted once and cached."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

import rendering.space_alert.layout as geo
from games.space_alert.trajectories import TRAJECTORIES, distance
from games.text import Text
from rendering.assets import CONDENSED_BOLD, REGULAR, text_width
from rendering.canvas import Text as Label
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
    Say,
    fit,
    zone_banner,
)

DEVICES = {
    "upper": (Text("Heavy laser"), Text("Shield")),
    "lower": (Text("Light laser"), Text("Reactor")),
}
PULSE_CANNON = Text("Pulse cannon")
C_DEVICES = {
    "upper_red": Text("Interceptors"),
    "upper_white": Text("Computer"),
    "upper_blue": Text("Battlebots"),
    "lower_red": Text("Battlebots"),
    "lower_white": Text("Visual confirm"),
    "lower_blue": Text("Rockets"),
}
ZONE_NAMES = {"red": Text("RED ZONE"), "white": Text("WHITE ZONE"), "blue": Text("BLUE ZONE")}
LETTER_CELL = (84, 95, 112)
Z_CELL = (96, 62, 62)


@lru_cache(maxsize=8)
def backdrop(
    tracks: tuple[str, str, str, str], height: int, say: Say = str
) -> tuple[Image.Image, tuple[Label, ...]]:
    """Space, trajectories, hull, stations and their fixed labels (copy the image before use)."""
    p = Painter(Image.new("RGB", (WIDTH, height), SPACE))
    for zone in range(3):
        _external_track(p, zone, tracks[zone])
    _hull(p, say)
    _internal_track(p, tracks[3], say)
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


def _hull(p: Painter, say: Say) -> None:
    p.box(
        (MARGIN - 10, geo.HULL_TOP, WIDTH - MARGIN + 10, geo.HULL_BOTTOM), HULL, STATION_EDGE, 18, 2
    )
    for zone, key in enumerate(ZONES):
        x = geo.column_x(zone)
        banner = zone_banner(key, geo.COL_W - 12, geo.BANNER_H)
        p.image.paste(banner, (x + 6, geo.BANNER_Y), banner)
        name = say(ZONE_NAMES[key])
        left, right = zone_plate(zone, name)
        p.box((left, geo.BANNER_Y + 4, right, geo.BANNER_Y + 24), ZONE_FILL[key], None, 4)
        p.text(((left + right) / 2, geo.BANNER_Y + geo.BANNER_H / 2), name, 16, INK, "mm")
        for deck in ("upper", "lower"):
            station = f"{deck}_{key}"
            x0, y0, x1, y1 = geo.station_box(station)
            p.box((x0, y0, x1, y1), STATION, STATION_EDGE, 10, 1.5)
            a_name = PULSE_CANNON if station == "lower_white" else DEVICES[deck][0]
            _device(p, x0 + 8, y0 + 8, "A", say(a_name), A_ROOM)
            _device(p, x0 + 164, y0 + 8, "B", say(DEVICES[deck][1]), B_ROOM)
            _device(p, x0 + 8, y0 + 34, "C", say(C_DEVICES[station]), C_ROOM)
        _lift(p, zone, say)


def zone_plate(zone: int, name: str) -> tuple[int, int]:
    """Left and right edge of the plate with a zone's name, at the left of its banner (the
    right end is kept for hit markers)."""
    # 118 px holds every English name; a longer one gets 8 px either side.
    width = round(text_width(name, 16))
    left = geo.column_x(zone) + 14
    return left, left + (118 if width <= 114 else width + 16)


A_ROOM, B_ROOM, C_ROOM = 114, 74, 122
"""Pixels a device's name has before the mark after it (a strength, energy pips, the fuel) and
the next device need theirs; every English name fits at full size."""


def device_label(name: str, room: int) -> tuple[str, int]:
    """A device's name as drawn in `room` pixels, and its size: a longer translation is set a
    size or four smaller before it is ever cut."""
    size = next((s for s in (15, 14, 13, 12, 11) if text_width(name, s) <= room), 11)
    return fit(name, size, room), size


def device_width(name: str, room: int) -> float:
    """How wide a device's name is drawn (the mark after it starts there)."""
    return text_width(*device_label(name, room))


def _device(p: Painter, x: int, y: int, letter: str, name: str, room: int) -> None:
    p.box((x, y, x + 20, y + 20), (84, 95, 112), None, 5)
    p.text((x + 10, y + 10), letter, SMALL_PX, TEXT, "mm")
    label, size = device_label(name, room)
    p.text((x + 26, y + 10), label, size, TEXT, "lm")


def _lift(p: Painter, zone: int, say: Say) -> None:
    cx = geo.column_x(zone) + geo.COL_W // 2
    top, bottom = geo.UPPER_Y + geo.STATION_H, geo.LOWER_Y
    p.rect((cx - 16, top - 2, cx + 16, bottom + 2), STATION, STATION_EDGE)
    p.text((cx, (top + bottom) / 2), say(Text("lift")), SMALL_PX, MUTED, "mm", REGULAR)


def _internal_track(p: Painter, name: str, say: Say) -> None:
    track = TRAJECTORIES[name]
    y0, y1 = geo.internal_strip_y()
    p.text((MARGIN, y0 - 4), say(Text("INTERNAL")), 16, TEXT, "la")
    trajectory = say(Text("trajectory {name}", name=name))
    p.text((MARGIN, y0 + 16), trajectory, SMALL_PX, MUTED, "la", REGULAR)
    for space in range(1, track.length + 1):
        x0, x1 = geo.internal_cell(space)
        letter = track.letter(space)
        fill = (
            Z_CELL if letter == "z" else LETTER_CELL if letter else RANGE_TINTS[distance(space) - 1]
        )
        p.rect((x0, y0, x1 - 1, y1 - 1), fill, CELL_EDGE)
        if letter:
            p.text(((x0 + x1) / 2, (y0 + y1) / 2), letter.upper(), SMALL_PX, TEXT, "mm")
