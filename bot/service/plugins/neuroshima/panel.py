"""Neuroshima Hex's private panel: place a tile (the tile, a hex, then its facing turned with a
live preview of the board, then confirmed), discard a tile, place the HQ; the seat's other
moves and undo as every game has them. Every choice is a legal value of the typed command."""

from __future__ import annotations

from bot.service.commands import catalogue
from bot.service.commands.frontend import legal_choices, preview
from bot.service.commands.spec import Suggestion
from bot.service.outbox import Image
from bot.service.panels import Ask, Flow, Panel, Pick, Turn
from games.text import Text

GROUP = "neuroshima"
FACINGS = tuple(range(6))
"""A hex tile's six facings, all offered when the rules name none (every one previews)."""


async def facings(ask: Ask) -> list[Suggestion]:
    """The legal facings of the tile on the hex, in turning order."""
    command = catalogue().find(f"{GROUP} place")
    given = {"game": str(ask.game), "tile": ask.picked["tile"], "hex": ask.picked["hex"]}
    found = await legal_choices(ask.service, ask.user, command, "facing", given) if command else []
    legal = sorted(int(f.value) for f in found) or list(FACINGS)
    return [Suggestion(str(f), str(f)) for f in legal]


async def tile_on_board(ask: Ask) -> Image | None:
    """The seat's hand with the tile drawn on the board at the hex and facing picked."""
    tile, where, facing = ask.picked["tile"], ask.picked["hex"], int(ask.picked["facing"])
    return await preview(ask.service, ask.game, ask.user, tile, where, facing)


PANEL = Panel(
    flows=(
        Flow(
            (
                Pick("tile", Text("Place a tile…")),
                Pick("hex", Text("Pick a hex…"), prompt=Text("Where do you place {tile}?")),
                Turn(
                    "facing",
                    Text("{tile} on {hex}, facing {facing}: rotate, then confirm."),
                    preview=tile_on_board,
                    choices=facings,
                ),
            ),
            command="place",
        ),
        Flow((Pick("tile", Text("Discard a tile…"), op="discard"),), command="discard"),
        Flow((Pick("hex", Text("Place your HQ…"), op="hq"),), command="hq"),
    ),
)
"""Place, discard and HQ as steps; other moves and undo as every game has them."""
