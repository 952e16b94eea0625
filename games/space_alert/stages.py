"""Who acts at each stage of a flight: the crew while planning, the dice between phases,
the voters, the repairer or the captain between campaign flights."""

from __future__ import annotations

from games.base import CHANCE, Seat
from games.space_alert.repairs import DESIGNATED_SEAT, repair_seat
from games.space_alert.state import Stage, State


def to_act(state: State) -> frozenset[Seat]:
    """CHANCE between phases; during planning every seat that has not locked in; between
    campaign flights the seats still to vote, the repairing seat, or the captain."""
    if state.stage in (Stage.PREPARE, Stage.OPEN_PHASE, Stage.RESOLVE):
        return frozenset({CHANCE})
    if state.stage is Stage.PLANNING:
        return frozenset(range(state.config.humans)) - state.locked
    if state.stage is Stage.DEBRIEF:
        return frozenset(s for s, v in enumerate(state.votes) if v is None)
    if state.stage is Stage.REPAIR:
        return frozenset({repair_seat(state, state.repairer)})
    if state.stage is Stage.STOW_BOTS:
        return frozenset({DESIGNATED_SEAT})
    return frozenset()
