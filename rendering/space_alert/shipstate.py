"""The ship's changing state: weapon strengths, energy, stocks, battlebots and damage tokens."""

from __future__ import annotations

import rendering.space_alert.layout as geo
from games.space_alert.ship import (
    HEAVY_LASER_STRENGTH,
    LIGHT_LASER_STRENGTH,
    REACTOR_CAPACITY,
    SHIELD_CAPACITY,
)
from games.text import Text
from rendering.assets import CONDENSED_BOLD, REGULAR, text_width
from rendering.palette import mix
from rendering.space_alert.backdrop import (
    A_ROOM,
    B_ROOM,
    C_DEVICES,
    C_ROOM,
    DEVICES,
    PULSE_CANNON,
    device_width,
)
from rendering.space_alert.scene import ShipMarks
from rendering.space_alert.style import (
    BEAM,
    CELL_EDGE,
    DIM,
    ENERGY_PIP,
    HULL,
    IMPACT,
    INK,
    MUTED,
    PAPER,
    SHIELD_PIP,
    SMALL_PX,
    TEXT,
    ZONES,
    Painter,
    Say,
    battlebot_icon,
    fit,
)

TILE_ROWS = (("upper_cannon", "shield", "structure"), ("lower_cannon", "reactor", "gravolift"))
TILE_NAMES = {
    "upper_cannon": Text("upper gun"),
    "lower_cannon": Text("lower gun"),
    "shield": Text("shield"),
    "reactor": Text("reactor"),
    "gravolift": Text("lift"),
    "structure": Text("structure"),
}


def _pips(
    p: Painter,
    x: float,
    y: float,
    have: int,
    capacity: int,
    full: int,
    colour: tuple[int, int, int],
) -> None:
    for i in range(full):
        box = (x + i * 12, y - 5, x + i * 12 + 9, y + 4)
        if i < have:
            p.rect(box, colour, INK)
        elif i < capacity:
            p.rect(box, None, colour)
        else:
            p.rect(box, mix(IMPACT, HULL, 0.5), IMPACT)


def paint_ship(p: Painter, ship: ShipMarks, say: Say = str) -> None:
    """Strengths, energy pips, stocks and the damage tokens of every zone."""
    # Marks sit right after the backdrop's device names, so they are measured as said.
    heavy, light = (device_width(say(DEVICES[deck][0]), A_ROOM) for deck in ("upper", "lower"))
    shield, reactor = (device_width(say(DEVICES[deck][1]), B_ROOM) for deck in ("upper", "lower"))
    pulse = device_width(say(PULSE_CANNON), A_ROOM)
    for zone, key in enumerate(ZONES):
        tiles = ship.tiles[zone]
        for deck in ("upper", "lower"):
            x0, y0, _, _ = geo.station_box(f"{deck}_{key}")
            row = y0 + 18
            if deck == "upper":
                strength = HEAVY_LASER_STRENGTH[zone] - ("upper_cannon" in tiles)
                _strength(
                    p,
                    x0 + 34 + heavy,
                    row,
                    strength,
                    "upper_cannon" in tiles,
                )
                x = x0 + 190 + shield + 8
                _pips(
                    p,
                    x,
                    row,
                    ship.shields[zone],
                    ship.shield_capacity(zone),
                    SHIELD_CAPACITY[zone],
                    SHIELD_PIP,
                )
            else:
                if key != "white":
                    strength = LIGHT_LASER_STRENGTH - ("lower_cannon" in tiles)
                    _strength(
                        p,
                        x0 + 34 + light,
                        row,
                        strength,
                        "lower_cannon" in tiles,
                    )
                elif "lower_cannon" in tiles:
                    reach = say(Text("range {range}", range=1))
                    _strength(p, x0 + 34 + pulse, row, reach, True)
                x = x0 + 190 + reactor + 8
                _pips(
                    p,
                    x,
                    row,
                    ship.reactors[zone],
                    ship.reactor_capacity(zone),
                    REACTOR_CAPACITY[zone],
                    ENERGY_PIP,
                )
        _stocks(p, key, ship, say)
        _damage(p, zone, tiles, ship.new_tiles[zone], say)


def _strength(p: Painter, x: float, y: float, value: int | str, damaged: bool) -> None:
    p.text((x + 6, y), str(value), 15, IMPACT if damaged else BEAM, "lm")


def _stocks(p: Painter, key: str, ship: ShipMarks, say: Say) -> None:
    stored = dict(ship.stored_bots)
    for deck in ("upper", "lower"):
        station = f"{deck}_{key}"
        x0, y0, _, _ = geo.station_box(station)
        row = y0 + 44
        if station in stored:
            x = x0 + 40 + device_width(say(C_DEVICES[station]), C_ROOM)
            bots = stored[station]
            if bots is None:
                p.text((x, row), say(Text("taken")), SMALL_PX, MUTED, "lm", REGULAR)
            else:
                p.sprite(battlebot_icon(bots == "active", 16), (x + 9, row))
        if station == "lower_white":
            x = x0 + 164
            fuel = say(Text("Fuel"))
            p.text((x, row), fuel, 15, TEXT, "lm")
            _pips(p, x + text_width(fuel, 15) + 8, row, ship.capsules, 3, 3, ENERGY_PIP)
        if station == "lower_blue":
            x = x0 + 40 + device_width(say(C_DEVICES[station]), C_ROOM)
            _pips(p, x, row, ship.rockets, 3, 3, PAPER)
            if ship.rocket_in_flight:
                flying = say(Text("1 in flight"))
                p.text((x + 44, row), flying, SMALL_PX, BEAM, "lm", REGULAR)


def _damage(p: Painter, zone: int, tiles: tuple[str, ...], new: tuple[str, ...], say: Say) -> None:
    x = geo.column_x(zone) + 6
    width = (geo.COL_W - 12 - 8) / 3
    for r, row in enumerate(TILE_ROWS):
        for c, tile in enumerate(row):
            bx = round(x + c * (width + 4))
            by = geo.DAMAGE_Y + r * geo.DAMAGE_ROW
            box = (bx, by, round(bx + width), by + geo.DAMAGE_ROW - 4)
            if tile in new:
                p.box(box, IMPACT, PAPER, 5, 2)
                colour = INK
            elif tile in tiles:
                p.box(box, mix(IMPACT, HULL, 0.45), None, 5)
                colour = PAPER
            else:
                p.box(box, HULL, CELL_EDGE, 5, 1)
                colour = DIM
            cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            mark = " ✗" if tile in tiles else ""
            room = width - 4 - text_width(mark, SMALL_PX, CONDENSED_BOLD)
            label = fit(say(TILE_NAMES[tile]), SMALL_PX, room, CONDENSED_BOLD) + mark
            p.text((cx, cy), label, SMALL_PX, colour, "mm", CONDENSED_BOLD)
    if "gravolift" in tiles:
        cx = geo.column_x(zone) + geo.COL_W // 2
        top, bottom = geo.UPPER_Y + geo.STATION_H, geo.LOWER_Y
        p.rect((cx - 16, top - 2, cx + 16, bottom + 2), mix(IMPACT, HULL, 0.45), IMPACT)
        p.text((cx, (top + bottom) / 2), say(Text("slow")), SMALL_PX, PAPER, "mm")
