"""A person against the Warzone AI in the console: the AI answers every order until the end."""

from __future__ import annotations

from bot.console.session import Session
from tests.console.helpers import run
from tests.hosting_warzone.driver import step


async def test_a_human_plays_the_ai_to_the_end(session: Session) -> None:
    out = await run(
        session,
        "/seed wz-vs-ai",
        "/as alice",
        "/warzone new vs:ai level:normal army:capitol rounds:3",
    )
    assert "An AI (normal) joined game 1." in out and "Game 1 started." in out
    # the AI placed its squads in line toward the relays (x 8, 18, 28) at once
    assert "AI (normal) (Dark Legion): deploy B2 8.1,7.36 line 90" in out
    transcript = [out]
    for _ in range(1500):
        said = await step(session, ["alice"])
        if said is None:
            break
        transcript.append(said)
    else:
        raise AssertionError("the game did not end")
    text = "\n".join(transcript)
    assert text.count("seat 1 activates") >= 6  # every AI squad, every round it lived
    assert "Belzarach Assault Rifle at A" in text  # the AI shoots
    assert "[game over, game 1]" in text
    assert "Game 1 is over: AI (normal) (Dark Legion) won (victory points)." in text
