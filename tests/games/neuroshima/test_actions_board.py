"""Action tiles and abilities: Move, Mobility, Transport, Push Back, Grab, Repositioning,
rotations, Sniper, Air Strike, Grenade, Medics and the Mad Bomber."""

from __future__ import annotations

import pytest

from games.base import IllegalActionError
from games.neuroshima import rules
from games.neuroshima.actions import (
    AirStrike,
    ChooseDestination,
    Grab,
    Grenade,
    Means,
    Move,
    PushBack,
    Reposition,
    Rotate,
    Snipe,
)
from games.neuroshima.state import Step

from .flow_support import at, game, hx

DUEL_HH = {"armies": ["hegemony", "outpost"]}


def test_move_tile_moves_the_hq_one_hex_and_recon_center_two() -> None:
    s = game({"C3": ("outpost.hq", 0, 0), "A1": ("moloch.hq", 1, 0)},
             hands={0: ("outpost.move",)}, config={"armies": ["outpost", "moloch"]})  # fmt: skip
    moves = [a for a in rules.legal_actions(s, 0) if isinstance(a, Move)]
    # The HQ's facing does not matter, so it is never turned in place.
    assert {m.to for m in moves} == set(s.position.board.neighbours(hx(s, "C3")))
    after = rules.apply(s, 0, Move(hx(s, "C3"), hx(s, "C4"), 0, Means.TILE))
    assert at(after, "C4").tile == "outpost.hq" and after.hands[0] == ()
    recon = game({"C3": ("outpost.hq", 0, 0), "A1": ("moloch.hq", 1, 0),
                  "E3": ("outpost.recon_center", 0, 0)},
                 hands={0: ("outpost.move",)},
                 config={"armies": ["outpost", "moloch"]})  # fmt: skip
    far = {
        m.to for m in rules.legal_actions(recon, 0) if isinstance(m, Move) and m.frm == hx(s, "C3")
    }
    assert hx(s, "C5") in far and hx(s, "C1") in far


def test_netted_tiles_cannot_move_or_be_pushed() -> None:
    s = game({"C3": ("outpost.runner", 0, 0), "C2": ("hegemony.net_fighter", 1, 3),
              "A1": ("outpost.hq", 0, 0), "E3": ("hegemony.hq", 1, 0)},
             hands={0: ("outpost.move",)}, config={"armies": ["outpost", "hegemony"]})  # fmt: skip
    assert not any(isinstance(a, Move) and a.frm == hx(s, "C3") for a in rules.legal_actions(s, 0))
    with pytest.raises(IllegalActionError) as err:
        rules.apply(s, 0, Move(hx(s, "C3"), hx(s, "C4"), 0, Means.TILE))
    assert err.value.code == "netted"


def test_mobility_once_per_turn_and_transport_lends_it() -> None:
    s = game({"C3": ("hegemony.runner", 0, 0), "A1": ("hegemony.hq", 0, 0),
              "E3": ("outpost.hq", 1, 0), "B3": ("hegemony.ganger", 0, 0)},
             hands={0: ("hegemony.transport",)}, config=DUEL_HH)  # fmt: skip
    step = Move(hx(s, "C3"), hx(s, "C4"), 2, Means.MOBILITY)
    assert step in rules.legal_actions(s, 0)
    after = rules.apply(s, 0, step)
    assert not any(isinstance(a, Move) and a.means is Means.MOBILITY and a.frm == hx(s, "C4")
                   for a in rules.legal_actions(after, 0))  # fmt: skip
    ganger = hx(s, "B3")
    assert not any(isinstance(a, Move) and a.frm == ganger for a in rules.legal_actions(s, 0))
    placed = rules.apply(s, 0, rules.PlaceTile("hegemony.transport", hx(s, "B2"), 0))
    assert Move(ganger, hx(s, "A2"), 0, Means.MOBILITY) in rules.legal_actions(placed, 0)


def test_push_back_destinations_and_owner_chooses() -> None:
    s = game({"C3": ("moloch.hunter_killer", 0, 0), "C4": ("outpost.runner", 1, 0),
              "A1": ("moloch.hq", 0, 0), "E1": ("outpost.hq", 1, 0)},
             hands={0: ("moloch.push_back",)})  # fmt: skip
    after = rules.apply(s, 0, PushBack(hx(s, "C3"), hx(s, "C4"), Means.TILE))
    assert after.step is Step.PENDING and rules.to_act(after) == frozenset({1})
    assert set(after.pending.options) == {hx(s, "D4"), hx(s, "C5"), hx(s, "B4")}
    done = rules.apply(after, 1, ChooseDestination(hx(s, "B4")))
    assert at(done, "B4").tile == "outpost.runner" and at(done, "B4").facing == 0
    assert done.step is Step.PLAY and rules.to_act(done) == frozenset({0})


def test_push_back_impossible_when_the_gap_cannot_open() -> None:
    s = game({"C3": ("moloch.hunter_killer", 0, 0), "C4": ("outpost.runner", 1, 0),
              "D4": ("outpost.scout", 1, 0), "C5": ("outpost.hq", 1, 0),
              "B4": ("moloch.hq", 0, 0)}, hands={0: ("moloch.push_back",)})  # fmt: skip
    assert not any(isinstance(a, PushBack) and a.pusher == hx(s, "C3")
                   for a in rules.legal_actions(s, 0))  # fmt: skip
    with pytest.raises(IllegalActionError) as err:
        rules.apply(s, 0, PushBack(hx(s, "C3"), hx(s, "C4"), Means.TILE))
    assert err.value.code == "no_pushed"


def test_single_destination_push_needs_no_answer() -> None:
    s = game({"C3": ("moloch.hunter_killer", 0, 0), "C4": ("outpost.runner", 1, 0),
              "D4": ("outpost.scout", 1, 0), "B4": ("moloch.hq", 0, 0),
              "A1": ("outpost.hq", 1, 0)}, hands={0: ("moloch.push_back",)})  # fmt: skip
    done = rules.apply(s, 0, PushBack(hx(s, "C3"), hx(s, "C4"), Means.TILE))
    assert done.step is Step.PLAY and at(done, "C5").tile == "outpost.runner"


def test_grab_pulls_next_to_the_grabber_and_owner_picks_facing() -> None:
    cfg = {"armies": ["ddm2e", "outpost"]}
    s = game({"C3": ("ddm2e.alpha_shooter", 0, 0), "C5": ("outpost.runner", 1, 0),
              "A1": ("ddm2e.hq", 0, 0), "E1": ("outpost.hq", 1, 0)},
             hands={0: ("ddm2e.grab",)}, config=cfg)  # fmt: skip
    after = rules.apply(s, 0, Grab(hx(s, "C3"), hx(s, "C5"), Means.TILE))
    assert after.pending.options == (hx(s, "C4"),) and after.pending.may_rotate
    done = rules.apply(after, 1, ChooseDestination(hx(s, "C4"), 3))
    assert at(done, "C4").facing == 3 and at(done, "C5") is None


def test_repositioning_swaps_without_turning_and_hq_rotates_a_unit() -> None:
    cfg = {"armies": ["ddm2e", "outpost"]}
    s = game({"C3": ("ddm2e.alpha_shooter", 0, 2), "C5": ("ddm2e.officer", 0, 4),
              "A1": ("ddm2e.hq", 0, 0), "E1": ("outpost.hq", 1, 0)},
             hands={0: ("ddm2e.repositioning",)}, config=cfg)  # fmt: skip
    done = rules.apply(s, 0, Reposition(hx(s, "C3"), hx(s, "C5")))
    assert at(done, "C5").tile == "ddm2e.alpha_shooter" and at(done, "C5").facing == 2
    turned = rules.apply(done, 0, Rotate(hx(s, "C5"), 5, Means.HQ))
    assert at(turned, "C5").facing == 5
    assert not any(isinstance(a, Rotate) for a in rules.legal_actions(turned, 0))


def test_pusher_unit_pushes_once_per_turn_without_a_tile() -> None:
    cfg = {"armies": ["ddm2e", "outpost"]}
    s = game({"C3": ("ddm2e.pusher", 0, 0), "C4": ("outpost.runner", 1, 0),
              "A1": ("ddm2e.hq", 0, 0), "E1": ("outpost.hq", 1, 0)}, config=cfg)  # fmt: skip
    push = PushBack(hx(s, "C3"), hx(s, "C4"), Means.UNIT)
    assert push in rules.legal_actions(s, 0)
    done = rules.apply(rules.apply(s, 0, push), 1, ChooseDestination(hx(s, "C5")))
    assert not any(isinstance(a, PushBack) for a in rules.legal_actions(done, 0))


def test_sniper_wounds_never_an_hq_and_medic_absorbs() -> None:
    cfg = {"armies": ["hegemony", "moloch"]}
    s = game({"C3": ("moloch.juggernaut", 1, 0), "A1": ("hegemony.hq", 0, 0),
              "E1": ("moloch.hq", 1, 0)}, hands={0: ("hegemony.sniper",)}, config=cfg)  # fmt: skip
    targets = {a.target for a in rules.legal_actions(s, 0) if isinstance(a, Snipe)}
    assert targets == {hx(s, "C3")}
    hurt = rules.apply(s, 0, Snipe(hx(s, "C3")))
    assert at(hurt, "C3").wounds == 1 and hurt.hands[0] == ()
    # A Moloch Medic on C4 links north (edge 0) to C3 and takes the hit instead.
    guarded = game({"C3": ("moloch.juggernaut", 1, 0), "C4": ("moloch.medic", 1, 0),
                    "A1": ("hegemony.hq", 0, 0), "E1": ("moloch.hq", 1, 0)},
                   hands={0: ("hegemony.sniper",)}, config=cfg)  # fmt: skip
    saved = rules.apply(guarded, 0, Snipe(hx(s, "C3")))
    assert at(saved, "C3").wounds == 0 and at(saved, "C4") is None
    assert "moloch.medic" in saved.discards[1]


def test_air_strike_needs_seven_board_hexes_and_hits_own_units() -> None:
    s = game({"C3": ("moloch.guard", 0, 0), "C4": ("outpost.runner", 1, 0),
              "C2": ("outpost.hq", 1, 0), "A1": ("moloch.hq", 0, 0)},
             hands={0: ("moloch.air_strike",)})  # fmt: skip
    centres = {a.target for a in rules.legal_actions(s, 0) if isinstance(a, AirStrike)}
    assert centres == {hx(s, "C3"), *s.position.board.neighbours(hx(s, "C3"))}
    with pytest.raises(IllegalActionError) as err:
        rules.apply(s, 0, AirStrike(hx(s, "A1")))
    assert err.value.code == "strike_edge"
    done = rules.apply(s, 0, AirStrike(hx(s, "C3")))
    assert at(done, "C3") is None and at(done, "C4") is None
    assert done.position.hq_hp == (20, 20) and at(done, "C2").tile == "outpost.hq"


def test_grenade_only_next_to_own_unnetted_hq() -> None:
    cfg = {"armies": ["borgo", "hegemony"]}
    s = game({"C3": ("borgo.hq", 0, 0), "C4": ("hegemony.guard", 1, 0),
              "C1": ("hegemony.runner", 1, 0), "E3": ("hegemony.hq", 1, 0)},
             hands={0: ("borgo.grenade",)}, config=cfg)  # fmt: skip
    targets = {a.target for a in rules.legal_actions(s, 0) if isinstance(a, Grenade)}
    assert targets == {hx(s, "C4")}
    done = rules.apply(s, 0, Grenade(hx(s, "C4")))
    assert at(done, "C4") is None
    netted = game({"C3": ("borgo.hq", 0, 0), "C4": ("hegemony.net_fighter", 1, 0),
                   "E3": ("hegemony.hq", 1, 0)}, hands={0: ("borgo.grenade",)},
                  config=cfg)  # fmt: skip
    assert not any(isinstance(a, Grenade) for a in rules.legal_actions(netted, 0))


def test_mad_bomber_starts_in_the_middle_and_explodes_when_sniped() -> None:
    cfg = {"armies": ["outpost", "moloch"], "mad_bomber": "neutral"}
    start = rules.setup(cfg, 2, "t")
    assert start.tile_at(hx(start, "C3")).tile == "neutral.mad_bomber"
    s = game({"C3": ("neutral.mad_bomber", None, 0), "C4": ("moloch.guard", 1, 0),
              "C2": ("outpost.runner", 0, 0), "D3": ("moloch.hq", 1, 0),
              "A1": ("outpost.hq", 0, 0)}, hands={0: ("outpost.sniper",)}, config=cfg)  # fmt: skip
    done = rules.apply(s, 0, Snipe(hx(s, "C3")))
    assert at(done, "C3") is None and at(done, "C4") is None and at(done, "C2") is None
    assert at(done, "D3").tile == "moloch.hq" and done.position.hq_hp == (20, 20)
    assert done.bomber_holder == 1


def test_transport_lends_mobility_it_does_not_add_a_second_move() -> None:
    """rulings.md, six readings: "jako kdyby měla dovednost Pohyblivost" lends the ability; a
    unit that has it already still moves once a turn."""
    s = game({"C3": ("hegemony.runner", 0, 0), "A1": ("hegemony.hq", 0, 0),
              "E3": ("outpost.hq", 1, 0)},
             hands={0: ("hegemony.transport",)}, config=DUEL_HH)  # fmt: skip
    placed = rules.apply(s, 0, rules.PlaceTile("hegemony.transport", hx(s, "B3"), 0))
    moved = rules.apply(placed, 0, Move(hx(s, "C3"), hx(s, "C4"), 0, Means.MOBILITY))
    # Still beside the Transport (B3), and no second move from C4.
    assert hx(s, "C4") in s.position.board.neighbours(hx(s, "B3"))
    assert not any(isinstance(a, Move) and a.frm == hx(s, "C4") and a.means is Means.MOBILITY
                   for a in rules.legal_actions(moved, 0))  # fmt: skip
