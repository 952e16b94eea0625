"""A plain-text army list for `/warzone list submit`: one squad a line, checked with clear errors.

The format (blank lines and text after `#` are ignored)::

    battalion: line
    1 Lieutenant Chuck Robbins  commander
    8 Light Infantry  upgrade
    8 Light Infantry  option=medic
    1 Necromutant Leader  joins=2

- A squad line is an optional model count (the unit's minimum when left out), the unit's name or
  id (any case), then flags: `commander` (the army commander), `upgrade` (the squad commander
  upgrade), `option=<id>` (repeatable), `joins=<n>` (a character starts joined to the n-th squad
  line, counting from 1).
- `battalion: <name>` picks the Capitol battalion. Errors name the line and suggest close names.

>>> raw = parse_list("battalion: line\\n1 lieutenant chuck robbins commander\\n8 Light Infantry")
>>> raw["battalion"], [(e["unit"], e["models"], e["army_commander"]) for e in raw["squads"]]
('line', [('capitol_lt_chuck_robbins', 1, True), ('capitol_light_infantry', 8, False)])
"""

from __future__ import annotations

import difflib
from typing import Any

from games.base import InvalidActionError
from games.text import Text
from games.warzone.profiles import Unit, all_units


def _bad(number: int, problem: Text) -> InvalidActionError:
    return InvalidActionError(
        "List line {number}: {problem}", code="invalid_list", number=number, problem=problem
    )


def _find_unit(number: int, name: str) -> Unit:
    wanted = " ".join(name.lower().split())
    for u in all_units():
        if wanted in (u.key.lower(), u.name.lower()):
            return u
    names = [u.name for u in all_units()]
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
    if close:
        raise _bad(
            number,
            Text(
                "unknown unit {name}. Did you mean {close}?", name=repr(name), close=repr(close[0])
            ),
        )
    raise _bad(
        number,
        Text("unknown unit {name}. Units: {units}.", name=repr(name), units=", ".join(names)),
    )


def _squad(number: int, line: str) -> tuple[dict[str, Any], int | None]:
    words = line.split()
    count: int | None = None
    if words[0].isdecimal():
        count = int(words[0])
        words = words[1:]
    flags: list[str] = []
    while words and (words[-1].lower() in ("commander", "upgrade") or "=" in words[-1]):
        flags.insert(0, words.pop())
    if not words:
        raise _bad(number, Text("a squad line needs a unit name, like `8 Light Infantry`."))
    u = _find_unit(number, " ".join(words))
    entry: dict[str, Any] = {
        "unit": u.key,
        "models": u.min_models if count is None else count,
        "upgrade": False,
        "options": [],
        "army_commander": False,
        "attach": None,
    }
    joins: int | None = None
    for flag in flags:
        key, _, value = flag.partition("=")
        key = key.lower()
        if key == "commander" and not value:
            entry["army_commander"] = True
        elif key == "upgrade" and not value:
            entry["upgrade"] = True
        elif key == "option" and value:
            known = [o.key for o in u.options]
            if value not in known:
                fields = {"unit": u.name, "option": repr(value), "listed": ", ".join(known)}
                if known:
                    problem = Text("{unit} has no option {option} (options: {listed}).", **fields)
                else:
                    problem = Text("{unit} has no option {option} (options: none).", **fields)
                raise _bad(number, problem)
            entry["options"].append(value)
        elif key == "joins" and value.isdecimal():
            joins = int(value)
        else:
            raise _bad(
                number,
                Text(
                    "unknown flag {flag}; flags are commander, upgrade, option=<id>, joins=<n>.",
                    flag=repr(flag),
                ),
            )
    return entry, joins


def parse_list(text: str) -> dict[str, Any]:
    """The list object (as `armylist.validate` takes) written in the text format."""
    raw: dict[str, Any] = {"squads": []}
    lines: list[int] = []
    joins: list[tuple[int, int, int]] = []
    for number, full in enumerate(text.splitlines(), start=1):
        line = full.split("#", 1)[0].strip()
        if not line:
            continue
        head, colon, value = line.partition(":")
        if colon and head.strip().lower() == "battalion":
            raw["battalion"] = value.strip().lower()
            continue
        if colon:
            raise _bad(
                number,
                Text(
                    "unknown setting {setting}; the only one is `battalion:`.",
                    setting=repr(head.strip()),
                ),
            )
        entry, target = _squad(number, line)
        if target is not None:
            joins.append((number, len(raw["squads"]), target))
        raw["squads"].append(entry)
        lines.append(number)
    if not raw["squads"]:
        raise InvalidActionError("The list has no squad lines.", code="invalid_list")
    for number, index, target in joins:
        if not 1 <= target <= len(raw["squads"]) or target - 1 == index:
            raise _bad(
                number,
                Text(
                    "joins={target} names no other squad line (1-{last}).",
                    target=target,
                    last=len(lines),
                ),
            )
        raw["squads"][index]["attach"] = target - 1
    return raw


def format_list(raw: dict[str, Any]) -> str:
    """A list object written in the text format (parse_list reads it back)."""
    names = {u.key: u.name for u in all_units()}
    out = [f"battalion: {raw['battalion']}"] if raw.get("battalion") else []
    for entry in raw["squads"]:
        words = [str(entry.get("models", 1)), names[entry["unit"]]]
        words += ["commander"] if entry.get("army_commander") else []
        words += ["upgrade"] if entry.get("upgrade") else []
        words += [f"option={o}" for o in entry.get("options", ())]
        words += [f"joins={entry['attach'] + 1}"] if entry.get("attach") is not None else []
        out.append(" ".join(words))
    return "\n".join(out)
