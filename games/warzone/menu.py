"""The menu of legal actions: every action type, its AP, and its parameters.

Finite parameters (squads, models, weapons, targets) are enumerated exactly. Open-ended ones (a
destination point, a facing, a template's centre) cannot be listed, so each `Choice` carries a
`rule` saying how `apply` validates them (e.g. `movement.path_problem` for a path) and a few
checked sample actions (toward the nearest enemy, toward the nearest relay) for bots and buttons.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import games.warzone.actions as a
from games.base import CHANCE, Seat
from games.warzone.activation import activation_models
from games.warzone.deploy import suggested_deploys
from games.warzone.geometry import dist, gap, heading, offset
from games.warzone.movement import path_problem, speed
from games.warzone.orders import activatable
from games.warzone.profiles import weapon
from games.warzone.shooting import SE_DIAMETER, can_shoot_at, priority_targets, refused
from games.warzone.sight import Sight, point_visible
from games.warzone.state import Model, Morale, Phase, State
from games.warzone.work import Work, ccwr, reaches

OPEN_RULES = {
    "walk": "path: waypoints x,y; length <= SP (-3 in through difficult terrain unless Ranger), "
    "on the table, not through impassable terrain or any base, not into contact; checked by "
    "movement.path_problem",
    "run": "path: as walk with SP x2",
    "melee move": "path: within SP, ending engaged with the nearest enemy in the same arc of it",
    "pivot": "facing: any direction in degrees",
    "blast": "at: a point within R and in sight (Hail Mary: anywhere in R), template clear of "
    "friendly bases; weapons other than grenades centred on an enemy base",
    "deploy": "points: one anchor (line/wedge) or one point per model, wholly in the zone, clear "
    "of impassable terrain and bases, in coherency",
}


@dataclass(frozen=True, slots=True)
class Choice:
    """One menu entry: an action type for a model, its AP, the legal actions, open parameters."""

    kind: str
    model: str | None
    ap: int
    actions: tuple[object, ...]
    rule: str = ""


def legal_actions(state: State, seat: Seat) -> Sequence[object]:
    """Every enumerable legal action, attacks first, then samples of open-ended moves, then ends."""
    return [act for choice in menu(state, seat) for act in choice.actions]


def menu(state: State, seat: Seat) -> tuple[Choice, ...]:
    """The structured menu for `seat` now (empty when it is not the seat's turn)."""
    if seat == CHANCE or state.phase is Phase.OVER or state.pending is not None:
        return ()
    if state.phase is Phase.INITIATIVE_CHOICE:
        return (Choice("initiative", None, 0, (a.KeepInitiative(), a.PassInitiative())),)
    if state.phase is Phase.SIDE and seat == state.initiative:
        return (Choice("side", None, 0, (a.ChooseSide("south"), a.ChooseSide("north"))),)
    if state.phase is Phase.DEPLOY and seat == state.deploying:
        deploys = tuple(suggested_deploys(state, seat))
        return (Choice("deploy", None, 0, deploys, OPEN_RULES["deploy"]),)
    if state.phase is Phase.REACTION:
        return _reaction_menu(state, seat)
    if state.phase is not Phase.ACTIVATION or seat != state.active_seat:
        return ()
    if state.active_squad is None:
        squads = tuple(a.Activate(k) for k in activatable(state, seat))
        return (Choice("activate", None, 0, squads),)
    return _activation_menu(state)


def _reaction_menu(state: State, seat: Seat) -> tuple[Choice, ...]:
    if state.model(state.reaction[0]).seat != seat:
        return ()
    work = Work(state)
    out = []
    for key in state.reaction:
        m = state.model(key)
        # mirrors reactions.react: an action the sentry already took this round is not repeated
        shots = tuple(
            a.React(key, a.Shoot(key, w, (e.key,)))
            for w in _guns(m) for e in work.enemies_of(m)
            if "shooting" not in m.actions and can_shoot_at(work, m, weapon(w), e)[0] is None
        )  # fmt: skip
        evade = () if "evade" in m.actions else (a.React(key, a.Evade(key)),)
        out.append(Choice("react", key, 1, (*shots, *evade)))
    return (*out, Choice("pass", None, 0, (a.PassReaction(),)))


def _guns(m: Model) -> list[str]:
    return [
        k for k in m.weapons
        if weapon(k).kind not in ("CC", "GR") and not weapon(k).template and k not in m.empty
    ]  # fmt: skip


def _start_ap(work: Work, m: Model) -> int:
    """AP the model has (or would start with): mirrors activation.start_model."""
    if m.started:
        return m.ap
    foes = work.engaged_with(m)
    squad = work.squads[m.squad]
    host = work.squads[squad.attached_to] if squad.attached_to else squad
    if host.morale is Morale.PINNED:
        return 1
    return 1 if foes and not all(f.stats.sz <= m.stats.sz - 2 for f in foes) else 2


def _activation_menu(state: State) -> tuple[Choice, ...]:
    work = Work(state)
    assert state.active_squad is not None
    members = [m for m in activation_models(work, state.active_squad) if not m.finished]
    stray = [m for m in members if m.out_of_coherency and not m.started]
    active = [m for m in members if m.key == state.active_model]
    movers = active + [m for m in (stray or members) if m.key != state.active_model]
    out: list[Choice] = []
    for m in movers:
        out += _model_menu(work, m)
    ends = tuple(a.EndModel(m.key) for m in active)
    return (*out, Choice("end", None, 0, (*ends, a.EndActivation())))


def _model_menu(work: Work, m: Model) -> list[Choice]:
    ap = _start_ap(work, m)
    done = set(m.actions)
    engaged = work.engaged_with(m)
    enemies = work.enemies_of(m)
    views: dict[str, Sight] = {}

    def view(e: Model) -> Sight:
        if e.key not in views:
            views[e.key] = work.sight(m, e)
        return views[e.key]

    squad = work.squads[m.squad]
    host = work.squads[squad.attached_to] if squad.attached_to else squad
    pinned = host.morale is not Morale.STEADY
    # mirrors activation._check: a model that starts out of coherency and not engaged moves first
    engaged_at_start = m.engaged_at_start if m.started else bool(engaged)
    must_move = m.out_of_coherency and not engaged_at_start
    out: list[Choice] = []
    if ap >= 1 and "close combat" not in done and not must_move:
        fights = tuple(
            a.Fight(m.key, k, (e.key,))
            for k in m.weapons if weapon(k).kind in ("CC", "HG")
            for e in enemies if reaches(m, e, _reach(k, m))
        )  # fmt: skip
        if fights:
            out.append(Choice("close combat", m.key, 1, fights, "targets: 1..RoA of these; +res"))
    if ap >= 1 and "shooting" not in done and not must_move:
        out += _shooting(work, m, ap, enemies, engaged)
    if ap >= 1 and "charge" not in done and not engaged and not pinned:
        reach = 2 * speed(work, m) + ccwr(m)
        charges = tuple(
            a.Charge(m.key, e.key) for e in enemies
            if gap(m.pos, m.radius, e.pos, e.radius) <= reach and not refused(m, "charge", e)
            and (view(e).clear or m.has("Predator Sense"))
        )  # fmt: skip
        if charges:
            out.append(Choice("charge", m.key, 1, charges))
    for kind, cost, factor, cls in (("walk", 1, 1, a.Walk), ("run", 2, 2, a.Run)):
        if ap >= cost and kind not in done and not (pinned and kind == "run"):
            samples = _move_samples(work, m, factor * speed(work, m), cls)
            out.append(Choice(kind, m.key, cost, samples, OPEN_RULES[kind]))
    if not m.actions and engaged and "melee move" not in done:
        out.append(Choice("melee move", m.key, 0, (), OPEN_RULES["melee move"]))
    if not m.actions and not engaged and "pivot" not in done and not must_move:
        face = tuple(a.Pivot(m.key, heading(m.pos, e.pos)) for e in _nearest(m, enemies, 1))
        out.append(Choice("pivot", m.key, 0, face, OPEN_RULES["pivot"]))
    simple = (("battle focus", 1, a.Focus), ("evade", 1, a.Evade))
    for kind, cost, cls2 in simple:
        if ap >= cost and kind not in done and not must_move:
            out.append(Choice(kind, m.key, cost, (cls2(m.key),)))
    sentry_cost = 1 if m.has("Guardsmen") else 2
    if ap >= sentry_cost and "sentry" not in done and not must_move and _sentry_room(work, m):
        out.append(Choice("sentry", m.key, sentry_cost, (a.Sentry(m.key),)))
    out += _res_menu(work, m, pinned)
    hero = work.alive_in(squad.key)[0] if squad.character else m
    if squad.character and work.get("active_squad") == squad.key and not hero.sentry:
        # mirrors orders._join (a character standing sentry cannot join)
        joins = tuple(
            a.Join(squad.key, s.key) for s in work.squads.values()
            if s.seat == m.seat and not s.character and s.key != squad.key
            and not any(o.attached_to == s.key for o in work.squads.values())
            and work.alive_in(s.key) and squad.join_round != work.get("round")
            and work.get("activations")[m.seat] > 0
            and gap(hero.pos, hero.radius, work.model(s.commander).pos,
                    work.model(s.commander).radius)
            <= (work.model(s.commander).stats.coh or 10)
        )  # fmt: skip
        if joins:
            out.append(Choice("join", m.key, 0, joins))
    return out


def _reach(key: str, m: Model) -> float:
    w = weapon(key)
    return 1.5 if w.kind == "HG" else w.range_inches(m.stats.st)


def _shooting(
    work: Work, m: Model, ap: int, enemies: list[Model], engaged: list[Model]
) -> list[Choice]:
    out: list[Choice] = []
    if engaged and not m.has("Point-Blank"):
        return out
    first = {e.key for e in priority_targets(work, m)}
    order = sorted(enemies, key=lambda e: (e.key not in first, dist(m.pos, e.pos), e.key))
    shots: list[object] = []
    rapid: list[object] = []
    order = [e for e in order if not refused(m, "shooting", e)]
    for k in _guns(m):
        for e in order:
            if can_shoot_at(work, m, weapon(k), e)[0] is None:
                shots.append(a.Shoot(m.key, k, (e.key,)))
                if weapon(k).kind == "A" and ap >= 2:
                    rapid.append(a.Shoot(m.key, k, (e.key,), rapid=True))
    if shots:
        out.append(Choice("shooting", m.key, 1, tuple(shots), "targets: 1..RoA; +res"))
    if rapid:
        out.append(Choice("rapid fire", m.key, 2, tuple(rapid)))
    blasts: list[object] = []
    friends = [f for f in work.models.values() if f.seat == m.seat and f.alive and f.deployed]
    for k in m.weapons:
        w = weapon(k)
        if w.template != "SE" or k in m.empty or engaged:
            continue
        reach = w.range_inches(m.stats.st)
        for e in order:
            # aimed at an enemy's centre: in range, in sight, no friendly base under it
            # the point itself must be visible (what `apply` checks), not just part of the base
            if dist(m.pos, e.pos) - m.radius > reach or not point_visible(work.base, m, e.pos):
                continue
            if any(dist(f.pos, e.pos) < SE_DIAMETER / 2 + f.radius for f in friends):
                continue
            blasts.append(a.Blast(m.key, k, e.pos))
    if any(weapon(k).template == "SE" for k in m.weapons):
        out.append(Choice("blast", m.key, 1, tuple(blasts), OPEN_RULES["blast"]))
    return out


def _nearest(m: Model, enemies: list[Model], n: int) -> list[Model]:
    return sorted(enemies, key=lambda e: (dist(m.pos, e.pos), e.key))[:n]


def _move_samples(work: Work, m: Model, allowance: float, cls: type) -> tuple[object, ...]:
    """Checked sample destinations: toward the nearest enemy and toward the nearest relay."""
    goals = [e.pos for e in _nearest(m, work.enemies_of(m), 1)]
    goals += sorted(work.get("objectives"), key=lambda o: dist(o, m.pos))[:1]
    out: list[object] = []
    for goal in goals:
        for step in (allowance - 0.1, allowance - 3.1, allowance / 2):
            length = min(step, dist(m.pos, goal) - m.radius - 1.5)
            if length < 0.5:
                continue
            exact = offset(m.pos, heading(m.pos, goal), length)
            # check the rounded point the action carries: rounding moves it up to 0.007 in,
            # enough to push a base touching another one into it
            end = (round(exact[0], 2), round(exact[1], 2))
            if path_problem(work, m, [end], allowance) is None and not _contact(work, m, end):
                out.append(cls(m.key, (end,)))
                break
    return tuple(out)


def _contact(work: Work, m: Model, end: tuple[float, float]) -> bool:
    from dataclasses import replace

    from games.warzone.work import engaged

    moved = replace(m, x=end[0], y=end[1])
    return any(engaged(moved, e) for e in work.enemies_of(m) if not engaged(m, e))


def _sentry_room(work: Work, m: Model) -> bool:
    size = len(work.alive_in(m.squad))
    on = sum(1 for o in work.alive_in(m.squad) if o.sentry)
    return on + 1 <= -(-size // 2)


def _res_menu(work: Work, m: Model, pinned: bool) -> list[Choice]:
    cards, spent = work.get("res_cards"), work.get("res_spent")
    if m.res_used or m.actions or spent[m.seat] >= cards[m.seat]:
        return []
    out = []
    if not pinned:
        out.append(Choice("res +1 AP", m.key, 0, (a.SpendRes(m.key),)))
    abilities: list[object] = []
    reload_cost = max((weapon(k).rule_value("Reload") or 1 for k in m.empty), default=0)
    affordable = spent[m.seat] + reload_cost <= cards[m.seat]
    if m.empty and "Reload" not in m.used_abilities and affordable:
        abilities.append(a.UseAbility(m.key, "Reload"))
    if m.has("Black Liquid Syringe") and m.wounds < m.stats.w:
        abilities.append(a.UseAbility(m.key, "Black Liquid Syringe"))
    if abilities:
        out.append(Choice("ability", m.key, 0, tuple(abilities)))
    return out
