"""Why an action is refused: the specific message and code a player reads."""

from __future__ import annotations

from games.base import GameError, IllegalActionError, Seat
from games.neuroshima.actions import (
    AirStrike,
    ChooseDestination,
    Discard,
    Draw,
    EndTurn,
    Grab,
    Grenade,
    Move,
    NeuroshimaAction,
    PickMercenary,
    PlaceHQ,
    PlaceTile,
    PushBack,
    Reposition,
    Rotate,
    Snipe,
    StartBattle,
)
from games.neuroshima.board import Hex
from games.neuroshima.position import netted
from games.neuroshima.queries import free_hexes
from games.neuroshima.state import State, Step
from games.neuroshima.tiles import Action, tile_type
from games.text import Text

# Whole sentences (not a verb filled into one) so that every language can word them freely.
_NOW_YOU_MUST: dict[Step, Text] = {
    Step.PICK_MERCENARY: Text("Now you must pick a mercenary."),
    Step.PLACE_HQ: Text("Now you must place your HQ."),
    Step.DRAW: Text("Now you must draw."),
    Step.DISCARD: Text("Now you must discard one of your three tiles first."),
    Step.PLAY: Text("Now you must play, keep or discard tiles."),
    Step.PENDING: Text("Now you must choose where the tile goes."),
}
_NOW_YOU_MUST_WAIT = Text("Now you must wait.")
_NO_TILE: dict[Action, Text] = {
    Action.SNIPER: Text("You have no sniper tile in hand"),
    Action.AIR_STRIKE: Text("You have no air strike tile in hand"),
    Action.GRENADE: Text("You have no grenade tile in hand"),
    Action.BATTLE: Text("You have no battle tile in hand"),
    Action.REPOSITIONING: Text("You have no repositioning tile in hand"),
}

_NEEDS: dict[type, Action] = {
    Snipe: Action.SNIPER,
    AirStrike: Action.AIR_STRIKE,
    Grenade: Action.GRENADE,
    StartBattle: Action.BATTLE,
    Reposition: Action.REPOSITIONING,
}

_STEP_OF: dict[type, Step] = {
    PickMercenary: Step.PICK_MERCENARY,
    PlaceHQ: Step.PLACE_HQ,
    Draw: Step.DRAW,
    ChooseDestination: Step.PENDING,
}


def _err(message: str, code: str, **params: object) -> IllegalActionError:
    return IllegalActionError(message, code=code, **params)


def _label(state: State, h: Hex) -> str:
    board = state.position.board
    return board.label(h) if h in board else f"({h.q}, {h.r})"


def _check_hex(state: State, h: Hex) -> GameError | None:
    if h not in state.position.board:
        return _err("{hex} is not a hex on this board", "bad_hex", hex=_label(state, h))
    return None


def explain(state: State, seat: Seat, action: NeuroshimaAction) -> GameError:
    """The error to raise for an action legal_actions does not list."""
    wanted = _STEP_OF.get(type(action), Step.PLAY)
    if isinstance(action, Discard) and state.step is Step.DISCARD:
        wanted = Step.DISCARD
    if wanted is not state.step:
        return _err(_NOW_YOU_MUST.get(state.step, _NOW_YOU_MUST_WAIT), "wrong_step")
    hand = state.hands[seat]
    for h in _hexes(action):
        bad = _check_hex(state, h)
        if bad is not None:
            return bad
    if isinstance(action, Discard | PlaceTile) and action.tile not in hand:
        return _err("{tile} is not in your hand", "not_in_hand", tile=action.tile)
    if isinstance(action, PlaceHQ | PlaceTile):
        if action.hex not in free_hexes(state.position):
            return _err("{hex} is occupied", "occupied", hex=_label(state, action.hex))
        if isinstance(action, PlaceTile) and not tile_type(action.tile).is_board_tile:
            return _err(
                "{tile} is an action tile: use it, do not place it", "not_board", tile=action.tile
            )
        if isinstance(action, PlaceTile) and not 0 <= action.facing < 6:
            return _err("A facing is a number from 0 to 5", "bad_facing")
    needed = _NEEDS.get(type(action))
    if needed is not None and not any(tile_type(t).action is needed for t in hand):
        return _err(_NO_TILE[needed], "no_tile")
    if isinstance(action, StartBattle) and state.final_waiting is not None:
        return _err(
            "No more battles: a player has drawn his last tile (the final battle comes)",
            "battle_after_last_draw",
        )
    if isinstance(action, Move | PushBack | Grab | Reposition | Rotate):
        return _movement_reason(state, seat, action)
    if isinstance(action, AirStrike):
        return _err("All seven hexes of an Air Strike must be on the board", "strike_edge")
    if isinstance(action, Grenade):
        return _err(
            "A Grenade hits an enemy tile (not an HQ) next to your un-netted HQ", "bad_target"
        )
    if isinstance(action, Snipe):
        return _err("A Sniper hits an enemy tile that is not an HQ", "bad_target")
    if isinstance(action, ChooseDestination):
        return _err("That is not one of the hexes you may choose", "bad_destination")
    if isinstance(action, EndTurn):
        return _err("You cannot end your turn now", "wrong_step")
    return _err("That is not allowed now", "illegal")


def _hexes(action: NeuroshimaAction) -> tuple[Hex, ...]:
    if isinstance(action, Move):
        return (action.frm, action.to)
    if isinstance(action, PushBack):
        return (action.pusher, action.target)
    if isinstance(action, Grab):
        return (action.grabber, action.target)
    if isinstance(action, Reposition):
        return (action.first, action.second)
    if isinstance(action, PlaceHQ | PlaceTile | Rotate | ChooseDestination):
        return (action.hex,)
    if isinstance(action, Snipe | AirStrike | Grenade):
        return (action.target,)
    return ()


def _movement_reason(
    state: State, seat: Seat, action: Move | PushBack | Grab | Reposition | Rotate
) -> GameError:
    tiles = state.position.by_hex()
    nets = netted(state.position)
    first = _hexes(action)[0]
    mine = tiles.get(first)
    if mine is None:
        return _err("There is no tile on {hex}", "empty_hex", hex=_label(state, first))
    if mine.owner != seat:
        return _err("The tile on {hex} is not yours", "not_yours", hex=_label(state, first))
    if first in nets:
        return _err("The tile on {hex} is netted", "netted", hex=_label(state, first))
    if isinstance(action, Move):
        if action.to != action.frm and action.to in tiles:
            return _err("{hex} is occupied", "occupied", hex=_label(state, action.to))
        return _err("That tile cannot move there now", "bad_move")
    if isinstance(action, PushBack | Grab):
        target = tiles.get(action.target)
        if target is None:
            return _err("There is no tile on {hex}", "empty_hex", hex=_label(state, action.target))
        if action.target in nets:
            return _err("The tile on {hex} is netted", "netted", hex=_label(state, action.target))
        if isinstance(action, PushBack):
            return _err("That tile cannot be pushed from there", "no_pushed")
        return _err("That tile cannot be pulled from there", "no_pulled")
    return _err("That is not allowed now", "illegal")
