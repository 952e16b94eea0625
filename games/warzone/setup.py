"""A new game: both lists turned into squads and models, terrain, objectives and RES cards."""

from __future__ import annotations

from typing import Any

import games.warzone.armylist as armylist
from games.base import GameConfig, InvalidActionError
from games.warzone.listtext import parse_list
from games.warzone.profiles import Category, unit, with_changes
from games.warzone.state import Model, Squad, State
from games.warzone.terrain import preset

BASE_MM = {0: 30, 1: 40, 2: 50}
"""Gap-fill: base size by SZ (small 30 mm, medium 40 mm, large 50 mm)."""
OBJECTIVES = ((18.0, 18.0), (8.0, 18.0), (28.0, 18.0))
ARMY_COMMANDER_RES = 4
TROOP_RES = 1


def _list(raw: Any) -> armylist.ArmyList:
    if isinstance(raw, str) and raw.strip() and len(raw.split()) > 1:
        return armylist.validate(parse_list(raw))
    if isinstance(raw, str):
        return armylist.preset(raw)
    if isinstance(raw, dict):
        return armylist.validate(raw)
    raise InvalidActionError(
        "An army list is a preset name, a text list or a list object.", code="invalid_list"
    )


def build(seat: int, army: armylist.ArmyList) -> tuple[list[Squad], list[Model]]:
    """Squads and models for one side (squads A1.. for seat 0, B1.. for seat 1)."""
    letter = "AB"[seat]
    squads: list[Squad] = []
    models: list[Model] = []
    heroes = [e for e in army.entries if unit(e.unit).category is Category.CHARACTERS]
    chosen = next((e for e in heroes if e.army_commander), None)
    if chosen is None:
        chosen = max(heroes, key=lambda e: unit(e.unit).stats.ld)
    for i, entry in enumerate(army.entries, start=1):
        u = unit(entry.unit)
        key = f"{letter}{i}"
        stats = armylist.squad_stats(u, army.battalion)
        abilities = armylist.squad_abilities(u, army.battalion)
        keys = []
        for n in range(1, entry.models + 1):
            mkey = f"{key}.{n}"
            mstats, mabilities, points, name = stats, abilities, u.points, u.name
            if n == 1 and entry.upgrade and u.commander_upgrade:
                up_name, up_points, changes = u.commander_upgrade
                mstats, points, name = with_changes(stats, changes), points + up_points, up_name
            for opt in u.options:
                if opt.key in entry.options and n == min(2, entry.models):
                    mabilities, points = mabilities + opt.grants, points + opt.points
            models.append(
                Model(
                    key=mkey, squad=key, seat=seat, name=name, stats=mstats, weapons=u.weapons,
                    abilities=mabilities, base_mm=BASE_MM.get(mstats.sz, 50), points=points,
                    wounds=mstats.w,
                )
            )  # fmt: skip
            keys.append(mkey)
        squads.append(
            Squad(
                key=key, seat=seat, unit=u.key, name=f"{u.name} ({key})", models=tuple(keys),
                commander=keys[0], troops=u.category is Category.TROOPS,
                character=u.category is Category.CHARACTERS, army_commander=entry is chosen,
                attached_to=None if entry.attach is None else f"{letter}{entry.attach + 1}",
            )
        )  # fmt: skip
    return squads, models


def setup(config: GameConfig, seats: int, seed: str) -> State:
    """The initial state: config['lists'] (presets, text lists or list objects), terrain."""
    if seats != 2:
        raise InvalidActionError("Warzone is played by two players.", code="bad_seats")
    lists = config.get("lists", ("capitol", "dark_legion"))
    terrain_name = str(config.get("terrain", "ruined_outpost"))
    squads: list[Squad] = []
    models: list[Model] = []
    res = [0, 0]
    for seat in (0, 1):
        army = _list(lists[seat])
        s, m = build(seat, army)
        squads += s
        models += m
        res[seat] = ARMY_COMMANDER_RES + TROOP_RES * sum(1 for q in s if q.troops)
    return State(
        seats=2,
        terrain=preset(terrain_name),
        terrain_preset=terrain_name,
        models=tuple(models),
        squads=tuple(squads),
        last_round=int(config.get("rounds", 5)),
        objectives=OBJECTIVES,
        control=(None, None, None),
        res_cards=(res[0], res[1]),
        dice_salt=str(config.get("dice_salt", "")),
    )
