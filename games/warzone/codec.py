"""Warzone actions as storage JSON and as the short text players type.

>>> parse("walk A2.1 10,12 12,14", None)
Walk(model='A2.1', path=((10.0, 12.0), (12.0, 14.0)), facing=None)
>>> format(parse("shoot A2.3 m50_assault_rifle B2.1 B2.2", None))
'shoot A2.3 m50_assault_rifle B2.1 B2.2'
>>> from_json(to_json(parse("deploy A2 18,4 line 90", None)))
Deploy(squad='A2', points=((18.0, 4.0),), facing=90.0, formation='line')
>>> format(parse("policy B2 fire before noguard", None))
'policy B2 fire before noguard'
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from typing import Any

import games.warzone.actions as a
from games.base import InvalidActionError

_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        a.Rolled, a.KeepInitiative, a.PassInitiative, a.ChooseSide, a.Deploy, a.SetPolicy,
        a.Activate, a.Walk, a.Run, a.MeleeMove, a.Charge, a.Pivot, a.Focus, a.Evade, a.Shoot,
        a.Blast, a.Fight, a.Sentry, a.Spot, a.SpendRes, a.UseAbility, a.Join, a.EndModel,
        a.EndActivation, a.React, a.PassReaction,
    )
}  # fmt: skip


def _bad(text: str, **params: object) -> InvalidActionError:
    return InvalidActionError(text, code="bad_action", **params)


def _plain(value: Any) -> Any:
    if is_dataclass(value) and not isinstance(value, type):
        return to_json(value)
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def to_json(action: Any) -> dict[str, Any]:
    """A JSON-compatible dict for `action`."""
    out: dict[str, Any] = {"type": type(action).__name__}
    for f in fields(action):
        out[f.name] = _plain(getattr(action, f.name))
    return out


def _tuple(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuple(v) for v in value)
    return value


def from_json(data: Mapping[str, Any]) -> Any:
    """The action stored as `data`."""
    cls = _TYPES.get(str(data.get("type")))
    if cls is None:
        raise _bad("Unknown action type {kind}.", kind=repr(data.get("type")))
    kwargs: dict[str, Any] = {}
    try:
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            if isinstance(value, dict):
                value = from_json(value)
            elif f.name in ("path", "points", "at"):
                value = (
                    tuple(tuple(float(c) for c in p) for p in value)
                    if f.name != "at"
                    else (float(value[0]), float(value[1]))
                )
            else:
                value = _tuple(value)
            kwargs[f.name] = value
        return cls(**kwargs)
    except (TypeError, ValueError, IndexError) as error:
        raise _bad("Malformed {action}: {error}", action=cls.__name__, error=str(error)) from None


def _point(word: str) -> tuple[float, float]:
    try:
        x, y = word.split(",")
        point = float(x), float(y)
        if not all(math.isfinite(v) for v in point):  # `nan` and `inf` parse as floats
            raise ValueError(word)
        return point
    except ValueError:
        raise _bad(
            "{word} is not a point; write x,y in inches, like 12,7.5", word=repr(word)
        ) from None


_DEGREES = re.compile(r"[0-9]+(?:\.[0-9]+)?")
"""A deploy's facing word: plain degrees (so `1.2.3` or `³` is not mistaken for one)."""
COMMANDS = (
    "keep", "pass", "side", "deploy", "policy", "activate", "walk", "run", "meleemove", "charge",
    "pivot", "focus", "evade", "shoot", "rapid", "blast", "fight", "sentry", "spot", "res",
    "ability", "join", "end", "react",
)  # fmt: skip


def parse(text: str, view: Any) -> Any:
    """The action typed as `text` (ids and rules are checked when applied)."""
    words = text.replace(", ", ",").split()
    if not words:
        raise _bad("Type a command, for example `activate A2` or `end`.")
    cmd, args = words[0].lower(), words[1:]
    if cmd == "keep":
        return a.KeepInitiative()
    if cmd == "pass":
        return a.PassReaction() if args[:1] == ["reaction"] else a.PassInitiative()
    if cmd == "react" and len(args) >= 2:
        inner = parse(" ".join(args[1:]), view)
        return a.React(args[0], inner)
    if cmd == "end":
        return a.EndModel(args[0]) if args else a.EndActivation()
    if cmd not in COMMANDS or not args:
        raise _bad(
            "Unknown or incomplete command {command}. Try: {commands}.",
            command=repr(text),
            commands=", ".join(COMMANDS),
        )
    first, rest = args[0], args[1:]
    if cmd == "side":
        return a.ChooseSide(first.lower())
    if cmd == "deploy":
        pts = tuple(_point(w) for w in rest if "," in w)
        other = [w for w in rest if "," not in w]
        form = next((w for w in other if w in ("line", "wedge")), "line")
        facing = next((float(w) for w in other if _DEGREES.fullmatch(w)), 90.0)
        return a.Deploy(first, pts, facing, form)
    if cmd == "policy":
        timing = next((w for w in rest if w in ("before", "after", "first")), "first")
        return a.SetPolicy(
            first, rest[0] if rest else "fire", "noguard" not in rest, "resheal" in rest, timing
        )
    if cmd == "activate":
        return a.Activate(first)
    if cmd in ("walk", "run", "meleemove"):
        cls = {"walk": a.Walk, "run": a.Run, "meleemove": a.MeleeMove}[cmd]
        path = tuple(_point(w) for w in rest if "," in w)
        face = next((float(w[1:]) for w in rest if w.startswith("@")), None)
        return cls(first, path, face)
    if cmd == "charge":
        return a.Charge(first, rest[0])
    if cmd == "pivot":
        return a.Pivot(first, float(rest[0]))
    simple = {"focus": a.Focus, "evade": a.Evade, "sentry": a.Sentry, "res": a.SpendRes}
    if cmd in simple:
        return simple[cmd](first)
    if cmd in ("shoot", "rapid"):
        res = "+res" in rest
        targets = tuple(w for w in rest[1:] if w != "+res")
        return a.Shoot(first, rest[0], targets, cmd == "rapid", res)
    if cmd == "blast":
        return a.Blast(first, rest[0], _point(rest[1]), "hailmary" in rest)
    if cmd == "fight":
        res = "+res" in rest
        return a.Fight(first, rest[0], tuple(w for w in rest[1:] if w != "+res"), res)
    if cmd == "spot":
        return a.Spot(first, rest[0])
    if cmd == "ability":
        return a.UseAbility(first, " ".join(rest))
    return a.Join(first, rest[0])


def _pt(p: tuple[float, float]) -> str:
    return f"{p[0]:g},{p[1]:g}"


def format(action: Any) -> str:
    """The text form of `action` that parse reads back."""
    if isinstance(action, a.Shoot):
        cmd = "rapid" if action.rapid else "shoot"
        tail = " +res" if action.res_roa else ""
        return f"{cmd} {action.model} {action.weapon} {' '.join(action.targets)}{tail}"
    if isinstance(action, a.Fight):
        tail = " +res" if action.res_roa else ""
        return f"fight {action.model} {action.weapon} {' '.join(action.targets)}{tail}"
    if isinstance(action, a.Walk | a.Run | a.MeleeMove):
        cmd = {a.Walk: "walk", a.Run: "run", a.MeleeMove: "meleemove"}[type(action)]
        face = f" @{action.facing:g}" if action.facing is not None else ""
        return f"{cmd} {action.model} {' '.join(_pt(p) for p in action.path)}{face}"
    if isinstance(action, a.Deploy):
        points = " ".join(_pt(p) for p in action.points)
        return f"deploy {action.squad} {points} {action.formation} {action.facing:g}"
    if isinstance(action, a.Activate):
        return f"activate {action.squad}"
    if isinstance(action, a.Charge):
        return f"charge {action.model} {action.target}"
    if isinstance(action, a.EndModel):
        return f"end {action.model}"
    if isinstance(action, a.EndActivation):
        return "end"
    if isinstance(action, a.KeepInitiative):
        return "keep"
    if isinstance(action, a.PassInitiative):
        return "pass"
    if isinstance(action, a.PassReaction):
        return "pass reaction"
    if isinstance(action, a.ChooseSide):
        return f"side {action.edge}"
    if isinstance(action, a.Blast):
        return f"blast {action.model} {action.weapon} {_pt(action.at)}" + (
            " hailmary" if action.hail_mary else ""
        )
    if isinstance(action, a.Pivot):
        return f"pivot {action.model} {action.facing:g}"
    if isinstance(action, a.Focus | a.Evade | a.Sentry | a.SpendRes):
        cmd = {a.Focus: "focus", a.Evade: "evade", a.Sentry: "sentry", a.SpendRes: "res"}[
            type(action)
        ]
        return f"{cmd} {action.model}"
    if isinstance(action, a.UseAbility):
        return f"ability {action.model} {action.ability}"
    if isinstance(action, a.Join):
        return f"join {action.character} {action.squad}"
    if isinstance(action, a.SetPolicy):
        flags = ("" if action.guard else " noguard") + (" resheal" if action.res_heal else "")
        return f"policy {action.squad} {action.sentry} {action.timing}{flags}"
    if isinstance(action, a.Spot):
        return f"spot {action.model} {action.target}"
    if isinstance(action, a.React):
        return f"react {action.model} {format(action.action)}"
    if isinstance(action, a.Rolled):
        return f"rolled {action.value}"
    raise _bad("Cannot format {action}.", action=repr(action))


class WarzoneCodec:
    """The Codec protocol over this module's functions."""

    def to_json(self, action: Any) -> dict[str, Any]:
        """A JSON-compatible dict."""
        return to_json(action)

    def from_json(self, data: Mapping[str, Any]) -> Any:
        """The stored action."""
        return from_json(data)

    def parse(self, text: str, view: Any) -> Any:
        """The typed action."""
        return parse(text, view)

    def format(self, action: Any) -> str:
        """The text form."""
        return format(action)
