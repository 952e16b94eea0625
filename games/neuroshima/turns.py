"""The order of play: HQ placement, draws, discards, ends of turns, the final countdown.

cs "SEKVENCE HRY": draw up to three, discard one of three, then use, keep or discard the rest.
cs "UKONČENÍ HRY" / multiplayer: once anyone draws his last tile, every player still in the game
finishes one turn (the one who drew it included) and the final battle follows.
"""

from __future__ import annotations

from dataclasses import replace

from games.base import CHANCE, RandomSource, Seat
from games.neuroshima.actions import TilesDrawn
from games.neuroshima.queries import next_alive
from games.neuroshima.setup import bomber_tile
from games.neuroshima.state import State, Step, TurnMarks

HAND_LIMIT = 3


def opening_draw(state: State, seat: Seat) -> int:
    """Tiles drawn in a seat's first turn: 1, 2, then 3 (cs "Hráč 1 si dobere jeden žeton...")."""
    return min(state.order.index(seat) + 1, HAND_LIMIT)


def draw_count(state: State, seat: Seat) -> int:
    """How many tiles `seat` still draws now (the Mad Bomber counts as one of them)."""
    target = HAND_LIMIT if seat in state.first_draw_done else opening_draw(state, seat)
    room = max(0, target - len(state.hands[seat]))
    available = len(state.decks[seat]) + (1 if state.bomber_holder == seat else 0)
    return min(room, available)


def mercenary_room(state: State, seat: Seat) -> int:
    """How many reserved mercenaries `seat` may take instead of army tiles in this draw."""
    if not state.reserves or not state.reserves[seat]:
        return 0
    bomber = 1 if state.bomber_holder == seat else 0
    return min(len(state.reserves[seat]), draw_count(state, seat) - bomber)


def begin_turn(state: State, seat: Seat) -> State:
    """Start `seat`'s turn at its draw."""
    turn = state.turn + 1
    started = tuple(turn if s == seat else t for s, t in enumerate(state.turn_started))
    before = state.previous_turn_started or (-1,) * state.seats
    previous = tuple(state.turn_started[s] if s == seat else t for s, t in enumerate(before))
    # Keep one round of changes so every seat can see what happened since its last turn.
    oldest = min((t for s, t in enumerate(started) if s not in state.eliminated), default=turn)
    state = replace(
        state,
        active=seat,
        turn=turn,
        turn_started=started,
        previous_turn_started=previous,
        marks=TurnMarks(),
        changes=tuple((t, c) for t, c in state.changes if t >= oldest - 1),
    )
    return to_draw(state)


def to_draw(state: State) -> State:
    """Enter the draw: ask about mercenaries, let chance deal, or skip an empty draw."""
    seat = state.active
    if mercenary_room(state, seat) > 0:
        return replace(state, step=Step.DRAW)
    if draw_count(state, seat) > 0:
        return replace(state, step=Step.DRAW)
    return after_draw(replace(state, first_draw_done=state.first_draw_done | {seat}), drew=False)


def draw_owed_by_player(state: State) -> bool:
    """True while the active seat must first say which mercenaries it takes."""
    return (
        state.step is Step.DRAW
        and not state.marks.draw_decided
        and mercenary_room(state, state.active) > 0
    )


def sample_draw(state: State, rng: RandomSource) -> TilesDrawn:
    """The chance result of the current draw: the bomber first if it is on top, then random."""
    seat = state.active
    count = draw_count(state, seat)
    drawn: list[str] = []
    if state.bomber_holder == seat and count > 0:
        drawn.append(bomber_tile())
    pile = list(state.decks[seat])
    while len(drawn) < count:
        drawn.append(pile.pop(rng.randrange(len(pile))))
    return TilesDrawn(seat, tuple(drawn))


def take_mercenaries(state: State, mercenaries: tuple[str, ...]) -> State:
    """The active seat takes these reserved mercenaries instead of army tiles, then draws."""
    seat = state.active
    reserve = list(state.reserves[seat])
    for tile in mercenaries:
        reserve.remove(tile)
    state = replace(
        state,
        hands=_set(state.hands, seat, (*state.hands[seat], *mercenaries)),
        reserves=_set(state.reserves, seat, tuple(reserve)),
        marks=replace(state.marks, draw_decided=True),
    )
    if draw_count(state, seat) > 0:
        return replace(state, step=Step.DRAW)
    return after_draw(replace(state, first_draw_done=state.first_draw_done | {seat}), drew=True)


def take_drawn(state: State, drawn: tuple[str, ...]) -> State:
    """Put the dealt tiles in the active hand; drawing the last pile tile starts the countdown."""
    seat = state.active
    pile = list(state.decks[seat])
    holder = state.bomber_holder
    from_pile = 0
    for tile in drawn:
        if holder == seat and tile == bomber_tile():
            holder = None
        else:
            pile.remove(tile)
            from_pile += 1
    final = state.final_waiting
    if final is None and from_pile and not pile:
        final = frozenset(state.alive())
    state = replace(
        state,
        decks=_set(state.decks, seat, tuple(pile)),
        hands=_set(state.hands, seat, (*state.hands[seat], *drawn)),
        bomber_holder=holder,
        final_waiting=final,
        first_draw_done=state.first_draw_done | {seat},
    )
    return after_draw(state, drew=True)


def after_draw(state: State, drew: bool) -> State:
    """Discard one of three first (only with three tiles in hand), else straight to play."""
    must = drew and len(state.hands[state.active]) == HAND_LIMIT
    return replace(state, step=Step.DISCARD if must else Step.PLAY)


def discard(state: State, tile: str) -> State:
    """Move `tile` from the active hand to its discard pile (the bomber moves on instead)."""
    seat = state.active
    hand = list(state.hands[seat])
    hand.remove(tile)
    state = replace(state, hands=_set(state.hands, seat, tuple(hand)))
    if tile == _bomber_id(state):
        # ru: a discarded bomber comes back exactly as after an explosion: to the next player.
        return replace(state, bomber_holder=next_alive(state, seat))
    return replace(state, discards=_set(state.discards, seat, (*state.discards[seat], tile)))


def _bomber_id(state: State) -> str | None:
    return bomber_tile() if state.options.mad_bomber.value != "off" else None


def _set(
    rows: tuple[tuple[str, ...], ...], seat: Seat, value: tuple[str, ...]
) -> tuple[tuple[str, ...], ...]:
    return tuple(value if s == seat else row for s, row in enumerate(rows))


def set_row(
    rows: tuple[tuple[str, ...], ...], seat: Seat, value: tuple[str, ...]
) -> tuple[tuple[str, ...], ...]:
    """`rows` with the row of `seat` replaced."""
    return _set(rows, seat, value)


def to_act(state: State) -> frozenset[Seat]:
    """The seat owing a decision, {CHANCE} while tiles are dealt, empty when the game is over."""
    if state.step is Step.GAME_OVER:
        return frozenset()
    if state.step is Step.DRAW and not draw_owed_by_player(state):
        return frozenset({CHANCE})
    return frozenset({state.to_move})
