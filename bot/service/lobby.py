"""Lobbies: create, invite, join, leave, choose a role, add AI seats, start, cancel."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import bot.service.ai as ai
import bot.service.dice_audit as dice_audit
from bot.service.errors import LobbyError, PermissionDeniedError
from bot.service.i18n import stored
from bot.service.lobby_text import lobby_text, mode_name, role_label
from bot.service.outbox import Invite, LobbyUpdate, Message, Reply
from bot.service.play import Draft, commit
from bot.service.profiles import RANDOM_ROLE, HostProfile, profile_for
from bot.service.settle import settle
from bot.service.table import TIMEOUT_POLICIES, Host, HostSettings, Table, load_table
from games import engine
from games.base import GameError
from games.registry import find_game
from games.text import Text
from storage.base import ConflictError, SeatTakenError
from storage.records import GameStatus, NewGame, NewSeat

MIN_CLOCK = 60
MAX_CLOCK = 30 * 24 * 3600


def _check_role(profile: HostProfile, table: Table | None, role: str | None, seat: int) -> None:
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


def _check_options(profile: HostProfile, options: Mapping[str, Any]) -> None:
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


async def _lobby(host: Host, game_id: int) -> Table:
    table = await load_table(host, game_id)
    if table.record.status is not GameStatus.LOBBY:
        raise LobbyError("Game {game} is not a lobby any more.", code="not_lobby", game=game_id)
    return table


def _require_host(table: Table, user: int, admin: bool) -> None:
    if user != table.settings.host_user and not admin:
        raise PermissionDeniedError("Only the host or an admin can do that.", code="not_host")


def new_game(
    game_key: str,
    user: int,
    *,
    mode: str | None = None,
    seats: int | None = None,
    options: Mapping[str, Any] | None = None,
    clock: int | None = None,
    rated: bool = True,
    timeout: str = "auto",
    invite_only: bool = False,
    guild_id: int | None = None,
    channel_id: int | None = None,
    role: str | None = None,
    join: bool = True,
    rematch_of: int | None = None,
    seed: str | None = None,
    seated: Sequence[NewSeat] = (),
) -> NewGame:
    """The record of a new lobby, checked (see `create`); nothing is written yet."""
    spec = find_game(game_key)
    profile = profile_for(spec)
    try:
        chosen = profile.mode(mode)
    except KeyError:
        raise LobbyError(
            "{game} has no mode {mode!r}; modes: {modes}.",
            code="wrong_mode",
            game=Text.verbatim(spec.name),
            mode=mode,
            modes=", ".join(m.name for m in profile.modes),
        ) from None
    count = seats if seats is not None else chosen.seats[0]
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
    if clock is not None and not MIN_CLOCK <= clock <= MAX_CLOCK:
        raise LobbyError("The turn clock must be between 1 minute and 30 days.", code="bad_clock")
    if timeout not in TIMEOUT_POLICIES:
        raise LobbyError(
            "Timeout policy must be one of {policies}.",
            code="bad_option",
            policies=", ".join(TIMEOUT_POLICIES),
        )
    if rematch_of is None:
        # A rematch copies options this host accepted already, some set by a game's own
        # commands (modifiers, army lists) that the profile's fixed choices do not list.
        _check_options(profile, options or {})
    _check_role(profile, None, role, 0)
    settings = HostSettings(
        host_user=user,
        mode=chosen.name,
        seats=count,
        clock=clock,
        rated=rated,
        timeout=timeout,
        invite_only=invite_only,
        options=dict(options or {}),
        rematch_of=rematch_of,
    )
    # A given seed makes a game reproducible (demos, tests); players get a fresh secret one,
    # drawn for this game alone, and its commitment is kept before anyone can act.
    seed = seed or dice_audit.secret()
    first = (NewSeat(0, user, role),) if join else ()
    return NewGame(
        spec.key,
        spec.rules_version,
        seed,
        {"host": settings.to_json(), dice_audit.DICE: dice_audit.committed(seed)},
        guild_id=guild_id,
        channel_id=channel_id,
        seats=(*first, *seated),
    )


async def create(
    host: Host,
    game_key: str,
    user: int,
    *,
    mode: str | None = None,
    seats: int | None = None,
    options: Mapping[str, Any] | None = None,
    clock: int | None = None,
    rated: bool = True,
    timeout: str = "auto",
    invite_only: bool = False,
    guild_id: int | None = None,
    channel_id: int | None = None,
    role: str | None = None,
    join: bool = True,
    rematch_of: int | None = None,
    seed: str | None = None,
    seated: Sequence[NewSeat] = (),
) -> Reply:
    """Open a lobby (the creator hosts it and, unless join=False, takes seat 0).

    `seated` players (a rematch's, a league table's) sit down in the same write as the game."""
    new = new_game(
        game_key, user, mode=mode, seats=seats, options=options, clock=clock, rated=rated,
        timeout=timeout, invite_only=invite_only, guild_id=guild_id, channel_id=channel_id,
        role=role, join=join, rematch_of=rematch_of, seed=seed, seated=seated,
    )  # fmt: skip
    record = await host.store.create_game(new)
    table = await load_table(host, record.id)
    text = lobby_text(host, table)
    created = Text.lines([Text("Created game {game}.", game=record.id), text])
    return Reply(created, (LobbyUpdate(record.id, text),), record.id)


async def _save_settings(host: Host, table: Table, settings: HostSettings) -> None:
    await host.store.update_game(
        table.id, config={**table.record.config, "host": settings.to_json()}
    )


async def invite(host: Host, game_id: int, by: int, user: int) -> Reply:
    """Invite (or challenge) a user to a lobby; any seated player or the host may invite."""
    table = await _lobby(host, game_id)
    if by != table.settings.host_user and table.seat_of(by) is None:
        raise PermissionDeniedError("Only players in this lobby can invite.", code="not_seated")
    if table.seat_of(user) is not None:
        raise LobbyError(
            "{player} is already in this game.", code="already_in", player=host.name(user)
        )
    if user not in table.settings.invited:
        settings = replace(table.settings, invited=(*table.settings.invited, user))
        await _save_settings(host, table, settings)
    text = Text(
        "{host} invites you to game {game} ({name}). Join it to play.",
        host=host.name(by),
        game=game_id,
        name=table.spec.name,
    )
    invited = Text("Invited {player}.", player=host.name(user))
    return Reply(invited, (Invite(user, game_id, text),), game_id)


async def join(
    host: Host, game_id: int, user: int, role: str | None = None, seat: int | None = None
) -> Reply:
    """Take a free seat (the lowest unless one is named), optionally with a role."""
    table = await _lobby(host, game_id)
    s = table.settings
    if table.seat_of(user) is not None:
        raise LobbyError("You are already in this game.", code="already_in")
    if s.invite_only and user not in s.invited and user != s.host_user:
        raise PermissionDeniedError("This game is by invitation only.", code="invite_only")
    taken = {r.seat for r in table.seats}
    free = [n for n in range(s.seats) if n not in taken]
    if not free:
        raise LobbyError("Game {game} is full.", code="full", game=game_id)
    if seat is not None and seat not in free:
        code = "seat_taken" if 0 <= seat < s.seats else "no_such_seat"
        raise LobbyError("Seat {seat} is not free.", code=code, seat=seat)
    chosen = free[0] if seat is None else seat
    _check_role(table.profile, table, role, chosen)
    try:
        await host.store.add_seat(game_id, chosen, user, role)
    except SeatTakenError:
        raise LobbyError(
            "Someone took that seat a moment ago; try again.", code="seat_taken"
        ) from None
    joined = Text("{player} joined game {game}.", player=host.name(user), game=game_id)
    return await _updated(host, game_id, joined)


async def _updated(
    host: Host, game_id: int, headline: Text, extra: tuple[Message, ...] = ()
) -> Reply:
    table = await load_table(host, game_id)
    text = Text.lines([headline, lobby_text(host, table)])
    return Reply(text, (LobbyUpdate(game_id, text), *extra), game_id)


async def leave(host: Host, game_id: int, user: int) -> Reply:
    """Leave a lobby; a leaving host passes the lobby on, or cancels it when nobody is left."""
    table = await _lobby(host, game_id)
    seat = table.seat_of(user)
    if seat is None:
        raise PermissionDeniedError("You are not in this lobby.", code="not_seated")
    await host.store.leave_seat(game_id, seat)
    if user == table.settings.host_user:
        humans = [r.user_id for r in table.seats if r.user_id != user and not ai.is_ai(r.user_id)]
        if not humans:
            await host.store.set_status(
                game_id,
                GameStatus.ABANDONED,
                expected=GameStatus.LOBBY,
                outcome={"reason": "the host left"},
            )
            text = Text(
                "{player} left; game {game} is cancelled.", player=host.name(user), game=game_id
            )
            return Reply(text, (LobbyUpdate(game_id, text),), game_id)
        await _save_settings(host, table, replace(table.settings, host_user=humans[0]))
        passed = Text(
            "{player} left; {host} hosts now.", player=host.name(user), host=host.name(humans[0])
        )
        return await _updated(host, game_id, passed)
    left = Text("{player} left game {game}.", player=host.name(user), game=game_id)
    return await _updated(host, game_id, left)


async def choose_role(host: Host, game_id: int, user: int, role: str) -> Reply:
    """Choose your army (or role) in a lobby; 'random' deals one at the start."""
    table = await _lobby(host, game_id)
    seat = table.seat_of(user)
    if seat is None:
        raise PermissionDeniedError("Join the game first.", code="not_seated")
    _check_role(table.profile, table, role, seat)
    try:
        await host.store.set_seat_role(game_id, seat, role, user_id=user)
    except ConflictError:
        raise LobbyError(
            "The lobby changed a moment ago (started, or you left); look again.", code="busy"
        ) from None
    chose = Text("{player} chose {role}.", player=host.name(user), role=role)
    return await _updated(host, game_id, chose)


async def add_ai(
    host: Host,
    game_id: int,
    by: int,
    level: str = "normal",
    role: str | None = None,
    admin: bool = False,
) -> Reply:
    """Seat an AI player of `level` (host only)."""
    table = await _lobby(host, game_id)
    _require_host(table, by, admin)
    if level not in ai.AI_USERS:
        raise LobbyError("AI levels: {levels}.", code="bad_level", levels=", ".join(ai.AI_USERS))
    taken = {r.seat for r in table.seats}
    free = [n for n in range(table.settings.seats) if n not in taken]
    if not free:
        raise LobbyError("Game {game} is full.", code="full", game=game_id)
    _check_role(table.profile, table, role, free[0])
    try:
        await host.store.add_seat(game_id, free[0], ai.AI_USERS[level], role)
    except SeatTakenError:
        raise LobbyError(
            "Someone took that seat a moment ago; try again.", code="seat_taken"
        ) from None
    joined = Text(
        "An {player} joined game {game}.", player=host.name(ai.AI_USERS[level]), game=game_id
    )
    return await _updated(host, game_id, joined)


def _resolve_roles(table: Table) -> list[str | None]:
    profile = table.profile
    roles: list[str | None] = [None] * table.settings.seats
    for record in table.seats:
        roles[record.seat] = record.role
    if not profile.roles:
        return roles
    fixed = [r for r in roles if r not in (None, RANDOM_ROLE)]
    if profile.unique_roles and len(fixed) != len(set(fixed)):
        raise LobbyError(
            "Two players chose the same {label}.",
            code=f"{profile.role_label}_taken",
            label=role_label(profile),
        )
    rng = random.Random(f"{table.record.seed}:roles")
    pool = [r for r in profile.roles if r not in fixed or not profile.unique_roles]
    for seat, role in enumerate(roles):
        if role == RANDOM_ROLE:
            pick = pool[rng.randrange(len(pool))]
            roles[seat] = pick
            if profile.unique_roles:
                pool.remove(pick)
    return roles


async def start(
    host: Host,
    game_id: int,
    by: int,
    admin: bool = False,
    options: Mapping[str, Any] | None = None,
) -> Reply:
    """Start a full lobby: set up the rules, run opening chance steps and AI seats.

    `options` replaces the lobby's options in the same write as the start, so a refused start
    leaves them as they were (a sniper's words given with `/sniper start seed:`)."""
    table = await _lobby(host, game_id)
    if options is not None:
        table = replace(table, settings=replace(table.settings, options=dict(options)))
    _require_host(table, by, admin)
    if len(table.seats) != table.settings.seats:
        missing = table.settings.seats - len(table.seats)
        raise LobbyError(
            Text.plural(
                "Waiting for {count} more player.", "Waiting for {count} more players.", missing
            ),
            code="not_full",
        )
    roles = _resolve_roles(table)
    s = table.settings
    config = table.profile.build_config(s.options, s.mode, roles)
    try:
        state, _ = engine.start(table.spec.rules, config, s.seats, table.record.seed)
    except GameError as err:
        raise LobbyError(err.user_message, code="bad_config") from None
    del state  # checked only: the draft below sets up again and logs the opening steps
    full_config = {**table.record.config, "game": config}
    if options is not None:
        full_config["host"] = table.settings.to_json()
    try:
        # Random roles are dealt into the seats while it is still a lobby: in place, so the
        # seat history keeps one row per player.
        for record in table.seats:
            if record.role != roles[record.seat]:
                await host.store.set_seat_role(
                    game_id, record.seat, roles[record.seat], user_id=record.user_id
                )
        await host.store.update_game(game_id, config=full_config)
    except ConflictError:
        raise LobbyError("The lobby changed a moment ago; look again.", code="busy") from None
    seats = tuple(replace(r, role=roles[r.seat]) for r in table.seats)
    ready = replace(table, record=replace(table.record, config=full_config), seats=seats)
    draft = Draft(ready, table.spec.rules.setup(config, s.seats, table.record.seed))
    draft.open()
    draft.say(Text("Game {game} ({name}) has started.", game=game_id, name=table.spec.name))
    draft.bots()
    plan = draft.finish(status=GameStatus.ACTIVE)
    try:
        after = await commit(host, plan)
    except ConflictError:
        raise LobbyError("The game has already started.", code="not_lobby") from None
    messages = await settle(host, plan, after)
    text = Text.lines([Text("Game {game} started.", game=game_id), lobby_text(host, after)])
    return Reply(text, (LobbyUpdate(game_id, text), *messages), game_id)


async def cancel(host: Host, game_id: int, by: int, admin: bool = False) -> Reply:
    """Cancel a lobby (host or admin) or, for admins, a running game."""
    table = await load_table(host, game_id)
    status = table.record.status
    if status is GameStatus.LOBBY:
        _require_host(table, by, admin)
    elif status is GameStatus.ACTIVE:
        if not admin:
            raise PermissionDeniedError(
                "A running game ends by resignation or an abort vote; admins can cancel it.",
                code="not_admin",
            )
    else:
        raise LobbyError("Game {game} has already ended.", code="game_over", game=game_id)
    # The English reason stays readable in the record; `said` says it again in any language.
    reason = Text("cancelled by {player}", player=host.name(by))
    try:
        await host.store.set_status(
            game_id,
            GameStatus.ABANDONED,
            expected=status,
            outcome={"reason": str(reason), "said": stored(reason)},
        )
    except ConflictError:
        raise LobbyError("The game changed a moment ago; look again.", code="busy") from None
    host.cache.pop(game_id, None)
    text = Text("Game {game} was cancelled by {player}.", game=game_id, player=host.name(by))
    return Reply(text, (LobbyUpdate(game_id, text),), game_id)
