"""Per-game presenters: views in, images and short texts out, with a plain-text fallback.

The host never imports a game's renderer up front: a presenter is registered (or loaded on
first use for the built-in games), and a game without one is shown as text only.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, partial
from typing import Any

from bot.service.i18n import localise
from bot.service.outbox import Image
from bot.service.summaries import neuroshima_move, neuroshima_summary
from games.base import Seat

log = logging.getLogger(__name__)

MAX_SUMMARY = 1500

Say = Callable[[str], str]
"""How a renderer says its words: a Text in, the reader's language out."""


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


@dataclass(frozen=True, slots=True)
class Presenter:
    """How one game is shown; every image function may be None (text only). An image function
    with a `say` keyword draws its words in the reader's language (see `speaks`)."""

    summary: Callable[[Any], str] = text_summary
    board: Callable[[Any], bytes] | None = None
    hand: Callable[[Any], bytes] | None = None
    since: Callable[[Any, Any], bytes] | None = None
    replay: Callable[[Any, Seat, Any, Any], Sequence[bytes]] | None = None
    describe: Callable[[Seat, Any], str] | None = None


def speaks(draw: Callable[..., object]) -> bool:
    """Whether a presenter's drawing function takes a `say` keyword: its images have words
    to draw in the reader's language (asked of the function, so a test's stand-in is mute)."""
    try:
        return "say" in inspect.signature(draw).parameters
    except (TypeError, ValueError):  # a callable without a signature says nothing
        return False


@cache
def sayer(lang: str) -> Say:
    """Saying Texts in `lang` (one shared function per language)."""
    return partial(localise, lang=lang)


def words(draw: Callable[..., object], lang: str) -> dict[str, Say]:
    """The keyword arguments that make `draw` speak `lang` (none when it has no words)."""
    return {"say": sayer(lang)} if speaks(draw) else {}


def image(name: str, draw: Callable[..., bytes], *args: Any) -> Image:
    """The outbox image of `draw(*args)`: drawn once per reader's language when it speaks,
    else once."""
    if not speaks(draw):
        return Image.lazy(name, lambda: draw(*args))
    return Image.said(name, lambda lang: draw(*args, say=sayer(lang)))


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
        return Presenter(summary=neuroshima_summary, describe=neuroshima_move)

    def png(image: Any, view: Any) -> bytes:
        return bytes(board.delivery_png(image, view))

    def board_png(view: Any, say: Say = str) -> bytes:
        return bytes(board.board_png(view, say=say))

    def hand_png(view: Any, say: Say = str) -> bytes:
        return png(hand.hand_image(view, view.viewer, say=say), view)

    def since_png(then: Any, now: Any, say: Say = str) -> bytes:
        del then  # the view itself carries what changed since the seat's last turn
        return png(board.since_last_turn_image(now, say=say), now)

    def replay(before: Any, seat: Seat, action: Any, after: Any, say: Say = str) -> Sequence[bytes]:
        del before, seat, action  # the view after a battle carries its summary
        return [png(frame, after) for frame in battle.battle_frames(after, say=say)]

    return Presenter(
        board=board_png,
        hand=hand_png,
        since=since_png,
        replay=replay,
        summary=neuroshima_summary,
        describe=neuroshima_move,
    )


_BUILTIN["neuroshima"] = _neuroshima


def _warzone() -> Presenter:
    from bot.service.hosting import warzone

    return warzone.PRESENTER


_BUILTIN["warzone"] = _warzone
