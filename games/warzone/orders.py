"""Commands inside an activation: choose a squad, act with a model, spend RES, join, end."""

from __future__ import annotations

import games.warzone.actions as a
from games.base import IllegalActionError
from games.text import Text
from games.warzone.activation import (
    activation_models,
    check_stray_first,
    finish_model,
    perform,
    spend_res,
    start_model,
    start_squad,
    use_ability,
)
from games.warzone.geometry import gap
from games.warzone.reactions import AutoSentry, auto_sentry, react
from games.warzone.state import Model, Morale, State
from games.warzone.work import Work

MODEL_ACTIONS = (
    a.Walk, a.Run, a.MeleeMove, a.Charge, a.Pivot, a.Focus, a.Evade, a.Shoot, a.Blast, a.Fight,
    a.Sentry, a.Spot,
)  # fmt: skip
"""Actions a model spends AP (or AP 0) on: each opens sentry reaction windows."""


def perform_order(work: Work, seat: int, action: object) -> None:
    """Resolve one activation command (or an automatic/asked sentry reaction)."""
    if isinstance(action, AutoSentry):
        auto_sentry(work, action)
    elif isinstance(action, a.React):
        react(work, action)
    elif isinstance(action, a.Activate):
        _activate(work, seat, action.squad)
    elif isinstance(action, a.EndModel):
        _require_active(work, action.model)
        if work.model(action.model).finished:
            raise IllegalActionError(
                "{model} has already ended.", code="model_done", model=action.model
            )
        finish_model(work, action.model)
    elif isinstance(action, a.EndActivation):
        if work.get("active_squad") is None:
            raise IllegalActionError("No squad is being activated.", code="no_activation")
        for m in activation_models(work, work.get("active_squad")):
            finish_model(work, m.key)
            work.put(work.model(m.key), finished=True, started=True)
    elif isinstance(action, a.SpendRes | a.UseAbility):
        _res_at_start(work, action)
    elif isinstance(action, a.Join):
        _join(work, seat, action)
    elif isinstance(action, MODEL_ACTIONS):
        if work.get("active_squad") is None:
            raise IllegalActionError("Activate a squad first.", code="no_activation")
        perform(work, action)
        work.set(reaction_trigger=action.model)
    else:
        raise IllegalActionError(
            "{action} is not possible now.", code="not_now", action=type(action).__name__
        )


def _res_at_start(work: Work, action: a.SpendRes | a.UseAbility) -> None:
    model = _require_active(work, action.model)
    if model.finished:
        raise IllegalActionError(
            "{model} has already ended its activation.", code="model_done", model=model.key
        )
    if model.actions:
        raise IllegalActionError(
            "RES for AP is spent at the start of a model's activation.", code="too_late"
        )
    if isinstance(action, a.SpendRes):
        squad = work.squads[model.squad]
        host = work.squads[squad.attached_to] if squad.attached_to else squad
        if host.morale is not Morale.STEADY:
            # gap-fill (missing-sections WZ-MO-05): a pinned squad may not buy AP with RES
            raise IllegalActionError(
                "{squad} is pinned: no RES for AP.", code="pinned", squad=host.name
            )
    check_stray_first(work, model)
    current = work.get("active_model")
    if current and current != model.key:
        finish_model(work, current)
    if not model.started:
        model = start_model(work, model)
    work.set(active_model=model.key)
    if isinstance(action, a.SpendRes):
        spend_res(work, model, Text.verbatim("+1 AP"))
        work.put(work.model(model.key), ap=work.model(model.key).ap + 1)
    else:
        use_ability(work, action)


def _require_active(work: Work, key: str) -> Model:
    squad = work.get("active_squad")
    if squad is None or key not in {m.key for m in activation_models(work, squad)}:
        raise IllegalActionError(
            "{model} is not in the squad being activated.", code="not_active", model=key
        )
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
        raise IllegalActionError(
            "{squad} cannot be activated now.", code="cannot_activate", squad=key
        )
    squad = work.squads[key]
    if squad.attached_to:
        if squad.join_round == work.get("round"):
            raise IllegalActionError(
                "A character joins or leaves only once a round.", code="joined"
            )
        work.say(
            Text(
                "{character} leaves {squad}",
                character=squad.name,
                squad=work.squads[squad.attached_to].name,
            )
        )
        squad = work.put_squad(squad, attached_to=None, join_round=work.get("round"))
    start_squad(work, squad)


def _join(work: Work, seat: int, action: a.Join) -> None:
    hero = work.squads[action.character]
    host = work.squads[action.squad]
    if not hero.character or work.get("active_squad") != hero.key or host.seat != seat:
        raise IllegalActionError(
            "Only an activated character joins one of its squads.", code="bad_join"
        )
    if host.character or any(s.attached_to == host.key for s in work.squads.values()):
        raise IllegalActionError(
            "{squad} cannot take a character now.", code="bad_join", squad=host.name
        )
    if hero.join_round == work.get("round") or work.get("activations")[seat] == 0:
        raise IllegalActionError(
            "Not this round: a first activation or a second join.", code="bad_join"
        )
    me = work.alive_in(hero.key)[0]
    if me.sentry:
        raise IllegalActionError("A character cannot join as part of Sentry.", code="bad_join")
    commander = work.model(host.commander)
    if gap(me.pos, me.radius, commander.pos, commander.radius) > (commander.stats.coh or 10):
        raise IllegalActionError("Move within the squad's coherency first.", code="bad_join")
    work.put_squad(hero, attached_to=host.key, join_round=work.get("round"))
    work.say(Text("{character} joins {squad}", character=hero.name, squad=host.name))
    if not host.activated:
        work.set(joined_host=host.key)
    for m in activation_models(work, hero.key):
        finish_model(work, m.key)
