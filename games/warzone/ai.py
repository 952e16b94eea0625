"""A Warzone opponent: deploys toward the relays, shoots for the best expected damage, takes cover.

`choose(view, legal, budget)` decides from the seat's view only: the table is rebuilt from the view
(ai_eval.believed_state), where the opponent's standing orders are unknown and left at the
default; no die is ever looked at before it is rolled. Each decision is a greedy search over the
acting model's plans for the rest of its activation (move, then shoot or charge; focus, then
attack; shoot, then move to cover...), each scored in points: expected damage dealt, plus what the
end spot is worth (relay control, nearing the squad's relay) less the enemy fire it draws. Moves
are destinations the AI picks itself, checked with the rules' own `flow.check` before it answers.
The work budget (spots evaluated) bounds the time; nothing reads a clock, so a replay agrees.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import games.warzone.actions as a
from games.base import GameError
from games.warzone.ai_deploy import deployment
from games.warzone.ai_eval import (
    believed_state,
    best_shot,
    chance,
    fight_value,
    guns,
    hit_value,
    priority_chance,
    relay_value,
    shot_value,
    threat,
)
from games.warzone.combat import reach_of
from games.warzone.dice import target_number
from games.warzone.flow import check
from games.warzone.geometry import Vec, dist, heading, offset
from games.warzone.movement import path_problem, speed
from games.warzone.profiles import weapon
from games.warzone.state import Model, Morale, Pending, State
from games.warzone.terrain import TABLE_SIZE
from games.warzone.view import WarzoneView
from games.warzone.work import Work, engaged, host_of, reaches

RES_WORTH = 5.0
"""Points a resource card must bring to be spent (cards also pay for reloads and heals)."""
DIRECTIONS = 8
THREATS = 3
"""The nearest enemies a model's attacks are reckoned against."""
SHOOTERS = 2
"""The nearest enemy shooters a spot's exposure is reckoned against."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How much one decision may look at: spots per move, and spots also tried for shooting."""

    spots: int = 10
    shooting_spots: int = 2


@dataclass(frozen=True, slots=True)
class Plan:
    """The best plan found for a model: its value in points and its first action (None: stay)."""

    value: float
    first: object | None


def choose(view: WarzoneView, legal: Sequence[object], budget: Budget | None = None) -> object:
    """The next action for the view's seat, one of `legal` or a checked open-ended variant."""
    if len(legal) == 1:
        return legal[0]
    for kind in (a.KeepInitiative, a.ChooseSide):
        for act in legal:
            if isinstance(act, kind):
                return act
    mind = Mind(believed_state(view), budget or Budget())
    if any(isinstance(act, a.Deploy) for act in legal):
        return deployment(mind.state, legal)
    if any(isinstance(act, a.PassReaction) for act in legal):
        return mind.react(legal)
    if any(isinstance(act, a.Activate) for act in legal):
        return mind.activate(legal)
    return mind.step(legal)


def open_variant(action: object, legal: Sequence[object]) -> bool:
    """Whether `action` fills open parameters of a kind the menu offers (destination, anchor, RES).

    The menu lists samples of open-ended actions; the AI picks its own parameters and checks them
    with the rules (`checked`), so a host may take them although they are not in the list.
    """
    if isinstance(action, a.Walk | a.Run):
        return any(type(act) is type(action) and _model_of(act) == action.model for act in legal)
    if isinstance(action, a.Deploy):
        return any(isinstance(act, a.Deploy) and act.squad == action.squad for act in legal)
    if isinstance(action, a.Shoot) and action.res_roa:
        return replace(action, res_roa=False) in legal
    return False


def charge_end(work: Work, m: Model, t: Model) -> Vec | None:
    """Where a charge at `t` ends (movement.charge's straight line), None when it falls short."""
    gap_left = dist(m.pos, t.pos) - m.radius - t.radius
    end = offset(m.pos, heading(m.pos, t.pos), max(0.0, gap_left - 0.005))
    if gap_left > 0 and path_problem(work, m, [end], 2 * speed(work, m)):
        return None
    return end


def checked(state: State, seat: int, action: object) -> bool:
    """True when the rules accept `action` up to its first die."""
    try:
        check(state, Pending(seat, action))
    except GameError:
        return False
    return True


def _model_of(act: object) -> str | None:
    key = getattr(act, "model", None)
    return key if isinstance(key, str) else None


class Mind:
    """One decision's look at the table."""

    def __init__(self, state: State, budget: Budget) -> None:
        self.state = state
        self.budget = budget
        self.work = Work(state)
        self._spot_memo: dict[tuple[str, type], list[tuple[float, object]]] = {}
        self._allowed: dict[tuple[str, str], float] = {}

    def allowed(self, m: Model, t: Model) -> float:
        """P(target priority lets `m` shoot `t` from where it stands now)."""
        key = (m.key, t.key)
        if key not in self._allowed:
            self._allowed[key] = priority_chance(self.work, self.work.model(m.key), t)
        return self._allowed[key]

    # -- choosing a squad ---------------------------------------------------------------------

    def activate(self, legal: Sequence[object]) -> object:
        """The squad with the most to gain now: attacks in reach, or fire to get out of."""
        scored = []
        for act in legal:
            if not isinstance(act, a.Activate):
                continue
            members = self._members(act.squad)
            # sampled on the models nearest the enemy: they have the shots and draw the fire
            front = sorted(members, key=lambda m: (self._nearest_enemy(m), m.key))[:3]
            gain = sum(self._best_attack_now(m) for m in front)
            gain += sum(threat(self.work, m, self._shooters(m)) for m in front) / 2
            gain *= len(members) / max(len(front), 1)
            gain += 10.0 * sum(1 for m in members if self.work.engaged_with(m))
            scored.append((-gain, act.squad, act))
        return min(scored, key=lambda t: (t[0], t[1]))[2] if scored else legal[0]

    def _nearest_enemy(self, m: Model) -> float:
        return min((dist(m.pos, e.pos) for e in self.work.enemies_of(m)), default=TABLE_SIZE)

    def _members(self, squad: str) -> list[Model]:
        keys = {squad} | {s.key for s in self.state.squads if s.attached_to == squad}
        return [m for m in self.work.models.values() if m.squad in keys and m.alive]

    def _shooters(self, m: Model) -> list[Model]:
        foes = [e for e in self.work.enemies_of(m) if guns(e) and not self.work.engaged_with(e)]
        return sorted(foes, key=lambda e: (dist(e.pos, m.pos), e.key))[:SHOOTERS]

    def _targets(self, m: Model, at: Vec) -> list[Model]:
        """The nearest enemies not locked in close combat: the ones worth a sight check."""
        foes = [e for e in self.work.enemies_of(m) if not self.work.engaged_with(e)]
        return sorted(foes, key=lambda e: (dist(e.pos, at), e.key))[:THREATS]

    def _best_attack_now(self, m: Model) -> float:
        if self.work.engaged_with(m):
            return max(
                (fight_value(self.work, m, k, e, False)
                 for k in m.weapons if weapon(k).kind in ("CC", "HG")
                 for e in self.work.engaged_with(m) if reaches(m, e, reach_of(weapon(k), m))),
                default=0.0,
            )  # fmt: skip
        models = list(self.work.models.values())
        return max(
            (best_shot(self.work, replace(m, facing=heading(m.pos, e.pos)), e, models)
             for e in self._targets(m, m.pos)),
            default=0.0,
        )  # fmt: skip

    # -- sentry reactions ---------------------------------------------------------------------

    def react(self, legal: Sequence[object]) -> object:
        """The sentry shot with the best expected damage, else let the window pass."""
        best: tuple[float, object] = (0.0, a.PassReaction())
        for act in legal:
            if isinstance(act, a.React) and isinstance(act.action, a.Shoot):
                shot = act.action
                m, t = self.work.model(shot.model), self.work.model(shot.targets[0])
                view = self.work.sight(m, t)
                value = shot_value(self.work, m, shot.weapon, t, view, allowed=self.allowed(m, t))
                if value > best[0]:
                    best = (value, act)
        return best[1]

    # -- an activation ------------------------------------------------------------------------

    def step(self, legal: Sequence[object]) -> object:
        """The next command of the active squad: the first useful model's plan, else end."""
        order: list[str] = []
        for act in legal:
            key = _model_of(act)
            if key is not None and key not in order and not isinstance(act, a.EndModel):
                order.append(key)
        active = self.state.active_model
        squad = self.state.active_squad
        commander = self.state.squad(squad).commander if squad else None
        rest = [k for k in order if k != active]
        rest.sort(key=lambda k: (k != commander, k))
        queue = ([active] if active in order else []) + rest
        for key in queue:
            acts = [act for act in legal if _model_of(act) == key]
            first = self.plan(self.work.model(key), acts).first
            if first is not None:
                return first
            if key == active:
                return a.EndModel(key)
        return next((act for act in legal if isinstance(act, a.EndActivation)), legal[-1])

    def plan(self, m: Model, acts: list[object]) -> Plan:
        """The best plan for the rest of a model's activation (first action None: stay)."""
        kinds = {type(act) for act in acts}
        ap = m.ap if m.started else self._start_ap(m)
        start = [act for act in acts if isinstance(act, a.UseAbility)]
        if start and not m.actions:
            useful = [act for act in start if act.ability != "Reload" or not guns(m)]
            if useful:
                return Plan(1.0, useful[0])
        here = self._spot_value(m, m.pos)
        plans: list[Plan] = [Plan(here, None)]
        attacks = self._attacks(m, acts, ap)
        if attacks:
            value, act = max(attacks, key=lambda t: t[0])
            after = here
            if ap >= 2 and a.Walk in kinds and isinstance(act, a.Shoot | a.Blast):
                after = max(here, max((v for v, _ in self._spots(m, a.Walk)), default=here))
            plans.append(Plan(value + after, self._with_res(m, act, value)))
        if ap >= 2 and a.Walk in kinds and "shooting" not in m.actions:
            plans += self._walk_then_shoot(m)
        for cls in (a.Walk, a.Run):
            # running is for closing in: with an attack at hand the AP go to the attack
            if cls in kinds and (cls is a.Walk or (ap >= 2 and not attacks)):
                spots = self._spots(m, cls)
                if spots:
                    value, act = max(spots, key=lambda t: t[0])
                    plans.append(Plan(value, act))
        if a.Evade in kinds and not m.evading:
            plans.append(Plan(here + 0.3 * threat(self.work, m, self._shooters(m)), a.Evade(m.key)))
        # the AI's own destinations go through the rules' check; the menu's entries are legal
        ranked = sorted(plans, key=lambda p: -p.value)
        best = next(
            p for p in ranked
            if p.first is None or p.first in acts or checked(self.state, m.seat, p.first)
        )  # fmt: skip
        if best.first is None or best.value <= here + 0.05:
            return Plan(here, None)
        res = next((act for act in acts if isinstance(act, a.SpendRes)), None)
        if res is not None and attacks and max(v for v, _ in attacks) * 0.35 > RES_WORTH:
            return Plan(best.value, res)
        return best

    def _start_ap(self, m: Model) -> int:
        foes = self.work.engaged_with(m)
        if host_of(self.work, m).morale is Morale.PINNED:
            return 1
        return 1 if foes and not all(f.stats.sz <= m.stats.sz - 2 for f in foes) else 2

    def _spot_value(self, m: Model, at: Vec) -> float:
        moved = replace(m, x=at[0], y=at[1])
        relay = self._squad_relay(m)
        exposure = (
            0.0
            if self.work.engaged_with(m) and at == m.pos
            else threat(self.work, moved, self._shooters(moved))
        )
        return relay_value(self.work, moved, at, relay) - exposure

    def _squad_relay(self, m: Model) -> Vec | None:
        relays: list[Vec] = list(self.state.objectives)
        if not relays:
            return None
        members = self._members(host_of(self.work, m).key) or [m]
        cx = sum(o.x for o in members) / len(members)
        cy = sum(o.y for o in members) / len(members)
        return min(relays, key=lambda o: (dist(o, (cx, cy)), o))

    def _attacks(self, m: Model, acts: list[object], ap: int) -> list[tuple[float, object]]:
        """(expected points, action) of each attack the menu offers, with the AP they leave."""
        out: list[tuple[float, object]] = []
        focus = any(isinstance(act, a.Focus) for act in acts) and ap >= 2
        for act in acts:
            if isinstance(act, a.Shoot):
                t = self.work.model(act.targets[0])
                view = self.work.sight(m, t)
                ok = self.allowed(m, t)
                value = shot_value(
                    self.work, m, act.weapon, t, view, focused=m.focus, rapid=act.rapid, allowed=ok
                )
                out.append((value, act))
                if focus and not act.rapid:
                    boosted = shot_value(
                        self.work, m, act.weapon, t, view, focused=True, allowed=ok
                    )
                    out.append((boosted, a.Focus(m.key)))
            elif isinstance(act, a.Fight):
                t = self.work.model(act.targets[0])
                value = fight_value(self.work, m, act.weapon, t, m.focus)
                out.append((value, act))
                if focus:
                    out.append((fight_value(self.work, m, act.weapon, t, True), a.Focus(m.key)))
            elif isinstance(act, a.Charge) and ap >= 2:
                out.append((self._charge_value(m, self.work.model(act.target)), act))
            elif isinstance(act, a.Blast):
                out.append((self._blast_value(m, act), act))
        return out

    def _charge_value(self, m: Model, t: Model) -> float:
        """A charge pays what the fight after it is expected to take (engaged models are safe)."""
        end = charge_end(self.work, m, t)
        if end is None:
            return 0.0
        moved = replace(m, x=end[0], y=end[1], facing=heading(m.pos, t.pos), charged=True)
        if not engaged(moved, t):
            return 0.0
        return max(
            (fight_value(self.work, moved, k, t, False)
             for k in m.weapons if weapon(k).kind in ("CC", "HG")),
            default=0.0,
        )  # fmt: skip

    def _blast_value(self, m: Model, act: a.Blast) -> float:
        w = weapon(act.weapon)
        st = (w.strength(m.stats.st) or 0) + (w.rule_value("Precision") or 0)
        p = chance(target_number(m.stats.rs, ()))
        under = [
            e for e in self.work.enemies_of(m) if dist(e.pos, act.at) <= 1.5 + e.radius
        ]  # fmt: skip
        return sum(hit_value(self.work, e, st, w, p) for e in under)

    def _with_res(self, m: Model, act: object, value: float) -> object:
        """RES use D (+1 RoA) when the extra attack is worth a card and the rules allow it."""
        if not isinstance(act, a.Shoot) or act.rapid or m.res_used:
            return act
        left = self.state.res_cards[m.seat] - self.state.res_spent[m.seat]
        w = weapon(act.weapon)
        if left < 1 or w.kind == "ML" or value / max(w.roa, 1) < RES_WORTH:
            return act
        more = replace(act, res_roa=True)
        return more if checked(self.state, m.seat, more) else act

    def _spots(self, m: Model, cls: type[a.Walk] | type[a.Run]) -> list[tuple[float, object]]:
        """Checked destinations with their value (each ends facing the nearest enemy)."""
        memo = (m.key, cls)
        if memo not in self._spot_memo:
            self._spot_memo[memo] = self._find_spots(m, cls)
        return self._spot_memo[memo]

    def _find_spots(self, m: Model, cls: type[a.Walk] | type[a.Run]) -> list[tuple[float, object]]:
        allowance = speed(self.work, m) * (2 if cls is a.Run else 1)
        ends: list[Vec] = []
        relay = self._squad_relay(m)
        goals = [relay] if relay else []
        goals += [e.pos for e in self._shooters(m)[:1]]
        for goal in goals:
            length = min(allowance - 0.1, max(0.0, dist(m.pos, goal) - 2))
            ends += [offset(m.pos, heading(m.pos, goal), s * length) for s in (1.0, 0.5)]
        # full moves all round, then half moves: a budget cut keeps every direction
        for length in (allowance - 0.1, allowance / 2):
            ends += [
                offset(m.pos, 360.0 * i / DIRECTIONS + 22.5, length) for i in range(DIRECTIONS)
            ]
        out: list[tuple[float, object]] = []
        commander = self.work.model(host_of(self.work, m).commander)
        coh = float(commander.stats.coh or 10)
        for exact in ends[: self.budget.spots]:
            end = (round(exact[0], 2), round(exact[1], 2))
            if dist(end, m.pos) < 0.5 or path_problem(self.work, m, [end], allowance):
                continue
            if commander.key != m.key and dist(end, commander.pos) - 2 * m.radius > coh - 0.5:
                continue
            moved = replace(m, x=end[0], y=end[1])
            if any(engaged(moved, e) for e in self.work.enemies_of(m)):
                continue
            foes = self._shooters(moved)
            face = heading(end, foes[0].pos) if foes else m.facing
            out.append((self._spot_value(m, end), cls(m.key, (end,), round(face, 1))))
        return out

    def _walk_then_shoot(self, m: Model) -> list[Plan]:
        """Walk to one of the best spots and shoot the best target from there, facing it."""
        spots = sorted(self._spots(m, a.Walk), key=lambda t: -t[0])[: self.budget.shooting_spots]
        plans = []
        for value, act in spots:
            assert isinstance(act, a.Walk)
            end = act.path[-1]
            best, face = 0.0, None
            for e in self._targets(m, end)[:2]:
                turned = replace(m, x=end[0], y=end[1], facing=heading(end, e.pos))
                models = [turned if o.key == m.key else o for o in self.work.models.values()]
                # priority from the new spot is not reckoned: the rules test it when fired
                shot = best_shot(self.work, turned, e, models, need_arc=True)
                if shot > best:
                    best, face = shot, turned.facing
            if face is not None:
                plans.append(Plan(value + best, a.Walk(m.key, act.path, round(face, 1))))
        return plans
