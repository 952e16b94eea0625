"""The exploration campaign (cs 6): up to three flights, damage carried over, one final score.

This module holds the campaign's records and arithmetic; `debrief.py` and `repairs.py` move a
game from one flight to the next.

>>> settle_votes([FlyAgain("yellow", "mixed"), FlyAgain("mixed", "yellow")])
(True, 'mixed', 'mixed')
>>> settle_votes([FlyAgain("yellow", "yellow"), StopCampaign()])
(False, 'yellow', 'yellow')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.space_alert.actions import FlyAgain, StopCampaign
from games.space_alert.resolution import FlightResult
from games.space_alert.ship import DEFAULT_TILE_ORDER, ZONES, Station, Tile, Zone

MAX_FLIGHTS = 3
"""cs: "Průzkumná kampaň sestává až ze tří letů po sobě."""

MAX_REPAIRS_PER_ZONE = 2
"""cs: "V jedné části lodi není možno opravit více než dvě poškození lodi."""

CAUTION = ("white", "mixed", "yellow")
"""Deck difficulties from the most cautious: white cards, both mixed, yellow cards."""


@dataclass(frozen=True, slots=True)
class ShipDamage:
    """What the ship carries into the next flight: tokens on each zone and broken squads."""

    tiles: tuple[tuple[Tile, ...], tuple[Tile, ...], tuple[Tile, ...]] = ((), (), ())
    broken_bots: int = 0
    """Damaged battlebot squads not yet repaired (0-2)."""
    empty_stores: tuple[Station, ...] = ()
    """Stores that get no squad in the next flight (one per broken squad)."""

    def pile(self, zone: Zone) -> tuple[Tile, ...]:
        """The zone's damage tokens still in its pile, in the default order (shuffled later)."""
        on_ship = self.tiles[zone.value]
        return tuple(t for t in DEFAULT_TILE_ORDER if t not in on_ship)

    @property
    def total(self) -> int:
        """Damage tokens on the whole ship."""
        return sum(len(t) for t in self.tiles)


def damage_after(result: FlightResult) -> ShipDamage:
    """The ship as a flight left it: every damage token and every broken squad."""
    tiles = result.frames[-1].ship.tiles
    return ShipDamage(
        tiles=(
            tuple(Tile(t) for t in tiles[0]),
            tuple(Tile(t) for t in tiles[1]),
            tuple(Tile(t) for t in tiles[2]),
        ),
        broken_bots=result.inactive_battlebots,
    )


def without_tile(ship: ShipDamage, zone: Zone, tile: Tile) -> ShipDamage:
    """The ship after one token is repaired and shuffled back into its pile."""
    tiles = [list(t) for t in ship.tiles]
    tiles[zone.value].remove(tile)
    return ShipDamage(
        (tuple(tiles[0]), tuple(tiles[1]), tuple(tiles[2])), ship.broken_bots, ship.empty_stores
    )


@dataclass(frozen=True, slots=True)
class FlightRecord:
    """One line of the flight log: which flight, its soundtrack, the decks and the result."""

    number: int
    mission: str
    normal: str
    serious: str
    result: FlightResult


@dataclass(frozen=True, slots=True)
class CampaignScore:
    """The campaign's final line (cs 6.3); `total` is None when a flight was lost."""

    flights: int
    threat_points: int
    confirmation_points: int
    """Visual confirmation of every flight summed, divided by the flights, rounded down."""
    penalties: int
    """Negative points of the last flight only."""
    total: int | None
    lost_in: int | None = None
    loss_reason: str | None = None


def penalties(result: FlightResult) -> int:
    """A flight's negative points: all damage, the worst zone again, 2 per knock-out, 1 per
    damaged squad."""
    damage = result.damage
    return sum(damage) + max(damage) + 2 * len(result.knocked_out) + result.inactive_battlebots


def campaign_score(records: Sequence[FlightRecord]) -> CampaignScore:
    """Threat points of every flight, visual confirmation averaged down, the last penalties."""
    lost = next((r for r in records if r.result.lost), None)
    threat_points = sum(r.result.threat_points for r in records)
    confirmation = sum(sum(r.result.visual_confirmation) for r in records)
    confirmation //= max(1, len(records))
    if lost is not None:
        return CampaignScore(
            len(records), threat_points, confirmation, 0, None, lost.number, lost.result.loss_reason
        )
    last = penalties(records[-1].result) if records else 0
    return CampaignScore(
        len(records), threat_points, confirmation, last, threat_points + confirmation - last
    )


def settle_votes(votes: Sequence[FlyAgain | StopCampaign]) -> tuple[bool, str, str]:
    """Fly on only if everyone wants to, at the most cautious difficulty proposed for each deck.

    cs: "měli by souhlasit všichni členové posádky. Pokud ne, vítězí nejopatrnější návrh."
    """
    flying = [v for v in votes if isinstance(v, FlyAgain)]
    fly = len(flying) == len(votes) and bool(votes)
    normal = min((v.normal for v in flying), key=CAUTION.index, default=CAUTION[0])
    serious = min((v.serious for v in flying), key=CAUTION.index, default=CAUTION[0])
    return fly, normal, serious


def zone_of(name: str) -> Zone:
    """The zone called `name` ('red', 'white', 'blue'); raises KeyError otherwise."""
    for zone in ZONES:
        if zone.key == name:
            return zone
    raise KeyError(name)
