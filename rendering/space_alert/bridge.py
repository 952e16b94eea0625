"""The shared bridge image: ship, threats announced so far, and who has locked in.

It is posted in the game thread, so it is built from the channel's view only (seat None), and
from that only through `Bridge`, a record with no field that could hold a card: the programs
and hands are not hidden by care in the painter, they never reach it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

import rendering.space_alert.layout as geo
from games.space_alert.threats import threat_spec
from games.space_alert.view import View
from games.text import Text
from rendering.assets import REGULAR
from rendering.canvas import png_bytes
from rendering.space_alert.board import paint_scene
from rendering.space_alert.scene import CrewMark, Scene, ShipMarks, ThreatMark
from rendering.space_alert.style import (
    BEAM,
    BODY_PX,
    GOOD,
    HEAD_PX,
    MARGIN,
    MUTED,
    SMALL_PX,
    TEXT,
    WIDTH,
    Painter,
    Say,
    crew_token,
    fit,
)

PANEL_H = 176


@dataclass(frozen=True, slots=True)
class CrewLine:
    """A crew member as the bridge shows them: name, human or android, locked in or not."""

    name: str
    human: bool
    locked: bool


@dataclass(frozen=True, slots=True)
class Bridge:
    """Everything public the bridge shows, and nothing else."""

    stage: str
    phase: int
    phases: int
    open_turns: tuple[int, int] | None
    mission: str
    tracks: tuple[str, str, str, str]
    announcements: tuple[tuple[int, str, str], ...]
    """(turn, zone, threat id) per announced threat."""
    crew: tuple[CrewLine, ...]
    bulletins: tuple[str, ...]
    carried_damage: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = ((), (), ())
    empty_stores: tuple[str, ...] = ()
    players: tuple[int, int] | None = None
    """(locked in, players at the table), as the bridge's caption counts them; None: counted
    from the crew's human boards."""


def public_bridge(view: View, names: Sequence[str] | None = None) -> Bridge:
    """The bridge's record from the channel's view (a seat's view is refused)."""
    if view.seat is not None:
        raise ValueError("the bridge is public: render it from player_view(state, None)")
    tracks = (*view.tracks, "T1", "T1", "T1", "T1")[:4]
    crew = tuple(
        CrewLine(_name(b.name, b.seat, names), b.seat is not None, b.locked) for b in view.boards
    )
    campaign = view.campaign
    return Bridge(
        stage=view.stage,
        phase=view.phase,
        phases=max([a.phase for a in view.announcements] + [view.phase, 3]),
        open_turns=view.open_turns,
        mission=view.mission,
        tracks=(tracks[0], tracks[1], tracks[2], tracks[3]),
        announcements=tuple((a.turn, a.zone, a.threat_id) for a in view.announcements),
        crew=crew,
        bulletins=view.bulletins,
        carried_damage=campaign.damage if campaign is not None else ((), (), ()),
        empty_stores=campaign.empty_stores if campaign is not None else (),
        players=(len(view.locked_in), view.humans) if view.humans else None,
    )


def _name(board_name: str, seat: int | None, names: Sequence[str] | None) -> str:
    if seat is not None and names is not None and seat < len(names):
        return names[seat]
    return board_name


def mission_title(mission: str) -> Text:
    """'mission_3' -> 'Mission 3' (a name: never translated); 'random' -> 'Random mission'."""
    if mission == "random":
        return Text("Random mission")
    return Text.verbatim(mission.replace("_", " ").capitalize())


def bridge_scene(bridge: Bridge, say: Say = str) -> Scene:
    """The ship picture of the bridge: announced threats at their entry, crew on the bridge."""
    threats = []
    for turn, zone, threat_id in bridge.announcements:
        spec = threat_spec(threat_id)
        threats.append(
            ThreatMark(
                number=turn,
                name=spec.name,
                id=spec.id,
                zone=zone,
                position=None,
                health=spec.health,
                damage=0,
                shield=spec.shield,
                speed=spec.speed,
                serious=spec.serious,
                stations=tuple(s.key for s in spec.stations),
            )
        )
    stores = tuple(
        (s, None if s in bridge.empty_stores else "active") for s in ("upper_blue", "lower_red")
    )
    ship = ShipMarks(tiles=bridge.carried_damage, stored_bots=stores)
    crew = tuple(CrewMark(i, "upper_white") for i in range(len(bridge.crew)))
    locked = sum(1 for c in bridge.crew if c.human and c.locked)
    humans = sum(1 for c in bridge.crew if c.human)
    if bridge.players is not None:  # a solo player flies androids: count the players
        locked, humans = bridge.players
    if bridge.stage == "planning" and bridge.open_turns is not None:
        first, last = bridge.open_turns
        title = Text("Bridge · phase {phase} of {phases}", phase=bridge.phase, phases=bridge.phases)
        detail = Text.joined(
            " · ",
            [
                Text("programming turns {first}-{last}", first=first, last=last),
                Text("{locked} of {humans} locked in", locked=locked, humans=humans),
            ],
        )
    elif bridge.stage in ("resolve", "over"):
        title, detail = Text("Bridge · flight recorded"), Text("every phase is locked in")
    else:
        title, detail = Text("Bridge · stand by"), Text("waiting for the computer")
    subtitle = say(Text.joined(" · ", [mission_title(bridge.mission), detail]))
    return Scene(say(title), subtitle, bridge.tracks, tuple(threats), crew, ship, announced=True)


def bridge_image(view: View, names: Sequence[str] | None = None, say: Say = str) -> Image.Image:
    """The bridge image for the game thread (from the channel's view only)."""
    return paint_bridge(public_bridge(view, names), say)


def bridge_png(view: View, names: Sequence[str] | None = None, say: Say = str) -> bytes:
    """The bridge image as PNG bytes."""
    return png_bytes(bridge_image(view, names, say))


def paint_bridge(bridge: Bridge, say: Say = str) -> Image.Image:
    """Paint the bridge record."""
    return bridge_painter(bridge, say).finish()


def bridge_painter(bridge: Bridge, say: Say = str) -> Painter:
    """The bridge before its texts are drawn (tests read the texts for the size check)."""
    p = paint_scene(bridge_scene(bridge, say), geo.PANEL_Y + PANEL_H, say)
    _panel(p, bridge, say)
    return p


def _panel(p: Painter, bridge: Bridge, say: Say) -> None:
    y = geo.PANEL_Y
    p.text((MARGIN, y), say(Text("CREW")), HEAD_PX, TEXT)
    count = max(1, len(bridge.crew))
    width = (WIDTH - 2 * MARGIN) / count
    for i, member in enumerate(bridge.crew):
        x = MARGIN + i * width
        p.sprite(crew_token(i, 15, False), (x + 16, y + 46))
        p.text((x + 38, y + 36), fit(member.name, BODY_PX, width - 44), BODY_PX, TEXT, "lm")
        if not member.human:
            status, colour = Text("android"), MUTED
        elif member.locked or bridge.stage in ("resolve", "over"):
            status, colour = Text("locked in ✓"), GOOD
        elif bridge.stage == "planning":
            status, colour = Text("programming…"), BEAM
        else:
            status, colour = Text("waiting"), MUTED
        status_text = fit(say(status), SMALL_PX, width - 44, REGULAR)
        p.text((x + 38, y + 56), status_text, SMALL_PX, colour, "lm", REGULAR)
    # Bulletins are picked and coloured by their English wording, then said.
    lines: list[str] = [b for b in bridge.bulletins if b.startswith(f"Phase {bridge.phase}:")]
    y += 76
    p.text((MARGIN, y), say(Text("COMPUTER")), HEAD_PX, TEXT)
    if not lines:
        lines = [Text("No special announcements in this phase.")]
    for k, line in enumerate(lines[:3]):
        colour = BEAM if "communications down" in line else MUTED
        text = fit(say(line), SMALL_PX, WIDTH - 2 * MARGIN, REGULAR)
        p.text((MARGIN, y + 26 + k * 21), text, SMALL_PX, colour, "la", REGULAR)
