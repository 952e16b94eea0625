"""The flow between commands: pending dice, sentry reaction windows, squad and round ends."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from games.base import IllegalActionError
from games.text import Text
from games.warzone.actions import Activate
from games.warzone.activation import MOVES, activation_models
from games.warzone.damage import settle_morale
from games.warzone.dice import Dice, NeedDie
from games.warzone.mission import score_round
from games.warzone.orders import MODEL_ACTIONS, activatable, perform_order
from games.warzone.reactions import AutoSentry, eligible_sentries
from games.warzone.state import Line, Pending, Phase, State
from games.warzone.work import Work


def run(state: State, pending: Pending) -> State:
    """Resolve a command over the dice logged so far; park it as pending when it needs more."""
    work = Work(replace(state, pending=None), Dice(pending.dice))
    try:
        perform_order(work, pending.seat, pending.action)
        settle_morale(work)
    except NeedDie:
        return replace(state, pending=pending)
    except IllegalActionError as error:
        if not pending.dice:
            raise
        # every check runs before the first die; this guards a log against a missed one
        line = Line(
            state.round, Text("the action is cancelled: {reason}", reason=error.user_message)
        )
        return advance(replace(state, pending=None, log=(*state.log, line)))
    return advance(work.freeze())


def check(state: State, pending: Pending) -> None:
    """Raise IllegalActionError when a declared command fails a check made before any die."""
    work = Work(replace(state, pending=None), Dice(()))
    try:
        perform_order(work, pending.seat, pending.action)
    except NeedDie:
        return


def first_refusal(
    state: State, seat: int, actions: Sequence[object]
) -> tuple[int, IllegalActionError] | None:
    """The first of `actions`, taken in order, that the rules refuse before any die is rolled.

    A command made of several actions (a squad moving in formation) is played whole or not at
    all: every move is made on a copy, an action that needs dice is checked up to its first die
    and leaves the copy as it was (its outcome is the game's to roll). Once a move itself needs
    a die (a free slash on leaving combat) the rest depends on it and is left to play.
    """
    current = replace(state, pending=None)
    for index, action in enumerate(actions):
        work = Work(current, Dice(()))
        try:
            perform_order(work, seat, action)
        except NeedDie:
            if isinstance(action, MOVES):
                return None
            continue
        except IllegalActionError as error:
            return index, error
        current = work.freeze()
    return None


def declare(state: State, pending: Pending) -> State:
    """A player's command: a model action first opens the sentries' window before it."""
    action = pending.action
    if not isinstance(action, MODEL_ACTIONS) or not any(m.sentry for m in state.models):
        return run(state, pending)
    check(state, pending)
    return advance(
        replace(state, held=pending, reaction_trigger=action.model, reaction_when="before")
    )


def _window(state: State, trigger: str, when: str) -> State | None:
    """Open a reaction window: 'fire' sentries react at once, 'ask' ones wait for the owner."""
    fire, ask = eligible_sentries(state, trigger, when)
    if fire:
        return run(state, Pending(state.model(fire[0]).seat, AutoSentry(trigger, fire)))
    if ask:
        return replace(state, phase=Phase.REACTION, reaction=ask)
    return None


def _release(state: State) -> State:
    """The window before an action has closed: the declared action now resolves, if it still can."""
    held = state.held
    assert held is not None
    state = replace(state, held=None, reaction_trigger=None, reaction_when="")
    actor = getattr(held.action, "model", None)
    if actor is not None and not state.model(actor).alive:
        line = Line(state.round, Text("{model} is removed before its action", model=actor))
        return advance(replace(state, log=(*state.log, line)))
    try:
        return run(state, held)
    except IllegalActionError as error:
        said = Text(
            "{model}'s action is no longer possible: {reason}",
            model=str(actor),
            reason=error.user_message,
        )
        line = Line(state.round, said)
        return advance(replace(state, log=(*state.log, line)))


def advance(state: State) -> State:
    """After a command: game end, held actions, the window after an action, the squad's end."""
    if _wiped_out(state):
        return replace(state, phase=Phase.OVER, end_reason=Text("a side has no models left"))
    if state.phase is not Phase.ACTIVATION or state.pending is not None:
        return state
    if state.held is not None:
        if state.reaction_when == "before" and state.reaction_trigger is not None:
            opened = _window(state, state.reaction_trigger, "before")
            if opened is not None:
                return opened
        return _release(state)
    if state.reaction_trigger is not None:
        opened = _window(state, state.reaction_trigger, "after")
        if opened is not None:
            return opened
        state = replace(state, reaction_trigger=None, reaction_when="")
    if state.active_squad is None:
        return state
    members = activation_models(Work(state), state.active_squad)
    if any(not m.finished for m in members):
        return state
    return _end_squad(state)


def _wiped_out(state: State) -> bool:
    return state.round > 0 and any(
        not any(m.alive for m in state.models if m.seat == seat) for seat in (0, 1)
    )


def _end_squad(state: State) -> State:
    """The squad is deactivated; the other side activates next when it can (extra squads)."""
    key = state.active_squad
    assert key is not None
    seat = state.squad(key).seat
    squads = tuple(
        replace(s, activated=True) if s.key == key or s.attached_to == key else s
        for s in state.squads
    )
    acts = (
        (state.activations[0] + 1, state.activations[1])
        if seat == 0
        else (state.activations[0], state.activations[1] + 1)
    )
    last = (key, state.last_activated[1]) if seat == 0 else (state.last_activated[0], key)
    state = replace(
        state,
        squads=squads,
        active_squad=None,
        active_model=None,
        activations=acts,
        last_activated=last,
    )
    if state.joined_host:
        # the host squad's activation starts at once (its recovery test may need a die)
        host = state.joined_host
        return run(replace(state, joined_host=None), Pending(seat, Activate(host)))
    for nxt in (1 - seat, seat):
        if activatable(state, nxt):
            return replace(state, active_seat=nxt)
    return _end_round(state)


def _end_round(state: State) -> State:
    """Score the round, clear the round's markers and roll for the next initiative."""
    work = Work(state)
    score_round(work)
    for m in list(work.models.values()):
        work.put(m, started=False, finished=False, ap=0, actions=(), moved=0.0, res_used=False,
                 charged=False, focus=False, fear_tested=(), used_abilities=(), priority_failed=(),
                 out_of_coherency=False, engaged_at_start=False)  # fmt: skip
    for s in list(work.squads.values()):
        work.put_squad(s, activated=False, flies=False)
    work.set(
        activations=(0, 0),
        previous_last=state.last_activated,
        last_activated=(None, None),
        res_spent=(0, 0),
    )
    new = work.freeze()
    if new.round >= new.last_round:
        return replace(new, phase=Phase.OVER, end_reason=Text("the last round is over"))
    return replace(new, round=new.round + 1, phase=Phase.INITIATIVE)
