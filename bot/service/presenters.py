"""Per-game presenters: views in, images and short texts out, with a plain-text fallback.

The host never imports a game's renderer up front: a presenter is registered (or loaded on
first use for the built-in games), and a game without one is shown as text only.
"""

from __future__ import annotations

import dataclasses
import importlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.service.summaries import neuroshima_summary
from games.base import CHANCE, Codec, Seat

log = logging.getLogger(__name__)

MAX_SUMMARY = 1500


def text_summary(view: Any) -> str:
    """A readable text form of any view: one line per field of a dataclass, else its str()."""
    if dataclasses.is_dataclass(view) and not isinstance(view, type):
        lines = [
            f"{f.name.replace('_', ' ')}: {_short(getattr(view, f.name))}"
            for f in dataclasses.fields(view)
            if getattr(view, f.name) is not None
        ]
        text = "\n".join(lines)
    else:
        text = str(view)
    return text if len(text) <= MAX_SUMMARY else text[: MAX_SUMMARY - 1] + "…"


def _short(value: Any) -> str:
    if isinstance(value, (tuple, list, frozenset, set)) and len(value) > 12:
        return f"{len(value)} items"
    return str(value)


def describe_action(codec: Codec[Any], seat: Seat, action: Any) -> str:
    """The text form of an action (the codec's, else its type and fields)."""
    try:
        return codec.format(action)
    except Exception:  # chance results and odd actions may have no typed form
        if dataclasses.is_dataclass(action) and not isinstance(action, type):
            fields = ", ".join(
                f"{f.name}={getattr(action, f.name)}" for f in dataclasses.fields(action)
            )
            name = type(action).__name__
            return f"{name}({fields})" if seat != CHANCE else f"{name} {fields}".strip()
        return str(action)


@dataclass(frozen=True, slots=True)
class Presenter:
    """How one game is shown; every image function may be None (text only)."""

    summary: Callable[[Any], str] = text_summary
    board: Callable[[Any], bytes] | None = None
    hand: Callable[[Any], bytes] | None = None
    since: Callable[[Any, Any], bytes] | None = None
    replay: Callable[[Any, Seat, Any, Any], Sequence[bytes]] | None = None
    describe: Callable[[Seat, Any], str] | None = None


TEXT_ONLY = Presenter()
_PRESENTERS: dict[str, Presenter] = {}
_BUILTIN: dict[str, Callable[[], Presenter]] = {}


def register_presenter(key: str, presenter: Presenter) -> None:
    """Show game `key` with `presenter` from now on."""
    _PRESENTERS[key] = presenter


def presenter_for(key: str) -> Presenter:
    """The presenter of a game: registered, built in (loaded now), or text only."""
    found = _PRESENTERS.get(key)
    if found is None:
        builder = _BUILTIN.get(key)
        found = TEXT_ONLY
        if builder is not None:
            try:
                found = builder()
            except ImportError as err:  # the renderer is optional: text keeps the game playable
                log.warning("no images for %s: %s", key, err)
        _PRESENTERS[key] = found
    return found


def _neuroshima() -> Presenter:
    try:
        board = importlib.import_module("rendering.neuroshima.board")
        hand = importlib.import_module("rendering.neuroshima.hand")
        battle = importlib.import_module("rendering.neuroshima.battle")
    except ImportError as err:  # no images, but the position is still said in words
        log.warning("no images for neuroshima: %s", err)
        return Presenter(summary=neuroshima_summary)

    def png(image: Any, view: Any) -> bytes:
        return bytes(board.delivery_png(image, view))

    def hand_png(view: Any) -> bytes:
        return png(hand.hand_image(view, view.viewer), view)

    def since_png(then: Any, now: Any) -> bytes:
        del then  # the view itself carries what changed since the seat's last turn
        return png(board.since_last_turn_image(now), now)

    def replay(before: Any, seat: Seat, action: Any, after: Any) -> Sequence[bytes]:
        del before, seat, action  # the view after a battle carries its summary
        return [png(frame, after) for frame in battle.battle_frames(after)]

    return Presenter(
        board=lambda view: bytes(board.board_png(view)),
        hand=hand_png,
        since=since_png,
        replay=replay,
        summary=neuroshima_summary,
    )


_BUILTIN["neuroshima"] = _neuroshima


def _warzone() -> Presenter:
    from bot.service.hosting import warzone

    return warzone.PRESENTER


_BUILTIN["warzone"] = _warzone
