"""Turn flow of the solo mission: who acts, what is legal, what each action does.

Seat 0 is the sniper; the defenders are run by the rules and every random step (deals, token
draws, the order die, card draws, tie-breaks) is a logged CHANCE result.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import games.sniper_elite.defenders as defenders
import games.sniper_elite.equipment as equipment
import games.sniper_elite.setup as setup_mod
import games.sniper_elite.sniper as sniper
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
from games.sniper_elite.actions import (
    CHANCE_ACTIONS,
    Complete,
    DiscardObjective,
    EndTurn,
    Enter,
    Equip,
    EquipmentDealt,
    Keep,
    Loot,
    LootDrawn,
    Move,
    ObjectivesDrawn,
    OrderDrawn,
    OrderRolled,
    OrdersDealt,
    Place,
    Reward,
    Shoot,
    SniperAction,
    Tiebreak,
    TokensDrawn,
)
from games.sniper_elite.board import Board, load_board
from games.sniper_elite.health import note
from games.sniper_elite.model import (
    CHANCE_PHASES,
    PendingLoot,
    PendingReturn,
    PendingShot,
    PendingTiebreak,
    Phase,
    State,
)
from games.sniper_elite.view import SniperView
from games.sniper_elite.view import player_view as _player_view
from games.text import Text

PLAYER: Seat = 0
TIEBREAK_RANGE = 2**32
SALT_DRAW_RANGE = 2**128
"""The committed draw that the player's words are mixed with: 128 bits."""


def setup(config: GameConfig, seats: int, seed: str) -> State:
    """A new mission (the seed is used only by the engine's chance steps)."""
    return setup_mod.setup(config, seats)


def to_act(state: State) -> frozenset[Seat]:
    """{CHANCE} for random steps, {0} for the sniper, empty once the mission is over."""
    if state.result is not None or state.phase is Phase.OVER:
        return frozenset()
    if state.phase in CHANCE_PHASES:
        return frozenset({CHANCE})
    return frozenset({PLAYER})


def _board(state: State) -> Board:
    return load_board(state.board)


def legal_actions(state: State, seat: Seat) -> Sequence[SniperAction]:
    """Every action the sniper may take now (chance results are not listed)."""
    if seat != PLAYER or PLAYER not in to_act(state):
        return ()
    board = _board(state)
    phase = state.phase
    if phase is Phase.OBJECTIVE_DISCARD:
        return tuple(DiscardObjective(n) for n in state.objectives)
    if phase is Phase.CHOOSE_ENTRY:
        return tuple(Enter(s) for s in setup_mod.entry_options(board, state))
    if phase is Phase.REWARD:
        return tuple(Reward(k, n) for k, n in sniper.reward_options(state))
    if phase is Phase.LOOT_KEEP:
        assert isinstance(state.pending, PendingLoot)
        return tuple(Keep(c) for c in sorted(set(state.pending.cards)))
    if phase is Phase.RETURN_PLACE:
        assert isinstance(state.pending, PendingReturn)
        return tuple(Place(s) for s in state.pending.options)
    actions: list[SniperAction] = []
    if not state.turn.moved:
        actions += [Move(p) for p in sniper.sniper_paths(board, state)]
    actions += [Equip(c, a) for c, a in equipment.equip_options(board, state)]
    if sniper.on_entry(board, state):
        if not sniper.sniper_paths(board, state):
            # A thrown stone can draw a defender onto the entry's only way out: you may pass.
            actions.append(EndTurn())
        return tuple(actions)
    if not state.turn.acted:
        for target in sorted(sniper.shot_targets(board, state)):
            actions += [Shoot(target, n) for n in range(1, state.bag.total + 1)]
        if sniper.loot_allowed(board, state):
            actions.append(Loot())
        if sniper.complete_allowed(board, state):
            actions.append(Complete())
    actions.append(EndTurn())
    return tuple(actions)


def apply(state: State, seat: Seat, action: SniperAction) -> State:
    """The state after `action`; raises a GameError when it is not allowed now."""
    acting = to_act(state)
    if not acting:
        raise GameOverError("The mission is over.")
    if seat not in acting:
        raise NotYourTurnError("It is not your turn.")
    if (seat == CHANCE) != isinstance(action, CHANCE_ACTIONS):
        raise IllegalActionError("That is not an action for this seat.", code="wrong_seat")
    board = _board(state)
    if seat == CHANCE:
        state = _apply_chance(board, state, action)
    else:
        state = _apply_player(board, state, action)
    if state.result is not None and state.phase is not Phase.OVER:
        state = replace(state, phase=Phase.OVER)
    return state


def _expect(state: State, phase: Phase) -> None:
    if state.phase is not phase:
        raise IllegalActionError(
            "That is not possible now (waiting for {phase}).",
            code="wrong_phase",
            phase=state.phase.value,
        )


def _apply_chance(board: Board, state: State, action: Any) -> State:
    if isinstance(action, OrdersDealt):
        _expect(state, Phase.DEAL_ORDERS)
        return setup_mod.orders_dealt(state, action.boxed, action.slots)
    if isinstance(action, EquipmentDealt):
        _expect(state, Phase.DEAL_EQUIPMENT)
        return setup_mod.equipment_dealt(state, action.cards, action.bottom)
    if isinstance(action, ObjectivesDrawn):
        _expect(state, Phase.DEAL_OBJECTIVES)
        return setup_mod.objectives_drawn(board, state, action.numbers)
    if isinstance(action, TokensDrawn):
        _expect(state, Phase.SHOT)
        return sniper.tokens_drawn(board, state, action.tokens, action.tiebreak)
    if isinstance(action, LootDrawn):
        _expect(state, Phase.LOOT_DRAW)
        return _loot_drawn(state, action.cards)
    if isinstance(action, Tiebreak):
        _expect(state, Phase.TIEBREAK)
        return _tiebreak(board, state, action.value)
    if isinstance(action, OrderRolled):
        _expect(state, Phase.ORDER_ROLL)
        return defenders.order_rolled(board, state, action.chevrons, action.tiebreak)
    assert isinstance(action, OrderDrawn)
    _expect(state, Phase.ORDER_DRAW)
    return defenders.order_drawn(state, action.card)


def _loot_drawn(state: State, cards: tuple[str, ...]) -> State:
    pending = state.pending
    assert isinstance(pending, PendingLoot)
    deck = list(state.equipment_deck)
    bottom = list(state.equipment_bottom)
    for card in cards:
        (deck if card in deck else bottom).remove(card)
    state = replace(
        state,
        equipment_deck=tuple(deck),
        equipment_bottom=tuple(bottom),
        pending=replace(pending, cards=cards),
        phase=Phase.LOOT_KEEP,
    )
    return note(state, Text("Looted cards: {cards}. Keep one.", cards=", ".join(cards)))


def _tiebreak(board: Board, state: State, value: int) -> State:
    pending = state.pending
    assert isinstance(pending, PendingTiebreak)
    if pending.kind == "objective":
        return sniper.complete(board, state, value)
    if pending.kind == "stone":
        assert pending.space is not None
        return equipment.thrown_stone(board, state, pending.space, value)
    return defenders.return_defender(board, state, pending.then, value)


def _apply_player(board: Board, state: State, action: Any) -> State:
    if isinstance(action, DiscardObjective):
        _expect(state, Phase.OBJECTIVE_DISCARD)
        return setup_mod.discard_objective(state, action.number)
    if isinstance(action, Enter):
        _expect(state, Phase.CHOOSE_ENTRY)
        return setup_mod.enter(board, state, board.space(action.space).id)
    if isinstance(action, Reward):
        _expect(state, Phase.REWARD)
        return sniper.reward(board, state, action.kind, action.count)
    if isinstance(action, Keep):
        _expect(state, Phase.LOOT_KEEP)
        return sniper.keep(board, state, action.card)
    if isinstance(action, Place):
        _expect(state, Phase.RETURN_PLACE)
        return defenders.place_returning(state, board.space(action.space).id)
    _expect(state, Phase.SNIPER)
    if isinstance(action, Equip):
        return equipment.equip(board, state, action.card, action.arg)
    if isinstance(action, Move):
        path = tuple(board.space(s).id for s in action.path)
        return sniper.move(board, state, path)
    blocked_in = isinstance(action, EndTurn) and not sniper.sniper_paths(board, state)
    if sniper.on_entry(board, state) and not blocked_in:
        raise IllegalActionError(
            "Your first action must be the move off the entry.", code="must_move"
        )
    if isinstance(action, Shoot):
        if state.turn.acted:
            raise IllegalActionError("You have already used your action.", code="already_acted")
        return sniper.shoot(board, state, board.space(action.target).id, action.tokens)
    if isinstance(action, Loot):
        return sniper.loot(board, state)
    if isinstance(action, Complete):
        if not sniper.complete_allowed(board, state):
            raise IllegalActionError(
                "You cannot complete an objective here now.", code="cannot_complete"
            )
        return replace(state, phase=Phase.TIEBREAK, pending=PendingTiebreak("objective"))
    assert isinstance(action, EndTurn)
    state = note(state, Text("You end your turn."))
    state = sniper.end_of_turn_hits(board, state)
    if state.result is not None:
        return state
    return defenders.start_defenders_turn(state)


def sample_chance(state: State, rng: RandomSource) -> SniperAction:
    """The chance result for the current random step."""
    if state.dice_salt:
        # The host's committed seed gives 128 bits; the player's words, chosen after the
        # commitment, are mixed in, so neither side alone decides any draw.
        rng = random.Random(f"{rng.randrange(SALT_DRAW_RANGE):032x}:{state.dice_salt}")
    phase = state.phase
    if phase is Phase.DEAL_ORDERS:
        boxed, slots = setup_mod.deal_orders(state, rng)
        return OrdersDealt(boxed, slots)
    if phase is Phase.DEAL_EQUIPMENT:
        cards, bottom = setup_mod.deal_equipment(state, rng)
        return EquipmentDealt(cards, bottom)
    if phase is Phase.DEAL_OBJECTIVES:
        numbers = list(state.objective_deck)
        rng.shuffle(numbers)
        return ObjectivesDrawn(tuple(numbers[: 2 - len(state.objectives)]))
    if phase is Phase.SHOT:
        assert isinstance(state.pending, PendingShot)
        bag = list(state.bag.tokens())
        rng.shuffle(bag)
        return TokensDrawn(tuple(bag[: state.pending.tokens]), rng.randrange(TIEBREAK_RANGE))
    if phase is Phase.LOOT_DRAW:
        pool = list(state.equipment_deck)
        rng.shuffle(pool)
        # Cards put under the deck come up only after all the others.
        return LootDrawn(tuple((pool + list(state.equipment_bottom))[:3]))
    if phase is Phase.TIEBREAK:
        return Tiebreak(rng.randrange(TIEBREAK_RANGE))
    if phase is Phase.ORDER_ROLL:
        faces = defenders.DIE_FACES
        return OrderRolled(faces[rng.randrange(len(faces))], rng.randrange(TIEBREAK_RANGE))
    if phase is Phase.ORDER_DRAW:
        orders = state.order_deck
        return OrderDrawn(orders[rng.randrange(len(orders))])
    raise IllegalActionError("No random step is due.", code="no_chance")


def player_view(state: State, seat: Seat | None) -> SniperView:
    """What the sniper sees; spectators see the same (the defenders have no secrets to keep)."""
    return _player_view(state, seat)


def outcome(state: State) -> Outcome | None:
    """Seat 0 wins or nobody does (the defenders are not a seat)."""
    if state.result is None:
        return None
    winners = frozenset({PLAYER}) if state.result == "won" else frozenset()
    rounds_left = len(state.order_deck)
    return Outcome(winners, state.reason, (len(state.completed), rounds_left, state.wounds))
