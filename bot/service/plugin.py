"""The one shape of a hosted game: a `GamePlugin` says everything the host needs from a game.

A plug-in is a value, not a registration: the service installs the explicit list it is built
with (bot.service.plugins.registry), and every per-game question the host asks (its modes and
roles, how it is drawn, how an AI plays it, what happens after a change or at one of its own
deadlines, what a reader may see) is answered by the installed plug-in of the table's game, or
by the plain default when the game has none (any rules package can be hosted as it is).

This module sits at the bottom of the service: it imports none of it at run time, so every
module above may ask it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from datetime import datetime

    from bot.service.ai import Accepts, Chooser
    from bot.service.commands.spec import Group
    from bot.service.game_hooks import DeadlineHandler, Recovery, Refiner, ViewCut
    from bot.service.outbox import Image
    from bot.service.panels import Panel
    from bot.service.presenters import Presenter
    from bot.service.profiles import HostProfile
    from bot.service.table import Host, Table

Preview = Callable[["Table", int, str, str, int], "Image | None"]
"""A seat's hand with a piece previewed where it would go: (table, seat, piece, where, facing)."""


@dataclass(frozen=True, slots=True, eq=False)
class GamePlugin:
    """Everything the host needs from one game besides its rules (games.registry has those).

    Builders (`profile`, `presenter`, `ai`, `commands`) are called on first use, so a plug-in
    costs nothing until its game is played and an optional renderer may be missing.
    """

    key: str
    """The rules package's key (`GameSpec.key`)."""
    group: str = ""
    """The game's command group (`/<group> ...`); empty: the key with dashes."""
    profile: Callable[[], HostProfile] | None = None
    """Modes, roles, teams, undo barriers, timeout passes; None: derived from the seat limits."""
    presenter: Callable[[], Presenter] | None = None
    """Summaries and images; None (or an ImportError from a missing renderer): text only."""
    ai: Callable[[], Chooser] | None = None
    """The AI that plays its AI seats; None (or an ImportError): random legal play."""
    accepts: Accepts | None = None
    """Whether an AI's open-ended action fits the menu it sampled from (None: listed only)."""
    commands: Callable[[], Group] | None = None
    """The game's own command group (None: the shared commands only)."""
    refine: Refiner | None = None
    """Adjusts the messages of every change of its tables (simultaneous planning, dice audit)."""
    deadlines: Mapping[str, DeadlineHandler] = field(default_factory=dict)
    """Handlers of the deadline kinds it schedules, by prefix (`"<prefix>:..."`)."""
    view_cut: ViewCut | None = None
    """Trims the views players ask for to what the table has heard (a live clock)."""
    recovery: Recovery | None = None
    """Repairs, once per process start, what a crash between two writes left undone."""
    preview: Preview | None = None
    """A piece previewed on the board before it is placed (a panel's facing step)."""
    catalogues: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Its catalogue domains, each with the code (or data) whose messages it holds
    (bot/service/locales/<lang>/LC_MESSAGES/<domain>.po; see bot.service.translating)."""
    data_texts: Mapping[str, str] = field(default_factory=dict)
    """Domains whose messages are in JSON data files, each with the key that holds a message
    there (the rules reminders of an army file: "rules_text")."""
    silent: tuple[str, ...] = ()
    """Paths of its code that say nothing to players (its AI): no catalogue reads them."""
    warm: tuple[str, ...] = ()
    """Modules each worker process imports when it starts (heavy AI and drawings)."""
    profile_choice: bool = True
    """Offered by name where a command asks which game's ratings to show (/profile game:)."""
    example: str = ""
    """One command line /help shows as an example of starting a game."""
    panel: Panel | None = None
    """The game's panel steps as data, read by the front-ends; None: the generic panel (a menu
    of its legal moves)."""
    more_commands: Callable[[], tuple[Group, ...]] | None = None
    """Further command groups the game brings besides its own (Neuroshima's /puzzle)."""
    tick: Callable[[Host, datetime], Awaitable[list[Any]]] | None = None
    """What the game posts on the clock's every tick besides its tables' deadlines (Neuroshima's
    daily puzzle): outbox messages already written."""
    messages: tuple[type[Any], ...] = ()
    """The game's own outbox message types, stored by class name (bot.service.parcels)."""

    @property
    def command_group(self) -> str:
        """The game's command group name."""
        return self.group or self.key.replace("_", "-")


_INSTALLED: dict[str, GamePlugin] = {}
_WATCHERS: list[Callable[[Iterable[str]], None]] = []


def install(plugins: Iterable[GamePlugin]) -> None:
    """Host exactly `plugins` from now on (in this order), replacing whatever was installed."""
    given = list(plugins)
    keys = [p.key for p in given]
    if len(set(keys)) != len(keys):
        raise ValueError(f"two plug-ins for one game: {keys}")
    changed = {k for k, p in _INSTALLED.items() if not any(p is q for q in given)}
    changed |= {p.key for p in given if _INSTALLED.get(p.key) is not p}
    _INSTALLED.clear()
    _INSTALLED.update((p.key, p) for p in given)
    for forget in _WATCHERS:
        forget(changed)


def on_change(forget: Callable[[Iterable[str]], None]) -> None:
    """Call `forget(keys)` whenever the plug-ins of those games change (a cache drops them)."""
    _WATCHERS.append(forget)


def installed() -> tuple[GamePlugin, ...]:
    """The installed plug-ins, in the order the service listed them (its first: the default)."""
    return tuple(_INSTALLED.values())


def plugin_for(key: str) -> GamePlugin | None:
    """The installed plug-in of game `key` (None: hosted plainly, from its rules alone)."""
    return _INSTALLED.get(key)


def group_name(key: str | None) -> str:
    """The command group name of a game key."""
    found = _INSTALLED.get(key or "")
    return found.command_group if found is not None else (key or "").replace("_", "-")


def default_game() -> str:
    """The game a command means when it names none: the first installed."""
    if not _INSTALLED:
        raise LookupError("no game is installed")
    return next(iter(_INSTALLED))
