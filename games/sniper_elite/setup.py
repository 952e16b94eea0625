"""Mission setup: options, defenders, order board, equipment, objectives and the entry."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games.base import IllegalActionError, InvalidActionError, RandomSource
from games.sniper_elite.board import BOARD_KEYS, SQUADS, Area, Board, load_board
from games.sniper_elite.cards import cards_for, equipment_deck, equipment_titles
from games.sniper_elite.health import note
from games.sniper_elite.model import (
    CHALLENGES,
    MODIFIER_NAMES,
    Bag,
    Defender,
    Modifier,
    Phase,
    Slot,
    State,
    Token,
)
from games.text import Text

HEALTH_STACK: tuple[Token, ...] = (
    Token.NOISE, Token.RECOIL, Token.RECOIL, Token.NOISE, Token.RECOIL, Token.RECOIL,
)  # fmt: skip
"""The health stack from the bottom up: noise at the bottom, recoil on top."""
_NONE = Text("none")


def modifiers_from(config: Mapping[str, Any]) -> frozenset[Modifier]:
    """The challenge (`challenge`) and any single advantages/disadvantages (`modifiers`)."""
    chosen: set[Modifier] = set()
    challenge = config.get("challenge")
    if challenge:
        key = str(challenge).strip().lower().replace(" ", "_").replace("-", "_")
        if key not in CHALLENGES:
            known = ", ".join(CHALLENGES)
            raise InvalidActionError(
                "Unknown challenge {challenge!r}: {known}.",
                code="bad_config",
                challenge=challenge,
                known=known,
            )
        chosen.update(CHALLENGES[key])
    for name in config.get("modifiers", ()):
        try:
            chosen.add(Modifier(name))
        except ValueError:
            raise InvalidActionError(
                "Unknown modifier {name!r}.", code="bad_config", name=name
            ) from None
    return frozenset(chosen)


def setup(config: Mapping[str, Any], seats: int) -> State:
    """Board, defenders, bag and health stack; the card deals follow as chance steps."""
    if seats != 1:
        raise IllegalActionError("This is a solo mission: exactly 1 player.", code="seats")
    key = str(config.get("map", BOARD_KEYS[0]))
    board = load_board(key)
    modifiers = modifiers_from(config)
    bag = Bag()
    if Modifier.EXTRA_NOISE in modifiers:
        bag = bag.add(Token.NOISE)
    if Modifier.EXTRA_PRECISION in modifiers:
        bag = bag.add(Token.PRECISION)
    stack = HEALTH_STACK
    if Modifier.SUPPRESSORS in modifiers:
        stack = tuple(Token.SUPPRESSOR if t is Token.NOISE else t for t in stack)
    numbers = tuple(range(1, 10))
    if Modifier.NO_OBJECTIVES_1_9 in modifiers:
        numbers = tuple(n for n in numbers if n not in (1, 9))
    state = State(
        board=key,
        modifiers=modifiers,
        phase=Phase.DEAL_ORDERS,
        defenders=place_defenders(board),
        bag=bag,
        stack=stack,
        equipment_deck=equipment_deck(),
        objective_deck=numbers,
        dice_salt=str(config.get("dice_salt", "")),
    )
    chosen = sorted(modifiers, key=lambda m: m.value)
    names = Text.joined(", ", [MODIFIER_NAMES[m] for m in chosen]) if chosen else _NONE
    return note(
        state, Text("Mission on {map}. Challenge modifiers: {names}.", map=board.name, names=names)
    )


def place_defenders(board: Board) -> tuple[Defender, ...]:
    """A defender of the area's squad on each objective; the one left over goes to white."""
    defenders: list[Defender] = []
    for index, squad in enumerate(SQUADS):
        spaces = [s.id for s in sorted(board.in_area(squad), key=lambda s: s.objective or 0)]
        spaces = [s for s in spaces if board.by_id[s].objective is not None]
        white = [s.id for s in board.in_area(Area.WHITE) if s.objective is not None]
        while len(spaces) < 3:
            spaces.append(white.pop())
        defenders += [Defender(index * 3 + i, squad, spaces[i]) for i in range(3)]
    return tuple(defenders)


def deal_orders(state: State, rng: RandomSource) -> tuple[tuple[str, ...], tuple[str, str, str]]:
    """Sample the order deal: the cards returned unseen and the three board cards."""
    cards = cards_for(state.board)
    urgent = sorted(c.id for c in cards if c.urgent)
    regular = sorted(c.id for c in cards if not c.urgent)
    rng.shuffle(urgent)
    rng.shuffle(regular)
    extra = 1 if state.has(Modifier.SMALL_ORDER_DECK) else 0
    boxed = (*urgent[: 1 + extra], *regular[: 2 + extra])
    board = urgent[1 + extra : 4 + extra]
    # The first face-down card goes to the rightmost slot, the two face-up ones to its left.
    return tuple(boxed), (board[1], board[2], board[0])


def orders_dealt(state: State, boxed: tuple[str, ...], slots: tuple[str, str, str]) -> State:
    """Apply the order deal; every other card forms the order deck."""
    deck = [c.id for c in cards_for(state.board)]
    for card in (*boxed, *slots):
        deck.remove(card)
    state = replace(
        state,
        order_boxed=tuple(sorted(boxed)),
        slots=(Slot(slots[0], True), Slot(slots[1], True), Slot(slots[2], False)),
        order_deck=tuple(sorted(deck)),
        phase=Phase.DEAL_EQUIPMENT,
    )
    return note(
        state,
        Text.plural(
            "Order board set; the order deck holds {count} card.",
            "Order board set; the order deck holds {count} cards.",
            len(deck),
        ),
    )


def starting_equipment(state: State) -> int:
    """Equipment cards drawn at setup (2; Medic +1; Dog handler -1)."""
    return 2 + state.has(Modifier.EXTRA_EQUIPMENT) - state.has(Modifier.FEWER_EQUIPMENT)


def deal_equipment(state: State, rng: RandomSource) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Sample the equipment deal: a duplicate goes under the deck and another card is drawn."""
    deck = list(state.equipment_deck)
    rng.shuffle(deck)
    hand: list[str] = []
    bottom: list[str] = []
    while len(hand) < starting_equipment(state) and deck:
        card = deck.pop(0)
        if card in hand:
            bottom.append(card)
        else:
            hand.append(card)
    return tuple(hand), tuple(bottom)


def equipment_dealt(state: State, cards: tuple[str, ...], bottom: tuple[str, ...]) -> State:
    """Apply the equipment deal."""
    deck = list(state.equipment_deck)
    for card in (*cards, *bottom):
        deck.remove(card)
    state = replace(
        state,
        equipment=cards,
        equipment_deck=tuple(sorted(deck)),
        equipment_bottom=bottom,
        phase=Phase.DEAL_OBJECTIVES,
    )
    listed = equipment_titles(cards) if cards else _NONE
    return note(state, Text("Your equipment: {cards}.", cards=listed))


def objective_colour(board: Board, number: int) -> Area:
    """An objective card's colour is the area of its space."""
    return board.objective_space(number).area


def objectives_drawn(board: Board, state: State, numbers: tuple[int, ...]) -> State:
    """Draw objective cards; two of one colour make you put one under the deck."""
    deck = list(state.objective_deck)
    for n in numbers:
        deck.remove(n)
    hand = (*state.objectives, *numbers)
    state = replace(state, objective_deck=tuple(deck), objectives=hand)
    if len(hand) == 2 and objective_colour(board, hand[0]) is objective_colour(board, hand[1]):
        state = note(
            state,
            Text(
                "Objectives {first} and {second} share a colour: put one back.",
                first=hand[0],
                second=hand[1],
            ),
        )
        return replace(state, phase=Phase.OBJECTIVE_DISCARD)
    deck_all = tuple(sorted((*state.objective_deck, *state.objective_bottom)))
    state = replace(state, objective_deck=deck_all, objective_bottom=(), phase=Phase.CHOOSE_ENTRY)
    return note(
        state, Text("Your objectives: {first} and {second}.", first=hand[0], second=hand[1])
    )


def discard_objective(state: State, number: int) -> State:
    """Put one same-colour objective under the objective deck and draw again."""
    if number not in state.objectives:
        raise IllegalActionError(
            "Objective {number} is not in your hand.", code="bad_objective", number=number
        )
    state = replace(
        state,
        objectives=tuple(n for n in state.objectives if n != number),
        objective_bottom=(*state.objective_bottom, number),
        phase=Phase.DEAL_OBJECTIVES,
    )
    return note(state, Text("Objective {number} goes under the deck.", number=number))


def entry_options(board: Board, state: State) -> tuple[str, ...]:
    """Entry spaces outside the areas of both objectives."""
    banned = {objective_colour(board, n) for n in state.objectives}
    return tuple(s.id for s in board.entries if s.area not in banned)


def enter(board: Board, state: State, space: str) -> State:
    """Start on an entry; the LKA is its area; probable objectives everywhere else."""
    if space not in entry_options(board, state):
        raise IllegalActionError("You cannot enter at {space}.", code="bad_entry", space=space)
    area = board.by_id[space].area
    skip = (1, 9) if state.has(Modifier.NO_OBJECTIVES_1_9) else ()
    probable = tuple(
        n for n in range(1, 10) if board.objective_space(n).area is not area and n not in skip
    )
    state = replace(state, sniper=space, lka=area, probable=probable, phase=Phase.SNIPER)
    listed = ", ".join(map(str, probable))
    return note(
        state,
        Text(
            "You enter at {space} ({area}). Probable objectives: {numbers}.",
            space=space,
            area=area.word,
            numbers=listed,
        ),
    )
