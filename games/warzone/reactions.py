"""Sentry reactions by standing orders: fire automatically, or ask the owner (the bot times out)."""

from __future__ import annotations

from dataclasses import dataclass

import games.warzone.actions as a
from games.base import IllegalActionError
from games.text import Text
from games.warzone.combat import resolve_fight
from games.warzone.morale import ld_mods
from games.warzone.movement import charge, path_problem, walk_or_run
from games.warzone.profiles import weapon
from games.warzone.shooting import can_shoot_at, priority_targets, resolve_shoot
from games.warzone.state import Phase, SentryPolicy, State, Timing
from games.warzone.work import Work, host_of


@dataclass(frozen=True, slots=True)
class AutoSentry:
    """Internal: the 'fire' sentries react to the model that just acted (never logged)."""

    trigger: str
    models: tuple[str, ...]


def _gun(work: Work, key: str, target: str) -> str | None:
    m = work.model(key)
    for wkey in m.weapons:
        w = weapon(wkey)
        if w.kind in ("CC", "GR") or w.template or wkey in m.empty:
            continue
        if can_shoot_at(work, m, w, work.model(target))[0] is None:
            return wkey
    return None


WINDOWS = {"before": (Timing.BEFORE, Timing.FIRST), "after": (Timing.AFTER, Timing.FIRST)}


def eligible_sentries(
    state: State, trigger: str, when: str
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Sentries whose orders react in this window to `trigger`: (fire orders, ask orders).

    From the rulebook: a sentry may act before or after an action of an activated enemy. Gap-fill:
    the standing orders pick the window, and a window opens for a sentry only when the acting
    model is a legal target of one of its guns (so an async game is not asked at every step).
    """
    if not state.model(trigger).alive:
        return (), ()
    work = Work(state)
    actor = state.model(trigger)
    fire: list[str] = []
    ask: list[str] = []
    for m in state.models:
        if not m.sentry or not m.alive or m.seat == actor.seat or "shooting" in m.actions:
            continue
        policy = state.squad(m.squad).policy
        if policy.sentry is SentryPolicy.HOLD or policy.timing not in WINDOWS[when]:
            continue
        if _gun(work, m.key, trigger) is None:
            continue
        (fire if policy.sentry is SentryPolicy.FIRE else ask).append(m.key)
    return tuple(fire), tuple(ask)


def _ld_test(work: Work, key: str) -> bool:
    m = work.put(work.model(key), sentry=False)
    base, mods = ld_mods(work, host_of(work, m))
    return work.roll(
        work.dice.test("LD", base, mods, label=Text("{model} sentry reaction", model=key))
    ).success


def auto_sentry(work: Work, action: AutoSentry) -> None:
    """Each 'fire' sentry tests LD and shoots the trigger (or the priority target it must take)."""
    for key in action.models:
        if not work.model(action.trigger).alive:
            return
        if not _ld_test(work, key):
            continue
        m = work.model(key)
        allowed = priority_targets(work, m)
        target = action.trigger
        if allowed and work.model(target) not in allowed and not m.has("Target Sense"):
            target = min(allowed, key=lambda e: e.key).key
        gun = _gun(work, key, target)
        if gun is None:
            work.say(Text("{model} has no shot at {target}", model=key, target=target))
            continue
        m = work.put(m, actions=(*m.actions, "shooting"))
        resolve_shoot(work, a.Shoot(key, gun, (target,)))
    work.set(reaction_trigger=action.trigger)


def _precheck(work: Work, inner: object) -> None:
    """Checks made before the sentry's LD die, so a refused reaction rolls nothing."""
    if isinstance(inner, a.Shoot):
        m = work.model(inner.model)
        if inner.weapon not in m.weapons or inner.weapon in m.empty:
            raise IllegalActionError(
                "{model} cannot fire {weapon}.",
                code="bad_reaction",
                model=m.key,
                weapon=inner.weapon,
            )
        for t in inner.targets:
            problem = can_shoot_at(work, m, weapon(inner.weapon), work.model(t))[0]
            if problem:
                raise IllegalActionError(problem, code="bad_reaction")
    elif isinstance(inner, a.Walk):
        problem = path_problem(work, work.model(inner.model), inner.path, 1e9)
        if problem:
            raise IllegalActionError(problem, code="bad_reaction")


def react(work: Work, action: a.React) -> None:
    """An asked sentry reacts with one AP(0)/AP(1) action after passing an LD test."""
    inner = action.action
    if getattr(inner, "model", None) != action.model:
        raise IllegalActionError(
            "The reaction must be the sentry's own action.", code="bad_reaction"
        )
    m = work.model(action.model)
    names = {a.Shoot: "shooting", a.Fight: "close combat", a.Evade: "evade",
             a.Focus: "battle focus",
             a.Walk: "walk", a.Charge: "charge"}  # fmt: skip
    name = names.get(type(inner))
    if name is None:
        raise IllegalActionError(
            "A sentry reacts with shooting, close combat, evade, battle focus, walk or charge.",
            code="bad_reaction",
        )
    _precheck(work, inner)
    if name in m.actions or (isinstance(inner, a.Shoot) and inner.rapid):
        raise IllegalActionError(
            "{model} cannot take that action as a reaction.", code="bad_reaction", model=m.key
        )
    trigger = work.get("reaction_trigger")
    if not _ld_test(work, m.key):
        work.set(phase=Phase.ACTIVATION, reaction=(), reaction_trigger=trigger)
        return
    m = work.put(work.model(m.key), actions=(*m.actions, name))
    if isinstance(inner, a.Shoot):
        resolve_shoot(work, inner)
    elif isinstance(inner, a.Fight):
        resolve_fight(work, inner)
    elif isinstance(inner, a.Evade):
        work.put(m, evading=True)
    elif isinstance(inner, a.Focus):
        work.put(m, focus=True)
    elif isinstance(inner, a.Walk):
        walk_or_run(work, m, inner.path, inner.facing, 1)
    elif isinstance(inner, a.Charge):
        charge(work, m, work.model(inner.target))
    work.set(phase=Phase.ACTIVATION, reaction=(), reaction_trigger=trigger)
