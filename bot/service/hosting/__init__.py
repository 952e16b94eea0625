"""Hosting for Space Alert and the solo sniper mission, registered through the public hooks.

Importing this package (bot.service does, once) registers each game's host profile, presenter,
AI, message refiner and deadline handlers; renderers load on first use of an image.
"""

from __future__ import annotations

from bot.service.ai import register_ai
from bot.service.game_hooks import (
    register_deadline,
    register_recovery,
    register_refiner,
    register_view_cut,
)
from bot.service.hosting import (
    sniper_elite,
    sniper_flow,
    space_alert,
    space_alert_ai,
    space_alert_bridge,
    space_alert_clock,
    space_alert_flow,
)
from bot.service.presenters import register_presenter
from bot.service.profiles import register_profile


def install() -> None:
    """Register both games' hosting (idempotent)."""
    register_profile(space_alert.profile())
    register_profile(sniper_elite.profile())
    register_presenter(space_alert.KEY, space_alert.presenter())
    register_presenter(sniper_elite.KEY, sniper_elite.presenter())
    register_ai(space_alert.KEY, space_alert_ai.choose)
    register_refiner(space_alert.KEY, space_alert_flow.refine)
    register_refiner(sniper_elite.KEY, sniper_flow.refine)
    register_deadline(space_alert_clock.PREFIX, space_alert_clock.fire)
    register_view_cut(space_alert.KEY, space_alert_bridge.heard_cut)
    register_recovery(space_alert.KEY, space_alert_clock.recover)


install()
