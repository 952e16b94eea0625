"""Opening a lobby: the request (one value for a /new, a challenge, a rematch and a league
table), its checks, the new game's record and the write that opens it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import bot.service.dice_audit as dice_audit
from bot.service.errors import LobbyError
from bot.service.lobby_text import lobby_text, mode_name, role_label
from bot.service.outbox import LobbyUpdate, Reply
from bot.service.profiles import RANDOM_ROLE, HostProfile, profile_for
from bot.service.table import TIMEOUT_POLICIES, Host, HostSettings, Table, load_table
from games.registry import find_game
from games.text import Text
from storage.records import NewGame, NewSeat

MIN_CLOCK = 60
MAX_CLOCK = 30 * 24 * 3600


@dataclass(frozen=True, slots=True)
class LobbyRequest:
    """What a new lobby is asked to be: its game, host, mode, seats and settings."""

    game_key: str
    user: int
    """The host (seat 0 unless `join` is False)."""
    mode: str | None = None
    seats: int | None = None
    options: Mapping[str, Any] | None = None
    clock: int | None = None
    rated: bool = True
    timeout: str = "auto"
    invite_only: bool = False
    guild_id: int | None = None
    channel_id: int | None = None
    role: str | None = None
    join: bool = True
    rematch_of: int | None = None
    seed: str | None = None
    seated: Sequence[NewSeat] = field(default=())
    """Players who sit down in the same write as the game (a rematch's, a league table's)."""


def check_role(profile: HostProfile, table: Table | None, role: str | None, seat: int) -> None:
    if role is None:
        return
    label = profile.role_label
    if not profile.roles:
        raise LobbyError("This game has no roles to choose.", code="wrong_mode")
    if role != RANDOM_ROLE and role not in profile.roles:
        raise LobbyError(
            "Unknown {label} {role!r}. Choose one of: {known}.",
            code=f"unknown_{label}",
            label=role_label(profile),
            role=role,
            known=", ".join((*profile.roles, RANDOM_ROLE)),
        )
    if table is not None and role != RANDOM_ROLE and profile.unique_roles:
        for other in table.seats:
            if other.role == role and other.seat != seat:
                raise LobbyError(
                    "The {label} {role} is taken.",
                    code=f"{label}_taken",
                    label=role_label(profile),
                    role=role,
                )


def check_options(profile: HostProfile, options: Mapping[str, Any]) -> None:
    for key, value in options.items():
        allowed = profile.options.get(key)
        if allowed is None:
            known = ", ".join(profile.options) or "-"
            raise LobbyError(
                "Unknown option {option!r} (options: {known}).",
                code="unknown_option",
                option=key,
                known=known,
            )
        if value not in allowed:
            raise LobbyError(
                "{option} must be one of {allowed}.",
                code="bad_option",
                option=key,
                allowed=", ".join(map(str, allowed)),
            )


def new_game(request: LobbyRequest) -> NewGame:
    """The record of a new lobby, checked (see `create`); nothing is written yet."""
    r = request
    spec = find_game(r.game_key)
    profile = profile_for(spec)
    try:
        chosen = profile.mode(r.mode)
    except KeyError:
        raise LobbyError(
            "{game} has no mode {mode!r}; modes: {modes}.",
            code="wrong_mode",
            game=Text.verbatim(spec.name),
            mode=r.mode,
            modes=", ".join(m.name for m in profile.modes),
        ) from None
    count = r.seats if r.seats is not None else chosen.seats[0]
    if count not in chosen.seats:
        raise LobbyError(
            Text.plural(
                "A {mode} game cannot have {count} seat; it has {allowed}.",
                "A {mode} game cannot have {count} seats; it has {allowed}.",
                count,
                mode=mode_name(chosen.name),
                allowed=", ".join(map(str, chosen.seats)),
            ),
            code="wrong_mode",
        )
    if r.clock is not None and not MIN_CLOCK <= r.clock <= MAX_CLOCK:
        raise LobbyError("The turn clock must be between 1 minute and 30 days.", code="bad_clock")
    if r.timeout not in TIMEOUT_POLICIES:
        raise LobbyError(
            "Timeout policy must be one of {policies}.",
            code="bad_option",
            policies=", ".join(TIMEOUT_POLICIES),
        )
    if r.rematch_of is None:
        # A rematch copies options this host accepted already, some set by a game's own
        # commands (modifiers, army lists) that the profile's fixed choices do not list.
        check_options(profile, r.options or {})
    check_role(profile, None, r.role, 0)
    settings = HostSettings(
        host_user=r.user,
        mode=chosen.name,
        seats=count,
        clock=r.clock,
        rated=r.rated,
        timeout=r.timeout,
        invite_only=r.invite_only,
        options=dict(r.options or {}),
        rematch_of=r.rematch_of,
    )
    # A given seed makes a game reproducible (demos, tests); players get a fresh secret one,
    # drawn for this game alone, and its commitment is kept before anyone can act.
    seed = r.seed or dice_audit.secret()
    first = (NewSeat(0, r.user, r.role),) if r.join else ()
    return NewGame(
        spec.key,
        spec.rules_version,
        seed,
        {"host": settings.to_json(), dice_audit.DICE: dice_audit.committed(seed)},
        guild_id=r.guild_id,
        channel_id=r.channel_id,
        seats=(*first, *r.seated),
    )


async def create(host: Host, request: LobbyRequest) -> Reply:
    """Open a lobby (the creator hosts it and, unless join=False, takes seat 0).

    `seated` players (a rematch's, a league table's) sit down in the same write as the game."""
    record = await host.store.create_game(new_game(request))
    table = await load_table(host, record.id)
    text = lobby_text(host, table)
    created = Text.lines([Text("Created game {game}.", game=record.id), text])
    return Reply(created, (LobbyUpdate(record.id, text),), record.id)
