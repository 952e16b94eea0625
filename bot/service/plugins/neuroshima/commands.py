"""The `/neuroshima` group: lobby commands and one command per kind of action.

Each action command turns its options into the codec's text (`/neuroshima place tile:runner
hex:C3 facing:2` plays "place runner C3 2"), so the rules check it like anything typed, and
declares how legal actions fill its options, which is what autocomplete offers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.service.commands.hosting import (
    Render,
    Values,
    extra_from,
    lobby_commands,
    move_commands,
    play_commands,
    words,
)
from bot.service.commands.spec import (
    Command,
    Group,
    Option,
    Options,
    opt,
)
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
    PickMercenary,
    PlaceHQ,
    PlaceTile,
    PushBack,
    Reposition,
    Rotate,
    Snipe,
    StartBattle,
)
from games.neuroshima.board import Board, Hex
from games.neuroshima.tiles import tile_type
from games.text import Text

KEY = "neuroshima"
GROUP = "neuroshima"
FACINGS = (0, 5)


def _hex(view: Any, h: Hex) -> str:
    return Board(view.board_radius).label(h)


def tile_label(option: str, value: str) -> str:
    """Tiles are suggested by name with their id; other values as they are."""
    if option not in ("tile", "mercenaries"):
        return value
    try:
        return " + ".join(f"{tile_type(t).name} ({t})" for t in value.split())
    except Exception:  # an unknown id is shown raw rather than failing the suggestion list
        return value


def _by(means: Any, tile: Means, other: Means) -> str:
    return "tile" if means is tile else ("mobility" if means is other else str(means.value))


_action = move_commands(KEY, GROUP, tile_label)


def _move_text(o: Options) -> str:
    by = o.get("by")
    body = words(o["from"], o["to"], o.get("facing"))
    if by == "tile":
        return f"use move {body}"
    return words("move", body, "mobility" if by == "mobility" else None)


def _rotate_text(o: Options) -> str:
    by = {"hq": "hq", "turnover": "turnover"}.get(str(o.get("by")))
    return words("rotate", o["hex"], o["facing"], by)


def _pushlike(verb: str) -> Render:
    def render(o: Options) -> str:
        return words(verb, o["from"], o["target"], "ability" if o.get("ability") else None)

    return render


def _hexes(**fields: str) -> Values:
    """Values of hex fields named option=field, e.g. _hexes(target='target')."""

    def values(action: Any, view: Any) -> Mapping[str, str]:
        return {name: _hex(view, getattr(action, f)) for name, f in fields.items()}

    return values


def _facing(name: str = "facing", required: bool = True) -> Option:
    return opt(name, "int", Text("Facing 0-5 (0 = up, clockwise)"), required,
               autocomplete="facings", min_value=FACINGS[0], max_value=FACINGS[1])  # fmt: skip


def _hex_opt(name: str, description: str, source: str = "free_hexes") -> Option:
    return opt(name, "str", description, True, autocomplete=source)


def action_commands() -> tuple[Command, ...]:
    """One command per kind of Neuroshima action."""
    tile = opt("tile", "str", Text("A tile in your hand"), True, autocomplete="tiles_in_hand")
    by_move = opt("by", "choice", Text("What pays: a Move tile or the unit's mobility"),
                  choices=("tile", "mobility"))  # fmt: skip
    by_rotate = opt("by", "choice", Text("What turns it: your HQ or a Turn-over"),
                    choices=("hq", "turnover"))  # fmt: skip
    ability = opt("ability", "bool", Text("Use the unit's own ability instead of a tile"))
    target = _hex_opt("target", Text("The hex to hit"), "targets")

    def place_values(a: Any, v: Any) -> Mapping[str, str]:
        return {"tile": a.tile, "hex": _hex(v, a.hex), "facing": str(a.facing)}

    def move_values(a: Any, v: Any) -> Mapping[str, str]:
        return {"from": _hex(v, a.frm), "to": _hex(v, a.to), "facing": str(a.facing),
                "by": _by(a.means, Means.TILE, Means.MOBILITY)}  # fmt: skip

    def rotate_values(a: Any, v: Any) -> Mapping[str, str]:
        by = "hq" if getattr(a, "means", None) is Means.HQ else "turnover"
        return {"hex": _hex(v, a.hex), "facing": str(a.facing), "by": by}

    def push_values(a: Any, v: Any) -> Mapping[str, str]:
        actor = a.pusher if isinstance(a, PushBack) else a.grabber
        return {"from": _hex(v, actor), "target": _hex(v, a.target),
                "ability": "true" if a.means is Means.UNIT else "false"}  # fmt: skip

    def choose_values(a: Any, v: Any) -> Mapping[str, str]:
        facing = "" if a.facing is None else str(a.facing)
        return {"hex": _hex(v, a.hex), "facing": facing}

    return (
        _action("pick", Text("Take a mercenary into your reserve (before the HQs)"),
                (opt("tile", "str", Text("A mercenary"), True, autocomplete="mercenaries"),),
                lambda o: words("pick", o["tile"]), (PickMercenary,),
                lambda a, v: {"tile": a.tile}),
        _action("hq", Text("Place your HQ"), (_hex_opt("hex", Text("A free hex")),),
                lambda o: words("hq", o["hex"]), (PlaceHQ,), _hexes(hex="hex")),
        _action("draw", Text("Draw your tiles (optionally reserved mercenaries instead)"),
                (opt("mercenaries", "str", Text("Reserved mercenaries to take, space separated"),
                     autocomplete="mercenaries"),),
                lambda o: words("draw", o.get("mercenaries")), (Draw,),
                lambda a, v: {"mercenaries": " ".join(a.mercenaries)}),
        _action("discard", Text("Discard a tile from your hand"), (tile,),
                lambda o: words("discard", o["tile"]), (Discard,), lambda a, v: {"tile": a.tile}),
        _action("place", Text("Place a tile from your hand"),
                (tile, _hex_opt("hex", Text("A free hex")), _facing()),
                lambda o: words("place", o["tile"], o["hex"], o.get("facing", 0)),
                (PlaceTile,), place_values),
        _action("move", Text("Move a unit (Move tile or mobility)"),
                (_hex_opt("from", Text("The unit's hex"), "own_units"),
                 _hex_opt("to", Text("Where to")), _facing(required=False), by_move),
                _move_text, (Move,), move_values),
        _action("rotate", Text("Turn a unit in place"),
                (_hex_opt("hex", Text("The unit's hex"), "own_units"), _facing(), by_rotate),
                _rotate_text, (Rotate,), rotate_values),
        _action("push", Text("Push an enemy unit back"),
                (_hex_opt("from", Text("The pushing unit"), "own_units"), target, ability),
                _pushlike("push"), (PushBack,), push_values),
        _action("grab", Text("Pull an enemy unit next to yours"),
                (_hex_opt("from", Text("The grabbing unit"), "own_units"), target, ability),
                _pushlike("grab"), (Grab,), push_values),
        _action("swap", Text("Swap two of your units (Repositioning)"),
                (_hex_opt("first", Text("One unit"), "own_units"),
                 _hex_opt("second", Text("The other unit"), "own_units")),
                lambda o: words("swap", o["first"], o["second"]), (Reposition,),
                _hexes(first="first", second="second")),
        _action("snipe", Text("Sniper: one wound to an enemy unit"), (target,),
                lambda o: words("snipe", o["target"]), (Snipe,), _hexes(target="target")),
        _action("strike", Text("Air Strike centred on a hex"), (target,),
                lambda o: words("strike", o["target"]), (AirStrike,), _hexes(target="target")),
        _action("grenade", Text("Grenade: destroy an enemy unit next to your HQ"), (target,),
                lambda o: words("grenade", o["target"]), (Grenade,), _hexes(target="target")),
        _action("choose", Text("Say where your pushed or pulled unit goes"),
                (_hex_opt("hex", Text("The destination"), "destinations"), _facing(required=False)),
                lambda o: words("choose", o["hex"], o.get("facing")), (ChooseDestination,),
                choose_values),
        _action("battle", Text("Play a Battle tile: fight now"), (), lambda o: "battle",
                (StartBattle,), lambda a, v: {}),
        _action("end", Text("End your turn"), (), lambda o: "end", (EndTurn,), lambda a, v: {}),
    )  # fmt: skip


def group() -> Group:
    """The /neuroshima command group."""
    extra = (
        opt("mercenaries", "int", Text("Mercenaries from Alabama per player (0-2)"),
            min_value=0, max_value=2),
        opt("scoring", "bool", Text("Play the scoring variant (HQs cannot fall)")),
        opt("board", "choice", Text("Board size"), choices=("standard", "large")),
    )  # fmt: skip
    read = extra_from({"mercenaries": "mercenaries", "scoring": "scoring", "board": "board"})
    lobby = lobby_commands(KEY, extra_options=extra, read_extra=read)
    return Group(
        GROUP,
        Text("Neuroshima Hex: lobbies and moves"),
        KEY,
        (*lobby, *action_commands(), *play_commands(KEY)),
    )
