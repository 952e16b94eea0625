"""Step 4 of a turn: threats move in token order and carry out the X, Y and Z they reach."""

from __future__ import annotations

from games.space_alert.resolution.world import ACTIVE, INACTIVE, Crew, Threat, World, zone_list
from games.space_alert.ship import Station, Zone
from games.space_alert.threats import Effect
from games.text import Text


def threat_step(world: World) -> None:
    """Move every threat in play once, lowest token first."""
    for threat in sorted(world.threats, key=lambda t: t.token):
        if threat.active:
            advance(world, threat, threat.speed)


def advance(world: World, threat: Threat, spaces: int) -> None:
    """Move a threat `spaces` spaces, performing each X, Y and Z it enters."""
    for _ in range(spaces):
        if not threat.active or threat.position <= 1:
            return
        threat.position -= 1
        letter = threat.track.letter(threat.position)
        if letter is None:
            continue
        world.log(
            "threat",
            Text(
                "{threat} {name} reaches {letter}",
                threat=threat.key,
                name=threat.spec.name,
                letter=letter.upper(),
            ),
            threat=threat,
        )
        for effect in threat.spec.effects(letter):
            if threat.active:
                perform(world, threat, effect)
        if letter == "z" and threat.active:
            _finish(world, threat)


def _finish(world: World, threat: Threat) -> None:
    """After Z the card leaves play; slime, contamination and malfunctions leave their marks."""
    if "spread" in {e.op for e in threat.spec.y}:
        world.lasting_slime.update(threat.stations)
        world.lasting_slime.update(threat.offshoots)
    world.remove(threat, destroyed=False)


def own_zone(threat: Threat) -> Zone | None:
    """The zone an effect means by 'own': the trajectory's, or the station's for internal ones."""
    if threat.zone is not None:
        return threat.zone
    return threat.stations[0].zone if threat.stations else None


def external_attack(world: World, threat: Threat, zone: Zone, amount: int, mode: str) -> None:
    """An attack from outside: Scout bonus, then shields, then (Destroyer) doubling."""
    if amount <= 0:
        return
    amount += world.attack_bonus(threat)
    rest = amount
    if mode != "ignore_shields":
        absorbed = min(world.shields[zone.value], amount)
        world.shields[zone.value] -= absorbed
        rest = amount - absorbed
    if mode == "double":
        rest *= 2
    world.log(
        "attack",
        Text(
            "{threat} attacks {zone} for {amount}: {rest} gets through",
            threat=threat.key,
            zone=zone.key,
            amount=amount,
            rest=rest,
        ),
    )
    world.damage(zone, rest, threat)


def _amount(world: World, threat: Threat, effect: Effect) -> int:
    amount = effect.amount
    if amount == "remaining_health":
        return threat.remaining * effect.multiplier
    if amount == "reactor_energy":
        zone = own_zone(threat)
        return 0 if zone is None else world.reactors[zone.value]
    if amount == "crew_in_station":
        return sum(len(world.crew_at(s)) for s in threat.stations)
    assert isinstance(amount, int)
    return amount


def _crew_in(world: World, stations: list[Station] | set[Station]) -> list[Crew]:
    return [c for c in world.crew if c.aboard and c.station in stations]


def _victims(world: World, threat: Threat, who: str, effect: Effect) -> list[Crew]:
    aboard = [c for c in world.crew if c.aboard]
    if who == "ship":
        return aboard
    if who == "zone":
        return [c for c in aboard if c.station is not None and c.station.zone is threat.zone]
    if who == "station":
        return _crew_in(world, threat.stations)
    if who == "stations":
        return _crew_in(world, list(effect.stations))
    if who == "except_bridge":
        return [c for c in aboard if c.station is not Station.UPPER_WHITE]
    if who == "active_battlebot_leaders":
        return [c for c in aboard if c.bots == ACTIVE]
    if who == "station_without_active_battlebots":
        return [c for c in _crew_in(world, threat.stations) if c.bots != ACTIVE]
    raise ValueError(f"unknown crew selector {who!r}")


def perform(world: World, threat: Threat, effect: Effect) -> None:
    """Carry out one printed effect of a threat."""
    op = effect.op
    own = own_zone(threat)
    if op == "attack":
        amount = _amount(world, threat, effect)
        for zone in zone_list(effect.zones, own):
            if threat.zone is not None:
                external_attack(world, threat, zone, amount, effect.mode)
            elif amount > 0:
                world.log(
                    "attack",
                    Text(
                        "{threat} deals {amount} to {zone}",
                        threat=threat.key,
                        amount=amount,
                        zone=zone.key,
                    ),
                    threat=threat,
                )
                world.damage(zone, amount, threat)
    elif op in ("if_damaged", "if_undamaged", "unless_damage_at_least"):
        if op == "unless_damage_at_least":
            assert isinstance(effect.amount, int)
            go = threat.damage < effect.amount
        else:
            go = (threat.damage > 0) == (op == "if_damaged")
        for inner in effect.then if go else ():
            if threat.active:
                perform(world, threat, inner)
    elif op in _SIMPLE:
        _SIMPLE[op](world, threat, effect)
    else:
        _ship_effect(world, threat, effect, own)


def _heal(world: World, threat: Threat, effect: Effect) -> None:
    if effect.amount == "half_damage":
        threat.damage -= threat.damage // 2
    else:
        assert isinstance(effect.amount, int)
        threat.damage = max(0, threat.damage - effect.amount)
    world.log(
        "threat",
        Text("{threat} heals to {left}", threat=threat.key, left=threat.remaining),
        threat=threat,
    )


def _set(world: World, threat: Threat, effect: Effect) -> None:
    assert isinstance(effect.amount, int)
    if effect.op == "shield_set":
        threat.shield = effect.amount
    elif effect.op == "shield_up":
        threat.shield += effect.amount
    else:
        threat.speed += effect.amount
    world.log(
        "threat",
        Text(
            "{threat} shield {shield} speed {speed}",
            threat=threat.key,
            shield=threat.shield,
            speed=threat.speed,
        ),
        threat=threat,
    )


def _reveal(world: World, threat: Threat, effect: Effect) -> None:
    threat.revealed = True
    world.log("threat", Text("{threat} shows itself", threat=threat.key), threat=threat)


def _aura(world: World, threat: Threat, effect: Effect) -> None:
    threat.aura_on = True
    world.log(
        "threat", Text("{threat} aura: {aura}", threat=threat.key, aura=effect.aura), threat=threat
    )


def _debris(world: World, threat: Threat, effect: Effect) -> None:
    threat.debris += 1


def _grow(world: World, threat: Threat, effect: Effect) -> None:
    threat.grown = True
    world.log("threat", Text("{threat} has grown up", threat=threat.key), threat=threat)


def _delay(world: World, threat: Threat, effect: Effect) -> None:
    for crew in _victims(world, threat, effect.who, effect):
        world.delay_next(crew)


def _knock_out(world: World, threat: Threat, effect: Effect) -> None:
    for crew in _victims(world, threat, effect.who, effect):
        world.knock_out(crew, Text.verbatim(threat.spec.name))


def _destroy_ship(world: World, threat: Threat, effect: Effect) -> None:
    world.destroy_ship(threat)


def _move(world: World, threat: Threat, effect: Effect) -> None:
    target = threat.stations[0].step(effect.direction)
    if target is not None:
        threat.stations[0] = target
        world.log(
            "threat",
            Text("{threat} moves to {target}", threat=threat.key, target=target.key),
            threat=threat,
        )


def _seek(world: World, threat: Threat, effect: Effect) -> None:
    counts = [(len(world.crew_at(s)), s) for s in threat.stations[0].neighbours()]
    best = max(n for n, _ in counts)
    leaders = [s for n, s in counts if n == best]
    if best > 0 and len(leaders) == 1:
        threat.stations[0] = leaders[0]
        world.log(
            "threat",
            Text("{threat} hunts into {target}", threat=threat.key, target=leaders[0].key),
            threat=threat,
        )


def _advance_others(world: World, threat: Threat, effect: Effect) -> None:
    assert isinstance(effect.amount, int)
    for other in sorted(world.threats, key=lambda t: t.token):
        if other is not threat and other.zone is not None and other.active:
            advance(world, other, effect.amount)


def _self_damage(world: World, threat: Threat, effect: Effect) -> None:
    assert isinstance(effect.amount, int)
    threat.damage += effect.amount
    world.log(
        "threat",
        Text.plural(
            "{threat} burns {amount} ({count} left)",
            "{threat} burns {amount} ({count} left)",
            threat.remaining,
            threat=threat.key,
            amount=effect.amount,
        ),
    )
    if threat.damage >= threat.health:
        world.remove(threat, destroyed=True)


def _spread(world: World, threat: Threat, effect: Effect) -> None:
    for station in [*threat.stations, *threat.offshoots]:
        target = station.step(effect.direction)
        if target is not None and target not in world.slimed():
            threat.offshoots.append(target)
            world.log(
                "threat",
                Text("{threat} spreads to {target}", threat=threat.key, target=target.key),
                threat=threat,
            )


def _slime_attack(world: World, threat: Threat, effect: Effect) -> None:
    assert isinstance(effect.amount, int)
    for station in [*threat.stations, *threat.offshoots]:
        world.log(
            "attack",
            Text("slime at {station} deals {amount}", station=station.key, amount=effect.amount),
            threat=threat,
        )
        world.damage(station.zone, effect.amount, threat)


def _contamination_attack(world: World, threat: Threat, effect: Effect) -> None:
    assert isinstance(effect.amount, int)
    for station in list(threat.stations):
        world.log(
            "attack",
            Text(
                "contamination at {station} deals {amount}",
                station=station.key,
                amount=effect.amount,
            ),
        )
        world.damage(station.zone, effect.amount, threat)


def _lasting_contamination(world: World, threat: Threat, effect: Effect) -> None:
    world.lasting_contamination.update(threat.stations)


_SIMPLE = {
    "heal": _heal,
    "shield_set": _set,
    "shield_up": _set,
    "speed_up": _set,
    "reveal": _reveal,
    "aura": _aura,
    "debris": _debris,
    "grow_up": _grow,
    "delay": _delay,
    "knock_out": _knock_out,
    "destroy_ship": _destroy_ship,
    "move": _move,
    "seek": _seek,
    "advance_others": _advance_others,
    "self_damage": _self_damage,
    "spread": _spread,
    "slime_attack": _slime_attack,
    "contamination_attack": _contamination_attack,
    "lasting_contamination": _lasting_contamination,
}


def _ship_effect(world: World, threat: Threat, effect: Effect, own: Zone | None) -> None:
    """Effects on the ship's energy, rockets, fuel and battlebots."""
    op = effect.op
    zones = [Zone.WHITE] if effect.zones == "white" else zone_list(effect.zones, own)
    if op in ("drain_shields", "drain_reactor"):
        store = world.shields if op == "drain_shields" else world.reactors
        for zone in zones:
            have = store[zone.value]
            if have == 0 and effect.else_attack is not None:
                world.log(
                    "attack",
                    Text("{threat} finds the reactor empty", threat=threat.key),
                    threat=threat,
                )
                world.damage(zone, effect.else_attack, threat)
                continue
            lost = have if effect.amount == "all" else min(have, int(effect.amount or 0))
            store[zone.value] = have - lost
            world.log(
                "threat",
                Text(
                    "{threat} drains {lost} from {zone} shields",
                    threat=threat.key,
                    lost=lost,
                    zone=zone.key,
                )
                if op == "drain_shields"
                else Text(
                    "{threat} drains {lost} from {zone} reactor",
                    threat=threat.key,
                    lost=lost,
                    zone=zone.key,
                ),
            )
    elif op == "leak":
        store = world.shields if effect.container == "shield" else world.reactors
        for zone in zones:
            spilled = store[zone.value]
            store[zone.value] = 0
            world.log(
                "attack",
                Text("{threat} shorts the {zone} shield", threat=threat.key, zone=zone.key)
                if effect.container == "shield"
                else Text("{threat} shorts the {zone} reactor", threat=threat.key, zone=zone.key),
            )
            world.damage(zone, spilled, threat)
    elif op == "fill_shield" and own is not None:
        z = own.value
        moved = max(min(world.shield_capacity(own) - world.shields[z], world.reactors[z]), 0)
        world.reactors[z] -= moved
        world.shields[z] += moved
    elif op == "destroy_rockets":
        if world.rockets > 0:
            world.log(
                "threat", Text("{threat} destroys a rocket", threat=threat.key), threat=threat
            )
            world.lose_rocket()
    elif op == "destroy_fuel":
        world.capsules = max(0, world.capsules - int(effect.amount or 0))
        world.log(
            "threat", Text("{threat} destroys a fuel capsule", threat=threat.key), threat=threat
        )
    elif op == "disable_stored_battlebots":
        for station, bots in world.stored_bots.items():
            if station.key == effect.direction and bots is not None:
                world.stored_bots[station] = INACTIVE
                world.log(
                    "threat",
                    Text(
                        "{threat} fouls the battlebots at {station}",
                        threat=threat.key,
                        station=station.key,
                    ),
                )
    elif op == "double_damage":
        world.doubled.update(zone_list(effect.zones, own))
        world.log(
            "threat",
            Text(
                "{threat}: damage doubled in {zones}",
                threat=threat.key,
                zones=sorted(z.key for z in world.doubled),
            ),
        )
    else:
        raise ValueError(f"unknown effect {op!r} on {threat.spec.id}")
