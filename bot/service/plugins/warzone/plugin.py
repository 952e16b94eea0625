"""Warzone Resurrection as the host sees it: one value."""

from __future__ import annotations

from bot.service.ai import Chooser
from bot.service.plugin import GamePlugin
from bot.service.plugins.warzone.commands import group
from bot.service.plugins.warzone.hosting import KEY, PRESENTER, ai_choose, profile
from bot.service.presenters import Presenter
from games.warzone import ai


def _presenter() -> Presenter:
    return PRESENTER


def _ai() -> Chooser:
    return ai_choose


PLUGIN = GamePlugin(
    key=KEY,
    profile=profile,
    presenter=_presenter,
    ai=_ai,
    accepts=ai.open_variant,
    commands=group,
    catalogues={
        "warzone": ("games/warzone", "bot/service/plugins/warzone"),
        "warzone_images": ("rendering/warzone",),
    },
    silent=("games/warzone/ai",),
    profile_choice=False,
)
"""Warzone Resurrection: army lists, terrain presets, the table image, its orders."""
