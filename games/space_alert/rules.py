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
    LockIn,
    PhaseOpened,
    PlaceCard,
)
from games.space_alert.cards import action_deck, heroic_cards, packets
from games.space_alert.missions import official_mission, random_mission
from games.space_alert.planning import clear, give, open_slots, place, transfers_left
from games.space_alert.resolution import CrewPlan, FlightPlan, ScheduledThreat, resolve
from games.space_alert.ship import TURNS, Tile
from games.space_alert.state import (
    Announcement,
    Board,
    Stage,
    State,
    parse_config,
)
from games.space_alert.threats import threat_specs
from games.space_alert.trajectories import TRAJECTORIES
from games.space_alert.view import View, player_view


def setup(config: GameConfig, seats: int, seed: str) -> State:
    """A new game for `seats` players; the first chance step prepares the flight."""
    cfg = parse_config(dict(config), seats)
    humans = 0 if cfg.solo else cfg.humans
    boards = [Board(f"P{i + 1}", i, (None,) * TURNS) for i in range(humans)]
    boards += [Board(f"Android {'ABCDE'[i]}", None, (None,) * TURNS) for i in range(cfg.androids)]
    return State(
        config=cfg,
        stage=Stage.PREPARE,
        boards=tuple(boards),
        hands=((),) * cfg.humans,
        given=(0,) * cfg.humans,
    )


def to_act(state: State) -> frozenset[Seat]:
    """CHANCE between phases; during planning every seat that has not locked in."""
    if state.stage in (Stage.PREPARE, Stage.OPEN_PHASE, Stage.RESOLVE):
        return frozenset({CHANCE})
    if state.stage is Stage.PLANNING:
        return frozenset(range(state.config.humans)) - state.locked
    return frozenset()


def legal_actions(state: State, seat: Seat) -> Sequence[Action]:
    """Every placement, take-back, card gift and the lock-in open to `seat` now."""
    if seat not in to_act(state) or seat == CHANCE:
        return []
    found: list[Action] = [LockIn()]
    hand = state.hands[seat]
    for index, board in enumerate(state.boards):
        own = board.seat == seat
        if board.seat is not None and not own:
            continue
        changeable = own or state.config.solo
        cards = [*hand, *([board.heroic] if board.heroic is not None else [])]
        for slot in open_slots(state):
            placed = board.slots[slot - 1]
            if placed is not None and not changeable:
                continue
            if placed is not None:
                found.append(ClearSlot(slot, None if own else index))
            for card_id in cards:
                if board.seat is None and card_id >= 100 and card_id != board.heroic:
                    continue
                for half in ("action", "move"):
                    found.append(PlaceCard(card_id, slot, half, None if own else index))
    if transfers_left(state, seat):
        for card_id in hand:
            if card_id < 100:
                found += [GiveCard(card_id, to) for to in range(len(state.hands)) if to != seat]
    return found


def apply(state: State, seat: Seat, action: Action) -> State:
    """The state after `seat` plays `action` (CHANCE applies the logged chance results)."""
    if state.stage is Stage.OVER:
        raise GameOverError("The flight is over.")
    if seat not in to_act(state):
        raise NotYourTurnError("You have locked in; wait for the next phase.")
    if seat == CHANCE:
        return _apply_chance(state, action)
    if isinstance(action, PlaceCard):
        return place(state, seat, action)
    if isinstance(action, ClearSlot):
        return clear(state, seat, action)
    if isinstance(action, GiveCard):
        return give(state, seat, action)
    if isinstance(action, LockIn):
        return _lock_in(state, seat)
    raise IllegalActionError("That is not something a player does.", "not_a_player_action")


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
        schedule = random_mission(rng) if state.config.mission == "random" else None
        return FlightPrepared(
            (tracks[0], tracks[1], tracks[2], tracks[3]),
            tuple(heroic[: len(state.boards)]),
            schedule,
        )
    if state.stage is Stage.OPEN_PHASE:
        return _open_phase(state, rng)
    if state.stage is Stage.RESOLVE:
        orders = []
        for _ in range(3):
            tiles = [t.value for t in Tile]
            rng.shuffle(tiles)
            orders.append(tuple(tiles))
        return DamageDrawn((orders[0], orders[1], orders[2]))
    raise IllegalActionError("Nothing is drawn now.", "no_chance")


def _pile(state: State, serious: bool, internal: bool) -> list[str]:
    choice = state.config.serious if serious else state.config.normal
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
        return replace(state, stage=Stage.OVER, result=resolve(flight_plan(state, action)))
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
    )


def outcome(state: State) -> Outcome | None:
    """The crew's shared result once the flight has resolved."""
    if state.stage is not Stage.OVER or state.result is None:
        return None
    seats = frozenset(range(state.config.humans))
    if state.result.lost:
        return Outcome(frozenset(), f"Mission lost: {state.result.loss_reason}.")
    score = state.result.score or 0
    return Outcome(seats, f"The ship returned; score {score}.", (score,) * state.config.humans)


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
