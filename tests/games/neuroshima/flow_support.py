"""Builders for turn-flow tests: a game in its play step with a chosen board and hands."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games import engine
from games.base import CHANCE
from games.neuroshima import rules
from games.neuroshima.board import Hex
from games.neuroshima.position import PlacedTile
from games.neuroshima.queries import with_tiles
from games.neuroshima.state import State, Step


def game(
    tiles: Mapping[str, tuple[str, int | None, int]],
    hands: Mapping[int, tuple[str, ...]] = {},
    config: Mapping[str, Any] | None = None,
    seats: int = 2,
    active: int = 0,
) -> State:
    """A state in `active`'s play step with these tiles (label -> (tile, owner, facing))."""
    state = rules.setup(dict(config or {"armies": ["moloch", "outpost"]}), seats, "t")
    board = state.position.board
    placed = {board.parse(k): PlacedTile(t, o, f, 0) for k, (t, o, f) in tiles.items()}
    decks = list(state.decks)
    for seat, hand in hands.items():
        deck = list(decks[seat])
        for t in hand:
            if t in deck:
                deck.remove(t)
        decks[seat] = tuple(deck)
    return replace(
        state,
        position=with_tiles(state.position, placed),
        hands=tuple(tuple(hands.get(s, ())) for s in range(seats)),
        decks=tuple(decks),
        step=Step.PLAY,
        active=active,
        turn=seats + 1,
        first_draw_done=frozenset(range(seats)),
        turn_started=tuple(seats + 1 if s == active else s + 1 for s in range(seats)),
    )


def hx(state: State, label: str) -> Hex:
    """The hex with this label on the state's board."""
    return state.position.board.parse(label)


def at(state: State, label: str) -> PlacedTile | None:
    """The tile on the hex labelled `label`."""
    return state.tile_at(hx(state, label))


def chance(state: State, seed: str = "t", seq: int = 0) -> State:
    """Run pending chance steps."""
    out, _ = engine.resolve_chance(rules, state, seed, seq)
    return out


def only_seat(state: State) -> int:
    """The single seat to act (CHANCE excluded)."""
    (seat,) = rules.to_act(state)
    assert seat != CHANCE
    return seat
