"""Driving a console session line by line, and picking legal moves through tab completion."""

from __future__ import annotations

import random

from bot.console.completion import complete_line
from bot.console.session import Session


async def run(session: Session, *lines: str) -> str:
    """The console's printed answers to `lines`, joined."""
    out = []
    for line in lines:
        answer = await session.handle(line)
        out.append(answer.text)
    return "\n".join(out)


async def legal_moves(session: Session) -> list[str]:
    """The acting user's legal moves, as the completion of `/neuroshima act action:` offers."""
    found = await complete_line(session, "/neuroshima act action:")
    return [c.removeprefix("action:") for c in found]


async def play_out(session: Session, players: list[str], rng: random.Random, limit: int) -> str:
    """Play random legal moves for whichever local player is to act until nobody is."""
    transcript: list[str] = []
    for _ in range(limit):
        mover = None
        for name in players:
            if await session.service.waiting(name):
                mover = name
                break
        if mover is None:
            return "\n".join(transcript)
        if mover != session.user:
            transcript.append(await run(session, f"/as {mover}"))
        moves = await legal_moves(session)
        assert moves, f"{mover} is to act but completion offers nothing"
        transcript.append(await run(session, f"/neuroshima act action:{rng.choice(moves)}"))
    raise AssertionError("the game did not end")
