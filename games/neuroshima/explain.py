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

_STEP_WORDS = {
    Step.PICK_MERCENARY: "pick a mercenary",
    Step.PLACE_HQ: "place your HQ",
    Step.DRAW: "draw",
    Step.DISCARD: "discard one of your three tiles first",
    Step.PLAY: "play, keep or discard tiles",
    Step.PENDING: "choose where the tile goes",
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


def _err(message: str, code: str) -> IllegalActionError:
    return IllegalActionError(message, code=code)


def _label(state: State, h: Hex) -> str:
    board = state.position.board
    return board.label(h) if h in board else f"({h.q}, {h.r})"


def _check_hex(state: State, h: Hex) -> GameError | None:
    if h not in state.position.board:
        return _err(f"{_label(state, h)} is not a hex on this board", "bad_hex")
    return None


def explain(state: State, seat: Seat, action: NeuroshimaAction) -> GameError:
    """The error to raise for an action legal_actions does not list."""
    wanted = _STEP_OF.get(type(action), Step.PLAY)
    if isinstance(action, Discard) and state.step is Step.DISCARD:
        wanted = Step.DISCARD
    if wanted is not state.step:
        return _err(f"Now you must {_STEP_WORDS.get(state.step, 'wait')}.", "wrong_step")
    hand = state.hands[seat]
    for h in _hexes(action):
        bad = _check_hex(state, h)
        if bad is not None:
            return bad
    if isinstance(action, Discard | PlaceTile) and action.tile not in hand:
        return _err(f"{action.tile} is not in your hand", "not_in_hand")
    if isinstance(action, PlaceHQ | PlaceTile):
        if action.hex not in free_hexes(state.position):
            return _err(f"{_label(state, action.hex)} is occupied", "occupied")
        if isinstance(action, PlaceTile) and not tile_type(action.tile).is_board_tile:
            return _err(f"{action.tile} is an action tile: use it, do not place it", "not_board")
        if isinstance(action, PlaceTile) and not 0 <= action.facing < 6:
            return _err("A facing is a number from 0 to 5", "bad_facing")
    needed = _NEEDS.get(type(action))
    if needed is not None and not any(tile_type(t).action is needed for t in hand):
        return _err(f"You have no {needed.value.replace('_', ' ')} tile in hand", "no_tile")
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
        return _err(f"There is no tile on {_label(state, first)}", "empty_hex")
    if mine.owner != seat:
        return _err(f"The tile on {_label(state, first)} is not yours", "not_yours")
    if first in nets:
        return _err(f"The tile on {_label(state, first)} is netted", "netted")
    if isinstance(action, Move):
        if action.to != action.frm and action.to in tiles:
            return _err(f"{_label(state, action.to)} is occupied", "occupied")
        return _err("That tile cannot move there now", "bad_move")
    if isinstance(action, PushBack | Grab):
        target = tiles.get(action.target)
        if target is None:
            return _err(f"There is no tile on {_label(state, action.target)}", "empty_hex")
        if action.target in nets:
            return _err(f"The tile on {_label(state, action.target)} is netted", "netted")
        verb = "pushed" if isinstance(action, PushBack) else "pulled"
        return _err(f"That tile cannot be {verb} from there", f"no_{verb}")
    return _err("That is not allowed now", "illegal")
