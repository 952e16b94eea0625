"""Neuroshima images in the reader's language: words translated, names and hex labels kept."""

from __future__ import annotations

from functools import partial

from bot.service.i18n import localise
from games.neuroshima import rules
from games.neuroshima.board import Board
from games.neuroshima.tiles import tile_type
from rendering.neuroshima import battle_frames, board_image, hand_image
from rendering.neuroshima.battle import summary_layout
from rendering.neuroshima.board import board_layout
from rendering.neuroshima.hand import hand_layout
from tests.rendering.golden import check
from tests.rendering.playouts import playout

SEED = "golden-3"
CZECH = partial(localise, lang="cs")
RUSSIAN = partial(localise, lang="ru")


def _words(texts: list) -> list[str]:  # type: ignore[type-arg]
    return [t.text for t in texts]


def test_the_hand_in_czech() -> None:
    state = playout(SEED).mid_game()
    view = rules.player_view(state, state.active)
    free = next(h for h in Board(view.board_radius).hexes if view.tile_at(h) is None)
    placeable = next(t for t in view.seats[state.active].hand if tile_type(t).is_board_tile)
    layout = hand_layout(view, state.active, ["Ada", "Brook"], (placeable, free, 2), CZECH)
    words = _words(layout.texts)
    assert words[0] == "Ruka – Brook (Outpost)"
    assert any(w.startswith("jednotka · iniciativa ") for w in words)
    image = hand_image(view, state.active, None, (placeable, free, 2), CZECH)
    check("hand.cs", image)


def test_the_board_in_czech() -> None:
    state = playout(SEED).mid_game()
    view = rules.player_view(state, None)
    layout = board_layout(view, view.last_turn, say=CZECH)
    words = [t.text for panel in layout.panels for t in panel.texts]
    assert words[0].startswith(f"Tah {view.turn} · ") and "Místo" in words[0]
    assert any(" v balíčku · " in w and w.endswith(" v ruce") for w in words)
    assert not any("Turn" in w or "deck" in w for w in words)
    check("board.cs", board_image(view, None, CZECH))


def test_a_battle_in_russian() -> None:
    view = rules.player_view(playout(SEED).after_battle(), None)
    assert view.last_battle is not None
    frames = battle_frames(view, ["Ada", "Brook"], RUSSIAN)
    check("battle_1.ru", frames[1])
    summary = _words(summary_layout(view, ["Ada", "Brook"], RUSSIAN).all_texts())
    assert "По фазам" in summary
    assert any(w.startswith("Инициатива ") and "попадани" in w for w in summary)
