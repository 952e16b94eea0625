"""The board image: grid, tiles, last-turn highlights, seat cards, "since your turn" caption.

Layout (pure coordinates, tested for minimum sizes) then paint. Painting pastes cached sprites
(backdrop, tiles, rings, ghosts) so a full board costs a few milliseconds plus PNG encoding.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image

import rendering.neuroshima.overlays as overlays
from games.neuroshima.board import Board, Hex
from games.neuroshima.state import Change
from games.neuroshima.tiles import Kind
from games.neuroshima.view import NeuroshimaView
from games.text import Text
from rendering.assets import BOLD, REGULAR
from rendering.canvas import Point, Sketch, draw_texts, paste, png_bytes
from rendering.canvas import Text as Label
from rendering.hexgrid import SQRT3, HexLayout, board_extent
from rendering.neuroshima.changes import describe_change, describe_highlight
from rendering.neuroshima.layout import KEY_TEXT_PX, MARGIN, WIDTH, Say
from rendering.neuroshima.panel import (
    Panel,
    army_label,
    caption_panel,
    paint_panel,
    seat_cards,
    seat_name,
    title_panel,
)
from rendering.neuroshima.tiles import sprite_origin, tile_sprite
from rendering.palette import (
    BACKGROUND,
    EMPTY_HEX,
    EMPTY_HEX_EDGE,
    INK,
    LABEL,
    NEUTRAL_STYLE,
    TEXT,
    Style,
    seat_styles,
    to_palette,
)

MAX_HEX_RADIUS = 118
LETTER_BAND = 30
"""Room above and below the board for the column letters."""
LABEL_FONT = 16


@dataclass(frozen=True, slots=True)
class TileItem:
    """A tile to paste: where, which, how it faces, in whose style, with its state."""

    hex: Hex
    centre: Point
    tile: str
    facing: int
    style: Style
    wounds: int
    hq_hp: int | None
    netted: bool


@dataclass(frozen=True, slots=True)
class Mark:
    """A ring or ghost on a hex: kind is "changed", "ghost", "target", "option", "doomed" or
    "saved" (a Medic took a hit on this tile)."""

    hex: Hex
    centre: Point
    kind: str
    tile: str | None = None
    style: Style | None = None
    facing: int | None = None
    """A ghost's facing: its edge symbols are drawn (None: a plain ghost)."""


@dataclass(frozen=True, slots=True)
class AttackArrow:
    """One hit of a battle: from attacker to target, with a damage disc at `label`."""

    start: Point
    end: Point
    label: Point
    damage: int
    kind: str
    saved: bool = False
    """A Medic took this hit: it dealt no wound."""


@dataclass(slots=True)
class BoardLayout:
    """Everything a board image shows, in pixels."""

    size: tuple[int, int]
    board_radius: int
    grid: HexLayout
    board_box: tuple[int, int, int, int]
    tiles: list[TileItem] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)
    arrows: list[tuple[Point, Point]] = field(default_factory=list)
    attacks: list[AttackArrow] = field(default_factory=list)
    panels: list[Panel] = field(default_factory=list)
    texts: list[Label] = field(default_factory=list)
    say: Say = str
    """How the words on tile faces are said (the panels' texts are said when laid out)."""

    def all_texts(self) -> list[Label]:
        """Every text of the image (the layout test checks their sizes)."""
        return [*self.texts, *(t for p in self.panels for t in p.texts)]


def hex_radius_for(board_radius: int) -> int:
    """The hex size that fills WIDTH with the board (capped so small boards stay compact)."""
    fit = (WIDTH - 2 * MARGIN) / (3 * board_radius + 2)
    return int(min(MAX_HEX_RADIUS, fit))


def style_of(view: NeuroshimaView, owner: int | None) -> Style:
    """The style of a seat (neutral tiles have none)."""
    if owner is None or owner < 0:
        return NEUTRAL_STYLE
    return seat_styles([s.army for s in view.seats])[owner]


def title_for(view: NeuroshimaView, names: Sequence[str] | None) -> tuple[str, str, bool]:
    """Title, detail line and whether the detail is a warning (pending decision, final battle)."""
    if view.outcome is not None:
        return Text("Turn {turn} · game over", turn=view.turn), view.outcome.reason, False
    title = _step_title(view.step, view.turn, _player(view, names))
    if view.pending is not None:
        return title, view.pending.description, True
    if view.final_countdown:
        return title, Text("Someone drew their last tile: the final battle is coming."), True
    return title, "", False


def _player(view: NeuroshimaView, names: Sequence[str] | None) -> str:
    """The seat to act with its army: "alice (Moloch)"; as it is when its name says the army
    already: a puzzle's seat named by its army ("Outpost"), or one of two players of one name
    told apart by their armies ("AI (easy) (Borgo)")."""
    who = seat_name(view.active, names)
    army = army_label(view.seats[view.active].army)
    if str(who) == army or str(who).endswith(f" ({army})"):
        return who
    return Text("{player} ({army})", player=who, army=army)


def _step_title(step: str, turn: int, who: str) -> Text:
    # One whole sentence per step: the verb's form depends on the language around it.
    if step == "place_hq":
        return Text("Turn {turn} · {who} to place the HQ", turn=turn, who=who)
    if step == "pick_mercenary":
        return Text("Turn {turn} · {who} to pick a mercenary", turn=turn, who=who)
    if step == "draw":
        return Text("Turn {turn} · {who} to draw", turn=turn, who=who)
    if step == "discard":
        return Text("Turn {turn} · {who} to discard", turn=turn, who=who)
    if step == "play":
        return Text("Turn {turn} · {who} to play", turn=turn, who=who)
    return Text("Turn {turn} · {who} to decide", turn=turn, who=who)


def board_layout(
    view: NeuroshimaView,
    highlight: Sequence[Change] = (),
    caption: Sequence[str] = (),
    caption_heading: str = "",
    names: Sequence[str] | None = None,
    title: tuple[str, str, bool] | None = None,
    hq_hp: Sequence[int] | None = None,
    winners: frozenset[int] = frozenset(),
    say: Say = str,
) -> BoardLayout:
    """Lay out a board image: title, seat cards, board with highlights, optional caption."""
    head = title_panel(0, *(title or title_for(view, names)), say=say)
    cards = seat_cards(view, head.height, names, hq_hp, winners, say)
    radius = hex_radius_for(view.board_radius)
    bw, bh = board_extent(view.board_radius, radius)
    board_top = head.height + cards.height + LETTER_BAND
    origin = (WIDTH / 2, board_top + bh / 2)
    grid = HexLayout(radius, origin)
    box = (round(WIDTH / 2 - bw / 2), board_top, round(bw), round(bh))
    bottom = board_top + round(bh) + LETTER_BAND
    notes = caption_panel(bottom, caption_heading, caption, say=say)
    height = bottom + notes.height + (0 if notes.height else 8)
    layout = BoardLayout(
        (WIDTH, height), view.board_radius, grid, box, panels=[head, cards, notes], say=say
    )
    board = Board(view.board_radius)
    netted = set(view.netted)
    occupied = {h for h, _ in view.tiles}
    hp = hq_hp if hq_hp is not None else [s.hq_hp for s in view.seats]
    for h, placed in view.tiles:
        centre = grid.centre(h.q, h.r)
        is_hq = placed.type.kind is Kind.HQ
        layout.tiles.append(
            TileItem(
                h,
                centre,
                placed.tile,
                placed.facing,
                style_of(view, placed.owner),
                placed.wounds,
                hp[placed.owner] if is_hq and placed.owner is not None else None,
                h in netted,
            )
        )
        layout.texts.append(_corner_label(board.label(h), centre, radius))
    add_changes(layout, view, highlight, occupied)
    if view.pending is not None:
        p = view.pending
        layout.marks.append(Mark(p.target, grid.centre(*p.target), "target"))
        layout.marks.extend(Mark(h, grid.centre(*h), "option") for h in p.options)
    return layout


def add_changes(
    layout: BoardLayout, view: NeuroshimaView, changes: Sequence[Change], occupied: set[Hex]
) -> None:
    """Rings on changed tiles, ghosts where tiles were removed, arrows for moves, a Medic's
    cross on tiles a Medic saved."""
    grid = layout.grid
    seen: set[tuple[Hex, str]] = set()
    for c in changes:
        if c.hex is None:
            continue
        gone = c.kind in ("destroyed", "removed", "exploded")
        # A removed tile whose hex is taken again gets a ring, not a ghost; the caption says more.
        kind = "ghost" if gone and c.hex not in occupied else "changed"
        if kind == "changed" and c.hex not in occupied:
            continue  # a tile that changed and then left: its removal has its own change
        if c.kind == "healed" and (c.hex, "saved") not in seen:
            seen.add((c.hex, "saved"))
            layout.marks.append(Mark(c.hex, grid.centre(*c.hex), "saved"))
        if (c.hex, kind) in seen:
            continue
        seen.add((c.hex, kind))
        style = style_of(view, c.seat) if c.tile else None
        layout.marks.append(Mark(c.hex, grid.centre(*c.hex), kind, c.tile, style, c.facing))
        if c.from_hex is not None and c.kind in ("moved", "pushed", "grabbed"):
            layout.arrows.append((grid.centre(*c.from_hex), grid.centre(*c.hex)))


def hex_label_px(radius: float, empty: bool = False) -> int:
    """The size of a hex label: larger on an empty hex, never under the phone floor."""
    return max(KEY_TEXT_PX, round(radius * (0.16 if empty else 0.13)))


def _corner_label(label: str, centre: Point, radius: float) -> Label:
    # On the west corner, outlined: the one spot edge symbols never reach on any rotation.
    size = hex_label_px(radius)
    return Label((centre[0] - radius * 0.76, centre[1]), label, size, TEXT, "mm", BOLD, 3, INK)


@lru_cache(maxsize=8)
def backdrop(board_radius: int, radius: int) -> Image.Image:
    """The empty board (hexes, faint labels, column letters) for a board and hex size (cached)."""
    bw, bh = board_extent(board_radius, radius)
    w, h = round(bw) + 2, round(bh) + 2 * LETTER_BAND
    grid = HexLayout(radius, (w / 2, h / 2))
    s = Sketch((0, 0, w, h), (*BACKGROUND, 255))
    board = Board(board_radius)
    for hx in board.hexes:
        s.polygon(grid.corners(hx.q, hx.r, 0.965), EMPTY_HEX, EMPTY_HEX_EDGE, 2)
    image = s.finish().convert("RGB")
    texts = []
    label_size = hex_label_px(radius, empty=True)
    for hx in board.hexes:
        texts.append(
            Label(grid.centre(hx.q, hx.r), board.label(hx), label_size, LABEL, "mm", REGULAR)
        )
    for q in range(-board_radius, board_radius + 1):
        r_top = max(-board_radius, -board_radius - q)
        r_bottom = min(board_radius, board_radius - q)
        letter = board.label(Hex(q, r_top))[0]
        x, y_top = grid.centre(q, r_top)
        _, y_bottom = grid.centre(q, r_bottom)
        apothem = radius * SQRT3 / 2
        texts.append(Label((x, y_top - apothem - 14), letter, LABEL_FONT + 2, LABEL, "mm"))
        texts.append(Label((x, y_bottom + apothem + 14), letter, LABEL_FONT + 2, LABEL, "mm"))
    draw_texts(image, texts)
    return image


def paint_board(layout: BoardLayout) -> Image.Image:
    """Paint a laid-out board image."""
    image = Image.new("RGB", layout.size, BACKGROUND)
    top = layout.board_box[1]
    back = backdrop(layout.board_radius, round(layout.grid.radius))
    image.paste(back, (round(WIDTH / 2 - back.width / 2), top - LETTER_BAND))
    radius = round(layout.grid.radius)
    for m in layout.marks:
        if m.kind == "ghost" and m.tile is not None and m.style is not None:
            sprite = overlays.ghost_sprite(m.tile, m.style, radius, m.facing)
            paste(image, sprite, sprite_origin(m.centre, sprite))
    for t in layout.tiles:
        sprite = tile_sprite(t.tile, t.facing, t.style, radius, t.wounds, t.hq_hp, layout.say)
        paste(image, sprite, sprite_origin(t.centre, sprite))
        if t.netted:
            net = overlays.net_sprite(radius)
            paste(image, net, sprite_origin(t.centre, net))
    for m in layout.marks:
        if m.kind != "ghost":
            ring = overlays.ring_sprite(m.kind, radius)
            paste(image, ring, sprite_origin(m.centre, ring))
    for start, end in layout.arrows:
        overlays.paste_arrow(image, start, end, radius, overlays.MOVE_ARROW)
    for hit in layout.attacks:
        overlays.paste_attack(image, hit.start, hit.end, hit.label, radius, hit.kind, hit.saved)
    for panel in layout.panels:
        paint_panel(image, panel)
    draw_texts(image, layout.texts)
    return image


def board_image(
    view: NeuroshimaView, names: Sequence[str] | None = None, say: Say = str
) -> Image.Image:
    """The channel image after a turn: the board with the last turn's changes highlighted."""
    return paint_board(board_layout(view, view.last_turn, names=names, say=say))


def since_last_turn_layout(
    view: NeuroshimaView, names: Sequence[str] | None = None, say: Say = str
) -> BoardLayout:
    """The layout of the "since your last turn" image for the view's seat (the seat on turn sees
    what happened since its previous turn): battles first, as their HQ damage and losses are
    no board change of their own, then every change in order, the viewer's own as "your"."""
    viewer = view.viewer
    since = view.since_turn
    moments = [h for h in view.highlights if since is not None and h.turn >= since]
    lines = [describe_highlight(h, names, viewer) for h in moments]
    lines += [describe_change(c, view, names, viewer) for c in view.since_your_turn]
    heading = Text("Since your last turn") if lines else ""
    return board_layout(view, view.since_your_turn, lines, heading, names, say=say)


def since_last_turn_image(
    view: NeuroshimaView, names: Sequence[str] | None = None, say: Say = str
) -> Image.Image:
    """The board with everything changed since the viewer's previous turn, plus a caption."""
    return paint_board(since_last_turn_layout(view, names, say))


def delivery_png(image: Image.Image, view: NeuroshimaView) -> bytes:
    """PNG bytes for Discord: mapped to the seats' 256-colour palette (small and fast)."""
    styles = tuple(seat_styles([s.army for s in view.seats]))
    return png_bytes(to_palette(image, styles))


def board_png(view: NeuroshimaView, names: Sequence[str] | None = None, say: Say = str) -> bytes:
    """The channel board image as PNG bytes."""
    return delivery_png(board_image(view, names, say), view)
