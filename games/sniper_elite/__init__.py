"""A solo sniper mission in the style of Sniper Elite: The Board Game, on original content."""

from __future__ import annotations

from games.base import GameSpec
from games.registry import register
from games.sniper_elite import rules
from games.sniper_elite.actions import SniperAction
from games.sniper_elite.codec import SniperCodec
from games.sniper_elite.model import State
from games.sniper_elite.rules import (
    apply,
    legal_actions,
    outcome,
    player_view,
    sample_chance,
    setup,
    to_act,
)
from games.sniper_elite.view import SniperView

__all__ = [
    "SPEC",
    "SniperAction",
    "SniperView",
    "State",
    "apply",
    "legal_actions",
    "outcome",
    "player_view",
    "sample_chance",
    "setup",
    "to_act",
]

SPEC: GameSpec[State, SniperAction, SniperView] = GameSpec(
    key="sniper_elite",
    name="Sniper Elite solo mission",
    rules=rules,
    codec=SniperCodec(),
    min_seats=1,
    max_seats=1,
    # 2: "unguarded" is read on the probable objective, not on the access space a defender is
    #    sent to (a guard on an access space shared by two objectives no longer skips both).
    rules_version=2,
    aliases=("sniper", "sniper-elite", "sniper_solo"),
)
register(SPEC)
