"""Space Alert in the console: the hand said by kind with its card numbers, every card offered
by Tab, one seat said as one."""

from __future__ import annotations

import re

from bot.console.completion import complete_line
from bot.console.session import Session
from bot.service.commands import catalogue, complete
from tests.console.helpers import run


async def solo(session: Session) -> str:
    return await run(session, "/seed sa", "/space-alert new crew:1")


async def test_the_hand_is_said_by_kind_with_the_numbers_card_takes(session: Session) -> None:
    out = await solo(session)
    assert "Game 1: Space Alert, solo, 1 seat, no turn clock." in out
    hand = next(line for line in out.splitlines() if "Your hand: " in line)
    assert hand.strip().startswith("Your hand: A/red #0-9, A/blue #10-19, A/lift #20-29, B/red")
    assert len(hand) < 250  # it was ~1,000 characters card by card


async def test_tab_offers_every_card_in_hand(session: Session) -> None:
    await solo(session)
    cards = await complete_line(session, "/space-alert place card:")
    numbers = sorted(int(re.sub(r"\D", "", c.split(":", 1)[1].split()[0])) for c in cards)
    assert set(range(90)) <= set(numbers)  # and the androids' heroic cards a solo player holds
    # Discord's autocomplete still shows at most 25.
    command = catalogue().find("space-alert place")
    assert command is not None
    shown = await complete(session.service, session.user, command, "card", {"game": 1}, "")
    assert len(shown) == 25
