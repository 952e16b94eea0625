"""A plain Space Alert crewmate for AI seats: fills its own open slots, then locks in.

It plays cards at random into its empty slots of the open phase (never an android's board, which
the people of the crew plan), proposes to stop a campaign, and repairs the first damage offered.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bot.service.ai import Budget
from games.space_alert.actions import LockIn, PlaceCard, RepairDamage, StopCampaign
from games.space_alert.view import View


def choose(view: View, legal: Sequence[Any], rng: random.Random, budget: Budget) -> Any:
    """The crewmate's next action."""
    del budget
    own = next((b for b in view.boards if b.seat == view.seat), None)
    if own is not None and any(isinstance(a, LockIn) for a in legal):
        empty = {i + 1 for i, s in enumerate(own.slots) if s is None}
        fills = [
            a for a in legal if isinstance(a, PlaceCard) and a.board is None and a.slot in empty
        ]
        if fills:
            return fills[rng.randrange(len(fills))]
        return LockIn()
    for kind in (StopCampaign, RepairDamage):
        found = [a for a in legal if isinstance(a, kind)]
        if found:
            return found[0]
    return legal[rng.randrange(len(legal))]
