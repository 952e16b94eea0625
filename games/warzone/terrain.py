"""Terrain pieces as polygons with movement class, cover class and sight-blocking height."""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum
from functools import cache
from importlib import resources

from games.base import InvalidActionError
from games.text import Text
from games.warzone.geometry import Vec

TABLE_SIZE = 36.0
"""Skirmish table edge in inches (36 x 36)."""


class Going(Enum):
    """How terrain affects movement (rulebook §9)."""

    OPEN = "open"
    DIFFICULT = "difficult"
    IMPASSABLE = "impassable"


class Cover(Enum):
    """Cover class: light -2, heavy -4 (public 2nd-edition source)."""

    NONE = "none"
    LIGHT = "light"
    HEAVY = "heavy"

    @property
    def penalty(self) -> int:
        """The RS penalty this cover class gives."""
        return {"none": 0, "light": 2, "heavy": 4}[self.value]


@dataclass(frozen=True, slots=True)
class Terrain:
    """A terrain piece: footprint polygon, going, cover, sight-blocking height, area flag."""

    key: str
    name: str
    kind: str
    points: tuple[Vec, ...]
    going: Going
    cover: Cover
    height: float
    area: bool


PIECE_NAMES: dict[str, Text] = {
    "barricades": Text("barricades"), "bunker": Text("bunker"),
    "burnt-out cars": Text("burnt-out cars"), "crater field": Text("crater field"),
    "east ruin": Text("east ruin"), "gutted shop": Text("gutted shop"), "hedge": Text("hedge"),
    "low wall": Text("low wall"), "office block": Text("office block"),
    "relay tower": Text("relay tower"), "rock outcrop": Text("rock outcrop"),
    "rubble": Text("rubble"), "scrub": Text("scrub"), "west ruin": Text("west ruin"),
    "woods": Text("woods"),
}  # fmt: skip
"""The pieces' names as players read them (the layouts in data/terrain.json name them)."""


def said(piece: Terrain) -> Text:
    """A piece's name in the reader's language, for messages (its key is for the code)."""
    return PIECE_NAMES.get(piece.name) or Text.verbatim(piece.name)


@cache
def _presets() -> dict[str, tuple[Terrain, ...]]:
    text = resources.files("games.warzone").joinpath("data/terrain.json").read_text("utf-8")
    raw = json.loads(text)["presets"]
    return {
        name: tuple(
            Terrain(
                key=p["key"],
                name=p["name"],
                kind=p["kind"],
                points=tuple((float(x), float(y)) for x, y in p["points"]),
                going=Going(p["move"]),
                cover=Cover(p["cover"]),
                height=float(p["height"]),
                area=bool(p["area"]),
            )
            for p in pieces
        )
        for name, pieces in raw.items()
    }


def preset_names() -> tuple[str, ...]:
    """Names of the bundled terrain layouts."""
    return tuple(sorted(_presets()))


def preset(name: str) -> tuple[Terrain, ...]:
    """The terrain pieces of a bundled layout."""
    try:
        return _presets()[name]
    except KeyError:
        known = ", ".join(preset_names())
        raise InvalidActionError(
            "Unknown terrain preset {name}. Presets: {known}.",
            code="unknown_terrain",
            name=repr(name),
            known=known,
        ) from None
