"""Tile faces: an original, clean design that carries every rule-relevant symbol of a tile.

A tile is a hex in its army's colour with a light round face. Edge symbols sit in the coloured
band and turn with the tile; the face (initiative badges, name, hit-point pips, mobility mark,
emblem) stays upright so it can be read. Symbols are designed in edge-local (u, v) coordinates
(see rendering.hexgrid.EdgeFrame) and drawn supersampled; text is drawn after at final size.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from games.neuroshima.tiles import Edge, Effect, Kind, TileType, tile_type
from games.text import Text
from rendering.assets import BOLD, CONDENSED_BOLD, font
from rendering.canvas import RGB, Point, Sketch, regular_polygon
from rendering.hexgrid import SQRT3, EdgeFrame, edge_frame, hex_corners
from rendering.neuroshima.emblems import draw_emblem
from rendering.neuroshima.layout import KEY_TEXT_PX, Say
from rendering.palette import INK, PAPER, STEEL, Style, mix

TILE_INSET = 0.955
"""Tiles are drawn slightly smaller than their hex so neighbours read as separate pieces."""
FACE = 0.5
"""Radius of the round face, in hex radii."""

MIN_NAME_FONT = KEY_TEXT_PX
"""Names shrink to fit the face, but never below the phone floor (rendering.phone)."""


@dataclass(frozen=True, slots=True)
class FaceMetrics:
    """Sizes on a tile face of hex radius `radius` (checked against minimums by tests)."""

    radius: int

    @property
    def badge_radius(self) -> float:
        """Initiative badge radius."""
        return self.radius * 0.155

    @property
    def badge_font(self) -> int:
        """Initiative digits."""
        return max(KEY_TEXT_PX, round(self.radius * 0.2))

    @property
    def name_font(self) -> int:
        """Tile name."""
        return max(MIN_NAME_FONT, round(self.radius * 0.155))

    @property
    def tag_font(self) -> int:
        """Module effect and HQ hit points."""
        return max(KEY_TEXT_PX, round(self.radius * 0.13))

    @property
    def pip_radius(self) -> float:
        """Hit-point pip radius."""
        return self.radius * 0.056

    @property
    def symbol(self) -> float:
        """The size of the smallest edge symbol (a melee wedge's base)."""
        return self.radius * 0.17


def short_name(tile: TileType) -> str:
    """The name printed on the face: without "The", the army name or "Mercenary"."""
    name = tile.name
    if tile.kind is Kind.HQ:
        return "HQ"
    for prefix in ("The ", "Mercenary "):
        name = name.removeprefix(prefix)
    return name


def effect_label(effect: Effect) -> Text:
    """A compact label for what a module (or HQ) gives: "+1 melee", "medic", ..."""
    parts: list[Text] = []
    if effect.melee_plus and effect.melee_plus == effect.ranged_plus:
        parts.append(Text("+{n} attack", n=effect.melee_plus))
    else:
        if effect.melee_plus:
            parts.append(Text("+{n} melee", n=effect.melee_plus))
        if effect.ranged_plus:
            parts.append(Text("+{n} ranged", n=effect.ranged_plus))
    if effect.initiative_plus:
        parts.append(Text("+{n} init", n=effect.initiative_plus))
    if effect.enemy_initiative_minus:
        parts.append(Text("foe −{n} init", n=effect.enemy_initiative_minus))
    flags = (
        (effect.extra_initiative, Text("extra phase")),
        (effect.medic, Text("medic")),
        (effect.convert_attack, Text("convert")),
        (effect.grant_mobility, Text("mobility")),
        (effect.take_over_enemy_module, Text("take over")),
        (effect.move_range_2, Text("move 2")),
        (effect.rotate_one_unit_per_turn, Text("rotate 1")),
    )
    parts.extend(label for on, label in flags if on)
    return Text.joined(", ", parts)


def wrap_name(text: str, size: int, width: float) -> list[str]:
    """One line if it fits, else two lines split at the space or hyphen nearest the middle."""
    f = font(size, CONDENSED_BOLD)
    if f.getlength(text) <= width or not any(c in text for c in " -"):
        return [text]
    cuts = [i for i, c in enumerate(text) if c in " -"]
    cut = min(cuts, key=lambda i: abs(i - len(text) / 2))
    first = text[: cut + 1] if text[cut] == "-" else text[:cut]
    return [first, text[cut + 1 :]]


def fit_name(text: str, size: int, width: float) -> tuple[list[str], int]:
    """Wrapped lines and the largest size (down to MIN_NAME_FONT) at which every line fits."""
    lines = wrap_name(text, size, width)
    while size > MIN_NAME_FONT and any(
        font(size, CONDENSED_BOLD).getlength(x) > width for x in lines
    ):
        size -= 1
    return lines, size


# --- edge symbols ---------------------------------------------------------------------------------


def _wedge(s: Sketch, f: EdgeFrame, v: float, half: float, ink: RGB, halo: RGB, w: float) -> None:
    s.polygon(f.points([(0.6, v - half), (0.6, v + half), (0.975, v)]), ink, halo, w)


def _arrow(s: Sketch, f: EdgeFrame, v: float, ink: RGB, halo: RGB, w: float, gauss: bool) -> None:
    # Long and thin against the melee wedge's short and fat: the two never read alike.
    if gauss:
        # Gauss: two stacked heads on one line, "it goes through".
        s.polygon(f.points([(0.58, v - 0.1), (0.8, v), (0.58, v + 0.1)]), ink, halo, w)
        s.polygon(f.points([(0.76, v - 0.1), (0.99, v), (0.76, v + 0.1)]), ink, halo, w)
        return
    shaft = f.points([(0.59, v - 0.042), (0.8, v - 0.042), (0.8, v + 0.042), (0.59, v + 0.042)])
    s.polygon(shaft, ink, halo, w)
    s.polygon(f.points([(0.75, v - 0.105), (0.99, v), (0.75, v + 0.105)]), ink, halo, w)


def _link(s: Sketch, f: EdgeFrame, v: float, ink: RGB, halo: RGB, w: float) -> None:
    s.polygon(
        f.points([(0.70, v - 0.06), (0.99, v - 0.06), (0.99, v + 0.06), (0.70, v + 0.06)]),
        ink,
        halo,
        w,
    )
    s.circle(f.point(0.85, v), f.radius * 0.03, halo)


def _redirect(s: Sketch, f: EdgeFrame, v: float, out: bool, ink: RGB, halo: RGB, w: float) -> None:
    tip, base = (0.98, 0.66) if out else (0.64, 0.96)
    s.polygon(f.points([(base, v - 0.11), (base, v + 0.11), (tip, v)]), halo, ink, w * 1.6)
    if out:
        s.circle(f.point(0.76, v), f.radius * 0.028, ink)


def _net(s: Sketch, f: EdgeFrame, ink: RGB, halo: RGB, w: float) -> None:
    outer = [f.point(0.975, -0.36 + 0.144 * i) for i in range(6)]
    inner = [f.point(0.62, -0.2 + 0.08 * i) for i in range(6)]
    s.polygon([outer[0], outer[-1], inner[-1], inner[0]], halo, ink, w)
    for i in range(5):
        s.line([outer[i], inner[i + 1]], ink, w)
        s.line([outer[i + 1], inner[i]], ink, w)


def _armor(s: Sketch, f: EdgeFrame, ink: RGB, w: float) -> None:
    s.polygon(
        f.points([(0.87, -0.43), (0.995, -0.47), (0.995, 0.47), (0.87, 0.43)]),
        STEEL,
        ink,
        w * 1.3,
    )


def _trigger(s: Sketch, f: EdgeFrame, ink: RGB, halo: RGB, w: float) -> None:
    zig = [(0.9 + (0.05 if i % 2 else -0.05), -0.36 + 0.09 * i) for i in range(9)]
    s.line(f.points(zig), halo, w * 5)
    s.line(f.points(zig), ink, w * 2.6)


def draw_edge(
    s: Sketch, centre: Point, radius: float, direction: int, edge: Edge, style: Style
) -> None:
    """Every symbol of one printed edge, on the edge facing board `direction`."""
    f = edge_frame(centre, radius, direction)
    ink, halo, w = style.ink, style.halo, radius * 0.018
    if edge.net:
        _net(s, f, ink, halo, w)
    if edge.trigger:
        _trigger(s, f, ink, halo, w)
    glyphs: list[tuple[float, Callable[[float], None]]] = []
    half = 0.12 if edge.melee <= 2 else 0.085
    glyphs += [
        (2 * half + 0.03, lambda v: _wedge(s, f, v, half, ink, halo, w)) for _ in range(edge.melee)
    ]
    glyphs += [(0.25, lambda v: _arrow(s, f, v, ink, halo, w, False)) for _ in range(edge.ranged)]
    glyphs += [(0.26, lambda v: _arrow(s, f, v, ink, halo, w, True)) for _ in range(edge.gauss)]
    glyphs += [(0.16, lambda v: _link(s, f, v, ink, halo, w)) for _ in range(edge.link)]
    if edge.redirect_in:
        glyphs.append((0.24, lambda v: _redirect(s, f, v, False, ink, halo, w)))
    if edge.redirect_out and not (edge.melee or edge.ranged or edge.gauss):
        glyphs.append((0.24, lambda v: _redirect(s, f, v, True, ink, halo, w)))
    total = sum(width for width, _ in glyphs)
    v = -total / 2
    for width, paint in glyphs:
        paint(v + width / 2)
        v += width
    if edge.armor:
        _armor(s, f, ink, w)


# --- the whole tile -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FaceLayout:
    """Where the upright parts of a face go (pixels), computed once for shapes and text."""

    badges: tuple[Point, ...]
    name_lines: tuple[tuple[Point, str], ...]
    name_font: int
    tag_lines: tuple[tuple[Point, str], ...]
    pips: Point
    mobility: Point
    emblem: Point
    metrics: FaceMetrics


def face_layout(
    tile: TileType, centre: Point, radius: float, hq_hp: int | None, say: Say = str
) -> FaceLayout:
    """The face layout of `tile`: badges on top, name in the middle, pips and marks below."""
    cx, cy = centre
    m = FaceMetrics(round(radius))
    gap = m.badge_radius * 2.15
    n = len(tile.initiative)
    badges = tuple((cx + (i - (n - 1) / 2) * gap, cy - radius * 0.27) for i in range(n))
    width = radius * FACE * 1.8
    lines, name_font = fit_name(short_name(tile), m.name_font, width)
    tags: list[str] = []
    if tile.kind is Kind.HQ and hq_hp is not None:
        tags = [say(Text("{hp} HP", hp=hq_hp))]
    elif tile.kind is Kind.INSTANT:
        tags = [say(Text("instant"))]
    elif tile.kind is Kind.MODULE:
        label = effect_label(tile.effect)
        if label != short_name(tile).lower():  # a Medic's face needs no "medic" under it
            tags = _split_label(say(label), m.tag_font, width)
    line_h = name_font * 1.1
    tag_h = m.tag_font * 1.1
    block = line_h * len(lines) + tag_h * len(tags)
    # Centre the text block in the space left between the badges (if any) and the pip row.
    top = cy - radius * (0.12 if n else 0.3)
    bottom = cy + radius * 0.22
    y = (top + bottom) / 2 - block / 2
    name_lines = []
    for line in lines:
        name_lines.append(((cx, y + line_h / 2), line))
        y += line_h
    tag_lines = []
    for tag in tags:
        tag_lines.append(((cx, y + tag_h / 2), tag))
        y += tag_h
    row = cy + radius * 0.3
    return FaceLayout(
        badges=badges,
        name_lines=tuple(name_lines),
        name_font=name_font,
        tag_lines=tuple(tag_lines),
        pips=(cx, row),
        mobility=(cx - radius * 0.28, row - radius * 0.01),
        emblem=(cx + radius * 0.28, row - radius * 0.01),
        metrics=m,
    )


def draw_tile_shapes(
    s: Sketch,
    centre: Point,
    radius: float,
    tile: TileType,
    facing: int,
    style: Style,
    wounds: int = 0,
    hq_hp: int | None = None,
    say: Say = str,
) -> None:
    """The shapes of a tile (hex, edge symbols, face, badges, pips) centred at `centre`."""
    layout = face_layout(tile, centre, radius, hq_hp, say)
    m = layout.metrics
    s.polygon(hex_corners(centre, radius * TILE_INSET), style.fill, INK, radius * 0.03)
    s.circle(centre, radius * FACE, style.face, INK, radius * 0.022)
    for direction in range(6):
        edge = tile.edge(facing, direction)
        if not edge.is_blank:
            draw_edge(s, centre, radius * TILE_INSET, direction, edge, style)
    for badge in layout.badges:
        s.circle(badge, m.badge_radius, INK, PAPER, radius * 0.016)
    if tile.kind is not Kind.HQ and tile.is_board_tile:
        _pips(s, layout.pips, m, tile.hit_points, wounds)
    if tile.mobility:
        _mobility(s, layout.mobility, radius * 0.085)
    draw_emblem(s, style.emblem, layout.emblem, radius * 0.065, INK)


def _pips(s: Sketch, centre: Point, m: FaceMetrics, hit_points: int, wounds: int) -> None:
    cx, cy = centre
    r = m.pip_radius
    gap = r * 2.45
    for i in range(hit_points):
        x = cx + (i - (hit_points - 1) / 2) * gap
        if i < wounds:
            # A wound: a filled pip with a light cross, so it differs by shape, not only shade.
            s.circle((x, cy), r * 1.15, INK)
            d = r * 0.6
            s.line([(x - d, cy - d), (x + d, cy + d)], PAPER, r * 0.35)
            s.line([(x - d, cy + d), (x + d, cy - d)], PAPER, r * 0.35)
        else:
            s.circle((x, cy), r, PAPER, INK, r * 0.35)


def _mobility(s: Sketch, centre: Point, size: float) -> None:
    # Four arrowheads around a dot: "may move and turn".
    cx, cy = centre
    for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1)):
        tri = regular_polygon((0, 0), size * 0.42, 3, 0)
        rot = [(x * dx - y * dy, x * dy + y * dx) for x, y in tri]
        s.polygon([(cx + dx * size * 0.62 + x, cy + dy * size * 0.62 + y) for x, y in rot], INK)
    s.circle(centre, size * 0.2, INK)


def draw_tile_text(
    draw: ImageDraw.ImageDraw,
    centre: Point,
    radius: float,
    tile: TileType,
    hq_hp: int | None = None,
    say: Say = str,
) -> None:
    """The upright text of a tile face: initiative digits, name, effect tag or HQ hit points."""
    layout = face_layout(tile, centre, radius, hq_hp, say)
    m = layout.metrics
    for pos, value in zip(layout.badges, tile.initiative, strict=True):
        draw.text(pos, str(value), PAPER, font(m.badge_font, BOLD), "mm")
    for pos, line in layout.name_lines:
        draw.text(pos, line, INK, font(layout.name_font, CONDENSED_BOLD), "mm")
    tag_colour = INK if tile.kind is Kind.HQ else mix(INK, PAPER, 0.3)
    for pos, line in layout.tag_lines:
        draw.text(pos, line, tag_colour, font(m.tag_font, CONDENSED_BOLD), "mm")


def _split_label(label: str, size: int, width: float) -> list[str]:
    if not label:
        return []
    if font(size, CONDENSED_BOLD).getlength(label) <= width or ", " not in label:
        return [label]
    return label.split(", ")[:2]


@lru_cache(maxsize=4096)
def tile_sprite(
    tile_id: str,
    facing: int,
    style: Style,
    radius: int,
    wounds: int = 0,
    hq_hp: int | None = None,
    say: Say = str,
) -> Image.Image:
    """A finished tile (RGBA) of hex radius `radius`, centred in a (2r+2) x (sqrt3 r+2) image.

    Cached: boards repeat the same tiles turn after turn (`say` is part of the key, so callers
    pass one function per language). Callers paste it and never modify it.
    """
    tile = tile_type(tile_id)
    w, h = 2 * radius + 2, int(SQRT3 * radius) + 2
    centre = (w / 2, h / 2)
    s = Sketch((0, 0, w, h))
    draw_tile_shapes(s, centre, radius, tile, facing, style, wounds, hq_hp, say)
    image = s.finish()
    draw_tile_text(ImageDraw.Draw(image), centre, radius, tile, hq_hp, say)
    return image


def sprite_origin(centre: Point, sprite: Image.Image) -> tuple[int, int]:
    """Where to paste a tile sprite so that it is centred on `centre`."""
    return (round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2))
