"""Step 2 of a turn: each crew member in captain order carries out the card of this turn."""

from __future__ import annotations

from games.space_alert.program import Act, Play
from games.space_alert.resolution.world import (
    ACTIVE,
    INACTIVE,
    PULSE_CANNON,
    Crew,
    Threat,
    World,
    heavy_laser,
)
from games.space_alert.ship import (
    BATTLEBOT_STORES,
    INTERCEPTOR_BAY,
    Station,
    Tile,
    Zone,
    maintenance_turns,
    phase_of,
)
from games.text import Text

_REPAIR_BONUS = {"both_stations_bonus": (2, 1), "all_stations_bonus": (3, 2)}
"""Malfunctions repaired faster when fixed in all their stations in one turn: (stations, extra)."""


def crew_step(world: World) -> None:
    """Every active crew member acts in order; then the same-turn repair bonuses and sightings."""
    fixes: dict[int, set[Station]] = {}
    for crew in world.crew:
        if crew.knocked_out:
            continue
        play = crew.program[world.turn]
        if crew.station is None:
            _in_space(world, crew, play)
        elif play is not None:
            _act(world, crew, play, fixes)
    for threat in list(world.threats):
        for trait, (needed, extra) in _REPAIR_BONUS.items():
            stations = fixes.get(threat.token, set())
            if threat.active and trait in threat.spec.traits and len(stations) >= needed:
                world.log(
                    "repair",
                    Text(
                        "{threat} fixed everywhere at once: +{extra}",
                        threat=threat.key,
                        extra=extra,
                    ),
                    threat=threat,
                )
                hurt_internal(world, threat, extra, None)
    phase = phase_of(world.turn)
    if world.confirmations:
        said = Text.plural(
            "{count} crew member confirmed visually",
            "{count} crew members confirmed visually",
            world.confirmations,
        )
        world.log("confirm", said)
    best = world.best_confirmation
    best[phase - 1] = max(best[phase - 1], world.confirmations)


def _in_space(world: World, crew: Crew, play: Play | None) -> None:
    if play is not None and play.act in (Act.BOTS, Act.HEROIC_BOTS):
        world.interceptor_bonus = 1 if play.act is Act.HEROIC_BOTS else 0
        world.log(
            "interceptors", Text("{crew} stays out in the interceptors", crew=crew.name), crew=crew
        )
        return
    if play is not None:
        # Any other card is delayed: an empty slot takes its place, and empty means return.
        world.delay(crew, world.turn)
    world.log(
        "move",
        Text("{crew} returns to {station}", crew=crew.name, station=INTERCEPTOR_BAY.key),
        crew=crew,
    )
    world.enter(crew, INTERCEPTOR_BAY)


def _act(world: World, crew: Crew, play: Play, fixes: dict[int, set[Station]]) -> None:
    station = crew.station
    assert station is not None
    act = play.act
    if act.movement:
        _move(world, crew, station, play)
    elif act.plain is Act.BOTS:
        _battlebots(world, crew, station, heroic=act.heroic)
    else:
        letter = act.plain.value
        if not _repair(world, crew, station, letter, act.heroic, fixes):
            {"A": _fire, "B": _energy, "C": _device_c}[letter](world, crew, station, act.heroic)


def _move(world: World, crew: Crew, station: Station, play: Play) -> None:
    if play.act is Act.HEROIC_MOVE:
        target = play.destination
        if target is None or target is station:
            return
        world.log(
            "move",
            Text("{crew} heroic move -> {target}", crew=crew.name, target=target.key),
            crew=crew,
        )
        world.enter(crew, target)
        return
    target = station.step(play.act.value)
    if target is None:
        world.log(
            "move",
            Text("{crew} {act}: already at the hull", crew=crew.name, act=play.act.value),
            crew=crew,
        )
        return
    world.log(
        "move",
        Text("{crew} {act} -> {target}", crew=crew.name, act=play.act.value, target=target.key),
        crew=crew,
    )
    if play.act is Act.LIFT:
        zone = station.zone
        slow = zone in world.lifts_used or world.count(zone, Tile.GRAVOLIFT) > 0
        world.lifts_used.add(zone)
        world.enter(crew, target)
        if slow:
            world.log(
                "lift",
                Text("{crew} waits for the {zone} lift", crew=crew.name, zone=zone.key),
                crew=crew,
            )
            world.delay_next(crew)
        return
    world.enter(crew, target)


def _device_threats(world: World, station: Station, letter: str) -> list[Threat]:
    """Malfunctions covering this button, repairable ones first by token."""
    found = [
        t
        for t in world.threats + world.survived
        if t.spec.malfunction and t.spec.fix == letter and station in t.stations
    ]
    return sorted(found, key=lambda t: (not t.active, t.token))


def _repair(
    world: World,
    crew: Crew,
    station: Station,
    letter: str,
    heroic: bool,
    fixes: dict[int, set[Station]],
) -> bool:
    """Repair instead of using the device when it is covered by a malfunction; True if so."""
    broken = _device_threats(world, station, letter)
    if not broken:
        return False
    target = broken[0]
    if not target.active:
        world.log(
            "repair",
            Text(
                "{crew} {letter}: {station} is beyond repair",
                crew=crew.name,
                letter=letter,
                station=station.key,
            ),
            crew=crew,
        )
        return True
    if "needs_three_crew" in target.spec.traits:
        count = world.nuclear_hands.get(target.token, 0) + 1
        world.nuclear_hands[target.token] = count
        world.log(
            "repair",
            Text(
                "{crew} works on {target} ({count} of 3)",
                crew=crew.name,
                target=target.key,
                count=count,
            ),
            crew=crew,
        )
        if count == 3:
            hurt_internal(world, target, 1, crew)
        return True
    fixes.setdefault(target.token, set()).add(station)
    amount = 2 if heroic else 1
    world.log(
        "repair",
        Text(
            "{crew} repairs {target} by {amount}", crew=crew.name, target=target.key, amount=amount
        ),
        crew=crew,
        threat=target,
    )
    hurt_internal(world, target, amount, crew)
    return True


def hurt_internal(world: World, threat: Threat, amount: int, crew: Crew | None) -> None:
    """Damage an internal threat; when it is destroyed, remove it and apply its last effects."""
    threat.damage += amount
    if threat.damage >= threat.health and threat.active:
        destroy_internal(world, threat, crew)


def destroy_internal(world: World, threat: Threat, crew: Crew | None) -> None:
    """An internal threat is destroyed: to the captain, with its last effects."""
    world.remove(threat, destroyed=True)
    for effect in threat.spec.on_destroyed:
        if effect.op == "knock_out":
            for victim in [c for c in world.crew if c.aboard and c.station in effect.stations]:
                world.knock_out(victim, Text("{name} blew up", name=threat.spec.name))
    if "knocks_out_destroyer" in threat.spec.traits and crew is not None:
        world.knock_out(crew, Text("destroyed {name}", name=threat.spec.name))


def _fire(world: World, crew: Crew, station: Station, heroic: bool) -> None:
    level = 2 if heroic else 1
    zone = station.zone
    if station.upper or station is Station.LOWER_WHITE:
        pulse = not station.upper
        already = world.pulse_fired if pulse else world.heavy_fired[zone.value]
        name = PULSE_CANNON if pulse else heavy_laser(zone)
        if already:
            world.log(
                "fire", Text("{crew} A: {name} already fired", crew=crew.name, name=name), crew=crew
            )
        elif world.reactors[zone.value] == 0:
            world.log(
                "fire",
                Text("{crew} A: no energy for the {name}", crew=crew.name, name=name),
                crew=crew,
            )
        else:
            world.reactors[zone.value] -= 1
            if pulse:
                world.pulse_fired = level
            else:
                world.heavy_fired[zone.value] = level
            world.log("fire", Text("{crew} fires the {name}", crew=crew.name, name=name), crew=crew)
        return
    if world.light_fired.get(zone):
        world.log(
            "fire",
            Text("{crew} A: {zone} light laser already fired", crew=crew.name, zone=zone.key),
            crew=crew,
        )
        return
    world.light_fired[zone] = level
    world.log(
        "fire",
        Text("{crew} fires the {zone} light laser", crew=crew.name, zone=zone.key),
        crew=crew,
    )


def _energy(world: World, crew: Crew, station: Station, heroic: bool) -> None:
    zone = station.zone
    z = zone.value
    if station.upper:
        moved = min(world.shield_capacity(zone) - world.shields[z], world.reactors[z])
        moved = max(moved, 0)
        world.reactors[z] -= moved
        world.shields[z] += moved + (1 if heroic and moved else 0)
        world.log(
            "energy",
            Text("{crew} charges the {zone} shield", crew=crew.name, zone=zone.key),
            crew=crew,
        )
    elif zone is not Zone.WHITE:
        moved = max(min(world.reactor_capacity(zone) - world.reactors[z], world.reactors[1]), 0)
        world.reactors[1] -= moved
        world.reactors[z] += moved + (1 if heroic and moved else 0)
        world.log(
            "energy",
            Text("{crew} fills the {zone} reactor", crew=crew.name, zone=zone.key),
            crew=crew,
        )
    elif world.capsules == 0:
        world.log("energy", Text("{crew} B: no fuel capsule left", crew=crew.name), crew=crew)
    else:
        world.capsules -= 1
        added = max(world.reactor_capacity(zone) - world.reactors[1], 0)
        world.reactors[1] += added + (1 if heroic and added else 0)
        world.log("energy", Text("{crew} refuels the central reactor", crew=crew.name), crew=crew)


def _device_c(world: World, crew: Crew, station: Station, heroic: bool) -> None:
    if station is INTERCEPTOR_BAY:
        pilots = [c for c in world.crew if c.station is None and not c.knocked_out]
        if crew.bots == ACTIVE and not pilots and not world.interceptors_closed:
            crew.station = None
            world.log(
                "interceptors", Text("{crew} launches the interceptors", crew=crew.name), crew=crew
            )
        else:
            world.log(
                "interceptors",
                Text("{crew} C: interceptors cannot launch", crew=crew.name),
                crew=crew,
            )
    elif station is Station.UPPER_WHITE:
        if world.turn in maintenance_turns(phase_of(world.turn)):
            world.maintained.add(phase_of(world.turn))
        world.log("computer", Text("{crew} maintains the computer", crew=crew.name), crew=crew)
    elif station in BATTLEBOT_STORES:
        if crew.bots is None and world.stored_bots[station] is not None:
            crew.bots = world.stored_bots[station]
            world.stored_bots[station] = None
            world.log(
                "bots",
                Text("{crew} takes the battlebots ({bots})", crew=crew.name, bots=crew.bots),
                crew=crew,
            )
        elif crew.bots == INACTIVE:
            crew.bots = ACTIVE
            world.log("bots", Text("{crew} repairs the battlebots", crew=crew.name), crew=crew)
    elif station is Station.LOWER_WHITE:
        world.confirmations += 1
        world.log("confirm", Text("{crew} confirms visually", crew=crew.name), crew=crew)
    elif world.rockets > 0 and not world.rocket_launched:
        world.lose_rocket()
        world.rocket_launched = True
        world.log("rocket", Text("{crew} launches a rocket", crew=crew.name), crew=crew)
    else:
        world.log("rocket", Text("{crew} C: no rocket launched", crew=crew.name), crew=crew)


def _battlebots(world: World, crew: Crew, station: Station, heroic: bool) -> None:
    if crew.bots != ACTIVE:
        world.log("bots", Text("{crew} has no active battlebots", crew=crew.name), crew=crew)
        return
    foes = sorted(
        (
            t
            for t in world.threats
            if t.spec.intruder and (station in t.stations or station in t.offshoots)
        ),
        key=lambda t: t.token,
    )
    if not foes:
        world.log(
            "bots",
            Text(
                "{crew}'s battlebots find nobody at {station}", crew=crew.name, station=station.key
            ),
            crew=crew,
        )
        return
    foe = foes[0]
    world.log(
        "bots",
        Text("{crew}'s battlebots attack {foe}", crew=crew.name, foe=foe.key),
        crew=crew,
        threat=foe,
    )
    fires_back = foe.spec.returns_fire == "always" or (
        foe.spec.returns_fire == "after_x" and foe.grown
    )
    if fires_back and not heroic:
        crew.bots = INACTIVE
        world.log(
            "bots",
            Text("{foe} fires back: {crew}'s battlebots are down", foe=foe.key, crew=crew.name),
            crew=crew,
        )
    slime = "spread" in {e.op for e in foe.spec.y}
    if slime and station in foe.offshoots:
        foe.offshoots.remove(station)
    elif slime:
        foe.damage += 1
        if foe.damage >= foe.health:  # the original token goes; offshoots stay on board
            foe.stations.remove(station)
    elif len(foe.spec.stations) > 1:  # contamination: each hit cleans its station
        foe.stations.remove(station)
        foe.damage += 1
    else:
        foe.damage += 1
    if slime and not foe.stations and not foe.offshoots:
        destroy_internal(world, foe, crew)
    elif not slime and foe.damage >= foe.health:
        foe.stations.clear()
        destroy_internal(world, foe, crew)
