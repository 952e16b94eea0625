"""Colours, patterns and sizes of the Sniper Elite images (a light paper map, a dark panel).

Areas carry colour AND a pattern (red: diagonal hatching, yellow: dots, black: horizontal
ruling, white: plain) plus a legend; squads carry colour AND a letter (R, Y, B); tokens carry
colour AND a letter (P, N, R, S). The colour-blind check in the tests simulates every pair.
"""

from __future__ import annotations

from collections.abc import Callable

from rendering.canvas import RGB
from rendering.palette import mix
from rendering.phone import key_text_px

Say = Callable[[str], str]
"""How an image says its words: a Text in, the reader's language out (English by default)."""

WIDTH = 1080
"""Images are as wide as the other games' (about one image pixel per phone device pixel)."""
MARGIN = 24
MIN_TEXT_PX = key_text_px(WIDTH)
"""15 px: the phone floor at 1080 px wide (rendering/phone.py), for every text of every image."""
MAP_MAX_HEIGHT = 860

INK: RGB = (24, 26, 30)
PAPER: RGB = (246, 243, 234)
PANEL: RGB = (30, 34, 40)
PANEL_CARD: RGB = (46, 52, 61)
PANEL_EDGE: RGB = (78, 86, 98)
TEXT: RGB = (238, 240, 243)
MUTED: RGB = (168, 175, 186)
GRID: RGB = (120, 116, 104)

AREA_TINT: dict[str, RGB] = {
    "red": (238, 178, 170),
    "yellow": (242, 226, 140),
    "black": (168, 176, 188),
    "white": (246, 244, 236),
}
"""Space fills by area: light enough for dark labels on every one of them."""
AREA_ACCENT: dict[str, RGB] = {
    "red": (196, 58, 40),
    "yellow": (214, 160, 0),
    "black": (52, 58, 70),
    "white": (250, 250, 248),
}
AREA_PATTERN: dict[str, str] = {
    "red": "hatch",
    "yellow": "dots",
    "black": "rules",
    "white": "plain",
}
SQUAD_FILL: dict[str, RGB] = {
    "red": (206, 52, 36),
    "yellow": (246, 200, 30),
    "black": (30, 32, 38),
}
SQUAD_INK: dict[str, RGB] = {"red": (255, 255, 255), "yellow": INK, "black": (255, 255, 255)}
SQUAD_LETTER: dict[str, str] = {"red": "R", "yellow": "Y", "black": "B"}

WALL: RGB = (40, 38, 36)
DOOR: RGB = (176, 112, 52)
LADDER: RGB = (120, 74, 30)
WATER: RGB = (98, 154, 204)
WATER_LINE: RGB = (214, 232, 246)
OBSTRUCTION: RGB = (92, 88, 82)
TUFT: RGB = (86, 120, 46)
ELEVATED_RIM: RGB = (112, 86, 56)
LKA: RGB = (128, 36, 180)
"""The Last Known Area outline: a violet that no area, squad or token uses."""
SNIPER: RGB = (30, 110, 70)
CUBE: RGB = (164, 112, 56)
OWN_OBJECTIVE: RGB = (255, 206, 40)
ROLLED: RGB = OWN_OBJECTIVE
"""The ring around the order card the die chose (a colour every frame's palette holds)."""
DONE: RGB = (60, 170, 90)
ARROW_EDGE: RGB = (255, 255, 255)

TOKEN_FILL: dict[str, RGB] = {
    "precision": (236, 238, 242),
    "noise": (240, 140, 30),
    "recoil": (90, 96, 110),
    "suppressor": (70, 130, 190),
}
TOKEN_INK: dict[str, RGB] = {
    "precision": INK,
    "noise": INK,
    "recoil": (255, 255, 255),
    "suppressor": (255, 255, 255),
}
TOKEN_LETTER: dict[str, str] = {"precision": "P", "noise": "N", "recoil": "R", "suppressor": "S"}


def enclosed_fill(area: str) -> RGB:
    """Building floors: the area tint, a little darker, so rooms read as rooms."""
    return mix(AREA_TINT[area], INK, 0.14)


def elevated_fill(area: str) -> RGB:
    """High ground: the area tint, lighter and warmer."""
    return mix(AREA_TINT[area], (255, 250, 236), 0.45)
