"""A regroup card's mini-map: the board in miniature, each marked space dotted in the colour of
the squad the card calls there (the printed cards show the same; the text alone cannot)."""

from __future__ import annotations

from games.sniper_elite.board import load_board
from games.sniper_elite.cards import order_card
from games.sniper_elite.geometry import bbox
from rendering.canvas import RGB
from rendering.sniper_elite.style import AREA_TINT, GRID, INK, SQUAD_FILL

Shape = tuple[tuple[int, int, int, int], RGB, RGB, int, int]
"""A rounded rectangle: box, fill, outline, outline width, corner radius (a dot is round)."""

DOT_PX = 10
"""A marked space's dot: large enough to tell red, yellow and black apart on a phone."""


def regroup_marks(card_id: str | None) -> dict[str, str]:
    """Every marked space of a regroup card (whatever area the LKA is in) -> squad colour."""
    if card_id is None:
        return {}
    try:
        card = order_card(card_id)
    except KeyError:  # a card this version does not know: its text says what to do
        return {}
    return {space: squad.value for _, marks in card.regroup for space, squad in marks}


def minimap(board_key: str, card_id: str | None, room: tuple[int, int, int, int]) -> list[Shape]:
    """The mini-map of a regroup card fitted into `room` (x0, y0, x1, y1), centred; nothing
    for another card."""
    marks = regroup_marks(card_id)
    if not marks:
        return []
    board = load_board(board_key)
    x0, y0, x1, y1 = room
    scale = min((x1 - x0) / board.width, (y1 - y0) / board.height)
    left = x0 + ((x1 - x0) - board.width * scale) / 2
    top = y0 + ((y1 - y0) - board.height * scale) / 2
    boxes: list[Shape] = []
    dots: list[Shape] = []
    for space in board.spaces:
        bx0, by0, bx1, by1 = bbox(space.polygon)
        rect = (
            round(left + bx0 * scale),
            round(top + by0 * scale),
            round(left + bx1 * scale),
            round(top + by1 * scale),
        )
        boxes.append((rect, AREA_TINT[space.area.value], GRID, 1, 0))
        squad = marks.get(space.id)
        if squad is not None:
            cx, cy = (rect[0] + rect[2]) // 2, (rect[1] + rect[3]) // 2
            r = DOT_PX // 2
            dot = (cx - r, cy - r, cx + r, cy + r)
            dots.append((dot, SQUAD_FILL[squad], INK, 2, r))
    return [*boxes, *dots]
