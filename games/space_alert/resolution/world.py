"""The working state of one flight being resolved: ship, crew, threats in play, the trace.

Resolution is a pure function of its input; inside it this mutable world is built once and
stepped turn by turn (fast, and easy to follow against the rulebook), then frozen into frames.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.space_alert.program import Play
from games.space_alert.ship import (
    BATTLEBOT_STORES,
    FUEL_CAPSULES,
    REACTOR_CAPACITY,
    REACTOR_START,
    ROCKETS,
    SHIELD_CAPACITY,
    SHIELD_START,
    TURNS,
    ZONES,
    Station,
    Tile,
    Zone,
)
from games.space_alert.threats import ThreatSpec
from games.space_alert.trajectories import Trajectory
from games.text import Text

PULSE_CANNON = Text("pulse cannon")
INTERCEPTORS = Text("interceptors")
SEVENTH_DAMAGE = {
    Zone.RED: Text("the red zone took a seventh damage"),
    Zone.WHITE: Text("the white zone took a seventh damage"),
    Zone.BLUE: Text("the blue zone took a seventh damage"),
}
"""Why the ship was lost, per zone (a whole sentence each: zones read differently)."""


def heavy_laser(zone: Zone) -> Text:
    """A zone's heavy laser, as the trace names the weapon."""
    return Text("{zone} heavy laser", zone=zone.key)


class ShipLostError(Exception):
    """Raised inside resolution when the ship is destroyed; ends the flight."""


ACTIVE = "active"
INACTIVE = "inactive"


@dataclass(slots=True)
class Crew:
    """A crew member during resolution; station None means out in the interceptors."""

    index: int
    name: str
    program: list[Play | None]
    station: Station | None
    bots: str | None = None
    knocked_out: bool = False

    @property
    def aboard(self) -> bool:
        """True for an active crew member inside the ship."""
        return not self.knocked_out and self.station is not None


@dataclass(slots=True)
class Threat:
    """A threat card in play: its token, position or stations, damage and modifiers."""

    spec: ThreatSpec
    token: int
    """Acting order: lower first (the turn it appeared, then its place among that turn's)."""
    zone: Zone | None
    track: Trajectory
    position: int
    shield: int
    speed: int
    stations: list[Station]
    damage: int = 0
    status: str = "active"
    revealed: bool = True
    cryoshield: bool = False
    debris: int = 0
    grown: bool = False
    offshoots: list[Station] = field(default_factory=list)
    warhead_health: int = 0
    hit_this_step: int = 0
    pulse_hit: bool = False
    rocket_hit: bool = False
    aura_on: bool = False
    turn: int = 0
    """The turn it appeared (the number on its token)."""
    tag: str = ""
    """'' for the first threat of its turn; 'b', 'c' ... for more in the same turn."""

    @property
    def key(self) -> str:
        """The threat's name in logs: its card id and token number."""
        return f"{self.spec.id}@T{self.turn}{self.tag}"

    @property
    def health(self) -> int:
        """Printed health (Unstable Warheads: rockets aboard)."""
        if "health_is_rockets" in self.spec.traits:
            return self.warhead_health
        return self.spec.health

    @property
    def remaining(self) -> int:
        """Health left."""
        return max(0, self.health - self.damage)

    @property
    def active(self) -> bool:
        """True while the threat is in play (neither destroyed nor gone past Z)."""
        return self.status == "active"


@dataclass(slots=True)
class Event:
    """One line of the trace: turn, step, kind and a readable text."""

    turn: int
    step: str
    kind: str
    text: str
    crew: int | None = None
    threat: str | None = None


@dataclass(slots=True)
class World:
    """Everything that changes during a flight."""

    crew: list[Crew]
    piles: list[list[Tile]]
    threats: list[Threat] = field(default_factory=list)
    turn: int = 0
    step: str = "setup"
    reactors: list[int] = field(default_factory=lambda: list(REACTOR_START))
    shields: list[int] = field(default_factory=lambda: list(SHIELD_START))
    capsules: int = FUEL_CAPSULES
    rockets: int = ROCKETS
    rocket_launched: bool = False
    rocket_flying: bool = False
    stored_bots: dict[Station, str | None] = field(
        default_factory=lambda: dict.fromkeys(BATTLEBOT_STORES, ACTIVE)
    )
    tiles: list[list[Tile]] = field(default_factory=lambda: [[], [], []])
    heavy_fired: list[int] = field(default_factory=lambda: [0, 0, 0])
    light_fired: dict[Zone, int] = field(default_factory=dict)
    pulse_fired: int = 0
    interceptor_bonus: int = 0
    interceptors_closed: bool = False
    lifts_used: set[Zone] = field(default_factory=set)
    maintained: set[int] = field(default_factory=set)
    confirmations: int = 0
    nuclear_hands: dict[int, int] = field(default_factory=dict)
    best_confirmation: list[int] = field(default_factory=lambda: [0, 0, 0])
    doubled: set[Zone] = field(default_factory=set)
    carried_structure: set[Zone] = field(default_factory=set)
    """Zones whose structure was hit in an earlier flight of a campaign and not repaired."""
    missing_bots: int = 0
    """Broken squads from an earlier flight of a campaign, left off the ship."""
    lasting_slime: set[Station] = field(default_factory=set)
    lasting_contamination: set[Station] = field(default_factory=set)
    destroyed: list[Threat] = field(default_factory=list)
    survived: list[Threat] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    lost: Text | None = None

    # -------------------------------------------------------------- trace
    def log(
        self, kind: str, text: Text, crew: Crew | None = None, threat: Threat | None = None
    ) -> None:
        """Append a trace line for the current turn and step."""
        self.events.append(
            Event(
                self.turn,
                self.step,
                kind,
                Text.joined(" ", [Text.verbatim(f"T{self.turn}"), text]),
                None if crew is None else crew.index,
                None if threat is None else threat.key,
            )
        )

    # -------------------------------------------------------------- ship
    def count(self, zone: Zone, tile: Tile) -> int:
        """How many of this tile the zone has taken (0 or 1)."""
        return self.tiles[zone.value].count(tile)

    def reactor_capacity(self, zone: Zone) -> int:
        """Reactor capacity after damage."""
        return REACTOR_CAPACITY[zone.value] - self.count(zone, Tile.REACTOR)

    def shield_capacity(self, zone: Zone) -> int:
        """Shield capacity after damage."""
        return SHIELD_CAPACITY[zone.value] - self.count(zone, Tile.SHIELD)

    def damage(self, zone: Zone, points: int, source: Threat | None = None) -> None:
        """The zone takes `points` damage: one token each, doubled by a fissure and by
        structure damage carried from an earlier flight (both: four)."""
        if points <= 0:
            return
        per_point = (2 if zone in self.doubled else 1) * (
            2 if zone in self.carried_structure else 1
        )
        for _ in range(points * per_point):
            pile = self.piles[zone.value]
            if not pile:
                self.lost = SEVENTH_DAMAGE[zone]
                self.log("lost", Text("ship destroyed: {reason}", reason=self.lost), threat=source)
                raise ShipLostError(self.lost)
            tile = pile.pop(0)
            self.tiles[zone.value].append(tile)
            self.log(
                "damage",
                Text("{zone} zone damaged: {tile}", zone=zone.key, tile=tile.value),
                threat=source,
            )
            if tile is Tile.REACTOR:
                cap = self.reactor_capacity(zone)
                self.reactors[zone.value] = min(self.reactors[zone.value], cap)
            elif tile is Tile.SHIELD:
                cap = self.shield_capacity(zone)
                self.shields[zone.value] = min(self.shields[zone.value], cap)

    def destroy_ship(self, threat: Threat) -> None:
        """A card's direct loss ('destroys the ship')."""
        name = Text.verbatim(threat.spec.name)
        self.lost = Text("{name} ({id}) destroyed the ship", name=name, id=threat.spec.id)
        self.log("lost", Text("ship destroyed by {threat}", threat=threat.key), threat=threat)
        raise ShipLostError(self.lost)

    def lose_rocket(self) -> None:
        """A rocket leaves the stock; Unstable Warheads lose a point of health with it."""
        self.rockets -= 1
        for threat in list(self.threats):
            if threat.active and "health_is_rockets" in threat.spec.traits:
                threat.warhead_health -= 1
                if threat.damage >= threat.warhead_health:
                    self.remove(threat, destroyed=True)

    # -------------------------------------------------------------- crew
    def delay(self, crew: Crew, turn: int) -> None:
        """Delay the card of `turn`: it and the cards after it shift right up to an empty slot."""
        if crew.knocked_out or turn > TURNS or crew.program[turn] is None:
            return
        slot = turn
        while slot <= TURNS and crew.program[slot] is not None:
            slot += 1
        for i in range(min(slot, TURNS), turn, -1):
            crew.program[i] = crew.program[i - 1]
        crew.program[turn] = None
        self.log(
            "delay", Text("{crew} delayed (turn {turn})", crew=crew.name, turn=turn), crew=crew
        )

    def delay_next(self, crew: Crew) -> None:
        """Delay a crew member's next turn (delays in one turn do not add up)."""
        self.delay(crew, self.turn + 1)

    def knock_out(self, crew: Crew, why: Text) -> None:
        """The crew member is out for the rest of the flight; their battlebots go inactive."""
        if crew.knocked_out:
            return
        crew.knocked_out = True
        if crew.bots is not None:
            crew.bots = INACTIVE
        self.log(
            "knock_out", Text("{crew} knocked out ({why})", crew=crew.name, why=why), crew=crew
        )

    def crew_at(self, station: Station) -> list[Crew]:
        """Active crew in a station, in crew order."""
        return [c for c in self.crew if c.aboard and c.station is station]

    def enter(self, crew: Crew, station: Station) -> None:
        """Move a crew member into a station and apply what waits there."""
        crew.station = station
        if station in self.lasting_contamination:
            self.knock_out(crew, Text("entered a contaminated station"))
            return
        if station in self.slimed():
            self.log(
                "slime",
                Text("{crew} steps into slime at {station}", crew=crew.name, station=station.key),
                crew=crew,
            )
            self.delay_next(crew)

    def slimed(self) -> set[Station]:
        """Stations with a slime token (living or left behind after Z)."""
        found = set(self.lasting_slime)
        for threat in self.threats:
            if threat.active and "spread" in {e.op for e in threat.spec.y}:
                found.update(threat.stations)
                found.update(threat.offshoots)
        return found

    # -------------------------------------------------------------- threats
    def attack_bonus(self, threat: Threat) -> int:
        """+1 per Scout aura working for this external threat (never for the Scout itself)."""
        return sum(
            1
            for s in self.threats + self.survived
            if s.aura_on and s is not threat and s.spec.x[0].aura == "attack_bonus"
        )

    def shield_bonus(self) -> int:
        """+1 per Marauder aura (it includes the Marauder itself)."""
        return sum(
            1
            for s in self.threats + self.survived
            if s.aura_on and s.spec.x and s.spec.x[0].aura == "shield_bonus"
        )

    def remove(self, threat: Threat, destroyed: bool) -> None:
        """Take a threat out of play: to the captain (destroyed) or the communications officer."""
        threat.status = "destroyed" if destroyed else "survived"
        if destroyed:
            threat.aura_on = False
            self.destroyed.append(threat)
            self.log(
                "destroyed",
                Text("{threat} {name} destroyed", threat=threat.key, name=threat.spec.name),
                threat=threat,
            )
        else:
            self.survived.append(threat)
            self.log(
                "survived",
                Text("{threat} {name} completed Z", threat=threat.key, name=threat.spec.name),
                threat=threat,
            )
        self.threats.remove(threat)
        if threat.spec.id == "SI1-04" and destroyed:
            self.doubled.clear()


def zone_list(spec: str | tuple[str, ...], own: Zone | None) -> list[Zone]:
    """The zones an effect names: own, all, others or an explicit list."""
    if isinstance(spec, tuple):
        return [Zone[z.upper()] for z in spec]
    if spec == "all":
        return list(ZONES)
    if own is None:
        return []
    if spec == "others":
        return [z for z in ZONES if z is not own]
    return [own]
