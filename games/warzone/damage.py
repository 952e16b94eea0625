"""Hits, saving rolls (A/IA, CON, Heal), removal and everything a removal sets off."""

from __future__ import annotations

from dataclasses import dataclass

from games.text import Text
from games.warzone.dice import Mod, Roll, target_number
from games.warzone.geometry import gap
from games.warzone.profiles import Weapon, unit, weapon
from games.warzone.state import Model
from games.warzone.work import GUARD_RANGE, Work, engaged

HEAL_CAP = 8
MEDIC_RANGE = 5.0
GET_THE_GUN_RANGE = 3.0
BODILY_FLUIDS_ST = 10


@dataclass(frozen=True, slots=True)
class Hit:
    """One hit about to be resolved against `target`."""

    target: str
    st: int
    weapon: Weapon | None
    power: bool = False
    ranged: bool = True
    attacker: str | None = None
    source: str = ""


def is_guarded(work: Work, model: Model) -> bool:
    """Squad commanders (and joined characters) within 2 inches of a friendly model are Guarded."""
    squad = work.squads[model.squad]
    joined = squad.attached_to is not None
    if not (squad.commander == model.key or joined):
        return False
    pool = work.alive_in(squad.attached_to) if squad.attached_to else work.alive_in(squad.key)
    return any(
        m.key != model.key and gap(m.pos, m.radius, model.pos, model.radius) <= GUARD_RANGE
        for m in pool
    )


def _guard_for(work: Work, model: Model) -> Model | None:
    squad = work.squads[model.squad]
    pool = work.alive_in(squad.attached_to) if squad.attached_to else work.alive_in(squad.key)
    near = [
        m for m in pool
        if m.key != model.key and m.stats.sz < 3
        and gap(m.pos, m.radius, model.pos, model.radius) <= GUARD_RANGE
    ]  # fmt: skip
    return min(
        near, key=lambda m: (gap(m.pos, m.radius, model.pos, model.radius), m.key), default=None
    )


def rate_of_attack_exceeded(weapon_name: str, roa: int) -> Text:
    """The refusal of an attack on more targets than the weapon's RoA allows."""
    return Text.plural(
        "{weapon} has RoA {count}: at most {count} target",
        "{weapon} has RoA {count}: at most {count} targets",
        roa,
        weapon=weapon_name,
    )


def resolve_hits(work: Work, hits: list[Hit]) -> None:
    """Resolve hits one by one: unguarded targets first, then Guarded ones (which may transfer)."""
    guarded = [h for h in hits if is_guarded(work, work.model(h.target))]
    for hit in [h for h in hits if h not in guarded] + guarded:
        target = work.model(hit.target)
        if not target.alive:
            work.say(Text("hit on {model} is lost: already removed", model=target.key))
            continue
        owner = work.squads[target.squad].policy
        if hit in guarded and hit.ranged and owner.guard and is_guarded(work, target):
            guard = _guard_for(work, target)
            if guard is not None:
                work.say(
                    Text(
                        "{model} is Guarded: {guard} takes the hit",
                        model=target.key,
                        guard=guard.key,
                    )
                )
                target = guard
        resolve_hit(work, target, hit)


def _save(work: Work, target: Model, hit: Hit) -> Roll:
    rules = hit.weapon.rules if hit.weapon else ()
    label = Text("{model} save", model=target.key)
    if any(r in ("Gas", "Poison") for r in rules):
        roll = work.dice.test("CON", target.stats.con, (Mod("ST", -hit.st),), label=label)
        if not roll.success and "Gas" in rules and target.has("Gas Mask"):
            work.roll(roll)
            roll = work.dice.reroll(roll)
        return roll
    tn = target_number(target.stats.a, (Mod("ST", -hit.st),), cap=None)
    if target.stats.ia and tn < target.stats.ia:
        return work.dice.test("IA", target.stats.ia, (), cap=None, label=label)
    return work.dice.test("A", target.stats.a, (Mod("ST", -hit.st),), cap=None, label=label)


def heal_value(work: Work, target: Model) -> int:
    """The model's Heal(X): its own or a friendly Medic's within 5 inches, highest only."""
    best = target.value("Heal") or 0
    for m in work.models.values():
        x = m.value("Medic")
        if x is None or not m.alive or m.seat != target.seat:
            continue
        if gap(m.pos, m.radius, target.pos, target.radius) <= MEDIC_RANGE:
            best = max(best, x)
    return best


def resolve_hit(work: Work, target: Model, hit: Hit) -> None:
    """Saves then wounds for one hit on one model."""
    rules = hit.weapon.rules if hit.weapon else ()
    if hit.power:
        work.say(Text("{model}: power shot, no saving roll", model=target.key))
    else:
        save = _save(work, target, hit)
        if save.success and "Exploit" in rules:
            work.roll(save)
            save = work.dice.reroll(save, cap=None)
        work.roll(save)
        if save.success:
            return
    cf = 1
    if hit.weapon is not None:
        cf = hit.weapon.rule_value("Critical Force") or 1
        if hit.power and hit.weapon.rule_value("Headshot") is not None:
            cf = max(cf, 2)
    deadly = "Deadly" in rules
    # RES use B gives Heal(+3) for the whole hit, so every W a Critical Force hit takes gets it
    boost = 3 if not hit.power and not deadly and _res_heal(work, target) else 0
    for _ in range(cf):
        target = work.model(target.key)
        if not target.alive:
            break
        heal = 0 if (hit.power or deadly) else heal_value(work, target) + boost
        if heal:
            roll = work.roll(work.dice.test("Heal", min(heal, HEAL_CAP), label=f"{target.key}"))
            if roll.success:
                continue
        target = work.put(target, wounds=target.wounds - 1)
        work.say(
            Text.plural(
                "{model} loses 1 W ({count} left)",
                "{model} loses 1 W ({count} left)",
                max(target.wounds, 0),
                model=target.key,
            )
        )
        if target.wounds <= 0:
            remove(work, target, hit)


def _res_heal(work: Work, target: Model) -> bool:
    squad = work.squads[target.squad]
    seat = target.seat
    cards, spent = work.get("res_cards"), work.get("res_spent")
    if not squad.policy.res_heal or target.res_used or spent[seat] >= cards[seat]:
        return False
    work.put(target, res_used=True)
    work.set(res_spent=_bump(spent, seat, 1))
    work.say(Text("{model} uses 1 RES: Heal(+3) for this hit", model=target.key))
    return True


def _bump(pair: tuple[int, int], seat: int, by: int) -> tuple[int, int]:
    return (pair[0] + by, pair[1]) if seat == 0 else (pair[0], pair[1] + by)


def lose_res_cards(work: Work, seat: int, count: int, why: Text) -> None:
    """Remove resource cards for good (spent ones first, which keeps this round's RES)."""
    cards, spent = work.get("res_cards"), work.get("res_spent")
    count = min(count, cards[seat])
    from_spent = min(count, spent[seat])
    work.set(res_cards=_bump(cards, seat, -count), res_spent=_bump(spent, seat, -from_spent))
    work.say(
        Text.plural(
            "seat {seat} loses {count} resource card: {why}",
            "seat {seat} loses {count} resource cards: {why}",
            count,
            seat=seat,
            why=why,
        )
    )


def remove(work: Work, model: Model, hit: Hit | None) -> None:
    """Remove a model as a casualty and apply what follows from it."""
    # who it is engaged with is read before it leaves the table (engaged() needs both alive)
    sprayed = [e for e in work.enemies_of(model) if engaged(model, e)]
    model = work.put(model, alive=False, sentry=False, wounds=0)
    squad = work.squads[model.squad]
    body = list(work.get("body_count"))
    body[1 - model.seat] += model.points
    work.set(body_count=(body[0], body[1]))
    work.say(Text("{model} ({name}) is removed as a casualty", model=model.key, name=model.name))
    if model.has("Insalubrious Bodily Fluids") and sprayed:
        work.say(Text("{model}'s bodily fluids spray the models engaged with it", model=model.key))
        resolve_hits(work, [Hit(v.key, BODILY_FLUIDS_ST, None, ranged=False) for v in sprayed])
    left = work.alive_in(squad.key)
    if squad.commander == model.key and left:
        acting = min(left, key=lambda m: (gap(m.pos, m.radius, model.pos, model.radius), m.key))
        first = not squad.lost_commander
        work.put_squad(squad, commander=acting.key, lost_commander=True)
        if first:
            work.say(
                Text(
                    "{model} becomes acting squad commander and LD -2 for the rest of the game",
                    model=acting.key,
                )
            )
        else:
            work.say(Text("{model} becomes acting squad commander", model=acting.key))
        work.morale_due.append((squad.key, "break", None))
    if squad.army_commander:
        lose_res_cards(work, model.seat, 2, Text("army commander removed"))
    if squad.troops and not left:
        lose_res_cards(work, model.seat, 1, Text("{squad} destroyed", squad=squad.name))
    if hit is not None and hit.weapon is not None and "Pinning" in hit.weapon.rules and left:
        work.morale_due.append((squad.key, "pinning", None))
    if hit is not None and hit.attacker and not hit.ranged and left:
        killer = work.model(hit.attacker)
        if killer.has("Brutal"):
            work.morale_due.append((squad.key, "pinning", killer.squad))
    get_the_gun(work, model)


def get_the_gun(work: Work, fallen: Model) -> None:
    """A squad-mate within 3 inches may try to pick up a ranged weapon it lacks: 1-10 saves it."""
    squad = work.squads[fallen.squad]
    guns = [k for k in fallen.weapons if weapon(k).kind not in ("CC",)]
    for m in sorted(work.alive_in(squad.key), key=lambda m: m.key):
        if m.key == squad.commander or gap(m.pos, m.radius, fallen.pos, fallen.radius) > 3.0:
            continue
        if work.engaged_with(m):
            continue
        wanted = [k for k in guns if k not in m.weapons]
        if not wanted:
            continue
        roll = work.dice.d20()
        if roll <= 10:
            old = [k for k in m.weapons if weapon(k).kind != "CC"][:1]
            kept = (*tuple(k for k in m.weapons if k not in old), wanted[0])
            work.put(m, weapons=kept)
            work.say(
                Text(
                    "get the gun: {model} rolled {die} (1-10 saves it): takes {weapon}",
                    model=m.key,
                    die=roll,
                    weapon=wanted[0],
                )
            )
        else:
            work.say(
                Text(
                    "get the gun: {model} rolled {die} (1-10 saves it): the weapon is ruined",
                    model=m.key,
                    die=roll,
                )
            )
        return


def settle_morale(work: Work) -> None:
    """Run the morale tests an action set off, then the half-strength break tests."""
    from games.warzone.morale import HALF_STRENGTH_BREAK, morale_test

    due = list(work.morale_due)
    if HALF_STRENGTH_BREAK:
        for squad in work.squads.values():
            start = len(squad.models)
            left = len(work.alive_in(squad.key))
            if start >= 2 and 0 < left <= start / 2 and not squad.broke_at_half:
                work.put_squad(squad, broke_at_half=True)
                due.append((squad.key, "break", None))
    done: set[tuple[str, str]] = set()
    for key, kind, cause in due:
        if (key, kind) in done:
            continue
        done.add((key, kind))
        squad = work.squads[key]
        if work.alive_in(key):
            faction = None if cause is None else unit(work.squads[cause].unit).faction
            morale_test(work, squad, kind, faction)
    work.morale_due.clear()
