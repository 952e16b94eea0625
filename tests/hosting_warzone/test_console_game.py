"""A whole Warzone game through the console: lists, seeds, orders, tools, and the dice audit."""

from __future__ import annotations

import time

from bot.console.session import Session
from tests.console.helpers import run
from tests.hosting_warzone.driver import step

CAPITOL = (
    "battalion: line; 1 Lieutenant Chuck Robbins commander; 8 Light Infantry upgrade; "
    "8 Light Infantry"
)


async def test_a_scripted_game_to_its_end_with_audited_dice(session: Session) -> None:
    out = await run(
        session,
        "/seed wz-console",
        "/as alice",
        "/warzone new terrain:ruined_outpost rounds:3",
        f"/warzone list text:{CAPITOL}",
        "/warzone setup seed:alice's own seed",
        "/as bob",
        "/warzone join game:1 army:dark_legion",
        "/warzone setup seed:bob-42",
        "/warzone verify",
        "/as alice",
        "/warzone start",
    )
    assert "Dice commitment for game 1: sha256" in out
    assert "List accepted: Capitol, " in out
    assert "seat 0: \"alice's own seed\", seat 1: 'bob-42'" in out
    assert "The seed is revealed when the game is over." in out
    assert "Game 1 started." in out
    transcript = [out]
    began = time.perf_counter()
    tools_used = False
    for _ in range(1500):
        said = await step(session, ["alice", "bob"])
        if said is None:
            break
        transcript.append(said)
        if not tools_used and "A2.1 moves to" in said:
            tools_used = True
            looked = await run(session, "/warzone los shooter:A2.1", "/warzone measure from:A2.1 "
                               "to:18,18", "/warzone map zoom:A2 size:10")  # fmt: skip
            assert "A2.1 -> B" in looked and "in base to base" in looked
            transcript.append(looked)
    else:
        raise AssertionError("the game did not end")
    text = "\n".join(transcript)
    assert tools_used
    assert "[game over, game 1]" in text
    assert "RS " in text and "; rolled " in text  # rolls are shown with TN and modifiers
    assert time.perf_counter() - began < 80
    verified = await run(session, "/warzone verify game:1")
    assert "Seed revealed: 'wz-console" in verified
    assert "Players' seeds match the salt the game used." in verified
    assert "all match." in verified
