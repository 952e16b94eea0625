"""The rulebook's example of play (cs "PŘÍKLAD HRY", Hegemony vs Outpost), turns 1-4 and 10.

The text gives the tiles drawn, kept and discarded but no hex coordinates; the hexes below are
one placement consistent with every sentence (Outpost HQ in the centre, Hegemony HQ in a corner).
The turn-10 battle itself, phase by phase, is scenario 48_rulebook_example in scenarios/.
"""

from __future__ import annotations

from games.neuroshima import rules
from games.neuroshima.actions import (
    Discard,
    EndTurn,
    Means,
    Move,
    PlaceHQ,
    PlaceTile,
    Snipe,
    TilesDrawn,
)
from games.neuroshima.state import Step

from .flow_support import hx


def test_turns_one_to_four() -> None:
    s = rules.setup({"armies": ["outpost", "hegemony"]}, 2, "example")
    # Turn 1: Outpost HQ in the very centre, Hegemony HQ in a corner.
    s = rules.apply(s, 0, PlaceHQ(hx(s, "C3")))
    s = rules.apply(s, 1, PlaceHQ(hx(s, "A1")))
    # Turn 2: Outpost draws one tile (a Medic), keeps no discard, places it by its HQ, also
    # taking a hex next to the Hegemony HQ.
    s = rules.apply(s, -1, TilesDrawn(0, ("outpost.medic",)))
    assert s.step is Step.PLAY
    s = rules.apply(s, 0, PlaceTile("outpost.medic", hx(s, "B2"), 4))
    s = rules.apply(s, 0, EndTurn())
    # Turn 3: Hegemony draws two (Move, Officer), discards nothing, moves its HQ, then puts the
    # Officer next to it.
    s = rules.apply(s, -1, TilesDrawn(1, ("hegemony.move", "hegemony.officer_1")))
    assert s.step is Step.PLAY
    s = rules.apply(s, 1, Move(hx(s, "A1"), hx(s, "A2"), 0, Means.TILE))
    s = rules.apply(s, 1, PlaceTile("hegemony.officer_1", hx(s, "A3"), 0))
    s = rules.apply(s, 1, EndTurn())
    # Turn 4: Outpost draws Move, Brawler, Annihilator and must first discard one: the Move.
    s = rules.apply(
        s, -1, TilesDrawn(0, ("outpost.move", "outpost.brawler", "outpost.annihilator"))
    )
    assert s.step is Step.DISCARD
    s = rules.apply(s, 0, Discard("outpost.move"))
    s = rules.apply(s, 0, PlaceTile("outpost.brawler", hx(s, "B3"), 4))
    s = rules.apply(s, 0, PlaceTile("outpost.annihilator", hx(s, "B1"), 4))
    assert s.tile_at(hx(s, "A2")).tile == "hegemony.hq"
    assert s.discards == (("outpost.move",), ("hegemony.move",))
    assert [v.deck_left for v in rules.player_view(s, None).seats] == [30, 32]


def test_turn_ten_sniper_frees_the_netted_hq() -> None:
    s = rules.setup({"armies": ["outpost", "hegemony"]}, 2, "example")
    s = rules.apply(s, 0, PlaceHQ(hx(s, "C3")))
    s = rules.apply(s, 1, PlaceHQ(hx(s, "A1")))
    s = rules.apply(s, -1, TilesDrawn(0, ("outpost.runner",)))
    s = rules.apply(s, 0, EndTurn())
    s = rules.apply(s, -1, TilesDrawn(1, ("hegemony.net_fighter", "hegemony.battle")))
    # A Net Fighter on C2 facing south nets the Outpost HQ: it can no longer be moved.
    s = rules.apply(s, 1, PlaceTile("hegemony.net_fighter", hx(s, "C2"), 3))
    s = rules.apply(s, 1, EndTurn())
    s = rules.apply(s, -1, TilesDrawn(0, ("outpost.sniper", "outpost.move")))
    s = rules.apply(s, 0, Discard("outpost.runner"))
    legal = rules.legal_actions(s, 0)
    assert not any(isinstance(a, Move) and a.frm == hx(s, "C3") for a in legal)
    s = rules.apply(s, 0, Snipe(hx(s, "C2")))
    assert s.tile_at(hx(s, "C2")) is None
    assert any(isinstance(a, Move) and a.frm == hx(s, "C3") for a in rules.legal_actions(s, 0))
