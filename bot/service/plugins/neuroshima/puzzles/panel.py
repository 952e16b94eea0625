"""A puzzle try's panel as data: Neuroshima's own steps (a tile, a hex, its facing turned with a
live preview, confirm) over the try's state instead of a game's, then Fight.

The component ids keep the try's id in place of the game's, the puzzle's seat and the try's
version, under their own prefixes (zs, zp), so a panel sent before a restart still answers and
one from an earlier point of the try is refused. Every choice is a legal value of `/neuroshima
place`'s LegalShape read from the try, and every finished step plays through `tries`, which the
rules check again like anything typed.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from bot.service.commands.frontend import Seat
from bot.service.commands.sources import values_of
from bot.service.commands.spec import Suggestion
from bot.service.outbox import Image, PrivateUpdate, Reply
from bot.service.panels import REDRAW, Ask, Flow, Panel, Press, Source, Turn
from bot.service.plugins.neuroshima import panel as neuroshima
from bot.service.plugins.neuroshima.preview import preview_png
from bot.service.plugins.neuroshima.puzzle_commands import place_command
from bot.service.plugins.neuroshima.puzzles import choice, tries
from bot.service.plugins.neuroshima.puzzles.desk import Desk, desk_of, stale
from bot.service.plugins.neuroshima.puzzles.shown import PuzzleReply
from games.text import Text
from storage.puzzles import TryStatus

if TYPE_CHECKING:
    from bot.service.service import Service, UserId

FIGHT = Text("Fight the battle")
STALE = Text("This puzzle panel is out of date; use the newest one.")
ENDS_TURN = "end"
"""The legal move the Fight button plays (not offered again among the other moves)."""


async def open_desk(service: Service, try_id: int, user: UserId) -> Desk | None:
    """The user's try `try_id` while it is open (None: another's, or over)."""
    record = await service.store.puzzle_try(try_id)
    if record is None or record.user_id != service.user(user):
        return None
    return desk_of(record) if record.status is TryStatus.OPEN else None


async def seat(service: Service, try_id: int, user: UserId) -> Seat | None:
    """The user's seat at their try, stamped with its version (None: not their try)."""
    record = await service.store.puzzle_try(try_id)
    if record is None or record.user_id != service.user(user):
        return None
    puzzle = choice.find(record.puzzle_id)
    if record.status is not TryStatus.OPEN:  # over: every click on its panel is out of date
        return Seat(record.id, "neuroshima", puzzle.seat, -1, False)
    return Seat(record.id, "neuroshima", puzzle.seat, record.version, True)


async def _desk(ask: Ask) -> Desk:
    found = ask.memo.get("desk")
    if found is None:
        found = ask.memo["desk"] = await open_desk(ask.service, ask.game, ask.user)
    if found is None:
        raise stale()
    return found


def legal(option: str) -> Source:
    """The legal values of a `place` option over the try, given what is picked so far."""

    async def source(ask: Ask) -> list[Suggestion]:
        desk = await _desk(ask)
        shape = place_command().legal
        assert shape is not None
        return values_of(shape, desk.legal(), desk.view(), option, dict(ask.picked))

    return source


async def facings(ask: Ask) -> list[Suggestion]:
    """The legal facings of the tile on the hex, in turning order (all six when none is named)."""
    found = await legal("facing")(ask)
    turns = sorted(int(f.value) for f in found) or list(neuroshima.FACINGS)
    return [Suggestion(str(f), str(f)) for f in turns]


async def tile_on_board(ask: Ask) -> Image | None:
    """The hand with the tile drawn on the try's board at the hex and facing picked."""
    desk = await _desk(ask)
    tile, facing = ask.picked["tile"], int(ask.picked["facing"])
    spot = (tile, desk.puzzle.position.board.parse(ask.picked["hex"]), facing)
    name = f"puzzle{desk.record.id}-v{desk.record.version}-preview-{facing}.png"
    return Image.said(name, partial(preview_png, desk.view(), desk.seat, spot))


async def moves(ask: Ask) -> list[str]:
    """The try's legal moves as typed, but ending the turn (the Fight button does)."""
    return [t for t in (await _desk(ask)).legal_texts() if t != ENDS_TURN]


async def act(ask: Ask, move: str) -> Reply:
    """Play one move of the try from its panel (at the version the panel was drawn for)."""
    return await tries.act(ask.service, ask.user, move, try_id=ask.game, version=ask.stamp[2])


async def place(ask: Ask) -> Reply:
    """Place the tile picked on the hex picked, facing as turned."""
    picked = ask.picked
    return await act(ask, f"place {picked['tile']} {picked['hex']} {picked['facing']}")


async def fight(ask: Ask) -> Reply:
    """End the turn: the battle is fought and judged."""
    await _desk(ask)  # this try, still open
    return await tries.fight(ask.service, ask.user, version=ask.stamp[2])


async def undo(ask: Ask) -> Reply:
    """Take back the try's last action."""
    await _desk(ask)
    return await tries.undo(ask.service, ask.user, version=ask.stamp[2])


async def fight_label(ask: Ask) -> Text:
    """Fight is always offered: ending the turn with nothing played is a turn too."""
    del ask
    return FIGHT


def over(reply: Reply) -> bool:
    """Whether a move ended the try (its battle was fought): the panel closes."""
    return not isinstance(reply, PuzzleReply) or reply.panel is None


async def content(service: Service, try_id: int, user: UserId) -> PrivateUpdate | None:
    """The try's text and pictures (the puzzle, its goal, the hand, what was played)."""
    desk = await open_desk(service, try_id, user)
    if desk is None:
        return None
    shown = await tries.panel_reply(service, desk)
    return PrivateUpdate(desk.record.user_id, try_id, desk.seat, shown.text, shown.images)


def _place_flow() -> Flow:
    """Neuroshima's place flow, its choices and preview read from the try."""
    flow = next(f for f in neuroshima.PANEL.flows if isinstance(f, Flow) and f.command == "place")
    tile, where, facing = flow.steps
    assert isinstance(facing, Turn)
    steps = (
        replace(tile, choices=legal("tile")),
        replace(where, choices=legal("hex")),
        replace(facing, choices=facings, preview=tile_on_board),
    )
    return Flow(steps, command=flow.command, play=place)


PANEL = Panel(
    flows=(_place_flow(), Press(ENDS_TURN, fight_label, fight, tone="primary")),
    after_move=REDRAW,
    seat=seat,
    content=content,
    ids=("zs", "zp"),
    legal=moves,
    act=act,
    take_back=undo,
    closes=over,
    stale=STALE,
)
"""A try's panel: place as Neuroshima's steps, the other legal moves, Fight, undo."""
