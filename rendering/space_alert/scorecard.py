"""The final score card: every line of the flight log's scoring, and the total."""

from __future__ import annotations

from PIL import Image

from games.space_alert.resolution import FlightResult
from games.space_alert.threats import threat_spec
from games.space_alert.view import View
from games.text import Text
from rendering.assets import REGULAR
from rendering.canvas import png_bytes
from rendering.space_alert.bridge import mission_title
from rendering.space_alert.style import (
    BEAM,
    CELL_EDGE,
    GOOD,
    HEAD_PX,
    IMPACT,
    INK,
    LABEL_BG,
    MARGIN,
    MUTED,
    SPACE,
    TEXT,
    WIDTH,
    Painter,
    Say,
    fit,
)

ROW_H = 30
ROW_PX = 17


def score_lines(result: FlightResult) -> list[tuple[str, str, int | None]]:
    """(section, label, points) rows of the score card; points None for a heading or a note."""
    rows: list[tuple[str, str, int | None]] = []
    for key, heading, ids in (
        ("destroyed", Text("Threats destroyed"), result.destroyed),
        ("survived", Text("Threats that passed Z"), result.survived),
    ):
        rows.append((key, heading, None))
        if not ids:
            rows.append((key, Text("none"), 0))
        for threat_id in ids:
            spec = threat_spec(threat_id)
            points = spec.points_destroyed if key == "destroyed" else spec.points_survived or 0
            rows.append((key, Text.verbatim(f"{spec.name} ({spec.id})"), points))
    red, white, blue = result.damage
    rows.append(("penalty", Text("Penalties"), None))
    damage = Text(
        "Damage: red {red} · white {white} · blue {blue}", red=red, white=white, blue=blue
    )
    rows.append(("penalty", damage, -sum(result.damage)))
    rows.append(("penalty", Text("Worst zone counted again"), -max(result.damage)))
    if result.knocked_out:
        names = Text("Knocked out: {names}", names=Text.verbatim(", ".join(result.knocked_out)))
    else:
        names = Text("Knocked out: nobody")
    rows.append(("penalty", names, -2 * len(result.knocked_out)))
    rows.append(("penalty", Text("Inactive battlebot squads"), -result.inactive_battlebots))
    vc = result.visual_confirmation
    rows.append(("bonus", Text("Visual confirmation"), None))
    phases = Text.verbatim(f"{vc[0]} · {vc[1]} · {vc[2]}")
    rows.append(("bonus", Text("Phases 1 · 2 · 3: {points}", points=phases), sum(vc)))
    if result.unfinished:
        left = Text.verbatim(", ".join(threat_spec(t).name for t in result.unfinished))
        rows.append(
            ("note", Text("Still out there at the jump (no points): {names}", names=left), None)
        )
    return rows


def flight_detail(result: FlightResult, mission: str) -> Text:
    """The line under a verdict: the mission (or 'Flight log') and why the ship was lost."""
    parts: list[str] = [mission_title(mission) if mission else Text("Flight log")]
    if result.lost and result.loss_reason:
        parts.append(result.loss_reason)
    return Text.joined(" · ", parts)


def score_card_painter(result: FlightResult, mission: str = "", say: Say = str) -> Painter:
    """The score card before its texts are drawn."""
    rows = score_lines(result)
    height = 190 + len(rows) * ROW_H + 40
    p = Painter(Image.new("RGB", (WIDTH, height), SPACE))
    title = Text("Ship lost") if result.lost else Text("Mission complete")
    p.text((MARGIN, 18), say(title), 30, IMPACT if result.lost else GOOD)
    detail = say(flight_detail(result, mission))
    p.text(
        (MARGIN, 62), fit(detail, 16, WIDTH - 2 * MARGIN - 250, REGULAR), 16, MUTED, "la", REGULAR
    )
    box = (WIDTH - MARGIN - 220, 16, WIDTH - MARGIN, 112)
    p.box(box, LABEL_BG, IMPACT if result.lost else GOOD, 14, 2.5)
    p.text(((box[0] + box[2]) / 2, 36), say(Text("SCORE")), HEAD_PX, MUTED, "mm")
    shown = "—" if result.score is None else str(result.score)
    p.text(((box[0] + box[2]) / 2, 78), shown, 44, TEXT, "mm")
    y = 140
    for section, label, points in rows:
        mid = y + ROW_H / 2
        if section == "note":
            note = fit(say(label), 15, WIDTH - 2 * MARGIN, REGULAR)
            p.text((MARGIN, mid), note, 15, MUTED, "lm", REGULAR)
        elif points is None:
            y += 6
            p.text((MARGIN, y + ROW_H / 2), say(label).upper(), HEAD_PX, TEXT, "lm")
        else:
            line = fit(say(label), ROW_PX, WIDTH - 300, REGULAR)
            p.text((MARGIN + 18, mid), line, ROW_PX, TEXT, "lm", REGULAR)
            colour = GOOD if points > 0 else IMPACT if points < 0 else MUTED
            shown = f"{points:+d}" if points else "0"
            p.text((WIDTH - MARGIN - 10, mid), shown, ROW_PX, colour, "rm")
            p.rect((MARGIN + 18, y + ROW_H - 1, WIDTH - MARGIN, y + ROW_H - 1), CELL_EDGE)
        y += ROW_H
    y += 10
    p.box((MARGIN, y, WIDTH - MARGIN, y + 40), BEAM if not result.lost else LABEL_BG, None, 10)
    if result.score is None:
        total = say(Text("no score: the ship was lost"))
    else:
        total = f"{result.score:+d}"
    ink = INK if not result.lost else IMPACT
    p.text((MARGIN + 18, y + 20), say(Text("TOTAL")), HEAD_PX, ink, "lm")
    p.text((WIDTH - MARGIN - 10, y + 20), total, HEAD_PX, ink, "rm")
    return p


def score_card_image(result: FlightResult, mission: str = "", say: Say = str) -> Image.Image:
    """The score card of a resolved flight."""
    return score_card_painter(result, mission, say).finish()


def score_card(view: View, say: Say = str) -> Image.Image:
    """The score card from a view of the finished game (refused before resolution)."""
    if view.result is None:
        raise ValueError("the flight has not been resolved yet")
    return score_card_image(view.result, view.mission, say)


def score_card_png(view: View, say: Say = str) -> bytes:
    """The score card as PNG bytes."""
    return png_bytes(score_card(view, say))
