"""The codec's vocabulary: what a codec is, its error and how the error names the field."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

Codec = Callable[[Any], Any]


class SnapshotError(ValueError):
    """A state (or encoded data) the codec cannot handle; the message names the field."""


def dumps(value: Any) -> str:
    """Canonical JSON (sorted keys, no spaces), the order frozensets are sorted by."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=False)


def describe(hint: Any) -> str:
    """A short readable name of a type hint, for error messages."""
    return hint.__qualname__ if isinstance(hint, type) else str(hint).replace("typing.", "")


def wrong(value: Any, hint: Any) -> SnapshotError:
    """The error for a value that does not fit its declared type."""
    return SnapshotError(f"expected {describe(hint)}, found {type(value).__name__} {value!r:.60}")


def at(where: str, err: SnapshotError) -> SnapshotError:
    """The error `err` located at a field or index `where`."""
    text = str(err)
    joined = f"{where}{text}" if text.startswith((".", "[")) else f"{where}: {text}"
    return SnapshotError(joined)


def unsupported(hint: Any) -> Codec:
    """A codec that refuses every value: the type cannot be snapshotted."""

    def fail(value: Any) -> Any:
        raise SnapshotError(f"cannot snapshot a value declared as {describe(hint)}")

    return fail
