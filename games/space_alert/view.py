"""What each seat may see: the bridge (public), its own hand and board, androids' boards.

Before resolution nobody sees another player's cards; the channel (seat None) never sees
any program or hand. After resolution every program and the whole trace are public.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.base import Seat
from games.space_alert.campaign import CampaignScore, campaign_score
from games.space_alert.cards import Card, card
from games.space_alert.planning import transfers_left
from games.space_alert.resolution import FlightResult
from games.space_alert.ship import PHASES
from games.space_alert.stages import to_act
from games.space_alert.state import Stage, State
from games.space_alert.threats import threat_spec
from games.text import Text

_RESOLVED = (Stage.OVER, Stage.DEBRIEF, Stage.REPAIR, Stage.STOW_BOTS)


@dataclass(frozen=True, slots=True)
class AnnouncementView:
    """A computer announcement: 'T+3 serious threat, red zone: Frigate'."""

    turn: int
    zone: str
    serious: bool
    threat_id: str
    name: str
    phase: int
    text: Text


@dataclass(frozen=True, slots=True)
class BoardView:
    """A crew member's board; `slots` is empty when its cards are hidden from the viewer."""

    index: int
    name: str
    seat: Seat | None
    locked: bool
    visible: bool
    slots: tuple[str | None, ...]
    heroic: Card | None


@dataclass(frozen=True, slots=True)
class FlightLine:
    """A line of the campaign's flight log."""

    number: int
    mission: str
    normal: str
    serious: str
    lost: bool
    score: int | None
    threat_points: int
    visual_confirmation: int


@dataclass(frozen=True, slots=True)
class CampaignView:
    """The campaign so far: flights flown, the ship's carried damage and the break's choices."""

    flight: int
    normal: str
    serious: str
    log: tuple[FlightLine, ...]
    damage: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
    """Damage tokens on the ship per zone (red, white, blue), carried into or out of a flight."""
    broken_battlebots: int
    empty_stores: tuple[str, ...]
    voted: tuple[Seat, ...]
    repairer: int | None
    """Crew index whose repair is due (stage repair)."""
    repaired: tuple[int, int, int]
    score: CampaignScore | None
    """The final line once the campaign is over."""


@dataclass(frozen=True, slots=True)
class View:
    """One seat's (or the channel's) picture of the game."""

    seat: Seat | None
    stage: str
    phase: int
    open_turns: tuple[int, int] | None
    mission: str
    tracks: tuple[str, ...]
    announcements: tuple[AnnouncementView, ...]
    bulletins: tuple[Text, ...]
    boards: tuple[BoardView, ...]
    hand: tuple[Card, ...]
    transfers_left: int
    waiting_for: tuple[Seat, ...]
    result: FlightResult | None
    campaign: CampaignView | None = None
    humans: int = 0
    """How many players sit at the table (a solo player flies a crew of androids)."""
    locked_in: tuple[Seat, ...] = ()
    """The players who have locked the phase in (public: the bridge counts them)."""


ANNOUNCEMENTS = {
    ("red", False): Text("Time T+{turn}: threat in the red zone. {name} ({id})."),
    ("white", False): Text("Time T+{turn}: threat in the white zone. {name} ({id})."),
    ("blue", False): Text("Time T+{turn}: threat in the blue zone. {name} ({id})."),
    ("internal", False): Text("Time T+{turn}: internal threat. {name} ({id})."),
    ("red", True): Text("Time T+{turn}: serious threat in the red zone. {name} ({id})."),
    ("white", True): Text("Time T+{turn}: serious threat in the white zone. {name} ({id})."),
    ("blue", True): Text("Time T+{turn}: serious threat in the blue zone. {name} ({id})."),
    ("internal", True): Text("Time T+{turn}: serious internal threat. {name} ({id})."),
}
"""The computer's words per zone and kind (a zone reads differently in every language)."""


def _announcement(state: State, index: int) -> AnnouncementView:
    a = state.announced[index]
    spec = threat_spec(a.threat_id)
    zone = "internal" if a.slot.zone is None else a.slot.zone.key
    template = ANNOUNCEMENTS[zone, a.slot.serious].template
    text = Text(template, turn=a.slot.turn, name=Text.verbatim(spec.name), id=spec.id)
    return AnnouncementView(
        a.slot.turn, zone, a.slot.serious, a.threat_id, spec.name, a.slot.phase, text
    )


def bulletins(state: State) -> tuple[Text, ...]:
    """The computer's other announcements for the phases opened so far."""
    if state.schedule is None:
        return ()
    lines = []
    for phase in range(1, state.phase + 1):
        i = phase - 1
        if not state.config.solo and state.schedule.incoming_data[i]:
            n = state.schedule.incoming_data[i]
            lines.append(
                Text.plural(
                    "Phase {phase}: incoming data - everyone drew {count} extra card.",
                    "Phase {phase}: incoming data - everyone drew {count} extra cards.",
                    n,
                    phase=phase,
                )
            )
        if not state.config.solo and state.schedule.data_transfers[i]:
            n = state.schedule.data_transfers[i]
            lines.append(
                Text.plural(
                    "Phase {phase}: data transfer - each player may hand over {count} card.",
                    "Phase {phase}: data transfer - each player may hand over {count} cards.",
                    n,
                    phase=phase,
                )
            )
        if not state.config.solo and state.schedule.comms_down[i]:
            s = state.schedule.comms_down[i]
            lines.append(
                Text(
                    "Phase {phase}: communications down for {s} s - please do not talk about "
                    "the plan until the all-clear.",
                    phase=phase,
                    s=s,
                )
            )
    return tuple(lines)


def player_view(state: State, seat: Seat | None) -> View:
    """What `seat` may see now (None: the public channel)."""
    over = state.stage in _RESOLVED
    boards = []
    for index, board in enumerate(state.boards):
        own = seat is not None and board.seat == seat
        android_for_crew = board.seat is None and seat is not None
        visible = over or own or android_for_crew
        slots = (
            tuple(None if p is None else card(p.card).play(p.half).text for p in board.slots)
            if visible
            else ()
        )
        heroic = card(board.heroic) if board.heroic is not None and seat is not None else None
        locked = board.seat is not None and board.seat in state.locked
        boards.append(BoardView(index, board.name, board.seat, locked, visible, slots, heroic))
    hand = () if seat is None or seat < 0 else tuple(card(c) for c in state.hands[seat])
    open_turns = PHASES[state.phase - 1] if state.stage is Stage.PLANNING else None
    waiting = tuple(sorted(s for s in to_act(state) if s >= 0))
    return View(
        seat=seat,
        stage=state.stage.value,
        phase=state.phase,
        open_turns=open_turns,
        mission=state.config.mission,
        tracks=state.tracks,
        announcements=tuple(_announcement(state, i) for i in range(len(state.announced))),
        bulletins=bulletins(state),
        boards=tuple(boards),
        hand=hand,
        transfers_left=0 if seat is None or seat < 0 else transfers_left(state, seat),
        waiting_for=waiting,
        humans=state.config.humans,
        locked_in=tuple(sorted(s for s in state.locked if 0 <= s < state.config.humans)),
        result=state.result if over else None,
        campaign=_campaign(state) if state.config.campaign else None,
    )


def _campaign(state: State) -> CampaignView:
    log = tuple(
        FlightLine(
            r.number,
            r.mission,
            r.normal,
            r.serious,
            r.result.lost,
            r.result.score,
            r.result.threat_points,
            sum(r.result.visual_confirmation),
        )
        for r in state.flights
    )
    tiles = state.ship.tiles
    return CampaignView(
        flight=state.flight,
        normal=state.normal,
        serious=state.serious,
        log=log,
        damage=(
            tuple(t.value for t in tiles[0]),
            tuple(t.value for t in tiles[1]),
            tuple(t.value for t in tiles[2]),
        ),
        broken_battlebots=state.ship.broken_bots,
        empty_stores=tuple(s.key for s in state.ship.empty_stores),
        voted=tuple(i for i, v in enumerate(state.votes) if v is not None),
        repairer=state.repairer if state.stage is Stage.REPAIR else None,
        repaired=state.repaired,
        score=campaign_score(state.flights) if state.stage is Stage.OVER else None,
    )
