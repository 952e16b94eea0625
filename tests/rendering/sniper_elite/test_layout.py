"""Phone readability, colour-blind safety and what the layouts place, for every image kind."""

from __future__ import annotations

import itertools

import pytest

from games.sniper_elite import rules
from games.sniper_elite.board import load_board
from rendering.canvas import RGB
from rendering.palette import VISIONS, delta_e, simulate
from rendering.sniper_elite import style as st
from rendering.sniper_elite.board import SceneLayout, mission_over_layout, scene_layout
from rendering.sniper_elite.turn import frame_layouts, frame_steps, summary_layout
from tests.rendering.sniper_elite.scenes import final, first, mission


def layouts() -> list[SceneLayout]:
    """Every image kind on both maps, from real missions."""
    found = []
    for board, seed in (("tidewater", "tidewater6"), ("pinecrest", "pinecrest3")):
        turns = mission(board, seed)
        for state in (turns[0], turns[len(turns) // 2]):
            view = rules.player_view(state, None)
            found += [scene_layout(view), summary_layout(view), *frame_layouts(view)[:3]]
        found.append(mission_over_layout(rules.player_view(final(board, seed), None)))
    return found


def test_every_text_is_at_the_phone_floor_and_inside_the_image() -> None:
    for layout in layouts():
        texts = layout.all_texts()
        assert texts and min(t.size for t in texts) >= st.MIN_TEXT_PX
        assert all(0 <= t.xy[0] <= layout.width and 0 <= t.xy[1] <= layout.height for t in texts)
        assert layout.width == 1080


def smallest(colours: dict[str, RGB]) -> float:
    """The closest pair under normal vision and the three simulated deficiencies."""
    return min(
        delta_e(simulate(a, v), simulate(b, v))
        for v in VISIONS
        for a, b in itertools.combinations(colours.values(), 2)
    )


@pytest.mark.parametrize(
    ("colours", "floor"),
    [(st.SQUAD_FILL, 20.0), (st.TOKEN_FILL, 15.0), (st.AREA_TINT, 12.0)],
)
def test_colours_stay_apart_under_colour_blindness(colours: dict[str, RGB], floor: float) -> None:
    # Colour is never the only cue (letters on pieces and tokens, patterns on areas), but the
    # colours alone should still differ at a glance.
    assert smallest(colours) >= floor
    assert len(set(st.AREA_PATTERN.values())) == 4 and len(set(st.SQUAD_LETTER.values())) == 3


def test_pieces_sit_in_their_spaces() -> None:
    state = first("tidewater", "tidewater2", lambda s: s.round == 5)
    view = rules.player_view(state, None)
    layout = scene_layout(view)
    board = load_board(view.board)
    on_board = [d for d in view.defenders if d.space]
    pieces = [p for p in layout.pieces if p.kind in ("defender", "sniper")]
    assert len(pieces) == len(on_board) + 1
    for piece in pieces:
        x, y = piece.centre
        assert any(
            b[0] <= x <= b[2] and b[1] <= y <= b[3]
            for b in (layout.frame.box(s) for s in board.spaces)
        )
    cubes = [p for p in layout.pieces if p.kind == "cube"]
    assert len(cubes) == len(view.probable)


def test_turn_arrows_follow_the_recorded_steps() -> None:
    state = first("tidewater", "tidewater6", lambda s: s.round == 4)
    view = rules.player_view(state, None)
    walks = [s for s in view.steps if len(s.path) >= 2]
    calls = [s for s in view.steps if " is called to " in s.text]
    layout = summary_layout(view)
    assert walks and len([a for a in layout.arrows if not a.call]) == len(walks)
    assert len(layout.arrows) <= len(walks) + len(calls)
    for arrow, walk in zip([a for a in layout.arrows if not a.call], walks, strict=True):
        assert len(arrow.points) == len(walk.path)


def test_one_frame_per_step_with_its_own_arrow_and_caption() -> None:
    state = first("tidewater", "tidewater6", lambda s: s.round == 4)
    view = rules.player_view(state, None)
    groups = frame_steps(view)
    layouts = frame_layouts(view)
    assert len(layouts) == len(groups) + 1  # the summary closes the animation
    assert sum(len(g) for g in groups) == len(view.steps)
    assert len(groups) < len(view.steps)  # checks that found nothing share a frame
    for group, layout in zip(groups, layouts, strict=False):
        captions = [t.text for strip in layout.strips for t in strip.texts]
        assert all(s.text in captions for s in group)
        walked = [s for s in group if len(s.path) >= 2]
        assert len([a for a in layout.arrows if not a.call]) == len(walked)
    rolled = [layout for group, layout in zip(groups, layouts, strict=False) if group[-1].rolled]
    assert rolled and all("rolled" in [t.text for s in lay.strips for t in s.texts]
                          for lay in rolled)  # fmt: skip


def test_the_setup_header_says_setup_while_an_objective_is_chosen() -> None:
    from games.engine import start
    from games.sniper_elite import rules
    from games.sniper_elite.model import Phase
    from rendering.sniper_elite.board import scene_layout

    # The first seed whose two objectives share a colour: one must be put back.
    starts = (start(rules, {"map": "tidewater"}, 1, f"setup-{n}")[0] for n in range(200))
    state = next(s for s in starts if s.phase is Phase.OBJECTIVE_DISCARD)
    texts = [t.text for t in scene_layout(rules.player_view(state, 0)).all_texts()]
    assert "Setup: choose an objective to discard" in texts
    assert "Defenders' turn" not in texts


def test_a_regroup_card_shows_its_mini_map() -> None:
    from dataclasses import replace

    from games.engine import start
    from games.sniper_elite import rules
    from games.sniper_elite.cards import order_card
    from games.sniper_elite.view import SlotView
    from rendering.sniper_elite.panel import order_strip
    from rendering.sniper_elite.style import SQUAD_FILL

    state, _ = start(rules, {"map": "tidewater"}, 1, "regroup")
    card = order_card("dockside_regroup")
    shown = SlotView(True, card.id, card.title, card.text)
    view = replace(rules.player_view(state, 0), slots=(shown, None, None))
    strip = order_strip(0, view)
    dots = [b for b in strip.boxes if b.fill in SQUAD_FILL.values()]
    marks = [m for _, area_marks in card.regroup for m in area_marks]
    assert len(dots) == len(marks) == 15
    assert sorted(b.fill for b in dots) == sorted(SQUAD_FILL[s.value] for _, s in marks)
    # Every dot sits inside the card's mini-map, under its sentence.
    texts = [t for t in strip.texts if t.text.startswith("Update the LKA")]
    assert texts and all(b.box[1] > texts[-1].xy[1] for b in dots)
