"""What the Warzone opponent reckons with: the table rebuilt from a view, and expected damage.

Values are in army points: a wound is worth the model's points over the wounds it has left, so
finishing a wounded model counts for more than scratching a fresh one. Every chance is worked out
from the same target numbers the rules roll against (rs_mods, target_number), never from a die.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from games.warzone.damage import HEAL_CAP, heal_value
from games.warzone.dice import Mod, Op, target_number
from games.warzone.geometry import Vec, dist, heading
from games.warzone.mission import CONTROL_RANGE
from games.warzone.morale import ld_mods
from games.warzone.profiles import Category, Weapon, all_units, weapon
from games.warzone.shooting import (
    MAX_OBSTACLES,
    priority_targets,
    rate_of_attack,
    refused,
    rs_mods,
)
from games.warzone.sight import Sight, sight_among
from games.warzone.state import Model, Morale, Phase, Policy, Squad, State
from games.warzone.view import WarzoneView
from games.warzone.work import Work, host_of

ARMY_COMMANDER_BONUS = 20.0
"""Points a kill of the army commander is worth beyond its own: 2 RES cards and 1 VP."""
RELAY_VALUE = 14.0
"""Points one model tipping a relay's control is worth (a relay scores 1 VP a round)."""
APPROACH = 0.8
"""Points an inch nearer the squad's relay is worth while it is out of reach."""
EXPOSURE_SHARE = 0.5
"""How much of the enemy's expected fire at a spot counts (not every enemy will shoot it)."""


def unit_key(name: str) -> str:
    """The unit behind a squad's shown name 'Light Infantry (A2)'."""
    plain = name.rsplit(" (", 1)[0]
    return next((u.key for u in all_units() if u.name == plain), "")


def believed_state(view: WarzoneView) -> State:
    """The table as the seat sees it; the opponent's standing orders (hidden) are the default.

    The army commander is not shown: it is taken to be each side's character squad with the best
    LD, which is what setup picks when a list names none.
    """
    categories = {u.key: u.category for u in all_units()}
    squads = []
    best: dict[int, tuple[int, str]] = {}
    for s in view.squads:
        key = unit_key(s.name)
        members = tuple(m.key for m in view.models if m.squad == s.key)
        character = categories.get(key) is Category.CHARACTERS
        if character:
            ld = max(m.stats.ld for m in view.models if m.squad == s.key)
            best[s.seat] = max(best.get(s.seat, (-1, "")), (ld, s.key))
        squads.append(
            Squad(
                key=s.key, seat=s.seat, unit=key, name=s.name, models=members,
                commander=s.commander, troops=categories.get(key) is Category.TROOPS,
                character=character, attached_to=s.attached_to, lost_commander=s.lost_commander,
                morale=Morale(s.morale), activated=s.activated, policy=Policy(),
            )
        )  # fmt: skip
    chosen = {key for _, key in best.values()}
    squads = [replace(s, army_commander=s.key in chosen) for s in squads]
    seat = view.seat if isinstance(view.seat, int) and view.seat >= 0 else 0
    left = (view.res_left[0], view.res_left[1])
    return State(
        seats=2, terrain=view.terrain, terrain_preset="", models=view.models,
        squads=tuple(squads), phase=Phase(view.phase), round=view.round,
        last_round=view.last_round, initiative=view.initiative, south_seat=view.south_seat,
        deploying=seat, active_seat=view.active_seat, active_squad=view.active_squad,
        active_model=view.active_model, res_cards=left, vp=view.vp,
        body_count=view.body_count, objectives=view.objectives, control=view.control,
        reaction=view.reaction,
    )  # fmt: skip


def chance(tn: int) -> float:
    """P(pass) of a D20 roll-under test: a 1 always passes, a 20 always fails."""
    return min(max(tn, 1), 19) / 20


def wound_value(work: Work, target: Model) -> float:
    """Points one wound on the target is worth."""
    points = float(target.points)
    if work.squads[target.squad].army_commander:
        points += ARMY_COMMANDER_BONUS
    return points / max(target.wounds, 1)


def save_chance(target: Model, st: int, w: Weapon | None) -> float:
    """P(the target saves a hit of strength `st`), mirroring damage._save."""
    rules = w.rules if w else ()
    if any(r in ("Gas", "Poison") for r in rules):
        p = chance(target_number(target.stats.con, (Mod("ST", -st),)))
        if "Gas" in rules and target.has("Gas Mask"):
            p = 1 - (1 - p) ** 2
    else:
        tn = target_number(target.stats.a, (Mod("ST", -st),), cap=None)
        p = chance(target.stats.ia if target.stats.ia and tn < target.stats.ia else tn)
    return p * p if "Exploit" in rules else p


def hit_value(
    work: Work, target: Model, st: int, w: Weapon | None, p_hit: float, heals: int | None = None
) -> float:
    """Expected points of one attack roll that hits with `p_hit` (a 1 of it is a power hit).

    `heals` is the target's Heal(X) when the caller has it already (heal_value walks the table).
    """
    power = min(p_hit, 1 / 20)
    plain = p_hit - power
    cf = (w.rule_value("Critical Force") or 1) if w else 1
    deadly = w is not None and "Deadly" in w.rules
    heals = 0 if deadly else heal_value(work, target) if heals is None else heals
    heal = chance(min(heals, HEAL_CAP)) if heals else 0.0
    headshot = 2 if w is not None and w.rule_value("Headshot") is not None else 1
    wounds = plain * (1 - save_chance(target, st, w)) * cf * (1 - heal)
    wounds += power * max(cf, headshot)
    return min(wounds, float(max(target.wounds, 1))) * wound_value(work, target)


def shot_value(
    work: Work, shooter: Model, key: str, target: Model, view: Sight,
    focused: bool = False, rapid: bool = False, res: bool = False, allowed: float = 1.0,
) -> float:  # fmt: skip
    """Expected points of a Shooting action at one target; `allowed`: P(priority permits it)."""
    w = weapon(key)
    roa = rate_of_attack(w, [target], shooter, rapid, res)
    heals = heal_value(work, target)
    total = 0.0
    for i in range(roa):
        first = focused and i == 0
        mods = rs_mods(work, shooter, w, target, view, first, rapid)
        p = (
            1 / 20
            if view.obstacles > MAX_OBSTACLES
            else chance(target_number(shooter.stats.rs, mods))
        )
        st = (w.strength(shooter.stats.st) or 0) + (w.rule_value("Precision") or 0) + 2 * first
        total += hit_value(work, target, st, w, p, heals)
    return total * allowed


def priority_chance(work: Work, shooter: Model, target: Model) -> float:
    """P(the shooter may fire at the target): 1, or the LD test to ignore target priority."""
    if refused(shooter, "shooting", target):
        return 0.0
    if shooter.has("Target Sense"):
        return 1.0
    allowed = priority_targets(work, shooter)
    if not allowed or target in allowed:
        return 1.0
    base, mods = ld_mods(work, host_of(work, shooter))
    bonus = shooter.value("Target Identifier")
    if bonus:
        mods = (*mods, Mod("Target Identifier", bonus))
    return chance(target_number(base, mods))


def fight_value(work: Work, attacker: Model, key: str, target: Model, focused: bool) -> float:
    """Expected points of a Close Combat action at one target (Fear halves CC on a failed LD)."""
    w = weapon(key)
    roa = w.roa + int(attacker.charged and attacker.has("Frenzy"))
    fear = target.value("Fear") or 0
    scared = 0.0
    if fear > (attacker.value("Fearless") or 0) and target.key not in attacker.fear_tested:
        base, ld = ld_mods(work, host_of(work, attacker))
        scared = 1 - chance(target_number(base, (*ld, Mod("Fear", -fear))))
    elif f"failed:{target.key}" in attacker.used_abilities:
        scared = 1.0
    total = 0.0
    for i in range(roa):
        first = focused and i == 0
        mods = [Mod("SZ", target.stats.sz), Mod("DEF", -target.stats.defence)]
        mods += [Mod("Battle Focus", 2)] if first else []
        mods += [Mod("flies", -4)] if work.squads[attacker.squad].flies else []
        bold = chance(target_number(attacker.stats.cc, tuple(mods)))
        halved = chance(target_number(attacker.stats.cc, (Mod("Fear", 2, Op.DIV), *mods)))
        p = (1 - scared) * bold + scared * halved
        if attacker.has("Duellist") and "Duellist" not in attacker.used_abilities and i == 0:
            p = 1 - (1 - p) ** 2
        st = (w.strength(attacker.stats.st) or 0) + (w.rule_value("Precision") or 0) + 2 * first
        st += (attacker.value("Ferocity") or 0) if attacker.charged else 0
        total += hit_value(work, target, st, w, p)
    return total


def guns(m: Model) -> list[str]:
    """Loaded ranged weapons that fire at a model (not grenades or templates)."""
    return [
        k for k in m.weapons
        if weapon(k).kind not in ("CC", "GR") and not weapon(k).template and k not in m.empty
    ]  # fmt: skip


def best_shot(
    work: Work, shooter: Model, target: Model, models: Iterable[Model], slack: float = 0.0,
    allowed: float = 1.0, need_arc: bool = False,
) -> float:  # fmt: skip
    """Expected points of the shooter's best gun at the target (one sight check for all guns).

    `slack` widens the ranges (an enemy may walk before it shoots); `need_arc` insists on the
    front arc as it is (else the shooter is taken to face the target).
    """
    keys = [k for k in guns(shooter) if dist(shooter.pos, target.pos) - shooter.radius
            - target.radius <= weapon(k).range_inches(shooter.stats.st) + slack]  # fmt: skip
    if not keys:
        return 0.0
    view = sight_among(work.base.terrain, models, shooter, target)
    if not view.visible or (need_arc and not view.in_arc):
        return 0.0
    return max(
        (shot_value(work, shooter, k, target, view, allowed=allowed) for k in keys
         if view.distance <= weapon(k).range_inches(shooter.stats.st) + slack),
        default=0.0,
    )  # fmt: skip


def threat(work: Work, target: Model, enemies: Iterable[Model]) -> float:
    """Expected points the enemies could shoot off `target` where it stands (they may pivot).

    Their target priority is left out: an upper estimate, and a spot in cover stays the better
    one either way.
    """
    models = list(work.models.values())
    total = 0.0
    for e in enemies:
        facing = replace(e, facing=heading(e.pos, target.pos))
        total += best_shot(work, facing, target, models, slack=e.stats.sp + 2)
    return total * EXPOSURE_SHARE


def relay_value(work: Work, m: Model, at: Vec, relay: Vec | None) -> float:
    """Points for standing at `at`: tipping a relay's control, else nearing the squad's relay."""
    host = host_of(work, m)
    if host.morale is not Morale.STEADY or m.has("Hidden Agenda"):
        return 0.0
    value = 0.0
    for o in work.get("objectives"):
        if dist(at, o) - m.radius > CONTROL_RANGE:
            continue
        counts = [0, 0]
        for other in work.models.values():
            near = dist(other.pos, o) - other.radius <= CONTROL_RANGE
            if other.alive and other.deployed and other.key != m.key and near:
                counts[other.seat] += 1
        mine, theirs = counts[m.seat], counts[1 - m.seat]
        value = max(value, RELAY_VALUE if mine <= theirs else RELAY_VALUE / 4)
    if value or relay is None:
        return value
    return -APPROACH * max(0.0, dist(at, relay) - CONTROL_RANGE)
