"""Flat-topped hex geometry in pixels: axial -> pixel, corners, and per-edge local frames.

Axial (q, r) maps to x = 1.5 q, y = sqrt(3) (r + q / 2) hex radii (y grows downward), matching
games.neuroshima.board. Directions count clockwise from north: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rendering.canvas import Point

SQRT3 = math.sqrt(3.0)


def direction_angle(direction: int) -> float:
    """Screen angle (radians, y down) from a hex centre to the middle of edge `direction`."""
    return math.radians(-90 + 60 * (direction % 6))


def hex_corners(centre: Point, radius: float) -> list[Point]:
    """The six corners of a flat-topped hex, starting east and going clockwise on screen."""
    cx, cy = centre
    return [
        (cx + radius * math.cos(math.radians(60 * i)), cy + radius * math.sin(math.radians(60 * i)))
        for i in range(6)
    ]


@dataclass(frozen=True, slots=True)
class EdgeFrame:
    """Coordinates local to one edge of a hex: u outward (in apothems), v along the edge (radii).

    u = 1 is the edge itself; v > 0 is clockwise along it. Symbols are designed once in (u, v) and
    land on any edge of any rotation.
    """

    centre: Point
    radius: float
    angle: float

    def point(self, u: float, v: float) -> Point:
        """The pixel at (u, v)."""
        apothem = self.radius * SQRT3 / 2
        ox, oy = math.cos(self.angle), math.sin(self.angle)
        tx, ty = -oy, ox
        cx, cy = self.centre
        return (
            cx + ox * u * apothem + tx * v * self.radius,
            cy + oy * u * apothem + ty * v * self.radius,
        )

    def points(self, uv: list[tuple[float, float]]) -> list[Point]:
        """Several (u, v) points at once."""
        return [self.point(u, v) for u, v in uv]


def edge_frame(centre: Point, radius: float, direction: int) -> EdgeFrame:
    """The local frame of the edge facing `direction`."""
    return EdgeFrame(centre, radius, direction_angle(direction))


@dataclass(frozen=True, slots=True)
class HexLayout:
    """Where axial hexes land: hex `radius` (centre to corner) and the pixel of hex (0, 0)."""

    radius: float
    origin: Point

    def centre(self, q: int, r: int) -> Point:
        """The pixel centre of hex (q, r)."""
        ox, oy = self.origin
        return (ox + self.radius * 1.5 * q, oy + self.radius * SQRT3 * (r + q / 2))

    def corners(self, q: int, r: int, inset: float = 1.0) -> list[Point]:
        """The corners of hex (q, r), scaled by `inset` about its centre."""
        return hex_corners(self.centre(q, r), self.radius * inset)

    @property
    def apothem(self) -> float:
        """Centre to edge midpoint."""
        return self.radius * SQRT3 / 2


def board_extent(board_radius: int, hex_radius: float) -> tuple[float, float]:
    """Width and height in pixels of a hexagonal board of `board_radius` rings."""
    return (hex_radius * (3 * board_radius + 2), hex_radius * SQRT3 * (2 * board_radius + 1))
