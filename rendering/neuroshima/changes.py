"""Board changes and key moments as short caption lines ("Ada placed Hunter-Killer on C4").

With a `viewer`, that seat reads as "You"/"your" (the "since your last turn" image is private).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.base import Seat
from games.neuroshima.board import Board
from games.neuroshima.state import Change, Highlight
from games.neuroshima.tiles import tile_type
from games.neuroshima.view import NeuroshimaView
from rendering.neuroshima.panel import seat_name

_VERBS = {
    "placed": "{who} placed {tile} on {to}",
    "moved": "{whose} {tile} moved {frm} → {to}",
    "rotated": "{whose} {tile} on {to} turned",
    "pushed": "{whose} {tile} was pushed {frm} → {to}",
    "grabbed": "{whose} {tile} was grabbed {frm} → {to}",
    "swapped": "{whose} {tile} swapped {frm} → {to}",
    "wounded": "{whose} {tile} on {to} was wounded",
    "destroyed": "{whose} {tile} on {to} was destroyed",
    "removed": "{whose} {tile} was removed from {to}",
    "healed": "{whose} {tile} on {to} was saved by a Medic",
    "exploded": "{tile} on {to} exploded",
    "used": "{who} used {tile}",
}


def who(seat: Seat | None, names: Sequence[str] | None, viewer: Seat | None = None) -> str:
    """ "Ada", "You" (the viewer) or "Neutral", to start a sentence."""
    if seat is None or seat < 0:
        return "Neutral"
    return "You" if seat == viewer else seat_name(seat, names)


def whose(seat: Seat | None, names: Sequence[str] | None, viewer: Seat | None = None) -> str:
    """ "Ada's", "Your" (the viewer) or "Neutral", to start a sentence."""
    if seat is not None and seat >= 0 and seat == viewer:
        return "Your"
    name = who(seat, names)
    return name if name == "Neutral" else f"{name}'s"


def describe_change(
    change: Change,
    view: NeuroshimaView,
    names: Sequence[str] | None,
    viewer: Seat | None = None,
) -> str:
    """One caption line for a change."""
    board = Board(view.board_radius)
    tile = tile_type(change.tile).name if change.tile else "HQ"
    to = board.label(change.hex) if change.hex is not None and change.hex in board else "?"
    frm = board.label(change.from_hex) if change.from_hex is not None else "?"
    subject, owner = who(change.seat, names, viewer), whose(change.seat, names, viewer)
    if change.kind == "used" and change.hex is not None:
        return f"{subject} used {tile} on {to}"
    if change.kind == "wounded" and change.tile is None and change.wounds > 0:
        n = change.wounds
        if view.scoring:
            return f"{owner} HQ on {to} was hit for {n} point{'s' if n > 1 else ''}"
        return f"{owner} HQ on {to} lost {n} hit point{'s' if n > 1 else ''}"
    template = _VERBS.get(change.kind, "{whose} {tile} on {to}: " + change.kind)
    return template.format(who=subject, whose=owner, tile=tile, to=to, frm=frm)


def describe_highlight(
    moment: Highlight, names: Sequence[str] | None, viewer: Seat | None = None
) -> str:
    """ "Turn 14 battle: Ada's HQ −3, Brook's HQ −5; Ada lost 2 tiles, Brook lost 4 tiles"."""
    what = {"battle": "battle", "final_battle": "final battle"}.get(moment.kind)
    head = f"Turn {moment.turn} {what}" if what else f"Turn {moment.turn}"

    def owner(seat: Seat) -> str:
        text = whose(seat, names, viewer)
        return "your" if text == "Your" else text

    def name(seat: Seat) -> str:
        text = who(seat, names, viewer)
        return "you" if text == "You" else text

    damage = [f"{owner(s)} HQ −{d}" for s, d in enumerate(moment.hq_damage) if d > 0]
    damage += [f"{name(s)} +{n} points" for s, n in enumerate(moment.points) if n > 0]
    parts = [", ".join(damage)] if damage else []
    lost = [
        f"{name(s)} lost {n} tile{'s' if n > 1 else ''}"
        for s, n in enumerate(moment.destroyed)
        if n > 0
    ]
    if lost:
        parts.append(", ".join(lost))
    parts += [f"{owner(s)} HQ fell" for s in moment.eliminated]
    return f"{head}: " + ("; ".join(parts) or "no damage")
