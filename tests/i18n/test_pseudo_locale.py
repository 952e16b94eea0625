"""The pseudo-locale (every message accented and 40 % longer) through every image and panel.

A layout that holds the pseudo-locale holds any real translation of similar length: each game's
own fit checks run again with it, and every text any image draws is measured against the image
it is drawn on (a text past the edge is clipped).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

import pytest
from PIL import ImageDraw

from bot.service.i18n import PSEUDO, localise

SAY = partial(localise, lang=PSEUDO)
Box = tuple[int, int, int, int]
Drawn = list[tuple[str, Box, tuple[int, int]]]
"""Every text an image drew: its words, its box and the image's size."""


MEASURED = (
    "font",
    "anchor",
    "spacing",
    "align",
    "direction",
    "features",
    "language",
    "stroke_width",
)


@pytest.fixture
def drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[Drawn]:
    """Every text drawn while the test runs: its words, its box and its image's size."""
    found: Drawn = []
    real = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        real(self, xy, text, *args, **kwargs)
        keys = (
            "font",
            "anchor",
            "spacing",
            "align",
            "direction",
            "features",
            "language",
            "stroke_width",
        )
        box = self.textbbox(xy, text, **{k: v for k, v in kwargs.items() if k in keys})
        found.append((str(text), tuple(int(v) for v in box), self.im.size))  # type: ignore[arg-type]

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    yield found


def clipped(drawn: Drawn) -> list[str]:
    """The texts drawn partly outside their image."""
    return [
        f"{words!r} at {box} on {size}"
        for words, box, size in drawn
        if box[0] < 0 or box[1] < 0 or box[2] > size[0] or box[3] > size[1]
    ]


def overlapping(boxes: list[Any]) -> list[tuple[Any, Any]]:
    """The pairs of text boxes that run into each other."""
    return [
        (a, b)
        for i, a in enumerate(boxes)
        for b in boxes[i + 1 :]
        if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
    ]


def pseudo_words(drawn: Drawn) -> int:
    return sum(1 for words, _, _ in drawn if "[" in words and "~" in words)


def test_the_pseudo_locale_reaches_every_neuroshima_image_unclipped(drawn: Drawn) -> None:
    from games.neuroshima import rules
    from games.neuroshima.board import Board
    from games.neuroshima.tiles import tile_type
    from rendering.neuroshima import (
        battle_frames,
        battle_summary_image,
        board_image,
        game_over_image,
        hand_image,
        since_last_turn_image,
    )
    from tests.rendering.playouts import playout

    game, names = playout("golden-3"), ["Ada", "Brook"]
    mid = game.mid_game()
    view = rules.player_view(mid, mid.active)
    free = next(h for h in Board(view.board_radius).hexes if view.tile_at(h) is None)
    placeable = next(t for t in view.seats[mid.active].hand if tile_type(t).is_board_tile)
    battle = rules.player_view(game.after_battle(), None)
    since, waiting = game.since_last_turn()
    images = [
        board_image(rules.player_view(mid, None), names, SAY),
        hand_image(view, mid.active, names, (placeable, free, 2), SAY),
        *battle_frames(battle, names, SAY),
        battle_summary_image(battle, names, SAY),
        since_last_turn_image(rules.player_view(since, waiting), names, SAY),
        game_over_image(rules.player_view(game.final, None), names, SAY),
    ]
    assert all(i.width > 0 for i in images)
    assert pseudo_words(drawn) >= len(images)
    assert clipped(drawn) == []


def _box(t: Any) -> tuple[float, float, float, float]:
    """Where a laid-out label's ink lands."""
    from rendering.assets import font

    x0, y0, x1, y1 = font(t.size, t.font).getbbox(t.text, anchor=t.anchor, stroke_width=t.stroke)
    return t.xy[0] + x0, t.xy[1] + y0, t.xy[0] + x1, t.xy[1] + y1


def test_every_neuroshima_panel_line_stays_in_its_strip() -> None:
    from games.neuroshima import rules
    from rendering.neuroshima.battle import frame_layouts, summary_layout
    from rendering.neuroshima.board import board_layout, since_last_turn_layout
    from rendering.neuroshima.gameover import game_over_layout
    from tests.rendering.playouts import playout

    game, names = playout("golden-3"), ["Ada", "Brook"]
    since, waiting = game.since_last_turn()
    battle = rules.player_view(game.after_battle(), None)
    mid = rules.player_view(game.mid_game(), None)
    layouts = [
        board_layout(mid, mid.last_turn, names=names, say=SAY),
        since_last_turn_layout(rules.player_view(since, waiting), names, SAY),
        game_over_layout(rules.player_view(game.final, None), names, SAY),
        summary_layout(battle, names, SAY),
        *frame_layouts(battle, names, SAY),
    ]
    outside = []
    for layout in layouts:
        width = layout.size[0]
        for panel in layout.panels:
            for t in panel.texts:
                x0, y0, x1, y1 = _box(t)
                if x0 < 0 or x1 > width or y0 < panel.top or y1 > panel.top + panel.height:
                    outside.append((t.text, (x0, y0, x1, y1), (panel.top, panel.height, width)))
    assert outside == []


def test_the_measure_finds_a_clipped_text(drawn: Drawn) -> None:
    from PIL import Image

    from rendering.assets import font

    image = Image.new("RGB", (60, 20))
    ImageDraw.Draw(image).text((40, 2), SAY("Board"), font=font(12, "DejaVuSans.ttf"))
    assert len(clipped(drawn)) == 1


def test_every_space_alert_painter_fits_the_pseudo_locale(drawn: Drawn) -> None:
    from rendering.space_alert.style import WIDTH
    from tests.rendering.space_alert.test_languages import _overlaps, _painters

    for said, plain in zip(_painters(SAY), _painters(str), strict=True):
        for t in said.all_texts():
            x0, _, x1, _ = _box(t)
            assert x0 >= 0 and x1 <= WIDTH, t.text
        assert _overlaps(said) <= _overlaps(plain)
    assert clipped(drawn) == []


def test_the_warzone_table_fits_the_pseudo_locale(drawn: Drawn) -> None:
    from games.warzone import rules
    from rendering.warzone import table_image
    from rendering.warzone.layout import TABLE_PX, layout, text_box
    from rendering.warzone.paint import legend
    from tests.rendering.warzone.test_images import mid_game
    from tests.rendering.warzone.test_languages import _overlay

    view = rules.player_view(mid_game(), None)
    out = layout(view, _overlay(), SAY)
    banner = [text_box(t) for t in out.texts if t.xy[1] < out.frame.top]
    boxes = [text_box(t) for t in legend(out.frame, SAY)]
    right = out.frame.left + TABLE_PX
    assert all(out.frame.left <= box[0] and box[2] <= right for box in boxes), boxes
    assert overlapping(banner) == overlapping(boxes) == []
    table_image(view, _overlay(), SAY)
    assert pseudo_words(drawn) > 0 and clipped(drawn) == []


def test_every_sniper_elite_image_fits_the_pseudo_locale(drawn: Drawn) -> None:
    from games.sniper_elite import rules
    from rendering.sniper_elite import board_image, mission_over_image, turn_frames, turn_image
    from tests.rendering.sniper_elite.scenes import final
    from tests.rendering.sniper_elite.test_images import at_round

    view = rules.player_view(at_round("tidewater", "tidewater6", 4), 0)
    images = [board_image(view, SAY), turn_image(view, SAY), *turn_frames(view, SAY)]
    images += [mission_over_image(rules.player_view(final(b, s), 0), SAY)
               for b, s in (("tidewater", "tidewater6"), ("pinecrest", "pinecrest3"))]  # fmt: skip
    assert pseudo_words(drawn) >= len(images) and clipped(drawn) == []


def test_league_images_fit_the_pseudo_locale(drawn: Drawn) -> None:
    from rendering.leagues import podium, standings
    from tests.rendering.leagues.test_images import (
        said_sample,
        test_column_headings_are_never_cut,
    )

    test_column_headings_are_never_cut(PSEUDO)
    standings(said_sample(), SAY)
    podium("Friday Night: final", (("Alice", 4.0), ("Bob", 3.5), ("Carol", 3)), SAY)
    assert pseudo_words(drawn) > 0 and clipped(drawn) == []


PANEL_LABELS = (
    "other", "left", "right", "confirm", "back", "undo",
    "join", "leave", "start", "army", "accept", "decline", "fresh",
)  # fmt: skip
"""The Discord layer's own texts that label a panel's buttons and menus."""


def _step_labels() -> list[str]:
    """The labels the games' panels (data) give their steps: menu placeholders and prompts."""
    from bot.service.plugins.registry import builtin

    labels = []
    for plugin in builtin():
        for flow in plugin.panel.flows if plugin.panel is not None else ():
            for step in getattr(flow, "steps", ()):
                said = (getattr(step, "placeholder", None), getattr(step, "prompt", None))
                labels += [t for t in said if t]
    return labels


def test_every_panel_label_fits_discord_in_the_pseudo_locale() -> None:
    from bot.discord import i18n as discord_i18n

    said = {key: discord_i18n.t(key, PSEUDO) for key in PANEL_LABELS}
    said |= {str(label): SAY(label) for label in _step_labels()}
    assert len(said) > len(PANEL_LABELS)
    assert all("[" in label for label in said.values())
    assert {k: len(v) for k, v in said.items() if len(v) > 80} == {}  # a button label's limit
