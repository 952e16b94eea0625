"""Moves as text: an action in its codec's words, read against a view when the codec needs one."""

from __future__ import annotations

import dataclasses
import inspect
from functools import cache
from typing import Any

from games.base import CHANCE, Codec, Seat

MAX_BOARD_LINES = 40


def reads_view(codec: Codec[Any]) -> bool:
    """Whether the codec's text of an action depends on a view (a codec may name places by the
    board the view shows: the centre of a small board has another label than a large one's)."""
    return _format_takes_view(type(codec))


@cache
def _format_takes_view(kind: type[Codec[Any]]) -> bool:
    return "view" in inspect.signature(kind.format).parameters


def format_action(codec: Codec[Any], action: Any, view: Any = None) -> str:
    """The codec's text of `action`, read against `view` when the codec needs one."""
    if view is not None and reads_view(codec):
        return str(codec.format(action, view))  # type: ignore[call-arg]
    return codec.format(action)


def describe_action(codec: Codec[Any], seat: Seat, action: Any, view: Any = None) -> str:
    """The text form of an action (the codec's, else its type and fields)."""
    try:
        return format_action(codec, action, view)
    except Exception:  # chance results and odd actions may have no typed form
        if dataclasses.is_dataclass(action) and not isinstance(action, type):
            fields = ", ".join(
                f"{f.name}={getattr(action, f.name)}" for f in dataclasses.fields(action)
            )
            name = type(action).__name__
            return f"{name}({fields})" if seat != CHANCE else f"{name} {fields}".strip()
        return str(action)
