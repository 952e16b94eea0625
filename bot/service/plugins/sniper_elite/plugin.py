"""The solo sniper mission as the host sees it: one value."""

from __future__ import annotations

from bot.service.plugin import GamePlugin
from bot.service.plugins.sniper_elite import flow
from bot.service.plugins.sniper_elite.commands import group
from bot.service.plugins.sniper_elite.hosting import KEY, presenter, profile

PLUGIN = GamePlugin(
    key=KEY,
    group="sniper",
    profile=profile,
    presenter=presenter,
    commands=group,
    refine=flow.refine,
    catalogues={
        "sniper_elite": ("games/sniper_elite", "bot/service/plugins/sniper_elite"),
        "sniper_elite_images": ("rendering/sniper_elite",),
    },
)
"""Sniper Elite solo: a mission against the game, its dice audited, its records kept."""
