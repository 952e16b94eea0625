"""Model activations: AP, the once-per-round rule, coherency, fumbles, and each action's effect."""

from __future__ import annotations

import games.warzone.actions as a
from games.base import IllegalActionError
from games.text import Text
from games.warzone.combat import resolve_fight
from games.warzone.geometry import gap
from games.warzone.morale import recovery_test
from games.warzone.movement import charge, melee_move, walk_or_run
from games.warzone.profiles import weapon
from games.warzone.shooting import check_priority, resolve_blast, resolve_shoot
from games.warzone.state import Model, Morale, Squad
from games.warzone.work import Work

COSTS: dict[type, int] = {
    a.Walk: 1, a.Run: 2, a.Charge: 1, a.Pivot: 0, a.MeleeMove: 0, a.Focus: 1, a.Evade: 1,
    a.Shoot: 1, a.Blast: 1, a.Fight: 1, a.Sentry: 2, a.Spot: 1,
}  # fmt: skip
NAMES: dict[type, str] = {
    a.Walk: "walk", a.Run: "run", a.Charge: "charge", a.Pivot: "pivot", a.MeleeMove: "melee move",
    a.Focus: "battle focus", a.Evade: "evade", a.Shoot: "shooting", a.Blast: "shooting",
    a.Fight: "close combat", a.Sentry: "sentry", a.Spot: "spot",
}  # fmt: skip
SAID: dict[str, Text] = {
    "walk": Text("walk"), "run": Text("run"), "charge": Text("charge"), "pivot": Text("pivot"),
    "melee move": Text("melee move"), "battle focus": Text("battle focus"),
    "evade": Text("evade"), "shooting": Text("shooting"), "close combat": Text("close combat"),
    "sentry": Text("sentry"), "spot": Text("spot"),
}  # fmt: skip
"""How players read an action's name (NAMES are the keys the state records)."""
MOVES = (a.Walk, a.Run, a.Charge, a.MeleeMove)


def _illegal(text: str, code: str = "illegal_action", **params: object) -> IllegalActionError:
    return IllegalActionError(text, code=code, **params)


def coherency_distance(squad: Squad, commander: Model) -> float:
    """COH from the profile, 10 inches when none is printed."""
    return float(commander.stats.coh or 10)


def out_of_coherency(work: Work, squad: Squad) -> list[Model]:
    """Models further than COH from the (acting) squad commander."""
    commander = work.models.get(squad.commander)
    if commander is None or not commander.alive:
        return []
    coh = coherency_distance(squad, commander)
    return [
        m for m in work.alive_in(squad.key)
        if gap(m.pos, m.radius, commander.pos, commander.radius) > coh
    ]  # fmt: skip


def activation_models(work: Work, squad_key: str) -> list[Model]:
    """Models taking part in a squad's activation: its own plus a joined character's."""
    members = work.alive_in(squad_key)
    for other in work.squads.values():
        if other.attached_to == squad_key:
            members += work.alive_in(other.key)
    return members


def start_squad(work: Work, squad: Squad) -> None:
    """Begin a squad activation: recovery test, coherency check."""
    work.set(active_squad=squad.key, active_model=None)
    work.say(
        Text(
            "seat {seat} activates {squad}",
            seat=squad.seat,
            squad=squad.name,  # the name already says its key: "Necromutants (B2)"
        )
    )
    recovered = recovery_test(work, squad)
    squad = work.squads[squad.key]
    if not recovered and squad.morale is Morale.BROKEN:
        _flee(work, squad)
        return
    stray = out_of_coherency(work, squad)
    for m in stray:
        work.put(m, out_of_coherency=True)
        work.say(Text("{model} is out of coherency and must move back first", model=m.key))


def _flee(work: Work, squad: Squad) -> None:
    """Gap-fill: a broken squad that fails to recover runs SP x2 toward its own table edge."""
    from games.warzone.geometry import offset
    from games.warzone.terrain import TABLE_SIZE

    south = work.get("south_seat") == squad.seat
    direction = 270.0 if south else 90.0
    for m in activation_models(work, squad.key):
        target = offset(m.pos, direction, 2 * m.stats.sp)
        if target[1] - m.radius < 0 or target[1] + m.radius > TABLE_SIZE:
            from games.warzone.damage import remove

            work.say(Text("{model} flees off the table", model=m.key))
            remove(work, m, None)
            continue
        try:
            walk_or_run(work, m, [target], direction, 2)
        except IllegalActionError:
            work.say(Text("{model} is blocked and cannot flee further", model=m.key))
    for m in activation_models(work, squad.key):
        work.put(m, finished=True, started=True, ap=0)


def start_model(work: Work, model: Model) -> Model:
    """A model's activation begins: AP 2 (1 if it starts engaged or pinned), markers cleared."""
    foes = work.engaged_with(model)
    ap = 2
    if foes and not all(f.stats.sz <= model.stats.sz - 2 for f in foes):
        ap = 1
    squad = work.squads[model.squad]
    host = work.squads[squad.attached_to] if squad.attached_to else squad
    if host.morale is Morale.PINNED:
        ap = 1
    return work.put(
        model, started=True, ap=ap, evading=False, sentry=False, engaged_at_start=bool(foes)
    )


def finish_model(work: Work, key: str) -> None:
    """End a model's activation; its remaining AP are lost."""
    m = work.model(key)
    if not m.finished:
        work.put(m, started=True, finished=True, ap=0)
    if work.get("active_model") == key:
        work.set(active_model=None)


def perform(work: Work, action: a.ModelAction | a.Sentry | a.Spot) -> None:
    """Spend AP on an action of the active squad's model and resolve it."""
    model = work.model(action.model)
    squad_key = work.get("active_squad")
    members = {m.key for m in activation_models(work, squad_key)} if squad_key else set()
    if model.key not in members:
        raise _illegal("{model} is not in the squad being activated", "not_active", model=model.key)
    if model.finished:
        raise _illegal("{model} has already ended its activation", "model_done", model=model.key)
    check_stray_first(work, model)
    current = work.get("active_model")
    if current and current != model.key:
        left = work.model(current).ap
        if left > 0:
            # Models act one at a time: starting the next one ends this one's activation.
            work.say(
                Text(
                    "{model}'s activation ends as {next} starts: {ap} AP unused",
                    model=current,
                    next=model.key,
                    ap=left,
                )
            )
        finish_model(work, current)
    if not model.started:
        model = start_model(work, model)
    work.set(active_model=model.key)
    cost = COSTS[type(action)]
    name = NAMES[type(action)]
    if isinstance(action, a.Shoot) and action.rapid:
        cost = 2
        if weapon(action.weapon).kind != "A":
            raise _illegal("Rapid Fire needs an (A) weapon")
    if isinstance(action, a.Sentry) and model.has("Guardsmen"):
        cost = 1
    _check(work, model, action, cost, name)
    model = work.put(model, ap=model.ap - cost, actions=(*model.actions, name))
    _resolve(work, model, action)
    model = work.model(model.key)
    if model.out_of_coherency:
        work.put(model, out_of_coherency=False)
    if work.fumbled and model.alive:
        work.say(Text("{model} fumbled: no more AP this round", model=model.key))
        finish_model(work, model.key)
    elif model.alive and work.model(model.key).ap <= 0:
        finish_model(work, model.key)
    if not model.alive:
        finish_model(work, model.key)


def check_stray_first(work: Work, model: Model) -> None:
    """Rulebook §4: models out of coherency activate first, one after another.

    The model being activated finishes its own activation (both AP) before the next one starts,
    so it may go on even when other strays are still waiting.
    """
    if model.key == work.get("active_model"):
        return
    squad_key = work.get("active_squad")
    stray = [m for m in activation_models(work, squad_key) if m.out_of_coherency and not m.started]
    if stray and model.key not in {m.key for m in stray}:
        raise _illegal(
            "models out of coherency activate first: {models}",
            models=", ".join(m.key for m in stray),
        )


def _check(work: Work, model: Model, action: object, cost: int, name: str) -> None:
    host = work.squads[work.get("active_squad")]
    said = SAID[name]
    if name in model.actions:
        raise _illegal(
            "{model} has already taken a {action} action this round",
            "once_per_round",
            model=model.key,
            action=said,
        )
    if model.ap < cost:
        raise _illegal(
            "{model} has {ap} AP left; {action} costs {cost}",
            "no_ap",
            model=model.key,
            ap=model.ap,
            action=said,
            cost=cost,
        )
    if model.out_of_coherency and not model.engaged_at_start and not isinstance(action, MOVES):
        raise _illegal(
            "{model} is out of coherency: its first action must be a move", model=model.key
        )
    if host.morale is Morale.PINNED and isinstance(action, a.Charge | a.Run):
        raise _illegal("{squad} is pinned: no Charge or Run", squad=host.name)
    if isinstance(action, a.Pivot | a.MeleeMove) and model.actions:
        raise _illegal(
            "{action} is only allowed at the start of {model}'s activation",
            action=said,
            model=model.key,
        )
    if isinstance(action, a.Pivot) and work.engaged_with(model):
        raise _illegal("{model} is engaged and cannot pivot", model=model.key)
    if isinstance(action, a.Sentry):
        size = len(work.alive_in(model.squad))
        on = sum(1 for m in work.alive_in(model.squad) if m.sentry)
        if on + 1 > -(-size // 2):
            raise _illegal("at most half of a squad's models (rounded up) stand sentry")
    if isinstance(action, a.Shoot | a.Blast | a.Fight) and action.weapon not in model.weapons:
        raise _illegal("{model} does not carry {weapon}", model=model.key, weapon=action.weapon)
    if isinstance(action, a.Shoot | a.Blast) and action.weapon in model.empty:
        raise _illegal(
            "{weapon} is empty; reload it first (UseAbility Reload)", weapon=action.weapon
        )
    if isinstance(action, a.Shoot | a.Fight) and action.res_roa:
        spend_res(work, model, Text.verbatim("RoA +1"))


def spend_res(work: Work, model: Model, why: Text, amount: int = 1) -> None:
    """Turn resource cards: one RES use per model per round."""
    cards, spent = work.get("res_cards"), work.get("res_spent")
    seat = model.seat
    if model.res_used:
        raise _illegal("{model} has already used RES this round", "res_used", model=model.key)
    if spent[seat] + amount > cards[seat]:
        left = cards[seat] - spent[seat]
        raise _illegal(
            Text.plural("not enough RES: {count} left", "not enough RES: {count} left", left),
            "no_res",
        )
    new = (spent[0] + amount, spent[1]) if seat == 0 else (spent[0], spent[1] + amount)
    work.set(res_spent=new)
    work.put(work.model(model.key), res_used=True)
    work.say(Text("{model} uses {amount} RES: {why}", model=model.key, amount=amount, why=why))


def _resolve(work: Work, model: Model, action: object) -> None:
    if isinstance(action, a.Walk):
        walk_or_run(work, model, action.path, action.facing, 1)
    elif isinstance(action, a.Run):
        walk_or_run(work, model, action.path, action.facing, 2)
    elif isinstance(action, a.MeleeMove):
        melee_move(work, model, action.path, action.facing)
    elif isinstance(action, a.Charge):
        if work.engaged_with(model):
            raise _illegal("{model} is already engaged", model=model.key)
        target = work.model(action.target)
        if not check_priority(work, model, target, "charge"):
            # rulebook §2: the AP is wasted, the same action may be taken again (at another target)
            work.say(Text("{model} fails the priority test: the AP is wasted", model=model.key))
            m = work.model(model.key)
            work.put(m, actions=m.actions[:-1])
        elif not charge(work, model, target):
            finish_model(work, model.key)
    elif isinstance(action, a.Pivot):
        work.put(model, facing=action.facing % 360.0)
        work.say(
            Text(
                "{model} pivots to {facing:.0f} degrees",
                model=model.key,
                facing=action.facing % 360.0,
            )
        )
    elif isinstance(action, a.Focus):
        work.put(model, focus=True)
        work.say(Text("{model} takes Battle Focus", model=model.key))
    elif isinstance(action, a.Evade):
        work.put(model, evading=True)
        work.say(Text("{model} evades: shooters at it get -2", model=model.key))
    elif isinstance(action, a.Shoot):
        if not resolve_shoot(work, action):
            m = work.model(model.key)
            work.put(m, actions=m.actions[:-1])
        _empty_after(work, model.key, action.weapon)
    elif isinstance(action, a.Blast):
        if not resolve_blast(work, action):
            m = work.model(model.key)
            work.put(m, actions=m.actions[:-1])
            return
        _empty_after(work, model.key, action.weapon)
    elif isinstance(action, a.Fight):
        resolve_fight(work, action)
    elif isinstance(action, a.Sentry):
        work.put(model, sentry=True)
        work.say(Text("{model} stands sentry", model=model.key))
    elif isinstance(action, a.Spot):
        raise _illegal("no squad deploys by stalking in this version: there is nothing to spot")


def _empty_after(work: Work, key: str, weapon_key: str) -> None:
    w = weapon(weapon_key)
    if w.rule_value("Reload") is None:
        return
    m = work.model(key)
    mode = [r for r in w.rules if r.startswith("Weapon Mode")]
    shared = [k for k in m.weapons if mode and mode[0] in weapon(k).rules] or [weapon_key]
    work.put(m, empty=tuple(sorted({*m.empty, *shared})))
    work.say(Text("{weapon} is empty", weapon=w.name))


def use_ability(work: Work, action: a.UseAbility) -> None:
    """RES use C: Reload a weapon or Black Liquid Syringe (once per round each)."""
    model = work.model(action.model)
    if action.ability in model.used_abilities:
        raise _illegal("{ability} was already used this round", ability=action.ability)
    if action.ability == "Reload":
        if not model.empty:
            raise _illegal("{model} has nothing to reload", model=model.key)
        cost = max(weapon(k).rule_value("Reload") or 1 for k in model.empty)
        spend_res(work, model, Text("reload"), cost)
        work.put(work.model(model.key), empty=())
    elif action.ability == "Black Liquid Syringe" and model.has("Black Liquid Syringe"):
        if model.actions:
            raise _illegal("Black Liquid Syringe is used at the start of the model's activation")
        full = model.stats.w
        if model.wounds >= full:
            raise _illegal("{model} has lost no W", model=model.key)
        spend_res(work, model, Text.verbatim("Black Liquid Syringe"))
        work.put(work.model(model.key), wounds=model.wounds + 1)
    else:
        raise _illegal(
            "{model} has no ability {ability} to activate",
            model=model.key,
            ability=repr(action.ability),
        )
    m = work.model(model.key)
    work.put(m, used_abilities=(*m.used_abilities, action.ability))
