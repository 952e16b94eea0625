"""Tile types: what is printed on each tile, loaded from the bundled army data files.

A tile's printed edge e faces board direction (e + facing) mod 6. Every rule-relevant symbol is a
field here so that rules, rendering and AI read the same facts. The data files live in
`data/armies/<army>.json` and are validated by tests against the rulebook's counts.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from enum import Enum
from functools import cache
from importlib import resources
from typing import Any


class Kind(Enum):
    """The rulebook's kinds of tile."""

    HQ = "hq"
    UNIT = "unit"
    MODULE = "module"
    INSTANT = "instant"
    NEUTRAL = "neutral"


@dataclass(frozen=True, slots=True)
class Edge:
    """The symbols printed on one edge of a tile."""

    melee: int = 0
    ranged: int = 0
    gauss: int = 0
    armor: bool = False
    net: bool = False
    link: int = 0
    """0 no link; 1 links the adjacent hex; 2 (long link) also the hex beyond it."""
    redirect_in: bool = False
    redirect_out: bool = False
    trigger: bool = False

    @property
    def is_blank(self) -> bool:
        """True when nothing is printed on this edge."""
        return self == BLANK_EDGE


BLANK_EDGE = Edge()


@dataclass(frozen=True, slots=True)
class Effect:
    """What a module gives the tiles it links to, or an HQ gives its neighbours."""

    melee_plus: int = 0
    ranged_plus: int = 0
    initiative_plus: int = 0
    enemy_initiative_minus: int = 0
    extra_initiative: bool = False
    medic: bool = False
    convert_attack: bool = False
    grant_mobility: bool = False
    take_over_enemy_module: bool = False
    move_range_2: bool = False
    rotate_one_unit_per_turn: bool = False

    @property
    def is_empty(self) -> bool:
        """True when the effect gives nothing."""
        return self == NO_EFFECT


NO_EFFECT = Effect()


class Action(Enum):
    """What an instant (action) tile does when used."""

    BATTLE = "battle"
    MOVE = "move"
    PUSH_BACK = "push_back"
    GRENADE = "grenade"
    SNIPER = "sniper"
    AIR_STRIKE = "air_strike"
    GRAB = "grab"
    REPOSITIONING = "repositioning"
    SMALL_BOMB = "small_bomb"


class Special(Enum):
    """Printed abilities that are neither edges nor module effects."""

    GAUSS = "gauss"
    """Shots pierce: one wound to every enemy in the line; no bonus raises them."""
    SELF_AIR_STRIKE = "self_air_strike"
    """The Clown: may detonate an air strike on itself instead of attacking."""
    SIMULTANEOUS_ATTACKS = "simultaneous_attacks"
    """Universal Soldier: melee and ranged attacks in the same phase."""
    NET_ATTACK = "net_attack"
    """Borgo Net Fighter / Net Master: also attacks the tiles it nets."""
    PUSH_BACK = "push_back"
    """Doomsday Pusher: has the Push Back ability."""
    GRAB = "grab"
    """Doomsday Net Fighter: has the Grab ability."""
    TURN_OVER = "turn_over"
    """May rotate to any direction."""
    TRAP = "trap"
    """Explodes when an enemy attack hits its trigger edge."""
    MAD_BOMBER = "mad_bomber"
    """Neutral: explodes when wounded and passes to the next player."""


@dataclass(frozen=True, slots=True)
class TileType:
    """One kind of tile of an army, as printed."""

    id: str
    army: str
    name: str
    kind: Kind
    count: int
    initiative: tuple[int, ...] = ()
    toughness: int = 0
    mobility: bool = False
    edges: tuple[Edge, Edge, Edge, Edge, Edge, Edge] = (BLANK_EDGE,) * 6
    effect: Effect = NO_EFFECT
    action: Action | None = None
    specials: frozenset[Special] = frozenset()
    rules_text: str = ""
    """A one-line rules reminder in our own words (shown on hand images)."""
    confidence: str = "high"
    reconstructed: bool = False
    """True where an unknown fact was filled by the smallest consistent choice (see rulings)."""
    aliases: tuple[str, ...] = field(default=())

    @property
    def short_id(self) -> str:
        """The tile's id without the army prefix, e.g. "hunter_killer"."""
        return self.id.split(".", 1)[1]

    @property
    def hit_points(self) -> int:
        """Wounds that destroy the tile (an HQ's are its starting hit points)."""
        return self.toughness + 1

    @property
    def is_board_tile(self) -> bool:
        """True for tiles placed on the board (HQ, units, modules, neutral tiles)."""
        return self.kind is not Kind.INSTANT

    def edge(self, facing: int, direction: int) -> Edge:
        """The printed edge that faces board `direction` when the tile is at `facing`."""
        return self.edges[(direction - facing) % 6]


@dataclass(frozen=True, slots=True)
class Army:
    """An army: its tile types (HQ included) and how many of each are in the 35-tile set."""

    key: str
    name: str
    tiles: tuple[TileType, ...]
    playable: bool = True
    """False for sets that exist for battles and scenarios only (see docs/rulings.md)."""

    @property
    def hq(self) -> TileType:
        """The army's HQ tile."""
        return next(t for t in self.tiles if t.kind is Kind.HQ)

    def deck(self) -> tuple[str, ...]:
        """The tile ids of the draw pile (every copy, HQ excluded), in data order."""
        return tuple(t.id for t in self.tiles if t.kind is not Kind.HQ for _ in range(t.count))


def _edge_from_json(data: dict[str, Any]) -> Edge:
    link = data.get("link", 0)
    return Edge(**{**data, "link": {False: 0, True: 1, "long": 2}.get(link, link)})


def _tile_from_json(army: str, data: dict[str, Any]) -> TileType:
    known = {f.name for f in fields(TileType)}
    unknown = set(data) - known
    if unknown:
        raise ValueError(f"{data.get('id')}: unknown fields {sorted(unknown)}")
    edges_in = data.get("edges", {})
    edges = tuple(_edge_from_json(edges_in.get(str(e), {})) for e in range(6))
    return TileType(
        id=data["id"],
        army=army,
        name=data["name"],
        kind=Kind(data["kind"]),
        count=data["count"],
        initiative=tuple(data.get("initiative", ())),
        toughness=data.get("toughness", 0),
        mobility=data.get("mobility", False),
        edges=edges,  # type: ignore[arg-type]
        effect=Effect(**data.get("effect", {})),
        action=Action(data["action"]) if "action" in data else None,
        specials=frozenset(Special(s) for s in data.get("specials", ())),
        rules_text=data.get("rules_text", ""),
        confidence=data.get("confidence", "high"),
        reconstructed=data.get("reconstructed", False),
        aliases=tuple(data.get("aliases", ())),
    )


ARMY_FILES: tuple[str, ...] = (
    "moloch",
    "outpost",
    "borgo",
    "hegemony",
    "doomsday",
    "ddm2e",
    "extras",
)
"""The bundled data files in games/neuroshima/data/armies/ (extras: mercenaries, Mad Bomber)."""


@cache
def armies() -> dict[str, Army]:
    """Every bundled army by key (read once; the data is immutable)."""
    result: dict[str, Army] = {}
    package = resources.files("games.neuroshima") / "data" / "armies"
    for name in ARMY_FILES:
        raw = json.loads((package / f"{name}.json").read_text(encoding="utf-8"))
        for army in raw["armies"]:
            tiles = tuple(_tile_from_json(army["key"], t) for t in army["tiles"])
            result[army["key"]] = Army(army["key"], army["name"], tiles, army.get("playable", True))
    return result


@cache
def tile_types() -> dict[str, TileType]:
    """Every tile type by id (and by alias id, e.g. an alternative army prefix)."""
    result: dict[str, TileType] = {}
    for army in armies().values():
        for t in army.tiles:
            result[t.id] = t
            for alias in t.aliases:
                result[alias] = t
    return result


def tile_type(tile_id: str) -> TileType:
    """The tile type with this id; KeyError if there is none."""
    return tile_types()[tile_id]
