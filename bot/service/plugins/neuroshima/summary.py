"""Neuroshima Hex in words: the text beside its images says the turn, each seat's HQ, deck and
hand, the tiles on the board and any pending decision, in the reader's language."""

from __future__ import annotations

from typing import Any

from bot.service.summaries import describe_action
from games.base import Seat
from games.text import Text

MAX_BOARD_LINES = 40


def _tile_name(tile: str) -> str:
    from games.neuroshima.tiles import tile_type

    try:
        return tile_type(tile).name
    except Exception:  # an unknown id is printed as it is
        return tile


STEPS = {
    "pick_mercenary": Text("pick mercenary"),
    "place_hq": Text("place hq"),
    "draw": Text("draw"),
    "discard": Text("discard"),
    "play": Text("play"),
    "pending": Text("pending"),
    "game_over": Text("game over"),
}
"""A Neuroshima turn step as players read it."""


def _army_name(army: str) -> Text:
    from games.neuroshima.tiles import armies

    known = armies().get(army)
    return Text.verbatim(known.name.removesuffix(" (3.0)") if known is not None else army)


def _seat_line(seat: Any, scoring: bool) -> Text:
    hand = Text.verbatim(", ".join(f"{_tile_name(t)} ({t})" for t in seat.hand))
    values: dict[str, object] = {
        "seat": seat.seat,
        "army": _army_name(seat.army),
        "hp": seat.hq_hp,
        "score": seat.score,
        "deck": Text.plural("{count} in deck", "{count} in deck", seat.deck_left),
        "hand": hand if seat.hand else Text("empty"),
    }
    if seat.eliminated:
        if scoring:
            return Text(
                "Seat {seat} {army}: HQ destroyed, score {score}, {deck}; hand: {hand}",
                **values,
            )
        return Text("Seat {seat} {army}: HQ destroyed, {deck}; hand: {hand}", **values)
    if scoring:
        return Text("Seat {seat} {army}: HQ {hp}, score {score}, {deck}; hand: {hand}", **values)
    return Text("Seat {seat} {army}: HQ {hp}, {deck}; hand: {hand}", **values)


def _tile_line(label: str, tile: Any, netted: bool) -> Text:
    owner = Text("neutral") if tile.owner is None else Text("seat {seat}", seat=tile.owner)
    parts = [Text("facing {facing}", facing=tile.facing)]
    if tile.wounds:
        parts.append(Text.plural("{count} wound", "{count} wounds", tile.wounds))
    if netted:
        parts.append(Text("netted"))
    return Text(
        "  {hex}: {tile} ({owner}, {details})",
        hex=label,
        tile=_tile_name(tile.tile),
        owner=owner,
        details=Text.joined(", ", parts),
    )


def neuroshima_summary(view: Any) -> Text:
    """A Neuroshima view as a few lines: turn, seats (HQ, deck, hand), the board, a decision."""
    from games.neuroshima.board import Board

    board = Board(view.board_radius)
    step = STEPS.get(view.step) or Text.verbatim(view.step.replace("_", " "))
    lines: list[str] = [
        Text(
            "Turn {turn}, step {step}, seat {seat} to play.",
            turn=view.turn,
            step=step,
            seat=view.active,
        )
    ]
    if view.final_countdown:
        lines.append(Text("Final countdown: the last battle is coming."))
    lines += [_seat_line(seat, view.scoring) for seat in view.seats]
    placed = sorted(view.tiles, key=lambda item: board.label(item[0]))
    for where, tile in placed[:MAX_BOARD_LINES]:
        lines.append(_tile_line(board.label(where), tile, where in view.netted))
    if len(placed) > MAX_BOARD_LINES:
        more = len(placed) - MAX_BOARD_LINES
        lines.append(
            Text.plural("  ... and {count} more tile", "  ... and {count} more tiles", more)
        )
    if view.pending is not None:
        lines.append(view.pending.description)
    return Text.lines(lines)


def neuroshima_move(seat: Seat, action: Any, view: Any = None) -> str:
    """One public line per Neuroshima move; a mercenary pick does not name the tile.

    A picked mercenary lies face down beside its army's pile until it is drawn (see
    docs/rulings.md), so the log, the thread and the replay say only that a pick was made.
    """
    from games.neuroshima.actions import PickMercenary
    from games.registry import find_game

    if isinstance(action, PickMercenary):
        return Text("picked a mercenary")
    return describe_action(find_game("neuroshima").codec, seat, action, view)
