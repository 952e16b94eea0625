"""Neuroshima Hex turn flow: who acts, what is legal, and what each action does.

legal_actions and apply agree by construction: apply accepts exactly the actions that
legal_actions lists and explains a refusal with a specific message and code.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import games.neuroshima.ending as ending
import games.neuroshima.turns as turns
from games.base import (
    CHANCE,
    GameConfig,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    Outcome,
    RandomSource,
    Seat,
)
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
    TilesDrawn,
)
from games.neuroshima.board import Hex
from games.neuroshima.explain import explain
from games.neuroshima.instants import (
    HQ_KILL,
    air_strike_centres,
    air_strike_hits,
    grenade_targets,
    sniper_targets,
    wound,
)
from games.neuroshima.movement import apply_movement, finish_displacement, movement_actions
from games.neuroshima.position import PlacedTile, netted
from games.neuroshima.queries import free_hexes, note, with_tiles
from games.neuroshima.setup import bomber_tile
from games.neuroshima.setup import setup as _setup
from games.neuroshima.state import BomberMode, Change, State, Step
from games.neuroshima.tiles import Action, tile_type
from games.neuroshima.turns import to_act as to_act
from games.neuroshima.view import NeuroshimaView
from games.neuroshima.view import player_view as _player_view


def setup(config: GameConfig, seats: int, seed: str) -> State:
    """The initial state (see games.neuroshima.setup for the config keys)."""
    return _setup(config, seats, seed)


def _hand_actions(state: State, seat: Seat) -> frozenset[str]:
    out = set()
    for tile in state.hands[seat]:
        action = tile_type(tile).action
        if action is not None:
            out.add(action.value)
    return frozenset(out)


def _board_tiles_in_hand(state: State, seat: Seat) -> list[str]:
    seen: list[str] = []
    for tile in state.hands[seat]:
        if tile_type(tile).is_board_tile and tile not in seen:
            seen.append(tile)
    return seen


def _draw_options(state: State, seat: Seat) -> list[NeuroshimaAction]:
    room = turns.mercenary_room(state, seat)
    reserve = state.reserves[seat]
    options: list[NeuroshimaAction] = [Draw(())]
    options += [Draw((m,)) for m in reserve]
    if room >= 2:
        options += [Draw((a, b)) for i, a in enumerate(reserve) for b in reserve[i + 1 :]]
    return options


def _play_actions(state: State, seat: Seat) -> list[NeuroshimaAction]:
    position = state.position
    nets = netted(position)
    have = _hand_actions(state, seat)
    out: list[NeuroshimaAction] = [EndTurn()]
    out += [Discard(t) for t in dict.fromkeys(state.hands[seat])]
    free = free_hexes(position)
    for tile in _board_tiles_in_hand(state, seat):
        out += [PlaceTile(tile, h, f) for h in free for f in range(6)]
    out += movement_actions(state, seat, nets, have)
    if Action.SNIPER.value in have:
        out += [Snipe(h) for h in sniper_targets(position, seat)]
    if Action.AIR_STRIKE.value in have:
        out += [AirStrike(h) for h in air_strike_centres(position)]
    if Action.GRENADE.value in have:
        out += [Grenade(h) for h in grenade_targets(position, seat)]
    if Action.BATTLE.value in have and state.final_waiting is None:
        out.append(StartBattle())
    return out


def legal_actions(state: State, seat: Seat) -> Sequence[NeuroshimaAction]:
    """Every action `seat` may take now (empty when it is not to act)."""
    if seat not in to_act(state) or seat == CHANCE:
        return ()
    step = state.step
    if step is Step.PICK_MERCENARY:
        return tuple(PickMercenary(t) for t in dict.fromkeys(state.merc_pool))
    if step is Step.PLACE_HQ:
        return tuple(PlaceHQ(h) for h in free_hexes(state.position))
    if step is Step.DRAW:
        return tuple(_draw_options(state, seat))
    if step is Step.DISCARD:
        return tuple(Discard(t) for t in dict.fromkeys(state.hands[seat]))
    if step is Step.PENDING and state.pending is not None:
        p = state.pending
        facings: Sequence[int | None] = range(6) if p.may_rotate else (None,)
        return tuple(ChooseDestination(h, f) for h in p.options for f in facings)
    return tuple(_play_actions(state, seat))


def sample_chance(state: State, rng: RandomSource) -> NeuroshimaAction:
    """The tiles the active seat draws now."""
    return turns.sample_draw(state, rng)


def apply(state: State, seat: Seat, action: NeuroshimaAction) -> State:
    """The state after `seat` takes `action`; GameError subclasses when it cannot."""
    acting = to_act(state)
    if not acting:
        raise GameOverError("The game is over.")
    if seat not in acting:
        raise NotYourTurnError("It is not your turn.", code="not_your_turn")
    if isinstance(action, TilesDrawn):
        if seat != CHANCE or action != _valid_draw(state, action):
            raise IllegalActionError("Those tiles cannot be drawn now.", code="bad_draw")
        return turns.take_drawn(state, action.tiles)
    if action not in legal_actions(state, seat):
        raise explain(state, seat, action)
    return _apply_legal(state, seat, action)


def apply_listed(state: State, seat: Seat, action: NeuroshimaAction) -> State:
    """`apply` for an action taken from `legal_actions(state, seat)` of this very state.

    Searches call it millions of times; listing the legal actions again only to find the one
    they were taken from would double their cost.
    """
    return _apply_legal(state, seat, action)


def _valid_draw(state: State, action: TilesDrawn) -> TilesDrawn | None:
    seat = state.active
    if action.seat != seat or len(action.tiles) != turns.draw_count(state, seat):
        return None
    pile = list(state.decks[seat])
    tiles = list(action.tiles)
    if state.bomber_holder == seat and tiles:
        if tiles[0] != bomber_tile():
            return None
        tiles = tiles[1:]
    for t in tiles:
        if t not in pile:
            return None
        pile.remove(t)
    return action


def _apply_legal(state: State, seat: Seat, action: NeuroshimaAction) -> State:
    if isinstance(action, PickMercenary):
        return ending.pick_mercenary(state, seat, action.tile)
    if isinstance(action, PlaceHQ):
        return ending.place_hq(state, seat, action.hex)
    if isinstance(action, Draw):
        return turns.take_mercenaries(state, action.mercenaries)
    if isinstance(action, Discard):
        return replace(turns.discard(state, action.tile), step=Step.PLAY)
    if isinstance(action, PlaceTile):
        return _place(state, seat, action)
    if isinstance(action, Move | Rotate | PushBack | Grab | Reposition):
        return apply_movement(_spend(state, seat, action), seat, action)
    if isinstance(action, ChooseDestination):
        p = state.pending
        assert p is not None
        return finish_displacement(state, p.kind, p.target, action.hex, action.facing)
    if isinstance(action, Snipe):
        return ending.settle(wound(_spend(state, seat, action), {action.target: 1}, seat))
    if isinstance(action, AirStrike):
        hits = air_strike_hits(state.position, action.target)
        return ending.settle(wound(_spend(state, seat, action), hits, seat))
    if isinstance(action, Grenade):
        return ending.settle(wound(_spend(state, seat, action), {action.target: HQ_KILL}, seat))
    if isinstance(action, StartBattle):
        return ending.battle_tile(_spend(state, seat, action))
    assert isinstance(action, EndTurn)
    return ending.end_turn(state)


def _spend(state: State, seat: Seat, action: NeuroshimaAction) -> State:
    """Discard the action tile that pays for `action` (abilities of tiles cost nothing)."""
    means = getattr(action, "means", None)
    if means is not None and means.value != "tile":
        return state
    kind = {
        Move: Action.MOVE,
        PushBack: Action.PUSH_BACK,
        Grab: Action.GRAB,
        Reposition: Action.REPOSITIONING,
        Snipe: Action.SNIPER,
        AirStrike: Action.AIR_STRIKE,
        Grenade: Action.GRENADE,
        StartBattle: Action.BATTLE,
    }[type(action)]
    tile = next(t for t in state.hands[seat] if tile_type(t).action is kind)
    state = turns.discard(state, tile)
    return note(state, [Change("used", None, None, tile, seat)])


def _place(state: State, seat: Seat, action: PlaceTile) -> State:
    hand = list(state.hands[seat])
    hand.remove(action.tile)
    neutral = state.options.mad_bomber is BomberMode.NEUTRAL and action.tile == bomber_tile()
    placed = PlacedTile(action.tile, None if neutral else seat, action.facing, 0)
    tiles = state.position.by_hex()
    tiles[action.hex] = placed
    state = replace(
        state,
        hands=turns.set_row(state.hands, seat, tuple(hand)),
        position=with_tiles(state.position, tiles),
    )
    state = note(
        state, [Change("placed", action.hex, None, action.tile, placed.owner, placed.facing)]
    )
    if not free_hexes(state.position):
        # cs: "Kdykoli je během hry hrací deska zaplněna ... je zahájena Bitva."
        return ending.board_full_battle(state)
    return state


def outcome(state: State) -> Outcome | None:
    """The result once the game is over."""
    return state.outcome


def player_view(state: State, seat: Seat | None) -> NeuroshimaView:
    """What `seat` may see (None: spectators)."""
    return _player_view(state, seat)


def hexes_free(state: State) -> tuple[Hex, ...]:
    """Free hexes of the board (for front-ends and AI)."""
    return free_hexes(state.position)
