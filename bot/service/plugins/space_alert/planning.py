"""What a Space Alert programming panel offers a seat, as choices a chat front-end can show.

Everything comes from the rules' compact planning queries (`games.space_alert.choices`) and
legal actions, so a panel offers exactly what the rules accept; the panel's clicks end in the
codec's text (`place 12 3 action on 4`), which the rules check again like anything typed.

A panel is stamped with the moment of the game it was made for (flight, stage, phase,
repairer): every other player's placement leaves it valid, a new phase makes it out of date.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from bot.service.commands.spec import Suggestion
from bot.service.outbox import PrivateUpdate, Reply
from bot.service.plugins.space_alert.bridge import heard, private_update
from bot.service.table import Table, load_table
from games.space_alert.actions import (
    Action,
    ClearSlot,
    FlyAgain,
    GiveCard,
    LeaveStoreEmpty,
    PlaceCard,
    RepairBattlebots,
    RepairDamage,
    SkipRepair,
    StopCampaign,
)
from games.space_alert.cards import card as card_of
from games.space_alert.choices import HALVES, placements, programmable_boards
from games.space_alert.codec import CODEC
from games.space_alert.planning import transfers_left
from games.space_alert.rules import legal_actions
from games.space_alert.state import Stage, State
from games.text import Text

if TYPE_CHECKING:
    from bot.service.service import GameId, Service, UserId

KEY = "space_alert"
_STAGES = tuple(Stage)


def panel_stamp(state: State) -> int:
    """A number that changes when a seat's panel stops fitting the game (not on each card)."""
    moment = (state.flight, _STAGES.index(state.stage), state.phase, state.repairer)
    stamp = 0
    for part, size in zip(moment, (1000, 16, 8, 8), strict=True):
        stamp = stamp * size + part
    return stamp


@dataclass(frozen=True, slots=True)
class Panel:
    """One seat's panel: its content, and the choices of the board it shows."""

    game_id: int
    seat: int
    stamp: int
    to_act: bool
    planning: bool
    phase: int
    board: int
    """Crew index of the board the card menu programs."""
    update: PrivateUpdate
    """The text and the program image (only the announcements heard so far)."""
    boards: tuple[Suggestion, ...] = ()
    """Boards the seat may program (its own and androids'), when more than one; value: index."""
    cards: tuple[Suggestion, ...] = ()
    clears: tuple[Suggestion, ...] = ()
    """Filled slots of the open phase that can be taken back; value: slot."""
    gifts: tuple[Suggestion, ...] = ()
    """Cards the seat may hand over now (data transfer); value: card."""
    decisions: tuple[Suggestion, ...] = ()
    """Between flights: what the seat may answer; value: the typed form."""


async def _table(service: Service, game: GameId, user: UserId) -> tuple[Table, int, State] | None:
    table = await load_table(service.host, service.game(game))
    seat = table.seat_of(service.user(user))
    if seat is None or table.state is None or table.spec.key != KEY:
        return None
    return table, seat, table.state


def _own_board(state: State, seat: int) -> int | None:
    return next((i for i, b in enumerate(state.boards) if b.seat == seat), None)


def _board_name(state: State, index: int, seat: int) -> Text:
    if state.boards[index].seat == seat:
        return Text("{number}: your board", number=index + 1)
    return Text("{number}: {name}", number=index + 1, name=Text.verbatim(state.boards[index].name))


def _on(state: State, seat: int, board: int) -> int | None:
    """The rules' board argument: None for the seat's own board."""
    return None if state.boards[board].seat == seat else board


async def panel(
    service: Service, game: GameId, user: UserId, board: int | None = None
) -> Panel | None:
    """The user's panel in a Space Alert game (None when they have no seat in one)."""
    found = await _table(service, game, user)
    if found is None:
        return None
    table, seat, state = found
    known = await heard(service.host, table, state)
    update = private_update(service.host, table, seat, known)
    to_act = seat in table.to_act()
    base = Panel(table.id, seat, panel_stamp(state), to_act, False, state.phase, 0, update)
    if not to_act:
        return base
    if state.stage is not Stage.PLANNING:
        decisions = tuple(
            Suggestion(decision_name(a), CODEC.format(a)) for a in legal_actions(state, seat)
        )
        return replace(base, decisions=decisions)
    boards = programmable_boards(state, seat)
    own = _own_board(state, seat)
    shown = board if board in boards else (own if own is not None else boards[0])
    moves = placements(state, seat, board=shown, clears=True)
    cards = sorted({m.card for m in moves if isinstance(m, PlaceCard)})
    slots = state.boards[shown].slots
    clears = []
    for move in moves:
        placed = slots[move.slot - 1]
        if isinstance(move, ClearSlot) and placed is not None:
            clears.append(Suggestion(_slot_text(move.slot, placed.card, placed.half),
                                     str(move.slot)))  # fmt: skip
    # As the rules' legal GiveCard actions, without listing every placement of a solo hand.
    gifts = (
        [c for c in state.hands[seat] if not card_of(c).heroic]
        if transfers_left(state, seat)
        else []
    )
    others = tuple(Suggestion(_board_name(state, i, seat), str(i)) for i in boards)
    return replace(
        base,
        planning=True,
        board=shown,
        boards=others if len(boards) > 1 else (),
        cards=faces(cards),
        clears=tuple(clears),
        gifts=faces(gifts),
    )


def faces(cards: Iterable[int]) -> tuple[Suggestion, ...]:
    """One choice per card face: cards with the same two halves play alike, and a solo hand
    of some 90 cards has only 18 faces (a menu holds 25)."""
    held: dict[str, list[int]] = {}
    for number in sorted(cards):
        face = card_of(number).text.split(" ", 1)[1]
        held.setdefault(face, []).append(number)
    found = []
    for face, numbers in held.items():
        shown = Text.verbatim(face)
        if len(numbers) == 1:
            name = Text("#{card} {face}", card=numbers[0], face=shown)
        else:
            name = Text("#{card} {face} (you hold {count})", card=numbers[0], face=shown,
                        count=len(numbers))  # fmt: skip
        found.append(Suggestion(name, str(numbers[0])))
    return tuple(found)


def decision_name(action: Action) -> Text:
    """A between-flights answer as a menu shows it: the typed form in English, a sentence in
    other languages (the value stays the typed form)."""
    if isinstance(action, FlyAgain):
        return Text("fly {normal} {serious}", normal=action.normal, serious=action.serious)
    if isinstance(action, StopCampaign):
        return Text("stop")
    if isinstance(action, RepairDamage):
        return Text("repair {zone} {tile}", zone=action.zone, tile=action.tile)
    if isinstance(action, RepairBattlebots):
        return Text("repair bots")
    if isinstance(action, SkipRepair):
        return Text("skip")
    if isinstance(action, LeaveStoreEmpty):
        return Text("empty {store}", store=action.station)
    return Text.verbatim(CODEC.format(action))


def _slot_text(slot: int, card_id: int, half: str) -> Text:
    play = card_of(card_id).play(half).text
    return Text("Turn {slot}: #{card} {play}", slot=slot, card=card_id, play=Text.verbatim(play))


async def targets(
    service: Service, game: GameId, user: UserId, card: int, board: int
) -> tuple[Suggestion, ...]:
    """Where `card` can go on crew member `board`: one choice per open turn and half up.

    The value is 'SLOT:HALF'; a slot that holds a card already says so (placing swaps them).
    """
    found = await _table(service, game, user)
    if found is None:
        return ()
    _, seat, state = found
    if board not in programmable_boards(state, seat):
        return ()
    moves = placements(state, seat, card=card, board=board)
    slots = state.boards[board].slots
    chosen = card_of(card)
    options = []
    for move in moves:
        if not isinstance(move, PlaceCard):
            continue
        play = Text.verbatim(chosen.play(move.half).text)
        half = Text("action half up") if move.half == HALVES[0] else Text("move half up")
        placed = slots[move.slot - 1]
        if placed is None:
            name = Text("Turn {slot}: {half} ({play})", slot=move.slot, half=half, play=play)
        else:
            name = Text("Turn {slot}: {half} ({play}), instead of #{old}", slot=move.slot,
                        half=half, play=play, old=placed.card)  # fmt: skip
        options.append(Suggestion(name, f"{move.slot}:{move.half}"))
    return tuple(options)


async def _board_argument(service: Service, game: GameId, user: UserId, board: int) -> int | None:
    found = await _table(service, game, user)
    if found is None or not 0 <= board < len(found[2].boards):
        return board  # the rules answer with their own message
    _, seat, state = found
    return _on(state, seat, board)


async def place(
    service: Service, game: GameId, user: UserId, card: int, board: int, slot: int, half: str
) -> Reply:
    """Program `card` into `slot` of crew member `board` with `half` up."""
    on = await _board_argument(service, game, user, board)
    return await service.act(game, user, CODEC.format(PlaceCard(card, slot, half, on)))


async def clear(service: Service, game: GameId, user: UserId, board: int, slot: int) -> Reply:
    """Take the card in `slot` of crew member `board` back into hand."""
    on = await _board_argument(service, game, user, board)
    return await service.act(game, user, CODEC.format(ClearSlot(slot, on)))


async def give(service: Service, game: GameId, user: UserId, card: int, to: int) -> Reply:
    """Data transfer: hand `card` to the player in seat `to`."""
    return await service.act(game, user, CODEC.format(GiveCard(card, to)))


async def receivers(service: Service, game: GameId, user: UserId) -> tuple[Suggestion, ...]:
    """The other players a card can be handed to; value: their seat."""
    found = await _table(service, game, user)
    if found is None:
        return ()
    table, seat, state = found
    return tuple(
        Suggestion(table.names.plain(s), str(s)) for s in range(state.config.humans) if s != seat
    )
