"""Relay Recovery, an original mission (gap-fill): three relays, five rounds, VP and body count."""

from __future__ import annotations

from games.base import Outcome
from games.text import Text
from games.warzone.geometry import dist
from games.warzone.state import Morale, State
from games.warzone.work import Work

CONTROL_RANGE = 3.0
DEPLOY_DEPTH = 8.0
SCORING_FROM_ROUND = 2


def controller(work: Work, objective: tuple[float, float]) -> int | None:
    """The seat with more steady models within 3 inches of a relay, or None."""
    counts = [0, 0]
    for m in work.models.values():
        if not m.alive or not m.deployed:
            continue
        squad = work.squads[m.squad]
        host = work.squads[squad.attached_to] if squad.attached_to else squad
        if host.morale is not Morale.STEADY or m.has("Hidden Agenda"):
            continue
        if dist(m.pos, objective) - m.radius <= CONTROL_RANGE:
            counts[m.seat] += 1
    if counts[0] == counts[1]:
        return None
    return 0 if counts[0] > counts[1] else 1


def held(control: tuple[int | None, ...]) -> Text:
    """Who holds each relay, as the tuple reads ('(0, None, 1)'): seats, and None said."""
    seats = [Text.verbatim(str(seat)) if seat is not None else Text("None") for seat in control]
    tail = "," if len(seats) == 1 else ""
    return Text.joined("", ["(", Text.joined(", ", seats), tail + ")"])


def score_round(work: Work) -> None:
    """End of round: control of each relay; 1 VP per relay from round 2."""
    control = tuple(controller(work, o) for o in work.get("objectives"))
    work.set(control=control)
    rnd = work.get("round")
    if rnd < SCORING_FROM_ROUND:
        work.say(
            Text(
                "round {round}: relays held {control} (scoring starts in round 2)",
                round=rnd,
                control=held(control),
            )
        )
        return
    vp = list(work.get("vp"))
    for seat in control:
        if seat is not None:
            vp[seat] += 1
    work.set(vp=(vp[0], vp[1]))
    work.say(
        Text(
            "round {round}: relays held {control}; VP {first}-{second}",
            round=rnd,
            control=held(control),
            first=vp[0],
            second=vp[1],
        )
    )


def final_vp(state: State) -> tuple[int, int]:
    """VP with +1 for each side whose enemy army commander is destroyed."""
    vp = list(state.vp)
    for squad in state.squads:
        if squad.army_commander and not state.alive_in(squad.key):
            vp[1 - squad.seat] += 1
    return vp[0], vp[1]


def decide(state: State) -> Outcome:
    """Higher VP wins; then body count (points destroyed); else a draw."""
    vp = final_vp(state)
    scores = (vp[0], vp[1])
    if vp[0] != vp[1]:
        return Outcome(frozenset({0 if vp[0] > vp[1] else 1}), Text("victory points"), scores)
    body = state.body_count
    if body[0] != body[1]:
        return Outcome(frozenset({0 if body[0] > body[1] else 1}), Text("body count"), scores)
    # Not the bare word "draw": the catalogues already hold it for drawing tiles.
    return Outcome(frozenset(), Text("a draw: equal victory points and body count"), scores)


def in_zone(state: State, seat: int, y: float, radius: float) -> bool:
    """Whether a base lies wholly inside the seat's 8-inch deployment zone."""
    from games.warzone.terrain import TABLE_SIZE

    if seat == state.south_seat:
        return radius <= y <= DEPLOY_DEPTH - radius
    return TABLE_SIZE - DEPLOY_DEPTH + radius <= y <= TABLE_SIZE - radius
