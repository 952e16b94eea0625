"""Every rule this version plays, tagged with where it comes from (what `/warzone rules` lists)."""

from __future__ import annotations

from games.text import Text
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


# A core rule's name is a heading said in the reader's language; Relay Recovery (a mission) and
# the names of abilities and weapon rules stay as printed (docs/rulings.md).
CORE: tuple[Entry, ...] = (
    _e(
        Text("Tests"),
        R,
        Text("D20 roll-under; 1 always passes (power shot), 20 always fails (fumble)"),
    ),
    _e(Text("Rerolls"), R, Text("a test is rerolled at most once")),
    _e(
        Text("Modifiers"),
        R,
        Text("multiply/divide (rounding up) before add/subtract; attributes floor 1"),
    ),
    _e(
        Text("Armour"),
        R,
        Text("TN = A - weapon ST, never below IA; CC weapon ST adds to the model's ST"),
    ),
    _e(
        Text("To hit"),
        R,
        Text("RS + target SZ; Battle Focus +2; Rapid Fire RoA +1 and RS -4; Evade -2"),
    ),
    _e(
        Text("Range and cover"),
        P,
        Text("-2 beyond half range; cover -2 light / -4 heavy, not cumulative"),
    ),
    _e(
        Text("Obstacles"),
        P,
        Text("more than 3 obstacles: hits only on a 1; models in the way give -4"),
    ),
    _e(Text("Front arc"), R, Text("models see and act in their front 180 degrees only")),
    _e(
        Text("Silhouettes and rays"),
        G,
        Text("SZ 0/1/2 stand 1.25/2/3 in tall; 5 sight rays per pair"),
    ),
    _e(
        Text("Cover share"),
        G,
        Text("a piece gives cover when it crosses at least {share:.0%} of the rays", share=0.25),
    ),
    _e(
        Text("Target priority"),
        R,
        Text("nearest or largest enemy within 12 in; LD test to ignore it"),
    ),
    _e(
        Text("Secondary targets"),
        G,
        Text("extra RoA may go to legal targets within 2 in of the primary"),
    ),
    _e(Text("Small explosion"), G, Text("3 in template, one RS test, scatter D20/4 in on a miss")),
    _e(
        Text("Close combat"),
        R,
        Text("AP(1); an engaged model starts with 1 AP; charges move SP x2 straight"),
    ),
    _e(
        Text("Close combat TN"),
        G,
        Text("CC + target SZ - target DEF; no strike back; free slash on leaving"),
    ),
    _e(
        Text("Movement"),
        R,
        Text("difficult terrain -3 in per move (Ranger ignores); no crossing bases"),
    ),
    _e(
        Text("Movement per round"),
        G,
        Text("at most SP x2 inches a round; a move ends facing its last leg"),
    ),
    _e(
        Text("Game round"), R, Text("control phase, initiative roll, alternating squad activations")
    ),
    _e(
        Text("Last squad"),
        R,
        Text("the squad activated last in a round may not go first in the next"),
    ),
    _e(Text("Initiative ties"), G, Text("both roll again")),
    _e(Text("Army commander"), R, Text("squads within 10 in may use the army commander's LD")),
    _e(Text("Cohesion"), R, Text("models out of coherency activate first and must move back")),
    _e(
        Text("Morale: recovery"),
        R,
        Text("a pinned or broken squad tests LD at the start of its activation"),
    ),
    _e(Text("Morale: break tests"), G, Text("at half strength and when the commander is removed")),
    _e(
        Text("Morale: pinned"),
        G,
        Text("1 AP, no Charge or Run, no RES for AP; broken squads run to the edge"),
    ),
    _e(
        Text("Resources"),
        R,
        Text("4 cards for the army commander, 1 per troop squad; one use per model"),
    ),
    _e(
        Text("Resource loss"),
        R,
        Text("-2 when the army commander is removed, -1 per destroyed troop squad"),
    ),
    _e(
        Text("Sentry"),
        R,
        Text("AP(2), half the squad, LD test, one AP(0)/AP(1) action before or after"),
    ),
    _e(
        Text("Standing orders"),
        G,
        Text("per squad: fire / ask / hold, window before / after / first"),
    ),
    _e(Text("Deployment zones"), G, Text("8 in zones on opposite edges of the 36 x 36 in table")),
    _e(Text("Bases"), G, Text("30/40/50 mm by SZ 0/1/2")),
    _e("Relay Recovery", G, Text("3 relays; from round 2 one VP per held relay; 5 rounds")),
    _e(Text("Body count"), G, Text("ties go to the side that destroyed more points")),
)


def all_rules() -> tuple[tuple[str, Entry], ...]:
    """(section, entry) for every rule: core rules, abilities, weapon rules, deployments."""
    out = [("core", e) for e in CORE]
    out += [("ability", e) for e in ABILITIES.values()]
    out += [("weapon rule", e) for e in WEAPON_RULES.values()]
    out += [("deployment", e) for e in DEPLOYMENT_IN_V1.values()]
    return tuple(out)
