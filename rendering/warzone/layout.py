"""Layout of the table image: inches to pixels, bases, tags, rings, rays, relays, banner (pure)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

import rendering.warzone.style as st
import rendering.warzone.words as words
from games.text import Text
from games.warzone.geometry import Vec
from games.warzone.mission import CONTROL_RANGE, DEPLOY_DEPTH
from games.warzone.profiles import all_units, weapon
from games.warzone.sight import sight_among
from games.warzone.state import Model
from games.warzone.view import SquadView, WarzoneView
from rendering.assets import font
from rendering.canvas import RGB, Point
from rendering.canvas import Text as Label
from rendering.palette import Style
from rendering.warzone.legend import LEGEND_LINE, LEGEND_ROWS, legend_notes
from rendering.warzone.placing import clearest_on_ring, text_box
from rendering.warzone.words import Say, verdict_text

TABLE_PX = 720
MARGIN_LEFT = 30
MARGIN_RIGHT = 14
BANNER = 46
TOP_LABELS = 4
BOTTOM_LABELS = 20
LEGEND = 62


@dataclass(frozen=True, slots=True)
class Overlay:
    """What to draw over the table: rings, sight checks, a measurement, a path, a zoom window."""

    rings: bool = True
    sights: tuple[tuple[str, str], ...] = ()
    measure: tuple[Vec, Vec] | None = None
    path: tuple[Vec, ...] = ()
    zoom: tuple[float, float, float] | None = None
    """Centre x, centre y and side of a square window in inches (None: the whole table)."""
    caption: str = ""


@dataclass(frozen=True, slots=True)
class Frame:
    """A square window of the table (inches) mapped onto TABLE_PX pixels; north is up."""

    x0: float
    y0: float
    size: float
    left: int = MARGIN_LEFT
    top: int = BANNER + TOP_LABELS

    @property
    def ppi(self) -> float:
        """Pixels per inch."""
        return TABLE_PX / self.size

    def px(self, p: Vec) -> Point:
        """Image coordinates of a table point."""
        return (
            self.left + (p[0] - self.x0) * self.ppi,
            self.top + (self.y0 + self.size - p[1]) * self.ppi,
        )

    def visible(self, p: Vec, margin: float) -> bool:
        """True when a disc of `margin` inches around p shows in the window."""
        return (
            self.x0 - margin <= p[0] <= self.x0 + self.size + margin
            and self.y0 - margin <= p[1] <= self.y0 + self.size + margin
        )


def frame_for(view: WarzoneView, zoom: tuple[float, float, float] | None) -> Frame:
    """The whole table, or a zoom window clamped inside it (at least 6 inches wide)."""
    if zoom is None:
        return Frame(0.0, 0.0, view.table)
    cx, cy, side = zoom
    side = max(6.0, min(view.table, side))
    x0 = min(max(cx - side / 2, 0.0), view.table - side)
    y0 = min(max(cy - side / 2, 0.0), view.table - side)
    return Frame(round(x0, 3), round(y0, 3), side)


@dataclass(frozen=True, slots=True)
class BaseMark:
    """One model's base: where, how big, its colours, facing, number and status badges."""

    key: str
    centre: Point
    radius: float
    fill: RGB
    ink: RGB
    facing: float
    number: str
    badges: tuple[str, ...]
    active: bool
    second_seat: bool


@dataclass(frozen=True, slots=True)
class Ring:
    """A weapon's range around a model (measured from the base edge)."""

    centre: Point
    radius: float
    label: str


@dataclass(frozen=True, slots=True)
class Ray:
    """One sight ray: ends in pixels, its verdict colour, dashed when blocked."""

    a: Point
    b: Point
    colour: RGB
    dashed: bool


@dataclass(frozen=True, slots=True)
class Relay:
    """An objective: centre, control circle, holder's colour and number."""

    centre: Point
    radius: float
    colour: RGB
    number: int


@dataclass(slots=True)
class Layout:
    """Everything the table image shows, placed."""

    width: int
    height: int
    frame: Frame
    styles: tuple[Style, Style]
    zones: tuple[tuple[float, float, float, float, RGB], ...]
    bases: list[BaseMark] = field(default_factory=list)
    rings: list[Ring] = field(default_factory=list)
    rays: list[Ray] = field(default_factory=list)
    relays: list[Relay] = field(default_factory=list)
    lines: list[tuple[tuple[Point, ...], RGB, float]] = field(default_factory=list)
    texts: list[Label] = field(default_factory=list)


BADGES = {
    "sentry": "S", "evading": "E", "focus": "F", "charged": "C", "out_of_coherency": "!",
}  # fmt: skip
MORALE_BADGE = {"pinned": "P", "broken": "B"}


def styles_of(view: WarzoneView) -> tuple[Style, Style]:
    """The two seats' colour styles (from the factions they field)."""
    a, b = st.faction_styles([faction_of(view, 0), faction_of(view, 1)])
    return a, b


@lru_cache(maxsize=64)
def _faction_of_squad_name(name: str) -> str:
    # a squad is named "<unit name> (<key>)"; the unit's profile knows its faction
    wanted = name.rsplit(" (", 1)[0]
    return next((u.faction for u in all_units() if u.name == wanted), "")


def faction_of(view: WarzoneView, seat: int) -> str:
    """The faction a seat fields (from its squads' unit profiles)."""
    for squad in view.squads:
        if squad.seat == seat:
            return _faction_of_squad_name(squad.name)
    return ""


def _badges(m: Model, squad: SquadView | None) -> tuple[str, ...]:
    out = [mark for attr, mark in BADGES.items() if getattr(m, attr)]
    if squad is not None and squad.morale in MORALE_BADGE:
        out.append(MORALE_BADGE[squad.morale])
    if m.stats.w > 1:
        out.append(f"{m.wounds}W")
    return tuple(out)


def _zones(
    view: WarzoneView, frame: Frame, styles: tuple[Style, Style]
) -> tuple[tuple[float, float, float, float, RGB], ...]:
    out = []
    for seat in (0, 1):
        south = seat == view.south_seat
        lo, hi = (0.0, DEPLOY_DEPTH) if south else (view.table - DEPLOY_DEPTH, view.table)
        (x0, y1), (x1, y0) = frame.px((0.0, lo)), frame.px((view.table, hi))
        out.append((x0, y0, x1, y1, styles[seat].fill))
    return tuple(out)


def layout(view: WarzoneView, overlay: Overlay | None = None, say: Say = str) -> Layout:
    """Place everything the table image shows for `view` with `overlay`, words said by `say`."""
    overlay = overlay or Overlay()
    frame = frame_for(view, overlay.zoom)
    styles = styles_of(view)
    width = frame.left + TABLE_PX + MARGIN_RIGHT
    height = frame.top + TABLE_PX + BOTTOM_LABELS + LEGEND
    notes = legend_notes(frame.left, TABLE_PX, say)[1]
    height += LEGEND_LINE * max(0, len(notes) - LEGEND_ROWS)
    deploying = view.phase in ("deployment", "choose side", "initiative", "initiative choice")
    zones = _zones(view, frame, styles) if deploying or view.round <= 1 else ()
    out = Layout(width, height, frame, styles, zones)
    squads = {s.key: s for s in view.squads}
    active = _active_keys(view, squads)
    for m in view.models:
        if not m.alive or not m.deployed or not frame.visible(m.pos, m.radius):
            continue
        squad = squads.get(m.squad)
        host = squads.get(squad.attached_to) if squad and squad.attached_to else squad
        s = styles[m.seat]
        fill = st.dimmed(s.fill) if m.finished or (squad and squad.activated) else s.fill
        out.bases.append(
            BaseMark(
                m.key, frame.px(m.pos), m.radius * frame.ppi, fill, s.ink, m.facing,
                m.key.rsplit(".", 1)[-1], _badges(m, host), m.key == view.active_model or (
                    view.active_model is None and m.key in active
                ), m.seat == 1,
            )
        )  # fmt: skip
    _tags(view, frame, out, squads)
    _relays(view, frame, out, styles)
    if overlay.rings:
        _rings(view, frame, out, squads, say)
    for pair in overlay.sights:
        _sight(view, frame, out, pair, say)
    if overlay.measure is not None:
        _measure(frame, out, overlay.measure, say)
    if len(overlay.path) >= 2:
        out.lines.append((tuple(frame.px(p) for p in overlay.path), st.MEASURE, 2.0))
    _banner(view, out, overlay, say)
    return out


def _active_keys(view: WarzoneView, squads: dict[str, SquadView]) -> set[str]:
    if view.active_squad is None:
        return set()
    joined = {k for k, s in squads.items() if s.attached_to == view.active_squad}
    keys = {view.active_squad} | joined
    return {m.key for m in view.models if m.squad in keys and m.alive}


def _tags(view: WarzoneView, frame: Frame, out: Layout, squads: dict[str, SquadView]) -> None:
    size = 13 if frame.size >= 24 else 15
    for squad in view.squads:
        members = [m for m in view.models if m.squad == squad.key and m.alive and m.deployed]
        members = [m for m in members if frame.visible(m.pos, 0.0)]
        if not members:
            continue
        top = max(members, key=lambda m: (m.y, -m.x))
        x, y = frame.px(top.pos)
        y -= top.radius * frame.ppi + 4
        active = squad.key == view.active_squad or squad.attached_to == view.active_squad
        colour = st.ACTIVE if active else st.PAPER
        y = max(y, frame.top + size)
        out.texts.append(Label((x, y), squad.key, size, colour, "md", stroke=2, stroke_fill=st.INK))


def _relays(view: WarzoneView, frame: Frame, out: Layout, styles: tuple[Style, Style]) -> None:
    for i, obj in enumerate(view.objectives):
        holder = view.control[i] if i < len(view.control) else None
        colour = st.RELAY if holder is None else styles[holder].fill
        out.relays.append(Relay(frame.px(obj), CONTROL_RANGE * frame.ppi, colour, i + 1))
        if frame.visible(obj, 0.0):
            out.texts.append(Label(frame.px(obj), str(i + 1), 11, st.INK, "mm"))


def short_name(name: str) -> str:
    """A weapon's name for a ring label: no fire mode, common words abbreviated, never cut."""
    base = name.split(" (")[0]
    for long, short in WEAPON_ABBREVIATIONS:
        base = base.replace(long, short)
    return base


WEAPON_ABBREVIATIONS = (("Assault Rifle", "AR"), ("Missile Launcher", "ML"))


def _rings(
    view: WarzoneView, frame: Frame, out: Layout, squads: dict[str, SquadView], say: Say
) -> None:
    keys = _active_keys(view, squads)
    centre = view.active_model or next(
        (squads[k].commander for k in squads if k == view.active_squad), None
    )
    model = next((m for m in view.models if m.key == centre and m.alive and m.deployed), None)
    if model is None or model.key not in keys:
        return
    ranges: dict[float, list[str]] = {}
    for key in model.weapons:
        w = weapon(key)
        if w.kind == "CC" or key in model.empty:
            continue
        reach = w.range_inches(model.stats.st)
        if reach > 0:
            ranges.setdefault(reach, []).append(short_name(w.name))
    cx, cy = frame.px(model.pos)
    for reach, names in sorted(ranges.items()):
        radius = (reach + model.radius) * frame.ppi
        label = f'{say(Text.figure(reach))}" {" / ".join(dict.fromkeys(names))}'
        out.rings.append(Ring((cx, cy), radius, label))
        text = _ring_label(frame, out, (cx, cy), radius, label)
        if text is not None:
            out.texts.append(text)


def _ring_label(
    frame: Frame, out: Layout, centre: Point, radius: float, label: str
) -> Label | None:
    """The label on its ring: inside the window, clear of bases, relays and other text."""
    pad = 3.0
    window = (frame.left + pad, frame.top + pad, frame.left + TABLE_PX - pad,
              frame.top + TABLE_PX - pad)  # fmt: skip
    discs = [(b.centre, b.radius + pad) for b in out.bases]
    discs += [(r.centre, max(7.0, 0.45 * frame.ppi) + pad) for r in out.relays]
    boxes = [text_box(t) for t in out.texts]
    return clearest_on_ring(centre, radius, label, window, discs, boxes)


def _sight(view: WarzoneView, frame: Frame, out: Layout, pair: tuple[str, str], say: Say) -> None:
    models = {m.key: m for m in view.models}
    shooter, target = models.get(pair[0]), models.get(pair[1])
    if shooter is None or target is None:
        return
    seen = sight_among(view.terrain, view.models, shooter, target)
    covered = seen.cover.penalty > 0
    for p, q, clear in seen.rays:
        colour = (st.COVERED if covered else st.SEEN) if clear else st.BLOCKED
        out.rays.append(Ray(frame.px(p), frame.px(q), colour, not clear))
    verdict = verdict_text(seen.clear, seen.in_arc, seen.visible, seen.cover.value)
    mid = frame.px(((shooter.x + target.x) / 2, (shooter.y + target.y) / 2))
    distance = say(Text.figure(seen.distance, 1))
    text = f'{shooter.key}>{target.key}: {say(verdict)}, {distance}"'
    colour = st.BLOCKED if not seen.clear else (st.COVERED if covered else st.SEEN)
    out.texts.append(Label(mid, text, 12, st.PAPER, "mm", stroke=3, stroke_fill=colour))


def _measure(frame: Frame, out: Layout, ends: tuple[Vec, Vec], say: Say) -> None:
    a, b = frame.px(ends[0]), frame.px(ends[1])
    out.lines.append(((a, b), st.MEASURE, 2.5))
    length = math.dist(ends[0], ends[1])
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2 - 10)
    out.texts.append(Label(mid, f'{say(Text.figure(length, 1))}"', 14, st.PAPER, "mm", stroke=3,
                           stroke_fill=st.MEASURE))  # fmt: skip


def _banner(view: WarzoneView, out: Layout, overlay: Overlay, say: Say) -> None:
    names = [faction_of(view, 0), faction_of(view, 1)]
    head = words.head(view.phase, view.round, view.last_round)
    acting = ""
    if view.phase == "activation":
        squad = next((s for s in view.squads if s.key == view.active_squad), None)
        key, unit = (squad.key, squad.name.split(" (")[0]) if squad else (None, "")
        acting = say(words.acting(view.active_seat, names[view.active_seat], key, unit))
    elif view.phase == "reaction" and view.reaction:
        acting = say(words.reacting(list(view.reaction)))
    caption = say(overlay.caption)
    right = out.width - 12
    vp = say(words.victory_points(view.vp))
    extra = say(words.tallies(view.body_count, view.res_left))
    # Each line is shared left and right (and centre): a long translation gets smaller type,
    # then an ellipsis, before it reaches its neighbour.
    top_room = right - 12 - _width(vp, 17, BANNER_BOLD) - 16
    room = right - 12 - _width(extra, 13, BANNER_REGULAR) - 16
    if acting and caption:
        room = (room - 16) // 2
    out.texts += [
        _squeezed((12, 8), say(head), 17, st.LABEL, "la", BANNER_BOLD, top_room),
        _squeezed((12, 29), acting or caption, 13, st.MUTED, "la", BANNER_REGULAR, room),
        Label((right, 8), vp, 17, st.LABEL, "ra"),
        Label((right, 29), extra, 13, st.MUTED, "ra", BANNER_REGULAR),
    ]
    if acting and caption:
        centre = (out.width // 2, 29)
        out.texts.append(_squeezed(centre, caption, 13, st.ACTIVE, "ma", BANNER_REGULAR, room))


BANNER_BOLD, BANNER_REGULAR = "DejaVuSans-Bold.ttf", "DejaVuSans.ttf"


def _width(text: str, size: int, name: str) -> float:
    return font(size, name).getlength(text)


def _squeezed(
    xy: Point, text: str, size: int, fill: RGB, anchor: str, name: str, room: float
) -> Label:
    """A banner label in at most `room` pixels: up to three sizes smaller, then cut."""
    size = next((s for s in range(size, size - 4, -1) if _width(text, s, name) <= room), size - 3)
    while text and _width(text, size, name) > room:
        text = text[:-2] + "…"
    return Label(xy, text, size, fill, anchor, name)
