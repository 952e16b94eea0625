"""A deterministic JSON codec for frozen-dataclass game states, guided by their type hints.

Storage caches snapshots of game states; this turns any game's state into JSON and back
without per-game code. What it reads and writes:

- dataclasses as objects by field name; NamedTuples (such as `Hex`) and tuples as arrays;
- enums by value; frozensets as arrays sorted by each element's canonical JSON;
- dicts as objects when their keys are strings, else as sorted `[key, value]` pairs;
- None, bool, int, str and finite floats as themselves;
- unions of several non-None types as `{"$t": type name, "v": value}`.

Encoding checks every value against its declared type, so whatever encodes also decodes, and
anything the codec cannot represent (an `Any` field, a list, a NaN) raises `SnapshotError`
naming the field at fault. The encoded form carries a format tag and the state's type name.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Demo:
...     marks: frozenset[int]
...     pair: tuple[int, str] | None = None
>>> data = encode(Demo(frozenset({3, 1})))
>>> data["state"]
{'marks': [1, 3], 'pair': None}
>>> decode(data, Demo) == Demo(frozenset({1, 3}))
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeVar

from games.snapshot.codecs import SnapshotError, decoder, dumps, encoder

__all__ = ["FORMAT", "SnapshotError", "decode", "dumps", "encode", "type_name"]

FORMAT = "muster.state/1"
"""The version tag of the encoded form; bump it when the encoding itself changes."""

T = TypeVar("T")


def type_name(cls: type) -> str:
    """The name a state's type is stored under: module and qualified name."""
    return f"{cls.__module__}.{cls.__qualname__}"


def encode(state: object) -> dict[str, Any]:
    """The JSON-compatible form of a dataclass state, tagged with format and type."""
    cls = type(state)
    if not dataclasses.is_dataclass(cls):
        raise SnapshotError(f"a snapshot needs a dataclass state, not {cls.__name__}")
    return {"format": FORMAT, "type": type_name(cls), "state": encoder(cls)(state)}


def decode(data: Any, cls: type[T]) -> T:
    """The state of type `cls` that `encode` turned into `data`."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        found = data.get("format") if isinstance(data, Mapping) else type(data).__name__
        raise SnapshotError(f"not a {FORMAT} snapshot (found {found!r})")
    if data.get("type") != type_name(cls):
        raise SnapshotError(f"the snapshot holds a {data.get('type')}, not a {type_name(cls)}")
    value: T = decoder(cls)(data["state"])
    return value
