"""A tile type turned to a facing: its printed symbols indexed by board direction.

Battles ask "what does this tile do towards direction d" many times per phase; answering from a
cached table instead of rotating edges each time keeps a full-board battle well under a
millisecond.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from games.neuroshima.tiles import Effect, Kind, Special, TileType, tile_type


@dataclass(frozen=True, slots=True)
class TileFacts:
    """What a tile at a given facing shows towards each board direction (index 0..5)."""

    type: TileType
    is_hq: bool
    is_module: bool
    is_unit: bool
    """A soldier (not an HQ, not a module, not the neutral Mad Bomber)."""
    is_fighter: bool
    """Units and HQs: the tiles that have initiative and take module bonuses."""
    initiative: tuple[int, ...]
    hit_points: int
    melee: tuple[int, ...]
    ranged: tuple[int, ...]
    gauss: tuple[int, ...]
    armor: tuple[bool, ...]
    nets: tuple[int, ...]
    """Directions the tile throws a net to."""
    links: tuple[tuple[int, int], ...]
    """(direction, reach) of each module link; reach 2 is a long link."""
    redirect_in: tuple[bool, ...]
    redirect_out: tuple[int, ...]
    """Directions a redirected shot leaves through."""
    trigger: tuple[bool, ...]
    effect: Effect
    medic_only: bool
    """A module whose only effect is the Medic's (its loss changes no bonus or initiative)."""
    clown: bool
    trap: bool
    bomber: bool
    attacks: tuple[tuple[int, int, int, int], ...]
    """(direction, melee, ranged, gauss) for every direction with at least one attack."""


@cache
def tile_facts(tile_id: str, facing: int) -> TileFacts:
    """The facts of tile `tile_id` placed at `facing` (cached: types never change)."""
    t = tile_type(tile_id)
    edges = tuple(t.edge(facing, d) for d in range(6))
    is_hq = t.kind is Kind.HQ
    initiative = t.initiative if t.initiative or not is_hq else (0,)
    attacks = tuple(
        (d, e.melee, e.ranged, e.gauss)
        for d, e in enumerate(edges)
        if e.melee or e.ranged or e.gauss
    )
    return TileFacts(
        type=t,
        is_hq=is_hq,
        is_module=t.kind is Kind.MODULE,
        is_unit=t.kind is Kind.UNIT,
        is_fighter=t.kind in (Kind.UNIT, Kind.HQ),
        initiative=tuple(initiative),
        hit_points=t.hit_points,
        melee=tuple(e.melee for e in edges),
        ranged=tuple(e.ranged for e in edges),
        gauss=tuple(e.gauss for e in edges),
        armor=tuple(e.armor for e in edges),
        nets=tuple(d for d, e in enumerate(edges) if e.net),
        links=tuple((d, e.link) for d, e in enumerate(edges) if e.link),
        redirect_in=tuple(e.redirect_in for e in edges),
        redirect_out=tuple(d for d, e in enumerate(edges) if e.redirect_out),
        trigger=tuple(e.trigger for e in edges),
        effect=t.effect,
        medic_only=t.effect == Effect(medic=True),
        clown=Special.SELF_AIR_STRIKE in t.specials,
        trap=Special.TRAP in t.specials,
        bomber=Special.MAD_BOMBER in t.specials,
        attacks=attacks,
    )
