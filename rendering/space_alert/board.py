"""Painting a Scene: the cached backdrop, then threats, beams, the ship's state and the crew."""

from __future__ import annotations

from collections import defaultdict

import rendering.space_alert.layout as geo
from games.space_alert.trajectories import TRAJECTORIES
from games.text import Text
from rendering.assets import BOLD, CONDENSED_BOLD, REGULAR, text_width
from rendering.space_alert.backdrop import backdrop
from rendering.space_alert.scene import Scene, ThreatMark
from rendering.space_alert.shipstate import paint_ship
from rendering.space_alert.style import (
    BEAM,
    BODY_PX,
    CELL_EDGE,
    GOOD,
    HULL,
    IMPACT,
    INK,
    LABEL_BG,
    MARGIN,
    MUTED,
    PAPER,
    SMALL_PX,
    TEXT,
    TITLE_PX,
    WIDTH,
    ZONES,
    Painter,
    Say,
    battlebot_icon,
    crew_style,
    crew_token,
    fit,
    impact_burst,
    threat_fill,
    threat_token,
)


def paint_scene(scene: Scene, height: int, say: Say = str) -> Painter:
    """The ship picture of `scene` on an image `height` px tall (the caller fills the panel).

    The scene's title, subtitle and impacts come already said; `say` says the ship's words.
    """
    image, texts = backdrop(scene.tracks, height, say)
    p = Painter(image.copy(), drawn=list(texts))
    _header(p, scene)
    paint_ship(p, scene.ship, say)
    _external_threats(p, scene, say)
    _internal_threats(p, scene, say)
    _crew(p, scene, say)
    for zone, text in scene.impacts:
        _impact(p, ZONES.index(zone), text)
    return p


# ---------------------------------------------------------------- header
def _header(p: Painter, scene: Scene) -> None:
    p.text((MARGIN, 16), scene.title, TITLE_PX, TEXT)
    p.text((MARGIN, 56), scene.subtitle, 16, MUTED, "la", REGULAR)
    if scene.progress is None:
        return
    turn, last = scene.progress
    size, gap = 28, 4
    x = WIDTH - MARGIN - last * (size + gap) + gap
    for t in range(1, last + 1):
        box = (x, 18, x + size, 18 + size)
        if t == turn:
            p.box(box, BEAM, None, 6)
        elif t < turn:
            p.box(box, (84, 95, 112), None, 6)
        else:
            p.box(box, HULL, CELL_EDGE, 6, 1)
        p.text((x + size / 2, 18 + size / 2), str(t), SMALL_PX, INK if t == turn else TEXT, "mm")
        x += size + gap


# ---------------------------------------------------------------- threats
def _label_lines(t: ThreatMark, announced: bool, say: Say) -> tuple[str, str, tuple[int, int, int]]:
    if announced:
        stats = Text(
            "health {health} · shield {shield} · speed {speed}",
            health=t.health,
            shield=t.shield,
            speed=t.speed,
        )
        return f"T+{t.number}  {t.name}", say(stats), MUTED
    if t.status == "destroyed":
        return t.name, say(Text("destroyed")), GOOD
    if t.status == "survived":
        return t.name, say(Text("passed Z")), IMPACT
    left = max(0, t.health - t.damage)
    second = Text(
        "{left} of {health} health · shield {shield}", left=left, health=t.health, shield=t.shield
    )
    if t.hit:
        return t.name, say(Text.joined(" · ", [Text("hit {hit}", hit=t.hit), second])), BEAM
    return t.name, say(second), MUTED


def _label(
    p: Painter, t: ThreatMark, x: float, top: float, width: float, announced: bool, say: Say
) -> None:
    first, second, colour = _label_lines(t, announced, say)
    edge = threat_fill(t.serious)
    p.box(
        (round(x), round(top), round(x + width), round(top + geo.LABEL_H)), LABEL_BG, edge, 6, 1.5
    )
    p.sprite(threat_token(t.number, t.serious, 26), (x + 15, top + geo.LABEL_H / 2))
    room = width - 36
    p.text((x + 30, top + 3), fit(first, BODY_PX, room), BODY_PX, TEXT)
    p.text(
        (x + 30, top + 21), fit(second, SMALL_PX, room, REGULAR), SMALL_PX, colour, "la", REGULAR
    )


def _label_width(t: ThreatMark, announced: bool, room: float, say: Say) -> float:
    first, second, _ = _label_lines(t, announced, say)
    need = max(text_width(first, BODY_PX, BOLD), text_width(second, SMALL_PX, REGULAR))
    return min(room, need + 40)


def _external_threats(p: Painter, scene: Scene, say: Say) -> None:
    by_zone: dict[int, list[ThreatMark]] = defaultdict(list)
    for t in scene.threats:
        if t.zone in ZONES:
            by_zone[ZONES.index(t.zone)].append(t)
    for zone, threats in sorted(by_zone.items()):
        track = TRAJECTORIES[scene.tracks[zone]]
        cx = geo.strip_centre(zone)
        spaces = [track.length if t.position is None else max(1, t.position) for t in threats]
        anchors = [geo.cell_centre_y(s) for s in spaces]
        # Two threats on one space sit side by side so both numbers stay readable.
        seen: dict[int, int] = defaultdict(int)
        xs = []
        for s in spaces:
            xs.append(cx + 9 * seen[s] if not scene.announced else cx)
            seen[s] += 1
        _beams(p, scene, zone, threats, xs, anchors)
        lx0, lx1 = geo.label_x(zone)
        tops = geo.stack(anchors, geo.LABEL_H, geo.CELLS_TOP - 4, geo.CELLS_BOTTOM)
        for x, y, top in zip(xs, anchors, tops, strict=True):
            mid = top + geo.LABEL_H / 2
            elbow = lx0 - 6
            p.rect((x, y - 1, elbow, y), MUTED)
            p.rect((elbow, min(y, mid) - 1, elbow + 1, max(y, mid)), MUTED)
            p.rect((elbow, mid - 1, lx0, mid), MUTED)
        if scene.announced:
            for s in set(spaces):
                top, bottom = geo.cell_box(s)
                x0, x1 = geo.strip_x(zone)
                p.rect((x0 - 2, top - 2, x1 + 1, bottom + 1), None, BEAM, 2)
        else:
            for t, x, y in zip(threats, xs, anchors, strict=True):
                faded = t.status != "active"
                p.sprite(threat_token(t.number, t.serious, geo.TOKEN, faded), (x, y))
                if t.status == "destroyed":
                    _cross(p, x, y, 9)
        for t, top in zip(threats, tops, strict=True):
            width = _label_width(t, scene.announced, lx1 - lx0, say)
            _label(p, t, lx0, top, width, scene.announced, say)


def _beams(
    p: Painter,
    scene: Scene,
    zone: int,
    threats: list[ThreatMark],
    xs: list[float],
    anchors: list[float],
) -> None:
    where = {t.number: (x, y) for t, x, y in zip(threats, xs, anchors, strict=True)}
    count: dict[int, int] = defaultdict(int)
    for shot in scene.shots:
        if shot.target not in where:
            continue
        x, y = where[shot.target]
        x += (-5, 5, 0, -9, 9)[count[shot.target] % 5]
        count[shot.target] += 1
        p.rect((x - 2, y, x + 1, geo.BANNER_Y), INK)
        p.rect((x - 1, y, x, geo.BANNER_Y), BEAM)
        p.rect((x - 4, geo.BANNER_Y - 3, x + 3, geo.BANNER_Y), BEAM)


def _cross(p: Painter, x: float, y: float, r: int) -> None:
    draw = p.draw
    for dx in (-1, 0, 1):
        draw.line((x - r + dx, y - r, x + r + dx, y + r), fill=IMPACT, width=1)
        draw.line((x - r + dx, y + r, x + r + dx, y - r), fill=IMPACT, width=1)


def _internal_threats(p: Painter, scene: Scene, say: Say) -> None:
    inside = [t for t in scene.threats if t.zone == "internal"]
    track = TRAJECTORIES[scene.tracks[3]]
    y0, y1 = geo.internal_strip_y()
    seen: dict[int, int] = defaultdict(int)
    entries = set()
    for t in inside:
        space = track.length if t.position is None else max(1, t.position)
        x0, x1 = geo.internal_cell(space)
        if scene.announced:
            entries.add(space)
        else:
            x = (x0 + x1) / 2 + 8 * seen[space]
            seen[space] += 1
            p.sprite(
                threat_token(t.number, t.serious, geo.TOKEN, t.status != "active"),
                (x, (y0 + y1) / 2),
            )
            if t.status == "destroyed":
                _cross(p, x, (y0 + y1) / 2, 9)
    for space in entries:
        x0, x1 = geo.internal_cell(space)
        p.rect((x0 - 2, y0 - 2, x1 + 1, y1 + 1), None, BEAM, 2)
    room = WIDTH - MARGIN - geo.INTERNAL_LABEL_X
    columns = 1 if len(inside) <= 3 else 2
    width = room / columns - (6 if columns > 1 else 0)
    for i, t in enumerate(inside[: 3 * columns]):
        x = geo.INTERNAL_LABEL_X + (i // 3) * (width + 6)
        top = geo.INTERNAL_Y + (i % 3) * (geo.LABEL_H + geo.LABEL_GAP)
        _label(p, t, x, top, width, scene.announced, say)
    tags: dict[str, list[ThreatMark]] = defaultdict(list)
    for t in inside:
        if t.status == "active":
            for station in t.stations:
                tags[station].append(t)
    for station, found in tags.items():
        x0, y0s, x1, _ = geo.station_box(station)
        for k, t in enumerate(found[:2]):
            top = y0s + 58 + k * 26
            p.box((x0 + 164, top, x1 - 6, top + 24), LABEL_BG, threat_fill(t.serious), 5, 1.2)
            p.sprite(threat_token(t.number, t.serious, 22), (x0 + 176, top + 12))
            if scene.announced:
                tail = f"T+{t.number}"
            else:
                tail = f"{max(0, t.health - t.damage)}/{t.health}"
            tail_w = text_width(tail, SMALL_PX, CONDENSED_BOLD)
            p.text((x1 - 12, top + 12), tail, SMALL_PX, MUTED, "rm", CONDENSED_BOLD)
            name = fit(t.name, SMALL_PX, x1 - x0 - 206 - tail_w, CONDENSED_BOLD)
            p.text((x0 + 190, top + 12), name, SMALL_PX, TEXT, "lm", CONDENSED_BOLD)


def impact_left(zone: int, text: str) -> float:
    """The left edge of the hit marker (burst and box) with `text` on a zone's banner."""
    right = geo.column_x(zone) + geo.COL_W - 14
    w = round(text_width(text, SMALL_PX, CONDENSED_BOLD) + 14)
    return right - w - 14 - impact_burst(15).width / 2


def _impact(p: Painter, zone: int, text: str) -> None:
    right = geo.column_x(zone) + geo.COL_W - 14
    y = geo.BANNER_Y + geo.BANNER_H / 2
    # Condensed: a marker at the phone floor still leaves room for "SHIELDS HELD" in Polish.
    w = round(text_width(text, SMALL_PX, CONDENSED_BOLD) + 14)
    p.box(
        (right - w, geo.BANNER_Y + 3, right, geo.BANNER_Y + geo.BANNER_H - 3),
        LABEL_BG,
        IMPACT,
        5,
        1.5,
    )
    p.text((right - w / 2, y), text, SMALL_PX, PAPER, "mm", CONDENSED_BOLD)
    p.sprite(impact_burst(15), (right - w - 14, y))


# ---------------------------------------------------------------- crew
def _crew(p: Painter, scene: Scene, say: Say) -> None:
    slots: dict[str, int] = defaultdict(int)
    for c in scene.crew:
        if c.station == "space":
            x = geo.label_x(0)[0] + 4 + slots["space"] * 32
            y = geo.CELLS_BOTTOM - 18
            slots["space"] += 1
            p.box(
                (round(x - 18), round(y - 17), round(x + 150), round(y + 17)),
                LABEL_BG,
                crew_style(c.index).fill,
                8,
                1.5,
            )
            p.text((x + 20, y), say(Text("interceptors")), SMALL_PX, TEXT, "lm")
        else:
            x0, y0, _, _ = geo.station_box(c.station)
            x = x0 + 22 + slots[c.station] * 31
            y = y0 + 78
            slots[c.station] += 1
        p.sprite(crew_token(c.index, geo.CREW_R, c.knocked_out), (x, y))
        if c.bots is not None:
            p.sprite(battlebot_icon(c.bots == "active", 12), (x + 11, y - 12))
        if c.delayed and not c.knocked_out:
            p.text((x, y + 16), say(Text("late")), SMALL_PX, BEAM, "mt", CONDENSED_BOLD)
