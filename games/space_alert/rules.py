"""Turn flow of the asynchronous game and the Rules protocol.

The flight is planned phase by phase (turns 1-3, 4-7, 8-12): a chance step opens a phase
(announces its threats, deals its cards), every player programs privately and locks in, and
after the last phase the damage tokens are shuffled and the whole flight resolves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from games.base import (
    CHANCE,
    GameConfig,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    Outcome,
    RandomSource,
    Seat,
)
from games.space_alert.actions import (
    Action,
    ClearSlot,
    DamageDrawn,
    FlightPrepared,
    GiveCard,
    LeaveStoreEmpty,
    LockIn,
    PhaseOpened,
    PlaceCard,
)
from games.space_alert.campaign import campaign_score
from games.space_alert.cards import action_deck, heroic_cards, packets
from games.space_alert.choices import placements
from games.space_alert.debrief import flight_resolved, vote, vote_options
from games.space_alert.missions import official_mission, official_missions, random_mission
from games.space_alert.planning import clear, give, place, transfers_left
from games.space_alert.repairs import (
    leave_store_empty,
    repair,
    repair_options,
    store_options,
)
from games.space_alert.resolution import CrewPlan, FlightPlan, ScheduledThreat, resolve
from games.space_alert.ship import BATTLEBOT_STORES, ZONES, Tile
from games.space_alert.stages import to_act as to_act
from games.space_alert.state import (
    Announcement,
    Stage,
    State,
    crew_boards,
    parse_config,
)
from games.space_alert.threats import threat_specs
from games.space_alert.trajectories import TRAJECTORIES
from games.space_alert.view import View, player_view
from games.text import Text

CD_MISSIONS = tuple(f"mission_{n}" for n in range(1, 9))
"""cs: "Pro plný let zvolte náhodně libovolnou z osmi stop na CD – mise." (mission 'official')"""


def setup(config: GameConfig, seats: int, seed: str) -> State:
    """A new game for `seats` players; the first chance step prepares the flight."""
    cfg = parse_config(dict(config), seats)
    return State(
        config=cfg,
        stage=Stage.PREPARE,
        boards=crew_boards(cfg),
        hands=((),) * cfg.humans,
        given=(0,) * cfg.humans,
        normal=cfg.normal,
        serious=cfg.serious,
    )


def legal_actions(state: State, seat: Seat) -> Sequence[Action]:
    """Every action open to `seat` now: in planning every placement, take-back, card gift and
    the lock-in (front-ends filter with `choices.placements` / `choices.slot_choices`)."""
    if seat not in to_act(state) or seat == CHANCE:
        return []
    if state.stage is Stage.DEBRIEF:
        return vote_options(state)
    if state.stage is Stage.REPAIR:
        return repair_options(state)
    if state.stage is Stage.STOW_BOTS:
        return store_options()
    found: list[Action] = [LockIn(), *placements(state, seat, clears=True)]
    if transfers_left(state, seat):
        for card_id in state.hands[seat]:
            if card_id < 100:
                found += [GiveCard(card_id, to) for to in range(len(state.hands)) if to != seat]
    return found


def apply(state: State, seat: Seat, action: Action) -> State:
    """The state after `seat` plays `action` (CHANCE applies the logged chance results)."""
    if state.stage is Stage.OVER:
        raise GameOverError("The game is over.")
    if seat not in to_act(state):
        raise NotYourTurnError(_waiting_message(state))
    if seat == CHANCE:
        return _apply_chance(state, action)
    if state.stage is Stage.PLANNING:
        return _plan(state, seat, action)
    if state.stage is Stage.DEBRIEF:
        return vote(state, seat, action)
    if state.stage is Stage.REPAIR:
        return repair(state, seat, action)
    if state.stage is Stage.STOW_BOTS and isinstance(action, LeaveStoreEmpty):
        return leave_store_empty(state, seat, action)
    raise IllegalActionError("That is not something a player does.", "not_a_player_action")


def _waiting_message(state: State) -> Text:
    if state.stage is Stage.PLANNING:
        return Text("You have locked in; wait for the next phase.")
    if state.stage is Stage.DEBRIEF:
        return Text("You have made your proposal; wait for the rest of the crew.")
    return Text("Another crew member is to choose now.")


def _plan(state: State, seat: Seat, action: Action) -> State:
    if isinstance(action, PlaceCard):
        return place(state, seat, action)
    if isinstance(action, ClearSlot):
        return clear(state, seat, action)
    if isinstance(action, GiveCard):
        return give(state, seat, action)
    if isinstance(action, LockIn):
        return _lock_in(state, seat)
    raise IllegalActionError("Place, clear, give a card or lock in.", "not_a_player_action")


def _lock_in(state: State, seat: Seat) -> State:
    locked = state.locked | {seat}
    if len(locked) < state.config.humans:
        return replace(state, locked=locked)
    assert state.schedule is not None
    if state.phase < state.schedule.phases:
        return replace(state, locked=frozenset(), stage=Stage.OPEN_PHASE, phase=state.phase + 1)
    return replace(state, locked=locked, stage=Stage.RESOLVE)


# ------------------------------------------------------------------ chance
def sample_chance(state: State, rng: RandomSource) -> Action:
    """Draw what the table would draw now: trajectories and heroics, a phase, damage order."""
    if state.stage is Stage.PREPARE:
        tracks = list(TRAJECTORIES)
        rng.shuffle(tracks)
        heroic = [c.id for c in heroic_cards()]
        rng.shuffle(heroic)
        schedule = None
        if state.config.mission == "random":
            schedule = random_mission(rng)
        elif state.config.mission == "official":
            schedule = official_missions()[CD_MISSIONS[rng.randrange(len(CD_MISSIONS))]]
        return FlightPrepared(
            (tracks[0], tracks[1], tracks[2], tracks[3]),
            tuple(heroic[: len(state.boards)]),
            schedule,
        )
    if state.stage is Stage.OPEN_PHASE:
        return _open_phase(state, rng)
    if state.stage is Stage.RESOLVE:
        orders = []
        for zone in ZONES:
            # Repaired tokens were shuffled back; tokens still on the ship stay there.
            tiles = [t.value for t in state.ship.pile(zone)]
            rng.shuffle(tiles)
            orders.append(tuple(tiles))
        return DamageDrawn((orders[0], orders[1], orders[2]))
    raise IllegalActionError("Nothing is drawn now.", "no_chance")


def _pile(state: State, serious: bool, internal: bool) -> list[str]:
    choice = state.serious if serious else state.normal
    digits = {"white": "1", "yellow": "2", "mixed": "12"}[choice]
    prefix = ("S" if serious else "") + ("I" if internal else "E")
    used = {a.threat_id for a in state.announced}
    return sorted(
        t
        for t in threat_specs()
        if any(t.startswith(f"{prefix}{d}-") for d in digits) and t not in used
    )


def _open_phase(state: State, rng: RandomSource) -> PhaseOpened:
    assert state.schedule is not None
    threats = []
    taken: set[str] = set()
    for slot in state.schedule.for_crew(state.config.crew_size):
        if slot.phase != state.phase:
            continue
        pile = [t for t in _pile(state, slot.serious, slot.zone is None) if t not in taken]
        chosen = pile[rng.randrange(len(pile))]
        taken.add(chosen)
        threats.append((slot.turn, chosen))
    cards: list[tuple[int, ...]] = []
    if not state.config.solo:
        counts, heroic_phase = packets(state.config.humans, state.config.fifth_android)
        deck = sorted(c.id for c in action_deck() if c.id not in state.dealt)
        extra = state.schedule.incoming_data[state.phase - 1]
        for _ in range(state.config.humans):
            want = counts[state.phase - 1] - (state.phase == heroic_phase) + extra
            drawn = []
            for _ in range(min(want, len(deck))):
                drawn.append(deck.pop(rng.randrange(len(deck))))
            cards.append(tuple(sorted(drawn)))
    return PhaseOpened(state.phase, tuple(threats), tuple(cards))


def _apply_chance(state: State, action: Action) -> State:
    if isinstance(action, FlightPrepared) and state.stage is Stage.PREPARE:
        schedule = action.schedule or official_mission(state.config.mission)
        boards = tuple(
            replace(b, heroic=h) if b.seat is None else b
            for b, h in zip(state.boards, action.heroics, strict=True)
        )
        hands = state.hands
        if state.config.solo:
            hands = (tuple(c.id for c in action_deck()),)
        return replace(
            state,
            stage=Stage.OPEN_PHASE,
            phase=1,
            schedule=schedule,
            tracks=action.tracks,
            heroics=action.heroics,
            boards=boards,
            hands=hands,
        )
    if isinstance(action, PhaseOpened) and state.stage is Stage.OPEN_PHASE:
        return _phase_opened(state, action)
    if isinstance(action, DamageDrawn) and state.stage is Stage.RESOLVE:
        for zone, order in zip(ZONES, action.orders, strict=True):
            if sorted(order) != sorted(t.value for t in state.ship.pile(zone)):
                raise IllegalActionError("Those damage tokens are not in the piles.", "bad_chance")
        return flight_resolved(state, resolve(flight_plan(state, action)))
    raise IllegalActionError("That chance result does not fit this moment.", "bad_chance")


def _phase_opened(state: State, action: PhaseOpened) -> State:
    assert state.schedule is not None
    by_turn = {s.turn: s for s in state.schedule.slots}
    announced = state.announced + tuple(Announcement(by_turn[t], i) for t, i in action.threats)
    hands = [list(h) for h in state.hands]
    dealt = set(state.dealt)
    if not state.config.solo:
        _, heroic_phase = packets(state.config.humans, state.config.fifth_android)
        for seat, new in enumerate(action.cards):
            hands[seat] += new
            dealt.update(new)
            if state.phase == heroic_phase:
                hands[seat].append(state.heroics[seat])
    return replace(
        state,
        stage=Stage.PLANNING,
        announced=announced,
        hands=tuple(tuple(sorted(h)) for h in hands),
        dealt=frozenset(dealt),
        given=(0,) * state.config.humans,
    )


def flight_plan(state: State, drawn: DamageDrawn) -> FlightPlan:
    """The programmed flight as resolution input."""
    from games.space_alert.cards import card

    assert state.schedule is not None
    crew = tuple(
        CrewPlan(
            b.name,
            tuple(None if p is None else card(p.card).play(p.half) for p in b.slots),
        )
        for b in state.boards
    )
    threats = tuple(
        ScheduledThreat(a.threat_id, a.slot.turn, a.slot.zone)
        for a in sorted(state.announced, key=lambda a: a.slot.turn)
    )
    orders = tuple(tuple(Tile(t) for t in order) for order in drawn.orders)
    return FlightPlan(
        crew=crew,
        tracks=(state.tracks[0], state.tracks[1], state.tracks[2]),
        internal_track=state.tracks[3],
        threats=threats,
        tile_orders=(orders[0], orders[1], orders[2]),
        turns=state.schedule.turns,
        carried=state.ship.tiles,
        battlebot_stores=tuple(s for s in BATTLEBOT_STORES if s not in state.ship.empty_stores),
    )


def outcome(state: State) -> Outcome | None:
    """The crew's shared result once the flight (or the campaign) is over."""
    if state.stage is not Stage.OVER or state.result is None:
        return None
    seats = frozenset(range(state.config.humans))
    if state.config.campaign:
        card = campaign_score(state.flights)
        if card.total is None:
            failed = Text(
                "Campaign failed in flight {flight}: {reason}.",
                flight=card.lost_in,
                reason=card.loss_reason,
            )
            return Outcome(frozenset(), failed)
        total = Text.plural(
            "Campaign of {count} flight; score {score}.",
            "Campaign of {count} flights; score {score}.",
            card.flights,
            score=card.total,
        )
        return Outcome(seats, total, (card.total,) * state.config.humans)
    if state.result.lost:
        return Outcome(
            frozenset(), Text("Mission lost: {reason}.", reason=state.result.loss_reason)
        )
    score = state.result.score or 0
    returned = Text("The ship returned; score {score}.", score=score)
    return Outcome(seats, returned, (score,) * state.config.humans)


class SpaceAlertRules:
    """The Rules protocol over the functions of this module."""

    def setup(self, config: GameConfig, seats: int, seed: str) -> State:
        """A new game."""
        return setup(config, seats, seed)

    def to_act(self, state: State) -> frozenset[Seat]:
        """Seats to act."""
        return to_act(state)

    def legal_actions(self, state: State, seat: Seat) -> Sequence[Action]:
        """Legal actions for a seat."""
        return legal_actions(state, seat)

    def apply(self, state: State, seat: Seat, action: Action) -> State:
        """Apply an action."""
        return apply(state, seat, action)

    def sample_chance(self, state: State, rng: RandomSource) -> Action:
        """Draw the next chance result."""
        return sample_chance(state, rng)

    def player_view(self, state: State, seat: Seat | None) -> View:
        """What a seat (or the channel) sees."""
        return player_view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        """The result."""
        return outcome(state)


RULES: Any = SpaceAlertRules()
