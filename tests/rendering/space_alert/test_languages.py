"""Space Alert images in the reader's language: words translated, threat and crew names kept,
and every translated word still fits where the English one sat."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.discord import files
from bot.service import FakeClock, Service
from bot.service.i18n import localise, translations
from bot.service.outbox import Image
from games.text import Text
from rendering.assets import font
from rendering.canvas import Text as Label
from rendering.space_alert import bridge_image, program_image, score_card_image
from rendering.space_alert.backdrop import ZONE_NAMES, zone_plate
from rendering.space_alert.board import impact_left
from rendering.space_alert.bridge import bridge_painter, public_bridge
from rendering.space_alert.program import program_painter
from rendering.space_alert.replay import Crew, frame_painter
from rendering.space_alert.scorecard import score_card_painter
from rendering.space_alert.style import WIDTH, ZONES, Painter
from rendering.space_alert.summary import summary_painter, view_programs
from storage.sqlite import SqliteStore
from tests.discord.conftest import make_world
from tests.discord.fakes import click
from tests.discord.test_space_alert import lock, open_mission, panel_of, pick
from tests.hosting.helpers import CREW, command, crew
from tests.i18n.test_discord_languages import slash, tap
from tests.rendering.space_alert.golden import check
from tests.rendering.space_alert.playouts import RULES, flight, mission

NAMES = ["Ada", "Brook", "Cy", "Dee"]
LEVIATHAN = "31_leviathan_blast_finishes_swarm"
CZECH = partial(localise, lang="cs")
RUSSIAN = partial(localise, lang="ru")


def _planning() -> Any:
    return flight("golden-1", 4, mission="mission_3").planning(2, locked=2)


def _words(p: Painter) -> list[str]:
    return [t.text for t in p.all_texts()]


def test_the_bridge_in_czech() -> None:
    bridge = public_bridge(RULES.player_view(_planning(), None), NAMES)
    words = _words(bridge_painter(bridge, CZECH))
    assert "Můstek · fáze 2 z 3" in words
    assert "Mission 3 · programují se kola 4-7 · uzamčeno 2 z 4" in words
    assert {"POSÁDKA", "POČÍTAČ", "ČERVENÁ ZÓNA", "Velký laser", "Stíhačky"} <= set(words)
    assert "T+3  Fighter" in words  # threat names and notation stay as the game names them
    assert words.count("uzamčeno ✓") == 2 and words.count("programuje…") == 2
    check("bridge.cs", bridge_image(RULES.player_view(_planning(), None), NAMES, CZECH))


def test_the_program_in_czech() -> None:
    view = RULES.player_view(_planning(), 2)
    words = _words(program_painter(view, NAMES, CZECH))
    assert words[0] == "Váš program · Cy"
    assert "VAŠE RUKA · 12 karet" in words
    assert {"střelba", "vpravo", "hrdinská", "dolní modrá", "OHLÁŠENÉ HROZBY"} <= set(words)
    check("program_four.cs", program_image(view, NAMES, CZECH))


def test_the_score_card_in_russian() -> None:
    _, result = mission(LEVIATHAN)
    words = _words(score_card_painter(result, say=RUSSIAN))
    assert words[:2] == ["Миссия выполнена", "Бортовой журнал"]
    assert {"УНИЧТОЖЕННЫЕ УГРОЗЫ", "ШТРАФЫ", "ИТОГО", "Выбывшие: никто"} <= set(words)
    check("score_card.ru", score_card_image(result, say=RUSSIAN))


def _painters(say: Callable[[str], str]) -> list[Painter]:
    """Every kind of Space Alert image, from planning to a lost ship and a shipped mission."""
    final = RULES.player_view(flight("golden-1", 4, mission="mission_3").final, None)
    assert final.result is not None
    androids = RULES.player_view(flight("golden-2", 2, mission="mission_2").planning(2), 0)
    plan, result = mission(LEVIATHAN)
    tracks = (*plan.tracks, plan.internal_track)
    crew = [Crew(c.name, n) for c, n in zip(plan.crew, NAMES, strict=True)]
    lost_crew = [Crew(b.name, b.name) for b in final.boards]
    return [
        bridge_painter(public_bridge(RULES.player_view(_planning(), None), NAMES), say),
        program_painter(RULES.player_view(_planning(), 2), NAMES, say),
        program_painter(androids, ["Ada", "Brook"], say),
        score_card_painter(result, say=say),
        score_card_painter(final.result, final.mission, say),
        summary_painter(final.result, view_programs(final, NAMES), final.mission, say),
        frame_painter(result, 4, tracks, crew, say=say),
        frame_painter(final.result, len(final.result.frames) - 1, final.tracks, lost_crew, "", say),
    ]


def _box(t: Label) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = font(t.size, t.font).getbbox(t.text, anchor=t.anchor)
    return t.xy[0] + x0, t.xy[1] + y0, t.xy[0] + x1, t.xy[1] + y1


def _overlaps(p: Painter) -> int:
    boxes = [_box(t) for t in p.all_texts() if t.text.strip()]
    return sum(
        1
        for a, b in itertools.combinations(boxes, 2)
        if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
    )


@pytest.mark.parametrize("lang", ["cs", "ru", "pl"])
def test_every_word_is_said_and_fits(lang: str) -> None:
    say = partial(localise, lang=lang)
    said_by = translations(lang)
    english = {w for p in _painters(str) for w in _words(p) if said_by.gettext(w) != w}
    for said, plain in zip(_painters(say), _painters(str), strict=True):
        words = _words(said)
        assert [w for w in words if w in english] == []
        assert words != _words(plain)
        for t in said.all_texts():
            x0, _, x1, _ = _box(t)
            assert x0 >= 0 and x1 <= WIDTH, t.text
        # A longer word may not run into its neighbour where the English one did not.
        assert _overlaps(said) <= _overlaps(plain)


@pytest.mark.parametrize("lang", ["en", "cs", "ru", "pl"])
def test_a_hit_marker_never_covers_the_zone_name(lang: str) -> None:
    say = partial(localise, lang=lang)
    markers = [Text("shields held"), Text.plural("{count} damage", "{count} damage", 3)]
    for zone, key in enumerate(ZONES):
        _, plate_end = zone_plate(zone, say(ZONE_NAMES[key]))
        assert all(plate_end + 4 <= impact_left(zone, say(m)) for m in markers), key


async def _service_images(folder: Path) -> list[Image]:
    """The bridge a lock-in edits, the board anyone may look at, and a player's own panel."""
    clock = FakeClock()
    store = await SqliteStore.open(folder / "muster.db", clock=clock.now)
    service = Service(store, clock)
    try:
        game = await crew(service, "languages", mission="simulation_1")
        replies = [
            await command(service, CREW[0], "space-alert lock"),
            await service.board(game),
            await service.hand(game, CREW[1]),
        ]
    finally:
        await service.close()
    return [i for r in replies for m in r.messages if hasattr(m, "images") for i in m.images]


def test_a_czech_reader_gets_czech_images_from_the_service(tmp_path: Path) -> None:
    images = asyncio.run(_service_images(tmp_path))
    assert [i.name.rsplit("-", 1)[1] for i in images] == ["bridge.png", "board.png", "hand.png"]
    for image in images:
        english, czech = image.png("en"), image.png("cs")
        assert czech.startswith(b"\x89PNG") and czech != english
        assert image.png("en") == english  # drawn once per language, then kept


async def test_the_bridge_in_a_russian_thread_and_a_czech_panel(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[tuple[str, str]] = []
    real = files.draw_images

    async def record(images: Sequence[Image], lang: str) -> list[tuple[str, bytes]]:
        drawn.extend((image.name, lang) for image in images)
        return await real(images, lang)

    monkeypatch.setattr(files, "draw_images", record)
    world = await make_world(tmp_path, FakeClock())
    try:
        en = discord.Locale.american_english
        await slash(world, world.alice, "settings", en, server_language="ru", admin=True)
        await slash(world, world.bob, "settings", en, language="cs")
        crew = await open_mission(world, ())
        await lock(world, crew, "alice")  # the bridge message is edited in the thread
        panel = panel_of(world, crew, "bob")
        menu = pick(panel, "card")
        me = tap(world, world.bob, en)
        await click(me, menu, panel.options(menu)[0])
        where = world.client.log.of("edit_original", me.id)[-1]
        # Placing the card redraws bob's panel in place, with the program image.
        await click(tap(world, world.bob, en), pick(where, "put"), "1:action")
    finally:
        await world.service.close()
    bridges = {lang for name, lang in drawn if name.endswith("-bridge.png")}
    panels = {lang for name, lang in drawn if name.endswith(f"seat{crew.seat('bob')}-hand.png")}
    assert bridges == {"ru"} and panels == {"cs"}
