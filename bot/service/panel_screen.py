"""What a panel shows and what comes back: menus, buttons and screens, the click a front-end
sends, and the answers it gets (the flow that makes them: bot.service.panel_flow)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.commands.spec import Suggestion
from bot.service.outbox import Image, Reply
from games.text import Text


@dataclass(frozen=True, slots=True)
class Menu:
    """A menu of choices; picking one answers `op` with `args` and the picked value."""

    op: str
    args: tuple[str, ...]
    choices: tuple[Suggestion, ...]
    placeholder: Text | str = ""
    role: str = ""


@dataclass(frozen=True, slots=True)
class Button:
    """A button answering `op` with `args`; unlabelled ones are named by their role."""

    op: str
    args: tuple[str, ...] = ()
    label: Text | str | None = None
    role: str = ""
    """back, undo, left, right, confirm: words each front-end says its own way."""
    tone: str = "secondary"
    """secondary, primary (a move) or success (the step that plays)."""


@dataclass(frozen=True, slots=True)
class Screen:
    """What the panel message shows next: components, and its text and images when they change."""

    components: tuple[Menu | Button, ...]
    text: Text | str | None = None
    images: tuple[Image, ...] | None = None
    stamp: tuple[int, int, int] = (0, 0, 0)
    """Game, seat and panel version every component id carries."""
    ids: tuple[str, str] = ("ms", "mp")
    """The panel's menu and button id prefixes."""


@dataclass(frozen=True, slots=True)
class Played:
    """A move played from the panel: the service's reply, and the move as a player reads it."""

    reply: Reply
    said: str
    redraw: bool
    """Redraw the panel in place (else it closes, saying what was played)."""
    switched: str | None = None
    """What the redrawn panel shows (the switch's value it was played from)."""


@dataclass(frozen=True, slots=True)
class Refused:
    """A click the panel cannot take: `not_yours` or `stale` (the game has moved on)."""

    reason: str
    said: Text | None = None
    """The panel's own words for it (None: the front-end's, with a fresh panel offered)."""


@dataclass(frozen=True, slots=True)
class Fresh:
    """The user asked for a fresh panel (their hand, sent anew)."""


Answer = Screen | Played | Refused | Fresh


@dataclass(frozen=True, slots=True)
class Click:
    """A click or pick on a panel: the component's game, seat, version, operation and
    arguments, and the value picked (menus)."""

    game: int
    seat: int
    version: int
    op: str
    args: tuple[str, ...] = ()
    value: str | None = None
