"""Battles and instant tiles in words: what the channel, the console and a screen reader get."""

from __future__ import annotations

from typing import Any

from bot.service.i18n import localise
from bot.service.presenters import presenter_for
from games.neuroshima import rules
from games.neuroshima.actions import Snipe, StartBattle
from games.neuroshima.state import State
from games.neuroshima.view import player_view
from tests.games.neuroshima.flow_support import game, hx

NAMES = ("Ada", "Brook")
MOLOCH_OUTPOST = {"armies": ["moloch", "outpost"]}
HEGEMONY_MOLOCH = {"armies": ["hegemony", "moloch"]}


def views(before: State, after: State) -> tuple[Any, Any]:
    return player_view(before, None), player_view(after, None)


def battle() -> tuple[State, State]:
    tiles = {
        "C3": ("moloch.hq", 0, 0),
        "C5": ("moloch.net_fighter", 0, 0),
        "C4": ("outpost.runner", 1, 0),
        "D3": ("outpost.hq", 1, 0),
        "C2": ("outpost.runner", 1, 3),
    }
    start = game(tiles, hands={0: ("moloch.battle",)}, config=MOLOCH_OUTPOST)
    return start, rules.apply(start, 0, StartBattle())


def test_a_battle_is_told_phase_by_phase_with_names_nets_saves_and_losses() -> None:
    before, after = views(*battle())
    shown = presenter_for("neuroshima")
    assert shown.fought is not None and shown.narrate is not None
    assert shown.fought(before, after) and not shown.fought(after, after)
    heading, body = shown.narrate(after, NAMES)
    assert heading == "Battle (turn 3):"
    assert body.splitlines() == [
        "Netted, these neither shoot nor strike: Brook's Runner (C4).",
        "Initiative 2:",
        "  Brook's Runner (C2) hits Ada's Moloch HQ (C3) for 1 (melee).",
        "  Ada's HQ loses 1 (19 left).",
        "Initiative 0:",
        "  Ada's Moloch HQ (C3) hits Brook's Runner (C2) for 1 (melee).",
        "  Ada's Moloch HQ (C3) hits Brook's Runner (C4) for 1 (melee).",
        "  Destroyed: Brook's Runner (C2), Brook's Runner (C4).",
    ]


def test_the_battle_words_are_said_in_the_readers_language() -> None:
    _, after = views(*battle())
    heading, body = presenter_for("neuroshima").narrate(after, NAMES)  # type: ignore[misc]
    assert localise(heading, "cs") == "Bitva (tah 3):"
    czech = localise(body, "cs").splitlines()
    assert czech[-1] == "  Zničeno: Runner (Brook, C2), Runner (Brook, C4)."
    assert localise(body, "ru").splitlines()[1] == "Инициатива 2:"
    assert localise(body, "pl").splitlines()[2].endswith("Moloch HQ (Ada, C3): 1 (wręcz).")


def test_a_medic_save_says_who_took_the_hit() -> None:
    tiles = {
        "C3": ("moloch.hq", 0, 0),
        "B3": ("moloch.medic", 0, 3),
        "C4": ("outpost.runner", 1, 0),
        "D3": ("outpost.hq", 1, 0),
    }
    start = game(tiles, hands={0: ("moloch.battle",)}, config=MOLOCH_OUTPOST)
    _, after = views(start, rules.apply(start, 0, StartBattle()))
    _, body = presenter_for("neuroshima").narrate(after, NAMES)  # type: ignore[misc]
    assert body.splitlines()[1:3] == [
        "  Brook's Runner (C4) hits Ada's Moloch HQ (C3) (melee, 1),"
        " but Ada's Medic (B3) takes the hit.",
        "  Destroyed: Ada's Medic (B3).",
    ]


def test_a_sniper_says_what_it_wounded_and_what_a_medic_saved() -> None:
    effect = presenter_for("neuroshima").effect
    assert effect is not None
    tiles = {
        "C3": ("moloch.juggernaut", 1, 0),
        "A1": ("hegemony.hq", 0, 0),
        "E1": ("moloch.hq", 1, 0),
    }
    start = game(tiles, hands={0: ("hegemony.sniper",)}, config=HEGEMONY_MOLOCH)
    shot = rules.apply(start, 0, Snipe(hx(start, "C3")))
    assert list(effect(*views(start, shot), NAMES)) == ["Brook's Juggernaut on C3 was wounded"]
    guarded = game(
        {**tiles, "C4": ("moloch.medic", 1, 0)},
        hands={0: ("hegemony.sniper",)},
        config=HEGEMONY_MOLOCH,
    )
    saved = rules.apply(guarded, 0, Snipe(hx(guarded, "C3")))
    assert list(effect(*views(guarded, saved), NAMES)) == [
        "Brook's Juggernaut on C3 was saved by a Medic",
        "Brook's Medic on C4 was destroyed",
    ]
