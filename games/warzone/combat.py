"""Close combat (reconstructed section): CC tests against DEF, Fear, charges' bonuses, damage."""

from __future__ import annotations

from games.base import IllegalActionError
from games.text import Text
from games.warzone.actions import Fight
from games.warzone.damage import Hit, rate_of_attack_exceeded, resolve_hits
from games.warzone.dice import HIT_MISS, Mod, Op
from games.warzone.profiles import Weapon, weapon
from games.warzone.state import Model
from games.warzone.work import Work, host_of, reaches


def _illegal(text: str, **params: object) -> IllegalActionError:
    return IllegalActionError(text, code="illegal_fight", **params)


def reach_of(w: Weapon, model: Model) -> float:
    """The weapon's CCWR (handguns 1.5 inches in close combat)."""
    return 1.5 if w.kind == "HG" else w.range_inches(model.stats.st)


def fear_mod(work: Work, attacker: Model, target: Model) -> tuple[Mod, ...]:
    """Fear(X): once per round per opponent test LD-X (+Fearless); a failure halves CC."""
    fear = target.value("Fear")
    if fear is None:
        return ()
    brave = attacker.value("Fearless") or 0
    if brave >= fear:
        return ()
    if target.key in attacker.fear_tested:
        return (
            (Mod("Fear", 2, Op.DIV),) if f"failed:{target.key}" in attacker.used_abilities else ()
        )
    from games.warzone.morale import ld_mods

    base, mods = ld_mods(work, host_of(work, attacker))
    mods = (*mods, Mod("Fear", -fear), *((Mod("Fearless", brave),) if brave else ()))
    roll = work.roll(
        work.dice.test("LD", base, mods, label=Text("{model} Fear test", model=attacker.key))
    )
    attacker = work.put(attacker, fear_tested=(*attacker.fear_tested, target.key))
    if roll.fumble:
        work.fumbled = True
    if roll.success:
        return ()
    work.put(attacker, used_abilities=(*attacker.used_abilities, f"failed:{target.key}"))
    return (Mod("Fear", 2, Op.DIV),)


def cc_mods(work: Work, attacker: Model, target: Model, focused: bool) -> tuple[Mod, ...]:
    """Every modifier to one CC test (DEF as a penalty is a gap-fill)."""
    mods: list[Mod] = list(fear_mod(work, attacker, target))
    attacker = work.model(attacker.key)
    if attacker.out_of_coherency and attacker.engaged_at_start:
        mods.append(Mod(Text("out of coherency"), 2, Op.DIV))
    mods.append(Mod("SZ", target.stats.sz))
    if target.stats.defence:
        mods.append(Mod("DEF", -target.stats.defence))
    if focused:
        mods.append(Mod(Text("Battle Focus"), 2))
    if work.squads[attacker.squad].flies:
        mods.append(Mod(Text("flies"), -4))
    return tuple(mods)


def resolve_fight(work: Work, action: Fight) -> None:
    """Resolve a Close Combat action: one CC test per RoA, then saves against model ST + weapon."""
    attacker = work.model(action.model)
    w = weapon(action.weapon)
    if w.kind not in ("CC", "HG") or action.weapon not in attacker.weapons:
        raise _illegal(
            "{model} has no close combat weapon {weapon}", model=attacker.key, weapon=action.weapon
        )
    targets = [work.model(k) for k in action.targets]
    for t in targets:
        if t.seat == attacker.seat or not t.alive:
            raise _illegal("only living enemies can be attacked")
        if not reaches(attacker, t, reach_of(w, attacker)):
            raise _illegal(
                "{target} is not within {weapon}'s reach in {model}'s front arc",
                target=t.key,
                weapon=w.name,
                model=attacker.key,
            )
    roa = w.roa
    if attacker.charged and attacker.has("Frenzy"):
        roa += 1
    roa += int(action.res_roa)
    if len(targets) > roa:
        raise _illegal(rate_of_attack_exceeded(w.name, roa))
    focused = attacker.focus
    duellist = attacker.has("Duellist") and "Duellist" not in attacker.used_abilities
    hits: list[Hit] = []
    for i in range(roa):
        target = targets[min(i, len(targets) - 1)]
        mods = cc_mods(work, attacker, target, focused and i == 0)
        label = Text(
            "{shooter} {weapon} at {target}", shooter=attacker.key, weapon=w.name, target=target.key
        )
        roll = work.dice.test("CC", attacker.stats.cc, mods, label=label, words=HIT_MISS)
        if not roll.success and duellist:
            work.roll(roll)
            roll = work.dice.reroll(roll)
            duellist = False
            attacker = work.put(attacker, used_abilities=(*attacker.used_abilities, "Duellist"))
        work.roll(roll)
        if roll.fumble:
            work.fumbled = True
        if roll.success:
            st = w.strength(attacker.stats.st) or 0
            st += w.rule_value("Precision") or 0
            st += 2 if focused and i == 0 else 0
            if attacker.charged:
                st += attacker.value("Ferocity") or 0
            hits.append(Hit(target.key, st, w, roll.power, ranged=False, attacker=attacker.key))
    if focused:
        work.put(attacker, focus=False)
    resolve_hits(work, hits)


def best_cc_weapon(model: Model) -> Weapon | None:
    """The close combat weapon with the highest strength (for free slashes)."""
    options = [weapon(k) for k in model.weapons if weapon(k).kind in ("CC", "HG")]
    return max(options, key=lambda w: (w.strength(model.stats.st) or 0, w.key), default=None)


def free_slash(work: Work, striker: Model, leaver: Model) -> None:
    """Gap-fill: an enemy left behind makes one CC test (RoA 1, no Battle Focus) at the leaver."""
    w = best_cc_weapon(striker)
    if w is None:
        return
    mods = cc_mods(work, striker, leaver, False)
    label = Text("{model} free slash at {target}", model=striker.key, target=leaver.key)
    roll = work.roll(work.dice.test("CC", striker.stats.cc, mods, label=label, words=HIT_MISS))
    if roll.success:
        st = w.strength(striker.stats.st) or 0
        resolve_hits(work, [Hit(leaver.key, st, w, roll.power, ranged=False, attacker=striker.key)])
