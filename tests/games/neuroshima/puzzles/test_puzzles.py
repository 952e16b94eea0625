"""Puzzles: the format, the turn and its battle, the verdict, and the exhaustive search."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from games.base import GameError
from games.neuroshima.actions import PlaceTile
from games.neuroshima.board import Hex
from games.neuroshima.puzzles import (
    THEMES,
    Goal,
    GoalKind,
    PuzzleError,
    check,
    dump,
    find,
    judge,
    load,
    play,
    shipped,
    solve,
    start,
)
from games.neuroshima.puzzles.generate import puzzle_id
from games.neuroshima.puzzles.model import theme_name
from games.neuroshima.puzzles.solve import every_outcome
from games.neuroshima.rules import legal_actions, player_view, to_act
from tests.games.neuroshima.puzzles.handmade import (
    push_into_the_line,
    runner_to_the_gap,
    snipe_the_hunter,
)

B2 = Hex(-1, 0)


def test_a_puzzle_survives_dump_and_load() -> None:
    puzzle = load(runner_to_the_gap())
    again = load(dump(puzzle))
    assert again == puzzle
    assert puzzle.goal.kind is GoalKind.DESTROY_HQ and puzzle.goal.target == 1
    assert puzzle.hand == ("outpost.runner",)


def test_the_start_is_an_ordinary_game_state_with_the_hand() -> None:
    puzzle = load(runner_to_the_gap())
    state = start(puzzle)
    assert to_act(state) == {0}
    assert PlaceTile("outpost.runner", B2, 2) in legal_actions(state, 0)
    view = player_view(state, 0)
    assert view.seats[0].hand == ("outpost.runner",)
    assert view.seats[1].hand == ()


def test_the_right_turn_destroys_the_hq_in_its_battle() -> None:
    verdict = judge(load(runner_to_the_gap()), ["place runner B2 2"])
    assert verdict.solved
    assert verdict.reason == "Solved: the goal is reached."
    assert verdict.before.tile_at(B2) is not None
    assert verdict.after.position.hq_hp == (20, 0)
    assert [d.tile for d in verdict.battle.destroyed] == ["moloch.hq"]


def test_a_wrong_facing_shows_what_its_battle_did() -> None:
    verdict = judge(load(runner_to_the_gap()), ["place runner B2 3"])
    assert not verdict.solved
    assert verdict.reason == "Not solved: the enemy HQ stands with 1 hit point."
    # The HQ's own melee kills the Runner at initiative 0: it never struck.
    assert [(d.tile, d.hex, d.phase) for d in verdict.battle.destroyed] == [
        ("outpost.runner", B2, 0)
    ]


def test_mobility_reaches_the_same_outcome_and_counts_as_the_same_turn() -> None:
    solved = solve(load(runner_to_the_gap()))
    assert solved.unique
    texts = solved.texts()
    assert texts[0] == ("place outpost.runner B2 2",)
    assert ("place outpost.runner A2 0", "move A2 B2 2 mobility") in texts
    # Placed on B2 in another facing and turned there, or placed next to B2 and run there.
    assert len(texts) == 1 + 5 + 6 + 6
    assert all(line[-1].endswith("B2 2") or line[-1].endswith("B2 2 mobility") for line in texts)
    assert verdict_solves_every(texts)


def verdict_solves_every(texts: tuple[tuple[str, ...], ...]) -> bool:
    puzzle = load(runner_to_the_gap())
    return all(judge(puzzle, list(line)).solved for line in texts)


def test_check_wants_every_accepted_line_listed() -> None:
    puzzle = load(runner_to_the_gap())
    ok, solved = check(puzzle)
    assert not ok
    complete = load({**runner_to_the_gap(), "solutions": [list(t) for t in solved.texts()]})
    assert check(complete)[0]


def test_a_sniper_saves_the_hq() -> None:
    puzzle = load(snipe_the_hunter())
    ok, solved = check(puzzle)
    assert ok and solved.turns == 2
    assert not judge(puzzle, []).solved
    assert judge(puzzle, []).reason == (
        "Not solved: your HQ has 0 hit points left; it needed more than 0."
    )


def test_the_turn_is_over_once_its_battle_is_fought() -> None:
    doc = snipe_the_hunter()
    free = {"A3", "B1", "B2", "B3", "B4", "C1", "C2", "C3", "C4", "C5", "D1", "D2", "D3", "D4",
            "E1", "E2"}  # fmt: skip
    doc["position"]["tiles"] += [
        {"hex": h, "tile": "moloch.blocker", "seat": 1, "facing": 0} for h in sorted(free)[1:]
    ]
    doc["hand"] = ["outpost.brawler", "outpost.sniper"]
    puzzle = load(doc)
    state = play(puzzle, start(puzzle), "place brawler A3 0")
    assert state.last_battle is not None
    with pytest.raises(GameError) as caught:
        play(puzzle, state, "snipe A2")
    assert caught.value.code == "puzzle_over"


def _broken(change: dict[str, Any]) -> dict[str, Any]:
    doc = copy.deepcopy(runner_to_the_gap())
    for key, value in change.items():
        if value is None:
            del doc[key]
        else:
            doc[key] = value
    return doc


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "x"}, '"format" must be "muster.neuroshima.puzzle/1"'),
        ({"id": "Bad Id"}, '"id" must be 1-64 lowercase letters, digits and dashes'),
        ({"seat": 2}, '"seat" must be one of the position\'s seats, not 2'),
        ({"hand": []}, '"hand" must list 1 to 3 tile ids'),
        ({"hand": ["moloch.blocker"]},
         "moloch.blocker cannot be in the hand of seat 0, who plays outpost"),
        ({"hand": ["outpost.rocket"]}, "unknown tile id 'outpost.rocket' in the hand"),
        ({"goal": {"kind": "win"}},
         '"goal" must be an object whose "kind" is one of: destroy_hq, win_by, survive, save'),
        ({"goal": {"kind": "win_by", "points": -1}},
         'goal "points" must be a whole number from 0 to 99'),
        ({"goal": {"kind": "destroy_hq", "seat": 0}}, "goal: seat 0 is not an enemy of seat 0"),
        ({"goal": {"kind": "save", "hex": "C2"}}, "goal: C2 must hold a unit of seat 0"),
        ({"solutions": []}, '"solutions" must be a non-empty list of lists of actions'),
        ({"themes": ["luck"]},
         '"themes" must list themes from: medic, net, initiative, gauss, push, sniper, module, '
         "mobility"),
        ({"difficulty": 5000}, '"difficulty" must be a whole number from 400 to 3000'),
        ({"position": {"format": "muster.neuroshima.battle/1", "players": []}},
         'position: "players" must list at least 2 players'),
    ],
)  # fmt: skip
def test_a_malformed_puzzle_names_its_problem(change: dict[str, Any], message: str) -> None:
    with pytest.raises(PuzzleError) as caught:
        load(_broken(change))
    assert caught.value.code == "bad_puzzle"
    assert str(caught.value) == message


def test_a_position_without_an_hq_is_refused() -> None:
    doc = copy.deepcopy(runner_to_the_gap())
    doc["position"]["tiles"] = doc["position"]["tiles"][1:]
    with pytest.raises(PuzzleError, match="position: seat 1 has no HQ on the board"):
        load(doc)


def test_every_shipped_puzzle_checks() -> None:
    puzzles = shipped()
    assert puzzles
    assert len({p.id for p in puzzles}) == len(puzzles)
    failed = [p.id for p in puzzles if not check(p)[0]]
    assert failed == []


def test_the_pushed_tiles_owner_answers_against_the_solver() -> None:
    puzzle = load(push_into_the_line())
    outcomes = every_outcome(puzzle)
    # A kind answer would open the line: some board reaches a battle that destroys the HQ.
    assert any(after.position.hq_hp[1] == 0 for after in outcomes.values())
    assert solve(puzzle).solutions == ()
    verdict = judge(puzzle, ["push A2 B2"])
    assert not verdict.solved
    recon = verdict.before.tile_at(Hex(0, 0))
    assert recon is not None and recon.tile == "outpost.recon_center"
    assert verdict.reason == "Not solved: the enemy HQ stands with 1 hit point."


def test_after_a_push_the_reply_comes_at_once_and_the_seat_plays_on() -> None:
    puzzle = load(push_into_the_line())
    state = play(puzzle, start(puzzle), "push A2 B2")
    assert state.pending is None and to_act(state) == {0}
    assert state.tile_at(Hex(0, 0)) is not None


def test_goals_and_themes_read_as_sentences_players_see() -> None:
    assert Goal(GoalKind.WIN_BY, amount=3).describe() == (
        "Win the battle by at least 3 HQ hit points."
    )
    assert Goal(GoalKind.SURVIVE, amount=5).describe() == (
        "Survive the battle with more than 5 hit points on your HQ."
    )
    assert Goal(GoalKind.SAVE, hex=B2).describe("B2") == "Save your unit on B2 from the battle."
    assert Goal(GoalKind.DESTROY_HQ, target=1).describe() == (
        "Destroy the enemy HQ in this turn's battle."
    )
    assert [theme_name(t) for t in THEMES] == [
        "Medic saves", "Nets", "Initiative", "Gauss cannon", "Push back", "Sniper", "Modules",
        "Mobility",
    ]  # fmt: skip


def test_a_save_goal_names_its_hex_and_a_shipped_puzzle_is_found_by_id() -> None:
    doc = {**runner_to_the_gap(), "goal": {"kind": "save", "hex": "A1"}}
    doc["position"]["tiles"][1] = {"hex": "A1", "tile": "outpost.hmg", "seat": 0, "facing": 0}
    doc["position"]["tiles"].append({"hex": "E3", "tile": "outpost.hq", "seat": 0, "facing": 0})
    assert load(doc).goal_text == "Save your unit on A1 from the battle."
    first = shipped()[0]
    assert find(first.id) == first
    assert find("nh-none") is None


def test_every_shipped_file_is_exactly_what_dump_writes_and_named_by_its_id() -> None:
    folder = Path(__file__).parents[4] / "games/neuroshima/data/puzzles"
    for path in sorted(folder.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        puzzle = load(doc)
        assert dump(puzzle) == doc
        assert path.name == f"{puzzle.id}.json"
        assert puzzle.id == puzzle_id(puzzle)
