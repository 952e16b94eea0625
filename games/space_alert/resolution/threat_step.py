"""Step 4 of a turn: threats move in token order and carry out the X, Y and Z they reach."""

from __future__ import annotations

from games.space_alert.resolution.world import ACTIVE, INACTIVE, Crew, Threat, World, zone_list
from games.space_alert.ship import Station, Zone
from games.space_alert.threats import Effect


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
            "threat", f"{threat.key} {threat.spec.name} reaches {letter.upper()}", threat=threat
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
    world.log("attack", f"{threat.key} attacks {zone.key} for {amount}: {rest} gets through")
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
                world.log("attack", f"{threat.key} deals {amount} to {zone.key}", threat=threat)
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
    world.log("threat", f"{threat.key} heals to {threat.remaining}", threat=threat)


def _set(world: World, threat: Threat, effect: Effect) -> None:
    assert isinstance(effect.amount, int)
    if effect.op == "shield_set":
        threat.shield = effect.amount
    elif effect.op == "shield_up":
        threat.shield += effect.amount
    else:
        threat.speed += effect.amount
    world.log("threat", f"{threat.key} shield {threat.shield} speed {threat.speed}", threat=threat)


def _reveal(world: World, threat: Threat, effect: Effect) -> None:
    threat.revealed = True
    world.log("threat", f"{threat.key} shows itself", threat=threat)


def _aura(world: World, threat: Threat, effect: Effect) -> None:
    threat.aura_on = True
    world.log("threat", f"{threat.key} aura: {effect.aura}", threat=threat)


def _debris(world: World, threat: Threat, effect: Effect) -> None:
    threat.debris += 1


def _grow(world: World, threat: Threat, effect: Effect) -> None:
    threat.grown = True
    world.log("threat", f"{threat.key} has grown up", threat=threat)


def _delay(world: World, threat: Threat, effect: Effect) -> None:
    for crew in _victims(world, threat, effect.who, effect):
        world.delay_next(crew)


def _knock_out(world: World, threat: Threat, effect: Effect) -> None:
    for crew in _victims(world, threat, effect.who, effect):
        world.knock_out(crew, threat.spec.name)


def _destroy_ship(world: World, threat: Threat, effect: Effect) -> None:
    world.destroy_ship(threat)


def _move(world: World, threat: Threat, effect: Effect) -> None:
    target = threat.stations[0].step(effect.direction)
    if target is not None:
        threat.stations[0] = target
        world.log("threat", f"{threat.key} moves to {target.key}", threat=threat)


def _seek(world: World, threat: Threat, effect: Effect) -> None:
    counts = [(len(world.crew_at(s)), s) for s in threat.stations[0].neighbours()]
    best = max(n for n, _ in counts)
    leaders = [s for n, s in counts if n == best]
    if best > 0 and len(leaders) == 1:
        threat.stations[0] = leaders[0]
        world.log("threat", f"{threat.key} hunts into {leaders[0].key}", threat=threat)


def _advance_others(world: World, threat: Threat, effect: Effect) -> None:
    assert isinstance(effect.amount, int)
    for other in sorted(world.threats, key=lambda t: t.token):
        if other is not threat and other.zone is not None and other.active:
            advance(world, other, effect.amount)


def _self_damage(world: World, threat: Threat, effect: Effect) -> None:
    assert isinstance(effect.amount, int)
    threat.damage += effect.amount
    world.log("threat", f"{threat.key} burns {effect.amount} ({threat.remaining} left)")
    if threat.damage >= threat.health:
        world.remove(threat, destroyed=True)


def _spread(world: World, threat: Threat, effect: Effect) -> None:
    for station in [*threat.stations, *threat.offshoots]:
        target = station.step(effect.direction)
        if target is not None and target not in world.slimed():
            threat.offshoots.append(target)
            world.log("threat", f"{threat.key} spreads to {target.key}", threat=threat)


def _slime_attack(world: World, threat: Threat, effect: Effect) -> None:
    assert isinstance(effect.amount, int)
    for station in [*threat.stations, *threat.offshoots]:
        world.log("attack", f"slime at {station.key} deals {effect.amount}", threat=threat)
        world.damage(station.zone, effect.amount, threat)


def _contamination_attack(world: World, threat: Threat, effect: Effect) -> None:
    assert isinstance(effect.amount, int)
    for station in list(threat.stations):
        world.log("attack", f"contamination at {station.key} deals {effect.amount}")
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
                world.log("attack", f"{threat.key} finds the reactor empty", threat=threat)
                world.damage(zone, effect.else_attack, threat)
                continue
            lost = have if effect.amount == "all" else min(have, int(effect.amount or 0))
            store[zone.value] = have - lost
            world.log("threat", f"{threat.key} drains {lost} from {zone.key} {op[6:]}")
    elif op == "leak":
        store = world.shields if effect.container == "shield" else world.reactors
        for zone in zones:
            spilled = store[zone.value]
            store[zone.value] = 0
            world.log("attack", f"{threat.key} shorts the {zone.key} {effect.container}")
            world.damage(zone, spilled, threat)
    elif op == "fill_shield" and own is not None:
        z = own.value
        moved = max(min(world.shield_capacity(own) - world.shields[z], world.reactors[z]), 0)
        world.reactors[z] -= moved
        world.shields[z] += moved
    elif op == "destroy_rockets":
        if world.rockets > 0:
            world.log("threat", f"{threat.key} destroys a rocket", threat=threat)
            world.lose_rocket()
    elif op == "destroy_fuel":
        world.capsules = max(0, world.capsules - int(effect.amount or 0))
        world.log("threat", f"{threat.key} destroys a fuel capsule", threat=threat)
    elif op == "disable_stored_battlebots":
        for station, bots in world.stored_bots.items():
            if station.key == effect.direction and bots is not None:
                world.stored_bots[station] = INACTIVE
                world.log("threat", f"{threat.key} fouls the battlebots at {station.key}")
    elif op == "double_damage":
        world.doubled.update(zone_list(effect.zones, own))
        world.log(
            "threat", f"{threat.key}: damage doubled in {sorted(z.key for z in world.doubled)}"
        )
    else:
        raise ValueError(f"unknown effect {op!r} on {threat.spec.id}")
