"""Golden images of every Space Alert picture, rendered from real games and shipped missions."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from rendering.space_alert import (
    bridge_image,
    mission_summary,
    program_image,
    replay_animation,
    replay_frames,
    score_card,
    score_card_image,
)
from rendering.space_alert.replay import Crew
from rendering.space_alert.summary import Program, summary_image
from tests.rendering.space_alert.golden import check
from tests.rendering.space_alert.playouts import RULES, flight, mission

NAMES = ["Ada", "Brook", "Cy", "Dee"]
LEVIATHAN = "31_leviathan_blast_finishes_swarm"


def _four() -> object:
    return flight("golden-1", 4, mission="mission_3")


def _tracks(name: str) -> tuple[str, str, str, str]:
    plan, _ = mission(name)
    return (*plan.tracks, plan.internal_track)


def test_bridge_mid_planning() -> None:
    state = flight("golden-1", 4, mission="mission_3").planning(2, locked=2)
    check("bridge", bridge_image(RULES.player_view(state, None), NAMES))


def test_program_of_a_four_player_crew() -> None:
    state = flight("golden-1", 4, mission="mission_3").planning(2, locked=2)
    check("program_four", program_image(RULES.player_view(state, 2), NAMES))


def test_program_with_androids() -> None:
    state = flight("golden-2", 2, mission="mission_2").planning(2)
    check("program_androids", program_image(RULES.player_view(state, 0), ["Ada", "Brook"]))


def test_replay_frames_of_a_shipped_mission() -> None:
    plan, result = mission(LEVIATHAN)
    crew = [Crew(c.name, n) for c, n in zip(plan.crew, NAMES, strict=True)]
    frames = replay_frames(result, _tracks(LEVIATHAN), crew)
    assert len(frames) == 13
    assert len({f.size for f in frames}) == 1
    for turn in (3, 4, 5):
        check(f"replay_{LEVIATHAN[:2]}_turn_{turn}", frames[turn - 1])


def test_replay_of_internal_threats() -> None:
    name = "16_hacked_shields_and_virus"
    _, result = mission(name)
    check("replay_16_turn_4", replay_frames(result, _tracks(name))[3])


def test_replay_of_a_lost_ship_from_a_real_game() -> None:
    view = RULES.player_view(flight("golden-1", 4, mission="mission_3").final, None)
    assert view.result is not None and view.result.lost
    crew = [Crew(b.name, NAMES[b.seat]) for b in view.boards if b.seat is not None]
    frames = replay_frames(view.result, view.tracks, crew, view.mission)
    assert len(frames) == len(view.result.frames) - 1
    check("replay_lost_last", frames[-1])


def test_replay_animation_is_a_looping_gif() -> None:
    view = RULES.player_view(flight("golden-1", 4, mission="mission_3").final, None)
    assert view.result is not None
    data = replay_animation(view, NAMES)
    assert data[:6] == b"GIF89a"
    with Image.open(io.BytesIO(data)) as gif:
        assert gif.n_frames == len(view.result.frames) - 1
        assert gif.info.get("loop") == 0
    assert replay_animation(view, NAMES) == data


def test_score_cards() -> None:
    _, result = mission(LEVIATHAN)
    check("score_card", score_card_image(result))
    view = RULES.player_view(flight("golden-1", 4, mission="mission_3").final, None)
    check("score_card_lost", score_card(view))


def test_mission_summaries() -> None:
    plan, result = mission(LEVIATHAN)
    programs = [
        Program(n, tuple(None if p is None else p.text for p in c.program))
        for c, n in zip(plan.crew, NAMES, strict=True)
    ]
    check("summary", summary_image(result, programs))
    view = RULES.player_view(flight("golden-1", 4, mission="mission_3").final, None)
    check("summary_lost", mission_summary(view, NAMES))


@pytest.mark.parametrize("seed", ["solo-1"])
def test_solo_program_groups_the_whole_deck(seed: str) -> None:
    state = flight(seed, 1, mission="mission_1").planning(1)
    view = RULES.player_view(state, 0)
    assert len(view.hand) >= 80
    image = program_image(view, ["Ada"])
    assert image.width == 1080 and image.height < 1400
