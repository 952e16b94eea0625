"""After a flight: end the game, or (campaign) ask the crew whether and how hard to fly on.

cs 6: "Můžete kdykoliv kampaň ukončit a dále neletět" and "Když je vybírána obtížnost běžných a
vážných ohrožení nebo, když je rozhodováno, zda pokračovat, měli by souhlasit všichni členové
posádky. Pokud ne, vítězí nejopatrnější návrh." The bot asks every player at once and applies
the most cautious proposal: one "stop" ends the campaign; otherwise each deck gets the easiest
difficulty proposed.
"""

from __future__ import annotations

from dataclasses import replace

from games.base import IllegalActionError, InvalidActionError, Seat
from games.space_alert.actions import Action, FlyAgain, StopCampaign
from games.space_alert.campaign import (
    CAUTION,
    MAX_FLIGHTS,
    FlightRecord,
    damage_after,
    settle_votes,
)
from games.space_alert.repairs import start_repairs
from games.space_alert.resolution import FlightResult
from games.space_alert.state import Stage, State


def flight_resolved(state: State, result: FlightResult) -> State:
    """Record the flight; the game ends unless a campaign flies on."""
    assert state.schedule is not None
    record = FlightRecord(state.flight, state.schedule.id, state.normal, state.serious, result)
    state = replace(state, result=result, flights=(*state.flights, record))
    if not state.config.campaign:
        return replace(state, stage=Stage.OVER)
    # "Pokud se nevrátíte, kampaň končí neúspěchem." After the third flight nobody repairs:
    # "Po třetím letu … už neopravujte loď."
    state = replace(state, ship=damage_after(result))
    if result.lost or state.flight >= MAX_FLIGHTS:
        return replace(state, stage=Stage.OVER)
    return replace(state, stage=Stage.DEBRIEF, votes=(None,) * state.config.humans)


def vote_options(state: State) -> list[Action]:
    """Stopping, or flying on at any pair of deck difficulties."""
    options: list[Action] = [StopCampaign()]
    options += [FlyAgain(n, s) for n in CAUTION for s in CAUTION]
    return options


def vote(state: State, seat: Seat, action: Action) -> State:
    """Take a seat's proposal; when all are in, stop or go on to the repairs."""
    if isinstance(action, FlyAgain):
        for name in (action.normal, action.serious):
            if name not in CAUTION:
                raise InvalidActionError(
                    "Difficulty must be white, yellow or mixed, not {name!r}.",
                    "bad_difficulty",
                    name=name,
                )
    elif not isinstance(action, StopCampaign):
        raise IllegalActionError("Propose flying on or stopping.", "not_a_vote")
    votes = list(state.votes)
    votes[seat] = action
    state = replace(state, votes=tuple(votes))
    cast = [v for v in votes if v is not None]
    if len(cast) < len(votes):
        return state
    fly, normal, serious = settle_votes(cast)
    if not fly:
        return replace(state, stage=Stage.OVER)
    return start_repairs(replace(state, normal=normal, serious=serious))
