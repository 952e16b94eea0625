"""Stones as the host sees it: one value, built the way bot/service/plugins/<game>/ build theirs.

Its rules are the contract game (tests/contract/stones.py); this package is all the hosting
it gets: a duel mode, its words, and its command group (the generic lobby and play commands).
"""

from __future__ import annotations

from typing import Any

from bot.service.commands.hosting import lobby_commands, play_commands
from bot.service.commands.spec import Group
from bot.service.plugin import GamePlugin
from bot.service.presenters import Presenter
from bot.service.profiles import HostProfile, Mode
from games.base import Seat
from tests.contract.stones import STONES, Landslide, Take

KEY = STONES.key


def profile() -> HostProfile:
    """Two players take turns; the one who takes the last stone wins."""
    return HostProfile(key=KEY, modes=(Mode("duel", (2,), "two players"),))


def summary(view: Any) -> str:
    """The pile, and the reader's secret bonus when they have one."""
    pile = f"{view.pile} stones in the pile"
    return pile if view.my_bonus is None else f"{pile}; your bonus: {view.my_bonus}"


def describe(seat: Seat, action: Any) -> str:
    """A move in the table's words: "takes 2"."""
    if isinstance(action, Take):
        return f"takes {action.stones}"
    if isinstance(action, Landslide):
        return f"a landslide adds {action.stones}"
    return "the pile is dealt"


def presenter() -> Presenter:
    """Words only: Stones has no board to draw."""
    return Presenter(summary=summary, describe=describe)


def group() -> Group:
    """The /stones group: the generic lobby commands and the generic `act`/`resign`."""
    lobby = tuple(c for c in lobby_commands(KEY) if c.name != "challenge")
    return Group(
        KEY, "Stones: take 1 to 3, the last stone wins", KEY, (*lobby, *play_commands(KEY))
    )


PLUGIN = GamePlugin(key=KEY, profile=profile, presenter=presenter, commands=group)
"""Stones, hosted."""
