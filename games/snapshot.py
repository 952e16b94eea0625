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
>>> from enum import Enum
>>> class Colour(Enum):
...     RED = "red"
>>> @dataclass(frozen=True)
... class Demo:
...     colour: Colour
...     marks: frozenset[int]
...     pair: tuple[int, str] | None = None
>>> data = encode(Demo(Colour.RED, frozenset({3, 1})))
>>> data["state"]
{'colour': 'red', 'marks': [1, 3], 'pair': None}
>>> decode(data, Demo) == Demo(Colour.RED, frozenset({1, 3}))
True
"""

from __future__ import annotations

import dataclasses
import enum
import json
import math
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

FORMAT = "muster.state/1"
"""The version tag of the encoded form; bump it when the encoding itself changes."""

T = TypeVar("T")
Codec = Callable[[Any], Any]


class SnapshotError(ValueError):
    """A state (or encoded data) the codec cannot handle; the message names the field."""


def type_name(cls: type) -> str:
    """The name a state's type is stored under: module and qualified name."""
    return f"{cls.__module__}.{cls.__qualname__}"


def encode(state: object) -> dict[str, Any]:
    """The JSON-compatible form of a dataclass state, tagged with format and type."""
    cls = type(state)
    if not dataclasses.is_dataclass(cls):
        raise SnapshotError(f"a snapshot needs a dataclass state, not {cls.__name__}")
    return {"format": FORMAT, "type": type_name(cls), "state": _encoder(cls)(state)}


def decode(data: Any, cls: type[T]) -> T:
    """The state of type `cls` that `encode` turned into `data`."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        found = data.get("format") if isinstance(data, Mapping) else type(data).__name__
        raise SnapshotError(f"not a {FORMAT} snapshot (found {found!r})")
    if data.get("type") != type_name(cls):
        raise SnapshotError(f"the snapshot holds a {data.get('type')}, not a {type_name(cls)}")
    value: T = _decoder(cls)(data["state"])
    return value


def dumps(value: Any) -> str:
    """Canonical JSON (sorted keys, no spaces), the order frozensets are sorted by."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=False)


# --- building codecs per type ---------------------------------------------------------------
# Codecs are built once per type hint and cached; dataclass fields are resolved on first use,
# which also lets recursive types refer to themselves.

_ENCODERS: dict[Any, Codec] = {}
_DECODERS: dict[Any, Codec] = {}


def _encoder(hint: Any) -> Codec:
    codec = _ENCODERS.get(hint)
    if codec is None:
        codec = _ENCODERS[hint] = _build(hint, encoding=True)
    return codec


def _decoder(hint: Any) -> Codec:
    codec = _DECODERS.get(hint)
    if codec is None:
        codec = _DECODERS[hint] = _build(hint, encoding=False)
    return codec


def _describe(hint: Any) -> str:
    return hint.__qualname__ if isinstance(hint, type) else str(hint).replace("typing.", "")


def _wrong(value: Any, hint: Any) -> SnapshotError:
    return SnapshotError(f"expected {_describe(hint)}, found {type(value).__name__} {value!r:.60}")


def _at(where: str, err: SnapshotError) -> SnapshotError:
    text = str(err)
    joined = f"{where}{text}" if text.startswith((".", "[")) else f"{where}: {text}"
    return SnapshotError(joined)


def _build(hint: Any, *, encoding: bool) -> Codec:
    """A function encoding (or decoding) values of `hint`; raises SnapshotError for others."""
    origin = typing.get_origin(hint)
    if hint is type(None) or hint is None:
        return _none
    if origin is typing.Union or origin is types.UnionType:
        return _union(hint, encoding)
    if origin is typing.Literal:
        return _literal(hint)
    if origin in (tuple, frozenset, dict) or (
        isinstance(origin, type) and issubclass(origin, Mapping)
    ):
        return _container(hint, origin, encoding)
    if not isinstance(hint, type):
        return _unsupported(hint)
    if hint in (bool, int, str, float):
        return _scalar(hint)
    if issubclass(hint, enum.Enum):
        return _enum(hint, encoding)
    if dataclasses.is_dataclass(hint):
        return _dataclass(hint, encoding)
    if issubclass(hint, tuple) and hasattr(hint, "_fields"):
        return _named_tuple(hint, encoding)
    return _unsupported(hint)


def _unsupported(hint: Any) -> Codec:
    def fail(value: Any) -> Any:
        raise SnapshotError(f"cannot snapshot a value declared as {_describe(hint)}")

    return fail


def _none(value: Any) -> Any:
    if value is not None:
        raise _wrong(value, None)
    return None


def _scalar(hint: type) -> Codec:
    if hint is float:
        # An int in a float field stays an int, so the round trip is exact either way.
        def number(value: Any) -> Any:
            if type(value) is int:
                return value
            if type(value) is not float:
                raise _wrong(value, float)
            if not math.isfinite(value):
                raise SnapshotError(f"cannot snapshot the float {value}")
            return value

        return number

    def exact(value: Any) -> Any:
        # bool is an int subclass: `type is` keeps True out of int fields and 1 out of bool ones.
        if type(value) is not hint:
            raise _wrong(value, hint)
        return value

    return exact


def _literal(hint: Any) -> Codec:
    allowed = typing.get_args(hint)

    def check(value: Any) -> Any:
        if not any(type(value) is type(a) and value == a for a in allowed):
            raise _wrong(value, hint)
        return value

    return check


def _enum(hint: type[enum.Enum], encoding: bool) -> Codec:
    if encoding:

        def by_value(value: Any) -> Any:
            if type(value) is not hint:
                raise _wrong(value, hint)
            return _encode_plain(value.value, f"{hint.__qualname__}.{value.name}")

        return by_value

    def member(data: Any) -> Any:
        try:
            return hint(_decode_plain(data))
        except (ValueError, TypeError):
            raise SnapshotError(f"{data!r} is not a {hint.__qualname__}") from None

    return member


def _encode_plain(value: Any, what: str) -> Any:
    """An enum's value: scalars and tuples of them (tuples become arrays)."""
    if value is None or type(value) in (bool, int, str):
        return value
    if type(value) is float and math.isfinite(value):
        return value
    if type(value) is tuple:
        return [_encode_plain(v, what) for v in value]
    raise SnapshotError(f"cannot snapshot the enum value of {what}: {value!r}")


def _decode_plain(data: Any) -> Any:
    return tuple(_decode_plain(d) for d in data) if isinstance(data, list) else data


def _union(hint: Any, encoding: bool) -> Codec:
    args = typing.get_args(hint)
    options = [a for a in args if a is not type(None)]
    nullable = len(options) < len(args)
    if len(options) == 1:
        inner = _encoder(options[0]) if encoding else _decoder(options[0])
        if not nullable:
            return inner

        def optional(value: Any) -> Any:
            return None if value is None else inner(value)

        return optional
    names: dict[str, Any] = {}
    for option in options:
        name = _describe(option)
        if not isinstance(option, type) or name in names:
            return _unsupported(hint)
        names[name] = option
    if encoding:
        # The declared type of the member tells the decoder which alternative it is.
        by_type = {option: _encoder(option) for option in options}

        def tagged(value: Any) -> Any:
            if value is None and nullable:
                return None
            cls = type(value)
            codec = by_type.get(cls)
            if codec is None:
                raise _wrong(value, hint)
            return {"$t": _describe(cls), "v": codec(value)}

        return tagged

    def untag(data: Any) -> Any:
        if data is None and nullable:
            return None
        if not isinstance(data, dict) or data.get("$t") not in names:
            raise SnapshotError(f"expected one of {', '.join(names)}, found {data!r:.60}")
        return _decoder(names[data["$t"]])(data["v"])

    return untag


def _container(hint: Any, origin: Any, encoding: bool) -> Codec:
    args = typing.get_args(hint)
    pick = _encoder if encoding else _decoder
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _homogeneous(pick(args[0]), hint, encoding)
        if args == ((),):
            args = ()
        return _fixed(tuple(pick(a) for a in args), hint, encoding)
    if origin is frozenset:
        return _frozenset(pick(args[0]) if args else _unsupported(hint), hint, encoding)
    if len(args) != 2:
        return _unsupported(hint)
    return _mapping(args[0], args[1], hint, encoding)


def _homogeneous(item: Codec, hint: Any, encoding: bool) -> Codec:
    if encoding:

        def encode_all(value: Any) -> Any:
            if type(value) is not tuple:
                raise _wrong(value, hint)
            out = []
            for index, element in enumerate(value):
                try:
                    out.append(item(element))
                except SnapshotError as err:
                    raise _at(f"[{index}]", err) from None
            return out

        return encode_all

    def decode_all(data: Any) -> Any:
        if not isinstance(data, list):
            raise _wrong(data, hint)
        return tuple([item(d) for d in data])

    return decode_all


def _fixed(items: tuple[Codec, ...], hint: Any, encoding: bool) -> Codec:
    def each(value: Any) -> Any:
        wanted = tuple if encoding else list
        if type(value) is not wanted or len(value) != len(items):
            raise _wrong(value, hint)
        out = []
        for index, (codec, element) in enumerate(zip(items, value, strict=True)):
            try:
                out.append(codec(element))
            except SnapshotError as err:
                raise _at(f"[{index}]", err) from None
        return out if encoding else tuple(out)

    return each


def _frozenset(item: Codec, hint: Any, encoding: bool) -> Codec:
    if encoding:

        def sorted_items(value: Any) -> Any:
            if type(value) is not frozenset:
                raise _wrong(value, hint)
            encoded = [item(element) for element in value]
            # Set iteration order depends on hashing; canonical JSON order does not.
            if all(type(e) is int for e in encoded) or all(type(e) is str for e in encoded):
                return sorted(encoded)
            return sorted(encoded, key=dumps)

        return sorted_items

    def members(data: Any) -> Any:
        if not isinstance(data, list):
            raise _wrong(data, hint)
        return frozenset([item(d) for d in data])

    return members


def _mapping(key_hint: Any, value_hint: Any, hint: Any, encoding: bool) -> Codec:
    pick = _encoder if encoding else _decoder
    key, value = pick(key_hint), pick(value_hint)
    string_keys = key_hint is str
    if encoding:

        def entries(mapping: Any) -> Any:
            if not isinstance(mapping, Mapping):
                raise _wrong(mapping, hint)
            if string_keys:
                return {key(k): value(v) for k, v in mapping.items()}
            pairs = [[key(k), value(v)] for k, v in mapping.items()]
            return sorted(pairs, key=lambda pair: dumps(pair[0]))

        return entries

    def rebuild(data: Any) -> Any:
        if string_keys and isinstance(data, dict):
            return {key(k): value(v) for k, v in data.items()}
        if not string_keys and isinstance(data, list):
            return {key(k): value(v) for k, v in data}
        raise _wrong(data, hint)

    return rebuild


def _fields_of(cls: type) -> list[tuple[str, Any, bool]]:
    """(name, type hint, init) for each field; an unresolvable hint is a SnapshotError."""
    try:
        hints = typing.get_type_hints(cls)
    except Exception as err:
        raise SnapshotError(f"cannot read the type hints of {cls.__qualname__}: {err}") from None
    if dataclasses.is_dataclass(cls):
        return [(f.name, hints[f.name], f.init) for f in dataclasses.fields(cls)]
    return [(name, hints[name], True) for name in cls._fields]  # type: ignore[attr-defined]


def _dataclass(cls: type, encoding: bool) -> Codec:
    fields: list[tuple[str, Codec, bool]] | None = None

    def resolved() -> list[tuple[str, Codec, bool]]:
        nonlocal fields
        if fields is None:
            pick = _encoder if encoding else _decoder
            fields = [(name, pick(hint), init) for name, hint, init in _fields_of(cls)]
        return fields

    if encoding:

        def to_object(value: Any) -> Any:
            if type(value) is not cls:
                raise _wrong(value, cls)
            out = {}
            for name, codec, _ in resolved():
                try:
                    out[name] = codec(getattr(value, name))
                except SnapshotError as err:
                    raise _at(f"{cls.__qualname__}.{name}", err) from None
            return out

        return to_object

    def from_object(data: Any) -> Any:
        if not isinstance(data, dict):
            raise _wrong(data, cls)
        spec = resolved()
        if len(data) != len(spec):
            names = sorted(set(data) ^ {name for name, _, _ in spec})
            raise SnapshotError(f"{cls.__qualname__} fields differ: {', '.join(names)}")
        given: dict[str, Any] = {}
        late: list[tuple[str, Any]] = []
        for name, codec, init in spec:
            if name not in data:
                raise SnapshotError(f"{cls.__qualname__} has no field {name} in the snapshot")
            try:
                decoded = codec(data[name])
            except SnapshotError as err:
                raise _at(f"{cls.__qualname__}.{name}", err) from None
            if init:
                given[name] = decoded
            else:
                late.append((name, decoded))
        made = cls(**given)
        for name, decoded in late:
            # Fields outside __init__ are restored as they were; frozen classes need this.
            object.__setattr__(made, name, decoded)
        return made

    return from_object


def _named_tuple(cls: type, encoding: bool) -> Codec:
    fields: list[Codec] | None = None

    def resolved() -> list[Codec]:
        nonlocal fields
        if fields is None:
            pick = _encoder if encoding else _decoder
            fields = [pick(hint) for _, hint, _ in _fields_of(cls)]
        return fields

    if encoding:

        def to_array(value: Any) -> Any:
            items: tuple[Any, ...] = value
            if type(value) is not cls:
                raise _wrong(value, cls)
            return [codec(v) for codec, v in zip(resolved(), items, strict=True)]

        return to_array

    def from_array(data: Any) -> Any:
        codecs = resolved()
        if not isinstance(data, list) or len(data) != len(codecs):
            raise _wrong(data, cls)
        return cls(*[codec(d) for codec, d in zip(codecs, data, strict=True)])

    return from_array
