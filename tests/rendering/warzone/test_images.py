"""Golden images of the Warzone table, from a seeded game of the rules tests' scripted policy."""

from __future__ import annotations

import time
from functools import cache

from games.base import GameError
from games.engine import play, start
from games.warzone import rules
from games.warzone.state import Phase, State
from rendering.warzone import Overlay, table_image, table_png
from rendering.warzone.layout import layout
from tests.rendering.golden import check


@cache
def mid_game() -> State:
    """Round 2 with a model acting: bases, badges, rings and relays all show."""
    state, events = start(rules, {}, 2, "img")
    for _ in range(3000):
        if state.phase is Phase.ACTIVATION and state.round == 2 and state.active_model:
            return state
        seat = min(rules.to_act(state))
        for choice in rules.legal_actions(state, seat):
            try:
                state, new = play(rules, state, "img", len(events), seat, choice)
            except GameError:
                continue
            events.extend(new)
            break
    raise AssertionError("no round-2 activation")


def _enemy(state: State) -> str:
    assert state.active_model is not None
    me = state.model(state.active_model)
    return next(m.key for m in state.models if m.seat != me.seat and m.alive)


def test_the_table_with_sight_rays_and_a_measurement() -> None:
    state = mid_game()
    assert state.active_model is not None
    view = rules.player_view(state, None)
    overlay = Overlay(sights=((state.active_model, _enemy(state)),), measure=((2, 2), (10, 8)))
    check("warzone_table", table_image(view, overlay))


def test_a_zoomed_crop_around_the_active_model() -> None:
    state = mid_game()
    assert state.active_model is not None
    m = state.model(state.active_model)
    view = rules.player_view(state, None)
    check("warzone_zoom", table_image(view, Overlay(zoom=(m.x, m.y, 10))))


def test_the_table_to_scale_and_the_overlay_parts() -> None:
    state = mid_game()
    assert state.active_model is not None
    view = rules.player_view(state, None)
    out = layout(view, Overlay(sights=((state.active_model, _enemy(state)),)))
    assert out.frame.ppi == 20.0  # 36 inches on 720 pixels
    base = out.bases[0]
    model = next(m for m in view.models if m.key == base.key)
    assert abs(base.radius - model.radius * 20) < 1e-9
    assert out.rings and out.rays and len(out.relays) == 3
    assert any(b.active for b in out.bases)


def test_the_table_png_is_fast_and_deterministic() -> None:
    view = rules.player_view(mid_game(), None)
    first = table_png(view)
    began = time.perf_counter()
    again = table_png(view)
    assert again == first
    assert time.perf_counter() - began < 0.6  # the benchmark holds the 150 ms target
