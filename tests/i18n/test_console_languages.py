"""The console says everything in the acting user's language: lobby, play, errors, help, clocks.

One scripted hot-seat duel runs twice on the same seed: in English and with both players'
/settings language set. Line for line, a translated run may repeat an English line only where
the line is nothing but names, numbers and move notation (what players type stays as typed).
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.console.session import Session
from bot.service import FakeClock
from tests.console.conftest import open_session
from tests.console.helpers import legal_moves

SETUP = ("/as bob", "/settings language:{bob}", "/as you", "/settings language:{you}")
LOBBY = (
    "/help",
    "/help neuroshima new",
    "/seed i18n",
    "/neuroshima new mode:duel army:moloch clock:1h",
    "/neuroshima join game:1 army:moloch",
    "/as bob",
    "/neuroshima join game:1 army:moloch",
    "/neuroshima join game:1 army:outpost",
    "/neuroshima start",
    "/as you",
    "/neuroshima start",
    "/board",
    "/games",
    "/neuroshima hq hex:Z9",
    "/bogus",
    "/neuroshima",
    "/wait 35m",
)
AFTER = ("/undo", "/history", "/replay", "/replay step:9", "/neuroshima resign", "/profile",
         "/leaderboard", "/games", "/settings")  # fmt: skip
MOVES = 14
NAMES = ("you (Moloch)", "bob (Outpost)", "you", "bob", "Neuroshima Hex")


@pytest.fixture
async def console(tmp_path: Path) -> AsyncIterator[Session]:
    session = await open_session(tmp_path / "muster.db", FakeClock())
    yield session
    await session.service.close()


async def transcript(session: Session, you: str, bob: str) -> tuple[list[str], set[str]]:
    """The printed lines of the script (setup left out), and the move notation played."""
    lines: list[str] = []
    played: set[str] = set()

    async def say(line: str) -> None:
        lines.extend((await session.handle(line)).text.splitlines())

    for line in SETUP:
        await session.handle(line.format(you=you, bob=bob))
    for line in LOBBY:
        await say(line)
    for _ in range(MOVES):
        waiting = [n for n in ("you", "bob") if await session.service.waiting(n)]
        if session.user != waiting[0]:
            await say(f"/as {waiting[0]}")
        move = (await legal_moves(session))[0]
        played.add(move)
        await say(move)
    for line in AFTER:
        await say(line)
    return lines, played


def verbatim_only(line: str, played: set[str]) -> bool:
    """A line made of names, move notation, tile ids, numbers and usage only."""
    if re.fullmatch(r"\s*/[\w-]+( [\w-]+)?( \[?[\w-]+:[\w|-]+\]?)*", line):
        return True  # a usage line of /help: command and option names are typed as they are
    rest = line
    for word in sorted({*played, *NAMES}, key=len, reverse=True):
        rest = rest.replace(word, "")
    rest = re.sub(r"\b(drawn|[a-z0-9]+\.[a-z0-9_]+|[A-Z]\d+)\b", "", rest)
    return not re.sub(r"[\W\d_]+", "", rest)


@pytest.mark.parametrize(("you", "bob"), [("cs", "cs"), ("ru", "pl")])
async def test_every_line_is_said_in_the_players_language(
    tmp_path: Path, you: str, bob: str
) -> None:
    english_session = await open_session(tmp_path / "en.db", FakeClock())
    local_session = await open_session(tmp_path / f"{you}.db", FakeClock())
    try:
        english, played = await transcript(english_session, "en", "en")
        local, _ = await transcript(local_session, you, bob)
    finally:
        await english_session.service.close()
        await local_session.service.close()
    assert len(local) == len(english)
    same = [e for e, t in zip(english, local, strict=True) if e == t]
    assert [line for line in same if not verbatim_only(line, played)] == []
    # The English run is the English the tests elsewhere pin; a few of its lines, exactly:
    for line in (
        "Created game 1.",
        "Game 1: Neuroshima Hex, duel, 2 seats, 60 min per turn, rated. Host: you.",
        "Error (army_taken): The army moloch is taken.",
        "Error (not_host): Only the host or an admin can do that.",
        "Error (unknown_command): Unknown command /bogus. Type /help for the list.",
        "[reminder to you, game 1]",
    ):
        assert line in english


async def test_czech_lines_read_as_written(console: Session) -> None:
    lines, _ = await transcript(console, "cs", "cs")
    for line in (
        "Vytvořena hra 1.",
        "Hra 1: Neuroshima Hex, duel, 2 místa, 60 min na tah, hodnocená. Hostitel: you.",
        "Chyba (army_taken): moloch (armáda) už je obsazena.",
        "Chyba (unknown_command): Neznámý příkaz /bogus. Napište /help pro seznam.",
        "[upomínka pro you, hra 1]",
        "  Hra 1 (Neuroshima Hex) čeká na váš tah: na hodinách vám zbývá asi 25 minut"
        " (do po 6. 1. 13:00 UTC).",
        "  Otevřít lobby Neuroshima Hex",
        "Hry:",
    ):
        assert line in lines


async def test_settings_language_changes_the_next_replies(console: Session) -> None:
    english = (await console.handle("/games")).text
    assert english == "You are in no open games."
    answer = (await console.handle("/settings language:pl")).text
    assert answer == (
        "Ustawienia zapisane. Strefa czasowa: UTC; godziny ciszy: wył.; język: pl.\n"
        "Czas lokalny: pon., 6 sty, 12:00 UTC."
    )
    assert (await console.handle("/games")).text == "Nie masz otwartych gier."
    await console.handle("/settings language:en")
    assert (await console.handle("/games")).text == english


async def test_the_console_default_language_serves_users_without_a_setting(
    tmp_path: Path,
) -> None:
    session = await open_session(tmp_path / "muster.db", FakeClock())
    session.language = "ru"
    try:
        assert (await session.handle("/games")).text == "У вас нет открытых игр."
        await session.handle("/settings language:cs")
        assert (await session.handle("/games")).text == "Nejste v žádných otevřených hrách."
    finally:
        await session.service.close()
