"""Warzone core: tests and modifiers, lists, geometry, a golden shot, full seeded games, replay."""

from __future__ import annotations

import pytest

from games.base import GameError
from games.engine import replay
from games.warzone import armylist, rules
from games.warzone.actions import Shoot
from games.warzone.codec import from_json, parse, to_json
from games.warzone.dice import Dice, Mod, Op, judge, target_number
from games.warzone.geometry import gap
from games.warzone.shooting import resolve_shoot
from games.warzone.state import Model, State
from games.warzone.work import Work
from tests.games.warzone.playout import play_game


def test_multiply_and_divide_come_before_add_and_round_up() -> None:
    assert target_number(13, (Mod("Fear", 2, Op.DIV), Mod("SZ", 1))) == 8
    assert target_number(3, (Mod("x", 2, Op.MUL), Mod("y", 2))) == 8
    assert target_number(5, (Mod("cover", -9),)) == 1
    assert target_number(19, (Mod("focus", 4),)) == 20
    assert target_number(24, (Mod("ST", 2),), cap=None) == 26


def test_power_shot_and_fumble() -> None:
    assert judge(1, "RS", 3, (Mod("cover", -4),)).success
    assert not judge(20, "RS", 20).success
    roll = judge(7, "RS", 12, (Mod("cover", -2), Mod("SZ", 0)), words=("hit", "miss"))
    assert roll.text() == "RS 12 -2 cover +0 SZ = 10; rolled 7: hit"


def test_a_reroll_cannot_be_rerolled() -> None:
    dice = Dice((15, 4, 2))
    first = dice.test("CC", 12)
    again = dice.reroll(first)
    assert again.success and again.rerolled
    with pytest.raises(ValueError):
        dice.reroll(again)


def test_presets_validate_at_about_250_points() -> None:
    assert armylist.preset("capitol").points == 247
    assert armylist.preset("dark_legion").points == 250


def test_units_with_missing_rules_are_rejected() -> None:
    troops = {"unit": "capitol_light_infantry", "models": 5}
    raw = {"squads": [{"unit": "capitol_lt_col_mike_sanders"}, troops, troops], "battalion": "line"}
    with pytest.raises(GameError) as err:
        armylist.validate(raw)
    assert err.value.code == "invalid_list"
    assert "Death From Above" in err.value.user_message


def test_skirmish_chart_needs_two_troops() -> None:
    raw = {"squads": [{"unit": "dl_necromutant_leader"}, {"unit": "dl_necromutants"}]}
    with pytest.raises(GameError, match="troops"):
        armylist.validate(raw)


def _deployed() -> State:
    state, _ = play_game("golden", {"rounds": 1}, limit=8)
    return state


def test_range_is_symmetric_base_to_base() -> None:
    state = _deployed()
    a, b = state.models[0], state.models[-1]
    assert gap(a.pos, a.radius, b.pos, b.radius) == gap(b.pos, b.radius, a.pos, a.radius)


def _place(state: State, key: str, x: float, y: float, facing: float) -> State:
    from dataclasses import replace

    models = tuple(
        replace(m, x=x, y=y, facing=facing, deployed=True) if m.key == key else m
        for m in state.models
    )
    return replace(state, models=models, terrain=())


def test_golden_shot_with_fixed_rolls() -> None:
    state = _deployed()
    state = _place(state, "A2.2", 10.0, 10.0, 90.0)
    state = _place(state, "B2.2", 10.0, 16.0, 270.0)
    from dataclasses import replace

    state = replace(state, models=tuple(
        replace(m, deployed=False) for m in state.models if m.key not in ("A2.2", "B2.2")
    ) + tuple(m for m in state.models if m.key in ("A2.2", "B2.2")))  # fmt: skip
    work = Work(state, Dice((7, 12)))
    resolve_shoot(work, Shoot("A2.2", "m50_assault_rifle", ("B2.2",)))
    texts = [line.text for line in work.lines]
    assert texts[0] == "A2.2 M50 Assault Rifle at B2.2: RS 12 +0 SZ = 12; rolled 7: hit"
    assert texts[1] == "B2.2 save: A 24 -10 ST = 14; rolled 12: pass"


def test_codec_round_trip() -> None:
    for text in ("walk A2.1 10,12 12,14", "shoot A2.3 m50_assault_rifle B2.1", "activate B2",
                 "deploy A2 18,4 line 90", "charge B2.1 A2.4", "end", "end A2.1"):  # fmt: skip
        action = parse(text, None)
        assert from_json(to_json(action)) == action


def test_seeded_game_ends_and_replays() -> None:
    state, events = play_game("full", {"rounds": 2})
    assert rules.outcome(state) is not None
    again = replay(rules, {"rounds": 2}, 2, "full", events)
    assert again == state


def test_models_never_overlap_after_a_game() -> None:
    state, _ = play_game("overlap", {"rounds": 2})
    alive = [m for m in state.models if m.alive and m.deployed]
    for i, a in enumerate(alive):
        for b in alive[i + 1 :]:
            assert gap(a.pos, a.radius, b.pos, b.radius) >= 0.0
            assert ((a.x - b.x) ** 2 + (a.y - b.y) ** 2) ** 0.5 >= a.radius + b.radius - 0.01


def _unused(m: Model) -> str:
    return m.key
