"""Codec: JSON and text round trips, parse errors with codes, and the module doctests."""

from __future__ import annotations

import doctest

import pytest

from games.base import AmbiguousActionError, InvalidActionError
from games.neuroshima import codec, rules
from games.neuroshima.actions import Discard, EndTurn, Means, Move, PlaceTile, TilesDrawn
from games.neuroshima.board import Hex

from .flow_support import game


def test_doctests() -> None:
    result = doctest.testmod(codec)
    assert result.failed == 0 and result.attempted >= 4


def test_json_round_trip_of_chance_results() -> None:
    drawn = TilesDrawn(1, ("moloch.guard", "moloch.battle"))
    assert codec.from_json(codec.to_json(drawn)) == drawn


def test_text_forms() -> None:
    s = game({"C3": ("outpost.runner", 0, 1), "A1": ("outpost.hq", 0, 0),
              "E1": ("moloch.hq", 1, 0)},
             hands={0: ("outpost.commando", "outpost.move", "outpost.medic")},
             config={"armies": ["outpost", "moloch"]})  # fmt: skip
    view = rules.player_view(s, 0)
    assert codec.parse("place commando C4 2", view) == PlaceTile("outpost.commando", Hex(0, 1), 2)
    assert codec.parse("discard 3", view) == Discard("outpost.medic")
    assert codec.parse("move C3 C4", view) == Move(Hex(0, 0), Hex(0, 1), 1, Means.MOBILITY)
    assert codec.parse("use move C3 C4 4", view) == Move(Hex(0, 0), Hex(0, 1), 4, Means.TILE)
    assert codec.parse("end", view) == EndTurn()
    with pytest.raises(InvalidActionError) as err:
        codec.parse("place commando Z9 1", view)
    assert err.value.code == "bad_hex" and "Z9 is not a hex on this board" in str(err.value)
    with pytest.raises(InvalidActionError) as err:
        codec.parse("place sniper C4 1", view)
    assert err.value.code == "not_in_hand"
    with pytest.raises(InvalidActionError) as err:
        codec.parse("place wombat C4 1", view)
    assert err.value.code == "unknown_tile"
    with pytest.raises(AmbiguousActionError) as amb:
        codec.parse("discard m", view)
    assert "medic" in amb.value.user_message and "move" in amb.value.user_message


def test_every_legal_action_round_trips() -> None:
    s = game({"C3": ("moloch.hunter_killer", 0, 0), "C4": ("outpost.runner", 1, 0),
              "A1": ("moloch.hq", 0, 0), "E1": ("outpost.hq", 1, 0)},
             hands={0: ("moloch.push_back", "moloch.air_strike", "moloch.move")})  # fmt: skip
    view = rules.player_view(s, 0)
    for action in rules.legal_actions(s, 0):
        assert codec.parse(codec.format(action, view), view) == action
        assert codec.from_json(codec.to_json(action)) == action
