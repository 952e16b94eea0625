"""Army lists: the file format, presets and a validator that refuses rules this version lacks."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.base import InvalidActionError
from games.text import Text
from games.warzone.abilities import (
    TEMPLATES_IN_V1,
    WEAPON_CLASSES_IN_V1,
    ability_entry,
    weapon_rule_entry,
)
from games.warzone.profiles import Category, Stats, Unit, unit, weapon, with_changes

SKIRMISH = {"characters": (1, 2), "troops": (2, 4), "support": (0, 1)}
"""Skirmish force organisation (OOC) as in the 2.2 data."""
SLOTS = {"characters": Text("characters"), "troops": Text("troops"), "support": Text("support")}
"""The OOC slots as players read them."""

POINTS_LIMIT = 250


@dataclass(frozen=True, slots=True)
class ListEntry:
    """One squad of a list: unit, size, upgrades and (for a character) who it joins."""

    unit: str
    models: int
    upgrade: bool = False
    options: tuple[str, ...] = ()
    army_commander: bool = False
    attach: int | None = None


@dataclass(frozen=True, slots=True)
class ArmyList:
    """A validated army list."""

    faction: str
    battalion: str | None
    entries: tuple[ListEntry, ...]
    points: int
    notes: tuple[str, ...]


def _bad(message: str, **params: object) -> InvalidActionError:
    return InvalidActionError(message, code="invalid_list", **params)


def squad_points(u: Unit, entry: ListEntry) -> int:
    """Points of one squad with its upgrades and options."""
    total = u.points * entry.models
    if entry.upgrade and u.commander_upgrade:
        total += u.commander_upgrade[1]
    total += sum(o.points for o in u.options if o.key in entry.options)
    return total


def squad_abilities(u: Unit, battalion: str | None) -> tuple[str, ...]:
    """The unit's abilities plus those its battalion adds."""
    extra = next((adds for name, _, adds in u.battalions if name == battalion), ())
    return u.abilities + extra


def squad_stats(u: Unit, battalion: str | None) -> Stats:
    """The unit's profile with its battalion's changes."""
    changes = next((ch for name, ch, _ in u.battalions if name == battalion), ())
    return with_changes(u.stats, changes)


def unimplemented(u: Unit, battalion: str | None, options: tuple[str, ...] = ()) -> list[Text]:
    """Abilities, weapon classes, templates and weapon rules of a unit this version lacks."""
    missing: list[Text] = []
    granted = tuple(g for o in u.options if o.key in options for g in o.grants)
    for text in (*squad_abilities(u, battalion), *granted):
        if ability_entry(text) is None:
            missing.append(Text.verbatim(text))
    for key in u.weapons:
        w = weapon(key)
        if w.kind not in WEAPON_CLASSES_IN_V1:
            missing.append(Text("{weapon}: weapon class {kind}", weapon=w.name, kind=w.kind))
        if w.template and w.template not in TEMPLATES_IN_V1:
            missing.append(
                Text("{weapon}: {template} template", weapon=w.name, template=w.template)
            )
        missing.extend(
            Text.verbatim(f"{w.name}: {r}") for r in w.rules if weapon_rule_entry(r) is None
        )
    return missing


def _entry(raw: Mapping[str, Any]) -> ListEntry:
    try:
        u = unit(str(raw["unit"]))
    except KeyError:
        raise _bad("Unknown unit {unit}.", unit=repr(raw.get("unit"))) from None
    models = int(raw.get("models", u.min_models))
    return ListEntry(
        unit=u.key,
        models=models,
        upgrade=bool(raw.get("upgrade", False)),
        options=tuple(str(o) for o in raw.get("options", ())),
        army_commander=bool(raw.get("army_commander", False)),
        attach=None if raw.get("attach") is None else int(raw["attach"]),
    )


def validate(raw: Mapping[str, Any], limit: int = POINTS_LIMIT) -> ArmyList:
    """Check a list against the skirmish chart, points, profiles and implemented rules."""
    entries = tuple(_entry(e) for e in raw.get("squads", ()))
    if not entries:
        raise _bad("The list has no squads.")
    battalion = raw.get("battalion")
    units = [unit(e.unit) for e in entries]
    factions = {u.faction for u in units}
    if len(factions) != 1:
        raise _bad(
            "A list fields one faction, not {factions}.", factions=", ".join(sorted(factions))
        )
    notes: list[Text] = []
    for u, e in zip(units, entries, strict=True):
        if not u.min_models <= e.models <= u.max_models:
            raise _bad(
                Text.plural(
                    "{unit} has {low}-{count} model, not {models}.",
                    "{unit} has {low}-{count} models, not {models}.",
                    u.max_models,
                    unit=u.name,
                    low=u.min_models,
                    models=e.models,
                )
            )
        if u.battalions and battalion not in {name for name, _, _ in u.battalions}:
            names = ", ".join(name for name, _, _ in u.battalions)
            raise _bad("{unit} needs a battalion: one of {names}.", unit=u.name, names=names)
        if e.upgrade and not u.commander_upgrade:
            raise _bad("{unit} has no squad commander upgrade.", unit=u.name)
        for opt in e.options:
            if opt not in {o.key for o in u.options}:
                raise _bad("{unit} has no option {option}.", unit=u.name, option=repr(opt))
        missing = unimplemented(u, battalion, e.options)
        if missing:
            raise _bad(
                "{unit} cannot be fielded yet: not implemented: {missing}.",
                unit=u.name,
                missing=Text.joined("; ", missing),
            )
        notes.extend(
            Text("{unit}: {ability} — deploys regularly in this version", unit=u.name, ability=a)
            for a in squad_abilities(u, battalion)
            if a.startswith("Deployment:")
        )
    for u in units:
        if u.unique and sum(1 for v in units if v.key == u.key) > 1:
            raise _bad("{unit} is unique.", unit=u.name)
    counts = {
        "characters": sum(u.category is Category.CHARACTERS for u in units),
        "troops": sum(u.category is Category.TROOPS for u in units),
        "support": sum(u.category is Category.SUPPORT for u in units),
    }
    for slot, (low, high) in SKIRMISH.items():
        if not low <= counts[slot] <= high:
            raise _bad(
                "A skirmish force has {low}-{high} {slot}, this list has {count}.",
                low=low,
                high=high,
                slot=SLOTS[slot],
                count=counts[slot],
            )
    _check_commander(units, entries)
    _check_attachments(units, entries)
    points = sum(squad_points(u, e) for u, e in zip(units, entries, strict=True))
    if points > limit:
        raise _bad(
            Text.plural(
                "The list costs {count} point; the limit is {limit}.",
                "The list costs {count} points; the limit is {limit}.",
                points,
                limit=limit,
            )
        )
    return ArmyList(units[0].faction, battalion, entries, points, tuple(notes))


def _check_commander(units: list[Unit], entries: tuple[ListEntry, ...]) -> None:
    heroes = [
        (u, e) for u, e in zip(units, entries, strict=True) if u.category is Category.CHARACTERS
    ]
    best = max(u.stats.ld for u, _ in heroes)
    chosen = [u for u, e in heroes if e.army_commander]
    if len(chosen) > 1:
        raise _bad("Only one character leads the army.")
    if chosen and chosen[0].stats.ld != best:
        raise _bad("The army commander is the character with the highest LD.")
    if not chosen and sum(u.stats.ld == best for u, _ in heroes) > 1:
        raise _bad("Several characters share the highest LD: mark one as army commander.")


def _check_attachments(units: list[Unit], entries: tuple[ListEntry, ...]) -> None:
    hosts: set[int] = set()
    for u, e in zip(units, entries, strict=True):
        if e.attach is None:
            continue
        if u.category is not Category.CHARACTERS:
            raise _bad("Only characters join other squads; {unit} is not one.", unit=u.name)
        if not 0 <= e.attach < len(entries) or units[e.attach].category is Category.CHARACTERS:
            raise _bad("{unit} must join a squad that is not a character.", unit=u.name)
        if e.attach in hosts:
            raise _bad("A squad takes at most one character at a time.")
        hosts.add(e.attach)


PRESETS: dict[str, dict[str, Any]] = {
    "capitol": {
        "battalion": "line",
        "squads": [
            {"unit": "capitol_lt_chuck_robbins", "army_commander": True},
            {"unit": "capitol_light_infantry", "models": 8, "upgrade": True},
            {"unit": "capitol_light_infantry", "models": 8},
        ],
    },
    "dark_legion": {
        "squads": [
            {"unit": "dl_necromutant_leader", "army_commander": True},
            {"unit": "dl_necromutants", "models": 5},
            {"unit": "dl_necromutants", "models": 5},
        ],
    },
}
"""Skirmish forces of about 250 points built only from implemented profiles."""


def preset(name: str) -> ArmyList:
    """A validated preset list by name."""
    if name not in PRESETS:
        raise _bad(
            "Unknown preset {name}. Presets: {presets}.",
            name=repr(name),
            presets=", ".join(sorted(PRESETS)),
        )
    return validate(PRESETS[name])
