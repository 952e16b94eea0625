"""Warzone Resurrection skirmish: squads on a measured table, D20 tests, alternating activations."""

from __future__ import annotations

from typing import Any

from games.base import GameSpec
from games.registry import register
from games.warzone import rules
from games.warzone.codec import WarzoneCodec
from games.warzone.state import State
from games.warzone.view import WarzoneView

SPEC: GameSpec[State, Any, WarzoneView] = GameSpec(
    key="warzone",
    name="Warzone Resurrection skirmish",
    rules=rules,
    codec=WarzoneCodec(),
    min_seats=2,
    max_seats=2,
    # 2: target priority among equal sizes and sentry windows before an action.
    # 3: RES at a model's start keeps the out-of-coherency order; a straying model finishes its
    #    activation before the next one starts.
    # 4: Insalubrious Bodily Fluids sprays the models engaged with the removed Necromutant (it
    #    never fired before: the check ran after the model had left the table).
    # 5: after a failed target-priority test the action may be repeated only at another target;
    #    the log says when starting a model ends the previous one's activation with AP unused,
    #    and names cover by the terrain piece's name.
    rules_version=5,
    aliases=("warzone-resurrection", "wz"),
)
register(SPEC)
