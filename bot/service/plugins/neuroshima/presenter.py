"""Neuroshima Hex shown: the board, a hand, what changed, a battle's frames and its words."""

from __future__ import annotations

import importlib
import logging
from collections.abc import Sequence
from typing import Any

from bot.service.plugins.neuroshima.summary import neuroshima_move, neuroshima_summary
from bot.service.presenters import Presenter, Say
from games.base import Seat

log = logging.getLogger(__name__)

SAID = frozenset({"placed", "used"})
"""Neuroshima changes the move's own words already say ("place runner C2 2", "snipe B1")."""


def neuroshima_fought(before: Any, after: Any) -> bool:
    """Whether a Neuroshima step fought a battle: the view after it has a new last battle."""
    last = after.last_battle
    return last is not None and last is not before.last_battle and last != before.last_battle


def neuroshima_turn(view: Any) -> tuple[int, Seat]:
    """A Neuroshima view's turn as its board title numbers it, and the seat whose turn it is."""
    return int(view.turn), int(view.active)


def neuroshima_narration(view: Any, names: Sequence[str]) -> tuple[str, str]:
    """The last battle of a Neuroshima view in words: its heading and its phases."""
    from games.neuroshima.narration import narrate

    told = narrate(view.last_battle, names)
    return told.heading, told.body


def presenter() -> Presenter:
    """How Neuroshima Hex is shown: its board, hands, battles and words (words only without
    its renderer)."""
    try:
        for name in ("board", "hand", "battle", "changes"):
            importlib.import_module(f"rendering.neuroshima.{name}")
    except ImportError as err:  # no images, but the position is still said in words
        log.warning("no images for neuroshima: %s", err)
        return Presenter(
            summary=neuroshima_summary,
            describe=neuroshima_move,
            fought=neuroshima_fought,
            narrate=neuroshima_narration,
            turn=neuroshima_turn,
        )
    return Presenter(
        board=neuroshima_board,
        hand=neuroshima_hand,
        since=neuroshima_since,
        replay=neuroshima_replay,
        summary=neuroshima_summary,
        fought=neuroshima_fought,
        narrate=neuroshima_narration,
        effect=neuroshima_effect,
        turn=neuroshima_turn,
        describe=neuroshima_move,
    )


# Neuroshima's drawings are module-level functions, not closures, so that they pickle.
def _ns(name: str) -> Any:
    return importlib.import_module(f"rendering.neuroshima.{name}")


def _delivered(image: Any, view: Any) -> bytes:
    return bytes(_ns("board").delivery_png(image, view))


def neuroshima_board(view: Any, say: Say = str, names: Sequence[str] | None = None) -> bytes:
    """The public board PNG."""
    return bytes(_ns("board").board_png(view, names, say=say))


def neuroshima_hand(view: Any, say: Say = str, names: Sequence[str] | None = None) -> bytes:
    """A seat's hand panel PNG."""
    return _delivered(_ns("hand").hand_image(view, view.viewer, names, say=say), view)


def neuroshima_since(
    then: Any, now: Any, say: Say = str, names: Sequence[str] | None = None
) -> bytes:
    """What changed since the seat's last turn, as a PNG."""
    del then  # the view itself carries what changed since the seat's last turn
    return _delivered(_ns("board").since_last_turn_image(now, names, say=say), now)


def neuroshima_replay(
    before: Any,
    seat: Seat,
    action: Any,
    after: Any,
    say: Say = str,
    names: Sequence[str] | None = None,
) -> Sequence[bytes]:
    """The frames of a battle, as PNGs."""
    del before, seat, action  # the view after a battle carries its summary
    frames = _ns("battle").battle_frames(after, names, say=say)
    return [_delivered(frame, after) for frame in frames]


def neuroshima_effect(before: Any, after: Any, names: Sequence[str]) -> Sequence[str]:
    """What a Neuroshima move visibly did besides itself (who died, who was pushed)."""
    if neuroshima_fought(before, after) or before.turn != after.turn:
        return ()  # a battle is told whole; a turn's end changes nothing by itself
    fresh = after.this_turn[len(before.this_turn) :]
    return [_ns("changes").describe_change(c, after, names) for c in fresh if c.kind not in SAID]
