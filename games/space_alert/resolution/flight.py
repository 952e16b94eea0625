"""Resolving a whole flight: turns 1-12 as programmed, turn 13, then the score."""

from __future__ import annotations

from dataclasses import dataclass

from games.space_alert.program import Play
from games.space_alert.resolution.crew_step import crew_step
from games.space_alert.resolution.firing import damage_step
from games.space_alert.resolution.threat_step import threat_step
from games.space_alert.resolution.trace import (
    CrewFrame,
    FlightResult,
    ShipFrame,
    ThreatFrame,
    TraceEvent,
    TurnFrame,
)
from games.space_alert.resolution.world import (
    ACTIVE,
    INACTIVE,
    Crew,
    Event,
    ShipLostError,
    Threat,
    World,
)
from games.space_alert.scoring import ScoreCard, confirmation_points
from games.space_alert.ship import (
    BATTLEBOT_STORES,
    BRIDGE,
    PHASES,
    REACTOR_START,
    SHIELD_START,
    ZONES,
    Station,
    Tile,
    Zone,
    maintenance_turns,
)
from games.space_alert.threats import threat_spec
from games.space_alert.trajectories import TRAJECTORIES
from games.text import Text


@dataclass(frozen=True, slots=True)
class ScheduledThreat:
    """A threat card that appears at the start of `turn` in `zone` (None: internal)."""

    threat_id: str
    turn: int
    zone: Zone | None


@dataclass(frozen=True, slots=True)
class CrewPlan:
    """A crew member (or android) and their twelve programmed slots."""

    name: str
    program: tuple[Play | None, ...]


@dataclass(frozen=True, slots=True)
class FlightPlan:
    """Everything resolution needs: crew in captain order, trajectories, threats, damage order."""

    crew: tuple[CrewPlan, ...]
    tracks: tuple[str, str, str]
    internal_track: str
    threats: tuple[ScheduledThreat, ...]
    tile_orders: tuple[tuple[Tile, ...], tuple[Tile, ...], tuple[Tile, ...]]
    turns: int = 12
    """12 for a full flight, 7 for the introductory test runs; one enemy-only turn follows."""
    carried: tuple[tuple[Tile, ...], tuple[Tile, ...], tuple[Tile, ...]] = ((), (), ())
    """Campaign: damage tokens already on the ship (red, white, blue); `tile_orders` then
    holds only the tokens left in each pile."""
    battlebot_stores: tuple[Station, ...] = BATTLEBOT_STORES
    """Campaign: the stores that get a squad (a broken, unrepaired squad stays off the ship)."""


def resolve(plan: FlightPlan) -> FlightResult:
    """Play the recorded flight through and return its score card and turn-by-turn trace."""
    world = World(
        crew=[
            Crew(i, c.name, [None, *c.program, *([None] * (12 - len(c.program)))], BRIDGE)
            for i, c in enumerate(plan.crew)
        ],
        piles=[list(order) for order in plan.tile_orders],
    )
    _carry_damage(world, plan)
    frames = [_frame(world, 0, 0)]
    # A stable sort: threats of the same turn keep the order they were announced in.
    schedule = sorted(plan.threats, key=lambda s: s.turn)
    try:
        for turn in range(1, plan.turns + 2):
            mark = len(world.events)
            world.turn = turn
            _reset_turn(world)
            world.step = "appear"
            arriving = [s for s in schedule if s.turn == turn]
            for index, scheduled in enumerate(arriving):
                _appear(world, plan, scheduled, index)
            if turn <= plan.turns:
                world.step = "actions"
                crew_step(world)
            world.step = "damage"
            damage_step(world, final=turn > plan.turns)
            world.step = "threats"
            threat_step(world)
            if turn <= plan.turns and turn in (maintenance_turns(p)[1] for p in (1, 2, 3)):
                _computer_check(world)
            frames.append(_frame(world, turn, mark))
    except ShipLostError:
        frames.append(_frame(world, world.turn, _last_mark(frames)))
    return _result(world, tuple(frames))


def _carry_damage(world: World, plan: FlightPlan) -> None:
    """Campaign rules for a ship that flies again (cs 6.2)."""
    for zone in ZONES:
        tiles = plan.carried[zone.value]
        world.tiles[zone.value] = list(tiles)
        # "Neopravené reaktory a štíty mají (kromě snížené kapacity) na začátku o kostičku
        # energie méně."
        less = Tile.REACTOR in tiles
        world.reactors[zone.value] = max(0, REACTOR_START[zone.value] - less)
        world.reactors[zone.value] = min(world.reactors[zone.value], world.reactor_capacity(zone))
        less = Tile.SHIELD in tiles
        world.shields[zone.value] = max(0, SHIELD_START[zone.value] - less)
        world.shields[zone.value] = min(world.shields[zone.value], world.shield_capacity(zone))
        if Tile.STRUCTURE in tiles:
            world.carried_structure.add(zone)
    world.stored_bots = {
        s: (ACTIVE if s in plan.battlebot_stores else None) for s in BATTLEBOT_STORES
    }
    world.missing_bots = len(BATTLEBOT_STORES) - len(set(plan.battlebot_stores))


def _last_mark(frames: list[TurnFrame]) -> int:
    return sum(len(f.events) for f in frames)


def _reset_turn(world: World) -> None:
    world.heavy_fired = [0, 0, 0]
    world.light_fired = {}
    world.pulse_fired = 0
    world.interceptor_bonus = 0
    world.lifts_used = set()
    world.confirmations = 0
    world.nuclear_hands = {}


def _appear(world: World, plan: FlightPlan, scheduled: ScheduledThreat, index: int) -> None:
    spec = threat_spec(scheduled.threat_id)
    zone = scheduled.zone
    track = TRAJECTORIES[plan.internal_track if zone is None else plan.tracks[zone.value]]
    threat = Threat(
        spec=spec,
        token=scheduled.turn * 1000 + index,
        zone=zone,
        track=track,
        position=track.length,
        shield=spec.shield,
        speed=spec.speed,
        stations=list(spec.stations),
        revealed="stealth_until_x" not in spec.traits,
        cryoshield="cryoshield" in spec.traits,
        warhead_health=world.rockets,
        turn=scheduled.turn,
        tag="" if index == 0 else chr(ord("a") + index) if index < 26 else f"#{index + 1}",
    )
    where = Text("internal") if zone is None else Text("{zone} zone", zone=zone.key)
    kind = Text("serious threat") if spec.serious else Text("threat")
    world.threats.append(threat)
    world.log(
        "appear",
        Text(
            "{kind} {threat} {name} appears ({where})",
            kind=kind,
            threat=threat.key,
            name=spec.name,
            where=where,
        ),
        threat=threat,
    )
    if "health_is_rockets" in spec.traits and world.rockets == 0:
        world.remove(threat, destroyed=True)


def _computer_check(world: World) -> None:
    phase = next(i for i, (first, _) in enumerate(PHASES, 1) if first + 1 == world.turn)
    if phase in world.maintained:
        return
    world.step = "computer"
    world.log("computer", Text("computer not maintained: the lights go out"))
    for crew in world.crew:
        if crew.aboard:
            world.delay(crew, world.turn + 1)


def _frame(world: World, turn: int, mark: int) -> TurnFrame:
    shown = [*world.threats, *[t for t in world.destroyed + world.survived if t.turn <= turn]]
    return TurnFrame(
        turn=turn,
        crew=tuple(
            CrewFrame(
                c.name, "space" if c.station is None else c.station.key, c.bots, c.knocked_out
            )
            for c in world.crew
        ),
        threats=tuple(
            ThreatFrame(
                t.key,
                t.spec.id,
                t.spec.name,
                "internal" if t.zone is None else t.zone.key,
                t.position,
                t.damage,
                t.health,
                t.shield,
                tuple(s.key for s in [*t.stations, *t.offshoots]),
                t.status,
            )
            for t in sorted(shown, key=lambda t: t.token)
        ),
        ship=ShipFrame(
            reactors=(world.reactors[0], world.reactors[1], world.reactors[2]),
            shields=(world.shields[0], world.shields[1], world.shields[2]),
            capsules=world.capsules,
            rockets=world.rockets,
            rocket_in_flight=world.rocket_flying,
            tiles=(
                tuple(t.value for t in world.tiles[0]),
                tuple(t.value for t in world.tiles[1]),
                tuple(t.value for t in world.tiles[2]),
            ),
            stored_battlebots=tuple((s.key, b) for s, b in world.stored_bots.items()),
        ),
        events=tuple(_event(e) for e in world.events[mark:]),
    )


def _event(e: Event) -> TraceEvent:
    return TraceEvent(e.turn, e.step, e.kind, e.text, e.crew, e.threat)


def _result(world: World, frames: tuple[TurnFrame, ...]) -> FlightResult:
    damage = (len(world.tiles[0]), len(world.tiles[1]), len(world.tiles[2]))
    inactive = sum(1 for c in world.crew if c.bots == INACTIVE)
    inactive += sum(1 for b in world.stored_bots.values() if b == INACTIVE)
    # A squad left off the ship is still "poškozený a neopravený tým robotů".
    inactive += world.missing_bots
    card = ScoreCard(
        destroyed_points=sum(t.spec.points_destroyed for t in world.destroyed),
        survived_points=sum(t.spec.points_survived or 0 for t in world.survived),
        damage=damage,
        knocked_out=sum(1 for c in world.crew if c.knocked_out),
        inactive_battlebots=inactive,
        visual_confirmation=(
            confirmation_points(world.best_confirmation[0]),
            confirmation_points(world.best_confirmation[1]),
            confirmation_points(world.best_confirmation[2]),
        ),
    )
    return FlightResult(
        lost=world.lost is not None,
        loss_reason=world.lost,
        score=None if world.lost is not None else card.total,
        threat_points=card.destroyed_points + card.survived_points,
        damage=damage,
        # Appearance order: threats destroyed in one damage step have no other natural order.
        destroyed=tuple(t.spec.id for t in sorted(world.destroyed, key=lambda t: t.token)),
        survived=tuple(t.spec.id for t in sorted(world.survived, key=lambda t: t.token)),
        unfinished=tuple(t.spec.id for t in sorted(world.threats, key=lambda t: t.token)),
        knocked_out=tuple(c.name for c in world.crew if c.knocked_out),
        inactive_battlebots=inactive,
        visual_confirmation=card.visual_confirmation,
        frames=frames,
    )
