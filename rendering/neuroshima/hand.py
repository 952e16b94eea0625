"""The hand image for a player's private panel: drawn tiles large, names, a rules reminder, and
optionally the chosen tile previewed on the board at a facing (for the rotation buttons)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from PIL import Image

from games.neuroshima.board import Hex
from games.neuroshima.tiles import Kind, TileType, tile_type
from games.neuroshima.view import NeuroshimaView
from games.text import Text
from rendering.assets import REGULAR
from rendering.canvas import Point, draw_texts, paste
from rendering.canvas import Text as Label
from rendering.hexgrid import SQRT3
from rendering.neuroshima.board import (
    BoardLayout,
    Mark,
    TileItem,
    board_layout,
    paint_board,
    style_of,
)
from rendering.neuroshima.layout import MARGIN, WIDTH, Say
from rendering.neuroshima.panel import CARD_FONT, TITLE_FONT, _wrap, army_label, seat_name
from rendering.neuroshima.tiles import sprite_origin, tile_sprite
from rendering.palette import BACKGROUND, MUTED, TEXT, Style

HAND_RADIUS = 128
RULES_FONT = 18
KIND_FONT = 16
KIND_WORDS = {
    Kind.HQ: Text("hq"),
    Kind.UNIT: Text("unit"),
    Kind.MODULE: Text("module"),
    Kind.INSTANT: Text("instant"),
    Kind.NEUTRAL: Text("neutral"),
}
"""A tile's kind as the hand image says it."""


@dataclass(frozen=True, slots=True)
class HandSlot:
    """One drawn tile: its picture's centre and the lines under it."""

    tile: str
    centre: Point
    style: Style


@dataclass(slots=True)
class HandLayout:
    """The hand strip; `preview` is a board layout appended below when a tile is being placed."""

    size: tuple[int, int]
    slots: list[HandSlot] = field(default_factory=list)
    texts: list[Label] = field(default_factory=list)
    preview: BoardLayout | None = None
    strip_height: int = 0
    say: Say = str
    """How the words on tile faces are said."""


def tile_facts(tile: TileType) -> Text:
    """A short line of numbers: kind, initiative, hit points, mobility."""
    parts = [KIND_WORDS[tile.kind]]
    if tile.initiative:
        steps = "/".join(str(i) for i in tile.initiative)
        parts.append(Text("initiative {initiative}", initiative=steps))
    if tile.is_board_tile and tile.kind is not Kind.HQ:
        parts.append(Text("{hp} HP", hp=tile.hit_points))
    if tile.mobility:
        parts.append(Text("mobile"))
    return Text.joined(" · ", parts)


def hand_layout(
    view: NeuroshimaView,
    seat: int,
    names: Sequence[str] | None = None,
    preview: tuple[str, Hex, int] | None = None,
    say: Say = str,
) -> HandLayout:
    """Lay out `seat`'s hand, plus the board with `preview` = (tile, hex, facing) placed."""
    hand = view.seats[seat].hand
    style = style_of(view, seat)
    army = army_label(view.seats[seat].army)
    # A name that says the army already (two players of one name) does not say it twice.
    who = say(seat_name(seat, names)).removesuffix(f" ({army})")
    heading = Text("{who}'s hand ({army})", who=who, army=army)
    texts = [Label((MARGIN, 14), say(heading), TITLE_FONT, TEXT)]
    top = 14 + TITLE_FONT + 20
    columns = max(3, len(hand))
    col_w = (WIDTH - 2 * MARGIN) / columns
    tile_h = SQRT3 * HAND_RADIUS
    layout = HandLayout((WIDTH, 0), texts=texts, say=say)
    bottom = top
    if not hand:
        texts.append(
            Label((MARGIN, top), say(Text("No tiles in hand.")), CARD_FONT, MUTED, font=REGULAR)
        )
        bottom = top + CARD_FONT + 20
    for i, tile_id in enumerate(hand):
        tile = tile_type(tile_id)
        cx = MARGIN + col_w * (i + 0.5)
        centre = (cx, top + tile_h / 2)
        layout.slots.append(HandSlot(tile_id, centre, style))
        y = top + tile_h + 14
        texts.append(Label((cx, y), f"{i + 1}. {tile.name}", CARD_FONT, TEXT, "ma"))
        y += CARD_FONT + 8
        texts.append(Label((cx, y), say(tile_facts(tile)), KIND_FONT, MUTED, "ma", REGULAR))
        y += KIND_FONT + 10
        # The reminder comes from the tile data: its sentence is the key of neuroshima_rules.json.
        reminder = say(Text(tile.rules_text))
        for line in _wrap(reminder, RULES_FONT, col_w - 16, REGULAR)[:4]:
            texts.append(Label((cx, y), line, RULES_FONT, TEXT, "ma", REGULAR))
            y += RULES_FONT + 6
        bottom = max(bottom, round(y) + 10)
    layout.strip_height = bottom
    if preview is not None:
        tile_id, where, facing = preview
        board = board_layout(view, (), names=names, say=say)
        board.tiles = [t for t in board.tiles if t.hex != where]
        board.tiles.append(
            TileItem(where, board.grid.centre(*where), tile_id, facing, style, 0, None, False)
        )
        board.marks.append(Mark(where, board.grid.centre(*where), "target"))
        layout.preview = board
        layout.size = (WIDTH, bottom + board.size[1])
    else:
        layout.size = (WIDTH, bottom)
    return layout


def paint_hand(layout: HandLayout) -> Image.Image:
    """Paint a laid-out hand (and its preview board below it)."""
    image = Image.new("RGB", layout.size, BACKGROUND)
    for slot in layout.slots:
        sprite = tile_sprite(slot.tile, 0, slot.style, HAND_RADIUS, say=layout.say)
        paste(image, sprite, sprite_origin(slot.centre, sprite))
    draw_texts(image, layout.texts)
    if layout.preview is not None:
        image.paste(paint_board(layout.preview), (0, layout.strip_height))
    return image


def hand_image(
    view: NeuroshimaView,
    seat: int,
    names: Sequence[str] | None = None,
    preview: tuple[str, Hex, int] | None = None,
    say: Say = str,
) -> Image.Image:
    """`seat`'s drawn tiles, large, optionally with one previewed on the board."""
    return paint_hand(hand_layout(view, seat, names, preview, say))
