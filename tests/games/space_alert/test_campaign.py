"""The exploration campaign (cs 6): three flights, carried damage, repairs, the final score.

The solo campaign below is driven through the Rules protocol with chance results chosen by
hand (trajectories, threats, damage order), so every number can be traced on paper; the trace
is in the comments. Trajectories: T1 has 10 spaces, X at 5, Z at 1.
Card ids: #20/#21 A|lift, #10 A|blue, #30 B|red, #54/#55 C|red.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from games import engine
from games.base import CHANCE, GameError, IllegalActionError
from games.space_alert import SPEC
from games.space_alert.actions import (
    Action,
    DamageDrawn,
    FlightPrepared,
    FlyAgain,
    LeaveStoreEmpty,
    LockIn,
    PhaseOpened,
    PlaceCard,
    RepairBattlebots,
    RepairDamage,
    SkipRepair,
    StopCampaign,
)
from games.space_alert.campaign import ShipDamage, campaign_score, damage_after
from games.space_alert.codec import CODEC
from games.space_alert.mission_format import parse_mission
from games.space_alert.missions import Schedule, Slot
from games.space_alert.repairs import start_repairs
from games.space_alert.resolution import resolve
from games.space_alert.ship import ZONES, Station, Tile, phase_of, zone_named
from games.space_alert.state import Stage, State

RULES = SPEC.rules
CONFIG = {"mission": "random", "campaign": True}


class Table:
    """A game driven by hand: every action, chance results included, goes into the log."""

    def __init__(self, seats: int, config: dict[str, Any]) -> None:
        self.config = config
        self.seats = seats
        self.state: State = RULES.setup(config, seats, "campaign")
        self.log: list[engine.Event[Action]] = []

    def do(self, seat: int, action: Action) -> None:
        assert seat in RULES.to_act(self.state), (seat, self.state.stage)
        self.state = RULES.apply(self.state, seat, action)
        self.log.append(engine.Event(len(self.log), seat, action))

    def prepare(
        self, tracks: tuple[str, str, str, str], threats: list[tuple[int, str, str]]
    ) -> None:
        """Chance by hand: trajectories, heroics, a schedule of (turn, card, zone), phase 1."""
        slots = tuple(
            Slot(turn, zone_named(z) if z != "internal" else None, id_.startswith("S"), False,
                 phase_of(turn), 0)
            for turn, id_, z in threats
        )  # fmt: skip
        schedule = Schedule("hand", 12, slots, (0, 0, 0), (0, 0, 0), (0, 0, 0))
        self.do(CHANCE, FlightPrepared(tracks, (100, 101, 102, 103), schedule))
        self.by_phase = {
            p: tuple((t, i) for t, i, _ in threats if phase_of(t) == p) for p in (1, 2, 3)
        }
        self.do(CHANCE, PhaseOpened(1, self.by_phase[1], ()))

    def fly(self, program: list[tuple[int, int, int, str]], orders: list[list[Tile]]) -> None:
        """Program (board, slot, card, half) phase by phase, then draw the damage order."""
        for phase in (1, 2, 3):
            for board, slot, card_id, half in program:
                if phase_of(slot) == phase:
                    self.do(0, PlaceCard(card_id, slot, half, board))
            self.do(0, LockIn())
            if phase < 3:
                self.do(CHANCE, PhaseOpened(phase + 1, self.by_phase[phase + 1], ()))
        piles = [sorted(self.state.ship.pile(z), key=list(Tile).index) for z in ZONES]
        for zone, order in zip(ZONES, orders, strict=True):
            assert sorted(order, key=list(Tile).index) == piles[zone.value]
        o = [tuple(t.value for t in order) for order in orders]
        self.do(CHANCE, DamageDrawn((o[0], o[1], o[2])))


def _rest(*first: Tile, without: tuple[Tile, ...] = ()) -> list[Tile]:
    """A damage order: `first`, then the pile's other tokens in the default order."""
    return [*first, *(t for t in Tile if t not in first and t not in without)]


def _tiles(state: State) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(t.value for t in zone) for zone in state.ship.tiles)


def _solo_campaign() -> Table:
    table = Table(1, CONFIG)
    # Flight 1. Gunship (E1-05, speed 2, X 2, Z 3) on T1 in the red zone from turn 1:
    # 10 -> 8 -> 6 -> 4 (X at turn 3: 2 against 1 shield cube -> 1 token: structure)
    # -> 2 -> 1 (Z at turn 5: 3, no shield -> reactor, shield, upper_cannon). Nobody acts.
    # Row: survived 2; damage (4, 0, 0): 2 - 4 - 4 = -6.
    table.prepare(("T1", "T2", "T3", "T4"), [(1, "E1-05", "red")])
    red = [Tile.STRUCTURE, Tile.REACTOR, Tile.SHIELD, Tile.UPPER_CANNON]
    table.fly([], [_rest(*red), list(Tile), list(Tile)])
    return table


def test_a_three_flight_solo_campaign_traced_by_hand() -> None:
    table = _solo_campaign()
    state = table.state
    assert state.stage is Stage.DEBRIEF and RULES.to_act(state) == frozenset({0})
    assert state.result is not None and state.result.score == -6
    assert _tiles(state) == (("structure", "reactor", "shield", "upper_cannon"), (), ())
    view = RULES.player_view(state, None)
    assert view.result is state.result and view.campaign is not None
    assert view.campaign.log[0].score == -6

    # The crew flies on with a harder normal deck; repairs follow in captain order (the four
    # androids, all repaired for by seat 0): red reactor, red shield. Two repairs in red is
    # the limit and nothing else is damaged, so the repairs end there.
    table.do(0, FlyAgain("yellow", "mixed"))
    assert table.state.stage is Stage.REPAIR and table.state.repairer == 0
    table.do(0, RepairDamage("red", "reactor"))
    table.do(0, RepairDamage("red", "shield"))
    state = table.state
    assert state.stage is Stage.PREPARE and state.flight == 2
    assert (state.normal, state.serious) == ("yellow", "mixed")
    assert _tiles(state) == (("structure", "upper_cannon"), (), ())

    # Flight 2. Pulse Ball (E1-01, speed 2, X 1 all, Z 2 all) on T1 in the white zone:
    # X at turn 3 is absorbed by the three shield cubes (red's shield was repaired).
    # Z at turn 5: 2 to every zone. Red's unrepaired structure hit doubles: 4 tokens, the
    # whole pile (gravolift, reactor, shield, lower_cannon); white: structure, shield;
    # blue: reactor, structure.
    # Android A: turn 1 lift (#20) to lower white, turn 2 C (#54): visual confirmation.
    # Android B: turn 1 lift (#21) - the white lift is taken, so B's turn 2 C (#55) slides to
    # 3; nobody maintained the computer, so turn 3 is delayed for all: B's C slides to 4.
    # Confirmation: turn 2 one crew (phase 1: 1 point), turn 4 one crew (phase 2: 1 point).
    # Row: survived 2 + 2 - (6 + 2 + 2) - 6 = -12.
    table.prepare(("T2", "T1", "T3", "T4"), [(1, "E1-01", "white")])
    program = [(0, 1, 20, "move"), (0, 2, 54, "action"), (1, 1, 21, "move"), (1, 2, 55, "action")]
    red = [Tile.GRAVOLIFT, Tile.REACTOR, Tile.SHIELD, Tile.LOWER_CANNON]
    white = _rest(Tile.STRUCTURE, Tile.SHIELD)
    blue = _rest(Tile.REACTOR, Tile.STRUCTURE)
    table.fly(program, [red, white, blue])
    state = table.state
    assert state.result is not None
    assert state.result.visual_confirmation == (1, 1, 0)
    assert state.result.damage == (6, 2, 2)
    assert state.result.score == -12
    for line in ("T1 Android B delayed (turn 2)", "T2 Android B delayed (turn 3)"):
        assert line in state.result.log

    # Repairs: A red gravolift, B white structure, C red reactor, D blue structure.
    table.do(0, FlyAgain("white", "white"))
    with pytest.raises(IllegalActionError) as err:
        RULES.apply(table.state, 0, RepairDamage("white", "reactor"))
    assert err.value.code == "nothing_to_repair"
    table.do(0, RepairDamage("red", "gravolift"))
    table.do(0, RepairDamage("white", "structure"))
    table.do(0, RepairDamage("red", "reactor"))
    with pytest.raises(IllegalActionError) as err:
        RULES.apply(table.state, 0, RepairDamage("red", "shield"))
    assert err.value.code == "zone_repaired"
    assert RepairDamage("red", "shield") not in RULES.legal_actions(table.state, 0)
    table.do(0, RepairDamage("blue", "structure"))
    state = table.state
    assert state.flight == 3
    assert _tiles(state) == (
        ("structure", "upper_cannon", "shield", "lower_cannon"),
        ("shield",),
        ("reactor",),
    )

    # Flight 3, no threats. Carried: red shield (starts 0), white shield (starts 0), blue
    # reactor (capacity 2, starts 1). Android A confirms at turn 2 (phase 1: 1 point).
    # Android B: turn 1 blue (#10) to upper blue, turn 2 B (#30): the blue shield (1 of 2)
    # takes the blue reactor's only cube -> reactors (2, 3, 0), shields (0, 0, 2).
    # Row: 0 + 1 - (4 + 1 + 1) - 4 = -9.
    table.prepare(("T3", "T2", "T1", "T4"), [])
    program = [(0, 1, 20, "move"), (0, 2, 54, "action"), (1, 1, 10, "move"), (1, 2, 30, "action")]
    piles = [list(table.state.ship.pile(z)) for z in ZONES]
    table.fly(program, piles)
    state = table.state
    assert state.result is not None
    assert state.result.frames[0].ship.reactors == (2, 3, 1)
    assert state.result.frames[0].ship.shields == (0, 0, 1)
    assert state.result.frames[2].ship.reactors == (2, 3, 0)
    assert state.result.frames[2].ship.shields == (0, 0, 2)
    assert state.result.score == -9

    # No repairs after the third flight. Final line: threats 2 + 2 + 0 = 4; confirmation
    # (0 + 2 + 1) / 3 = 1; the last row's penalties 6 + 4 = 10. Total 4 + 1 - 10 = -5.
    assert state.stage is Stage.OVER and RULES.to_act(state) == frozenset()
    score = campaign_score(state.flights)
    assert (score.threat_points, score.confirmation_points, score.penalties) == (4, 1, 10)
    assert score.total == -5
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == frozenset({0}) and outcome.scores == (-5,)
    assert [(r.normal, r.serious) for r in state.flights] == [
        ("white", "white"),
        ("yellow", "mixed"),
        ("white", "white"),
    ]
    view = RULES.player_view(state, 0)
    assert view.campaign is not None and view.campaign.score == score


def test_the_hand_traced_campaign_replays_from_its_log() -> None:
    table = _solo_campaign()
    table.do(0, FlyAgain("white", "white"))
    table.do(0, SkipRepair())
    table.do(0, RepairDamage("red", "structure"))
    stored = [
        engine.Event(e.seq, e.seat, CODEC.from_json(CODEC.to_json(e.action))) for e in table.log
    ]
    replayed = engine.replay(RULES, table.config, table.seats, "campaign", stored)
    assert replayed == table.state
    assert _tiles(replayed) == (("reactor", "shield", "upper_cannon"), (), ())


def test_stopping_early_counts_the_flown_flights_without_repairs() -> None:
    # One "stop" ends the campaign after flight 1: 2 points, no confirmation, the row's
    # penalties 4 + 4: total -6, damage left as it was.
    table = _solo_campaign()
    table.do(0, StopCampaign())
    state = table.state
    assert state.stage is Stage.OVER
    assert _tiles(state) == (("structure", "reactor", "shield", "upper_cannon"), (), ())
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.scores == (-6,)


def test_a_lost_flight_fails_the_whole_campaign() -> None:
    # Asteroid (SE1-08, 9 health, speed 3) on T1 in red: 10 -> 7 -> 4 -> 1, Z at turn 3 with
    # 9 undamaged health: 1 shield cube, 8 damage -> the seventh token: lost.
    table = Table(1, CONFIG)
    table.prepare(("T1", "T2", "T3", "T4"), [(1, "SE1-08", "red")])
    table.fly([], [list(Tile), list(Tile), list(Tile)])
    state = table.state
    assert state.stage is Stage.OVER
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == frozenset()
    assert outcome.reason.startswith("Campaign failed in flight 1")
    assert campaign_score(state.flights).total is None


def test_everyone_must_agree_and_the_most_cautious_proposal_wins() -> None:
    table = Table(3, {**CONFIG, "normal": "yellow"})
    table.prepare(("T1", "T2", "T3", "T4"), [])
    for phase in (1, 2, 3):
        for seat in range(3):
            table.do(seat, LockIn())
        if phase < 3:
            table.do(CHANCE, PhaseOpened(phase + 1, (), tuple(() for _ in range(3))))
    table.do(CHANCE, DamageDrawn(tuple(tuple(t.value for t in Tile) for _ in ZONES)))  # type: ignore[arg-type]
    assert table.state.stage is Stage.DEBRIEF
    table.do(0, FlyAgain("yellow", "yellow"))
    table.do(2, FlyAgain("mixed", "yellow"))
    assert RULES.to_act(table.state) == frozenset({1})
    view = RULES.player_view(table.state, None)
    assert view.campaign is not None and view.campaign.voted == (0, 2)
    table.do(1, FlyAgain("yellow", "white"))
    # Nothing was damaged: no repairs, straight to flight 2 at (mixed, white).
    assert table.state.stage is Stage.PREPARE and table.state.flight == 2
    assert (table.state.normal, table.state.serious) == ("mixed", "white")


def _after_commandos(seats: int) -> State:
    """A 2-player crew (2 androids) after a flight in which Commandos knocked three out.

    Mission 14's Commandos (SI1-01) reach Z at turn 6 in upper white and knock out everyone
    there - P1 and both androids, who never left the bridge - and deal 4 to white. P2, in
    upper red, had his battlebots shot down at turn 5.
    """
    mission = {
        "format": "muster.space_alert.mission/1",
        "crew": [
            {"name": "P1", "program": ["C", "-", "-", "C"]},
            {"name": "P2", "program": ["lift", "red", "C", "lift", "bots"]},
            {"name": "Android A", "program": []},
            {"name": "Android B", "program": []},
        ],
        "tracks": {"red": "T1", "white": "T2", "blue": "T3", "internal": "T3"},
        "threats": [{"id": "SI1-01", "turn": 1, "zone": "internal"}],
    }
    result = resolve(parse_mission(mission))
    assert result.knocked_out == ("P1", "Android A", "Android B")
    assert result.inactive_battlebots == 1 and result.damage == (0, 4, 0)
    state = RULES.setup(CONFIG, seats, "x")
    return replace(
        state, stage=Stage.DEBRIEF, result=result, ship=damage_after(result), votes=(None,) * seats
    )


def test_knocked_out_crew_heal_but_repair_nothing() -> None:
    state = start_repairs(_after_commandos(2))
    # Only P2 (crew 1, seat 1) is on his feet: he alone repairs.
    assert state.stage is Stage.REPAIR and state.repairer == 1
    assert RULES.to_act(state) == frozenset({1})
    options = RULES.legal_actions(state, 1)
    assert RepairBattlebots() in options and SkipRepair() in options
    assert RepairDamage("white", "upper_cannon") in options
    fixed = RULES.apply(state, 1, RepairBattlebots())
    assert fixed.stage is Stage.PREPARE and fixed.ship.broken_bots == 0
    assert fixed.ship.empty_stores == ()


def test_an_unrepaired_squad_leaves_a_store_of_the_crews_choice_empty() -> None:
    state = start_repairs(_after_commandos(2))
    state = RULES.apply(state, 1, RepairDamage("white", "upper_cannon"))
    assert state.stage is Stage.STOW_BOTS and RULES.to_act(state) == frozenset({0})
    with pytest.raises(IllegalActionError) as err:
        RULES.apply(state, 0, LeaveStoreEmpty("lower_white"))
    assert err.value.code == "not_a_store"
    state = RULES.apply(state, 0, LeaveStoreEmpty("lower_red"))
    assert state.stage is Stage.PREPARE
    assert state.ship.empty_stores == (Station.LOWER_RED,)
    assert state.ship.broken_bots == 1


def test_two_broken_squads_leave_both_stores_empty_without_asking() -> None:
    state = replace(_after_commandos(2), ship=ShipDamage(broken_bots=2))
    state = RULES.apply(start_repairs(state), 1, SkipRepair())
    assert state.stage is Stage.PREPARE
    assert set(state.ship.empty_stores) == {Station.UPPER_BLUE, Station.LOWER_RED}


def test_not_your_repair_and_bad_names() -> None:
    state = start_repairs(_after_commandos(2))
    with pytest.raises(GameError) as err:
        RULES.apply(state, 0, SkipRepair())
    assert err.value.code == "not_your_turn"
    with pytest.raises(GameError) as err:
        RULES.apply(state, 1, RepairDamage("green", "reactor"))
    assert err.value.code == "bad_repair"
    with pytest.raises(GameError) as err:
        RULES.apply(_after_commandos(2), 0, FlyAgain("white", "purple"))
    assert err.value.code == "bad_difficulty"


def test_random_campaigns_play_to_the_end_and_replay_across_flights() -> None:
    for seats, seed in ((1, "solo"), (4, "four"), (2, "pair")):
        config = {"mission": "official", "campaign": True, "normal": "mixed"}
        state, log = engine.start(RULES, config, seats, seed)
        rng = random.Random(seed)
        while RULES.to_act(state):
            seat = min(RULES.to_act(state))
            actions = list(RULES.legal_actions(state, seat))
            if state.stage is Stage.PLANNING:
                placing = [a for a in actions if isinstance(a, PlaceCard)]
                action = rng.choice(placing) if placing and rng.random() < 0.85 else LockIn()
            elif state.stage is Stage.DEBRIEF:
                action = FlyAgain(rng.choice(["white", "mixed"]), "white")
            else:
                action = rng.choice(actions)
            state, new = engine.play(RULES, state, seed, len(log), seat, action)
            log += new
        assert state.stage is Stage.OVER and RULES.outcome(state) is not None
        assert all(r.mission.startswith("mission_") for r in state.flights)
        stored = [
            engine.Event(e.seq, e.seat, CODEC.from_json(CODEC.to_json(e.action))) for e in log
        ]
        assert engine.replay(RULES, config, seats, seed, stored) == state


def test_between_flight_actions_round_trip_through_the_codec() -> None:
    actions: list[Action] = [
        FlyAgain("mixed", "yellow"),
        StopCampaign(),
        RepairDamage("blue", "gravolift"),
        RepairBattlebots(),
        SkipRepair(),
        LeaveStoreEmpty("upper_blue"),
    ]
    for action in actions:
        assert CODEC.parse(CODEC.format(action), None) == action
        assert CODEC.from_json(CODEC.to_json(action)) == action
