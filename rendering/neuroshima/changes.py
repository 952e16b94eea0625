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
from games.text import Text
from rendering.neuroshima.panel import seat_name


def _sentence(kind: str, who: str, whose: str, tile: str, to: str, frm: str) -> Text:
    """The caption line of a board change of `kind` (the whole sentence, for translators)."""
    said = {"who": who, "whose": whose, "tile": tile, "to": to}
    moved = {**said, "frm": frm}
    if kind == "placed":
        return Text("{who} placed {tile} on {to}", **said)
    if kind == "moved":
        return Text("{whose} {tile} moved {frm} → {to}", **moved)
    if kind == "rotated":
        return Text("{whose} {tile} on {to} turned", **said)
    if kind == "pushed":
        return Text("{whose} {tile} was pushed {frm} → {to}", **moved)
    if kind == "grabbed":
        return Text("{whose} {tile} was grabbed {frm} → {to}", **moved)
    if kind == "swapped":
        return Text("{whose} {tile} swapped {frm} → {to}", **moved)
    if kind == "wounded":
        return Text("{whose} {tile} on {to} was wounded", **said)
    if kind == "destroyed":
        return Text("{whose} {tile} on {to} was destroyed", **said)
    if kind == "removed":
        return Text("{whose} {tile} was removed from {to}", **said)
    if kind == "healed":
        return Text("{whose} {tile} on {to} was saved by a Medic", **said)
    if kind == "exploded":
        return Text("{tile} on {to} exploded", **said)
    if kind == "used":
        return Text("{who} used {tile}", **said)
    return Text("{whose} {tile} on {to}: {kind}", **said, kind=Text.verbatim(kind))


def who(seat: Seat | None, names: Sequence[str] | None, viewer: Seat | None = None) -> str:
    """ "Ada", "You" (the viewer) or "Neutral", to start a sentence."""
    if seat is None or seat < 0:
        return Text("Neutral")
    return Text("You") if seat == viewer else seat_name(seat, names)


def whose(seat: Seat | None, names: Sequence[str] | None, viewer: Seat | None = None) -> str:
    """ "Ada's", "Your" (the viewer) or "Neutral", to start a sentence."""
    if seat is not None and seat >= 0 and seat == viewer:
        return Text("Your")
    if seat is None or seat < 0:
        return Text("Neutral")
    return Text("{name}'s", name=seat_name(seat, names))


def describe_change(
    change: Change,
    view: NeuroshimaView,
    names: Sequence[str] | None,
    viewer: Seat | None = None,
) -> str:
    """One caption line for a change."""
    board = Board(view.board_radius)
    tile = tile_type(change.tile).name if change.tile else Text("HQ")
    to = board.label(change.hex) if change.hex is not None and change.hex in board else "?"
    frm = board.label(change.from_hex) if change.from_hex is not None else "?"
    subject, owner = who(change.seat, names, viewer), whose(change.seat, names, viewer)
    if change.kind == "used" and change.hex is not None:
        return Text("{who} used {tile} on {to}", who=subject, tile=tile, to=to)
    if change.kind == "wounded" and change.tile is None and change.wounds > 0:
        n = change.wounds
        if view.scoring:
            return Text.plural(
                "{whose} HQ on {to} was hit for {count} point",
                "{whose} HQ on {to} was hit for {count} points",
                n, whose=owner, to=to,
            )  # fmt: skip
        return Text.plural(
            "{whose} HQ on {to} lost {count} hit point",
            "{whose} HQ on {to} lost {count} hit points",
            n, whose=owner, to=to,
        )  # fmt: skip
    return _sentence(change.kind, subject, owner, tile, to, frm)


def describe_highlight(
    moment: Highlight, names: Sequence[str] | None, viewer: Seat | None = None
) -> str:
    """ "Turn 14 battle: Ada's HQ −3, Brook's HQ −5; Ada lost 2 tiles, Brook lost 4 tiles"."""
    if moment.kind == "battle":
        head = Text("Turn {turn} battle", turn=moment.turn)
    elif moment.kind == "final_battle":
        head = Text("Turn {turn} final battle", turn=moment.turn)
    else:
        head = Text.in_context("a player's turn", "Turn {turn}", turn=moment.turn)

    def owner(seat: Seat) -> str:
        return Text("your") if seat == viewer else whose(seat, names)

    def name(seat: Seat) -> str:
        return Text("you") if seat == viewer else who(seat, names)

    damage = [
        Text("{whose} HQ −{damage}", whose=owner(s), damage=d)
        for s, d in enumerate(moment.hq_damage)
        if d > 0
    ]
    damage += [
        Text.plural("{who} +{count} point", "{who} +{count} points", n, who=name(s))
        for s, n in enumerate(moment.points)
        if n > 0
    ]
    parts = [Text.joined(", ", damage)] if damage else []
    lost = [
        Text.plural("{who} lost {count} tile", "{who} lost {count} tiles", n, who=name(s))
        for s, n in enumerate(moment.destroyed)
        if n > 0
    ]
    if lost:
        parts.append(Text.joined(", ", lost))
    parts += [Text("{whose} HQ fell", whose=owner(s)) for s in moment.eliminated]
    return Text.joined(": ", [head, Text.joined("; ", parts) if parts else Text("no damage")])
