"""The Warzone rules protocol: who acts, applying an action, the menu, the outcome.

The flow lives in `flow` (pending dice, reaction windows, squad and round ends), the commands of
an activation in `orders`, the menu in `menu`.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace

import games.warzone.actions as a
from games.base import (
    CHANCE,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    Outcome,
    RandomSource,
    Seat,
)
from games.text import Text
from games.warzone.deploy import deploy
from games.warzone.flow import advance, declare, run
from games.warzone.menu import legal_actions
from games.warzone.mission import decide, in_zone
from games.warzone.orders import activatable
from games.warzone.setup import setup
from games.warzone.state import Line, Pending, Phase, Policy, SentryPolicy, State, Timing
from games.warzone.view import WarzoneView, player_view

__all__ = [
    "WarzoneView", "activatable", "apply", "legal_actions", "outcome", "player_view",
    "sample_chance", "setup", "to_act", "zone_ok",
]  # fmt: skip


def to_act(state: State) -> frozenset[Seat]:
    """Who acts now: CHANCE for dice, the active seat, the sentry owner, or nobody."""
    if state.phase is Phase.OVER:
        return frozenset()
    if state.pending is not None or state.phase is Phase.INITIATIVE:
        return frozenset({CHANCE})
    if state.phase is Phase.INITIATIVE_CHOICE:
        return frozenset({_roll_winner(state)})
    if state.phase is Phase.SIDE:
        return frozenset({state.initiative})
    if state.phase is Phase.DEPLOY:
        return frozenset({state.deploying})
    if state.phase is Phase.REACTION:
        return frozenset({state.model(state.reaction[0]).seat})
    return frozenset({state.active_seat})


def sample_chance(state: State, rng: RandomSource) -> a.Rolled:
    """One D20; with players' seeds (dice_salt) the draw is hashed with them."""
    if not state.dice_salt:
        return a.Rolled(rng.randrange(1, 21))
    # the committed game seed decides `draw`; the salt, fixed before the seed is revealed, is
    # mixed in so that neither the host nor a player alone chooses the dice
    draw = rng.randrange(1 << 64)
    digest = hashlib.sha256(f"{draw}:{state.dice_salt}".encode()).digest()
    return a.Rolled(1 + int.from_bytes(digest, "big") % 20)


def outcome(state: State) -> Outcome | None:
    """The result once the last round is scored or a side is wiped out."""
    return decide(state) if state.phase is Phase.OVER else None


def initiative_bonus(state: State, seat: int) -> int:
    """Initiative(X): only the army's highest bonus counts (rulebook §7)."""
    return max((m.value("Initiative") or 0 for m in state.models if m.seat == seat), default=0)


def _roll_winner(state: State) -> int:
    r = state.init_rolls
    return 0 if r[0] + initiative_bonus(state, 0) > r[1] + initiative_bonus(state, 1) else 1


def apply(state: State, seat: Seat, action: object) -> State:
    """The state after `seat` takes `action`."""
    if state.phase is Phase.OVER:
        raise GameOverError("The game is over.")
    if isinstance(action, a.Rolled):
        if seat != CHANCE or CHANCE not in to_act(state):
            raise IllegalActionError("No dice are due now.", code="no_dice_due")
        if not 1 <= action.value <= 20:
            raise InvalidActionError("A D20 shows 1-20.", code="bad_die")
        if state.pending is None:
            return _initiative_roll(state, action.value)
        return run(state, replace(state.pending, dice=(*state.pending.dice, action.value)))
    if seat not in to_act(state):
        raise NotYourTurnError("It is not your turn.")
    if isinstance(action, a.SetPolicy):
        return _set_policy(state, seat, action)
    if state.phase is Phase.INITIATIVE_CHOICE:
        return _choose_initiative(state, action)
    if state.phase is Phase.SIDE:
        if not isinstance(action, a.ChooseSide) or action.edge not in ("south", "north"):
            raise IllegalActionError(
                "Choose a side: `side south` or `side north`.", code="choose_side"
            )
        south = seat if action.edge == "south" else 1 - seat
        return replace(state, south_seat=south, phase=Phase.DEPLOY, deploying=seat)
    if state.phase is Phase.DEPLOY:
        if not isinstance(action, a.Deploy):
            raise IllegalActionError("Deploy your squads first.", code="deploy_first")
        return _after_deploy(deploy(state, seat, action))
    if state.phase is Phase.REACTION:
        return _reaction(state, seat, action)
    return declare(state, Pending(seat, action))


def _reaction(state: State, seat: int, action: object) -> State:
    if isinstance(action, a.PassReaction):
        state = replace(state, phase=Phase.ACTIVATION, reaction=())
        if state.held is not None:
            return advance(replace(state, reaction_when="passed"))
        return advance(replace(state, reaction_trigger=None, reaction_when=""))
    if not isinstance(action, a.React) or action.model not in state.reaction:
        raise IllegalActionError("React with a model on sentry, or pass.", code="bad_reaction")
    return run(state, Pending(seat, action))


def _initiative_roll(state: State, value: int) -> State:
    rolls = (*state.init_rolls, value)
    if len(rolls) < 2:
        return replace(state, init_rolls=rolls)
    dice = {"first": rolls[0], "second": rolls[1]}
    if rolls[0] + initiative_bonus(state, 0) == rolls[1] + initiative_bonus(state, 1):
        # gap-fill: the rulebook names no tie-break, so both roll again
        tie = Text("initiative: seat 0 rolls {first}, seat 1 rolls {second}: tie, again", **dice)
        return replace(state, init_rolls=(), log=(*state.log, _line(state, tie)))
    line = Text("initiative: seat 0 rolls {first}, seat 1 rolls {second}", **dice)
    return replace(
        state, init_rolls=rolls, phase=Phase.INITIATIVE_CHOICE, log=(*state.log, _line(state, line))
    )


def _line(state: State, text: Text) -> Line:
    return Line(state.round, text)


def _choose_initiative(state: State, action: object) -> State:
    winner = _roll_winner(state)
    if isinstance(action, a.KeepInitiative):
        holder = winner
    elif isinstance(action, a.PassInitiative):
        holder = 1 - winner
    else:
        raise IllegalActionError("Keep or pass the initiative.", code="initiative_choice")
    state = replace(
        state,
        initiative=holder,
        init_rolls=(),
        log=(*state.log, _line(state, Text("seat {seat} has the initiative", seat=holder))),
    )
    if state.round == 0:
        return replace(state, phase=Phase.SIDE)
    return replace(state, phase=Phase.ACTIVATION, active_seat=holder)


def _after_deploy(state: State) -> State:
    mine = [s for s in state.squads if s.seat == state.deploying and s.attached_to is None]
    if any(not state.model(s.commander).deployed for s in mine):
        return state
    if state.deploying == state.initiative:
        return replace(state, deploying=1 - state.initiative)
    return replace(state, phase=Phase.ACTIVATION, round=1, active_seat=state.initiative)


def _set_policy(state: State, seat: int, action: a.SetPolicy) -> State:
    squad = state.squad(action.squad)
    if squad.seat != seat:
        raise IllegalActionError("You can only give orders to your own squads.", code="not_yours")
    try:
        sentry, timing = SentryPolicy(action.sentry), Timing(action.timing)
    except ValueError:
        raise InvalidActionError(
            "Sentry orders are hold, fire or ask, with before, after or first.", code="bad_policy"
        ) from None
    policy = Policy(sentry, action.guard, action.res_heal, timing)
    squads = tuple(replace(s, policy=policy) if s.key == squad.key else s for s in state.squads)
    return replace(state, squads=squads)


def zone_ok(state: State, seat: int, y: float, r: float) -> bool:
    """Whether a base at height y fits wholly in the seat's deployment zone."""
    return in_zone(state, seat, y, r)
