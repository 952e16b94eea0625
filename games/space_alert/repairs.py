"""Repairs between campaign flights (cs 6.2), one crew member at a time in captain order.

cs: "Hráči se dohodnou, a pak postupně od kapitána každý hráč vyléčí svou figurku, odstraní
jedno poškození, nebo opraví tým robotů. Androidé mohu provádět opravy podle stejných pravidel.
Opravy za ně udělá určený hráč." A knocked-out character heals and repairs nothing; any other
character repairs one damage token (at most two per zone) or one damaged squad.
"""

from __future__ import annotations

from dataclasses import replace

from games.base import IllegalActionError, InvalidActionError, Seat
from games.space_alert.actions import (
    Action,
    LeaveStoreEmpty,
    RepairBattlebots,
    RepairDamage,
    SkipRepair,
)
from games.space_alert.campaign import (
    MAX_REPAIRS_PER_ZONE,
    ShipDamage,
    without_tile,
    zone_of,
)
from games.space_alert.ship import BATTLEBOT_STORES, ZONES, Tile, station_named
from games.space_alert.state import Stage, State, next_flight

DESIGNATED_SEAT: Seat = 0
"""The player who repairs for the androids ("určený hráč"): the captain, seat 0."""


def repair_seat(state: State, index: int) -> Seat:
    """The seat that chooses crew member `index`'s repair."""
    seat = state.boards[index].seat
    return DESIGNATED_SEAT if seat is None else seat


def knocked_out(state: State, index: int) -> bool:
    """True if crew member `index` ended the last flight knocked out (it heals, repairs nothing)."""
    assert state.result is not None
    return state.result.frames[-1].crew[index].knocked_out


def repair_options(state: State) -> list[Action]:
    """Every repair the crew member on turn may make, then skipping."""
    found: list[Action] = []
    ship = state.ship
    for zone in ZONES:
        if state.repaired[zone.value] >= MAX_REPAIRS_PER_ZONE:
            continue
        for tile in dict.fromkeys(ship.tiles[zone.value]):
            found.append(RepairDamage(zone.key, tile.value))
    if ship.broken_bots:
        found.append(RepairBattlebots())
    found.append(SkipRepair())
    return found


def _something_to_repair(state: State) -> bool:
    return len(repair_options(state)) > 1


def _next_repairer(state: State, start: int) -> int | None:
    if not _something_to_repair(state):
        return None
    for index in range(start, len(state.boards)):
        if not knocked_out(state, index):
            return index
    return None


def start_repairs(state: State) -> State:
    """Open the repairs with the first crew member who can repair something."""
    state = replace(state, repaired=(0, 0, 0))
    first = _next_repairer(state, 0)
    if first is None:
        return _stow_bots(state)
    return replace(state, stage=Stage.REPAIR, repairer=first)


def repair(state: State, seat: Seat, action: Action) -> State:
    """Carry out the repair of the crew member on turn, then pass to the next one."""
    if seat != repair_seat(state, state.repairer):
        raise IllegalActionError("It is another crew member's turn to repair.", "not_your_repair")
    ship = state.ship
    repaired = state.repaired
    if isinstance(action, RepairDamage):
        try:
            zone, tile = zone_of(action.zone), Tile(action.tile)
        except (KeyError, ValueError):
            raise InvalidActionError(
                "There is no {tile!r} damage in a zone {zone!r}.",
                "bad_repair",
                tile=action.tile,
                zone=action.zone,
            ) from None
        if tile not in ship.tiles[zone.value]:
            raise IllegalActionError(
                "The {zone} zone has no {tile} damage.",
                "nothing_to_repair",
                zone=zone.key,
                tile=tile.value,
            )
        if repaired[zone.value] >= MAX_REPAIRS_PER_ZONE:
            raise IllegalActionError(
                "Two damages of the {zone} zone have been repaired already.",
                "zone_repaired",
                zone=zone.key,
            )
        ship = without_tile(ship, zone, tile)
        counts = list(repaired)
        counts[zone.value] += 1
        repaired = (counts[0], counts[1], counts[2])
    elif isinstance(action, RepairBattlebots):
        if not ship.broken_bots:
            raise IllegalActionError("No battlebot squad is damaged.", "nothing_to_repair")
        ship = ShipDamage(ship.tiles, ship.broken_bots - 1, ship.empty_stores)
    elif not isinstance(action, SkipRepair):
        raise IllegalActionError("Repair something or skip.", "not_a_repair")
    state = replace(state, ship=ship, repaired=repaired)
    following = _next_repairer(state, state.repairer + 1)
    if following is None:
        return _stow_bots(state)
    return replace(state, repairer=following)


def _stow_bots(state: State) -> State:
    """Leave broken squads off the ship: the crew picks the store when only one is broken."""
    broken = state.ship.broken_bots
    if broken == 1:
        return replace(state, stage=Stage.STOW_BOTS)
    stores = BATTLEBOT_STORES if broken >= len(BATTLEBOT_STORES) else ()
    ship = ShipDamage(state.ship.tiles, broken, stores)
    return next_flight(replace(state, ship=ship))


def store_options() -> list[Action]:
    """The two stores a broken squad may be missing from."""
    return [LeaveStoreEmpty(s.key) for s in BATTLEBOT_STORES]


def leave_store_empty(state: State, seat: Seat, action: LeaveStoreEmpty) -> State:
    """cs: "Neopravený tým robotů se na loď nenasazuje. Sami si vyberte, do které lokace tým
    nedáte." The designated player (the captain) names the store."""
    if seat != DESIGNATED_SEAT:
        raise IllegalActionError("The captain chooses the empty store.", "not_your_repair")
    try:
        station = station_named(action.station)
    except KeyError:
        station = None
    if station not in BATTLEBOT_STORES:
        raise IllegalActionError(
            "Battlebots are stored in upper_blue and lower_red.", "not_a_store"
        )
    assert station is not None
    ship = ShipDamage(state.ship.tiles, state.ship.broken_bots, (station,))
    return next_flight(replace(state, ship=ship))
