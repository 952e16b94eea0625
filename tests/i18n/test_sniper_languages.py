"""The solo sniper mission in the player's language: the console transcript and the images.

One short scripted mission (entry, gear, moves, shots, the defenders' turns, a typo, resign,
verify, records) runs on the same seed in English and with the player's /settings language.
Line for line, a translated run may repeat an English line only where the line is nothing but
names (map, card and objective titles, players), space ids, numbers, move notation and digests.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from bot.console.completion import complete_line
from bot.service import FakeClock
from bot.service.plugins.sniper_elite.hosting import presenter
from bot.service.presenters import image, sayer, speaks
from games.sniper_elite import rules
from games.sniper_elite.board import BOARD_KEYS, load_board
from games.sniper_elite.cards import equipment_cards, objective_titles, order_cards
from games.sniper_elite.view import SlotView
from rendering.assets import font
from rendering.canvas import Text as Label
from rendering.sniper_elite import board_image, turn_animation, turn_frames
from rendering.sniper_elite import style as st
from rendering.sniper_elite.board import SceneLayout, mission_over_layout, scene_layout
from rendering.sniper_elite.panel import order_strip
from rendering.sniper_elite.turn import frame_layouts, frame_steps
from tests.console.conftest import open_session
from tests.rendering.sniper_elite.scenes import final, first
from tests.rendering.sniper_elite.test_images import check

START = (
    "/seed i18n",
    "/sniper new map:tidewater challenge:scout",
    "/sniper start seed:my words",
    "/board",
)
MOVES = 16
PREFERRED = (r"enter \w+", r"(reward|keep|place|discard) .*", r"shoot \w+ 3", r"move \w+", "end")
"""The script's choice among the legal moves: enter, answer, shoot with 3 tokens, step, end."""
AFTER = ("/sniper act action:fly A1", "/sniper act action:move B3,B4,C4,D4", "/board",
         "/resign", "/sniper verify", "/sniper records", "/sniper leaderboard map:tidewater "
         "challenge:scout", "/history")  # fmt: skip


def names() -> list[str]:
    """Everything a line may repeat untranslated: titles, ids, map and game names, players."""
    found = ["Sniper Elite solo mission", "you", "my words", "i18n"]
    found += [load_board(key).name for key in BOARD_KEYS] + list(BOARD_KEYS)
    found += [c.title for c in order_cards().values()]
    found += [c.title for c in equipment_cards().values()] + list(equipment_cards())
    found += [t for key in BOARD_KEYS for t in objective_titles(key).values()]
    return found


def verbatim_only(line: str) -> bool:
    """A line made of names, space ids, notation, numbers and digests only."""
    rest = line
    for word in sorted(names(), key=len, reverse=True):
        rest = rest.replace(word, "")
    rest = re.sub(r"\b([0-9a-f]{32,}|[A-Z]\d{1,2}|[a-z]+(_[a-z0-9]+)+)\b", "", rest)
    notation = "enter|move|shoot|equip|reward|keep|place|discard|loot|objective|end|noise|recoil"
    rest = re.sub(rf"\b({notation}|precision)\b", "", rest)
    return not re.sub(r"[\W\d_]+", "", rest)


async def transcript(tmp: Path, lang: str) -> list[str]:
    """The printed lines of the mission in `lang` (moves chosen by PREFERRED)."""
    session = await open_session(tmp / f"{lang}.db", FakeClock())
    lines: list[str] = []

    async def say(line: str) -> None:
        lines.extend((await session.handle(line)).text.splitlines())

    try:
        await session.handle(f"/settings language:{lang}")
        for line in START:
            await say(line)
        for _ in range(MOVES):
            found = await complete_line(session, "/sniper act action:")
            # The first 25, as Discord offers them: the mission whose lines are pinned below.
            legal = [c.removeprefix("action:") for c in found][:25]
            move = next((m for p in PREFERRED for m in legal if re.fullmatch(p, m)), None)
            if move is None:
                break
            await say(f"/sniper act action:{move}")
        for line in AFTER:
            await say(line)
    finally:
        await session.service.close()
    return lines


@pytest.mark.parametrize("lang", ["cs", "ru", "pl"])
async def test_every_line_of_a_mission_is_said_in_the_players_language(
    tmp_path: Path, lang: str
) -> None:
    english = await transcript(tmp_path, "en")
    local = await transcript(tmp_path, lang)
    assert len(local) == len(english)
    same = [e for e, t in zip(english, local, strict=True) if e == t]
    assert [line for line in same if not verbatim_only(line)] == []
    # The English run is the English other tests pin; some of its lines, exactly:
    for line in (
        "  The defenders' turn.",
        "  The order die shows 1 chevron: the left card.",
        "Error (bad_action): Unknown command 'fly'. Try: enter, discard, move, ...",
        "  Game 1 was abandoned.",
        "  Reward: 1 noise token to the bottom of your health stack.",
    ):
        assert line in english, line


async def test_czech_lines_read_as_written(tmp_path: Path) -> None:
    lines = await transcript(tmp_path, "cs")
    for line in (
        "  Vstupujete na pole M14 (bílá). Pravděpodobné úkoly: 2, 3, 5, 6, 7, 8.",
        "  Tah obránců.",
        "  Na kostce rozkazů padl 1 prýmek: karta nalevo.",
        # Every probable objective is guarded here, so 'Bolt the Doors' calls nobody.
        "  Na poli A1 pátrá červený obránce 1 a nic nenajde.",
        "  Dostáváte zásah (našel vás černý obránce 3): žeton hluku jde do pytlíku.",
        "  Zásah: z pole A11 odchází červený obránce 3.",
        "  Odměna: 1 žeton hluku dospod komínku zdraví.",
        "Kolo 1, volba vstupu. Odstřelovač: zatím mimo herní plán; poslední známá oblast: nic.",
        "Pytlík: přesnost 6, hluk 2, zpětný ráz 3, tlumič 0.",
        "Chyba (bad_action): Neznámý příkaz 'fly'. Zkuste: enter, discard, move, ...",
    ):
        assert line in lines, line


def layouts(lang: str) -> list[SceneLayout]:
    """The board, the mission-over image and every defenders' turn frame, said in `lang`."""
    say = sayer(lang)
    mid = first("tidewater", "tidewater6", lambda s: s.round == 4)
    view = rules.player_view(mid, 0)
    over = rules.player_view(final("pinecrest", "pinecrest3"), 0)
    return [scene_layout(view, say=say), mission_over_layout(over, say), *frame_layouts(view, say)]


def right_edge(text: Label) -> float:
    width = font(text.size, text.font).getlength(text.text)
    start = {"l": 0.0, "m": 0.5, "r": 1.0}[text.anchor[0]] * width
    return text.xy[0] - start + width


@pytest.mark.parametrize("lang", ["en", "cs", "ru", "pl"])
def test_every_word_fits_the_image(lang: str) -> None:
    for layout in layouts(lang):
        legend = [t for s in layout.strips for t in s.texts if t.size == 15 and t.anchor == "lm"]
        assert legend and max(right_edge(t) for t in legend) <= layout.width - st.MARGIN / 2
        for strip in layout.strips:
            for text in strip.texts:
                assert right_edge(text) <= layout.width - st.MARGIN / 2, text.text


@pytest.mark.parametrize("lang", ["en", "cs", "ru", "pl"])
def test_every_order_card_is_said_whole_on_its_card(lang: str) -> None:
    view = rules.player_view(first("tidewater", "tidewater2", lambda s: s.round == 2), 0)
    cards = sorted(order_cards().values(), key=lambda c: c.id)
    for k in range(0, len(cards), 3):
        slots = tuple(SlotView(True, c.id, c.title, c.text) for c in cards[k : k + 3])
        strip = order_strip(0, replace(view, slots=slots), say=sayer(lang))
        said = [t.text for t in strip.texts]
        assert not [line for line in said if line.endswith("…")], [c.id for c in cards[k : k + 3]]
        for card in cards[k : k + 3]:
            last = sayer(lang)(card.text).split()[-1]
            assert any(line.endswith(last) for line in said), (card.id, last)


def test_a_czech_board_says_czech_and_keeps_names() -> None:
    state = first("tidewater", "tidewater2", lambda s: s.round == 5)
    view = rules.player_view(state, 0)
    words = [t.text for s in scene_layout(view, say=sayer("cs")).strips for t in s.texts]
    assert "Deska rozkazů" in words and "Poslední známá oblast" in words
    assert "Tidewater Depot · kolo 5" in words and "Order board" not in words
    check("board_tidewater.cs", board_image(view, sayer("cs")))


def test_a_czech_frame_of_the_defenders_turn() -> None:
    state = first("tidewater", "tidewater6", lambda s: s.round == 4)
    view = rules.player_view(state, 0)
    frames = turn_frames(view, sayer("cs"))
    walk = next(i for i, g in enumerate(frame_steps(view)) if len(g[-1].path) >= 2)
    check("turn_frame_walk.cs", frames[walk])


def test_the_host_draws_the_board_and_the_defenders_turn_in_the_readers_language() -> None:
    board = presenter().board
    assert board is not None and speaks(board) and speaks(turn_animation)
    view = rules.player_view(first("tidewater", "tidewater2", lambda s: s.round == 2), 0)
    drawn = image("board.png", board, view)
    assert drawn.png("cs") != drawn.png("en")
