"""Space Alert on the host: lobby profile, presenter (texts and images) and what moves may say.

Programming is private: a placed card is only ever described as "programmed a card", the
public images come from the channel's view (seat None), and a player's program image only from
that player's own view. After the flight every program is public (the view says so).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.service.presenters import Presenter
from bot.service.profiles import HostProfile, Mode
from games.base import CHANCE, Seat
from games.space_alert.actions import (
    ClearSlot,
    DamageDrawn,
    FlightPrepared,
    FlyAgain,
    GiveCard,
    LeaveStoreEmpty,
    LockIn,
    PhaseOpened,
    PlaceCard,
    RepairBattlebots,
    RepairDamage,
    SkipRepair,
    StopCampaign,
)
from games.space_alert.missions import official_missions
from games.space_alert.state import DIFFICULTIES
from games.space_alert.view import View
from games.text import Text

KEY = "space_alert"
PRIVATE_MOVES = (PlaceCard, ClearSlot, GiveCard)
"""Planning moves nobody but the mover hears about (a gift tells the receiver too)."""

PHASE_CLOCKS = (
    0, 300, 600, 900, 1200, 1800, 2700, 3600, 7200, 10800, 14400, 21600, 28800, 43200,
    64800, 86400, 172800, 259200, 345600, 432000, 604800,
)  # fmt: skip
"""Allowed phase deadlines in seconds (0: none): 5 minutes to a week."""


def mission_choices() -> tuple[str, ...]:
    """Lobby values for the mission: generated, a random official one, or a named schedule."""
    return ("random", "official", *official_missions())


def crew_position(index: int) -> str:
    """'captain' for the first crew member, then 'crew 2', 'crew 3' ..."""
    return "captain" if index == 0 else f"crew {index + 1}"


# --- texts ---------------------------------------------------------------------------------
def summary(view: View) -> str:
    """A view as lines: stage, announcements, bulletins, crew; for a seat its hand and boards."""
    lines = [_stage_line(view)]
    lines += [f"  {a.text}" for a in view.announcements]
    lines += [f"  {b}" for b in view.bulletins]
    crew = []
    for b in view.boards:
        mark = " (locked in)" if b.locked else ""
        crew.append(f"{b.name}{mark}" if b.seat is not None else b.name)
    lines.append("Crew in captain order: " + ", ".join(crew))
    if view.seat is not None and view.seat >= 0:
        if view.hand:
            lines.append("Your hand: " + ", ".join(c.text for c in view.hand))
        for b in view.boards:
            if not b.visible or not b.slots:
                continue
            owner = "Your program" if b.seat == view.seat else f"{b.name} (android)"
            slots = " ".join(f"{i}:{s or '-'}" for i, s in enumerate(b.slots, start=1))
            heroic = f"; heroic card {b.heroic.text}" if b.heroic is not None else ""
            lines.append(f"{owner}: {slots}{heroic}")
        if view.transfers_left:
            lines.append(f"You may hand over {view.transfers_left} card(s) this phase.")
    if view.result is not None:
        lines.append(_result_line(view))
    return "\n".join(lines)


def _stage_line(view: View) -> str:
    mission = view.mission.replace("_", " ")
    if view.stage == "planning" and view.open_turns is not None:
        first, last = view.open_turns
        return f"Mission {mission}, phase {view.phase}: programming turns {first}-{last}."
    names = {
        "prepare": "preparing the flight",
        "open_phase": "the computer is announcing threats",
        "resolve": "the flight is resolving",
        "debrief": "between flights: fly on or stop?",
        "repair": "between flights: repairs",
        "stow_bots": "between flights: stowing the battlebots",
        "over": "the mission is over",
    }
    return f"Mission {mission}: {names.get(view.stage, view.stage)}."


def _result_line(view: View) -> str:
    result = view.result
    assert result is not None
    if result.lost:
        return f"The ship was lost: {result.loss_reason}."
    return f"The ship returned. Score {result.score} ({result.threat_points} threat points)."


def _mission_of(action: FlightPrepared) -> str:
    """Which schedule flies: the lobby's named one, a drawn official one, or a generated one."""
    if action.schedule is None:
        return Text("the mission chosen in the lobby")
    if action.schedule.id == "random":
        return Text("a generated mission")
    return Text.verbatim(action.schedule.id.replace("_", " "))


def describe(seat: Seat, action: Any) -> str:
    """One public line per move; planning moves name no card, slot or board."""
    if isinstance(action, PlaceCard):
        return "programmed a card"
    if isinstance(action, ClearSlot):
        return "took a card back"
    if isinstance(action, GiveCard):
        return f"handed a card to P{action.to + 1}"
    if isinstance(action, LockIn):
        return "locked in"
    if isinstance(action, FlightPrepared):
        red, white, blue, internal = action.tracks
        mission = _mission_of(action)
        return (
            f"the flight is prepared ({mission}): trajectories red {red}, white {white}, "
            f"blue {blue}, internal {internal}"
        )
    if isinstance(action, PhaseOpened):
        # Never the threats: a live crew hears them on the clock, and history is public.
        return Text("phase {phase} opens", phase=action.phase)
    if isinstance(action, DamageDrawn):
        return "the flight resolves"
    if isinstance(action, FlyAgain):
        return f"proposes flying on (normal {action.normal}, serious {action.serious})"
    if isinstance(action, StopCampaign):
        return "proposes to stop the campaign"
    if isinstance(action, RepairDamage):
        return f"repairs {action.tile} in the {action.zone} zone"
    if isinstance(action, RepairBattlebots):
        return "repairs a battlebot squad"
    if isinstance(action, SkipRepair):
        return "repairs nothing"
    if isinstance(action, LeaveStoreEmpty):
        return f"leaves the {action.station} store empty"
    del seat
    return type(action).__name__


def presenter() -> Presenter:
    """The Space Alert presenter (the renderer is imported on the first image)."""

    def board(view: View) -> bytes:
        from rendering.space_alert import bridge_png, mission_summary_png

        return bridge_png(view) if view.result is None else mission_summary_png(view)

    def hand(view: View) -> bytes:
        from rendering.space_alert import program_png

        return program_png(view)

    return Presenter(summary=summary, board=board, hand=hand, describe=describe)


# --- host profile --------------------------------------------------------------------------
def pass_action(legal: Sequence[Any]) -> Any | None:
    """What a silent player does past a deadline: lock in, vote stop, repair nothing."""
    for kind in (LockIn, StopCampaign, SkipRepair, LeaveStoreEmpty):
        for action in legal:
            if isinstance(action, kind):
                return action
    return None


def build_config(
    options: Mapping[str, Any], mode: str, roles: Sequence[str | None]
) -> dict[str, Any]:
    """The rules' config: the lobby options the rules read (host-only ones stay out)."""
    del roles
    host_only = ("live", "phase_clock")
    config = {k: v for k, v in options.items() if k not in host_only}
    return {**config, "mode": mode}


def barrier(seat: Seat, action: Any) -> bool:
    """A lock-in cannot be undone: the next phase may already have been dealt."""
    return seat == CHANCE or isinstance(action, LockIn)


def crew_teams(config: Mapping[str, Any], seats: int) -> tuple[tuple[Seat, ...], ...]:
    """The whole crew is one side."""
    del config
    return (tuple(range(seats)),)


def profile() -> HostProfile:
    """Modes: a crew of 2-5 players (androids fill up to four characters) or solo."""
    difficulty = DIFFICULTIES
    return HostProfile(
        key=KEY,
        modes=(
            Mode("crew", (2, 3, 4, 5), "2-5 players; androids fly with 2-3"),
            Mode("solo", (1,), "one player flying four androids"),
        ),
        options={
            "mission": mission_choices(),
            "difficulty": difficulty,
            "normal": difficulty,
            "serious": difficulty,
            "fifth_android": (False, True),
            "campaign": (False, True),
            "live": (False, True),
            "phase_clock": PHASE_CLOCKS,
        },
        build_config=build_config,
        is_barrier=barrier,
        pass_action=pass_action,
        teams=crew_teams,
    )
