"""Hits, wounds and the health stack, and the log helper every effect uses."""

from __future__ import annotations

from dataclasses import replace

from games.sniper_elite.model import Bag, LogEntry, Modifier, State, Token, TurnStep, token_list
from games.text import Text


def note(state: State, text: Text, path: tuple[str, ...] = ()) -> State:
    """The state with one more log line (and, in the defenders' turn, one more step)."""
    log = (*state.log, LogEntry(state.round, text, path))
    if not state.turn.defenders:
        return replace(state, log=log)
    # Every line is written after its change, so the table as it stands is the step's result.
    step = TurnStep(
        text=text,
        path=path,
        defenders=tuple(d.space for d in state.defenders),
        lka=state.lka,
        slots=state.slots,
        rolled=state.turn.rolled,
        order_deck=len(state.order_deck),
        order_discard=state.order_discard,
        stack=state.stack,
        bag=state.bag,
        wounds=state.wounds,
        hits=state.turn.hits,
    )
    return replace(state, log=log, steps=(*state.steps, step))


def hit_cap(state: State) -> int:
    """Hits a single turn can deal (3, or 5 in the Marksman challenge)."""
    return 5 if state.has(Modifier.FIVE_HITS) else 3


def take_hits(state: State, count: int, why: Text) -> State:
    """Deal `count` hits to the sniper, one by one."""
    for _ in range(count):
        state = take_hit(state, why)
    return state


def take_hit(state: State, why: Text) -> State:
    """One hit: the top stack token goes into the bag; on an empty stack, a wound or the loss."""
    if state.result is not None:
        return state
    turn = state.turn
    if turn.hits >= hit_cap(state) or (turn.wounded and not state.has(Modifier.FIVE_HITS)):
        return note(state, Text("A hit ({why}) is ignored: no more hits this turn.", why=why))
    state = replace(state, turn=replace(turn, hits=turn.hits + 1))
    if state.stack:
        token = state.stack[-1]
        state = replace(state, stack=state.stack[:-1], bag=state.bag.add(token))
        said = Text("You take a hit ({why}): {token} goes into the bag.", why=why, token=token.one)
        return note(state, said)
    if state.wounds >= 1:
        state = replace(state, result="lost", reason=Text("You were wounded a second time."))
        return note(
            state,
            Text("You take a hit ({why}) with an empty health stack: second wound.", why=why),
        )
    return _wound(state, why)


def _wound(state: State, why: Text) -> State:
    if state.has(Modifier.LIGHT_WOUND_STACK):
        wanted = [Token.NOISE, Token.NOISE, Token.RECOIL]
    else:
        wanted = [Token.RECOIL, Token.RECOIL, Token.RECOIL]
    bag = state.bag
    stack: list[Token] = []
    for kind in wanted:
        token = _take_from_bag(bag, kind)
        if token is not None:
            bag = bag.add(token, -1)
            stack.append(token)
    # Noise goes to the bottom, as in the stack built at setup.
    stack.sort(key=lambda t: 0 if t is Token.NOISE else 1)
    state = replace(
        state,
        wounds=state.wounds + 1,
        bag=bag,
        stack=tuple(stack),
        turn=replace(state.turn, wounded=True),
    )
    names = token_list(stack, Text("nothing"))
    return note(
        state,
        Text("You are wounded ({why}); the new health stack is {names}.", why=why, names=names),
    )


def _take_from_bag(bag: Bag, kind: Token) -> Token | None:
    if kind is Token.RECOIL:
        for token in (Token.RECOIL, Token.SUPPRESSOR):
            if bag.count(token):
                return token
        return None
    return kind if bag.count(kind) else None


def stack_count(state: State, recoil: bool) -> int:
    """Recoil-like (recoil=True) or noise tokens in the health stack."""
    if recoil:
        return sum(1 for t in state.stack if t.recoil_like)
    return sum(1 for t in state.stack if t is Token.NOISE)
