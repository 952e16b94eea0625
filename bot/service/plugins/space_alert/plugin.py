"""Space Alert as the host sees it: one value."""

from __future__ import annotations

from bot.service.ai import Chooser
from bot.service.plugin import GamePlugin
from bot.service.plugins.space_alert import ai, bridge, clock, flow, schedule
from bot.service.plugins.space_alert.commands import group
from bot.service.plugins.space_alert.hosting import KEY, presenter, profile
from bot.service.plugins.space_alert.panel import PANEL


def _ai() -> Chooser:
    return ai.choose


PLUGIN = GamePlugin(
    panel=PANEL,
    key=KEY,
    group="space-alert",
    profile=profile,
    presenter=presenter,
    ai=_ai,
    commands=group,
    refine=flow.refine,
    deadlines={schedule.PREFIX: clock.fire},
    view_cut=bridge.heard_cut,
    recovery=clock.recover,
    catalogues={
        "space_alert": (
            "games/space_alert",
            "bot/service/plugins/space_alert",
            "bot/discord/plugins/space_alert",
        ),
        "space_alert_images": ("rendering/space_alert",),
    },
)
"""Space Alert: planning in private, the live clock and its bridge, androids for leavers."""
