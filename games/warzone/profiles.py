"""Unit and weapon profiles read from the bundled data (our transcription of the 2.2 numbers)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from enum import Enum
from functools import cache
from importlib import resources
from typing import Any


class Category(Enum):
    """The force-chart slot a unit fills."""

    TROOPS = "Troops"
    SUPPORT = "Support"
    CHARACTERS = "Characters"


@dataclass(frozen=True, slots=True)
class Stats:
    """A model's attributes; ia 0 means no second armour value, coh 0 means none printed."""

    sp: int
    cc: int
    defence: int
    rs: int
    st: int
    con: int
    wp: int
    ld: int
    w: int
    a: int
    ia: int
    sz: int
    coh: int


@dataclass(frozen=True, slots=True)
class Weapon:
    """A weapon profile: range or template code, ST (absolute or a CC bonus), RoA, class, rules."""

    key: str
    name: str
    r: str
    st: str
    roa: int
    kind: str
    rules: tuple[str, ...]

    @property
    def is_close_combat(self) -> bool:
        """CC weapons fight in close combat and never shoot."""
        return self.kind == "CC"

    @property
    def template(self) -> str | None:
        """'SE', 'LE', 'FT' or 'SG' when the weapon places a template, else None."""
        for code in ("SE", "LE", "FT", "SG"):
            if self.r.endswith(code):
                return code
        return None

    def range_inches(self, thrower_st: int) -> float:
        """Reach in inches (B2B is contact; thrown 'ST/..' reaches the thrower's ST)."""
        head = self.r.split("/")[0]
        if head == "B2B":
            return 0.01
        if head == "ST":
            return float(thrower_st)
        if head in ("FT", "SG"):
            return 0.0
        return float(head)

    def strength(self, model_st: int) -> int | None:
        """The ST a hit applies against the save (CC bonus added to the model's ST)."""
        if self.st == "-":
            return None
        if self.st.startswith("+") or self.st.startswith("-"):
            return model_st + int(self.st)
        return int(self.st)

    def rule_value(self, name: str) -> int | None:
        """X of a rule 'Name(X)' carried by the weapon, 0 for a bare 'Name', None when absent."""
        return ability_value(self.rules, name)


@dataclass(frozen=True, slots=True)
class Option:
    """A squad option bought once per squad (a medic, a banner)."""

    key: str
    name: str
    points: int
    grants: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Unit:
    """One entry of the army book: the squad's profile, size, points, weapons and abilities."""

    key: str
    faction: str
    name: str
    category: Category
    min_models: int
    max_models: int
    points: int
    stats: Stats
    weapons: tuple[str, ...]
    abilities: tuple[str, ...]
    unique: bool
    commander_upgrade: tuple[str, int, tuple[tuple[str, int], ...]] | None
    options: tuple[Option, ...]
    battalions: tuple[tuple[str, tuple[tuple[str, int], ...], tuple[str, ...]], ...]


_ABILITY = re.compile(r"^(?P<name>[^()]+?)\s*(?:\((?P<arg>[^)]*)\))?$")


def split_ability(text: str) -> tuple[str, str | None]:
    """'Heal(5)' -> ('Heal', '5'); 'Frenzy' -> ('Frenzy', None)."""
    match = _ABILITY.match(text.strip())
    if not match:
        return text.strip(), None
    return match.group("name").strip(), match.group("arg")


def ability_value(abilities: tuple[str, ...], name: str) -> int | None:
    """The highest X of 'Name(X)' among `abilities` (a bare Name counts 0); None when absent."""
    best: int | None = None
    for text in abilities:
        head, arg = split_ability(text)
        if head != name:
            continue
        value = int(arg) if arg is not None and arg.lstrip("+-").isdecimal() else 0
        best = value if best is None else max(best, value)
    return best


def with_changes(stats: Stats, changes: tuple[tuple[str, int], ...]) -> Stats:
    """`stats` with the named attributes replaced (profile upgrades, battalions)."""
    names = {"def": "defence"}
    return replace(stats, **{names.get(k, k): v for k, v in changes})


def _stats(raw: dict[str, Any]) -> Stats:
    return Stats(
        sp=raw["sp"], cc=raw["cc"], defence=raw["def"], rs=raw["rs"], st=raw["st"],
        con=raw["con"], wp=raw["wp"], ld=raw["ld"], w=raw["w"], a=raw["a"], ia=raw["ia"],
        sz=raw["sz"], coh=raw["coh"],
    )  # fmt: skip


def _pairs(raw: dict[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(raw.items()))


def _unit(raw: dict[str, Any]) -> Unit:
    upgrade = raw.get("commander_upgrade")
    return Unit(
        key=raw["id"],
        faction=raw["faction"],
        name=raw["name"],
        category=Category(raw["category"]),
        min_models=raw["models"][0],
        max_models=raw["models"][1],
        points=raw["points"],
        stats=_stats(raw["profile"]),
        weapons=tuple(raw["weapons"]),
        abilities=tuple(raw["abilities"]),
        unique=bool(raw.get("unique", False)),
        commander_upgrade=(
            (upgrade["name"], upgrade["points"], _pairs(upgrade["changes"])) if upgrade else None
        ),
        options=tuple(
            Option(o["id"], o["name"], o["points"], tuple(o["grants"]))
            for o in raw.get("options", [])
        ),
        battalions=tuple(
            (name, _pairs(b["changes"]), tuple(b["adds"]))
            for name, b in sorted(raw.get("battalions", {}).items())
        ),
    )


@cache
def _data() -> tuple[dict[str, Weapon], dict[str, Unit]]:
    text = resources.files("games.warzone").joinpath("data/units.json").read_text("utf-8")
    raw = json.loads(text)
    weapons = {
        key: Weapon(key, w["name"], w["r"], w["st"], w["roa"], w["type"], tuple(w["rules"]))
        for key, w in raw["weapons"].items()
    }
    units = {u["id"]: _unit(u) for u in raw["units"]}
    return weapons, units


def weapon(key: str) -> Weapon:
    """The weapon profile named `key`."""
    return _data()[0][key]


def unit(key: str) -> Unit:
    """The unit profile named `key` (KeyError when unknown)."""
    return _data()[1][key]


def all_units() -> tuple[Unit, ...]:
    """Every unit in the bundled data, in file order."""
    return tuple(_data()[1].values())


def all_weapons() -> tuple[Weapon, ...]:
    """Every weapon in the bundled data."""
    return tuple(_data()[0].values())
