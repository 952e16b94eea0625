"""Neuroshima Hex actions as storage JSON and as the short text players type.

Text forms (hexes by label, facings 0-5, tiles by id, short id, name or unique prefix):

    pick shield            hq C3                  draw / draw shield
    discard 2 / discard runner                    place runner C3 2
    move C3 C4 5           use move C3 C4 5       move C3 C4 5 mobility
    rotate C3 4            rotate C3 4 hq         rotate C3 4 turnover
    push C3 C4             push C3 C4 ability     grab C3 C5 / grab C3 C5 ability
    swap C3 D2             snipe D2 / use sniper D2   strike C3   grenade B2
    choose C5 / choose C5 3                       battle         end

`format` writes the explicit form (`use move`, `mobility`, `hq`, `ability`) so that parse reads
back exactly the same action; typed short forms pick the likeliest means from the view.

>>> from games.neuroshima.rules import setup, player_view
>>> view = player_view(setup({"armies": ["outpost", "hegemony"]}, 2, "doc"), 0)
>>> parse("hq C3", view)
PlaceHQ(hex=Hex(q=0, r=0))
>>> format(parse("move c3 c4 5", view), view)
'move C3 C4 5 mobility'
>>> format(parse("use sniper D2", view), view)
'snipe D2'
>>> parse("strike Z9", view)
Traceback (most recent call last):
...
games.base.InvalidActionError: Z9 is not a hex on this board
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from functools import cache
from typing import Any

from games.base import AmbiguousActionError, InvalidActionError
from games.neuroshima.actions import (
    AirStrike,
    ChooseDestination,
    Discard,
    Draw,
    EndTurn,
    Grab,
    Grenade,
    Means,
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
from games.neuroshima.board import Board, Hex
from games.neuroshima.tiles import Action, Special, tile_type, tile_types
from games.neuroshima.view import NeuroshimaView
from games.text import Text

_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        PickMercenary, PlaceHQ, Draw, TilesDrawn, Discard, PlaceTile, Move, Rotate, PushBack,
        Grab, Reposition, Snipe, AirStrike, Grenade, ChooseDestination, StartBattle, EndTurn,
    )
}  # fmt: skip
_HEX_FIELDS = frozenset({"hex", "frm", "to", "pusher", "target", "grabber", "first", "second"})


def _bad(message: str, code: str = "bad_action", **params: object) -> InvalidActionError:
    return InvalidActionError(message, code=code, **params)


def to_json(action: NeuroshimaAction) -> dict[str, Any]:
    """A JSON-compatible dict for `action`."""
    out: dict[str, Any] = {"type": type(action).__name__}
    for name in (f.name for f in fields(action)):
        value = getattr(action, name)
        if name in _HEX_FIELDS:
            out[name] = [value.q, value.r]
        elif isinstance(value, Means):
            out[name] = value.value
        elif isinstance(value, tuple):
            out[name] = list(value)
        else:
            out[name] = value
    return out


def from_json(data: Mapping[str, Any]) -> NeuroshimaAction:
    """The action stored as `data`."""
    cls = _TYPES.get(str(data.get("type")))
    if cls is None:
        raise _bad("unknown action type {type}", type=repr(data.get("type")))
    kwargs: dict[str, Any] = {}
    try:
        for name in (f.name for f in fields(cls)):
            value = data[name]
            if name in _HEX_FIELDS:
                kwargs[name] = Hex(int(value[0]), int(value[1]))
            elif name == "means":
                kwargs[name] = Means(value)
            elif name in ("tiles", "mercenaries"):
                kwargs[name] = tuple(str(t) for t in value)
            elif name in ("facing", "seat") and value is not None:
                kwargs[name] = int(value)
            else:
                kwargs[name] = value
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise _bad("malformed {action}: {problem}", action=cls.__name__, problem=str(exc)) from None
    action: NeuroshimaAction = cls(**kwargs)
    return action


def _board(view: NeuroshimaView | None) -> Board:
    return _board_of(view.board_radius if view is not None else 2)


@cache
def _board_of(radius: int) -> Board:
    # One Board per size: its hex labels are built once, not once per formatted action.
    return Board(radius)


def format(action: NeuroshimaAction, view: NeuroshimaView | None = None) -> str:
    """The text form of `action` (hex labels of the view's board; the 19-hex board without)."""
    lb = _board(view).label

    def short(tile: str) -> str:
        return tile_type(tile).short_id

    if isinstance(action, PickMercenary):
        return f"pick {action.tile}"
    if isinstance(action, PlaceHQ):
        return f"hq {lb(action.hex)}"
    if isinstance(action, Draw):
        return " ".join(["draw", *action.mercenaries])
    if isinstance(action, TilesDrawn):
        return f"drawn {action.seat} " + " ".join(action.tiles)
    if isinstance(action, Discard):
        return f"discard {action.tile}"
    if isinstance(action, PlaceTile):
        return f"place {action.tile} {lb(action.hex)} {action.facing}"
    if isinstance(action, Move):
        body = f"{lb(action.frm)} {lb(action.to)} {action.facing}"
        return f"use move {body}" if action.means is Means.TILE else f"move {body} mobility"
    if isinstance(action, Rotate):
        suffix = "hq" if action.means is Means.HQ else "turnover"
        return f"rotate {lb(action.hex)} {action.facing} {suffix}"
    if isinstance(action, PushBack | Grab):
        verb = "push" if isinstance(action, PushBack) else "grab"
        actor = action.pusher if isinstance(action, PushBack) else action.grabber
        text = f"{verb} {lb(actor)} {lb(action.target)}"
        return text + (" ability" if action.means is Means.UNIT else "")
    if isinstance(action, Reposition):
        return f"swap {lb(action.first)} {lb(action.second)}"
    if isinstance(action, Snipe):
        return f"snipe {lb(action.target)}"
    if isinstance(action, AirStrike):
        return f"strike {lb(action.target)}"
    if isinstance(action, Grenade):
        return f"grenade {lb(action.target)}"
    if isinstance(action, ChooseDestination):
        return f"choose {lb(action.hex)}" + (
            f" {action.facing}" if action.facing is not None else ""
        )
    if isinstance(action, StartBattle):
        return "battle"
    return "end"


_USE_WORDS = {
    "move": "move", "push": "push", "push_back": "push", "grab": "grab", "sniper": "snipe",
    "snipe": "snipe", "air_strike": "strike", "strike": "strike", "airstrike": "strike",
    "grenade": "grenade", "battle": "battle", "repositioning": "swap", "swap": "swap",
}  # fmt: skip


def _number(word: str) -> bool:
    """Whether a word is a number in the digits 0-9 (another script's digits are not)."""
    return word.isascii() and word.isdigit()


def parse(text: str, view: NeuroshimaView) -> NeuroshimaAction:
    """The action typed as `text`, read against what the typing seat sees."""
    words = text.strip().replace(",", " ").split()
    if not words:
        raise _bad("Type an action, e.g. `place runner C3 2` or `end`.", "empty")
    if words[0].lower() == "use":
        if len(words) < 2 or _USE_WORDS.get(words[1].lower()) is None:
            raise _bad("Use which action tile? e.g. `use sniper D2`.", "unknown_tile")
        verb = _USE_WORDS[words[1].lower()]
        return _parse_verb(verb, words[2:], view, forced_tile=True)
    return _parse_verb(words[0].lower(), words[1:], view, forced_tile=False)


def _parse_verb(
    verb: str, args: list[str], view: NeuroshimaView, forced_tile: bool
) -> NeuroshimaAction:
    board = _board(view)
    me = view.viewer if view.viewer is not None else view.active
    hand = view.seats[me].hand if 0 <= me < len(view.seats) else ()

    def hexes(n: int, usage: str) -> list[Hex]:
        if len(args) < n:
            raise _bad("Usage: {usage}", "usage", usage=usage)
        return [board.parse(a) for a in args[:n]]

    def facing(i: int, default: int | None, usage: str) -> int | None:
        if len(args) <= i:
            if default is None:
                raise _bad("Usage: {usage}", "usage", usage=usage)
            return default
        if not _number(args[i]) or not 0 <= int(args[i]) < 6:
            raise _bad("{facing} is not a facing (0-5)", "bad_facing", facing=args[i])
        return int(args[i])

    def has(action: Action) -> bool:
        return any(tile_type(t).action is action for t in hand)

    flags = {a.lower() for a in args}
    if verb == "pick":
        return PickMercenary(_tile(" ".join(args), None))
    if verb == "hq":
        if len(args) > 1:
            raise _bad("Usage: {usage}", "usage", usage="hq C3")
        return PlaceHQ(hexes(1, "hq C3")[0])
    if verb == "draw":
        return Draw(tuple(_tile(a, None) for a in args))
    if verb == "discard":
        if len(args) == 1 and _number(args[0]):
            i = int(args[0])
            if not 1 <= i <= len(hand):
                said = Text.plural(
                    "You have {count} tile in hand; pick 1-{count}",
                    "You have {count} tiles in hand; pick 1-{count}",
                    len(hand),
                )
                raise _bad(said, "bad_index")
            return Discard(hand[i - 1])
        return Discard(_tile(" ".join(args), hand))
    if verb == "place":
        if len(args) < 2:
            raise _bad("Usage: {usage}", "usage", usage="place runner C3 2")
        tail = _number(args[-1])
        where = args[-2] if tail else args[-1]
        name = " ".join(args[: -2 if tail else -1])
        f = int(args[-1]) if tail else 0
        if not 0 <= f < 6:
            raise _bad("{facing} is not a facing (0-5)", "bad_facing", facing=f)
        return PlaceTile(_tile(name, hand), board.parse(where), f)
    if verb == "move":
        a, b = hexes(2, "move C3 C4 5")
        to_facing = facing(2, _facing_at(view, a), "move C3 C4 5")
        assert to_facing is not None
        means = _move_means(view, a, forced_tile, "mobility" in flags, has)
        return Move(a, b, to_facing, means)
    if verb == "rotate":
        (a,) = hexes(1, "rotate C3 4")
        turned = facing(1, None, "rotate C3 4")
        assert turned is not None
        if "hq" in flags:
            return Rotate(a, turned, Means.HQ)
        if "turnover" in flags:
            return Rotate(a, turned, Means.TURN_OVER)
        return _rotate_guess(view, a, turned, has)
    if verb in ("push", "grab"):
        a, b = hexes(2, f"{verb} C3 C4")
        wanted = Action.PUSH_BACK if verb == "push" else Action.GRAB
        means = Means.UNIT if "ability" in flags or not (forced_tile or has(wanted)) else Means.TILE
        return PushBack(a, b, means) if verb == "push" else Grab(a, b, means)
    if verb == "swap":
        a, b = hexes(2, "swap C3 D2")
        return Reposition(a, b)
    if verb in ("snipe", "sniper"):
        return Snipe(hexes(1, "snipe D2")[0])
    if verb in ("strike", "airstrike"):
        return AirStrike(hexes(1, "strike C3")[0])
    if verb == "grenade":
        return Grenade(hexes(1, "grenade B2")[0])
    if verb == "choose":
        (a,) = hexes(1, "choose C5")
        return ChooseDestination(a, facing(1, -1, "choose C5 3") if len(args) > 1 else None)
    if verb == "battle":
        return StartBattle()
    if verb in ("end", "pass", "done"):
        return EndTurn()
    raise _bad("Unknown action {verb}: try place, move, discard, use, battle or end.",
               "unknown_verb", verb=repr(verb))  # fmt: skip


def _facing_at(view: NeuroshimaView, h: Hex) -> int:
    placed = view.tile_at(h)
    return placed.facing if placed is not None else 0


def _move_means(
    view: NeuroshimaView, h: Hex, forced_tile: bool, forced_mobility: bool, has: Any
) -> Means:
    if forced_tile:
        return Means.TILE
    if forced_mobility:
        return Means.MOBILITY
    placed = view.tile_at(h)
    if placed is not None and placed.type.mobility:
        return Means.MOBILITY
    return Means.TILE if has(Action.MOVE) else Means.MOBILITY


def _rotate_guess(view: NeuroshimaView, h: Hex, f: int, has: Any) -> Rotate | Move:
    placed = view.tile_at(h)
    me = view.viewer if view.viewer is not None else view.active
    if placed is not None and Special.TURN_OVER in placed.type.specials:
        return Rotate(h, f, Means.TURN_OVER)
    army = view.seats[me].army if 0 <= me < len(view.seats) else ""
    if tile_types().get(f"{army}.hq") and tile_type(f"{army}.hq").effect.rotate_one_unit_per_turn:
        return Rotate(h, f, Means.HQ)
    mobile = placed is not None and placed.type.mobility
    return Move(h, h, f, Means.TILE if has(Action.MOVE) and not mobile else Means.MOBILITY)


def _norm(text: str) -> str:
    return text.strip().lower().replace(" ", "_").replace("-", "_")


def _tile(name: str, hand: tuple[str, ...] | None) -> str:
    """The tile id `name` means: in the hand when one is given, else any known tile."""
    wanted = _norm(name)
    if not wanted:
        raise _bad("Which tile?", "unknown_tile")
    pool = list(dict.fromkeys(hand)) if hand is not None else list(tile_types())

    def keys(tile: str) -> tuple[str, ...]:
        t = tile_type(tile)
        return (_norm(tile), _norm(t.short_id), _norm(t.name))

    exact = [t for t in pool if wanted in keys(t)]
    if len(exact) == 1:
        return exact[0]
    found = exact or [t for t in pool if any(k.startswith(wanted) for k in keys(t))]
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        names = ", ".join(sorted({tile_type(t).short_id for t in found}))
        raise AmbiguousActionError(
            "{name} could be: {tiles}", code="ambiguous_tile", name=repr(name), tiles=names
        )
    if hand is not None and any(wanted in keys(t) for t in tile_types()):
        raise InvalidActionError("{tile} is not in your hand", code="not_in_hand", tile=name)
    raise InvalidActionError("Unknown tile {name}", code="unknown_tile", name=repr(name))


class NeuroshimaCodec:
    """The codec object registered with the game (wraps this module's functions)."""

    def to_json(self, action: NeuroshimaAction) -> dict[str, Any]:
        """A JSON-compatible dict for `action`."""
        return to_json(action)

    def from_json(self, data: Mapping[str, Any]) -> NeuroshimaAction:
        """The action stored as `data`."""
        return from_json(data)

    def parse(self, text: str, view: Any) -> NeuroshimaAction:
        """The action typed as `text`."""
        return parse(text, view)

    def format(self, action: NeuroshimaAction, view: NeuroshimaView | None = None) -> str:
        """The text form of `action`."""
        return format(action, view)
