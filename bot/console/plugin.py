"""A game's console plug-in: what the generic console needs from a game whose replies are its
own.

Most games need none: their replies and panels are the service's generic ones. A game that
brings a reply type of its own (Neuroshima's puzzle answers) says how the console prints it and
whether it puts something in play besides the game in focus (a puzzle try: text without a
slash is played in it, /panel shows its panel), keyed by the reply's type. The console is built
with an explicit list of them (bot.console.plugins.registry); nothing registers itself on
import.

This module imports none of the console at run time, so every module of it may ask it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from bot.console.show import Images, Say
    from bot.service import Service
    from bot.service.panels import Panel

ReplyLines = Callable[[Any, "Images", "Say"], list[str]]
"""The lines a reply of the game's own type prints besides its text and messages: (reply,
images, say)."""


@dataclass(frozen=True, slots=True)
class Mode:
    """Something in play besides the game in focus (a puzzle try): text without a slash is
    played in it, and /panel shows its panel."""

    command: str
    """The command bare text is played with, the text as its last option (`/puzzle act
    action:`)."""
    panel: Callable[[Service, str], Awaitable[tuple[int, Panel]]]
    """What /panel shows for a user: the id the panel is over, and its steps."""


ModeOf = Callable[[Any], "Mode | None"]
"""What a reply of the game's own type puts in play (None: nothing, the game in focus)."""
F = TypeVar("F")


@dataclass(frozen=True, slots=True, eq=False)
class ConsolePlugin:
    """Everything the generic console needs from one game's own replies."""

    key: str
    """The game's key (`GameSpec.key`)."""
    lines: Mapping[type[Any], ReplyLines] = field(default_factory=dict)
    """How a reply of its own type prints (its pictures, a battle), by the reply's type."""
    modes: Mapping[type[Any], ModeOf] = field(default_factory=dict)
    """What a reply of its own type puts in play, by the reply's type."""


def _joined(mappings: Iterable[Mapping[type[Any], F]]) -> dict[type[Any], F]:
    """One lookup of the plug-ins' mappings; a reply type two of them claim is a mistake."""
    found: dict[type[Any], F] = {}
    for mapping in mappings:
        for kind, value in mapping.items():
            if kind in found:
                raise ValueError(f"two console plug-ins claim {kind.__name__}")
            found[kind] = value
    return found


class ConsolePlugins:
    """The plug-ins one console is built with, asked by the reply's type."""

    def __init__(self, plugins: Iterable[ConsolePlugin]) -> None:
        self.plugins = tuple(plugins)
        keys = [p.key for p in self.plugins]
        if len(set(keys)) != len(keys):
            raise ValueError(f"two console plug-ins for one game: {keys}")
        self._lines = _joined(p.lines for p in self.plugins)
        self._modes = _joined(p.modes for p in self.plugins)

    def lines(self, reply: object, images: Images, say: Say) -> list[str]:
        """The lines a plug-in prints for this reply besides its text (none: generic)."""
        own = self._lines.get(type(reply))
        return own(reply, images, say) if own is not None else []

    def mode(self, reply: object) -> Mode | None:
        """What this reply puts in play (None: nothing; bare text goes to the game in focus)."""
        own = self._modes.get(type(reply))
        return own(reply) if own is not None else None


NO_PLUGINS = ConsolePlugins(())
"""No game's own replies: every reply printed generically."""
