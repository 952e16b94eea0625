"""Autocomplete sources: legal values for the caller's current state, computed by the service.

Suggestions are only suggestions: whatever the user submits is parsed and checked by the rules.
Every source answers an empty list rather than an error (a lookup that fails suggests nothing).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.service.commands.hosting import profile_of
from bot.service.commands.place import belongs, game_here, same_place
from bot.service.commands.spec import Command, LegalShape, Options, Suggestion
from bot.service.commands.which_game import resolve_game
from bot.service.plugin import installed
from bot.service.profiles import RANDOM_ROLE
from bot.service.table import HostSettings, load_table
from bot.service.updates import STATUSES
from games.base import GameError
from games.registry import find_game
from games.text import Text
from storage.records import GameRecord, GameStatus

if TYPE_CHECKING:
    from bot.service.service import Service, UserId

MAX_SUGGESTIONS = 25


@dataclass(frozen=True, slots=True)
class Ask:
    """One autocomplete request: who asks, in which command, for which option, typed so far."""

    service: Service
    user: UserId
    command: Command
    option: str
    options: Options
    prefix: str

    @property
    def game_key(self) -> str | None:
        """The game key of the command's group (None for top-level commands)."""
        group = self.command.group
        return next((p.key for p in installed() if p.command_group == group), None)


Source = Callable[[Ask], Awaitable[list[Suggestion]]]


def _same(given: Any, value: str) -> bool:
    g, v = str(given).strip().lower(), value.strip().lower()
    return g == v or v.endswith("." + g.replace(" ", "_"))


async def legal_values(ask: Ask) -> list[Suggestion]:
    """Values of the option among the caller's legal actions that agree with options given."""
    shape = ask.command.legal
    if shape is None:
        return []
    service = ask.service
    gid = await resolve_game(service, ask.user, ask.options, ask.game_key)
    table = await load_table(service.host, gid)
    seat = table.seat_of(service.user(ask.user))
    if seat is None or seat not in table.to_act():
        return []
    actions = table.spec.rules.legal_actions(table.state, seat)
    return values_of(shape, actions, table.view(seat), ask.option, ask.options)


def values_of(
    shape: LegalShape, actions: Iterable[Any], view: Any, option: str, options: Options
) -> list[Suggestion]:
    """Values of `option` among `actions` (of a seat seeing `view`) that agree with `options`."""
    given = {
        k: v
        for k, v in options.items()
        if k != option and k != "game" and not k.startswith("_") and v is not None
    }
    found: dict[str, Suggestion] = {}
    for action in actions:
        if not isinstance(action, shape.types):
            continue
        values = shape.values(action, view)
        if any(k in values and not _same(v, values[k]) for k, v in given.items()):
            continue
        value = values.get(option)
        if value and value not in found:
            name = shape.label(option, value) if shape.label else value
            found[value] = Suggestion(name, value)
    return list(found.values())


async def legal_actions(ask: Ask) -> list[Suggestion]:
    """The caller's legal actions as typed text."""
    gid = await resolve_game(ask.service, ask.user, ask.options, ask.game_key)
    texts = await ask.service.options(gid, ask.user)
    return [Suggestion(t, t) for t in texts]


async def games_of_user(ask: Ask) -> list[Suggestion]:
    """The caller's open games, those waiting for them first."""
    service = ask.service
    records = await service.games(ask.user)
    waiting = {g.id for g in await service.waiting(ask.user)}
    key = ask.game_key
    records.sort(key=lambda g: (g.id not in waiting, -g.id))
    return [
        Suggestion(
            Text(
                "#{game} {name} ({status})",
                game=g.id,
                name=find_game(g.game_key).name,
                status=STATUSES[GameStatus(g.status)],
            ),
            str(g.id),
        )
        for g in records
        if key is None or g.game_key == key
    ]


async def open_lobbies(ask: Ask) -> list[Suggestion]:
    """Lobbies of the command's game the caller may join here, newest first.

    A lobby of another server, and an invitation-only lobby, is listed only to those it belongs
    to (seated, host or invited): a number in a list is an invitation to type it.
    """
    records = await ask.service.store.games_with_status(GameStatus.LOBBY)
    key = ask.game_key
    shown: list[Suggestion] = []
    for g in records[::-1]:
        if key is not None and g.game_key != key:
            continue
        open_here = same_place(g, ask.options) and not _invite_only(g)
        if open_here or await belongs(ask.service, g, ask.user):
            shown.append(Suggestion(f"#{g.id} {find_game(g.game_key).name}", str(g.id)))
    return shown


def _invite_only(record: GameRecord) -> bool:
    return HostSettings.from_json(record.config.get("host", {})).invite_only


async def armies(ask: Ask) -> list[Suggestion]:
    """Armies (roles) nobody in the lobby has taken yet, and 'random'."""
    key = ask.game_key
    if key is None:
        return []
    roles = profile_of(key).roles
    taken: set[str] = set()
    game = ask.options.get("game")
    if game is not None:
        gid = await game_here(ask.service, ask.user, ask.options, game)
        seats = await ask.service.store.seats(gid)
        taken = {s.role for s in seats if s.role}
    return [Suggestion(r, r) for r in (*roles, RANDOM_ROLE) if r not in taken]


SOURCES: dict[str, Source] = {
    "legal_actions": legal_actions,
    "games_of_user": games_of_user,
    "open_lobbies": open_lobbies,
    "armies": armies,
    **dict.fromkeys(
        (
            "tiles_in_hand",
            "free_hexes",
            "own_units",
            "facings",
            "targets",
            "destinations",
            "mercenaries",
            "cards",
            "slots",
            "paths",
        ),
        legal_values,
    ),
}
"""Autocomplete sources by the name options give in `Option.autocomplete`."""


async def complete(
    service: Service,
    user: UserId,
    command: Command,
    option: str,
    options: Options,
    prefix: str = "",
    limit: int | None = MAX_SUGGESTIONS,
) -> list[Suggestion]:
    """Suggestions for one option, matching what the user typed so far: at most `limit`
    (Discord shows 25; the console's Tab shows them all, `limit=None`)."""
    spec = command.option(option)
    if spec is None:
        return []
    if spec.choices:
        found = [Suggestion(c, c) for c in spec.choices]
    elif spec.autocomplete in SOURCES:
        ask = Ask(service, user, command, option, options, prefix)
        try:
            found = await SOURCES[spec.autocomplete](ask)
        except GameError:
            return []
    else:
        return []
    wanted = prefix.strip().lower()
    if wanted:
        found = [s for s in found if s.value.lower().startswith(wanted) or wanted in s.name.lower()]
    return found if limit is None else found[:limit]
