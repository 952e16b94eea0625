"""The games Muster hosts: the one explicit list the service installs when it is built.

Adding a game is one plug-in package (bot/service/plugins/<game>/, see docs/adding-a-game.md)
and one line here; nothing else in the host names a game.
"""

from __future__ import annotations

from bot.service.plugin import GamePlugin
from bot.service.plugins.neuroshima.plugin import PLUGIN as NEUROSHIMA
from bot.service.plugins.sniper_elite.plugin import PLUGIN as SNIPER_ELITE
from bot.service.plugins.space_alert.plugin import PLUGIN as SPACE_ALERT
from bot.service.plugins.warzone.plugin import PLUGIN as WARZONE


def builtin() -> tuple[GamePlugin, ...]:
    """Every hosted game's plug-in; the first is the default game of commands that name none."""
    return (NEUROSHIMA, SPACE_ALERT, SNIPER_ELITE, WARZONE)
