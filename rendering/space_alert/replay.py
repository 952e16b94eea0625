"""The resolution replay: one frame per turn 1-13 (crew, shots, threat moves, damage), as a GIF.

Frames are drawn from the flight result's trace (`FlightResult.frames`), which a view carries
only once the flight is over; before that there is nothing to replay, so nothing can leak.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

import rendering.space_alert.layout as geo
from games.space_alert.resolution import FlightResult, TurnFrame
from games.space_alert.resolution.trace import ThreatFrame, TraceEvent
from games.space_alert.threats import threat_spec
from games.space_alert.view import View
from games.text import Text
from rendering.assets import REGULAR
from rendering.space_alert.board import paint_scene
from rendering.space_alert.bridge import mission_title
from rendering.space_alert.gif import gif_bytes
from rendering.space_alert.scene import CrewMark, Scene, ShipMarks, Shot, ThreatMark
from rendering.space_alert.style import (
    BEAM,
    BODY_PX,
    GOOD,
    HEAD_PX,
    IMPACT,
    MARGIN,
    MUTED,
    TEXT,
    WIDTH,
    ZONES,
    Painter,
    Say,
    fit,
)

PANEL_H = 200
LINES_PER_COLUMN = 8
LINE_H = 20
FRAME_MS = 2400
LAST_MS = 4000
_KEY = re.compile(r"\b([A-Z]{1,2}\d-\d\d)@T(\d+)")
_TURN = re.compile(r"T\d+ ")
_HIT = re.compile(r"^T\d+ (.+?) aims at \S+ \((\d+)\)$")
_ATTACK = re.compile(r"attacks (red|white|blue) for (\d+): (\d+) gets through")
_QUIET = ("move", "lift", "energy", "computer", "confirm", "bots", "fire")
"""Kinds dropped first when a turn has more lines than the panel holds."""
_WEAPON_DECK = {"heavy laser": True, "light laser": False, "pulse cannon": False, "rocket": False}


@dataclass(frozen=True, slots=True)
class Crew:
    """How the replay names a crew member."""

    name: str
    """The name in the trace ('P1', 'Android A')."""
    shown: str
    """The name to print (a player's display name)."""


def _number(key: str) -> int:
    return int(key.rsplit("@T", 1)[1])


def _threat_mark(t: ThreatFrame, hit: int, status: str) -> ThreatMark:
    spec = threat_spec(t.id)
    return ThreatMark(
        number=_number(t.key),
        name=t.name,
        id=t.id,
        zone=t.zone,
        position=t.position,
        health=t.health,
        damage=t.damage,
        shield=t.shield,
        speed=spec.speed,
        serious=spec.serious,
        stations=t.stations,
        status=status,
        hit=hit,
    )


def _shots(frame: TurnFrame) -> tuple[list[Shot], dict[str, int]]:
    zone_of = {t.key: t.zone for t in frame.threats}
    shots: list[Shot] = []
    hits: dict[str, int] = {}
    for e in frame.events:
        m = _HIT.match(e.text) if e.kind == "hit" else None
        if m is None or e.threat is None:
            continue
        strength = int(m.group(2))
        hits[e.threat] = hits.get(e.threat, 0) + strength
        zone = zone_of.get(e.threat, "internal")
        if zone in ZONES:
            weapon = m.group(1)
            upper = any(w in weapon for w, up in _WEAPON_DECK.items() if up)
            shots.append(Shot(zone, upper, _number(e.threat), strength))
    return shots, hits


def _impacts(frame: TurnFrame, before: TurnFrame, say: Say) -> tuple[tuple[str, str], ...]:
    found: dict[str, str] = {}
    for e in frame.events:
        m = _ATTACK.search(e.text) if e.kind == "attack" else None
        if m is not None and m.group(3) == "0":
            found.setdefault(m.group(1), say(Text("shields held")))
    for zone, key in enumerate(ZONES):
        new = len(frame.ship.tiles[zone]) - len(before.ship.tiles[zone])
        if new > 0:
            found[key] = say(Text.plural("{count} damage", "{count} damage", new))
    return tuple((z, found[z]) for z in ZONES if z in found)


def frame_scene(
    result: FlightResult,
    index: int,
    tracks: Sequence[str],
    mission: str = "",
    say: Say = str,
) -> Scene:
    """The ship picture of turn `index` of the trace (1 = turn 1)."""
    frame, before = result.frames[index], result.frames[index - 1]
    shots, hits = _shots(frame)
    ended = {e.threat: e.kind for e in frame.events if e.kind in ("destroyed", "survived")}
    threats = tuple(
        _threat_mark(t, hits.get(t.key, 0), ended.get(t.key, "active"))
        for t in frame.threats
        if t.status == "active" or t.key in ended
    )
    delayed = {e.crew for e in frame.events if e.kind == "delay"}
    crew = tuple(
        CrewMark(i, c.station, c.knocked_out, c.bots, i in delayed)
        for i, c in enumerate(frame.crew)
    )
    new_tiles = tuple(frame.ship.tiles[z][len(before.ship.tiles[z]) :] for z in range(3))
    ship = ShipMarks(
        reactors=frame.ship.reactors,
        shields=frame.ship.shields,
        capsules=frame.ship.capsules,
        rockets=frame.ship.rockets,
        rocket_in_flight=frame.ship.rocket_in_flight,
        tiles=frame.ship.tiles,
        new_tiles=(new_tiles[0], new_tiles[1], new_tiles[2]),
        stored_bots=frame.ship.stored_battlebots,
    )
    last = max(13, result.frames[-1].turn)
    lost_now = index == len(result.frames) - 1 and result.lost
    if lost_now:
        title = Text("Turn {turn} · ship destroyed", turn=frame.turn)
    elif frame.turn == 13:
        title = Text("Turn {turn} · threats only", turn=frame.turn)
    else:
        # Its own key: a Space Alert turn is a round ("kolo"), not a Neuroshima move ("tah").
        title = Text.in_context("a step of the action programs", "Turn {turn}", turn=frame.turn)
    return Scene(
        say(title),
        say(_tally(result, frame.turn, mission)),
        (tracks[0], tracks[1], tracks[2], tracks[3]),
        threats,
        crew,
        ship,
        tuple(shots),
        _impacts(frame, before, say),
        progress=(frame.turn, last),
    )


def _tally(result: FlightResult, turn: int, mission: str) -> Text:
    done = [e for f in result.frames if f.turn <= turn for e in f.events]
    destroyed = sum(1 for e in done if e.kind == "destroyed")
    survived = sum(1 for e in done if e.kind == "survived")
    parts = [mission_title(mission)] if mission else []
    parts += [
        Text.plural("{count} destroyed", "{count} destroyed", destroyed),
        Text.plural("{count} passed Z", "{count} passed Z", survived),
    ]
    return Text.joined(" · ", parts)


def clean(event: TraceEvent, crew: Sequence[Crew], names: dict[str, str], say: Say = str) -> str:
    """An event's text for people: no turn prefix, threats as '#3 Fighter', display names."""
    text = say(event.text)
    # The turn prefix is read from the English text, so a sentence is never cut wrongly.
    prefix = _TURN.match(event.text)
    if prefix is not None and text.startswith(prefix.group()):
        text = text[prefix.end() :]
    text = _KEY.sub(lambda m: f"#{m.group(2)}", text)
    for key, name in names.items():
        number = f"#{_number(key)}"
        if f"{number} {name}" not in text:
            text = text.replace(number, f"{number} {name}", 1)
    for c in crew:
        if c.shown != c.name:
            text = re.sub(rf"\b{re.escape(c.name)}\b", c.shown, text)
    return text.replace("_", " ")


def _lines(
    frame: TurnFrame, crew: Sequence[Crew], names: dict[str, str], say: Say
) -> list[tuple[TraceEvent | None, str]]:
    events = list(frame.events)
    room = 2 * LINES_PER_COLUMN
    for kind in _QUIET:
        if len(events) <= room:
            break
        events = [e for e in events if e.kind != kind]
    lines: list[tuple[TraceEvent | None, str]] = [(e, clean(e, crew, names, say)) for e in events]
    if len(lines) > room:
        more = Text.plural("… and {count} more", "… and {count} more", len(lines) - room + 1)
        lines = [*lines[: room - 1], (None, say(more))]
    return lines or [(None, say(Text("A quiet turn.")))]


def _colour(event: TraceEvent | None) -> tuple[int, int, int]:
    if event is None:
        return MUTED
    kind = event.kind
    # Read from the English text: the said line may be in any language.
    if kind == "damage" and "zone damaged" not in event.text:
        return BEAM  # damage a threat takes is good news
    if kind in ("damage", "lost", "knock_out", "attack", "survived"):
        return IMPACT
    if kind in ("destroyed",):
        return GOOD
    if kind in ("hit", "fire", "rocket", "interceptors"):
        return BEAM
    return TEXT


def frame_painter(
    result: FlightResult,
    index: int,
    tracks: Sequence[str],
    crew: Sequence[Crew],
    mission: str = "",
    say: Say = str,
) -> Painter:
    """Turn `index` of the replay before its texts are drawn."""
    scene = frame_scene(result, index, tracks, mission, say)
    p = paint_scene(scene, geo.PANEL_Y + PANEL_H, say)
    frame = result.frames[index]
    names = {t.key: t.name for f in result.frames for t in f.threats}
    y = geo.PANEL_Y
    p.text((MARGIN, y), say(Text("TURN {turn}", turn=frame.turn)), HEAD_PX, TEXT)
    column_w = (WIDTH - 2 * MARGIN - 24) / 2
    for i, (event, line) in enumerate(_lines(frame, crew, names, say)):
        x = MARGIN + (i // LINES_PER_COLUMN) * (column_w + 24)
        top = y + 30 + (i % LINES_PER_COLUMN) * LINE_H
        p.text(
            (x, top),
            fit(line, BODY_PX, column_w, REGULAR),
            BODY_PX,
            _colour(event),
            "la",
            REGULAR,
        )
    return p


def replay_frames(
    result: FlightResult,
    tracks: Sequence[str],
    crew: Sequence[Crew] | None = None,
    mission: str = "",
    say: Say = str,
) -> list[Image.Image]:
    """One image per turn of the trace (turn 1 onwards; fewer when the ship was lost)."""
    if crew is None:
        crew = [Crew(c.name, c.name) for c in result.frames[0].crew]
    return [
        frame_painter(result, i, tracks, crew, mission, say).finish()
        for i in range(1, len(result.frames))
    ]


def view_crew(view: View, names: Sequence[str] | None = None) -> list[Crew]:
    """Display names of a view's crew (players' names for their seats, androids as named)."""
    found = []
    for b in view.boards:
        shown = b.name
        if b.seat is not None and names is not None and b.seat < len(names):
            shown = names[b.seat]
        found.append(Crew(b.name, shown))
    return found


def _resolved(view: View) -> FlightResult:
    if view.result is None:
        raise ValueError("the flight has not been resolved: there is nothing public to replay")
    return view.result


def replay_animation(view: View, names: Sequence[str] | None = None, say: Say = str) -> bytes:
    """The replay of a resolved flight as a looping GIF (Discord animates GIFs inline)."""
    result = _resolved(view)
    frames = replay_frames(result, view.tracks, view_crew(view, names), view.mission, say)
    return animation_bytes(frames)


def animation_bytes(frames: Sequence[Image.Image]) -> bytes:
    """Frames as a looping GIF: each turn 2.4 s, the last one held longer."""
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_MS]
    return gif_bytes(frames, durations)


__all__ = ["Crew", "animation_bytes", "frame_scene", "replay_animation", "replay_frames"]
