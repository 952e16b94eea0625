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
    fought: Callable[[Any, Any], bool] | None = None
    """Whether the step between two public views fought a battle `replay` animates. Every
    step is asked (a player's, an AI's, chance's), so a battle a full board or the game's end
    starts is shown like one a player starts; None: the barrier moves players make."""
    narrate: Callable[[Any, Sequence[str]], tuple[str, str]] | None = None
    turn: Callable[[Any], tuple[int, Seat]] | None = None
    """The game's own turn number and whose turn it is, read from a public view: the number its
    board title shows, which /history, /replay and the demo use too (None: a new turn whenever
    another seat acts)."""
    effect: Callable[[Any, Any, Sequence[str]], Sequence[str]] | None = None
    """What a move visibly did besides itself (who died, who moved), between two public views,
    with the seats' names; a battle's words are `narrate`'s."""
    """The battle of a public view in words, with the seats' names: a heading and its lines."""


def takes(draw: Callable[..., object], keyword: str) -> bool:
    """Whether a drawing function takes `keyword` (asked of the function, so a test's
    stand-in without it is simply not given it)."""
    try:
        return keyword in inspect.signature(draw).parameters
    except (TypeError, ValueError):  # a callable without a signature takes no keywords
        return False


def speaks(draw: Callable[..., object]) -> bool:
    """Whether a presenter's drawing function takes a `say` keyword: its images have words
    to draw in the reader's language (asked of the function, so a test's stand-in is mute)."""
    return takes(draw, "say")


@cache
def sayer(lang: str) -> Say:
    """Saying Texts in `lang` (one shared function per language)."""
    return partial(localise, lang=lang)


def words(draw: Callable[..., object], lang: str) -> dict[str, Say]:
    """The keyword arguments that make `draw` speak `lang` (none when it has no words)."""
    return {"say": sayer(lang)} if speaks(draw) else {}


def image(
    name: str, draw: Callable[..., bytes], *args: Any, names: Sequence[str] | None = None
) -> Image:
    """The outbox image of `draw(*args)`: drawn once per reader's language when it speaks,
    else once; with the seats' `names` when it draws players (else it says "Seat N")."""
    named = {"names": tuple(names)} if names is not None and takes(draw, "names") else {}
    if not speaks(draw):
        return Image.lazy(name, partial(draw, *args, **named))
    return Image.said(name, partial(said, draw, args, named))


def said(draw: Callable[..., Any], args: tuple[Any, ...], named: dict[str, Any], lang: str) -> Any:
    """`draw(*args, **named)` with its words in `lang` (a module-level function: it pickles, so
    the process pool can draw; see bot.service.workers)."""
    return draw(*args, say=sayer(lang), **named)


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


def _neuroshima() -> Presenter:
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


_BUILTIN["neuroshima"] = _neuroshima


def _warzone() -> Presenter:
    from bot.service.hosting import warzone

    return warzone.PRESENTER


_BUILTIN["warzone"] = _warzone
