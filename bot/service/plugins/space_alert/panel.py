"""Space Alert's private programming panel: the program image is a live preview of the plan.

While planning: switch to an android's board, program a card (then the turn and the half that
is up), take a card back, hand a card over during a data transfer (then to whom), lock in the
phase; between campaign flights, the seat's answers. The choices come from the rules' compact
planning queries (`planning`), each move ends in the codec's text, which the
rules check again, and the panel is redrawn in place after it. A panel is stamped with the
moment of the flight (not the game's version): other players' cards leave it valid.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.service.commands.frontend import Seat
from bot.service.commands.spec import Suggestion
from bot.service.outbox import PrivateUpdate, Reply
from bot.service.panels import REDRAW, Ask, Flow, Panel, Pick, Press, Switch
from bot.service.plugins.space_alert import planning as sap
from games.text import Text

if TYPE_CHECKING:
    from bot.service.service import Service, UserId

BOARD = "board"


async def _panel(ask: Ask) -> sap.Panel | None:
    """The seat's panel on the board switched to, read once per answer."""
    chosen = ask.picked.get(BOARD, "")
    board = int(chosen) if chosen.isdigit() else None
    key = f"panel:{board}"
    if key not in ask.memo:
        ask.memo[key] = await sap.panel(ask.service, ask.game, ask.user, board)
    found: sap.Panel | None = ask.memo[key]
    return found


async def seat(service: Service, game: int, user: UserId) -> Seat | None:
    """The seat, stamped with the moment of the flight its panel was made for."""
    found = await sap.panel(service, game, user)
    if found is None:
        return None
    return Seat(found.game_id, sap.KEY, found.seat, found.stamp, found.to_act)


async def content(service: Service, game: int, user: UserId) -> PrivateUpdate | None:
    """The panel's text and program image (only the announcements heard so far)."""
    found = await sap.panel(service, game, user)
    return found.update if found is not None else None


async def shown_board(ask: Ask) -> str:
    """The board the card menu programs when none is switched to: the seat's own."""
    found = await _panel(ask)
    return str(found.board if found is not None else 0)


async def boards(ask: Ask) -> Sequence[Suggestion]:
    """The boards the seat may program (its own and androids')."""
    found = await _panel(ask)
    return found.boards if found is not None else ()


async def cards(ask: Ask) -> Sequence[Suggestion]:
    """The card faces the seat may program now."""
    found = await _panel(ask)
    return found.cards if found is not None else ()


async def clears(ask: Ask) -> Sequence[Suggestion]:
    """The filled slots of the open phase that can be taken back."""
    found = await _panel(ask)
    return found.clears if found is not None else ()


async def gifts(ask: Ask) -> Sequence[Suggestion]:
    """The cards the seat may hand over now (data transfer)."""
    found = await _panel(ask)
    return found.gifts if found is not None else ()


async def decisions(ask: Ask) -> Sequence[Suggestion]:
    """Between flights: what the seat may answer."""
    found = await _panel(ask)
    return found.decisions if found is not None else ()


async def targets(ask: Ask) -> Sequence[Suggestion]:
    """Where the card can go on the board: each open turn with each half up."""
    card, board = int(ask.picked["card"]), int(ask.picked[BOARD])
    return await sap.targets(ask.service, ask.game, ask.user, card, board)


async def receivers(ask: Ask) -> Sequence[Suggestion]:
    """The other players a card can be handed to."""
    found = await sap.receivers(ask.service, ask.game, ask.user)
    return [Suggestion(Text("To {name}", name=Text.verbatim(w.name)), w.value) for w in found]


async def lock_label(ask: Ask) -> Text | None:
    """'Lock in phase N' while planning."""
    found = await _panel(ask)
    if found is None or not found.planning:
        return None
    return Text("Lock in phase {phase}", phase=found.phase)


async def program(ask: Ask) -> Reply:
    """Program the card into the turn with the half picked up."""
    slot, half = ask.picked["where"].split(":")
    card, board = int(ask.picked["card"]), int(ask.picked[BOARD])
    return await sap.place(ask.service, ask.game, ask.user, card, board, int(slot), half)


async def take_back(ask: Ask) -> Reply:
    """Take the card in the slot back into hand."""
    board, slot = int(ask.picked[BOARD]), int(ask.picked["slot"])
    return await sap.clear(ask.service, ask.game, ask.user, board, slot)


async def hand_over(ask: Ask) -> Reply:
    """Data transfer: hand the card to the player picked."""
    card, to = int(ask.picked["card"]), int(ask.picked["to"])
    return await sap.give(ask.service, ask.game, ask.user, card, to)


async def lock_in(ask: Ask) -> Reply:
    """Lock in the phase's program."""
    return await ask.service.act(ask.game, ask.user, "lock")


async def answer(ask: Ask) -> Reply:
    """Play the answer picked between flights (its typed form)."""
    return await ask.service.act(ask.game, ask.user, ask.picked["decision"])


WHICH_TURN = Text("Card #{card}: which turn, and which half up?")
PANEL = Panel(
    switch=Switch(BOARD, Text("Board {board} (switch…)"), boards, shown_board),
    flows=(
        Flow(
            (
                Pick("card", Text("Program a card…"), choices=cards),
                Pick("where", WHICH_TURN, prompt=WHICH_TURN, choices=targets, op="put"),
            ),
            play=program,
        ),
        Flow(
            (Pick("slot", Text("Take a card back…"), choices=clears, op="clear"),), play=take_back
        ),
        Flow(
            (
                Pick("card", Text("Data transfer: hand a card over…"), choices=gifts, op="gift"),
                Pick(
                    "to",
                    prompt=Text("Card #{card}: hand it to whom?"),
                    choices=receivers,
                    buttons=True,
                    op="give",
                ),
            ),
            play=hand_over,
        ),
        Press("lock", lock_label, lock_in),
        Flow((Pick("decision", Text("Your answer…"), choices=decisions, op="act"),), play=answer),
    ),
    moves=False,
    undo=False,
    after_move=REDRAW,
    seat=seat,
    content=content,
    ids=("ss", "sb"),
)
"""Space Alert's panel: every step from the rules' planning queries, redrawn after each move."""
