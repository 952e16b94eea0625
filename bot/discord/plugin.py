"""A game's Discord front-end plug-in: what the generic Discord code needs from a game that has
messages, replies or components of its own.

Most games need none: their replies, messages and panels are the service's generic ones, drawn
by the generic front-end. A game that brings its own (Neuroshima's puzzles: their answers, the
try's panel over no game, the daily post; Space Alert's bridge, edited in place) says so in one
`DiscordPlugin` value, keyed by what the service says: a reply's type, a message's `kind`. The
bot is built with an explicit list of them (bot.discord.plugins.registry); nothing registers
itself on import.

This module imports none of the front-end at run time, so every module of it may ask it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, TypeVar, get_args

from bot.service.outbox import Message, Reply
from bot.service.parcels import CATCHUP, LEAGUE_MESSAGES

if TYPE_CHECKING:
    import discord

    from bot.discord.delivery import Delivery
    from bot.discord.runner import Runner

ReplyPresenter = Callable[["Runner", "discord.Interaction[Any]", Any, str], Awaitable[None]]
"""Answers a command with a reply of the game's own type: (runner, interaction, reply, lang)."""
PanelReply = Callable[["discord.Interaction[Any]", Any, str], Awaitable[None]]
"""Edits a panel into a reply of the game's own type a click led to: (interaction, reply,
lang)."""
Deliverer = Callable[["Delivery", Any], Awaitable[None]]
"""Sends one outbox message of a kind the game owns: (delivery, message)."""
K = TypeVar("K")
V = TypeVar("V")
HOST_KINDS: frozenset[str] = frozenset(
    {CATCHUP}
    | {
        str(f.default)
        for message in (*get_args(Message), *LEAGUE_MESSAGES)
        for f in fields(message)
        if f.name == "kind"
    }
)
"""The kinds of the host's own messages: the generic delivery sends them, no plug-in may."""


@dataclass(frozen=True, slots=True, eq=False)
class DiscordPlugin:
    """Everything the generic Discord code needs from one game's own messages and components."""

    key: str
    """The game's key (`GameSpec.key`)."""
    items: tuple[type[discord.ui.DynamicItem[Any]], ...] = ()
    """Its persistent components (matched by custom_id, after a restart too). A panel over no
    game (a puzzle try) brings its PanelButton and PanelSelect subclasses here: the panel is
    drawn with them, by the id prefixes of their `panel`."""
    replies: Mapping[type[Any], ReplyPresenter] = field(default_factory=dict)
    """How a command's reply of its own type is answered, by the reply's type."""
    panel_replies: Mapping[type[Any], PanelReply] = field(default_factory=dict)
    """How a panel is edited into a reply of its own type a click led to, by the reply's type."""
    deliverers: Mapping[str, Deliverer] = field(default_factory=dict)
    """How outbox messages of its own kinds are sent, by the message's `kind` (a message type
    of its own, or a kind of public update)."""


class DiscordPlugins:
    """The plug-ins one bot is built with, asked by what the service says."""

    def __init__(self, plugins: Iterable[DiscordPlugin]) -> None:
        self.plugins = tuple(plugins)
        keys = [p.key for p in self.plugins]
        if len(set(keys)) != len(keys):
            raise ValueError(f"two Discord plug-ins for one game: {keys}")
        self.items = tuple(i for p in self.plugins for i in p.items)
        """Every plug-in's persistent components."""
        host_replies: set[type[Any]] = {Reply}
        self._replies = _joined((p.replies for p in self.plugins), host_replies)
        self._panel_replies = _joined((p.panel_replies for p in self.plugins), host_replies)
        self._deliverers = _joined((p.deliverers for p in self.plugins), HOST_KINDS)
        self._own: dict[str, type[Any]] = {}
        for item in self.items:  # a panel's component: PanelSelect (ids_at 0) or PanelButton (1)
            panel, at = getattr(item, "panel", None), getattr(item, "ids_at", None)
            if panel is not None and at is not None:
                self._own[panel.ids[at]] = item

    def presenter(self, reply: object) -> ReplyPresenter | None:
        """How a plug-in answers a command with this reply (None: the generic answer)."""
        return self._replies.get(type(reply))

    def panel_reply(self, reply: object) -> PanelReply | None:
        """How a plug-in edits a panel into this reply (None: the generic panel)."""
        return self._panel_replies.get(type(reply))

    def deliverer(self, kind: str) -> Deliverer | None:
        """How a plug-in sends a message of this kind (None: the generic delivery)."""
        return self._deliverers.get(kind)

    def own(self, prefix: str) -> type[Any] | None:
        """The component class of a panel over no game with this id prefix (None: generic)."""
        return self._own.get(prefix)


def _joined(mappings: Iterable[Mapping[K, V]], host: Collection[K]) -> dict[K, V]:
    """One lookup of the plug-ins' mappings; a key two of them claim, or one the host's generic
    code answers (`host`), is a mistake."""
    found: dict[K, V] = {}
    for mapping in mappings:
        for key, value in mapping.items():
            if key in host:
                raise ValueError(f"a Discord plug-in claims the host's own {key!r}")
            if key in found:
                raise ValueError(f"two Discord plug-ins claim {key!r}")
            found[key] = value
    return found
