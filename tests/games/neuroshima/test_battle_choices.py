"""Battle-time choices: Medic options, the Chooser protocol and the default policy."""

from __future__ import annotations

from collections.abc import Callable

from games.neuroshima.battle import BattleReport, resolve_battle
from games.neuroshima.board import Hex
from games.neuroshima.medics import medic_choices
from games.neuroshima.policy import Decision
from tests.games.neuroshima.battle_helpers import at, labels, position

U, M1, M2, E1, E2 = Hex(0, 1), Hex(0, 0), Hex(0, -1), Hex(0, 2), Hex(1, 1)


def test_one_medic_one_hit_has_a_single_choice() -> None:
    choices = medic_choices([M1], {M1: frozenset({U})}, {(U, E1): 1}, ())
    assert [(c.absorbed, c.consumed) for c in choices] == [(((U, E1),), (M1,))]


def test_a_medic_must_take_a_hit_it_can() -> None:
    # Two enemies hit U: one Medic takes exactly one of them (never none).
    choices = medic_choices([M1], {M1: frozenset({U})}, {(U, E1): 2, (U, E2): 1}, ())
    assert sorted(c.absorbed for c in choices) == [((U, E1),), ((U, E2),)]


def test_a_one_way_chain_passes_the_loss_on() -> None:
    protects = {M1: frozenset({U}), M2: frozenset({M1})}
    choices = medic_choices([M1, M2], protects, {(U, E1): 1}, ())
    assert [(c.consumed, c.used) for c in choices] == [((M2,), tuple(sorted((M1, M2))))]


def test_mutual_medics_let_the_owner_pick() -> None:
    protects = {M1: frozenset({U, M2}), M2: frozenset({M1})}
    choices = medic_choices([M1, M2], protects, {(U, E1): 1}, ())
    assert sorted(c.consumed for c in choices) == [(M2,), (M1,)]


def test_unsavable_tiles_get_no_medic() -> None:
    assert medic_choices([M1], {M1: frozenset({U})}, {(U, E1): 1}, {U}) == []


MUTUAL = position(
    ("outpost", "moloch"),
    ("C4", "outpost.commando", 0, 1),
    ("C3", "outpost.medic", 0, 3),
    ("B3", "outpost.medic", 0, 0),
    ("C5", "moloch.cyborg", 1, 0),
)
"""The Commando on C4 is linked to Medic C3 only; C3 and B3 link to each other."""


def test_mutual_medics_go_through_the_chooser() -> None:
    seen: list[Decision] = []

    def second(decision: Decision, simulate: Callable[[int], BattleReport]) -> int:
        seen.append(decision)
        return 1

    report = resolve_battle(MUTUAL, second)
    assert [d.kind for d in seen] == ["medic"]
    assert seen[0].seat == 0 and seen[0].phase == 3 and len(seen[0].options) == 2
    assert report.decisions == ((seen[0], 1),)
    gone = labels([r.hex for r in report.destroyed])
    kept = labels([r.hex for r in resolve_battle(MUTUAL).destroyed])
    assert {frozenset(gone), frozenset(kept)} == {frozenset({"C3"}), frozenset({"B3"})}


def test_the_clown_keeps_attacking_when_a_strike_would_cost_more() -> None:
    p = position(
        ("moloch", "hegemony"),
        ("C3", "moloch.clown", 0, 0),
        ("C2", "hegemony.runner", 1, 0),
        ("C4", "moloch.cyborg", 0, 3),
        ("D3", "moloch.hunter_killer", 0, 1),
        ("B3", "moloch.guard", 0, 3),
    )
    report = resolve_battle(p)
    assert [(d.kind, i) for d, i in report.decisions] == [("clown", 0)]
    assert labels([r.hex for r in report.destroyed]) == {"C2"}


def test_the_quartermaster_converts_once_per_battle() -> None:
    p = position(
        ("moloch", "hegemony"),
        ("C3", "hegemony.ganger", 1, 0),
        ("C4", "hegemony.quartermaster", 1, 0),
        ("C1", "moloch.blocker", 0, 0),
        ("D3", "moloch.mother_module", 0, 5),
        ("E3", "moloch.hq", 0, 0),
        ("A1", "hegemony.hq", 1, 0),
    )
    # The Ganger attacks once (phase 3): one decision, the conversion taken.
    report = resolve_battle(p)
    assert [(d.kind, i) for d, i in report.decisions] == [("quartermaster", 1)]
    assert report.position.by_hex()[at("C1")].wounds == 1


def test_no_decision_when_nothing_to_choose() -> None:
    p = position(
        ("moloch", "hegemony"),
        ("C4", "moloch.hunter_killer", 0, 1),
        ("C3", "moloch.medic", 0, 3),
        ("C5", "hegemony.ganger", 1, 0),
    )
    report = resolve_battle(p)
    assert report.decisions == ()
    assert labels([r.hex for r in report.destroyed]) == {"C3"}
