"""Autocomplete for Space Alert planning, from the compact queries of `choices.py`.

A solo player has thousands of legal placements; these sources answer the one question an
option asks (which cards fit this slot, which slots are open on this board) for the caller's
own hand and boards only.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.service.commands.sources import Ask
from bot.service.commands.spec import Suggestion
from bot.service.commands.which_game import resolve_game
from bot.service.table import load_table
from games.base import Seat
from games.space_alert.actions import PlaceCard, RepairBattlebots, RepairDamage
from games.space_alert.cards import card
from games.space_alert.choices import placements, programmable_boards, slot_choices
from games.space_alert.planning import open_slots
from games.space_alert.rules import legal_actions
from games.space_alert.state import Stage, State
from games.text import Text

KEY = "space_alert"


async def _seat_state(ask: Ask) -> tuple[State, Seat] | None:
    service = ask.service
    gid = await resolve_game(service, ask.user, ask.options, KEY)
    table = await load_table(service.host, gid)
    seat = table.seat_of(service.user(ask.user))
    if seat is None or seat not in table.to_act():
        return None
    return table.state, seat


def _int(ask: Ask, name: str) -> int | None:
    value = ask.options.get(name)
    if name == ask.option or value is None or not str(value).strip().isdecimal():
        return None
    return int(str(value).strip())


def _board(ask: Ask, state: State, seat: Seat) -> int | None:
    """The crew index the options point at: the given board, else the seat's own board."""
    given = _int(ask, "board")
    if given is not None:
        return given - 1
    return next((i for i, b in enumerate(state.boards) if b.seat == seat), None)


async def cards(ask: Ask) -> list[Suggestion]:
    """Cards of the caller's hand that fit the given slot and board."""
    found = await _seat_state(ask)
    if found is None or found[0].stage is not Stage.PLANNING:
        return []
    state, seat = found
    if ask.command.name == "give":
        return [Suggestion(card(c).text, str(c)) for c in state.hands[seat] if c < 100]
    board = _board(ask, state, seat)
    options = placements(state, seat, slot=_int(ask, "slot"), board=board)
    ids = dict.fromkeys(a.card for a in options if isinstance(a, PlaceCard))
    return [Suggestion(card(c).text, str(c)) for c in ids]


def _slot_label(state: State, seat: Seat, board: int, slot: int) -> Text:
    choice = slot_choices(state, seat, board, slot)
    if choice.placed is None:
        return Text("slot {slot} (empty)", slot=slot)
    play = Text.verbatim(card(choice.placed.card).play(choice.placed.half).text)
    return Text("slot {slot}: {play} (#{card})", slot=slot, play=play, card=choice.placed.card)


async def slots(ask: Ask) -> list[Suggestion]:
    """Open slots of the board (own by default) that can take the given card."""
    found = await _seat_state(ask)
    if found is None or found[0].stage is not Stage.PLANNING:
        return []
    state, seat = found
    board = _board(ask, state, seat)
    if board is None or board not in programmable_boards(state, seat):
        return []
    wanted = _int(ask, "card")
    out = []
    for number in open_slots(state):
        choice = slot_choices(state, seat, board, number)
        if not choice.open or (wanted is not None and wanted not in {c.id for c in choice.cards}):
            continue
        out.append(Suggestion(_slot_label(state, seat, board, number), str(number)))
    return out


async def filled(ask: Ask) -> list[Suggestion]:
    """Slots of this phase the caller may clear."""
    found = await _seat_state(ask)
    if found is None or found[0].stage is not Stage.PLANNING:
        return []
    state, seat = found
    board = _board(ask, state, seat)
    if board is None or board not in programmable_boards(state, seat):
        return []
    return [
        Suggestion(_slot_label(state, seat, board, n), str(n))
        for n in open_slots(state)
        if slot_choices(state, seat, board, n).can_clear
    ]


async def boards(ask: Ask) -> list[Suggestion]:
    """Boards the caller may program: their own and the androids'."""
    found = await _seat_state(ask)
    if found is None:
        return []
    state, seat = found
    out = []
    for index in programmable_boards(state, seat):
        b = state.boards[index]
        if b.seat == seat:
            name = Text("{number}: your board", number=index + 1)
        else:
            name = Text("{number}: {name}", number=index + 1, name=Text.verbatim(b.name))
        out.append(Suggestion(name, str(index + 1)))
    return out


async def repairs(ask: Ask) -> list[Suggestion]:
    """The repairs open to the crew member on turn."""
    found = await _seat_state(ask)
    if found is None:
        return []
    state, seat = found
    out = []
    for action in legal_actions(state, seat):
        if isinstance(action, RepairDamage):
            what = f"{action.zone} {action.tile}"
            out.append(Suggestion(Text("{what} (damage token)", what=what), what))
        elif isinstance(action, RepairBattlebots):
            out.append(Suggestion(Text("bots (a battlebot squad)"), "bots"))
    return out


Source = Callable[[Ask], Awaitable[list[Suggestion]]]
SPACE_ALERT_SOURCES: dict[str, Source] = {
    "sa_cards": cards,
    "sa_slots": slots,
    "sa_filled": filled,
    "sa_boards": boards,
    "sa_repairs": repairs,
}
