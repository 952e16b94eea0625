"""Board changes as short caption lines ("Seat 1 placed Hunter-Killer on C4")."""

from __future__ import annotations

from collections.abc import Sequence

from games.neuroshima.board import Board
from games.neuroshima.state import Change
from games.neuroshima.tiles import tile_type
from games.neuroshima.view import NeuroshimaView
from rendering.neuroshima.panel import seat_name

_VERBS = {
    "placed": "{who} placed {tile} on {to}",
    "moved": "{who}'s {tile} moved {frm} → {to}",
    "rotated": "{who}'s {tile} on {to} turned",
    "pushed": "{who}'s {tile} was pushed {frm} → {to}",
    "grabbed": "{who}'s {tile} was grabbed {frm} → {to}",
    "swapped": "{who}'s {tile} swapped {frm} → {to}",
    "wounded": "{who}'s {tile} on {to} was wounded",
    "destroyed": "{who}'s {tile} on {to} was destroyed",
    "removed": "{who}'s {tile} was removed from {to}",
    "healed": "{who}'s {tile} on {to} was saved by a Medic",
    "exploded": "{tile} on {to} exploded",
    "used": "{who} used {tile}",
}


def describe_change(change: Change, view: NeuroshimaView, names: Sequence[str] | None) -> str:
    """One caption line for a change."""
    board = Board(view.board_radius)
    who = "Neutral" if change.seat is None or change.seat < 0 else seat_name(change.seat, names)
    tile = tile_type(change.tile).name if change.tile else "HQ"
    to = board.label(change.hex) if change.hex is not None and change.hex in board else "?"
    frm = board.label(change.from_hex) if change.from_hex is not None else "?"
    if change.kind == "used" and change.hex is not None:
        return f"{who} used {tile} on {to}"
    template = _VERBS.get(change.kind, "{who}'s {tile} on {to}: " + change.kind)
    return template.format(who=who, tile=tile, to=to, frm=frm)
