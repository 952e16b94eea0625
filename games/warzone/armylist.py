"""Army lists: the file format, presets and a validator that refuses rules this version lacks."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.base import InvalidActionError
from games.warzone.abilities import (
    TEMPLATES_IN_V1,
    WEAPON_CLASSES_IN_V1,
    ability_entry,
    weapon_rule_entry,
)
from games.warzone.profiles import Category, Stats, Unit, unit, weapon, with_changes

SKIRMISH = {"characters": (1, 2), "troops": (2, 4), "support": (0, 1)}
"""Skirmish force organisation (OOC) as in the 2.2 data."""

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


def _bad(message: str) -> InvalidActionError:
    return InvalidActionError(message, code="invalid_list")


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


def unimplemented(u: Unit, battalion: str | None, options: tuple[str, ...] = ()) -> list[str]:
    """Abilities, weapon classes, templates and weapon rules of a unit this version lacks."""
    missing: list[str] = []
    granted = tuple(g for o in u.options if o.key in options for g in o.grants)
    for text in (*squad_abilities(u, battalion), *granted):
        if ability_entry(text) is None:
            missing.append(text)
    for key in u.weapons:
        w = weapon(key)
        if w.kind not in WEAPON_CLASSES_IN_V1:
            missing.append(f"{w.name}: weapon class {w.kind}")
        if w.template and w.template not in TEMPLATES_IN_V1:
            missing.append(f"{w.name}: {w.template} template")
        missing.extend(f"{w.name}: {r}" for r in w.rules if weapon_rule_entry(r) is None)
    return missing


def _entry(raw: Mapping[str, Any]) -> ListEntry:
    try:
        u = unit(str(raw["unit"]))
    except KeyError:
        raise _bad(f"Unknown unit {raw.get('unit')!r}.") from None
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
        raise _bad(f"A list fields one faction, not {', '.join(sorted(factions))}.")
    notes: list[str] = []
    for u, e in zip(units, entries, strict=True):
        if not u.min_models <= e.models <= u.max_models:
            raise _bad(f"{u.name} has {u.min_models}-{u.max_models} models, not {e.models}.")
        if u.battalions and battalion not in {name for name, _, _ in u.battalions}:
            names = ", ".join(name for name, _, _ in u.battalions)
            raise _bad(f"{u.name} needs a battalion: one of {names}.")
        if e.upgrade and not u.commander_upgrade:
            raise _bad(f"{u.name} has no squad commander upgrade.")
        for opt in e.options:
            if opt not in {o.key for o in u.options}:
                raise _bad(f"{u.name} has no option {opt!r}.")
        missing = unimplemented(u, battalion, e.options)
        if missing:
            raise _bad(
                f"{u.name} cannot be fielded yet: not implemented: {'; '.join(missing)}.",
            )
        notes.extend(
            f"{u.name}: {a} — deploys regularly in this version"
            for a in squad_abilities(u, battalion)
            if a.startswith("Deployment:")
        )
    for u in units:
        if u.unique and sum(1 for v in units if v.key == u.key) > 1:
            raise _bad(f"{u.name} is unique.")
    counts = {
        "characters": sum(u.category is Category.CHARACTERS for u in units),
        "troops": sum(u.category is Category.TROOPS for u in units),
        "support": sum(u.category is Category.SUPPORT for u in units),
    }
    for slot, (low, high) in SKIRMISH.items():
        if not low <= counts[slot] <= high:
            raise _bad(f"A skirmish force has {low}-{high} {slot}, this list has {counts[slot]}.")
    _check_commander(units, entries)
    _check_attachments(units, entries)
    points = sum(squad_points(u, e) for u, e in zip(units, entries, strict=True))
    if points > limit:
        raise _bad(f"The list costs {points} points; the limit is {limit}.")
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
            raise _bad(f"Only characters join other squads; {u.name} is not one.")
        if not 0 <= e.attach < len(entries) or units[e.attach].category is Category.CHARACTERS:
            raise _bad(f"{u.name} must join a squad that is not a character.")
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
        raise _bad(f"Unknown preset {name!r}. Presets: {', '.join(sorted(PRESETS))}.")
    return validate(PRESETS[name])
