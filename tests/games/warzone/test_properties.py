"""Geometry properties (hypothesis) and the menu, lists and replay contracts."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Point, Polygon

from games.base import GameError
from games.warzone import actions as a
from games.warzone import rules
from games.warzone.armylist import validate
from games.warzone.geometry import discs_under_circle, gap
from games.warzone.listtext import format_list, parse_list
from games.warzone.menu import OPEN_RULES, menu
from games.warzone.movement import path_problem
from games.warzone.terrain import preset
from games.warzone.work import Work
from tests.games.warzone.playout import play_game
from tests.games.warzone.scene import R, play, scene

coord = st.floats(min_value=1.0, max_value=35.0, allow_nan=False)
point = st.tuples(coord, coord)
TERRAIN = preset("ruined_outpost")


@given(point, point, st.floats(0.3, 1.0), st.floats(0.3, 1.0))
def test_range_is_symmetric(
    p: tuple[float, float], q: tuple[float, float], r1: float, r2: float
) -> None:
    """from the rulebook §1: measured base to base, so A to B equals B to A."""
    assert gap(p, r1, q, r2) == gap(q, r2, p, r1)


@given(point, st.lists(point, min_size=1, max_size=8))
def test_templates_hit_exactly_the_bases_they_cover(
    centre: tuple[float, float], spots: list[tuple[float, float]]
) -> None:
    """from the rulebook §2: a model is under a template when its base overlaps it."""
    bases = [(f"m{i}", p, R) for i, p in enumerate(spots)]
    under = set(discs_under_circle(centre, 1.5, bases))
    disc = Point(centre).buffer(1.5, quad_segs=64)
    for key, p, r in bases:
        overlap = disc.intersection(Point(p).buffer(r, quad_segs=64)).area
        if overlap > 1e-3:
            assert key in under
        elif Point(centre).distance(Point(p)) > 1.5 + r + 1e-3:
            assert key not in under


@settings(max_examples=60, deadline=None)
@given(st.lists(point, min_size=1, max_size=3))
def test_no_legal_path_crosses_impassable_terrain(path: list[tuple[float, float]]) -> None:
    """from the rulebook §9: no move into or through impassable terrain."""
    state = scene({"A2.2": (18.0, 4.0, 90.0), "B3.1": (33.0, 34.0, 270.0)})
    state = state.__class__(
        **{**{f: getattr(state, f) for f in state.__slots__}, "terrain": TERRAIN}
    )
    work = Work(state)
    model = work.model("A2.2")
    if path_problem(work, model, path, 1000.0) is None:
        swept = LineString([model.pos, *path]) if path else Point(model.pos)
        for piece in TERRAIN:
            if piece.going.value == "impassable":
                assert swept.distance(Polygon(piece.points)) >= R - 1e-6


@settings(max_examples=60, deadline=None)
@given(point, st.sampled_from(["walk", "run"]))
def test_bases_never_overlap_after_a_legal_move(dest: tuple[float, float], kind: str) -> None:
    """from the rulebook §9: other models are impassable; touching is allowed, overlap is not."""
    place = {"A2.2": (18.0, 10.0, 90.0), "A2.3": (19.0, 12.0, 90.0), "A2.4": (17.0, 13.5, 90.0),
             "B2.2": (18.0, 16.0, 270.0), "B3.1": (33.0, 34.0, 270.0)}  # fmt: skip
    state = play(scene(place), 0, a.Activate("A2"))
    cls = a.Walk if kind == "walk" else a.Run
    try:
        state = play(state, 0, cls("A2.2", (dest,)), [])
    except (GameError, AssertionError):
        return
    alive = [m for m in state.models if m.alive and m.deployed]
    for i, m in enumerate(alive):
        for o in alive[i + 1 :]:
            assert ((m.x - o.x) ** 2 + (m.y - o.y) ** 2) ** 0.5 >= m.radius + o.radius - 1e-6


def test_menu_lists_every_action_type_with_parameters() -> None:
    """The menu names each action type, its AP and its legal parameters (its speed, at most
    50 ms, is measured by benchmarks/warzone_rules.py, not here: a loaded machine would fail a
    timed test)."""
    place = {"A2.2": (10.0, 10.0, 90.0), "A2.3": (12.0, 10.0, 90.0), "B2.2": (10.0, 16.0, 270.0),
             "B2.3": (12.0, 10.0 + 2 * R + 0.005, 270.0)}  # fmt: skip
    state = play(scene(place), 0, a.Activate("A2"))
    choices = menu(state, 0)
    kinds = {c.kind for c in choices}
    assert {"walk", "run", "pivot", "battle focus", "evade", "sentry", "res +1 AP", "end"} <= kinds
    assert {"shooting", "rapid fire", "close combat", "charge"} <= kinds
    walk = next(c for c in choices if c.kind == "walk")
    assert walk.rule == OPEN_RULES["walk"] and walk.ap == 1
    for act in rules.legal_actions(state, 0):
        rules.apply(state, 0, act)  # every listed action is accepted


def test_text_list_round_trip_and_clear_errors() -> None:
    """The text list format reads back what it writes; errors name the line."""
    text = "battalion: line\n1 Lieutenant Chuck Robbins commander\n8 Light Infantry upgrade\n" \
        "7 light infantry option=medic  # with a medic\n"  # fmt: skip
    raw = parse_list(text)
    assert validate(raw).points == 50 + (8 * 12 + 5) + (7 * 12 + 10)
    assert parse_list(format_list(raw)) == raw
    with pytest.raises(GameError, match=r"line 2: unknown unit 'Light Infntry'\. Did you mean"):
        parse_list("battalion: line\n8 Light Infntry\n")
    with pytest.raises(GameError, match="List line 1: Light Infantry has no option 'medik'"):
        parse_list("8 Light Infantry option=medik")
    with pytest.raises(GameError, match="unknown flag"):
        parse_list("8 Light Infantry sergeant=yes")
    state = rules.setup({"lists": [text, "dark_legion"]}, 2, "x")
    assert sum(1 for m in state.models if m.seat == 0) == 16


def test_seeded_games_replay_and_never_overlap() -> None:
    """A scripted 2-round game ends, replays exactly, and leaves no overlapping bases."""
    from games.engine import replay

    state, events = play_game("props", {"rounds": 2})
    assert rules.outcome(state) is not None
    assert replay(rules, {"rounds": 2}, 2, "props", events) == state
    alive = [m for m in state.models if m.alive and m.deployed]
    for i, m in enumerate(alive):
        for o in alive[i + 1 :]:
            assert ((m.x - o.x) ** 2 + (m.y - o.y) ** 2) ** 0.5 >= m.radius + o.radius - 1e-6
