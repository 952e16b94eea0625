"""The final score card: every line of the flight log's scoring, and the total."""

from __future__ import annotations

from PIL import Image

from games.space_alert.resolution import FlightResult
from games.space_alert.threats import threat_spec
from games.space_alert.view import View
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
    fit,
)

ROW_H = 30
ROW_PX = 17


def score_lines(result: FlightResult) -> list[tuple[str, str, int | None]]:
    """(section, label, points) rows of the score card; points None for a heading or a note."""
    rows: list[tuple[str, str, int | None]] = []
    for key, heading, ids in (
        ("destroyed", "Threats destroyed", result.destroyed),
        ("survived", "Threats that passed Z", result.survived),
    ):
        rows.append((key, heading, None))
        if not ids:
            rows.append((key, "none", 0))
        for threat_id in ids:
            spec = threat_spec(threat_id)
            points = spec.points_destroyed if key == "destroyed" else spec.points_survived or 0
            rows.append((key, f"{spec.name} ({spec.id})", points))
    red, white, blue = result.damage
    rows.append(("penalty", "Penalties", None))
    rows.append(
        ("penalty", f"Damage: red {red} · white {white} · blue {blue}", -sum(result.damage))
    )
    rows.append(("penalty", "Worst zone counted again", -max(result.damage)))
    names = ", ".join(result.knocked_out) or "nobody"
    rows.append(("penalty", f"Knocked out: {names}", -2 * len(result.knocked_out)))
    rows.append(("penalty", "Inactive battlebot squads", -result.inactive_battlebots))
    vc = result.visual_confirmation
    rows.append(("bonus", "Visual confirmation", None))
    rows.append(("bonus", f"Phases 1 · 2 · 3: {vc[0]} · {vc[1]} · {vc[2]}", sum(vc)))
    if result.unfinished:
        left = ", ".join(threat_spec(t).name for t in result.unfinished)
        rows.append(("note", f"Still out there at the jump (no points): {left}", None))
    return rows


def score_card_painter(result: FlightResult, mission: str = "") -> Painter:
    """The score card before its texts are drawn."""
    rows = score_lines(result)
    height = 190 + len(rows) * ROW_H + 40
    p = Painter(Image.new("RGB", (WIDTH, height), SPACE))
    title = "Ship lost" if result.lost else "Mission complete"
    p.text((MARGIN, 18), title, 30, IMPACT if result.lost else GOOD)
    detail = mission_title(mission) if mission else "Flight log"
    if result.lost and result.loss_reason:
        detail += f" · {result.loss_reason}"
    p.text(
        (MARGIN, 62), fit(detail, 16, WIDTH - 2 * MARGIN - 250, REGULAR), 16, MUTED, "la", REGULAR
    )
    box = (WIDTH - MARGIN - 220, 16, WIDTH - MARGIN, 112)
    p.box(box, LABEL_BG, IMPACT if result.lost else GOOD, 14, 2.5)
    p.text(((box[0] + box[2]) / 2, 36), "SCORE", HEAD_PX, MUTED, "mm")
    shown = "—" if result.score is None else str(result.score)
    p.text(((box[0] + box[2]) / 2, 78), shown, 44, TEXT, "mm")
    y = 140
    for section, label, points in rows:
        mid = y + ROW_H / 2
        if section == "note":
            note = fit(label, 15, WIDTH - 2 * MARGIN, REGULAR)
            p.text((MARGIN, mid), note, 15, MUTED, "lm", REGULAR)
        elif points is None:
            y += 6
            p.text((MARGIN, y + ROW_H / 2), label.upper(), HEAD_PX, TEXT, "lm")
        else:
            line = fit(label, ROW_PX, WIDTH - 300, REGULAR)
            p.text((MARGIN + 18, mid), line, ROW_PX, TEXT, "lm", REGULAR)
            colour = GOOD if points > 0 else IMPACT if points < 0 else MUTED
            shown = f"{points:+d}" if points else "0"
            p.text((WIDTH - MARGIN - 10, mid), shown, ROW_PX, colour, "rm")
            p.rect((MARGIN + 18, y + ROW_H - 1, WIDTH - MARGIN, y + ROW_H - 1), CELL_EDGE)
        y += ROW_H
    y += 10
    p.box((MARGIN, y, WIDTH - MARGIN, y + 40), BEAM if not result.lost else LABEL_BG, None, 10)
    total = "no score: the ship was lost" if result.score is None else f"{result.score:+d}"
    ink = INK if not result.lost else IMPACT
    p.text((MARGIN + 18, y + 20), "TOTAL", HEAD_PX, ink, "lm")
    p.text((WIDTH - MARGIN - 10, y + 20), total, HEAD_PX, ink, "rm")
    return p


def score_card_image(result: FlightResult, mission: str = "") -> Image.Image:
    """The score card of a resolved flight."""
    return score_card_painter(result, mission).finish()


def score_card(view: View) -> Image.Image:
    """The score card from a view of the finished game (refused before resolution)."""
    if view.result is None:
        raise ValueError("the flight has not been resolved yet")
    return score_card_image(view.result, view.mission)


def score_card_png(view: View) -> bytes:
    """The score card as PNG bytes."""
    return png_bytes(score_card(view))
