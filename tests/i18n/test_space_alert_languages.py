"""Space Alert speaks the reader's language: lobby, planning panels, the computer, the flight.

A two-player mission runs hot-seat through the console twice on one seed: in English and with
both players' /settings language set. Line for line, a translated run may repeat an English line
only where it is nothing but commands, names, card faces and numbers. In Discord, a Czech
player's programming panel (menus, buttons, the turn-and-half step) reads Czech.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import rendering.space_alert as renderer
from bot.console.completion import complete_line
from bot.console.session import Session
from bot.service import FakeClock
from bot.service.i18n import localise
from bot.service.plugins.space_alert.planning import decision_name
from games.space_alert.actions import (
    Action,
    FlyAgain,
    LeaveStoreEmpty,
    RepairBattlebots,
    RepairDamage,
    SkipRepair,
    StopCampaign,
)
from games.space_alert.codec import CODEC
from tests.console.conftest import open_session
from tests.discord.conftest import World, make_world
from tests.discord.fakes import Sent, click

SETUP = ("/as bob", "/settings language:{bob}", "/as you", "/settings language:{you}")
LOBBY = (
    "/help space-alert",
    "/seed i18n",
    "/space-alert new crew:2 mission:simulation_1",
    "/as bob",
    "/space-alert join game:1",
    "/as you",
    "/space-alert start",
)
MISTAKES = (
    "/space-alert place card:999 slot:1 half:action",
    "/space-alert place card:{card} slot:12 half:action",
    "/space-alert clear slot:2",
    "/space-alert give card:{card} to:1",
    "/space-alert fly normal:white serious:white",
)
NAMES = ("you", "bob", "Android A", "Android B", "Space Alert", "simulation 1")


@pytest.fixture(autouse=True)
def no_drawing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Images stand in as bytes: this file reads what is said, the renderer has its tests."""
    for name in ("bridge_png", "program_png", "mission_summary_png", "score_card_png"):
        monkeypatch.setattr(renderer, name, lambda *args, **kwargs: b"png")
    monkeypatch.setattr(renderer, "replay_animation", lambda *args, **kwargs: b"gif")


async def _first(session: Session, line: str) -> str:
    """The first completion of `line` without its option name ('card:12' -> '12')."""
    found = await complete_line(session, line)
    return found[0].split(":", 1)[1]


async def transcript(session: Session, you: str, bob: str) -> list[str]:
    """The printed lines of the mission (the language setup left out)."""
    lines: list[str] = []

    async def say(line: str) -> None:
        lines.extend((await session.handle(line)).text.splitlines())

    for line in SETUP:
        await session.handle(line.format(you=you, bob=bob))
    for line in LOBBY:
        await say(line)
    for phase in (1, 2, 3):
        for who in ("you", "bob"):
            await say(f"/as {who}")
            card = await _first(session, "/space-alert place card:")
            if phase == 1 and who == "you":
                for mistake in MISTAKES:
                    await say(mistake.format(card=card))
            slot = await _first(session, f"/space-alert place card:{card} slot:")
            await say(f"/space-alert place card:{card} slot:{slot} half:action")
            await say("/space-alert lock")
    await say("/games")
    return lines


def verbatim_only(line: str) -> bool:
    """A line of commands and their usage, names, card faces, ids and numbers only."""
    if re.fullmatch(r"\s*/[\w-]+( [\w-]+)?( \[?[\w-]+:[\w|-]+\]?)*", line):
        return True  # a command as typed, or a usage line of /help
    rest = line
    for word in sorted(NAMES, key=len, reverse=True):
        rest = rest.replace(word, "")
    rest = re.sub(r"#\d+ \w+/\w+|\b[A-Z]+\d*-\d+\b|\bP\d\b", "", rest)
    return not re.sub(r"[\W\d_]+", "", rest)


@pytest.mark.parametrize(("you", "bob"), [("cs", "cs"), ("ru", "pl")])
async def test_every_line_of_a_mission_is_said_in_the_players_language(
    tmp_path: Path, you: str, bob: str
) -> None:
    english_session = await open_session(tmp_path / "en.db", FakeClock())
    local_session = await open_session(tmp_path / f"{you}.db", FakeClock())
    try:
        english = await transcript(english_session, "en", "en")
        local = await transcript(local_session, you, bob)
    finally:
        await english_session.service.close()
        await local_session.service.close()
    assert len(local) == len(english)
    same = [e for e, t in zip(english, local, strict=True) if e == t]
    assert [line for line in same if not verbatim_only(line)] == []
    # The English run is the English the other tests pin; a few of its lines, exactly:
    for line in (
        "  Time T+3: serious threat in the white zone. Man-of-War (SE1-02).",
        "  Captain order: you (captain), bob (crew 2), Android A (crew 3), Android B (crew 4).",
        "    Phase 1: data transfer - each player may hand over 2 cards.",
        "Error (not_in_hand): Card #999 is not in your hand.",
        "Error (slot_closed): Slot 12 is not open; this phase plans turns 1-3.",
        "Error (bad_receiver): Give the card to another player.",
    ):
        assert line in english


async def test_czech_lines_read_as_written(tmp_path: Path) -> None:
    session = await open_session(tmp_path / "cs.db", FakeClock())
    try:
        lines = await transcript(session, "cs", "cs")
    finally:
        await session.service.close()
    for line in (
        "  náhoda: let je připraven (mise zvolená v lobby): trajektorie červená T7, bílá T1, "
        "modrá T6, vnitřní T4",
        "  Čas T+3: vážná hrozba v bílé zóně. Man-of-War (SE1-02).",
        "  Pořadí velení: you (kapitán), bob (člen posádky 2), Android A (člen posádky 3), "
        "Android B (člen posádky 4).",
        "  Můstek, fáze 1 (kola 1-3).",
        "    Fáze 1: přenos dat – každý hráč smí předat 2 karty.",
        "Chyba (slot_closed): Políčko 12 není otevřené; tato fáze plánuje kola 1-3.",
        "Chyba (not_a_player_action): Položte, vezměte zpět či předejte kartu, nebo uzamkněte "
        "program.",
        "bob: uzamyká program",
        "  Hra 1 skončila. Mise selhala: modrá zóna utrpěla sedmé poškození.",
    ):
        assert line in lines


def test_answers_between_flights_read_as_typed_in_english_and_as_sentences_in_czech() -> None:
    answers: dict[Action, str] = {
        FlyAgain("white", "mixed"): "letět dál (běžné white, vážné mixed)",
        StopCampaign(): "ukončit kampaň",
        RepairDamage("red", "reactor"): "opravit reactor v zóně red",
        RepairBattlebots(): "opravit tým robotů",
        SkipRepair(): "nic neopravovat",
        LeaveStoreEmpty("lower_red"): "nechat prázdné úložiště lower_red",
    }
    for action, czech in answers.items():
        name = decision_name(action)
        assert (name, localise(name, "cs")) == (CODEC.format(action), czech)


# --- Discord -------------------------------------------------------------------------------
@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    w = await make_world(tmp_path, FakeClock())
    yield w
    await w.service.close()


def labels(sent: Sent) -> list[str]:
    """What a panel's components say: button labels, menu placeholders and option labels."""
    said: list[str] = []
    for child in sent.view.children if sent.view is not None else ():
        item: Any = getattr(child, "item", child)
        said += [item.label] if getattr(item, "label", None) else []
        said += [item.placeholder] if getattr(item, "placeholder", None) else []
        said += [o.label for o in getattr(item, "options", ())]
    return said


async def solo_panel(world: World, lang: str) -> tuple[Sent, int]:
    """alice, reading `lang`, flies solo: the panel she is sent, and the game."""
    await world.slash(world.alice, "settings", language=lang)
    await world.slash(world.alice, "space-alert new", crew=1, mission="simulation_1")
    panel = next(
        s for s in reversed(world.client.log) if any(c.startswith("ss:") for c in s.custom_ids)
    )
    return panel, int(panel.custom_ids[0].split(":")[1])


async def test_a_czech_players_programming_panel_reads_czech(world: World) -> None:
    panel, _ = await solo_panel(world, "cs")
    said = labels(panel)
    for label in ("Naprogramovat kartu…", "Uzamknout fázi 1"):
        assert label in said
    assert any(s.startswith("Deska 1: Android A") for s in said)
    assert "Hra 1 (Space Alert): jste na tahu." in (panel.content or "")
    menu = next(c for c in panel.custom_ids if c.split(":")[4] == "card")
    card = panel.options(menu)[0]
    me = world.interaction(world.alice)
    await click(me, menu, card)
    asked = world.client.log.of("edit_original", me.id)[-1]
    assert asked.content == f"Karta #{card}: které kolo a kterou polovinou nahoru?"
    turns = labels(asked)
    assert "Zpět" in turns
    assert any(t.startswith("Kolo 1: akční polovinou nahoru (") for t in turns)


@pytest.mark.parametrize("lang", ["cs", "ru", "pl"])
async def test_panel_labels_fit_discord_in_every_language(world: World, lang: str) -> None:
    panel, _ = await solo_panel(world, lang)
    said = labels(panel)
    assert said and all(len(label) <= 80 for label in said)
    english = {"Program a card…", "Take a card back…", "Lock in phase 1", "Back"}
    assert not english & set(said)
