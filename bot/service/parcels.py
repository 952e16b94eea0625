"""Outbox messages as JSON rows and back: Texts keep their templates, images their names.

A row outlives the process that wrote it, so nothing in it may be a closure: a Text is stored
as its template and values (and said in its reader's language when it is finally sent), an
image by its name (the postbox draws board and hand images again from the game), a battle
replay by its game and the log position of its move (the postbox replays the log to it and
the frames are drawn again, in the pool: rendering is deterministic from the public views).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from bot.service.leagues.messages import (
    LeagueAnnouncement,
    LeagueMessage,
    ScheduledEvent,
    ScheduledEventChange,
    TableOpened,
)
from bot.service.moments import Moment
from bot.service.outbox import (
    BattleReplay,
    ConsentRequest,
    Digest,
    GameOver,
    Image,
    Invite,
    LobbyUpdate,
    Message,
    Notice,
    PrivateUpdate,
    PublicUpdate,
    Reminder,
)
from bot.service.plugin import installed
from games.text import Text

CATCHUP = "catchup"
Outgoing = Message | LeagueMessage | Any
"""What goes through the outbox: game messages, league messages and the games' own (a plug-in's
`messages`, e.g. Neuroshima's daily puzzle post)."""
_UNSTORED = frozenset({"render", "drawn"})
"""A replay's drawing and its frames drawn so far: they live in the process only."""
LEAGUE_MESSAGES = (LeagueAnnouncement, TableOpened, ScheduledEvent, ScheduledEventChange)

_TYPES: dict[str, type[Any]] = {
    cls.__name__: cls
    for cls in (
        PublicUpdate,
        PrivateUpdate,
        BattleReplay,
        GameOver,
        Reminder,
        Digest,
        Invite,
        LobbyUpdate,
        ConsentRequest,
        Notice,
        LeagueAnnouncement,
        TableOpened,
        ScheduledEvent,
        ScheduledEventChange,
    )
}


def _plugin_types() -> dict[str, type[Any]]:
    return {cls.__name__: cls for plugin in installed() for cls in plugin.messages}


@dataclass(frozen=True, slots=True)
class CatchUp:
    """A game's state told again after the messages of its version `version` were lost."""

    game_id: int
    version: int
    kind: str = CATCHUP


# --- messages as JSON ------------------------------------------------------------------------
def text_json(value: str) -> Any:
    """A Text as JSON that `text_from_json` turns back into the same translatable sentence."""
    if not isinstance(value, Text):
        return value
    if value.parts:
        return {"sep": value.separator, "parts": [text_json(p) for p in value.parts]}
    if value.is_verbatim:
        return {"v": str(value)}
    params = {k: _param_json(v) for k, v in value.params.items()}
    forms = {"n": value.plural_template} if value.plural_template else {}
    return {
        "t": value.template,
        "p": params,
        **forms,
        **({"c": value.context} if value.context else {}),
    }


def _param_json(value: object) -> Any:
    if isinstance(value, str):
        return text_json(value)
    if isinstance(value, timedelta):  # written for the reader's language when it is said
        return {"$s": value.total_seconds()}
    if isinstance(value, datetime):
        return {"$at": value.isoformat(), "$zone": getattr(value.tzinfo, "key", None)}
    if isinstance(value, Moment):  # written for its readers when it is sent
        said = None if value.said is None else value.said.isoformat()
        return {"$moment": value.at.isoformat(), "$said": said}
    if value is None or isinstance(value, bool | int | float):
        return value
    return str(value)


def _param_from_json(data: Any) -> object:
    if isinstance(data, dict) and "$s" in data:
        return timedelta(seconds=data["$s"])
    if isinstance(data, dict) and "$moment" in data:
        said = data.get("$said")
        return Moment(datetime.fromisoformat(data["$moment"]),
                      None if said is None else datetime.fromisoformat(said))  # fmt: skip
    if isinstance(data, dict) and "$at" in data:
        when = datetime.fromisoformat(data["$at"])
        return when.astimezone(ZoneInfo(data["$zone"])) if data.get("$zone") else when
    return text_from_json(data) if isinstance(data, str | dict) else data


def text_from_json(data: Any) -> str:
    """The sentence `text_json` wrote."""
    if isinstance(data, str):
        return data
    if "sep" in data:
        return Text.joined(data["sep"], [text_from_json(p) for p in data["parts"]])
    if "v" in data:
        return Text.verbatim(data["v"])
    params = {k: _param_from_json(v) for k, v in data["p"].items()}
    return Text.message(data["t"], params, data.get("n", ""), data.get("c", ""))


def recipe_json(value: Any) -> Any:
    """A picture's arguments as JSON: sequences as lists, sentences as `text_json` writes them."""
    if isinstance(value, tuple | list):
        return [recipe_json(v) for v in value]
    if isinstance(value, str):
        return text_json(value)
    if value is None or isinstance(value, bool | int | float):
        return value
    raise ValueError(f"a picture's recipe holds {type(value).__name__}, which JSON cannot keep")


def recipe_from_json(data: Any) -> Any:
    """The arguments `recipe_json` wrote (sequences come back as tuples)."""
    if isinstance(data, list):
        return tuple(recipe_from_json(v) for v in data)
    if isinstance(data, str | dict):
        return text_from_json(data)
    return data


def encode(message: Outgoing | CatchUp) -> dict[str, Any]:
    """A message as a JSON object (images by name, pictures with their recipes; a battle's
    frames are not stored)."""
    out: dict[str, Any] = {"type": type(message).__name__}
    for f in fields(message):
        value = getattr(message, f.name)
        if f.name in _UNSTORED:
            continue
        if f.name == "images":
            out[f.name] = [image.name for image in value]
            recipes = {i.name: [i.recipe[0], recipe_json(i.recipe[1])] for i in value if i.recipe}
            if recipes:
                out["pictures"] = recipes
        elif isinstance(value, str):
            out[f.name] = text_json(value)
        elif isinstance(value, tuple):
            out[f.name] = list(value)
        elif isinstance(value, datetime):
            out[f.name] = value.isoformat()
        else:
            out[f.name] = value
    return out


def decode(
    payload: dict[str, Any],
    images: Sequence[Image] = (),
    render: Callable[[str], tuple[bytes, ...]] | None = None,
) -> Outgoing | CatchUp:
    """The message `encode` wrote, with `images` standing for its named images and `render`
    drawing a battle replay's frames again.

    A battle replay that cannot be drawn again (no `render`: its move was taken back since)
    is told as a notice with its caption.
    """
    kind = payload["type"]
    if kind == "CatchUp":
        return CatchUp(int(payload["game_id"]), int(payload["version"]))
    if kind == "BattleReplay" and render is None:
        return Notice(int(payload["game_id"]), text_from_json(payload["caption"]))
    cls = _TYPES.get(kind) or _plugin_types()[kind]
    values: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in payload or f.name in _UNSTORED:
            continue
        raw = payload[f.name]
        if f.name == "images":
            values[f.name] = tuple(images)
        elif f.type == "datetime":
            values[f.name] = datetime.fromisoformat(raw)
        elif isinstance(raw, list):
            values[f.name] = tuple(raw)
        elif isinstance(raw, str | dict):
            values[f.name] = text_from_json(raw)
        else:
            values[f.name] = raw
    if kind == "BattleReplay":
        values["render"] = render
    message: Outgoing = cls(**values)
    return message


def game_of(message: Outgoing | CatchUp) -> int | None:
    """The game a message is about (None for a digest of several)."""
    return getattr(message, "game_id", None)
