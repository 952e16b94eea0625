"""Using equipment cards: each effect reuses a mechanism the solo rules already have."""

from __future__ import annotations

from dataclasses import replace

from games.base import IllegalActionError
from games.sniper_elite.board import Area, Board
from games.sniper_elite.cards import equipment_cards
from games.sniper_elite.health import note, stack_count
from games.sniper_elite.model import PendingTiebreak, Phase, State, Token
from games.sniper_elite.moves import Context, move_toward, nearest_defenders
from games.sniper_elite.sniper import on_entry
from games.sniper_elite.worst import Ties, worst
from games.text import Text


def equip_options(board: Board, state: State) -> list[tuple[str, str | None]]:
    """Every (card, argument) the sniper may use now."""
    if state.turn.equipped or state.phase is not Phase.SNIPER:
        return []
    options: list[tuple[str, str | None]] = []
    for card in sorted(set(state.equipment)):
        options += [(card, arg) for arg in _arguments(board, state, card)]
    return options


def _arguments(board: Board, state: State, card: str) -> list[str | None]:
    """The arguments a card can take now ([None] for cards without one, [] when unusable)."""
    usable = True
    if card == "noise_masking":
        usable = not state.turn.moved
    elif card == "silent_rounds":
        usable = not state.turn.acted and not on_entry(board, state)
    elif card == "field_dressing":
        loose = state.bag.count(Token.RECOIL) + state.bag.count(Token.SUPPRESSOR)
        usable = loose > 0 and stack_count(state, recoil=True) < 4
    elif card == "decoy_flare":
        return [a.value for a in Area if a is not state.lka]
    elif card == "thrown_stone":
        assert state.sniper is not None
        if not state.on_board:
            return []
        return [
            s.id
            for s in board.playing_spaces
            if s.id != state.sniper and board.line_of_sight(state.sniper, s.id) is not None
        ]
    return [None] if usable else []


def equip(board: Board, state: State, card: str, arg: str | None) -> State:
    """Use a card: it is turned face down and its effect applies."""
    if (card, arg) not in equip_options(board, state):
        what = f"{card} {arg}" if arg else card
        raise IllegalActionError("You cannot use {what} now.", code="cannot_equip", what=what)
    hand = list(state.equipment)
    hand.remove(card)
    title = equipment_cards()[card].title
    state = replace(
        state,
        equipment=tuple(hand),
        equipment_used=(*state.equipment_used, card),
        turn=replace(state.turn, equipped=True),
    )
    state = note(state, Text("You use {title}.", title=title))
    if card == "noise_masking":
        return replace(state, turn=replace(state.turn, masking=True))
    if card == "silent_rounds":
        return replace(state, turn=replace(state.turn, silent=True))
    if card == "camouflage_net":
        return replace(state, turn=replace(state.turn, camouflage=True))
    if card == "field_dressing":
        token = Token.RECOIL if state.bag.count(Token.RECOIL) else Token.SUPPRESSOR
        state = replace(state, bag=state.bag.add(token, -1), stack=(token, *state.stack))
        dressed = (
            Text("A recoil token moves from the bag to your health stack.")
            if token is Token.RECOIL
            else Text("A suppressor token moves from the bag to your health stack.")
        )
        return note(state, dressed)
    if card == "steady_aim":
        return note(
            replace(state, bag=state.bag.add(Token.PRECISION)),
            Text("A precision token joins the bag."),
        )
    if card == "decoy_flare":
        assert arg is not None
        area = Area(arg)
        return note(replace(state, lka=area), Text("The LKA is now {area}.", area=area.word))
    assert arg is not None
    return replace(state, phase=Phase.TIEBREAK, pending=PendingTiebreak("stone", arg))


def thrown_stone(board: Board, state: State, space: str, tiebreak: int) -> State:
    """The nearest defender to the stone's space moves 2 spaces toward it."""
    ctx = Context(board, Ties(tiebreak))
    state = replace(state, pending=None, phase=Phase.SNIPER)
    tied = nearest_defenders(board, state.on_board, (space,))
    if not tied:
        return note(state, Text("No defender hears the stone."))
    options = [(move_toward(ctx, state, d, (space,), 2), d.id) for d in tied]
    return worst(board, ctx.ties, options)[0]
