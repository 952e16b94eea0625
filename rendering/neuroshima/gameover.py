"""The game-over image: the final board, the result, HQ hit points, turns and key moments."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from games.neuroshima.state import Highlight
from games.neuroshima.view import NeuroshimaView
from games.text import Text
from rendering.neuroshima.board import BoardLayout, board_layout, paint_board
from rendering.neuroshima.changes import describe_highlight
from rendering.neuroshima.layout import Say
from rendering.neuroshima.panel import seat_name

KEY_MOMENTS = 7
"""Highlights shown (the caption holds 10 lines): the final battle and fallen HQs always, then
the battles that did the most, in the order they happened."""


def result_title(view: NeuroshimaView, names: Sequence[str] | None) -> str:
    """ "Seat 1 wins", "Seats 0 and 2 win" or "Draw"."""
    outcome = view.outcome
    if outcome is None or outcome.is_draw:
        return Text("Draw")
    winners = [seat_name(s, names) for s in sorted(outcome.winners)]
    if len(winners) == 1:
        return Text("{winner} wins", winner=winners[0])
    return Text(
        "{winners} and {last} win", winners=Text.joined(", ", winners[:-1]), last=winners[-1]
    )


def key_moments(highlights: Sequence[Highlight], limit: int = KEY_MOMENTS) -> list[Highlight]:
    """The highlights worth a line, oldest first: lasting ones, then the weightiest battles."""
    ranked = sorted(
        range(len(highlights)),
        key=lambda i: (not highlights[i].lasting, -highlights[i].weight, -i),
    )
    return [highlights[i] for i in sorted(ranked[:limit])]


def game_over_layout(
    view: NeuroshimaView, names: Sequence[str] | None = None, say: Say = str
) -> BoardLayout:
    """Final board; cards mark the winners; the caption lists the result and key moments."""
    outcome = view.outcome
    reason = outcome.reason if outcome is not None else Text("the game is not over")
    lines: list[str] = []
    if view.scoring:
        scores = Text.joined(", ", (_scored(s.seat, s.score, names) for s in view.seats))
        lines.append(Text("Points: {scores}", scores=scores))
    else:
        hps = Text.joined(", ", (_scored(s.seat, max(s.hq_hp or 0, 0), names) for s in view.seats))
        lines.append(Text("HQ hit points: {hps}", hps=hps))
    lines.append(Text.plural("{count} turn played", "{count} turns played", view.turn))
    lines.extend(describe_highlight(h, names) for h in key_moments(view.highlights))
    return board_layout(
        view,
        view.last_turn,
        lines,
        Text("Result"),
        names,
        title=(Text("Game over · {result}", result=result_title(view, names)), reason, False),
        winners=outcome.winners if outcome is not None else frozenset(),
        say=say,
    )


def _scored(seat: int, value: int, names: Sequence[str] | None) -> Text:
    """ "Ada 12": a seat's name (translated when it is "Seat N") and a number."""
    return Text.joined(" ", (seat_name(seat, names), str(value)))


def game_over_image(
    view: NeuroshimaView, names: Sequence[str] | None = None, say: Say = str
) -> Image.Image:
    """The game-over image."""
    return paint_board(game_over_layout(view, names, say))
