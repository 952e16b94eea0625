"""Model activations: AP, the once-per-round rule, coherency, fumbles, and each action's effect."""

from __future__ import annotations

from games.base import IllegalActionError
from games.warzone import actions as a
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
MOVES = (a.Walk, a.Run, a.Charge, a.MeleeMove)


def _illegal(text: str, code: str = "illegal_action") -> IllegalActionError:
    return IllegalActionError(text, code=code)


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
    work.say(f"seat {squad.seat} activates {squad.name} ({squad.key})")
    recovered = recovery_test(work, squad)
    squad = work.squads[squad.key]
    if not recovered and squad.morale is Morale.BROKEN:
        _flee(work, squad)
        return
    stray = out_of_coherency(work, squad)
    for m in stray:
        work.put(m, out_of_coherency=True)
        work.say(f"{m.key} is out of coherency and must move back first")


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

            work.say(f"{m.key} flees off the table")
            remove(work, m, None)
            continue
        try:
            walk_or_run(work, m, [target], direction, 2)
        except IllegalActionError:
            work.say(f"{m.key} is blocked and cannot flee further")
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
        raise _illegal(f"{model.key} is not in the squad being activated", "not_active")
    if model.finished:
        raise _illegal(f"{model.key} has already ended its activation", "model_done")
    check_stray_first(work, model)
    current = work.get("active_model")
    if current and current != model.key:
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
        work.say(f"{model.key} fumbled: no more AP this round")
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
        raise _illegal(f"models out of coherency activate first: {', '.join(m.key for m in stray)}")


def _check(work: Work, model: Model, action: object, cost: int, name: str) -> None:
    host = work.squads[work.get("active_squad")]
    if name in model.actions:
        raise _illegal(
            f"{model.key} has already taken a {name} action this round", "once_per_round"
        )
    if model.ap < cost:
        raise _illegal(f"{model.key} has {model.ap} AP left; {name} costs {cost}", "no_ap")
    if model.out_of_coherency and not model.engaged_at_start and not isinstance(action, MOVES):
        raise _illegal(f"{model.key} is out of coherency: its first action must be a move")
    if host.morale is Morale.PINNED and isinstance(action, a.Charge | a.Run):
        raise _illegal(f"{host.name} is pinned: no Charge or Run")
    if isinstance(action, a.Pivot | a.MeleeMove) and model.actions:
        raise _illegal(f"{name} is only allowed at the start of {model.key}'s activation")
    if isinstance(action, a.Pivot) and work.engaged_with(model):
        raise _illegal(f"{model.key} is engaged and cannot pivot")
    if isinstance(action, a.Sentry):
        size = len(work.alive_in(model.squad))
        on = sum(1 for m in work.alive_in(model.squad) if m.sentry)
        if on + 1 > -(-size // 2):
            raise _illegal("at most half of a squad's models (rounded up) stand sentry")
    if isinstance(action, a.Shoot | a.Blast | a.Fight) and action.weapon not in model.weapons:
        raise _illegal(f"{model.key} does not carry {action.weapon}")
    if isinstance(action, a.Shoot | a.Blast) and action.weapon in model.empty:
        raise _illegal(f"{action.weapon} is empty; reload it first (UseAbility Reload)")
    if isinstance(action, a.Shoot | a.Fight) and action.res_roa:
        spend_res(work, model, "RoA +1")


def spend_res(work: Work, model: Model, why: str, amount: int = 1) -> None:
    """Turn resource cards: one RES use per model per round."""
    cards, spent = work.get("res_cards"), work.get("res_spent")
    seat = model.seat
    if model.res_used:
        raise _illegal(f"{model.key} has already used RES this round", "res_used")
    if spent[seat] + amount > cards[seat]:
        raise _illegal(f"not enough RES: {cards[seat] - spent[seat]} left", "no_res")
    new = (spent[0] + amount, spent[1]) if seat == 0 else (spent[0], spent[1] + amount)
    work.set(res_spent=new)
    work.put(work.model(model.key), res_used=True)
    work.say(f"{model.key} uses {amount} RES: {why}")


def _resolve(work: Work, model: Model, action: object) -> None:
    if isinstance(action, a.Walk):
        walk_or_run(work, model, action.path, action.facing, 1)
    elif isinstance(action, a.Run):
        walk_or_run(work, model, action.path, action.facing, 2)
    elif isinstance(action, a.MeleeMove):
        melee_move(work, model, action.path, action.facing)
    elif isinstance(action, a.Charge):
        if work.engaged_with(model):
            raise _illegal(f"{model.key} is already engaged")
        target = work.model(action.target)
        if not check_priority(work, model, target):
            # rulebook §2: the AP is wasted, the same action may be taken again
            work.say(f"{model.key} fails the priority test: the AP is wasted")
            m = work.model(model.key)
            work.put(m, actions=m.actions[:-1])
        elif not charge(work, model, target):
            finish_model(work, model.key)
    elif isinstance(action, a.Pivot):
        work.put(model, facing=action.facing % 360.0)
        work.say(f"{model.key} pivots to {action.facing % 360.0:.0f} degrees")
    elif isinstance(action, a.Focus):
        work.put(model, focus=True)
        work.say(f"{model.key} takes Battle Focus")
    elif isinstance(action, a.Evade):
        work.put(model, evading=True)
        work.say(f"{model.key} evades: shooters at it get -2")
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
        work.say(f"{model.key} stands sentry")
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
    work.say(f"{w.name} is empty")


def use_ability(work: Work, action: a.UseAbility) -> None:
    """RES use C: Reload a weapon or Black Liquid Syringe (once per round each)."""
    model = work.model(action.model)
    if action.ability in model.used_abilities:
        raise _illegal(f"{action.ability} was already used this round")
    if action.ability == "Reload":
        if not model.empty:
            raise _illegal(f"{model.key} has nothing to reload")
        cost = max(weapon(k).rule_value("Reload") or 1 for k in model.empty)
        spend_res(work, model, "reload", cost)
        work.put(work.model(model.key), empty=())
    elif action.ability == "Black Liquid Syringe" and model.has("Black Liquid Syringe"):
        if model.actions:
            raise _illegal("Black Liquid Syringe is used at the start of the model's activation")
        full = model.stats.w
        if model.wounds >= full:
            raise _illegal(f"{model.key} has lost no W")
        spend_res(work, model, "Black Liquid Syringe")
        work.put(work.model(model.key), wounds=model.wounds + 1)
    else:
        raise _illegal(f"{model.key} has no ability {action.ability!r} to activate")
    m = work.model(model.key)
    work.put(m, used_abilities=(*m.used_abilities, action.ability))
