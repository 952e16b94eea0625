"""Space Alert: cooperative crew, hidden programming planned phase by phase, resolved as a story."""

from __future__ import annotations

from typing import Any

from games.base import GameSpec
from games.registry import GAMES, register
from games.space_alert.codec import CODEC
from games.space_alert.rules import RULES

SPEC: GameSpec[Any, Any, Any] = GameSpec(
    key="space_alert",
    name="Space Alert",
    rules=RULES,
    codec=CODEC,
    min_seats=1,
    max_seats=5,
    rules_version=1,
    aliases=("space alert", "spacealert"),
)

if SPEC.key not in GAMES:
    register(SPEC)
