"""The games' console plug-ins the console is built with: the one explicit list.

A game needs one only when its replies are its own (see docs/adding-a-game.md); the others are
printed by the generic console alone. Nothing else in bot/console names a game.
"""

from __future__ import annotations

from bot.console.plugin import ConsolePlugin
from bot.console.plugins.neuroshima.plugin import PLUGIN as NEUROSHIMA


def builtin() -> tuple[ConsolePlugin, ...]:
    """Every shipped game's console plug-in."""
    return (NEUROSHIMA,)
