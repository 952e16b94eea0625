"""Per-game presenters: views in, images and short texts out, with a plain-text fallback.

The host never imports a game's renderer up front: a game's plug-in builds its presenter on
first use, and a game without one is shown as text only.
"""

from __future__ import annotations

import dataclasses
import inspect
import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache, partial
from typing import Any

from bot.service.i18n import localise
from bot.service.outbox import Image
from bot.service.plugin import on_change, plugin_for
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
"""Stand-ins that win over the installed plug-ins (a test's quick drawings)."""
_BUILT: dict[str, Presenter] = {}


def register_presenter(key: str, presenter: Presenter) -> None:
    """Show game `key` with `presenter` from now on, over its plug-in's (a test's stand-in)."""
    _PRESENTERS[key] = presenter


def presenter_for(key: str) -> Presenter:
    """The presenter of a game: a stand-in, its plug-in's (built now), or text only."""
    found = _PRESENTERS.get(key) or _BUILT.get(key)
    if found is None:
        plugin = plugin_for(key)
        found = TEXT_ONLY
        if plugin is not None and plugin.presenter is not None:
            try:
                found = plugin.presenter()
            except ImportError as err:  # the renderer is optional: text keeps the game playable
                log.warning("no images for %s: %s", key, err)
        _BUILT[key] = found
    return found


def _forget(keys: Iterable[str]) -> None:
    # A game's plug-in changed: what was built from the old one, or set over it, goes.
    for key in keys:
        _BUILT.pop(key, None)
        _PRESENTERS.pop(key, None)


on_change(_forget)
