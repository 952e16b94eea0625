"""Neuroshima Hex as the host sees it: one value."""

from __future__ import annotations

import importlib

from bot.service.ai import Chooser
from bot.service.plugin import GamePlugin
from bot.service.plugins.neuroshima.commands import group
from bot.service.plugins.neuroshima.presenter import presenter
from bot.service.plugins.neuroshima.preview import preview
from bot.service.plugins.neuroshima.profile import profile


def _ai() -> Chooser:
    chooser: Chooser = importlib.import_module("games.neuroshima.ai").choose
    return chooser


PLUGIN = GamePlugin(
    key="neuroshima",
    profile=profile,
    presenter=presenter,
    ai=_ai,
    commands=group,
    preview=preview,
    domain="neuroshima",
    warm=("games.neuroshima.ai", "rendering.neuroshima.board", "rendering.neuroshima.battle"),
    example="/neuroshima new mode:duel vs:ai level:normal army:moloch",
)
"""Neuroshima Hex: modes, armies, battles shown and told, the tile preview, its commands."""
