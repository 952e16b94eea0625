"""A fifth game hosted by adding one plug-in package and nothing else: Stones, played through
the console and through the in-process Discord harness."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.console.completion import complete_line
from bot.console.session import Session
from bot.console.show import Images
from bot.discord import i18n
from bot.service import FakeClock, Service
from bot.service.plugin import install, installed
from bot.service.plugins.registry import builtin
from games import registry
from storage.sqlite import SqliteStore
from tests.console.helpers import run
from tests.contract.stones import STONES
from tests.discord.real.payloads import JSON, Person
from tests.discord.real.world import DiscordWorld
from tests.plugins.stones.plugin import PLUGIN

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = ("bot", "games", "rendering", "storage")
"""The code Muster ships: Stones is hosted without a line of it naming the game."""


@pytest.fixture(autouse=True)
def stones_rules() -> None:
    if STONES.key not in registry.GAMES:
        registry.register(STONES)


@pytest.fixture
async def session(tmp_path: Path) -> AsyncIterator[Session]:
    clock = FakeClock()
    store = await SqliteStore.open(tmp_path / "muster.db", clock=clock.now)
    service = Service(store, clock, plugins=(*builtin(), PLUGIN))
    yield Session(service, Images(None), clock)
    await service.close()
    install(builtin())  # the next test hosts the shipped games only


def test_no_shipped_file_names_stones() -> None:
    named = re.compile(r"\bstones\b", re.IGNORECASE)
    found = [
        path.relative_to(ROOT).as_posix()
        for top in PRODUCT
        for path in sorted((ROOT / top).rglob("*"))
        if path.suffix in {".py", ".json", ".toml", ".txt"}
        and named.search(path.read_text(encoding="utf-8"))
    ]
    assert found == []


async def test_the_service_hosts_exactly_the_plug_ins_it_is_built_with(session: Session) -> None:
    assert [p.key for p in installed()] == [
        "neuroshima",
        "space_alert",
        "sniper_elite",
        "warzone",
        "stones",
    ]
    out = await run(session, "/help stones")
    assert "/stones new" in out and "/stones act action:str" in out


async def take_all(session: Session, players: tuple[str, ...]) -> str:
    """Whoever is to act takes as many stones as the completion offers, until the game ends."""
    transcript: list[str] = []
    for _ in range(60):
        movers = [p for p in players if await session.service.waiting(p)]
        if not movers:
            return "\n".join(transcript)
        transcript.append(await run(session, f"/as {movers[0]}"))
        offered = await complete_line(session, "/stones act action:")
        move = offered[-1].removeprefix("action:")
        transcript.append(await run(session, f"/stones act action:{move}"))
    raise AssertionError("the game did not end")


async def test_a_game_of_stones_in_the_console(session: Session) -> None:
    out = await run(
        session, "/seed pile", "/as alice", "/stones new", "/as bob", "/stones join game:1"
    )
    assert "Game 1: Stones, duel, 2 seats" in out and "seat 1: bob" in out
    out = await run(session, "/as alice", "/stones start", "/board", "/hand")
    assert "chance: the pile is dealt" in out and "15 stones in the pile; your bonus: 1" in out
    assert "You can: take 1, take 2, take 3" in out
    out = await take_all(session, ("alice", "bob"))
    assert "alice: takes 3" in out and "bob: takes 3" in out and "3 stones in the pile" in out
    assert "Game 1 is over: alice won (took the last stone)." in out
    out = await run(session, "/history", "/profile game:stones")
    assert "Result: took the last stone" in out
    assert "alice in Stones: rating 3.4, 1 game, 1 win." in out


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[DiscordWorld]:
    found = await DiscordWorld.open(tmp_path, plugins=(*builtin(), PLUGIN))
    yield found
    await found.close()
    install(builtin())
    assert found.problems() == []


def act_menu(world: DiscordWorld, who: Person) -> tuple[JSON, JSON] | None:
    """The newest DM panel of `who` with a move menu on it, and that menu."""
    for message in reversed(world.dms(who)):
        menus = [
            c
            for row in message["components"]
            for c in row["components"]
            if c["type"] == 3 and ":act:" in c["custom_id"]
        ]
        if menus:
            return message, menus[0]
    return None


async def test_a_game_of_stones_on_discord(world: DiscordWorld) -> None:
    alice, bob = world.alice, world.bob
    lobby = (await world.slash(alice, "stones new")).message
    assert lobby["content"].startswith("Game 1: Stones, duel, 2 seats")
    await world.click(bob, lobby, i18n.t("join", "en"))
    assert "seat 1: Bob" in lobby["content"]
    started = await world.slash(alice, "stones start")
    assert started.message["content"].startswith("Game 1 started.")
    (thread,) = world.threads()
    moves = 0
    while not any("is over" in m["content"] for m in world.messages(thread)):
        said = re.findall(r"To act: (\w+)\.", world.messages(thread)[-1]["content"])
        (name,) = said  # the thread says whose move it is; their DM panel has the menu
        mover = {"Alice": alice, "Bob": bob}[name]
        panel, menu = act_menu(world, mover) or pytest.fail(f"{mover.name} has no move menu")
        options = [o["value"] for o in menu["options"]]
        assert options == [f"take {n}" for n in range(1, len(options) + 1)]
        await world.select(mover, panel, menu["custom_id"], options[-1])
        moves += 1
        assert moves < 20, "the game did not end"
    told = "\n".join(m["content"] for m in world.messages(thread))
    assert "Game 1 (Stones) has started.\nchance: the pile is dealt" in told
    assert "Alice: takes 3" in told and "Bob: takes 3" in told
    assert "Game 1 is over: Alice won (took the last stone)." in told
