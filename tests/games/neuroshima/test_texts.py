"""Texts the core writes are templates with values: English as before, and said in cs, ru, pl."""

from __future__ import annotations

import gettext
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from games.base import GameError, IllegalActionError, InvalidActionError, NotYourTurnError
from games.neuroshima import rules, scenario
from games.neuroshima.actions import EndTurn, Means, PlaceTile, PushBack, Snipe, StartBattle
from games.neuroshima.codec import parse
from games.neuroshima.setup import read_options
from games.neuroshima.state import Step
from games.text import Text

from .flow_support import game, hx

LOCALES = Path(__file__).parents[3] / "bot" / "service" / "locales"
DUEL = {"A1": ("moloch.hq", 0, 0), "C3": ("outpost.hq", 1, 0), "C5": ("moloch.cyborg", 0, 0)}


@cache
def _catalogue(lang: str) -> gettext.GNUTranslations:
    with (LOCALES / lang / "LC_MESSAGES" / "neuroshima.mo").open("rb") as compiled:
        return gettext.GNUTranslations(compiled)


def said(text: str, lang: str) -> str:
    """`text` in `lang`, looked up in the Neuroshima catalogue."""
    assert isinstance(text, Text)
    return text.say(_catalogue(lang))


def refusal(action: Callable[[], Any]) -> GameError:
    """The GameError `action` raises."""
    with pytest.raises(GameError) as err:
        action()
    return err.value


def test_an_occupied_hex_is_named_in_every_language() -> None:
    state = game(DUEL, hands={0: ("moloch.guard",)})
    err = refusal(lambda: rules.apply(state, 0, PlaceTile("moloch.guard", hx(state, "C3"), 0)))
    assert isinstance(err, IllegalActionError) and err.code == "occupied"
    assert (err.user_message.template, err.user_message.params) == (
        "{hex} is occupied",
        {"hex": "C3"},
    )
    assert str(err) == "C3 is occupied"
    assert said(err.user_message, "cs") == "Pole C3 je obsazené"
    assert said(err.user_message, "ru") == "Гекс C3 занят"
    assert said(err.user_message, "pl") == "Heks C3 jest zajęty"


def test_not_your_turn_and_the_wrong_step_are_whole_sentences() -> None:
    state = game(DUEL, hands={0: ("moloch.guard",)})
    err = refusal(lambda: rules.apply(state, 1, EndTurn()))
    assert isinstance(err, NotYourTurnError) and err.user_message.template == "It is not your turn."
    assert said(err.user_message, "cs") == "Nejste na tahu."
    discarding = replace(state, step=Step.DISCARD)
    err = refusal(lambda: rules.apply(discarding, 0, PlaceTile("moloch.guard", hx(state, "B2"), 0)))
    assert err.code == "wrong_step"
    assert str(err) == "Now you must discard one of your three tiles first."
    assert said(err.user_message, "pl") == "Najpierw musisz odrzucić jeden z trzech swoich żetonów."


def test_a_missing_action_tile_is_named_by_its_own_sentence() -> None:
    state = game(DUEL, hands={0: ("moloch.guard",)})
    err = refusal(lambda: rules.apply(state, 0, Snipe(hx(state, "C3"))))
    assert err.code == "no_tile" and err.user_message.template == "You have no sniper tile in hand"
    assert said(err.user_message, "ru") == "У вас на руке нет жетона «Снайпер»"


def test_a_refused_push_keeps_the_hex_as_a_value() -> None:
    state = game(DUEL, hands={0: ("moloch.push_back",)})
    err = refusal(lambda: rules.apply(state, 0, PushBack(hx(state, "B2"), hx(state, "C3"))))
    assert err.code == "empty_hex"
    assert err.user_message.params == {"hex": "B2"} and str(err) == "There is no tile on B2"
    assert said(err.user_message, "cs") == "Na poli B2 není žádný žeton"


@pytest.mark.parametrize(
    ("typed", "code", "template", "params", "english"),
    [
        ("strike Z9", "bad_hex", "{hex} is not a hex on this board", {"hex": "Z9"},
         "Z9 is not a hex on this board"),
        ("place guard C3 9", "bad_facing", "{facing} is not a facing (0-5)", {"facing": 9},
         "9 is not a facing (0-5)"),
        ("discard 3", "bad_index", "You have {count} tile in hand; pick 1-{count}", {"count": 1},
         "You have 1 tile in hand; pick 1-1"),
        ("move C3", "usage", "Usage: {usage}", {"usage": "move C3 C4 5"}, "Usage: move C3 C4 5"),
        ("frob", "unknown_verb",
         "Unknown action {verb}: try place, move, discard, use, battle or end.", {"verb": "'frob'"},
         "Unknown action 'frob': try place, move, discard, use, battle or end."),
        ("discard brain", "not_in_hand", "{tile} is not in your hand", {"tile": "brain"},
         "brain is not in your hand"),
    ],
)  # fmt: skip
def test_bad_notation_names_what_was_typed(
    typed: str, code: str, template: str, params: dict[str, object], english: str
) -> None:
    view = rules.player_view(game(DUEL, hands={0: ("moloch.guard",)}), 0)
    err = refusal(lambda: parse(typed, view))
    assert isinstance(err, InvalidActionError) and err.code == code
    assert (err.user_message.template, err.user_message.params) == (template, params)
    assert str(err) == english


def test_translated_notation_errors_keep_the_values() -> None:
    view = rules.player_view(game(DUEL, hands={0: ("moloch.guard",)}), 0)
    assert said(refusal(lambda: parse("discard 3", view)).user_message, "pl") == (
        "Masz w ręce 1 żeton; wybierz 1-1"
    )
    assert said(refusal(lambda: parse("move C3", view)).user_message, "ru") == (
        "Использование: move C3 C4 5"
    )


def test_config_and_scenario_errors_are_templates() -> None:
    err = refusal(lambda: read_options({"board": "huge"}, 2))
    assert err.user_message.template == "{key} must be one of {allowed}, not {value}"
    assert str(err) == "board must be one of standard, large, not 'huge'"
    assert said(err.user_message, "cs") == "board musí být jedno z: standard, large, ne 'huge'"
    players = [{"seat": 0, "army": "moloch"}, {"seat": 0, "army": "outpost"}]
    doc = {"format": scenario.FORMAT, "players": players, "tiles": []}
    err = refusal(lambda: scenario.parse(doc))
    assert err.code == "bad_scenario" and str(err) == "seat 0 is listed twice"
    assert err.user_message.params == {"seat": 0}


def test_battle_log_lines_translate_the_kind_of_hit() -> None:
    state = rules.apply(game(DUEL, hands={0: ("moloch.battle",)}), 0, StartBattle())
    assert state.last_battle is not None
    shot, hq = state.last_battle.log
    assert shot == "phase 3: C5 moloch.cyborg ranged 1 -> C3 outpost.hq"
    assert said(shot, "cs") == "fáze 3: C5 moloch.cyborg střelba 1 -> C3 outpost.hq"
    assert hq == "phase 3: seat 1 HQ takes 1 wound, 19 left"
    assert said(hq, "ru") == "фаза 3: штаб места 1 получает 1 рану, осталось 19"
    assert said(hq, "pl") == "faza 3: sztab miejsca 1 otrzymuje 1 ranę, zostało 19"


def test_outcome_reasons_are_translatable() -> None:
    state = game(DUEL, hands={0: ("moloch.battle",)})
    weak = replace(state, position=replace(state.position, hq_hp=(20, 1)))
    outcome = rules.apply(weak, 0, StartBattle()).outcome
    assert outcome is not None and outcome.reason == "the last HQ standing"
    assert said(outcome.reason, "pl") == "ostatni ocalały sztab"
    scoring = game(DUEL, hands={0: ("moloch.battle",)}, config={"armies": ["moloch", "outpost"],
                   "scoring": True})  # fmt: skip
    near = replace(scoring, position=replace(scoring.position, hq_hp=(19, 0)))
    outcome = rules.apply(near, 0, StartBattle()).outcome
    assert outcome is not None and outcome.reason == "20 points"
    assert said(outcome.reason, "cs") == "20 bodů"


def test_a_pending_push_is_described_in_the_owners_language() -> None:
    state = game({"C3": ("moloch.hunter_killer", 0, 0), "C4": ("outpost.runner", 1, 0),
                  "A1": ("moloch.hq", 0, 0), "E1": ("outpost.hq", 1, 0)},
                 hands={0: ("moloch.push_back",)})  # fmt: skip
    after = rules.apply(state, 0, PushBack(hx(state, "C3"), hx(state, "C4"), Means.TILE))
    pending = rules.player_view(after, 1).pending
    assert pending is not None
    assert pending.description == "Seat 1 chooses where the tile on C4 is pushed: B4, C5, D4"
    assert said(pending.description, "pl") == (
        "Gracz na miejscu 1 wybiera, dokąd zostanie odepchnięty żeton z heksu C4: B4, C5, D4"
    )
