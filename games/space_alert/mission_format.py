"""The public mission file format `muster.space_alert.mission/1` and its result document.

`run(data)` is what `muster space-alert resolve FILE.json` calls: parse, resolve, report.
"""

from __future__ import annotations

from typing import Any

from games.base import InvalidActionError
from games.space_alert.program import parse_play
from games.space_alert.resolution import (
    CrewPlan,
    FlightPlan,
    FlightResult,
    ScheduledThreat,
    resolve,
)
from games.space_alert.ship import DEFAULT_TILE_ORDER, TURNS, ZONES, Tile, Zone
from games.space_alert.threats import threat_spec
from games.space_alert.trajectories import TRAJECTORIES
from games.text import Text

FORMAT = "muster.space_alert.mission/1"
RESULT_FORMAT = "muster.space_alert.mission-result/1"


def _fail(message: str, code: str = "malformed_mission", **params: object) -> InvalidActionError:
    return InvalidActionError(message, code=code, **params)


def parse_mission(data: Any) -> FlightPlan:
    """The flight plan a mission document describes; raises InvalidActionError when malformed."""
    if not isinstance(data, dict):
        raise _fail("The mission must be a JSON object.")
    if data.get("format") != FORMAT:
        raise _fail(
            "Unknown format {given!r}; expected {format!r}.",
            given=data.get("format"),
            format=FORMAT,
        )
    return FlightPlan(
        crew=_crew(data.get("crew")),
        tracks=(
            _track(data, "red"),
            _track(data, "white"),
            _track(data, "blue"),
        ),
        internal_track=_track(data, "internal"),
        threats=_threats(data.get("threats")),
        tile_orders=_tiles(data.get("damage_tokens", {})),
    )


def _crew(crew: Any) -> tuple[CrewPlan, ...]:
    if not isinstance(crew, list) or not 1 <= len(crew) <= 5:
        raise _fail("'crew' must be a list of 1 to 5 crew members.")
    plans = []
    for i, member in enumerate(crew):
        if not isinstance(member, dict):
            raise _fail("Crew member {number} must be an object.", number=i + 1)
        name = member.get("name", f"P{i + 1}")
        program = member.get("program", [])
        if not isinstance(name, str) or not isinstance(program, list):
            raise _fail(
                "Crew member {number} needs a string 'name' and a list 'program'.", number=i + 1
            )
        if len(program) > TURNS:
            raise _fail(
                Text.plural(
                    "{name}'s program has {count} entry; at most {turns}.",
                    "{name}'s program has {count} entries; at most {turns}.",
                    len(program),
                    name=name,
                    turns=TURNS,
                )
            )
        if not all(isinstance(p, str) for p in program):
            raise _fail("{name}'s program must hold strings.", name=name)
        try:
            plays = tuple(parse_play(p) for p in program)
        except InvalidActionError as err:
            raise _fail("{name}: {error}", err.code, name=name, error=err.user_message) from None
        plans.append(CrewPlan(name, plays + (None,) * (TURNS - len(plays))))
    names = [p.name for p in plans]
    if len(set(names)) != len(names):
        raise _fail("Crew names must be different.")
    return tuple(plans)


def _track(data: dict[str, Any], where: str) -> str:
    tracks = data.get("tracks")
    if not isinstance(tracks, dict) or where not in tracks:
        raise _fail("'tracks' must give a trajectory for {where}.", where=where)
    name = tracks[where]
    if not isinstance(name, str) or name not in TRAJECTORIES:
        raise _fail(
            "Unknown trajectory {name!r} for {where}; use T1..T7.",
            "unknown_track",
            name=name,
            where=where,
        )
    return str(name)


def _threats(threats: Any) -> tuple[ScheduledThreat, ...]:
    if not isinstance(threats, list):
        raise _fail("'threats' must be a list.")
    found: list[ScheduledThreat] = []
    for entry in threats:
        if not isinstance(entry, dict):
            raise _fail("Each threat must be an object with id, turn and zone.")
        spec = threat_spec(str(entry.get("id")))
        turn = entry.get("turn")
        if not isinstance(turn, int) or isinstance(turn, bool) or not 1 <= turn <= TURNS:
            raise _fail("Threat {id}: 'turn' must be 1..{turns}.", id=spec.id, turns=TURNS)
        zone_name = entry.get("zone")
        if spec.internal:
            if zone_name != "internal":
                raise _fail(
                    "Threat {id} is internal; its zone must be 'internal'.", "bad_zone", id=spec.id
                )
            zone = None
        else:
            if zone_name not in ("red", "white", "blue"):
                raise _fail(
                    "Threat {id}: bad zone {zone!r}.", "bad_zone", id=spec.id, zone=zone_name
                )
            zone = Zone[str(zone_name).upper()]
        found.append(ScheduledThreat(spec.id, turn, zone))
    return tuple(found)


def _tiles(given: Any) -> tuple[tuple[Tile, ...], tuple[Tile, ...], tuple[Tile, ...]]:
    if not isinstance(given, dict):
        raise _fail("'damage_tokens' must map zones to lists of damage tokens.")
    for key in given:
        if key not in ("red", "white", "blue"):
            raise _fail("Bad zone {zone!r} in 'damage_tokens'.", "bad_zone", zone=key)
    orders = []
    for zone in ZONES:
        names = given.get(zone.key, [])
        if not isinstance(names, list):
            raise _fail("'damage_tokens.{zone}' must be a list.", zone=zone.key)
        try:
            tiles = [Tile(n) for n in names]
        except ValueError:
            raise _fail(
                "Unknown damage token in {zone}: {names}; known: {known}",
                "unknown_tile",
                zone=zone.key,
                names=names,
                known=", ".join(t.value for t in Tile),
            ) from None
        if len(set(tiles)) != len(tiles):
            raise _fail("A damage token is listed twice for {zone}.", zone=zone.key)
        orders.append(tuple(tiles) + tuple(t for t in DEFAULT_TILE_ORDER if t not in tiles))
    return orders[0], orders[1], orders[2]


def result_document(result: FlightResult) -> dict[str, Any]:
    """The result of a resolved flight as the format's output document."""
    return {
        "format": RESULT_FORMAT,
        "lost": result.lost,
        "score": result.score,
        "damage": {z.key: result.damage[z.value] for z in ZONES},
        "destroyed": list(result.destroyed),
        "survived": list(result.survived),
        "unfinished": list(result.unfinished),
        "knocked_out": list(result.knocked_out),
        "inactive_battlebots": result.inactive_battlebots,
        "visual_confirmation": list(result.visual_confirmation),
        "log": list(result.log),
    }


def run(data: dict[str, Any]) -> dict[str, Any]:
    """Resolve a mission document and return the result document (pure)."""
    return result_document(resolve(parse_mission(data)))
