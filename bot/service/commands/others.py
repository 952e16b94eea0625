"""The `/space-alert` and `/sniper` groups (each game's commands live in its own module)."""

from __future__ import annotations

from bot.service.commands.sniper import group as sniper
from bot.service.commands.space_alert import group as space_alert

__all__ = ["sniper", "space_alert"]
