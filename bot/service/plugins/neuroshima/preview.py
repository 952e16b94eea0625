"""A tile previewed on a Neuroshima hand: the panel's facing step shows where it would go."""

from __future__ import annotations

import importlib
from functools import partial
from typing import Any

from bot.service.outbox import Image
from bot.service.presenters import sayer
from bot.service.table import Table


def preview(table: Table, seat: int, tile: str, hex_label: str, facing: int) -> Image:
    """The seat's hand with `tile` shown on the board at a hex and facing."""
    view = table.view(seat)
    board = importlib.import_module("games.neuroshima.board")
    where = board.Board(view.board_radius).parse(hex_label)
    name = f"game{table.id}-v{table.record.version}-preview-{facing}.png"
    return Image.said(name, partial(preview_png, view, seat, (tile, where, facing)))


def preview_png(view: Any, seat: int, preview: tuple[str, Any, int], lang: str) -> bytes:
    """A Neuroshima hand with a tile previewed on the board, in `lang` (module-level: it
    pickles, so the process pool can draw it)."""
    hand = importlib.import_module("rendering.neuroshima.hand")
    drawing = importlib.import_module("rendering.neuroshima.board")
    image = hand.hand_image(view, seat, preview=preview, say=sayer(lang))
    return bytes(drawing.delivery_png(image, view))
