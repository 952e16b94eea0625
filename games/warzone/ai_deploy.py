"""Where the Warzone AI deploys: each squad in formation at the front of its zone, toward a relay.

Troop squads spread over the relays (each to the one least covered by the squads already placed),
characters go to the most covered one, among their troops.
"""

from __future__ import annotations

from collections.abc import Sequence

import games.warzone.actions as a
from games.base import GameError
from games.warzone.deploy import deploy
from games.warzone.geometry import Vec
from games.warzone.mission import DEPLOY_DEPTH
from games.warzone.state import State
from games.warzone.terrain import TABLE_SIZE

STEPS = 61
"""Anchors tried along the zone's front edge, 0.55 in apart from x = 1.5 in."""


def deployment(state: State, legal: Sequence[object]) -> object:
    """The first squad still to place, in line (else a wedge) nearest the relay it is sent to."""
    first = next(act for act in legal if isinstance(act, a.Deploy))
    squad = state.squad(first.squad)
    seat = squad.seat
    relay = relay_for(state, squad.key, seat)
    south = seat == state.south_seat
    facing = 90.0 if south else 270.0
    r = state.model(squad.commander).radius
    best: tuple[float, a.Deploy] | None = None
    for formation, depth in (("line", 0.0), ("wedge", 2 * r + 0.5)):
        front = DEPLOY_DEPTH - r - 0.05
        y = front if south else TABLE_SIZE - front
        y = y - depth / 2 if south else y + depth / 2
        for step in range(STEPS):
            x = 1.5 + step * 0.55
            act = a.Deploy(squad.key, ((round(x, 2), round(y, 2)),), facing, formation)
            score = -abs(x - relay[0]) - depth
            if best is not None and score <= best[0]:
                continue
            try:
                deploy(state, seat, act)
            except GameError:
                continue
            best = (score, act)
    return first if best is None else best[1]


def relay_for(state: State, key: str, seat: int) -> Vec:
    """Troops go to the relay least covered by squads already placed, characters to the most."""
    placed = [m.pos for m in state.models if m.seat == seat and m.deployed and m.alive]
    relays = list(state.objectives) or [(TABLE_SIZE / 2, TABLE_SIZE / 2)]

    def claim(o: Vec) -> float:
        return min((abs(p[0] - o[0]) for p in placed), default=TABLE_SIZE)

    if state.squad(key).character:
        return min(relays, key=claim)
    return max(relays, key=claim)
