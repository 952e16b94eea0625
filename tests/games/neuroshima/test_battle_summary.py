"""Battle summaries carry each phase's state; changes carry facings; highlights stay bounded."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings

from games.neuroshima import rules
from games.neuroshima.actions import Means, Move, Snipe, StartBattle
from games.neuroshima.battle import resolve_battle
from games.neuroshima.fights import summarise
from games.neuroshima.position import Position
from games.neuroshima.setup import bomber_tile
from games.neuroshima.state import (
    MAX_HIGHLIGHTS,
    Absorption,
    Highlight,
    Mode,
    Options,
    State,
    add_highlight,
)

from .flow_support import at, game, hx
from .test_battle_random import positions


def _hp(state: State, *hp: int) -> State:
    return replace(state, position=replace(state.position, hq_hp=tuple(hp)))


def _medic_save() -> State:
    """Scenario 17 in play: the Commando on C5 shoots the Hunter-Killer a Medic protects."""
    tiles = {"A1": ("moloch.hq", 0, 0), "E1": ("outpost.hq", 1, 0),
             "C4": ("moloch.hunter_killer", 0, 1), "C3": ("moloch.medic", 0, 3),
             "C5": ("outpost.commando", 1, 0)}  # fmt: skip
    return rules.apply(game(tiles, hands={0: ("moloch.battle",)}), 0, StartBattle())


def test_a_medic_save_is_an_absorption_not_a_wound() -> None:
    state = _medic_save()
    summary = state.last_battle
    assert summary is not None
    (phase,) = [p for p in summary.phases if p.absorbed]
    assert phase.absorbed == (Absorption(hx(state, "C3"), hx(state, "C4"), hx(state, "C5")),)
    assert phase.wounds == () and phase.hq_hp == (20, 20)
    assert [d.hex for d in phase.destroyed] == [hx(state, "C3")]
    assert all(phase.absorbed_hit(a) for a in phase.attacks if a.target == hx(state, "C4"))
    saved = [c for c in state.changes if c[1].kind == "healed"]
    assert [(c.hex, c.from_hex) for _, c in saved] == [(hx(state, "C4"), hx(state, "C3"))]


def test_phases_record_hq_hit_points_and_wounds() -> None:
    tiles = {"A1": ("moloch.hq", 0, 0), "C3": ("outpost.hq", 1, 0), "C5": ("moloch.cyborg", 0, 0),
             "C4": ("outpost.runner", 1, 3)}  # fmt: skip
    state = rules.apply(game(tiles, hands={0: ("moloch.battle",)}), 0, StartBattle())
    summary = state.last_battle
    assert summary is not None and summary.phases[-1].hq_hp == summary.hq_hp
    for phase in summary.phases:
        assert len(phase.hq_hp) == 2
    wounded = {h: p.wounds for h, p in state.position.tiles if p.wounds}
    assert dict(summary.phases[-1].wounds) == wounded


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_the_phases_replay_to_the_battle_result(position: Position) -> None:
    state = State(
        Options(Mode.DUEL, position.armies, position.scoring),
        tuple(range(len(position.armies))),
        position,
        (),
        (),
        (),
    )
    report = resolve_battle(position)
    summary = summarise(state, report, final=False)
    tiles, hp = dict(position.tiles), position.hq_hp
    for phase in summary.phases:
        gone = {d.hex for d in phase.destroyed}
        assert {a.medic for a in phase.absorbed} <= gone
        tiles = {h: p for h, p in tiles.items() if h not in gone}
        wounds = dict(phase.wounds)
        assert set(wounds) <= set(tiles)
        tiles = {h: replace(p, wounds=wounds.get(h, 0)) for h, p in tiles.items()}
        hp = phase.hq_hp
    assert tuple(sorted(tiles.items())) == report.position.tiles
    assert hp == report.position.hq_hp


def test_changes_carry_facing_and_wounds() -> None:
    tiles = {"A1": ("moloch.hq", 0, 0), "C3": ("outpost.hq", 1, 0), "C5": ("moloch.cyborg", 0, 0),
             "B3": ("outpost.runner", 1, 0)}  # fmt: skip
    state = game(tiles, hands={1: ("outpost.move",)}, active=1)
    state = rules.apply(state, 1, Move(hx(state, "B3"), hx(state, "B4"), 4))
    (_, moved) = state.changes[-1]
    assert (moved.kind, moved.facing, moved.from_hex) == ("moved", 4, hx(state, "B3"))
    battle = game(tiles, hands={0: ("moloch.battle",)})
    battle = rules.apply(_hp(battle, 20, 5), 0, StartBattle())
    hq = [c for _, c in battle.changes if c.kind == "wounded" and c.tile is None]
    assert [(c.hex, c.seat, c.wounds) for c in hq] == [(hx(battle, "C3"), 1, 1)]


def test_each_battle_is_a_highlight_and_a_fall_is_recorded_once() -> None:
    state = _medic_save()
    assert state.highlights == (Highlight(state.turn - 1, "battle", (0, 0), (0, 0), (1, 0), ()),)
    config = {"armies": ["moloch", "outpost", "borgo"]}
    tiles = {"E1": ("moloch.hq", 0, 0), "C3": ("outpost.hq", 1, 0), "C5": ("moloch.cyborg", 0, 0),
             "A1": ("outpost.scout", 1, 0), "A3": ("borgo.hq", 2, 0)}  # fmt: skip
    state = _hp(game(tiles, hands={0: ("moloch.battle",)}, config=config, seats=3), 20, 1, 20)
    state = rules.apply(state, 0, StartBattle())
    (moment,) = state.highlights
    assert moment.eliminated == (1,) and moment.hq_damage == (0, 1, 0)
    assert moment.destroyed == (0, 2, 0)


def test_an_hq_falling_outside_a_battle_is_a_highlight() -> None:
    # A Sniper sets off seat 2's mercenary Mad Bomber next to seat 1's last hit point.
    config = {"armies": ["hegemony", "outpost", "borgo"], "mad_bomber": "mercenary"}
    tiles = {"E1": ("hegemony.hq", 0, 0), "C3": ("outpost.hq", 1, 0), "A3": ("borgo.hq", 2, 0),
             "C4": (bomber_tile(), 2, 0)}  # fmt: skip
    state = _hp(game(tiles, hands={0: ("hegemony.sniper",)}, config=config, seats=3), 20, 1, 20)
    state = rules.apply(state, 0, Snipe(hx(state, "C4")))
    assert state.eliminated == frozenset({1}) and at(state, "C3") is None
    (moment,) = state.highlights
    assert (moment.kind, moment.eliminated, moment.destroyed) == ("hq_fell", (1,), (0, 1, 0))


def test_highlights_stay_bounded_and_keep_what_lasts() -> None:
    kept: tuple[Highlight, ...] = ()
    kept = add_highlight(kept, Highlight(1, "hq_fell", (0, 0), (0, 0), (0, 3), (1,)))
    for turn in range(2, 40):
        kept = add_highlight(kept, Highlight(turn, "battle", (turn % 3, 0), (0, 0), (1, 0)))
    kept = add_highlight(kept, Highlight(40, "final_battle", (0, 0), (0, 0), (0, 0)))
    assert len(kept) == MAX_HIGHLIGHTS
    assert kept[0].eliminated == (1,) and kept[-1].kind == "final_battle"
    assert [h.turn for h in kept] == sorted(h.turn for h in kept)
    assert all(h.hq_damage[0] == 2 for h in kept[1:-1])


def test_the_view_shows_turn_marks_and_who_still_plays_before_the_final_battle() -> None:
    tiles = {"A1": ("moloch.hq", 0, 0), "C3": ("outpost.hq", 1, 0),
             "B3": ("outpost.runner", 1, 0)}  # fmt: skip
    state = game(tiles, active=1)
    mobility = Move(hx(state, "B3"), hx(state, "B4"), 0, Means.MOBILITY)
    assert mobility in rules.legal_actions(state, 1)
    state = rules.apply(state, 1, mobility)
    for seat in (None, 0, 1):
        view = rules.player_view(state, seat)
        assert view.marks == state.marks and hx(state, "B4") in view.marks.mobility
        assert view.final_waiting == () and not view.final_countdown
    waiting = replace(state, final_waiting=frozenset({1, 0}))
    view = rules.player_view(waiting, 0)
    assert view.final_countdown and view.final_waiting == (0, 1)


def test_the_view_says_where_since_your_turn_starts() -> None:
    state = game({"A1": ("moloch.hq", 0, 0), "C3": ("outpost.hq", 1, 0)})
    state = replace(state, previous_turn_started=(1, -1))
    assert (state.active, state.turn_started) == (0, (3, 2))
    # The seat on turn looks back to its previous turn, the other seat to its latest one.
    assert rules.player_view(state, 0).since_turn == 2
    assert rules.player_view(state, 1).since_turn == 3
    assert rules.player_view(state, None).since_turn is None
