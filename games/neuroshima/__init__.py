"""Neuroshima Hex: tile-laying skirmishes of up to six armies on a hex board."""

from __future__ import annotations

from games.base import GameSpec
from games.neuroshima import rules
from games.neuroshima.actions import NeuroshimaAction
from games.neuroshima.codec import NeuroshimaCodec
from games.neuroshima.rules import (
    apply,
    legal_actions,
    outcome,
    player_view,
    sample_chance,
    setup,
    to_act,
)
from games.neuroshima.state import State
from games.neuroshima.view import NeuroshimaView
from games.registry import register

__all__ = [
    "SPEC",
    "NeuroshimaAction",
    "NeuroshimaView",
    "State",
    "apply",
    "legal_actions",
    "outcome",
    "player_view",
    "sample_chance",
    "setup",
    "to_act",
]

SPEC: GameSpec[State, NeuroshimaAction, NeuroshimaView] = GameSpec(
    key="neuroshima",
    name="Neuroshima Hex",
    rules=rules,
    codec=NeuroshimaCodec(),
    min_seats=2,
    max_seats=6,
    aliases=("nh", "neuroshima_hex", "neuroshima-hex"),
)
register(SPEC)
