"""The Warzone rules protocol: turn flow, pending dice, reactions, deployment and the round."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

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
from games.warzone import actions as a
from games.warzone.activation import (
    activation_models,
    finish_model,
    perform,
    spend_res,
    start_model,
    start_squad,
    use_ability,
)
from games.warzone.damage import settle_morale
from games.warzone.deploy import deploy
from games.warzone.dice import Dice, NeedDie
from games.warzone.mission import decide, in_zone, score_round
from games.warzone.reactions import AutoSentry, auto_sentry, eligible_sentries, react
from games.warzone.setup import setup
from games.warzone.state import Line, Model, Pending, Phase, Policy, SentryPolicy, State
from games.warzone.view import WarzoneView, player_view
from games.warzone.work import Work

__all__ = ["apply", "legal_actions", "outcome", "player_view", "sample_chance", "setup", "to_act"]


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
    """One D20."""
    return a.Rolled(rng.randrange(1, 21))


def outcome(state: State) -> Outcome | None:
    """The result once the last round is scored or a side is wiped out."""
    return decide(state) if state.phase is Phase.OVER else None


def _initiative_bonus(state: State, seat: int) -> int:
    return max((m.value("Initiative") or 0 for m in state.models if m.seat == seat), default=0)


def _roll_winner(state: State) -> int:
    r = state.init_rolls
    return 0 if r[0] + _initiative_bonus(state, 0) > r[1] + _initiative_bonus(state, 1) else 1


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
        pending = replace(state.pending, dice=(*state.pending.dice, action.value))
        return _run(state, pending)
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
        if isinstance(action, a.PassReaction):
            return _advance(
                replace(state, phase=Phase.ACTIVATION, reaction=(), reaction_trigger=None)
            )
        if not isinstance(action, a.React) or action.model not in state.reaction:
            raise IllegalActionError("React with a model on sentry, or pass.", code="bad_reaction")
        return _run(state, Pending(seat, action))
    return _run(state, Pending(seat, action))


def _initiative_roll(state: State, value: int) -> State:
    rolls = (*state.init_rolls, value)
    if len(rolls) < 2:
        return replace(state, init_rolls=rolls)
    line = f"initiative: seat 0 rolls {rolls[0]}, seat 1 rolls {rolls[1]}"
    if rolls[0] + _initiative_bonus(state, 0) == rolls[1] + _initiative_bonus(state, 1):
        return replace(
            state, init_rolls=(), log=(*state.log, _line(state, line + ": tie, roll again"))
        )
    return replace(
        state, init_rolls=rolls, phase=Phase.INITIATIVE_CHOICE, log=(*state.log, _line(state, line))
    )


def _line(state: State, text: str) -> Line:
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
        log=(*state.log, _line(state, f"seat {holder} has the initiative")),
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
        sentry = SentryPolicy(action.sentry)
    except ValueError:
        raise InvalidActionError(
            "Sentry orders are hold, fire or ask.", code="bad_policy"
        ) from None
    policy = Policy(sentry, action.guard, action.res_heal)
    squads = tuple(replace(s, policy=policy) if s.key == squad.key else s for s in state.squads)
    return replace(state, squads=squads)


def _run(state: State, pending: Pending) -> State:
    work = Work(replace(state, pending=None), Dice(pending.dice))
    try:
        _perform(work, pending.seat, pending.action)
        settle_morale(work)
    except NeedDie:
        return replace(state, pending=pending)
    return _advance(work.freeze())


def _perform(work: Work, seat: int, action: object) -> None:
    if isinstance(action, AutoSentry):
        auto_sentry(work, action)
    elif isinstance(action, a.React):
        react(work, action)
    elif isinstance(action, a.Activate):
        _activate(work, seat, action.squad)
    elif isinstance(action, a.EndModel):
        _require_active(work, action.model)
        if work.model(action.model).finished:
            raise IllegalActionError(f"{action.model} has already ended.", code="model_done")
        finish_model(work, action.model)
    elif isinstance(action, a.EndActivation):
        if work.get("active_squad") is None:
            raise IllegalActionError("No squad is being activated.", code="no_activation")
        for m in activation_models(work, work.get("active_squad")):
            finish_model(work, m.key)
            work.put(work.model(m.key), finished=True, started=True)
    elif isinstance(action, a.SpendRes | a.UseAbility):
        model = _require_active(work, action.model)
        if model.actions:
            raise IllegalActionError(
                "RES for AP is spent at the start of a model's activation.", code="too_late"
            )
        current = work.get("active_model")
        if current and current != model.key:
            finish_model(work, current)
        if not model.started:
            model = start_model(work, model)
        work.set(active_model=model.key)
        if isinstance(action, a.SpendRes):
            spend_res(work, model, "+1 AP")
            work.put(work.model(model.key), ap=work.model(model.key).ap + 1)
        else:
            use_ability(work, action)
    elif isinstance(action, a.Join):
        _join(work, seat, action)
    elif isinstance(action, (a.Walk, a.Run, a.MeleeMove, a.Charge, a.Pivot, a.Focus, a.Evade,
                             a.Shoot, a.Blast, a.Fight, a.Sentry, a.Spot)):  # fmt: skip
        if work.get("active_squad") is None:
            raise IllegalActionError("Activate a squad first.", code="no_activation")
        perform(work, action)
        work.set(reaction_trigger=action.model)
    else:
        raise IllegalActionError(f"{type(action).__name__} is not possible now.", code="not_now")


def _require_active(work: Work, key: str) -> Model:
    squad = work.get("active_squad")
    if squad is None or key not in {m.key for m in activation_models(work, squad)}:
        raise IllegalActionError(f"{key} is not in the squad being activated.", code="not_active")
    return work.model(key)


def activatable(state: State, seat: int) -> list[str]:
    """Squads the seat may activate now (the last-activated-squad rule applied)."""
    work = Work(state)
    keys = [
        s.key for s in state.squads
        if s.seat == seat and not s.activated and activation_models(work, s.key)
        and all(m.deployed for m in activation_models(work, s.key))
    ]  # fmt: skip
    last = state.previous_last[seat]
    if state.activations[seat] == 0 and last in keys and len(keys) > 1:
        keys.remove(last)
    return keys


def _activate(work: Work, seat: int, key: str) -> None:
    if work.get("active_squad") is not None:
        raise IllegalActionError("Finish the current activation first.", code="busy")
    if key not in activatable(work.base, seat):
        raise IllegalActionError(f"{key} cannot be activated now.", code="cannot_activate")
    squad = work.squads[key]
    if squad.attached_to:
        if squad.join_round == work.get("round"):
            raise IllegalActionError(
                "A character joins or leaves only once a round.", code="joined"
            )
        work.say(f"{squad.name} leaves {work.squads[squad.attached_to].name}")
        squad = work.put_squad(squad, attached_to=None, join_round=work.get("round"))
    start_squad(work, squad)


def _join(work: Work, seat: int, action: a.Join) -> None:
    from games.warzone.geometry import gap

    hero = work.squads[action.character]
    host = work.squads[action.squad]
    if not hero.character or work.get("active_squad") != hero.key or host.seat != seat:
        raise IllegalActionError(
            "Only an activated character joins one of its squads.", code="bad_join"
        )
    if host.character or any(s.attached_to == host.key for s in work.squads.values()):
        raise IllegalActionError(f"{host.name} cannot take a character now.", code="bad_join")
    if hero.join_round == work.get("round") or work.get("activations")[seat] == 0:
        raise IllegalActionError(
            "Not this round: a first activation or a second join.", code="bad_join"
        )
    me = work.alive_in(hero.key)[0]
    commander = work.model(host.commander)
    if gap(me.pos, me.radius, commander.pos, commander.radius) > (commander.stats.coh or 10):
        raise IllegalActionError("Move within the squad's coherency first.", code="bad_join")
    work.put_squad(hero, attached_to=host.key, join_round=work.get("round"))
    work.say(f"{hero.name} joins {host.name}")
    if not host.activated:
        work.set(joined_host=host.key)
    for m in activation_models(work, hero.key):
        finish_model(work, m.key)


def _advance(state: State) -> State:
    if _wiped_out(state):
        return replace(state, phase=Phase.OVER, end_reason="a side has no models left")
    if state.reaction_trigger is not None and state.phase is Phase.ACTIVATION:
        fire, ask = eligible_sentries(state)
        if fire:
            return _run(
                state, Pending(state.model(fire[0]).seat, AutoSentry(state.reaction_trigger, fire))
            )
        if ask:
            return replace(state, phase=Phase.REACTION, reaction=ask)
        state = replace(state, reaction_trigger=None)
    if state.phase is not Phase.ACTIVATION or state.active_squad is None:
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
        host = state.joined_host
        work = Work(replace(state, joined_host=None))
        start_squad(work, work.squads[host])
        return _advance(work.freeze())
    for nxt in (1 - seat, seat):
        if activatable(state, nxt):
            return replace(state, active_seat=nxt)
    return _end_round(state)


def _end_round(state: State) -> State:
    work = Work(state)
    score_round(work)
    for m in list(work.models.values()):
        work.put(m, started=False, finished=False, ap=0, actions=(), moved=0.0, res_used=False,
                 charged=False, focus=False, fear_tested=(), used_abilities=(),
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
        return replace(new, phase=Phase.OVER, end_reason="the last round is over")
    return replace(new, round=new.round + 1, phase=Phase.INITIATIVE)


def legal_actions(state: State, seat: Seat) -> Sequence[object]:
    """The choices a bot or a menu offers (movement and targets are open-ended, so a sample)."""
    if seat not in to_act(state) or seat == CHANCE:
        return []
    if state.phase is Phase.INITIATIVE_CHOICE:
        return [a.KeepInitiative(), a.PassInitiative()]
    if state.phase is Phase.SIDE:
        return [a.ChooseSide("south"), a.ChooseSide("north")]
    if state.phase is Phase.REACTION:
        return [a.PassReaction()]
    if state.phase is Phase.DEPLOY:
        from games.warzone.deploy import suggested_deploys

        return suggested_deploys(state, seat)
    if state.active_squad is None:
        return [a.Activate(k) for k in activatable(state, seat)]
    from games.warzone.suggest import suggested_actions

    return suggested_actions(state)


def zone_ok(state: State, seat: int, y: float, r: float) -> bool:
    """Whether a base at height y fits wholly in the seat's deployment zone."""
    return in_zone(state, seat, y, r)


__all__ += ["WarzoneView", "activatable", "zone_ok"]
