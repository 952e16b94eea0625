"""Neuroshima Hex as the host sees it: one value."""

from __future__ import annotations

import importlib

from bot.service.ai import Chooser
from bot.service.plugin import GamePlugin
from bot.service.plugins.neuroshima.commands import group
from bot.service.plugins.neuroshima.panel import PANEL
from bot.service.plugins.neuroshima.presenter import presenter
from bot.service.plugins.neuroshima.preview import preview
from bot.service.plugins.neuroshima.profile import profile
from bot.service.plugins.neuroshima.puzzle_commands import group as puzzle_group
from bot.service.plugins.neuroshima.puzzles import daily
from bot.service.plugins.neuroshima.puzzles.messages import DailyPuzzle


def _ai() -> Chooser:
    chooser: Chooser = importlib.import_module("games.neuroshima.ai").choose
    return chooser


PLUGIN = GamePlugin(
    panel=PANEL,
    key="neuroshima",
    profile=profile,
    presenter=presenter,
    ai=_ai,
    commands=group,
    preview=preview,
    catalogues={
        "neuroshima": (
            "games/neuroshima",
            "bot/service/plugins/neuroshima",
            "bot/discord/plugins/neuroshima",
            "bot/console/plugins/neuroshima",
        ),
        "neuroshima_images": ("rendering/neuroshima",),
        "neuroshima_rules": ("games/neuroshima/data/armies",),
    },
    data_texts={"neuroshima_rules": "rules_text"},
    silent=("games/neuroshima/ai",),
    warm=("games.neuroshima.ai", "rendering.neuroshima.board", "rendering.neuroshima.battle"),
    example="/neuroshima new mode:duel vs:ai level:normal army:moloch",
    more_commands=lambda: (puzzle_group(),),
    tick=daily.tick,
    messages=(DailyPuzzle,),
)
"""Neuroshima Hex: modes, armies, battles shown and told, the tile preview, its commands, and its
puzzles (/puzzle and the daily post)."""
