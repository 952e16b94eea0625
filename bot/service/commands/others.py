"""The `/space-alert` and `/sniper` groups: lobby commands, the common actions, and `act`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from bot.service.commands.hosting import lobby_commands, play_commands, resolve_game
from bot.service.commands.spec import Command, Group, LegalShape, Option, Options, game_option, opt
from bot.service.outbox import Reply

if TYPE_CHECKING:
    from bot.service.service import Service, UserId

Render = Callable[[Options], str]
Values = Callable[[Any, Any], Mapping[str, str]]


def _text(*parts: object) -> str:
    return " ".join(str(p) for p in parts if p is not None and p != "")


def _action(
    key: str,
    group: str,
    name: str,
    description: str,
    options: tuple[Option, ...],
    render: Render,
    shape: tuple[tuple[type, ...], Values] | None,
) -> Command:
    async def handler(service: Service, user: UserId, o: Options) -> Reply:
        gid = await resolve_game(service, user, o, key)
        return await service.act(gid, user, render(o))

    legal = LegalShape(*shape) if shape else None
    return Command(name, description, handler, (*options, game_option()), group, legal)


def space_alert() -> Group:
    """The /space-alert group."""
    from games.space_alert.actions import ClearSlot, GiveCard, LockIn, PlaceCard

    key, group = "space_alert", "space-alert"
    card = opt("card", "int", "A card in your hand", True, autocomplete="cards", min_value=0)
    slot = opt("slot", "int", "Action slot (turn)", True, autocomplete="slots", min_value=1)
    board = opt("board", "int", "Whose board (crew number; default your own)", min_value=1)

    def board_text(o: Options) -> str | None:
        return f"on {o['board']}" if o.get("board") is not None else None

    def place_values(a: Any, v: Any) -> Mapping[str, str]:
        del v
        on = {} if a.board is None else {"board": str(a.board + 1)}
        return {"card": str(a.card), "slot": str(a.slot), "half": a.half, **on}

    commands = (
        _action(key, group, "place", "Program a card into a slot",
                (card, slot, opt("half", "choice", "Which half of the card", True,
                                 choices=("action", "move")), board),
                lambda o: _text("place", o["card"], o["slot"], o["half"], board_text(o)),
                ((PlaceCard,), place_values)),
        _action(key, group, "clear", "Take a card back out of a slot", (slot, board),
                lambda o: _text("clear", o["slot"], board_text(o)),
                ((ClearSlot,), lambda a, v: {"slot": str(a.slot)})),
        _action(key, group, "give", "Hand a card to another crew member",
                (card, opt("to", "int", "Crew number", True, min_value=1)),
                lambda o: _text("give", o["card"], "to", o["to"]),
                ((GiveCard,), lambda a, v: {"card": str(a.card), "to": str(a.to + 1)})),
        _action(key, group, "lock", "Lock in your plan for this phase", (), lambda o: "lock",
                ((LockIn,), lambda a, v: {})),
    )  # fmt: skip
    lobby = lobby_commands(key)
    return Group(group, "Space Alert: crew lobbies and planning", key,
                 (*lobby, *commands, *play_commands(key)))  # fmt: skip


def sniper() -> Group:
    """The /sniper group (a solo mission: `new` starts at once)."""
    from games.sniper_elite.actions import EndTurn, Move, Shoot

    key, group = "sniper_elite", "sniper"
    commands = (
        _action(key, group, "move", "Move along a path of spaces",
                (opt("path", "str", "Spaces, e.g. B6 C3", True, autocomplete="paths"),),
                lambda o: _text("move", o["path"]),
                ((Move,), lambda a, v: {"path": " ".join(a.path)})),
        _action(key, group, "shoot", "Shoot at a space",
                (opt("target", "str", "The target's space", True, autocomplete="targets"),
                 opt("tokens", "int", "Tokens to draw", True, min_value=1)),
                lambda o: _text("shoot", o["target"], o["tokens"]),
                ((Shoot,), lambda a, v: {"target": a.target, "tokens": str(a.tokens)})),
        _action(key, group, "end", "End your turn", (), lambda o: "end",
                ((EndTurn,), lambda a, v: {})),
    )  # fmt: skip
    lobby = lobby_commands(key, solo=True)
    return Group(group, "Sniper Elite solo missions", key,
                 (*lobby, *commands, *play_commands(key)))  # fmt: skip
