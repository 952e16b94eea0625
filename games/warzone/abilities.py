"""Which abilities and weapon rules this version implements, with where each rule comes from."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from games.text import Text
from games.warzone.profiles import split_ability


class Source(Enum):
    """Provenance of a rule, shown to players next to it."""

    RULEBOOK = "from the rulebook"
    PUBLIC = "from a public source"
    GAP_FILL = "gap-fill, not from the rulebook"


@dataclass(frozen=True, slots=True)
class Entry:
    """One implemented ability or weapon rule: its name, provenance and what it does here."""

    name: str
    source: Source
    summary: str


def _e(name: str, source: Source, summary: str) -> tuple[str, Entry]:
    return name, Entry(name, source, summary)


R, P, G = Source.RULEBOOK, Source.PUBLIC, Source.GAP_FILL

ABILITIES: dict[str, Entry] = dict(
    (
        _e(
            "Battalion",
            P,
            Text("the army picks one Capitol battalion; its changes apply to the squad"),
        ),
        _e("Crackshot", R, Text("with Battle Focus the focused RS test gets +X")),
        _e("Hard to Hit", R, Text("Shooting actions against the model get RS -X")),
        _e("Ranger", R, Text("ignores the -3 inch penalty for moving through difficult terrain")),
        _e("Ferocity", R, Text("ST +X in a round in which the model charged")),
        _e(
            "Disposable",
            R,
            Text("a squad whose (acting) commander has it always passes break tests"),
        ),
        _e("Medic", R, Text("friendly models within 5 inches have Heal(X)")),
        _e("Heal", R, Text("per lost W roll D20 <= X (max 8) to keep it; not against power shots")),
        _e("Frenzy", R, Text("CC weapons get RoA +1 when the model charged this round")),
        _e("Fearless", R, Text("LD +X for Fear tests; no test when X >= the Fear value")),
        _e("Fear", R, Text("attackers in close combat test LD-X once per round or halve their CC")),
        _e("Target Sense", R, Text("ignores target priority")),
        _e("Gas Mask", R, Text("may reroll failed CON tests against Gas weapons")),
        _e(
            "Unbreakable",
            R,
            Text("always passes pinning and break tests; recovers at its next activation"),
        ),
        _e("Camouflage", R, Text("a shooter's cover penalty against the model grows by X")),
        _e("Eagle Eye", R, Text("with Battle Focus ignores up to X of RS penalties on every RoA")),
        _e(
            "Contempt",
            R,
            Text("may reroll pinning, break and Fear tests caused by the named faction"),
        ),
        _e("Dissention", R, Text("enemies within 12 inches have LD -X (highest only)")),
        _e(
            "Brutal",
            R,
            Text("an enemy killed by this model in close combat makes its squad test pinning"),
        ),
        _e("Guardsmen", P, Text("the Sentry action costs AP(1)")),
        _e("Whip", P, Text("Undead Legionnaires starting activation within 6 inches get SP +1")),
        _e(
            "Insalubrious Bodily Fluids",
            P,
            Text("when removed, every enemy engaged with it takes an automatic ST 10 hit"),
        ),
        _e(
            "Guide Them In",
            G,
            Text(
                "rule text not held; it concerns squads arriving from reserve, and "
                "this version deploys every squad regularly, so it has no effect"
            ),
        ),
        _e(
            "Right On Time",
            G,
            Text(
                "rule text not held; it concerns arriving by Rapid Deployment, "
                "which this version replaces by regular deployment, so it has no effect"
            ),
        ),
        _e(
            "Point-Blank",
            G,
            Text(
                "rule text not held; here: the model may take Shooting actions "
                "while engaged, against a model it is engaged with"
            ),
        ),
        _e(
            "Hail Mary",
            G,
            Text(
                "public hint only (a deliberately inaccurate shot scattering "
                "D20/2 inches); here: fire a small-explosion weapon at a point out of sight, "
                "no RS test except for a fumble, automatic scatter D20/2 inches"
            ),
        ),
        _e(
            "Black Liquid Syringe",
            G,
            Text(
                "rule text not held; here: RES(1), once per round at "
                "the start of the model's activation it regains 1 lost W"
            ),
        ),
    )
)

DEPLOYMENT_IN_V1: dict[str, Entry] = dict(
    (
        _e("Deployment: Preemptive Strike", G, Text("deploys regularly in this version")),
        _e("Deployment: Rapid Deployment", G, Text("deploys regularly in this version")),
        _e("Deployment: Infiltrate", G, Text("deploys regularly in this version")),
    )
)

WEAPON_RULES: dict[str, Entry] = dict(
    (
        _e("Critical Force", R, Text("a failed save loses X W; Heal is rolled per W")),
        _e("Deadly", R, Text("no Heal tests against its hits")),
        _e("Precision", R, Text("ST +X against models")),
        _e("Armour Piercing", R, Text("ST +X against vehicles and structures only (none in play)")),
        _e("Short-Ranged Burst", R, Text("RoA +1 when every target is within 12 inches")),
        _e("Weapon Mode", R, Text("the profiles of one weapon; one mode per action")),
        _e("Reload", P, Text("after firing it is empty; RES(X) reloads it")),
        _e(
            "Swarm of Flies",
            P,
            Text(
                "no damage; a squad with a model under the template has RS "
                "and CC -4 until the end of the round"
            ),
        ),
        _e("Exploit", R, Text("successful A/IA, CON or WP tests against its hits are rerolled")),
        _e("Pinning", R, Text("a model brought to 0 W by it makes its squad test pinning")),
    )
)

WEAPON_CLASSES_IN_V1 = frozenset({"A", "H", "HG", "CC", "GR", "ML"})
"""Weapon classes with every rule in place; F, LF, LE, SG, S, R, PSY are not in this version."""

TEMPLATES_IN_V1 = frozenset({"SE"})


def ability_entry(text: str) -> Entry | None:
    """The catalogue entry for an ability as printed ('Heal(5)'), None when not implemented."""
    if text in DEPLOYMENT_IN_V1:
        return DEPLOYMENT_IN_V1[text]
    name, _ = split_ability(text)
    return ABILITIES.get(name)


def weapon_rule_entry(text: str) -> Entry | None:
    """The catalogue entry for a weapon rule as printed, None when not implemented."""
    name, _ = split_ability(text)
    return WEAPON_RULES.get(name)
