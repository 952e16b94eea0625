"""The game-over mission summary: every program (public once the flight is over), each threat's
story from arrival to its end, and the result."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from games.space_alert.resolution import FlightResult
from games.space_alert.threats import threat_spec
from games.space_alert.view import View
from games.text import Text
from rendering.assets import CONDENSED_BOLD, REGULAR
from rendering.canvas import png_bytes
from rendering.space_alert.program import half_face
from rendering.space_alert.scorecard import flight_detail
from rendering.space_alert.style import (
    BEAM,
    CELL_EDGE,
    GOOD,
    HEAD_PX,
    HULL,
    IMPACT,
    LABEL_BG,
    MARGIN,
    MUTED,
    SMALL_PX,
    SPACE,
    TEXT,
    TITLE_PX,
    WIDTH,
    Painter,
    Say,
    crew_token,
    fit,
    threat_fill,
    threat_token,
)

NAME_W = 190
TURNS = 13
CELL_W = (WIDTH - 2 * MARGIN - NAME_W) // TURNS
ROW = 34


@dataclass(frozen=True, slots=True)
class Program:
    """A crew member's name and their twelve slots ('A', 'red', 'Hmove:lower_red' or None)."""

    name: str
    slots: tuple[str | None, ...]


def threat_story(result: FlightResult) -> list[tuple[str, str, int, int, str]]:
    """(key, id, arrival turn, last turn, fate) per threat, in order of arrival."""
    first: dict[str, tuple[str, int]] = {}
    fate: dict[str, tuple[int, str]] = {}
    for frame in result.frames:
        for t in frame.threats:
            first.setdefault(t.key, (t.id, frame.turn))
        for e in frame.events:
            if e.kind in ("destroyed", "survived") and e.threat is not None:
                fate[e.threat] = (frame.turn, e.kind)
    last = result.frames[-1].turn
    return [
        (key, tid, turn, *fate.get(key, (last, "unfinished")))
        for key, (tid, turn) in sorted(first.items(), key=lambda kv: kv[1][1])
    ]


def _fate(fate: str, turn: int, lost: bool) -> Text:
    """How a threat's story ends, on its last turn."""
    if fate == "destroyed":
        return Text("destroyed · T{turn}", turn=turn)
    if fate == "survived":
        return Text("passed Z · T{turn}", turn=turn)
    if lost:
        return Text("in play at the loss · T{turn}", turn=turn)
    return Text("still out there · T{turn}", turn=turn)


def summary_painter(
    result: FlightResult, programs: Sequence[Program], mission: str = "", say: Say = str
) -> Painter:
    """The summary before its texts are drawn."""
    story = threat_story(result)
    height = 130 + 40 + len(programs) * ROW + 60 + max(1, len(story)) * ROW + 30
    p = Painter(Image.new("RGB", (WIDTH, height), SPACE))
    if result.lost:
        verdict = Text("Ship lost")
    else:
        verdict = Text("Mission complete · score {score}", score=result.score)
    p.text((MARGIN, 16), say(verdict), TITLE_PX, IMPACT if result.lost else GOOD)
    detail = say(flight_detail(result, mission))
    p.text((MARGIN, 56), fit(detail, 16, WIDTH - 2 * MARGIN, REGULAR), 16, MUTED, "la", REGULAR)
    y = 100
    _turn_header(p, y)
    y += 30
    p.text((MARGIN, y + ROW / 2), say(Text("PROGRAMS")), HEAD_PX, TEXT, "lm")
    y += ROW
    for i, program in enumerate(programs):
        p.sprite(crew_token(i, 12, program.name in result.knocked_out), (MARGIN + 14, y + ROW / 2))
        p.text((MARGIN + 34, y + ROW / 2), fit(program.name, 15, NAME_W - 40), 15, TEXT, "lm")
        for turn in range(1, 13):
            play = program.slots[turn - 1] if turn <= len(program.slots) else None
            _slot(p, turn, y, play)
        y += ROW
    y += 20
    p.text((MARGIN, y + ROW / 2), say(Text("THREATS")), HEAD_PX, TEXT, "lm")
    y += ROW
    if not story:
        nothing = say(Text("No threats appeared."))
        p.text((MARGIN, y + ROW / 2), nothing, 15, MUTED, "lm", REGULAR)
    for key, tid, start, end, fate in story:
        spec = threat_spec(tid)
        number = int(key.rsplit("@T", 1)[1])
        p.sprite(threat_token(number, spec.serious, 24), (MARGIN + 14, y + ROW / 2))
        p.text((MARGIN + 34, y + ROW / 2), fit(spec.name, 15, NAME_W - 40), 15, TEXT, "lm")
        x0 = _x(start)
        x1 = _x(end) + CELL_W - 4
        p.box((x0, y + 6, x1, y + ROW - 6), LABEL_BG, threat_fill(spec.serious), 6, 1.5)
        colour = {"destroyed": GOOD, "survived": IMPACT, "unfinished": BEAM}[fate]
        text = say(_fate(fate, end, result.lost))
        if x1 - x0 > 150:
            p.text((x1 - 8, y + ROW / 2), text, SMALL_PX, colour, "rm", CONDENSED_BOLD)
        else:
            p.text((x0 - 8, y + ROW / 2), text, SMALL_PX, colour, "rm", CONDENSED_BOLD)
        y += ROW
    if result.lost:
        # The turn the ship was lost ends every story: a red rule after it.
        x = _x(result.frames[-1].turn) + CELL_W - 1
        p.rect((x, 100, x + 2, y), IMPACT)
    return p


def _x(turn: int) -> int:
    return MARGIN + NAME_W + (turn - 1) * CELL_W


def _turn_header(p: Painter, y: int) -> None:
    for turn in range(1, TURNS + 1):
        p.text((_x(turn) + (CELL_W - 4) / 2, y + 10), str(turn), SMALL_PX, MUTED, "mm")


def _slot(p: Painter, turn: int, y: int, play: str | None) -> None:
    x = _x(turn)
    p.box((x, y + 3, x + CELL_W - 4, y + ROW - 3), HULL, CELL_EDGE, 6, 1)
    if play is None:
        return
    glyph, _, colour = half_face(play)
    # Heroic halves share their glyph with the plain ones; the star marks them.
    text = glyph if not play.startswith("H") or glyph == "★" else f"{glyph}*"
    p.text((x + (CELL_W - 4) / 2, y + ROW / 2), text, 17, colour, "mm")


def summary_image(
    result: FlightResult, programs: Sequence[Program], mission: str = "", say: Say = str
) -> Image.Image:
    """The mission summary of a resolved flight."""
    return summary_painter(result, programs, mission, say).finish()


def view_programs(view: View, names: Sequence[str] | None = None) -> list[Program]:
    """Each crew member's program from a finished game's view (they are public then)."""
    found = []
    for b in view.boards:
        shown = b.name
        if b.seat is not None and names is not None and b.seat < len(names):
            shown = names[b.seat]
        found.append(Program(shown, b.slots))
    return found


def mission_summary(view: View, names: Sequence[str] | None = None, say: Say = str) -> Image.Image:
    """The game-over summary from the finished game's view (refused before resolution)."""
    if view.result is None:
        raise ValueError("the flight has not been resolved yet")
    return summary_image(view.result, view_programs(view, names), view.mission, say)


def mission_summary_png(view: View, names: Sequence[str] | None = None, say: Say = str) -> bytes:
    """The game-over summary as PNG bytes."""
    return png_bytes(mission_summary(view, names, say))
