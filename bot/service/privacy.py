"""A player's data: everything Muster keeps about them, as a file, or forgotten on request.

What is kept, why and for how long is explained to players in docs/privacy.md.
"""

from __future__ import annotations

import json
import secrets
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from bot.service.errors import RequestError
from bot.service.outbox import Image, Reply
from games.registry import find_game
from games.text import Text
from storage.base import ConflictError
from storage.records import FORMER_PLAYER_BASE

if TYPE_CHECKING:
    from bot.service.table import Host

PSEUDONYM_SPAN = 2**40
"""Pseudonyms are drawn at random, not derived from the id they replace, so none leads back."""
FORMAT = "muster.privacy/1"


async def export(host: Host, user_id: int) -> Reply:
    """Everything stored about the user, as a JSON file for them alone."""
    record: dict[str, Any] = {
        "format": FORMAT,
        "exported": host.clock.now().astimezone(UTC).isoformat(timespec="seconds"),
        **await host.store.user_record(user_id),
    }
    keys = {seat["game_id"]: seat["game_key"] for seat in record["seats"]}
    for action in record["actions"]:
        action["move"] = _typed(keys.get(action["game_id"]), action["action"])
    data = (json.dumps(record, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    stamp = datetime.now(UTC).strftime("%Y%m%d")
    attachment = Image.lazy(f"muster-data-{user_id}-{stamp}.json", lambda: data)
    said = Text(
        "Everything Muster keeps about you is in the attached file: settings, seats, ratings,"
        " league entries and your own moves ({seats}, {moves}).",
        seats=Text.plural("{count} seat", "{count} seats", len(record["seats"])),
        moves=Text.plural("{count} move", "{count} moves", len(record["actions"])),
    )
    return Reply(said, files=(attachment,))


def _typed(game_key: str | None, action: Any) -> str | None:
    """A logged action in the game's typed notation (None for the host's own notes)."""
    try:
        codec = find_game(str(game_key)).codec
        return str(codec.format(codec.from_json(action)))
    except Exception:  # undo, votes and other host events have no move notation
        return None


async def forget(host: Host, user_id: int, confirmed: bool) -> Reply:
    """Delete the user's settings and ratings and rename them in finished games."""
    playing = await host.store.open_games_of(user_id)
    leagues = await host.store.open_leagues_of(user_id)
    if playing or leagues:
        where = [f"#{game}" for game in playing] + leagues
        raise RequestError(
            "You still play in {where}: finish, resign or leave first, then ask again.",
            "privacy_playing",
            where=", ".join(where),
        )
    if not confirmed:
        return Reply(
            Text(
                "This deletes your settings and ratings and shows you as “a former player” in"
                " the games you played. It cannot be undone. To go ahead: /privacy forget"
                " confirm:true"
            )
        )
    pseudonym = FORMER_PLAYER_BASE + secrets.randbelow(PSEUDONYM_SPAN)
    try:
        names = (str(host.name(user_id)), f"<@{user_id}>")
        former = str(host.name(pseudonym))
        renamed = await host.store.forget_user(user_id, pseudonym, names, former)
    except ConflictError:  # a seat taken between the check and the erasure
        raise RequestError(
            "You joined a game meanwhile: finish, resign or leave it first, then ask again.",
            "privacy_playing",
        ) from None
    for game in renamed:
        host.cache.pop(game, None)
    return Reply(
        Text.plural(
            "Done: your settings and ratings are deleted, and you are “a former player” in"
            " {count} game.",
            "Done: your settings and ratings are deleted, and you are “a former player” in"
            " {count} games.",
            len(renamed),
        )
    )
