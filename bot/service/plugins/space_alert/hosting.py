"""Space Alert on the host: lobby profile, presenter (texts and images) and what moves may say.

Programming is private: a placed card is only ever described as "programmed a card", the
public images come from the channel's view (seat None), and a player's program image only from
that player's own view. After the flight every program is public (the view says so).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.service.presenters import Presenter, Say
from bot.service.profiles import LEAVER, LEAVER_CHOICES, HostProfile, Mode
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
from games.space_alert.cards import card_numbers, hand_groups
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


def crew_position(index: int) -> Text:
    """'captain' for the first crew member, then 'crew 2', 'crew 3' ..."""
    return Text("captain") if index == 0 else Text("crew {number}", number=index + 1)


# --- texts ---------------------------------------------------------------------------------
def summary(view: View) -> Text:
    """A view as lines: stage, announcements, bulletins, crew; for a seat its hand and boards."""
    return Text.lines(summary_lines(view))


HAND_LINE = "Your hand: {cards}"


def is_hand_line(line: str) -> bool:
    """Whether a summary line is the seat's hand (said once per phase)."""
    return isinstance(line, Text) and line.template == HAND_LINE


def summary_lines(view: View) -> list[Text]:
    """The lines of `summary`."""
    indent = Text.verbatim("  ")
    lines: list[Text] = [_stage_line(view)]
    lines += [Text.joined("", [indent, a.text]) for a in view.announcements]
    lines += [Text.joined("", [indent, b]) for b in view.bulletins]
    crew = []
    for b in view.boards:
        name = Text.verbatim(b.name)
        crew.append(Text("{name} (locked in)", name=name) if b.locked else name)
    lines.append(Text("Crew in captain order: {crew}", crew=Text.joined(", ", crew)))
    if view.seat is not None and view.seat >= 0:
        if view.hand:
            kinds = hand_groups(view.hand)
            hand = Text.verbatim(", ".join(f"{face} {card_numbers(ids)}" for face, ids in kinds))
            lines.append(Text("Your hand: {cards}", cards=hand))  # HAND_LINE
        for b in view.boards:
            if not b.visible or not b.slots:
                continue
            slots = Text.verbatim(" ".join(f"{i}:{s or '-'}" for i, s in enumerate(b.slots, 1)))
            if b.seat == view.seat:
                line = Text("Your program: {slots}", slots=slots)
            else:
                line = Text("{name} (android): {slots}", name=Text.verbatim(b.name), slots=slots)
            if b.heroic is not None:
                heroic = Text("; heroic card {card}", card=Text.verbatim(b.heroic.text))
                line = Text.joined("", [line, heroic])
            lines.append(line)
        if view.transfers_left:
            lines.append(
                Text.plural(
                    "You may hand over {count} card this phase.",
                    "You may hand over {count} cards this phase.",
                    view.transfers_left,
                )
            )
    if view.result is not None:
        lines.append(_result_line(view))
    return lines


STAGES = {
    "prepare": Text("preparing the flight"),
    "open_phase": Text("the computer is announcing threats"),
    "resolve": Text("the flight is resolving"),
    "debrief": Text("between flights: fly on or stop?"),
    "repair": Text("between flights: repairs"),
    "stow_bots": Text("between flights: stowing the battlebots"),
    "over": Text("the mission is over"),
}
"""What the crew is doing, by the view's stage."""


def _stage_line(view: View) -> Text:
    mission = Text.verbatim(view.mission.replace("_", " "))
    if view.stage == "planning" and view.open_turns is not None:
        first, last = view.open_turns
        return Text(
            "Mission {mission}, phase {phase}: programming turns {first}-{last}.",
            mission=mission,
            phase=view.phase,
            first=first,
            last=last,
        )
    stage = STAGES.get(view.stage, Text.verbatim(view.stage))
    return Text("Mission {mission}: {stage}.", mission=mission, stage=stage)


def _result_line(view: View) -> Text:
    result = view.result
    assert result is not None
    if result.lost:
        return Text("The ship was lost: {reason}.", reason=result.loss_reason)
    return Text.plural(
        "The ship returned. Score {score} ({count} threat point).",
        "The ship returned. Score {score} ({count} threat points).",
        result.threat_points,
        score=result.score,
    )


def _mission_of(action: FlightPrepared) -> Text:
    """Which schedule flies: the lobby's named one, a drawn official one, or a generated one."""
    if action.schedule is None:
        return Text("the mission chosen in the lobby")
    if action.schedule.id == "random":
        return Text("a generated mission")
    return Text.verbatim(action.schedule.id.replace("_", " "))


def describe(seat: Seat, action: Any) -> Text:
    """One public line per move; planning moves name no card, slot or board."""
    del seat
    if isinstance(action, PlaceCard):
        return Text("programmed a card")
    if isinstance(action, ClearSlot):
        return Text("took a card back")
    if isinstance(action, GiveCard):
        return Text("handed a card to {board}", board=Text.verbatim(f"P{action.to + 1}"))
    if isinstance(action, LockIn):
        return Text("locked in")
    if isinstance(action, FlightPrepared):
        red, white, blue, internal = action.tracks
        return Text(
            "the flight is prepared ({mission}): trajectories red {red}, white {white}, "
            "blue {blue}, internal {internal}",
            mission=_mission_of(action),
            red=red,
            white=white,
            blue=blue,
            internal=internal,
        )
    if isinstance(action, PhaseOpened):
        # Never the threats: a live crew hears them on the clock, and history is public.
        return Text("phase {phase} opens", phase=action.phase)
    if isinstance(action, DamageDrawn):
        return Text("the flight resolves")
    if isinstance(action, FlyAgain):
        return Text(
            "proposes flying on (normal {normal}, serious {serious})",
            normal=action.normal,
            serious=action.serious,
        )
    if isinstance(action, StopCampaign):
        return Text("proposes to stop the campaign")
    if isinstance(action, RepairDamage):
        return Text("repairs {tile} in the {zone} zone", tile=action.tile, zone=action.zone)
    if isinstance(action, RepairBattlebots):
        return Text("repairs a battlebot squad")
    if isinstance(action, SkipRepair):
        return Text("repairs nothing")
    if isinstance(action, LeaveStoreEmpty):
        return Text("leaves the {store} store empty", store=action.station)
    return Text.verbatim(type(action).__name__)


def presenter() -> Presenter:
    """The Space Alert presenter (the renderer is imported on the first image)."""
    return Presenter(summary=summary, board=board_png, hand=hand_png, describe=describe)


# Module-level drawings: they pickle, so the process pool can draw them.
def board_png(view: View, say: Say = str) -> bytes:
    """The bridge while playing, the mission summary once it is over."""
    from rendering.space_alert import bridge_png, mission_summary_png

    if view.result is None:
        return bridge_png(view, say=say)
    return mission_summary_png(view, say=say)


def hand_png(view: View, say: Say = str) -> bytes:
    """A seat's program."""
    from rendering.space_alert import program_png

    return program_png(view, say=say)


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
    host_only = ("live", "phase_clock", LEAVER)
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
            LEAVER: LEAVER_CHOICES,
        },
        build_config=build_config,
        is_barrier=barrier,
        pass_action=pass_action,
        teams=crew_teams,
        cooperative=True,
    )
