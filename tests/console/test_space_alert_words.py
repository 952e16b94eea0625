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


async def test_after_a_placement_only_what_changed_is_said(session: Session) -> None:
    await solo(session)
    out = await run(session, "/space-alert place card:12 slot:1 half:action board:1")
    private = out.split("[to you, game 1, private]", 1)[1].strip().splitlines()
    assert private == [
        "Game 1 (Space Alert): your program changed.",
        "  Android A (android): 1:A 2:- 3:- 4:- 5:- 6:- 7:- 8:- 9:- 10:- 11:- 12:-;"
        " heroic card #100 HA/lower_blue",
    ]
    assert "Your hand" not in out
    # The whole panel, hand included, is one command away.
    assert "Your hand: A/red #0-9, A/blue #10-11, #13-19" in await run(session, "/hand")


async def test_the_hand_is_shown_once_per_phase(session: Session) -> None:
    said = [await solo(session)]
    said.append(await run(session, "/space-alert place card:12 slot:1 half:action board:1"))
    said.append(await run(session, "/space-alert place card:13 slot:2 half:action board:1"))
    said.append(await run(session, "/space-alert lock"))  # phase 2 opens
    said.append(await run(session, "/space-alert place card:14 slot:4 half:action board:1"))
    said.append(await run(session, "/space-alert lock"))  # phase 3 opens
    shown = [out.count("Your hand: ") for out in said]
    assert shown == [1, 0, 0, 1, 0, 1]
    assert "phase 2: programming turns 4-7" in said[3]
    assert "Your hand: A/red #0-9, A/blue #10-11, #15-19" in said[5]
