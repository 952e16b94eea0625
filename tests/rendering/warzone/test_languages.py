"""The Warzone table in the reader's language: words translated, names and notation kept."""

from __future__ import annotations

from functools import partial
from itertools import pairwise

import pytest

from bot.service.i18n import LANGUAGES, localise
from bot.service.plugins.warzone import play as warzone_play
from bot.service.plugins.warzone.hosting import PRESENTER
from bot.service.presenters import image, speaks
from games.warzone import rules
from rendering.warzone import Overlay, table_image
from rendering.warzone.layout import TABLE_PX, Layout, layout, text_box
from rendering.warzone.paint import legend
from tests.rendering.golden import check
from tests.rendering.warzone.test_images import _enemy, mid_game

CZECH = partial(localise, lang="cs")


def _overlay() -> Overlay:
    state = mid_game()
    assert state.active_model is not None
    return Overlay(sights=((state.active_model, _enemy(state)),), measure=((2, 2), (10, 8)))


def _banner(out: Layout) -> list[str]:
    return [t.text for t in out.texts if t.xy[1] < out.frame.top]


def test_the_table_in_czech() -> None:
    view = rules.player_view(mid_game(), None)
    out = layout(view, _overlay(), CZECH)
    assert _banner(out) == [
        f"Kolo 2 z {view.last_round}, aktivace",
        f"místo {view.active_seat} (Dark Legion): B1 Necromutant Leader",
        "VB 0 : 0",
        f"zabitých {view.body_count[0]} : {view.body_count[1]}   "
        f"RES {view.res_left[0]} | {view.res_left[1]}",
    ]
    sight = next(t.text for t in out.texts if ">" in t.text)
    assert sight.startswith("B1.1>A2.1: ve výhledu, těžký kryt, ")
    words = [t.text for t in legend(out.frame, CZECH)]
    assert words[:3] == ["lehký kryt -2", "těžký kryt -4", "neprostupný"]
    assert words[4] == "h: blokuje výhled do této výšky"
    assert words[5].startswith("S stráž  E uhýbání")
    check("warzone_table.cs", table_image(view, _overlay(), CZECH))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_banner_and_legend_fit_in_every_language(lang: str) -> None:
    """No banner line runs into another, and the legend stays under the table, unclipped."""
    view = rules.player_view(mid_game(), None)
    say = partial(localise, lang=lang)
    out = layout(view, _overlay(), say)
    banner = [text_box(t) for t in out.texts if t.xy[1] < out.frame.top]
    for i, a in enumerate(banner):
        assert a[0] >= 0 and a[2] <= out.width
        for b in banner[i + 1 :]:
            assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]), (a, b)
    boxes = [text_box(t) for t in legend(out.frame, say)]
    right = out.frame.left + TABLE_PX
    assert all(out.frame.left <= box[0] and box[2] <= right for box in boxes), boxes
    row = sorted(boxes[:4])
    assert all(a[2] < b[0] for a, b in pairwise(row)), row


def test_the_presenter_and_the_tool_pictures_speak_the_readers_language() -> None:
    view = rules.player_view(mid_game(), None)
    assert PRESENTER.board is not None and speaks(PRESENTER.board)
    board = image("board.png", PRESENTER.board, view)
    assert board.png("pl") != board.png("en") == PRESENTER.board(view)
    picture = warzone_play.image(7, "los", view, _overlay())
    assert picture.png("cs") != picture.png("en")
    assert picture.png("en") == warzone_play.image(7, "los", view, _overlay()).png()
