"""Whole Sniper Elite and Warzone games read through the console name things, never their ids.

The text of a whole played game (every reply, private update, refusal, tool and `/history`) is
scanned for snake_case ids (`heard_moving`, `camouflage_net`, `wall_w`, `dark_legion`) and for a
key said twice ("(B2) (B2)"). Move notation is what players type, so the legal moves offered
along the way (and the commands typed) are taken out before the scan.
"""

from __future__ import annotations

import random
import re

from bot.console.session import Session
from tests.console.helpers import run
from tests.hosting_warzone.driver import as_command

SNAKE_ID = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
TWICE = re.compile(r"\((\w[\w.]*)\) \(\1\)")


MOVE_LIST = re.compile(r"^\s*(?:You can: |[a-z-]+, \d+ in all: )(.*)$")
"""A list of legal moves ("You can: ...", or one kind of them: "shoot, 36 in all: ...")."""
ERROR_CODE = re.compile(r"^Error \([a-z_]+\): ")


def leaks(transcript: list[str], notation: set[str]) -> list[str]:
    """Lines of the transcript that still show an id once typed input and moves are removed."""
    lines = "\n".join(transcript).splitlines()
    for line in lines:
        if listed := MOVE_LIST.match(line):
            notation.update(m.strip() for m in listed.group(1).split(", "))
    found = []
    words = sorted(notation, key=len, reverse=True)
    for line in lines:
        if line.startswith("> ") or MOVE_LIST.match(line):
            continue  # what the player typed, or the moves they may type
        said = ERROR_CODE.sub("", line)  # "Error (once_per_round):" is the refusal's code
        for move in words:
            said = said.replace(move, "")
        if SNAKE_ID.search(said) or TWICE.search(line):
            found.append(line)
    return found


async def _options(session: Session, user: str) -> list[str]:
    games = await session.service.waiting(user)
    return await session.service.options(games[0].id, user) if games else []


async def test_a_sniper_mission_names_modifiers_and_equipment(session: Session) -> None:
    typed = [
        "/seed no-ids",
        "/sniper new map:pinecrest challenge:scout advantages:quiet_two,extra_equipment"
        " disadvantages:far_scouts",
        "/sniper start seed:our words",
    ]
    transcript = [await run(session, *typed)]
    notation: set[str] = set()
    rng = random.Random(5)
    for _ in range(400):
        moves = await _options(session, session.user)
        if not moves:
            break
        notation.update(moves)
        rare = [m for m in moves if not m.startswith(("move", "end"))]
        move = rng.choice(rare if rare and rng.random() < 0.7 else moves)
        transcript.append(await run(session, f"/sniper act action:{move}"))
    else:
        raise AssertionError("the mission did not end")
    transcript.append(
        await run(
            session,
            "/history",
            "/sniper verify",
            "/sniper records",
            "/sniper leaderboard map:tidewater challenge:radio_operator",
        )
    )
    text = "\n".join(transcript)
    assert (
        "Challenge modifiers: extra equipment card, scouts see 3 spaces, heard moving, lighter"
        " wound stack, no objectives 1 and 9, quiet two-space move." in text
    )
    assert "Your equipment: Camouflage Net, Muffled Boots, Steady Breathing." in text
    assert "chance: equipment dealt: Camouflage Net, Muffled Boots, Steady Breathing" in text
    assert "[game over, game 1]" in text
    assert "Pinecrest Signal Station / Scout: 1 mission" in text
    assert "No finished missions on Tidewater Depot (Radio operator) yet." in text
    assert leaks(transcript, notation) == []


async def test_a_warzone_skirmish_names_armies_terrain_and_squads_once(session: Session) -> None:
    transcript = [
        await run(
            session,
            "/seed no-ids-wz",
            "/as alice",
            "/warzone new terrain:ruined_outpost rounds:3",
            "/as bob",
            "/warzone join game:1 army:dark_legion",
            "/as alice",
            "/warzone start",
        )
    ]
    notation: set[str] = set()
    looked = False
    for _ in range(1500):
        movers = [u for u in ("alice", "bob") if await session.service.waiting(u)]
        if not movers:
            break
        mover = movers[0]
        if session.user != mover:
            transcript.append(await run(session, f"/as {mover}"))
        moves = await _options(session, mover)
        notation.update(moves)
        for move in moves:
            said = await run(session, as_command(move))
            transcript.append(said)
            if not said.startswith("Error"):
                break
        if not looked and "A2.1 moves to" in transcript[-1]:
            looked = True  # the tools, and a walk into the ruins and the wall
            transcript.append(
                await run(
                    session,
                    "/warzone los shooter:A2.1",
                    "/warzone measure from:A2.1 to:18,18",
                    "/warzone map zoom:A2 size:10",
                    "/warzone move who:A2.1 to:9,13",
                    "/warzone move who:A2 to:18,18",
                    "/warzone move who:A2.1 to:99,99",
                )
            )
    else:
        raise AssertionError("the skirmish did not end")
    transcript.append(await run(session, "/history", "/warzone verify game:1"))
    text = "\n".join(transcript)
    assert looked and "[game over, game 1]" in text
    assert "seat 1: bob as Dark Legion" in text
    assert "activates Necromutants (B2)\n" in text
    assert leaks(transcript, notation) == []
