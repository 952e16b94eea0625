"""Sniper Elite solo actions as storage JSON and as the short text players type.

Text forms:

    enter A8            discard 3 (an objective of a doubled colour)
    move B6,C3          move B6 C3 D1      shoot D2 3          loot        objective
    equip noise_masking                    equip decoy_flare red      equip thrown_stone K8
    reward noise        reward recoil 2    reward precision    keep steady_aim
    place H2            end

>>> from games.sniper_elite.view import player_view
>>> parse("move b6, c3", None)
Move(path=('B6', 'C3'))
>>> format(parse("shoot d2 3", None))
'shoot D2 3'
>>> parse("equip decoy_flare Red", None)
Equip(card='decoy_flare', arg='red')
>>> parse("fly A1", None)
Traceback (most recent call last):
...
games.base.InvalidActionError: Unknown command 'fly'. Try: enter, discard, move, ...
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from games.base import InvalidActionError
from games.sniper_elite.actions import (
    Complete,
    DiscardObjective,
    EndTurn,
    Enter,
    Equip,
    EquipmentDealt,
    Keep,
    Loot,
    LootDrawn,
    Move,
    ObjectivesDrawn,
    OrderDrawn,
    OrderRolled,
    OrdersDealt,
    Place,
    Reward,
    Shoot,
    SniperAction,
    Tiebreak,
    TokensDrawn,
)
from games.sniper_elite.model import Token

_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        OrdersDealt, EquipmentDealt, ObjectivesDrawn, DiscardObjective, Enter, Move, Shoot,
        TokensDrawn, Reward, Loot, LootDrawn, Keep, Complete, Tiebreak, Equip, EndTurn,
        OrderRolled, OrderDrawn, Place,
    )
}  # fmt: skip

COMMANDS = (
    "enter", "discard", "move", "shoot", "loot", "objective", "equip", "reward", "keep", "place",
    "end",
)  # fmt: skip
_SPACE = re.compile(r"^[A-Za-z][0-9]{1,2}$")


def _bad(message: str, **params: object) -> InvalidActionError:
    return InvalidActionError(message, code="bad_action", **params)


def to_json(action: SniperAction) -> dict[str, Any]:
    """A JSON-compatible dict for `action`."""
    out: dict[str, Any] = {"type": type(action).__name__}
    for f in fields(action):
        value = getattr(action, f.name)
        if isinstance(value, tuple):
            value = [v.value if isinstance(v, Token) else v for v in value]
        out[f.name] = value
    return out


def from_json(data: Mapping[str, Any]) -> SniperAction:
    """The action stored as `data`."""
    cls = _TYPES.get(str(data.get("type")))
    if cls is None:
        raise _bad("Unknown action type {type!r}.", type=data.get("type"))
    kwargs: dict[str, Any] = {}
    try:
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            if isinstance(value, list):
                value = tuple(Token(v) if f.name == "tokens" else v for v in value)
            kwargs[f.name] = value
        action = cls(**kwargs)
    except (TypeError, ValueError) as error:
        raise _bad("Malformed {action}: {error}", action=cls.__name__, error=str(error)) from None
    return action  # type: ignore[no-any-return]


def _space(word: str) -> str:
    if not _SPACE.match(word):
        raise _bad("{word} is not a space name (a letter and a number, like C4).", word=word)
    return word.upper()


def parse(text: str, view: Any) -> SniperAction:
    """The action typed as `text` (spaces are checked against the board when applied)."""
    words = text.replace(",", " ").replace(">", " ").split()
    if not words:
        raise _bad("Type a command, for example `move B3,B4` or `end`.")
    command, args = words[0].lower(), words[1:]
    if command not in COMMANDS:
        raise _bad(
            "Unknown command {command!r}. Try: {commands}, ...",
            command=words[0],
            commands=", ".join(COMMANDS[:3]),
        )
    if command in ("loot", "objective", "end"):
        if args:
            raise _bad("`{command}` takes nothing after it.", command=command)
        bare: dict[str, SniperAction] = {"loot": Loot(), "objective": Complete(), "end": EndTurn()}
        return bare[command]
    if not args:
        raise _bad("`{command}` needs more: see the examples in the help.", command=command)
    if command == "move":
        if len(args) > 3:
            raise _bad("You move at most 3 spaces.")
        return Move(tuple(_space(a) for a in args))
    if command == "shoot":
        if len(args) != 2 or not args[1].isdecimal():
            raise _bad("Shoot like `shoot D2 3`: the target's space and how many tokens to draw.")
        return Shoot(_space(args[0]), int(args[1]))
    if command in ("enter", "place"):
        if len(args) != 1:
            raise _bad("`{command}` takes one space.", command=command)
        return Enter(_space(args[0])) if command == "enter" else Place(_space(args[0]))
    if command == "discard":
        if len(args) != 1 or not args[0].isdecimal():
            raise _bad("Discard an objective by its number, like `discard 3`.")
        return DiscardObjective(int(args[0]))
    if command == "reward":
        kind = args[0].lower()
        count = int(args[1]) if len(args) > 1 and args[1].isdecimal() else 1
        if kind not in ("noise", "recoil", "precision") or len(args) > 2:
            raise _bad("Reward like `reward noise`, `reward recoil 2` or `reward precision`.")
        return Reward(kind, count)
    if command == "keep":
        return Keep(args[0].lower())
    if len(args) > 2:
        raise _bad("Equip like `equip noise_masking` or `equip thrown_stone K8`.")
    arg = args[1] if len(args) == 2 else None
    if arg is not None:
        arg = arg.upper() if _SPACE.match(arg) else arg.lower()
    return Equip(args[0].lower(), arg)


def format(action: SniperAction) -> str:
    """The text form of a player action (chance results get a readable, non-command form)."""
    match action:
        case Enter(space):
            return f"enter {space}"
        case DiscardObjective(number):
            return f"discard {number}"
        case Move(path):
            return "move " + ",".join(path)
        case Shoot(target, tokens):
            return f"shoot {target} {tokens}"
        case Loot():
            return "loot"
        case Complete():
            return "objective"
        case Equip(card, arg):
            return f"equip {card}" + (f" {arg}" if arg else "")
        case Reward(kind, count):
            return f"reward {kind} {count}" if kind == "recoil" else f"reward {kind}"
        case Keep(card):
            return f"keep {card}"
        case Place(space):
            return f"place {space}"
        case EndTurn():
            return "end"
    return f"({type(action).__name__})"


class SniperCodec:
    """The codec object registered with the game."""

    def to_json(self, action: SniperAction) -> dict[str, Any]:
        """A JSON-compatible dict for `action`."""
        return to_json(action)

    def from_json(self, data: Mapping[str, Any]) -> SniperAction:
        """The action stored as `data`."""
        return from_json(data)

    def parse(self, text: str, view: Any) -> SniperAction:
        """The action typed as `text`."""
        return parse(text, view)

    def format(self, action: SniperAction) -> str:
        """The text form of `action`."""
        return format(action)
