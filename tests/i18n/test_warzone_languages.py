"""A Warzone skirmish through the console in the players' language: lobby, orders, log, tools.

One scripted game runs on the same seed in English and then in cs, ru and pl, with both
players' /settings language set. Line for line, a translated run may repeat an English line
only where the line is nothing but names, numbers and notation (model and squad keys, weapon
ids, typed orders).
"""

from __future__ import annotations

import re
from pathlib import Path

from bot.console.session import Session
from bot.service import FakeClock
from tests.console.conftest import open_session
from tests.hosting_warzone.driver import as_command

CAPITOL = (
    "battalion: line; 1 Lieutenant Chuck Robbins commander; 8 Light Infantry upgrade; "
    "8 Light Infantry"
)
LOBBY = (
    "/seed wz-i18n",
    "/as alice",
    "/warzone new terrain:ruined_outpost rounds:3",
    f"/warzone list text:{CAPITOL}",
    "/warzone list text:8 Light Infantry joins=5",
    "/warzone list text:3 Lite Infantry",
    "/warzone setup seed:alice-seed",
    "/warzone setup terrain:moon_base",
    "/as bob",
    "/warzone join game:1 army:dark_legion",
    "/warzone list",
    "/warzone setup seed:bob-42",
    "/as alice",
    "/warzone start",
)
TOOLS = (
    "/warzone do what:dance model:A2.1",
    "/warzone act action:walk A2.1 99,99",
    "/warzone act action:teleport A2.1",
    "/as alice",
    "/warzone los shooter:A2.1",
    "/warzone measure from:A2.1 to:18,18",
    "/warzone measure from:A2.1 to:99,1",
    "/warzone map",
    "/warzone orders squad:A2 sentry:ask window:before guard:false",
    "/warzone rules source:gap-fill name:standing",
    "/warzone rules name:heal",
    "/warzone rules name:nothing-matches",
)
ORDERS = 70
"""Orders of the script: deployment, the first round's activations and into the second."""
NAMES = ("alice", "bob", "Warzone Resurrection", "Capitol", "Dark Legion", "capitol",
         "dark_legion", "ruined_outpost", "moon_base", "city_block", "open_fields")  # fmt: skip


async def transcript(session: Session, lang: str) -> tuple[list[str], set[str]]:
    """The printed lines of the script, and every order typed (notation players keep)."""
    lines: list[str] = []
    typed: set[str] = set()

    async def say(line: str) -> None:
        lines.extend((await session.handle(line)).text.splitlines())

    for name in ("bob", "alice"):
        await session.handle(f"/as {name}")
        await session.handle(f"/settings language:{lang}")
    for line in LOBBY:
        await say(line)
    for turn in range(ORDERS):
        if turn == ORDERS // 2:
            for line in TOOLS:
                await say(line)
        waiting = [n for n in ("alice", "bob") if await session.service.waiting(n)]
        if not waiting:
            break
        if session.user != waiting[0]:
            await say(f"/as {waiting[0]}")
        games = await session.service.waiting(waiting[0])
        for text in await session.service.options(games[0].id, waiting[0]):
            typed.add(text)
            before = len(lines)
            await say(as_command(text))
            if not lines[before].startswith(("Error", "Chyba", "Ошибка", "Błąd")):
                break
    return lines, typed


NOTATION = re.compile(
    r"\b([A-B]\d+(\.\d+)?|[a-z]+_[a-z0-9_]+|sha256|[0-9a-f]{64}|RES|AP|RS|LD|CC|ST|SZ|"
    r"CON|DEF|IA|A|W|D20|CCWR)\b"
)


def verbatim_only(line: str, typed: set[str]) -> bool:
    """A line made of names, orders as typed, model and squad keys, ids and numbers only."""
    rest = line
    listed = (part.strip() for part in CAPITOL.split(";"))
    for word in sorted({*typed, *NAMES, *listed}, key=len, reverse=True):
        rest = rest.replace(word, "")
    rest = NOTATION.sub("", rest)
    return not re.sub(r"[\W\d_]+", "", rest)


async def _run(tmp_path: Path, lang: str) -> tuple[list[str], set[str]]:
    session = await open_session(tmp_path / f"{lang}.db", FakeClock())
    try:
        return await transcript(session, lang)
    finally:
        await session.service.close()


async def test_every_warzone_line_is_said_in_the_players_language(tmp_path: Path) -> None:
    english, typed = await _run(tmp_path, "en")
    # the script reaches what it means to show: orders, rolls, the log, tools, errors
    for line in (
        "Game 1 started.",
        "  chance: rolled 16",
        "seat 0 has the initiative",
        "seat 0 activates Lieutenant Chuck Robbins (A1)",
        "A1.1 M50 Assault Rifle (Onslaught Ammo) at B1.1: RS 15 +0 SZ -2 long range -4 cover "
        "(west ruin) = 9; rolled 20: miss (fumble)",
        "A2.6 (Light Infantry) is removed as a casualty",
        "A2.1 to 18,18: 10.35 in base to base (10.94 in centre to centre)",
        "Error (bad_action): Unknown or incomplete command 'teleport A2.1'. Try: keep, pass, "
        "side, deploy, policy, activate, walk, run, meleemove, charge, pivot, focus, evade, "
        "shoot, rapid, blast, fight, sentry, spot, res, ability, join, end, react.",
        "No rule matches.",
    ):
        assert line in english, line
    for lang in ("cs", "ru", "pl"):
        local, _ = await _run(tmp_path, lang)
        assert len(local) == len(english), lang
        same = [e for e, t in zip(english, local, strict=True) if e == t]
        assert [line for line in same if not verbatim_only(line, typed)] == [], lang
        if lang == "cs":
            czech = local
    for line in (
        "Hra 1 začala.",
        "  náhoda: padlo 16",
        "iniciativu má místo 0",
        "místo 0 aktivuje Lieutenant Chuck Robbins (A1)",
        "A1.1 M50 Assault Rifle (Onslaught Ammo) na B1.1: RS 15 +0 SZ -2 velká vzdálenost -4 kryt "
        "(západní ruina) = 9; padlo 20: vedle (do prázdna)",
        "A2.6 (Light Infantry) je odstraněn ze stolu jako mrtvý",
        "od A2.1 k 18,18: 10,35″ od podstavce k podstavci (10,94″ mezi středy)",
        "[z pravidel] schopnost: Heal: za každé ztracené W hoď D20 <= X (max 8) a W zůstane; ne "
        "proti zásahům do černého",
        "Žádné pravidlo neodpovídá.",
    ):
        assert line in czech, line
