"""Every rule this version plays, tagged with where it comes from (what `/warzone rules` lists)."""

from __future__ import annotations

from games.warzone.abilities import (
    ABILITIES,
    DEPLOYMENT_IN_V1,
    WEAPON_RULES,
    Entry,
    Source,
)

R, P, G = Source.RULEBOOK, Source.PUBLIC, Source.GAP_FILL


def _e(name: str, source: Source, summary: str) -> Entry:
    return Entry(name, source, summary)


CORE: tuple[Entry, ...] = (
    _e("Tests", R, "D20 roll-under; 1 always passes (power shot), 20 always fails (fumble)"),
    _e("Rerolls", R, "a test is rerolled at most once"),
    _e("Modifiers", R, "multiply/divide (rounding up) before add/subtract; attributes floor 1"),
    _e("Armour", R, "TN = A - weapon ST, never below IA; CC weapon ST adds to the model's ST"),
    _e("To hit", R, "RS + target SZ; Battle Focus +2; Rapid Fire RoA +1 and RS -4; Evade -2"),
    _e("Range and cover", P, "-2 beyond half range; cover -2 light / -4 heavy, not cumulative"),
    _e("Obstacles", P, "more than 3 obstacles: hits only on a 1; models in the way give -4"),
    _e("Front arc", R, "models see and act in their front 180 degrees only"),
    _e("Silhouettes and rays", G, "SZ 0/1/2 stand 1.25/2/3 in tall; 5 sight rays per pair"),
    _e("Cover share", G, "a piece gives cover when it crosses at least 25% of the rays"),
    _e("Target priority", R, "nearest or largest enemy within 12 in; LD test to ignore it"),
    _e("Secondary targets", G, "extra RoA may go to legal targets within 2 in of the primary"),
    _e("Small explosion", G, "3 in template, one RS test, scatter D20/4 in on a miss"),
    _e("Close combat", R, "AP(1); an engaged model starts with 1 AP; charges move SP x2 straight"),
    _e("Close combat TN", G, "CC + target SZ - target DEF; no strike back; free slash on leaving"),
    _e("Movement", R, "difficult terrain -3 in per move (Ranger ignores); no crossing bases"),
    _e("Movement per round", G, "at most SP x2 inches a round; a move ends facing its last leg"),
    _e("Game round", R, "control phase, initiative roll, alternating squad activations"),
    _e("Last squad", R, "the squad activated last in a round may not go first in the next"),
    _e("Initiative ties", G, "both roll again"),
    _e("Army commander", R, "squads within 10 in may use the army commander's LD"),
    _e("Cohesion", R, "models out of coherency activate first and must move back"),
    _e("Morale: recovery", R, "a pinned or broken squad tests LD at the start of its activation"),
    _e("Morale: break tests", G, "at half strength and when the commander is removed"),
    _e("Morale: pinned", G, "1 AP, no Charge or Run, no RES for AP; broken squads run to the edge"),
    _e("Resources", R, "4 cards for the army commander, 1 per troop squad; one use per model"),
    _e("Resource loss", R, "-2 when the army commander is removed, -1 per destroyed troop squad"),
    _e("Sentry", R, "AP(2), half the squad, LD test, one AP(0)/AP(1) action before or after"),
    _e("Standing orders", G, "per squad: fire / ask / hold, window before / after / first"),
    _e("Deployment zones", G, "8 in zones on opposite edges of the 36 x 36 in table"),
    _e("Bases", G, "30/40/50 mm by SZ 0/1/2"),
    _e("Relay Recovery", G, "3 relays; from round 2 one VP per held relay; 5 rounds"),
    _e("Body count", G, "ties go to the side that destroyed more points"),
)


def all_rules() -> tuple[tuple[str, Entry], ...]:
    """(section, entry) for every rule: core rules, abilities, weapon rules, deployments."""
    out = [("core", e) for e in CORE]
    out += [("ability", e) for e in ABILITIES.values()]
    out += [("weapon rule", e) for e in WEAPON_RULES.values()]
    out += [("deployment", e) for e in DEPLOYMENT_IN_V1.values()]
    return tuple(out)
