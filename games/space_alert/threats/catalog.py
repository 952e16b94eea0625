"""Threat cards as data: stats, traits and the X/Y/Z effects, read from data/threats.json.

Effects are small records (`op` plus parameters) that the resolution interprets; the vocabulary
is documented on `Effect`. Special rules that are not a single effect are `traits`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from games.base import InvalidActionError
from games.space_alert.ship import Station, station_named


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect on a card.

    ops: attack (amount: int | remaining_health | reactor_energy | crew_in_station, multiplier,
    zones: own | all | others | list, mode: normal | double | ignore_shields), heal (int |
    half_damage), shield_set, shield_up, speed_up, drain_shields, drain_reactor (else_attack when
    the reactor is empty), reveal, delay (who: zone | ship | station), knock_out (who: ship |
    station | stations | except_bridge | active_battlebot_leaders |
    station_without_active_battlebots), destroy_ship, move (direction), advance_others,
    self_damage, aura (attack_bonus | shield_bonus), debris, if_damaged / if_undamaged /
    unless_damage_at_least (then), destroy_rockets, disable_stored_battlebots, spread, slime_attack,
    destroy_fuel, grow_up, double_damage (zones), fill_shield, leak (container, zones), seek,
    contamination_attack, lasting_contamination, debris_attack, blast_others.
    """

    op: str
    amount: int | str | None = None
    multiplier: int = 1
    zones: str | tuple[str, ...] = "own"
    mode: str = "normal"
    who: str = ""
    stations: tuple[Station, ...] = ()
    direction: str = ""
    else_attack: int | None = None
    then: tuple[Effect, ...] = ()
    aura: str = ""
    container: str = ""


@dataclass(frozen=True, slots=True)
class ThreatSpec:
    """A threat card: what the rules need to know about it."""

    id: str
    name: str
    internal: bool
    serious: bool
    deck: str
    points_survived: int | None
    points_destroyed: int
    health: int
    speed: int
    shield: int
    traits: frozenset[str]
    stations: tuple[Station, ...]
    fix: str
    returns_fire: str
    x: tuple[Effect, ...]
    y: tuple[Effect, ...]
    z: tuple[Effect, ...]
    on_destroyed: tuple[Effect, ...]

    @property
    def malfunction(self) -> bool:
        """True for an internal threat fixed by A, B or C at a device."""
        return self.internal and self.fix in ("A", "B", "C")

    @property
    def intruder(self) -> bool:
        """True for an internal threat fought with battlebots."""
        return self.internal and self.fix == "battlebots"

    def effects(self, letter: str) -> tuple[Effect, ...]:
        """The effects printed for 'x', 'y' or 'z'."""
        return {"x": self.x, "y": self.y, "z": self.z}[letter]


def _effect(data: dict[str, Any]) -> Effect:
    zones = data.get("zones", "own")
    return Effect(
        op=data["op"],
        amount=data.get("amount"),
        multiplier=data.get("multiplier", 1),
        zones=tuple(zones) if isinstance(zones, list) else zones,
        mode=data.get("mode", "normal"),
        who=data.get("who", ""),
        stations=tuple(station_named(s) for s in data.get("stations", ())),
        direction=data.get("direction", "") or data.get("station", ""),
        else_attack=data.get("else_attack"),
        then=tuple(_effect(e) for e in data.get("then", ())),
        aura=data.get("aura", ""),
        container=data.get("container", ""),
    )


def _spec(data: dict[str, Any]) -> ThreatSpec:
    survived, destroyed = data["points"]
    return ThreatSpec(
        id=data["id"],
        name=data["name"],
        internal=data["kind"] == "internal",
        serious=data["severity"] == "serious",
        deck=data["deck"],
        points_survived=survived,
        points_destroyed=destroyed,
        health=data["health"],
        speed=data["speed"],
        shield=data.get("shield", 0),
        traits=frozenset(data.get("traits", ())),
        stations=tuple(station_named(s) for s in data.get("stations", ())),
        fix=data.get("fix", ""),
        returns_fire=data.get("returns_fire", "never"),
        x=tuple(_effect(e) for e in data["x"]),
        y=tuple(_effect(e) for e in data["y"]),
        z=tuple(_effect(e) for e in data["z"]),
        on_destroyed=tuple(_effect(e) for e in data.get("on_destroyed", ())),
    )


@cache
def threat_specs() -> dict[str, ThreatSpec]:
    """Every threat card of the base game by id (E1-01 ... SI2-05)."""
    text = resources.files("games.space_alert").joinpath("data/threats.json").read_text("utf-8")
    return {t["id"]: _spec(t) for t in json.loads(text)["threats"]}


def threat_spec(threat_id: str) -> ThreatSpec:
    """The card with this id; raises InvalidActionError for an unknown id."""
    spec = threat_specs().get(threat_id.strip().upper())
    if spec is None:
        raise InvalidActionError("Unknown threat id {id!r}.", code="unknown_threat", id=threat_id)
    return spec
