"""Step 3 of a turn: the damage step. Every weapon picks its target first, then damage is dealt."""

from __future__ import annotations

from games.space_alert.resolution.crew_step import hurt_internal
from games.space_alert.resolution.world import (
    INACTIVE,
    INTERCEPTORS,
    PULSE_CANNON,
    Threat,
    World,
    heavy_laser,
)
from games.space_alert.ship import (
    BEHEMOTH_INTERCEPTORS,
    HEAVY_LASER_STRENGTH,
    INTERCEPTOR_BAY,
    INTERCEPTOR_EACH,
    INTERCEPTOR_SINGLE,
    LIGHT_LASER_STRENGTH,
    PULSE_RANGE,
    PULSE_STRENGTH,
    ROCKET_RANGE,
    ROCKET_STRENGTH,
    ZONES,
    Tile,
    Zone,
)
from games.space_alert.trajectories import distance
from games.text import Text


def targetable(threat: Threat, weapon: str) -> bool:
    """Whether `weapon` (heavy, light, pulse, rocket, interceptors) may target the threat."""
    traits = threat.spec.traits
    if not threat.active or not threat.revealed:
        return False
    if "untargetable_at_distance_3" in traits and distance(threat.position) == 3:
        return False
    if weapon == "rocket" and "immune_rockets" in traits:
        return False
    return not (weapon == "heavy" and "immune_heavy_lasers" in traits)


def _nearest(candidates: list[Threat]) -> Threat | None:
    if not candidates:
        return None
    return min(candidates, key=lambda t: (t.position, t.token))


def _externals(world: World) -> list[Threat]:
    return [t for t in world.threats if t.zone is not None and t.active]


def damage_step(world: World, final: bool = False) -> None:
    """Aim every weapon, deal damage, then tanker blasts and end-of-step attacks."""
    externals = _externals(world)
    hits: dict[int, int] = {}

    def aim(target: Threat | None, strength: int, weapon: Text) -> None:
        if target is None:
            world.log("fire", Text("{weapon} finds no target", weapon=weapon))
            return
        hits[target.token] = hits.get(target.token, 0) + strength
        world.log(
            "hit",
            Text(
                "{weapon} aims at {target} ({strength})",
                weapon=weapon,
                target=target.key,
                strength=strength,
            ),
            threat=target,
        )

    for zone in ZONES:
        level = world.heavy_fired[zone.value]
        if level:
            strength = HEAVY_LASER_STRENGTH[zone.value] - world.count(zone, Tile.UPPER_CANNON)
            lane = [t for t in externals if t.zone is zone and targetable(t, "heavy")]
            aim(_nearest(lane), strength + level - 1, heavy_laser(zone))
        light = world.light_fired.get(zone, 0)
        if light:
            strength = LIGHT_LASER_STRENGTH - world.count(zone, Tile.LOWER_CANNON)
            lane = [t for t in externals if t.zone is zone and targetable(t, "light")]
            aim(_nearest(lane), strength + light - 1, Text("{zone} light laser", zone=zone.key))
    if world.pulse_fired:
        reach = PULSE_RANGE - world.count(Zone.WHITE, Tile.LOWER_CANNON)
        strength = PULSE_STRENGTH + world.pulse_fired - 1
        in_range = [
            t for t in externals if targetable(t, "pulse") and distance(t.position) <= reach
        ]
        if not in_range:
            world.log("fire", Text("pulse cannon finds no target"))
        for target in in_range:
            target.pulse_hit = True
            aim(target, strength, PULSE_CANNON)
    if world.rocket_flying:
        world.rocket_flying = False
        _rocket(world, externals, aim)
    pilot = next((c for c in world.crew if c.station is None and not c.knocked_out), None)
    if pilot is not None and final:
        world.log("move", Text("{crew} returns from the interceptors", crew=pilot.name))
        world.enter(pilot, INTERCEPTOR_BAY)
    elif pilot is not None:
        fissure = next((t for t in world.threats if t.spec.fix == "interceptors"), None)
        if fissure is not None:
            world.log(
                "hit", Text("interceptors seal {fissure}", fissure=fissure.key), threat=fissure
            )
            hurt_internal(world, fissure, 1, None)
        else:
            near = [t for t in externals if targetable(t, "interceptors")]
            near = [t for t in near if distance(t.position) == 1]
            bonus = world.interceptor_bonus
            if len(near) == 1 and "crushes_interceptors" in near[0].spec.traits:
                aim(near[0], BEHEMOTH_INTERCEPTORS + bonus, INTERCEPTORS)
                world.knock_out(pilot, Text("rammed {name}", name=near[0].spec.name))
                if pilot.bots is not None:
                    pilot.bots = INACTIVE
                world.interceptors_closed = True
            elif len(near) == 1:
                aim(near[0], INTERCEPTOR_SINGLE + bonus, INTERCEPTORS)
            elif near:
                for target in near:
                    aim(target, INTERCEPTOR_EACH + bonus, INTERCEPTORS)
            else:
                world.log("fire", Text("interceptors find no target"))
    _deal(world, externals, hits)
    if world.rocket_launched:
        world.rocket_launched = False
        world.rocket_flying = True


def _rocket(world: World, externals: list[Threat], aim: object) -> None:
    magnet = [t for t in externals if "rocket_magnet" in t.spec.traits]
    if magnet:
        target: Threat | None = magnet[0]
    else:
        reach = [
            t for t in externals if targetable(t, "rocket") and distance(t.position) <= ROCKET_RANGE
        ]
        target = _nearest(reach)
    if target is not None and "rocket_decoy" in target.spec.traits:
        world.log("fire", Text("rocket is wasted on {target}", target=target.key), threat=target)
        return
    if target is not None:
        target.rocket_hit = True
    assert callable(aim)
    aim(target, ROCKET_STRENGTH, Text("rocket"))


def _deal(world: World, externals: list[Threat], hits: dict[int, int]) -> None:
    shield_bonus = world.shield_bonus()
    gone: list[Threat] = []
    for threat in externals:
        total = hits.get(threat.token, 0)
        if total > 0:
            _strike(world, threat, total, shield_bonus)
        if threat.damage >= threat.health:
            gone.append(threat)
    for threat in gone:
        world.remove(threat, destroyed=True)
    blasts = [t for t in gone if any(e.op == "blast_others" for e in t.spec.on_destroyed)]
    while blasts:
        tanker = blasts.pop(0)
        world.log(
            "blast", Text("{tanker} explodes: 1 damage to every external threat", tanker=tanker.key)
        )
        for other in _externals(world):
            other.damage += 1
            other.hit_this_step += 1
            if other.damage >= other.health:
                world.remove(other, destroyed=True)
                gone.append(other)
                if any(e.op == "blast_others" for e in other.spec.on_destroyed):
                    blasts.append(other)
    from games.space_alert.resolution.threat_step import external_attack

    for threat in sorted(externals, key=lambda t: t.token):
        if "retaliates" in threat.spec.traits and threat.hit_this_step > 0:
            world.log(
                "attack",
                Text("{threat} lashes out at every zone", threat=threat.key),
                threat=threat,
            )
            for zone in ZONES:
                external_attack(world, threat, zone, 1, "normal")
        if threat in gone:
            for effect in threat.spec.on_destroyed:
                if effect.op == "debris_attack" and threat.debris and threat.zone is not None:
                    assert isinstance(effect.amount, int)
                    world.log(
                        "attack", Text("{threat} debris strikes", threat=threat.key), threat=threat
                    )
                    external_attack(
                        world, threat, threat.zone, effect.amount * threat.debris, "normal"
                    )
    for threat in externals:
        threat.hit_this_step = 0
        threat.pulse_hit = False
        threat.rocket_hit = False


def _strike(world: World, threat: Threat, total: int, shield_bonus: int) -> None:
    traits = threat.spec.traits
    if threat.cryoshield:
        threat.cryoshield = False
        world.log(
            "shield", Text("{threat} cryoshield absorbs the hits", threat=threat.key), threat=threat
        )
        return
    shield = threat.shield + shield_bonus
    if threat.pulse_hit and "pulse_ignores_shield" in traits:
        shield = 0
    dealt = total - shield
    if "one_damage_per_turn" in traits:
        dealt = min(dealt, 1)
    if dealt > 0:
        threat.damage += dealt
        threat.hit_this_step += dealt
        world.log(
            "damage",
            Text.plural(
                "{threat} takes {dealt} ({count} left)",
                "{threat} takes {dealt} ({count} left)",
                threat.remaining,
                threat=threat.key,
                dealt=dealt,
            ),
            threat=threat,
        )
    if threat.rocket_hit and "rocket_magnet" in traits:
        threat.shield += 1
