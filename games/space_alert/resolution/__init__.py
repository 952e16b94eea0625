"""Resolving a recorded flight turn by turn (the rulebook's "Přehrávání záznamu")."""

from __future__ import annotations

from games.space_alert.resolution.flight import CrewPlan, FlightPlan, ScheduledThreat, resolve
from games.space_alert.resolution.trace import FlightResult, TurnFrame

__all__ = ["CrewPlan", "FlightPlan", "FlightResult", "ScheduledThreat", "TurnFrame", "resolve"]
