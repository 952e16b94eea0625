"""What a seat (or the channel) sees: the whole table is open; standing orders stay private."""

from __future__ import annotations

from dataclasses import dataclass

from games.base import Seat
from games.text import Text
from games.warzone.state import Line, Model, Phase, Squad, State
from games.warzone.terrain import TABLE_SIZE, Terrain


@dataclass(frozen=True, slots=True)
class SquadView:
    """A squad as shown: morale, activation, commander and (for its owner) standing orders."""

    key: str
    seat: int
    name: str
    morale: str
    activated: bool
    commander: str
    attached_to: str | None
    lost_commander: bool
    policy: str | None


@dataclass(frozen=True, slots=True)
class WarzoneView:
    """A renderable, JSON-friendly picture of the game for one seat."""

    seat: Seat | None
    phase: str
    round: int
    last_round: int
    table: float
    initiative: int
    active_seat: int
    active_squad: str | None
    active_model: str | None
    terrain: tuple[Terrain, ...]
    models: tuple[Model, ...]
    squads: tuple[SquadView, ...]
    objectives: tuple[tuple[float, float], ...]
    control: tuple[int | None, ...]
    vp: tuple[int, int]
    body_count: tuple[int, int]
    res_left: tuple[int, int]
    reaction: tuple[str, ...]
    log: tuple[Line, ...]
    south_seat: int = 0
    """The seat deploying along the south edge (y = 0), for zones on the table image."""


SENTRY = {"fire": Text("fire"), "ask": Text("ask"), "hold": Text("hold")}
"""A squad's sentry orders (SentryPolicy values) as players read them."""
ON, OFF = Text("on"), Text("off")


def _squad(s: Squad, seat: Seat | None) -> SquadView:
    policy = None
    if seat == s.seat:
        p = s.policy
        policy = Text(
            "sentry {sentry}, guard {guard}, RES heal {heal}",
            sentry=SENTRY[p.sentry.value],
            guard=ON if p.guard else OFF,
            heal=ON if p.res_heal else OFF,
        )
    return SquadView(
        s.key, s.seat, s.name, s.morale.value, s.activated, s.commander, s.attached_to,
        s.lost_commander, policy,
    )  # fmt: skip


def player_view(state: State, seat: Seat | None) -> WarzoneView:
    """The view for `seat` (None: spectators and the channel)."""
    return WarzoneView(
        seat=seat,
        phase=state.phase.value,
        round=state.round,
        last_round=state.last_round,
        table=TABLE_SIZE,
        initiative=state.initiative,
        active_seat=state.active_seat,
        active_squad=state.active_squad,
        active_model=state.active_model,
        terrain=state.terrain,
        models=state.models,
        squads=tuple(_squad(s, seat) for s in state.squads),
        objectives=state.objectives,
        control=state.control,
        vp=state.vp,
        body_count=state.body_count,
        res_left=(
            state.res_cards[0] - state.res_spent[0],
            state.res_cards[1] - state.res_spent[1],
        ),
        reaction=state.reaction if state.phase is Phase.REACTION else (),
        log=state.log[-60:],
        south_seat=state.south_seat,
    )
