"""Golden images of the Warzone table, from a seeded game of the rules tests' scripted policy."""

from __future__ import annotations

import io
import math
from functools import cache

from PIL import Image, ImageChops, ImageStat

from games.base import GameError
from games.engine import play, start
from games.warzone import rules
from games.warzone.state import Phase, State
from rendering.warzone import Overlay, table_image, table_png
from rendering.warzone.layout import TABLE_PX, layout, styles_of, text_box
from rendering.warzone.style import delivery_palette
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


def test_the_table_png_is_deterministic() -> None:
    # Its speed (150 ms at most) is benchmarks/rendering.py's to measure: a loaded machine
    # would fail a timed test.
    view = rules.player_view(mid_game(), None)
    assert table_png(view) == table_png(view)


def test_range_ring_labels_are_whole_and_clear_of_bases() -> None:
    """Each ring is labelled with whole weapon names, on the table, over no base or other text."""
    view = rules.player_view(mid_game(), None)
    out = layout(view)
    labels = [t for t in out.texts if t.text in {r.label for r in out.rings}]
    assert {t.text for t in labels} == {r.label for r in out.rings}
    assert any("Grenade of Flies" in t.text for t in labels)  # was cut to "Grenade of"
    others = [text_box(t) for t in out.texts if t not in labels]
    for t in labels:
        x0, y0, x1, y1 = text_box(t)
        assert out.frame.left <= x0 and x1 <= out.frame.left + TABLE_PX
        assert out.frame.top <= y0 and y1 <= out.frame.top + TABLE_PX
        for b in out.bases:
            nx, ny = min(max(b.centre[0], x0), x1), min(max(b.centre[1], y0), y1)
            assert math.dist((nx, ny), b.centre) >= b.radius, (t.text, b.key)
        assert not any(x0 < o[2] and o[0] < x1 and y0 < o[3] and o[1] < y1 for o in others)


def test_delivery_png_is_a_fixed_256_colour_palette_close_to_the_image() -> None:
    """The PNG holds the table mapped onto the factions' fixed palette: same picture, few bytes."""
    state = mid_game()
    assert state.active_model is not None
    view = rules.player_view(state, None)
    overlay = Overlay(sights=((state.active_model, _enemy(state)),))
    png = Image.open(io.BytesIO(table_png(view, overlay)))
    assert png.mode == "P"
    image = table_image(view, overlay)
    error = ImageStat.Stat(ImageChops.difference(image, png.convert("RGB"))).mean
    assert max(error) < 1.5, error
    assert png.getpalette() == delivery_palette(styles_of(view)).getpalette()
