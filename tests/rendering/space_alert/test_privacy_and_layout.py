"""No public image shows a programmed card; every text stays readable; scores add up."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest

from games import engine
from games.space_alert.actions import PlaceCard
from games.space_alert.state import Stage
from rendering.space_alert import bridge_png, program_png, replay_animation, score_card
from rendering.space_alert.bridge import Bridge, bridge_painter, public_bridge
from rendering.space_alert.program import program_painter
from rendering.space_alert.replay import Crew, frame_painter, frame_scene
from rendering.space_alert.scorecard import score_card_painter, score_lines
from rendering.space_alert.style import MIN_TEXT_PX, WIDTH
from rendering.space_alert.summary import summary_painter, view_programs
from tests.rendering.space_alert.playouts import MISSIONS, RULES, flight, mission

SEED = "golden-1"


def _planning() -> Any:
    return flight(SEED, 4, mission="mission_3").planning(2, locked=2)


def test_the_bridge_record_cannot_hold_a_card() -> None:
    fields = {f.name for f in dataclasses.fields(Bridge)}
    assert not fields & {"slots", "hand", "heroic", "boards", "result"}
    with pytest.raises(ValueError):
        public_bridge(RULES.player_view(_planning(), 0))


def test_the_channel_view_has_no_cards_before_resolution() -> None:
    for state in flight(SEED, 4, mission="mission_3").states:
        if state.stage is Stage.OVER:
            continue
        view = RULES.player_view(state, None)
        assert view.hand == () and view.result is None
        assert all(b.slots == () and b.heroic is None for b in view.boards)


def test_bridge_is_byte_identical_whatever_the_hidden_programs() -> None:
    state = _planning()
    seat = min(RULES.to_act(state))
    card = state.hands[seat][0]
    slot = next(i + 1 for i in range(3, 7) if state.boards[seat].slots[i] is None)
    variants = [state]
    for half in ("action", "move"):
        after, _ = engine.play(RULES, state, SEED, 10_000, seat, PlaceCard(card, slot, half))
        variants.append(after)
    programs = {program_png(RULES.player_view(v, seat)) for v in variants}
    assert len(programs) == 3  # the player's own image does change
    bridges = {
        bridge_png(RULES.player_view(v, None), ["Ada", "Brook", "Cy", "Dee"]) for v in variants
    }
    assert len(bridges) == 1


def test_replay_and_scores_wait_for_resolution() -> None:
    view = RULES.player_view(_planning(), None)
    with pytest.raises(ValueError):
        replay_animation(view)
    with pytest.raises(ValueError):
        score_card(view)


def test_program_image_is_private() -> None:
    with pytest.raises(ValueError):
        program_png(RULES.player_view(_planning(), None))


def _sizes(texts: list[Any]) -> list[Any]:
    return [t for t in texts if t.size < MIN_TEXT_PX]


def test_every_text_is_at_least_the_minimum_size() -> None:
    f = flight(SEED, 4, mission="mission_3")
    final = RULES.player_view(f.final, None)
    assert final.result is not None
    painters = [
        bridge_painter(public_bridge(RULES.player_view(_planning(), None))),
        program_painter(RULES.player_view(_planning(), 1)),
        score_card_painter(final.result, final.mission),
        summary_painter(final.result, view_programs(final), final.mission),
    ]
    crew = [Crew(b.name, b.name) for b in final.boards]
    painters += [
        frame_painter(final.result, i, final.tracks, crew)
        for i in range(1, len(final.result.frames))
    ]
    for p in painters:
        assert p.image.width == WIDTH
        assert _sizes(p.all_texts()) == []


@pytest.mark.parametrize("path", sorted(MISSIONS.glob("*.mission.json")), ids=lambda p: p.name[:2])
def test_every_shipped_mission_builds_its_replay_and_score(path: Path) -> None:
    plan, result = mission(path.name.removesuffix(".mission.json"))
    tracks = (*plan.tracks, plan.internal_track)
    for i in range(1, len(result.frames)):
        scene = frame_scene(result, i, tracks)
        assert {t.zone for t in scene.threats} <= {"red", "white", "blue", "internal"}
    if not result.lost:
        assert sum(p for _, _, p in score_lines(result) if p is not None) == result.score


def _bridge_caption(state: Any) -> list[str]:
    return [
        t.text for t in bridge_painter(public_bridge(RULES.player_view(state, None))).all_texts()
    ]


def test_a_solo_players_bridge_counts_the_player_not_the_androids() -> None:
    # Solo, every board is an android's: the caption still counts the one player, as the
    # bridge's text does ("Still programming: NAME").
    solo = flight("solo-bridge", 1).planning(1, locked=0)
    assert any(t.endswith("0 of 1 locked in") for t in _bridge_caption(solo))


NUMBERS = re.compile(r"#(\d+)(?:-(\d+))?")


def _numbers_on(texts: list[str]) -> set[int]:
    found: set[int] = set()
    for text in texts:
        for first, last in NUMBERS.findall(text):
            found.update(range(int(first), int(last or first) + 1))
    return found


@pytest.mark.parametrize(("seed", "crew"), [(SEED, 4), ("solo-hand", 1)])
def test_the_hand_image_shows_the_number_of_every_card_in_hand(seed: str, crew: int) -> None:
    """The numbers `card:` takes are under the cards, for every card, in every planning state."""
    checked = 0
    for state in flight(seed, crew, mission="mission_3").states:
        if state.stage is not Stage.PLANNING:
            continue
        for seat in range(crew):
            view = RULES.player_view(state, seat)
            texts = [t.text for t in program_painter(view).all_texts()]
            board = [t for t in texts if NUMBERS.search(t) and "…" not in t]
            assert _numbers_on(board) >= {c.id for c in view.hand}
            checked += 1
    assert checked
