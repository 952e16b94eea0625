"""The game-over image: the final board, the result, HQ hit points, turns and key moments."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from games.neuroshima.state import Highlight
from games.neuroshima.view import NeuroshimaView
from rendering.neuroshima.board import BoardLayout, board_layout, paint_board
from rendering.neuroshima.changes import describe_highlight
from rendering.neuroshima.panel import seat_name

KEY_MOMENTS = 7
"""Highlights shown (the caption holds 10 lines): the final battle and fallen HQs always, then
the battles that did the most, in the order they happened."""


def result_title(view: NeuroshimaView, names: Sequence[str] | None) -> str:
    """ "Seat 1 wins", "Seats 0 and 2 win" or "Draw"."""
    outcome = view.outcome
    if outcome is None or outcome.is_draw:
        return "Draw"
    winners = [seat_name(s, names) for s in sorted(outcome.winners)]
    if len(winners) == 1:
        return f"{winners[0]} wins"
    return f"{', '.join(winners[:-1])} and {winners[-1]} win"


def key_moments(highlights: Sequence[Highlight], limit: int = KEY_MOMENTS) -> list[Highlight]:
    """The highlights worth a line, oldest first: lasting ones, then the weightiest battles."""
    ranked = sorted(
        range(len(highlights)),
        key=lambda i: (not highlights[i].lasting, -highlights[i].weight, -i),
    )
    return [highlights[i] for i in sorted(ranked[:limit])]


def game_over_layout(view: NeuroshimaView, names: Sequence[str] | None = None) -> BoardLayout:
    """Final board; cards mark the winners; the caption lists the result and key moments."""
    outcome = view.outcome
    reason = outcome.reason if outcome is not None else "the game is not over"
    lines = []
    if view.scoring:
        scores = ", ".join(f"{seat_name(s.seat, names)} {s.score}" for s in view.seats)
        lines.append(f"Points: {scores}")
    else:
        hps = ", ".join(f"{seat_name(s.seat, names)} {max(s.hq_hp or 0, 0)}" for s in view.seats)
        lines.append(f"HQ hit points: {hps}")
    lines.append(f"Turns played: {view.turn}")
    lines.extend(describe_highlight(h, names) for h in key_moments(view.highlights))
    return board_layout(
        view,
        view.last_turn,
        lines,
        "Result",
        names,
        title=(f"Game over · {result_title(view, names)}", reason, False),
        winners=outcome.winners if outcome is not None else frozenset(),
    )


def game_over_image(view: NeuroshimaView, names: Sequence[str] | None = None) -> Image.Image:
    """The game-over image."""
    return paint_board(game_over_layout(view, names))
