"""Codecs of composite types: tuples, frozensets and mappings; dataclasses and NamedTuples."""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Mapping
from typing import Any

from games.snapshot.base import Codec, SnapshotError, at, dumps, unsupported, wrong

Builder = Callable[[Any], Codec]
"""Builds the codec of an item or field type (the cached `encoder` or `decoder`)."""


def container(hint: Any, origin: Any, pick: Builder, encoding: bool) -> Codec:
    """The codec of a tuple, frozenset or mapping type."""
    args = typing.get_args(hint)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _homogeneous(pick(args[0]), hint, encoding)
        if args == ((),):
            args = ()
        return _fixed(tuple(pick(a) for a in args), hint, encoding)
    if origin is frozenset:
        return _frozenset(pick(args[0]) if args else unsupported(hint), hint, encoding)
    if len(args) != 2:
        return unsupported(hint)
    return _mapping(args[0], args[1], hint, pick, encoding)


def _homogeneous(item: Codec, hint: Any, encoding: bool) -> Codec:
    if encoding:

        def encode_all(value: Any) -> Any:
            if type(value) is not tuple:
                raise wrong(value, hint)
            out = []
            for index, element in enumerate(value):
                try:
                    out.append(item(element))
                except SnapshotError as err:
                    raise at(f"[{index}]", err) from None
            return out

        return encode_all

    def decode_all(data: Any) -> Any:
        if not isinstance(data, list):
            raise wrong(data, hint)
        return tuple([item(d) for d in data])

    return decode_all


def _fixed(items: tuple[Codec, ...], hint: Any, encoding: bool) -> Codec:
    def each(value: Any) -> Any:
        wanted = tuple if encoding else list
        if type(value) is not wanted or len(value) != len(items):
            raise wrong(value, hint)
        out = []
        for index, (codec, element) in enumerate(zip(items, value, strict=True)):
            try:
                out.append(codec(element))
            except SnapshotError as err:
                raise at(f"[{index}]", err) from None
        return out if encoding else tuple(out)

    return each


def _frozenset(item: Codec, hint: Any, encoding: bool) -> Codec:
    if encoding:

        def sorted_items(value: Any) -> Any:
            if type(value) is not frozenset:
                raise wrong(value, hint)
            encoded = [item(element) for element in value]
            # Set iteration order depends on hashing; canonical JSON order does not.
            if all(type(e) is int for e in encoded) or all(type(e) is str for e in encoded):
                return sorted(encoded)
            return sorted(encoded, key=dumps)

        return sorted_items

    def members(data: Any) -> Any:
        if not isinstance(data, list):
            raise wrong(data, hint)
        return frozenset([item(d) for d in data])

    return members


def _mapping(key_hint: Any, value_hint: Any, hint: Any, pick: Builder, encoding: bool) -> Codec:
    key, value = pick(key_hint), pick(value_hint)
    string_keys = key_hint is str
    if encoding:

        def entries(mapping: Any) -> Any:
            if not isinstance(mapping, Mapping):
                raise wrong(mapping, hint)
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
        raise wrong(data, hint)

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


def dataclass_codec(cls: type, pick: Builder, encoding: bool) -> Codec:
    """The codec of a dataclass, as a JSON object by field name."""
    fields: list[tuple[str, Codec, bool]] | None = None

    def resolved() -> list[tuple[str, Codec, bool]]:
        nonlocal fields
        if fields is None:
            fields = [(name, pick(hint), init) for name, hint, init in _fields_of(cls)]
        return fields

    if encoding:

        def to_object(value: Any) -> Any:
            if type(value) is not cls:
                raise wrong(value, cls)
            out = {}
            for name, codec, _ in resolved():
                try:
                    out[name] = codec(getattr(value, name))
                except SnapshotError as err:
                    raise at(f"{cls.__qualname__}.{name}", err) from None
            return out

        return to_object

    def from_object(data: Any) -> Any:
        if not isinstance(data, dict):
            raise wrong(data, cls)
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
                raise at(f"{cls.__qualname__}.{name}", err) from None
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


def named_tuple(cls: type, pick: Builder, encoding: bool) -> Codec:
    """The codec of a NamedTuple, as a JSON array."""
    fields: list[Codec] | None = None

    def resolved() -> list[Codec]:
        nonlocal fields
        if fields is None:
            fields = [pick(hint) for _, hint, _ in _fields_of(cls)]
        return fields

    if encoding:

        def to_array(value: Any) -> Any:
            items: tuple[Any, ...] = value
            if type(value) is not cls:
                raise wrong(value, cls)
            return [codec(v) for codec, v in zip(resolved(), items, strict=True)]

        return to_array

    def from_array(data: Any) -> Any:
        codecs = resolved()
        if not isinstance(data, list) or len(data) != len(codecs):
            raise wrong(data, cls)
        return cls(*[codec(d) for codec, d in zip(codecs, data, strict=True)])

    return from_array
