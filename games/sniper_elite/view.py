"""What the player (and spectators, who see what the player sees) may know of a mission.

Hidden: the order deck's contents, the face-down order card, the cards returned to the box and
the equipment deck. Everything else lies open on the table, including the player's objectives.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.base import Seat
from games.sniper_elite.cards import equipment_cards, objective_titles, order_card
from games.sniper_elite.model import (
    LogEntry,
    PendingLoot,
    PendingReturn,
    PendingShot,
    Slot,
    State,
    Token,
    TurnStep,
)


@dataclass(frozen=True, slots=True)
class DefenderView:
    """A defender on the board or off it."""

    id: int
    squad: str
    space: str | None
    name: str


@dataclass(frozen=True, slots=True)
class SlotView:
    """An order-board slot: a face-up card shows its title and text; a face-down one shows none."""

    face_up: bool
    card: str | None
    title: str | None
    text: str | None


@dataclass(frozen=True, slots=True)
class StepView:
    """One step of the defenders' latest turn and the table right after it (cards hidden)."""

    text: str
    path: tuple[str, ...]
    defenders: tuple[str | None, ...]
    """Every defender's space, by defender id (the order of SniperView.defenders)."""
    lka: str | None
    slots: tuple[SlotView | None, ...]
    rolled: int
    """The chevrons of the order card being resolved (0 when none is)."""
    order_deck_size: int
    order_discard: tuple[str, ...]
    health_stack: tuple[str, ...]
    bag: tuple[tuple[str, int], ...]
    wounds: int
    hits: int


@dataclass(frozen=True, slots=True)
class SniperView:
    """The table as the player sees it."""

    board: str
    phase: str
    round: int
    sniper: str | None
    lka: str | None
    probable: tuple[int, ...]
    objectives: tuple[tuple[int, str], ...]
    completed: tuple[int, ...]
    defenders: tuple[DefenderView, ...]
    slots: tuple[SlotView | None, ...]
    order_deck_size: int
    order_discard: tuple[str, ...]
    equipment: tuple[tuple[str, str], ...]
    equipment_used: tuple[str, ...]
    equipment_deck_size: int
    bag: tuple[tuple[str, int], ...]
    health_stack: tuple[str, ...]
    """Bottom first."""
    wounds: int
    hits_this_turn: int
    moved: bool
    equipped: bool
    acted: bool
    looted: tuple[str, ...]
    drawn: tuple[str, ...]
    choices: tuple[str, ...]
    """Options of a pending decision (looted cards, spaces for a returning defender)."""
    modifiers: tuple[str, ...]
    log: tuple[LogEntry, ...]
    steps: tuple[StepView, ...]
    """The defenders' latest turn, step by step."""
    result: str | None
    reason: str


def _slot(slot: Slot | None) -> SlotView | None:
    if slot is None:
        return None
    if not slot.face_up:
        return SlotView(False, None, None, None)
    card = order_card(slot.card)
    return SlotView(True, card.id, card.title, card.text)


def _step(step: TurnStep) -> StepView:
    # The card the die chose is resolved in the open, even one that lay face down.
    slots = tuple(
        Slot(s.card, True) if s is not None and i == step.rolled - 1 else s
        for i, s in enumerate(step.slots)
    )
    return StepView(
        text=step.text,
        path=step.path,
        defenders=step.defenders,
        lka=step.lka.value if step.lka else None,
        slots=tuple(_slot(s) for s in slots),
        rolled=step.rolled,
        order_deck_size=step.order_deck,
        order_discard=step.order_discard,
        health_stack=tuple(t.value for t in step.stack),
        bag=tuple((t.value, step.bag.count(t)) for t in Token),
        wounds=step.wounds,
        hits=step.hits,
    )


def player_view(state: State, seat: Seat | None) -> SniperView:
    """The player's view; the same for spectators (seat None)."""
    titles = objective_titles(state.board)
    cards = equipment_cards()
    pending = state.pending
    drawn: tuple[str, ...] = ()
    if isinstance(pending, PendingShot):
        drawn = tuple(t.value for t in pending.drawn)
    choices: tuple[str, ...] = ()
    if isinstance(pending, PendingLoot):
        choices = pending.cards
    elif isinstance(pending, PendingReturn):
        choices = pending.options
    return SniperView(
        board=state.board,
        phase=state.phase.value,
        round=state.round,
        sniper=state.sniper,
        lka=state.lka.value if state.lka else None,
        probable=state.probable,
        objectives=tuple((n, titles[n]) for n in state.objectives),
        completed=state.completed,
        defenders=tuple(
            DefenderView(d.id, d.squad.value, d.space, d.name) for d in state.defenders
        ),
        slots=tuple(_slot(s) for s in state.slots),
        order_deck_size=len(state.order_deck),
        order_discard=state.order_discard,
        equipment=tuple((c, cards[c].title) for c in state.equipment),
        equipment_used=state.equipment_used,
        equipment_deck_size=len(state.equipment_deck) + len(state.equipment_bottom),
        bag=tuple((t.value, state.bag.count(t)) for t in Token),
        health_stack=tuple(t.value for t in state.stack),
        wounds=state.wounds,
        hits_this_turn=state.turn.hits,
        moved=state.turn.moved,
        equipped=state.turn.equipped,
        acted=state.turn.acted,
        looted=state.looted,
        drawn=drawn,
        choices=choices,
        modifiers=tuple(sorted(m.value for m in state.modifiers)),
        log=state.log,
        steps=tuple(_step(s) for s in state.steps),
        result=state.result,
        reason=state.reason,
    )
