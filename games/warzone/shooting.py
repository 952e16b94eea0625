"""Shooting (reconstructed section): targets and priority, RS tests with modifiers, templates."""

from __future__ import annotations

import math

from games.base import IllegalActionError
from games.text import Text
from games.warzone.actions import Blast, Shoot
from games.warzone.damage import Hit, rate_of_attack_exceeded, resolve_hits
from games.warzone.dice import HIT_MISS, ON_OFF_TARGET, Mod
from games.warzone.geometry import Vec, discs_under_circle, dist, gap, offset
from games.warzone.profiles import Weapon, weapon
from games.warzone.sight import Sight, point_visible
from games.warzone.state import Model
from games.warzone.work import Work, host_of

PRIORITY_RANGE = 12.0
SHORT_BURST_RANGE = 12.0
SE_DIAMETER = 3.0
"""Gap-fill: the small explosion template is a 3-inch circle."""
MAX_OBSTACLES = 3


def _illegal(text: str, code: str = "illegal_shot", **params: object) -> IllegalActionError:
    return IllegalActionError(text, code=code, **params)


def can_shoot_at(work: Work, shooter: Model, w: Weapon, target: Model) -> tuple[Text | None, Sight]:
    """Why `shooter` may not shoot `target` with `w` (None when it may), and the sight verdict."""
    view = work.sight(shooter, target)
    if target.seat == shooter.seat or not target.alive or not target.deployed:
        return Text("only living enemy models on the table can be shot"), view
    engaged_now = work.engaged_with(shooter)
    if engaged_now and not (shooter.has("Point-Blank") and target in engaged_now):
        return Text("{model} is engaged and cannot shoot", model=shooter.key), view
    if work.engaged_with(target) and target not in engaged_now:
        return Text("{model} is engaged in close combat", model=target.key), view
    if not view.in_arc:
        return Text(
            "{target} is outside {shooter}'s front arc", target=target.key, shooter=shooter.key
        ), view
    if not view.visible:
        return Text(
            "{shooter} has no line of sight to {target}", shooter=shooter.key, target=target.key
        ), view
    if view.distance > w.range_inches(shooter.stats.st):
        return Text(
            "{target} is {distance:.1f} in away, beyond {weapon}'s range",
            target=target.key,
            distance=view.distance,
            weapon=w.name,
        ), view
    return None, view


def priority_targets(work: Work, shooter: Model) -> list[Model]:
    """The nearest and the largest enemies within 12 inches in sight (engaged ones ignored)."""
    seen = []
    for enemy in work.enemies_of(shooter):
        if work.engaged_with(enemy):
            continue
        view = work.sight(shooter, enemy)
        if view.clear and view.distance <= PRIORITY_RANGE:
            seen.append((view.distance, enemy))
    if not seen:
        return []
    near = min(d for d, _ in seen)
    nearest = [e for d, e in seen if math.isclose(d, near, abs_tol=0.01)]
    big = max(e.stats.sz for _, e in seen)
    # reading of §2: "the largest" is a choice only when it is larger than the nearest; else a
    # table of SZ 0 infantry would have every enemy "largest" and the rule would never bind
    if big > min(e.stats.sz for e in nearest):
        return [*nearest, *(e for _, e in seen if e.stats.sz == big and e not in nearest)]
    return nearest


PRIORITY_ACTIONS = {"shooting": Text("shooting"), "charge": Text("charge")}
"""The actions aimed at an enemy that test target priority, as players read them."""


def refused(shooter: Model, action: str, target: Model) -> bool:
    """Whether `action` at `target` failed its target-priority test this round."""
    return f"{action}:{target.key}" in shooter.priority_failed


def check_priority(work: Work, shooter: Model, target: Model, action: str) -> bool:
    """Target priority: a non-priority target needs a passed LD test (False: the AP is wasted)."""
    if refused(shooter, action, target):
        # cs §1 "mohou ale stejnou akci provést znovu, ovšem proti jinému cíli"
        raise _illegal(
            "{model} failed target priority against {target}: take the {action} action again"
            " only against another target",
            "priority_refused",
            model=shooter.key,
            target=target.key,
            action=PRIORITY_ACTIONS[action],
        )
    if shooter.has("Target Sense"):
        return True
    allowed = priority_targets(work, shooter)
    if not allowed or target in allowed:
        return True
    squad = host_of(work, shooter)
    from games.warzone.morale import ld_mods

    base, mods = ld_mods(work, squad)
    bonus = shooter.value("Target Identifier")
    if bonus:
        mods = (*mods, Mod("Target Identifier", bonus))
    roll = work.roll(
        work.dice.test("LD", base, mods, label=Text("{model} target priority", model=shooter.key))
    )
    if roll.fumble:
        work.fumbled = True
    if not roll.success:
        failed = (*shooter.priority_failed, f"{action}:{target.key}")
        work.put(work.model(shooter.key), priority_failed=failed)
    return roll.success


def rs_mods(
    work: Work, shooter: Model, w: Weapon, target: Model, view: Sight, focused: bool, rapid: bool
) -> tuple[Mod, ...]:
    """Every modifier to one RS test against `target`."""
    mods = [Mod("SZ", target.stats.sz)]
    penalties: list[Mod] = []
    if focused:
        mods.append(Mod(Text("Battle Focus"), 2))
        crack = shooter.value("Crackshot")
        if crack:
            mods.append(Mod("Crackshot", crack))
    if w.kind != "HG" and view.distance > w.range_inches(shooter.stats.st) / 2:
        penalties.append(Mod(Text("long range"), -2))
    if view.cover.penalty:
        penalties.append(Mod(Text("cover ({source})", source=view.cover_from), -view.cover.penalty))
        camo = target.value("Camouflage")
        if camo:
            penalties.append(Mod("Camouflage", -camo))
    htt = target.value("Hard to Hit")
    if htt:
        penalties.append(Mod("Hard to Hit", -htt))
    if target.evading:
        penalties.append(Mod(Text("Evade"), -2))
    if rapid:
        penalties.append(Mod(Text("Rapid Fire"), -4))
    if work.squads[shooter.squad].flies:
        penalties.append(Mod(Text("flies"), -4))
    eagle = shooter.value("Eagle Eye") if focused else None
    if eagle:
        cancel = min(eagle, -sum(p.value for p in penalties))
        if cancel:
            penalties.append(Mod("Eagle Eye", cancel))
    return (*mods, *penalties)


def rate_of_attack(w: Weapon, targets: list[Model], shooter: Model, rapid: bool, res: bool) -> int:
    """RoA with Short-Ranged Burst, Rapid Fire and RES use D (never for Slow to Reload)."""
    roa = w.roa
    slow = w.kind == "ML"
    if w.rule_value("Short-Ranged Burst") is not None and all(
        gap(shooter.pos, shooter.radius, t.pos, t.radius) <= SHORT_BURST_RANGE for t in targets
    ):
        roa += 1
    if not slow:
        roa += int(rapid) + int(res)
    return roa


def resolve_shoot(work: Work, action: Shoot) -> bool:
    """Resolve a Shooting (or Rapid Fire) action; False when a priority test wasted the AP."""
    shooter = work.model(action.model)
    w = weapon(action.weapon)
    targets = [work.model(k) for k in action.targets]
    views = {}
    for t in targets:
        problem, view = can_shoot_at(work, shooter, w, t)
        if problem:
            raise _illegal(problem)
        views[t.key] = view
    primary = targets[0]
    for t in targets[1:]:
        if gap(t.pos, t.radius, primary.pos, primary.radius) > _secondary_range(shooter):
            raise _illegal(
                "{model} is too far from the primary target for a secondary target", model=t.key
            )
    roa = rate_of_attack(w, targets, shooter, action.rapid, action.res_roa)
    if len(targets) > roa:
        raise _illegal(rate_of_attack_exceeded(w.name, roa))
    if not check_priority(work, shooter, primary, "shooting"):
        work.say(Text("{model} fails the priority test: the AP is wasted", model=shooter.key))
        return False
    focused = shooter.focus
    hits: list[Hit] = []
    for i in range(roa):
        target = targets[min(i, len(targets) - 1)]
        view = views[target.key]
        mods = rs_mods(work, shooter, w, target, view, focused and i == 0, action.rapid)
        lucky = view.obstacles > MAX_OBSTACLES
        fields = {"shooter": shooter.key, "weapon": w.name, "target": target.key}
        if lucky:
            label = Text("{shooter} {weapon} at {target} (>3 obstacles)", **fields)
        else:
            label = Text("{shooter} {weapon} at {target}", **fields)
        roll = work.roll(
            work.dice.test(
                "RS",
                shooter.stats.rs,
                mods,
                label=label,
                words=HIT_MISS,
                natural_one_only=lucky,
            )
        )  # fmt: skip
        if roll.fumble:
            work.fumbled = True
        if roll.success:
            st = (w.strength(shooter.stats.st) or 0) + (w.rule_value("Precision") or 0)
            st += 2 if focused and i == 0 else 0
            hits.append(Hit(target.key, st, w, power=roll.power, attacker=shooter.key))
    if focused:
        work.put(shooter, focus=False)
    resolve_hits(work, hits)
    return True


def _secondary_range(shooter: Model) -> float:
    # Gap-fill: secondary targets within 2 inches of the primary; Gunslinger makes it 5.
    return 5.0 if shooter.has("Gunslinger") else 2.0


def scatter(work: Work, at: Vec, divisor: int) -> Vec:
    """Scatter a template D20/divisor inches (rounded up) in a direction of D20 x 18 degrees."""
    length = math.ceil(work.dice.d20() / divisor)
    direction = work.dice.d20() * 18.0
    landed = offset(at, direction, length)
    work.say(
        Text(
            "the template scatters {length} in towards {direction:.0f} degrees",
            length=length,
            direction=direction,
        )
    )
    return landed


def resolve_blast(work: Work, action: Blast) -> bool:
    """Fire a small-explosion template: RS test, scatter on a miss, autohits; False: AP wasted."""
    shooter = work.model(action.model)
    w = weapon(action.weapon)
    if w.template != "SE":
        raise _illegal("{weapon} does not use an explosion template", weapon=w.name)
    if work.engaged_with(shooter):
        raise _illegal("{model} is engaged and cannot shoot", model=shooter.key)
    reach = w.range_inches(shooter.stats.st)
    far = max(0.0, dist(shooter.pos, action.at) - shooter.radius)
    if far > reach:
        raise _illegal(
            "that point is {distance:.1f} in away, beyond {weapon}'s {reach:.0f} in",
            distance=far,
            reach=reach,
            weapon=w.name,
        )
    radius = SE_DIAMETER / 2
    friends = [m for m in work.models.values() if m.seat == shooter.seat and m.alive and m.deployed]
    if discs_under_circle(action.at, radius, ((m.key, m.pos, m.radius) for m in friends)):
        raise _illegal("the template may not be placed over friendly models")
    if action.hail_mary:
        if not shooter.has("Hail Mary"):
            raise _illegal("{model} has no Hail Mary", model=shooter.key)
    elif not point_visible(work.base, shooter, action.at):
        raise _illegal("{model} cannot see that point", model=shooter.key)
    if w.kind != "GR":
        aimed = [e for e in work.enemies_of(shooter) if dist(e.pos, action.at) <= e.radius]
        if not aimed:
            raise _illegal(
                "{weapon} must be aimed at an enemy model (only grenades aim at ground)",
                weapon=w.name,
            )
        if not check_priority(work, shooter, aimed[0], "shooting"):
            work.say(Text("{model} fails the priority test: the AP is wasted", model=shooter.key))
            return False
    mods = (Mod(Text("long range"), -2),) if far > reach / 2 else ()
    if shooter.focus:
        mods = (Mod(Text("Battle Focus"), 2), *mods)
        work.put(shooter, focus=False)
    label = Text(
        "{shooter} {weapon} at ({x:.1f}, {y:.1f})",
        shooter=shooter.key,
        weapon=w.name,
        x=action.at[0],
        y=action.at[1],
    )
    roll = work.roll(work.dice.test("RS", shooter.stats.rs, mods, label=label, words=ON_OFF_TARGET))
    if roll.fumble:
        work.fumbled = True
        return True
    centre = action.at
    if action.hail_mary:
        centre = scatter(work, centre, 2)
    elif not roll.success:
        centre = scatter(work, centre, 4)
    under = discs_under_circle(
        centre, radius,
        ((m.key, m.pos, m.radius) for m in work.models.values() if m.alive and m.deployed),
    )  # fmt: skip
    if not under:
        work.say(Text("the template lands on nobody"))
        return True
    work.say(Text("under the template: {models}", models=", ".join(under)))
    if w.rule_value("Swarm of Flies") is not None:
        for squad_key in sorted({work.model(k).squad for k in under}):
            work.put_squad(work.squads[squad_key], flies=True)
            work.say(
                Text(
                    "{squad} is swarmed by flies: RS and CC -4 this round",
                    squad=work.squads[squad_key].name,
                )
            )
        return True
    st = (w.strength(shooter.stats.st) or 0) + (w.rule_value("Precision") or 0)
    resolve_hits(work, [Hit(k, st, w, attacker=shooter.key) for k in under])
    return True
