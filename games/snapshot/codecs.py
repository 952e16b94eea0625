"""Building a codec per type hint: the dispatch, the caches, errors and the scalar kinds.

Containers and records (dataclasses, NamedTuples) are built in `shapes`, given the cached
builder (`encoder` or `decoder`) for the types of their items and fields.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

from games.snapshot.base import Codec, SnapshotError, describe, dumps, unsupported, wrong
from games.snapshot.shapes import container, dataclass_codec, named_tuple
from games.text import Text

__all__ = ["Codec", "SnapshotError", "decoder", "dumps", "encoder"]

# Codecs are built once per type hint and cached; dataclass fields are resolved on first use,
# which also lets recursive types refer to themselves.
_ENCODERS: dict[Any, Codec] = {}
_DECODERS: dict[Any, Codec] = {}


def encoder(hint: Any) -> Codec:
    """The cached encoder of values declared as `hint`."""
    codec = _ENCODERS.get(hint)
    if codec is None:
        codec = _ENCODERS[hint] = _build(hint, encoding=True)
    return codec


def decoder(hint: Any) -> Codec:
    """The cached decoder of data for values declared as `hint`."""
    codec = _DECODERS.get(hint)
    if codec is None:
        codec = _DECODERS[hint] = _build(hint, encoding=False)
    return codec


def _builder(encoding: bool) -> Callable[[Any], Codec]:
    """How a container or record builds the codecs of its items and fields."""
    return encoder if encoding else decoder


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
        return container(hint, origin, _builder(encoding), encoding)
    if not isinstance(hint, type):
        return unsupported(hint)
    if hint is str:
        return _string(encoding)
    if hint in (bool, int, float):
        return _scalar(hint)
    if issubclass(hint, enum.Enum):
        return _enum(hint, encoding)
    if dataclasses.is_dataclass(hint):
        return dataclass_codec(hint, _builder(encoding), encoding)
    if issubclass(hint, tuple) and hasattr(hint, "_fields"):
        return named_tuple(hint, _builder(encoding), encoding)
    return unsupported(hint)


def _none(value: Any) -> Any:
    if value is not None:
        raise wrong(value, None)
    return None


def _scalar(hint: type) -> Codec:
    if hint is float:
        # An int in a float field stays an int, so the round trip is exact either way.
        def number(value: Any) -> Any:
            if type(value) is int:
                return value
            if type(value) is not float:
                raise wrong(value, float)
            if not math.isfinite(value):
                raise SnapshotError(f"cannot snapshot the float {value}")
            return value

        return number

    def exact(value: Any) -> Any:
        # bool is an int subclass: `type is` keeps True out of int fields and 1 out of bool ones.
        if type(value) is not hint:
            raise wrong(value, hint)
        return value

    return exact


def _string(encoding: bool) -> Codec:
    # A Text (a str that remembers its template, see games.text) keeps its template and
    # values, so a log line read back from a snapshot can still be translated.
    if encoding:

        def to_json(value: Any) -> Any:
            if type(value) is str:
                return value
            if not isinstance(value, Text):
                raise wrong(value, str)
            return _encode_text(value)

        return to_json

    def from_json(data: Any) -> Any:
        if type(data) is str:
            return data
        if isinstance(data, dict):
            return _decode_text(data)
        raise wrong(data, str)

    return from_json


def _encode_text(text: Text) -> Any:
    if text.parts:
        return {"$sep": text.separator, "parts": [_encode_text(p) for p in text.parts]}
    if text.is_verbatim:
        return str(text)
    params = {}
    for name, value in text.params.items():
        if isinstance(value, Text):
            params[name] = _encode_text(value)
        elif type(value) in (str, int) or (type(value) is float and math.isfinite(value)):
            params[name] = value
        else:
            raise SnapshotError(f"cannot snapshot the value {value!r:.40} of {text.template!r}")
    return {"$text": text.template, "params": params, **_forms(text)}


def _forms(text: Text) -> dict[str, Any]:
    """A message's plural and context, written only when it has them (older logs lack them)."""
    found: dict[str, Any] = {"$plural": text.plural_template} if text.plural_template else {}
    return found | ({"$ctx": text.context} if text.context else {})


def _decode_text(data: Any) -> Any:
    if not isinstance(data, dict):
        return data  # a plain string, or a number filling a template
    try:
        if "$sep" in data:
            return Text.joined(data["$sep"], [_decode_text(p) for p in data["parts"]])
        params = {k: _decode_text(v) for k, v in data["params"].items()}
        return Text.message(data["$text"], params, data.get("$plural", ""), data.get("$ctx", ""))
    except (KeyError, TypeError, AttributeError, IndexError, ValueError):
        raise SnapshotError(f"not a text: {data!r:.60}") from None


def _literal(hint: Any) -> Codec:
    allowed = typing.get_args(hint)

    def check(value: Any) -> Any:
        if not any(type(value) is type(a) and value == a for a in allowed):
            raise wrong(value, hint)
        return value

    return check


def _enum(hint: type[enum.Enum], encoding: bool) -> Codec:
    if encoding:

        def by_value(value: Any) -> Any:
            if type(value) is not hint:
                raise wrong(value, hint)
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
        inner = encoder(options[0]) if encoding else decoder(options[0])
        if not nullable:
            return inner

        def optional(value: Any) -> Any:
            return None if value is None else inner(value)

        return optional
    names: dict[str, Any] = {}
    for option in options:
        name = describe(option)
        if not isinstance(option, type) or name in names:
            return unsupported(hint)
        names[name] = option
    if encoding:
        # The declared type of the member tells the decoder which alternative it is.
        by_type = {option: encoder(option) for option in options}

        def tagged(value: Any) -> Any:
            if value is None and nullable:
                return None
            cls = type(value)
            codec = by_type.get(cls)
            if codec is None:
                raise wrong(value, hint)
            return {"$t": describe(cls), "v": codec(value)}

        return tagged

    def untag(data: Any) -> Any:
        if data is None and nullable:
            return None
        if not isinstance(data, dict) or data.get("$t") not in names:
            raise SnapshotError(f"expected one of {', '.join(names)}, found {data!r:.60}")
        return decoder(names[data["$t"]])(data["v"])

    return untag
