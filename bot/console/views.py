"""Readable text for game views in a terminal, where the images are files to open.

The host's presenters give Neuroshima Hex images but no text summary, so its panels would print
a dataclass dump; the console registers this summary instead (the public `register_presenter`
hook). It belongs in the service presenter, so Discord would share it: see the console notes.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.service import register_presenter
from bot.service.presenters import presenter_for

MAX_BOARD_LINES = 40


def _tile_name(tile: str) -> str:
    from games.neuroshima.tiles import tile_type

    try:
        return tile_type(tile).name
    except Exception:  # an unknown id is printed as it is
        return tile


def neuroshima_summary(view: Any) -> str:
    """A Neuroshima view as a few lines: turn, seats (HQ, deck, hand), the board, a decision."""
    from games.neuroshima.board import Board

    board = Board(view.board_radius)
    lines = [f"Turn {view.turn}, step {view.step.replace('_', ' ')}, seat {view.active} to play."]
    if view.final_countdown:
        lines.append("Final countdown: the last battle is coming.")
    for seat in view.seats:
        hq = "HQ destroyed" if seat.eliminated else f"HQ {seat.hq_hp}"
        score = f", score {seat.score}" if view.scoring else ""
        hand = ", ".join(f"{_tile_name(t)} ({t})" for t in seat.hand) or "empty"
        lines.append(
            f"Seat {seat.seat} {seat.army}: {hq}{score}, {seat.deck_left} in deck; hand: {hand}"
        )
    placed = sorted(view.tiles, key=lambda item: board.label(item[0]))
    for where, tile in placed[:MAX_BOARD_LINES]:
        owner = "neutral" if tile.owner is None else f"seat {tile.owner}"
        wounds = f", {tile.wounds} wound(s)" if tile.wounds else ""
        netted = ", netted" if where in view.netted else ""
        lines.append(
            f"  {board.label(where)}: {_tile_name(tile.tile)} ({owner}, facing {tile.facing}"
            f"{wounds}{netted})"
        )
    if len(placed) > MAX_BOARD_LINES:
        lines.append(f"  ... and {len(placed) - MAX_BOARD_LINES} more tiles")
    if view.pending is not None:
        lines.append(view.pending.description)
    return "\n".join(lines)


def install() -> None:
    """Use the readable summaries for the games that lack one (idempotent)."""
    current = presenter_for("neuroshima")
    if current.summary is not neuroshima_summary:
        register_presenter("neuroshima", replace(current, summary=neuroshima_summary))
