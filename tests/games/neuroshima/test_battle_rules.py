"""Battle rules beyond the scenario files: scoring, the Mad Bomber, teams, boards, purity."""

from __future__ import annotations

from dataclasses import replace

from games.neuroshima.attacks import Hit
from games.neuroshima.battle import resolve_battle
from games.neuroshima.board import LARGE_BOARD
from tests.games.neuroshima.battle_helpers import at, labels, position

TEAMS = ((0, 2), (1, 3))


def test_scoring_hits_on_enemy_hqs_score_for_the_attacker() -> None:
    p = position(
        ("moloch", "hegemony"),
        ("C3", "moloch.hq", 0, 0),
        ("C4", "moloch.cyborg", 0, 3),
        ("C5", "hegemony.hq", 1, 0),
        scoring=True,
        hq_hp=(5, 7),
    )
    report = resolve_battle(p)
    # Cyborg 1+1 (Moloch HQ) in phase 3; in phase 0 the Hegemony HQ kills the Cyborg.
    assert report.points == (2, 0)
    assert report.position.hq_hp == (7, 7)
    assert report.eliminated == ()


def test_scoring_hqs_never_fall() -> None:
    p = position(
        ("moloch", "hegemony"),
        ("C4", "moloch.cyborg", 0, 3),
        ("C5", "hegemony.hq", 1, 0),
        scoring=True,
        hq_hp=(19, 0),
    )
    report = resolve_battle(p)
    assert report.position.hq_hp == (20, 0)
    assert at("C5") in report.position.by_hex()


def moloch_hits_ally(scoring: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    p = position(
        ("moloch", "outpost", "hegemony", "borgo"),
        ("C4", "moloch.cyborg", 0, 3),
        ("C5", "hegemony.hq", 2, 0),
        teams=TEAMS,
        scoring=scoring,
    )
    report = resolve_battle(p)
    return report.points, report.position.hq_hp


def test_moloch_hits_on_an_allied_hq_count_only_without_scoring() -> None:
    assert moloch_hits_ally(scoring=True) == ((0, 0, 0, 0), (0, 0, 0, 0))
    assert moloch_hits_ally(scoring=False) == ((0, 0, 0, 0), (20, 20, 19, 20))


def test_bomber_wounded_by_two_seats_leaves_the_game() -> None:
    p = position(
        ("moloch", "hegemony"),
        ("C3", "neutral.mad_bomber", None, 0),
        ("C2", "hegemony.ganger", 1, 3),
        ("C5", "moloch.cyborg", 0, 0),
    )
    fate = resolve_battle(p).bomber
    assert fate is not None
    assert fate.exploded and fate.phase == 3 and fate.hex == at("C3")
    assert fate.wounded_by == frozenset({0, 1}) and fate.removed_from_game


def test_bomber_wounded_by_one_seat_passes_on() -> None:
    p = position(
        ("moloch", "hegemony"),
        ("C3", "neutral.mad_bomber", None, 0),
        ("C2", "hegemony.ganger", 1, 3),
    )
    report = resolve_battle(p)
    fate = report.bomber
    assert fate is not None and fate.wounded_by == frozenset({1})
    assert not fate.removed_from_game
    # The explosion killed the Ganger too.
    assert labels([r.hex for r in report.destroyed]) == {"C2", "C3"}


def test_a_netted_bomber_does_not_explode_but_dies() -> None:
    p = position(
        ("moloch", "hegemony"),
        ("C3", "neutral.mad_bomber", None, 0),
        ("C2", "hegemony.net_fighter", 1, 3),
        ("C5", "moloch.cyborg", 0, 0),
        ("D3", "moloch.guard", 0, 0),
    )
    report = resolve_battle(p)
    fate = report.bomber
    assert fate is not None and not fate.exploded and fate.wounded_by == frozenset({0})
    assert labels([r.hex for r in report.destroyed]) == {"C3"}


def test_mercenary_bomber_wounds_only_enemies_hqs_included() -> None:
    p = position(
        ("moloch", "hegemony"),
        ("C3", "neutral.mad_bomber", 0, 0),
        ("C2", "hegemony.ganger", 1, 3),
        ("D3", "hegemony.hq", 1, 0),
        ("B3", "moloch.guard", 0, 4),
    )
    report = resolve_battle(p)
    assert report.position.hq_hp == (20, 19)
    assert at("B3") in report.position.by_hex()
    assert labels([r.hex for r in report.destroyed]) == {"C2", "C3"}


def test_team_elimination_removes_the_seats_tiles_at_the_end_of_the_phase() -> None:
    p = position(
        ("outpost", "borgo", "hegemony", "moloch"),
        ("C5", "outpost.commando", 0, 0),
        ("C3", "borgo.hq", 1, 0),
        ("E1", "borgo.mutant", 1, 0),
        ("A1", "moloch.blocker", 3, 0),
        teams=TEAMS,
        hq_hp=(20, 1, 20, 20),
    )
    report = resolve_battle(p)
    assert report.eliminated == (1,)
    assert [(r.hex, r.phase) for r in report.destroyed] == [(at("C3"), 3), (at("E1"), 3)]
    assert at("A1") in report.position.by_hex()


def test_stacked_extra_actions_follow_one_another() -> None:
    p = position(
        ("ddm2e", "outpost"),
        ("C3", "ddm2e.beta_shooter", 0, 3),
        ("C1", "ddm2e.main_war_processor", 0, 3),
        ("B2", "ddm2e.main_war_processor", 0, 2),
        ("C5", "outpost.hq", 1, 0),
    )
    report = resolve_battle(p)
    assert report.position.hq_hp == (20, 17)
    phases = [e[0] for e in report.events if e[1] == "hit"]
    assert phases == [2, 1, 0]


def test_a_shot_never_goes_through_a_redirector_twice() -> None:
    # Two Triplers feed each other's back edges; the shot must end.
    p = position(
        ("ddm2e", "outpost"),
        ("C5", "ddm2e.beta_shooter", 0, 0),
        ("C4", "ddm2e.tripler", 0, 0),
        ("C3", "ddm2e.tripler", 0, 3),
        ("A1", "outpost.hq", 1, 0),
    )
    report = resolve_battle(p)
    assert report.position.hq_hp[1] <= 20


def test_gauss_is_redirected_and_keeps_piercing() -> None:
    p = position(
        ("doomsday", "outpost"),
        ("C5", "doomsday.gauss_cannon", 0, 0),
        ("C4", "doomsday.doom_net_fighter", 0, 5),
        ("B3", "outpost.runner", 1, 3),
        ("A2", "outpost.runner", 1, 3),
        ("C3", "outpost.runner", 1, 0),
    )
    report = resolve_battle(p)
    # The shot enters the Doom Net Fighter from the south and leaves north-west through both.
    hit = {e[2].target for e in report.events if e[1] == "hit" and isinstance(e[2], Hit)}
    assert labels(hit) == {"B3", "A2"}


def test_large_board_battle() -> None:
    p = position(
        ("moloch", "hegemony"),
        ("D7", "moloch.cyborg", 0, 0),
        ("D1", "hegemony.hq", 1, 0),
        board=LARGE_BOARD,
    )
    report = resolve_battle(p)
    assert report.position.hq_hp == (20, 19)


def test_resolving_is_pure_and_deterministic() -> None:
    p = position(
        ("moloch", "hegemony"),
        ("C3", "moloch.hq", 0, 0),
        ("C2", "hegemony.runner", 1, 3),
        ("C4", "moloch.cyborg", 0, 3),
        ("C5", "hegemony.hq", 1, 0),
    )
    before = replace(p)
    first = resolve_battle(p)
    assert p == before
    assert resolve_battle(p) == first
    assert first.log[0] == "phase 3: C4 moloch.cyborg ranged 2 -> C5 hegemony.hq"


def test_an_empty_battle_changes_nothing() -> None:
    p = position(("moloch", "hegemony"), ("A1", "moloch.hq", 0, 0), ("E3", "hegemony.hq", 1, 0))
    report = resolve_battle(p)
    assert report.position == p and report.destroyed == () and report.log == ()
