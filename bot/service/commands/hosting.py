"""Commands every game group shares: new, challenge, join, leave, army, add-ai, start, act, resign.

Which game such a command is about is `commands.which_game`'s to say.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import bot.service.ai as ai
from bot.service.commands.place import admin_over, game_here
from bot.service.commands.server import lobby_clock
from bot.service.commands.spec import (
    CONTEXT_ADMIN,
    CONTEXT_CHANNEL,
    CONTEXT_GUILD,
    CONTEXT_SEED,
    Command,
    LegalShape,
    Option,
    Options,
    game_option,
    opt,
    parse_duration,
    required_str,
)
from bot.service.commands.which_game import check_kind, resolve_game
from bot.service.errors import LobbyError
from bot.service.lobby_text import role_label
from bot.service.outbox import LOBBY, SEATED, Reply
from bot.service.plugin import group_name as group_name  # the front-ends ask it here
from bot.service.profiles import RANDOM_ROLE, HostProfile, profile_for
from bot.service.updates import STATUSES
from games import engine
from games.base import GameError
from games.registry import find_game
from games.text import Text
from storage.records import GameRecord, GameStatus

if TYPE_CHECKING:
    from bot.service.service import Service, UserId

LEVELS = tuple(ai.AI_USERS)
VS = ("ai", "open")
THREAD = "thread"
"""The option of `new` and `challenge` asking for the game's thread to be public or private.

Only chat front-ends with threads read it (Discord); the service and the console ignore it."""
THREADS = ("public", "private")


def thread_option() -> Option:
    """The `thread` option every game's `new` (and `challenge`) offers."""
    return opt(THREAD, "choice", "The game's thread (default public)", choices=THREADS)


def profile_of(key: str) -> HostProfile:
    """The host profile of game `key`."""
    return profile_for(find_game(key))


def admin(options: Options) -> bool:
    """True when the front-end says the caller is an admin."""
    return bool(options.get(CONTEXT_ADMIN, False))


def _record_line(record: GameRecord, waiting: bool) -> Text:
    name = Text.verbatim(find_game(record.game_key).name)
    status = STATUSES[GameStatus(record.status)]
    if waiting:
        return Text(
            "  #{game} {name} ({status})  <- your move", game=record.id, name=name, status=status
        )
    return Text("  #{game} {name} ({status})", game=record.id, name=name, status=status)


def games_text(
    records: list[GameRecord], waiting: set[int], lost: Mapping[int, int] | None = None
) -> Text:
    """The /games list; `lost` counts the undeliverable messages of games the reader hosts."""
    if not records:
        return Text("You are in no open games.")
    lines = [Text("Your open games:")]
    for record in records:
        lines.append(_record_line(record, record.id in waiting))
        count = (lost or {}).get(record.id)
        if count:
            lines.append(
                Text.plural(
                    "    {count} message of this game could not be delivered: check the"
                    " bot's permissions in its channel.",
                    "    {count} messages of this game could not be delivered: check the"
                    " bot's permissions in its channel.",
                    count,
                )
            )
    return Text.lines(lines)


def merge(first: Reply, *more: Reply) -> Reply:
    """Replies of several service calls made by one command, as one."""
    text = Text.lines(r.text for r in (first, *more) if r.text)
    messages = tuple(m for r in (first, *more) for m in r.messages)
    game_id = next((r.game_id for r in reversed((first, *more)) if r.game_id is not None), None)
    return Reply(text, messages, game_id)


def _lobby_options(options: Options, key: str, extra: Callable[[Options], dict[str, Any]]) -> Any:
    clock = options.get("clock")
    kwargs: dict[str, Any] = {
        "mode": options.get("mode"),
        "seats": options.get("seats"),
        "clock": parse_duration(str(clock)) if clock else None,
        "rated": bool(options.get("rated", True)),
        "options": extra(options),
        "seed": options.get(CONTEXT_SEED),
        "guild_id": options.get(CONTEXT_GUILD),
        "channel_id": options.get(CONTEXT_CHANNEL),
    }
    if profile_of(key).roles:
        kwargs["role"] = options.get("army")
    return kwargs


def check_setup(key: str, mode: str | None, seats: int | None, options: Mapping[str, Any]) -> None:
    """Refuse options the rules cannot set up (three players with two mercenaries each) before
    the lobby exists, rather than at its start: a refused `new` leaves nothing behind."""
    profile = profile_of(key)
    try:
        chosen = profile.mode(mode)
    except KeyError:
        return  # creating the lobby names a wrong mode or seat count in its own words
    count = seats if seats is not None else chosen.seats[0]
    if count not in chosen.seats:
        return
    if profile.roles and profile.unique_roles and count > len(profile.roles):
        # Such a lobby could never start: every seat needs a role of its own.
        raise LobbyError(
            Text.plural(
                "At most {count} player: each needs a different choice ({label}).",
                "At most {count} players: each needs a different choice ({label}).",
                len(profile.roles),
                label=role_label(profile),
            ),
            code="too_many_seats",
        )
    # Which armies the players pick does not decide whether the options are valid.
    roles = [profile.roles[i % len(profile.roles)] if profile.roles else None
             for i in range(count)]  # fmt: skip
    config = profile.build_config(options, chosen.name, roles)
    try:
        engine.start(find_game(key).rules, config, count, "check")
    except GameError as err:
        raise LobbyError(err.user_message, code="bad_config") from None


async def fill_with_ai(service: Service, game_id: int, user: UserId, level: str, key: str) -> Reply:
    """Seat AI players of `level` in every open seat of a lobby, then start it."""
    role = RANDOM_ROLE if profile_of(key).roles else None
    replies: list[Reply] = []
    while True:
        try:
            replies.append(await service.add_ai(game_id, user, level, role))
        except LobbyError as err:
            if err.code != "full":
                raise
            break
    started = await service.start(game_id, user)
    return merge(*replies, started) if replies else started


def lobby_commands(
    key: str,
    *,
    extra_options: tuple[Option, ...] = (),
    read_extra: Callable[[Options], dict[str, Any]] = lambda o: {},
    solo: bool = False,
) -> tuple[Command, ...]:
    """The lobby commands of a game group (solo games start at once and have no lobby steps)."""
    group = group_name(key)
    profile = profile_of(key)
    label = profile.role_label
    modes = tuple(m.name for m in profile.modes)
    seats = [n for m in profile.modes for n in m.seats]
    role_opts: tuple[Option, ...] = ()
    if profile.roles:
        role_opts = (opt(label, "str", f"Your {label} (or random)", autocomplete="armies"),)

    async def new(service: Service, user: UserId, o: Options) -> Reply:
        level = str(o.get("level") or "normal")
        if o.get("vs") == "ai" and level not in ai.AI_USERS:
            # Checked before the lobby exists: a refused command leaves nothing behind.
            raise LobbyError("AI levels: {levels}.", code="bad_level", levels=", ".join(LEVELS))
        kwargs = _lobby_options(o, key, read_extra)
        check_setup(key, kwargs.get("mode"), kwargs.get("seats"), kwargs["options"])
        kwargs["clock"] = await lobby_clock(service, o, kwargs["clock"])
        created = await service.create(key, user, **kwargs)
        assert created.game_id is not None
        if solo:
            return merge(created, await service.start(created.game_id, user))
        if o.get("vs") == "ai":
            return merge(created, await fill_with_ai(service, created.game_id, user, level, key))
        return created

    async def challenge(service: Service, user: UserId, o: Options) -> Reply:
        kwargs = _lobby_options(o, key, read_extra)
        kwargs["clock"] = await lobby_clock(service, o, kwargs["clock"])
        return await service.challenge(key, user, required_str(o, "opponent"), **kwargs)

    async def join(service: Service, user: UserId, o: Options) -> Reply:
        gid = await game_here(service, user, o, required_str(o, "game"))
        await check_kind(service, gid, key)
        return await service.join(gid, user, o.get(label) if profile.roles else None)

    async def leave(service: Service, user: UserId, o: Options) -> Reply:
        return await service.leave(await resolve_game(service, user, o, key), user)

    async def choose(service: Service, user: UserId, o: Options) -> Reply:
        gid = await resolve_game(service, user, o, key)
        return await service.choose_role(gid, user, required_str(o, label))

    async def add(service: Service, user: UserId, o: Options) -> Reply:
        gid = await resolve_game(service, user, o, key)
        role = o.get(label) if profile.roles else None
        level = str(o.get("level") or "normal")
        return await service.add_ai(gid, user, level, role, await admin_over(service, gid, o))

    async def start(service: Service, user: UserId, o: Options) -> Reply:
        gid = await resolve_game(service, user, o, key)
        return await service.start(gid, user, await admin_over(service, gid, o))

    settings_opts = (
        opt("clock", "str", "Time per turn: 15m, 24h, 2d"),
        opt("rated", "bool", "Rate the game (default true)"),
        thread_option(),
    )
    new_opts: tuple[Option, ...]
    if solo:
        new_opts = (*settings_opts, *extra_options)
        return (
            Command("new", f"Start a {find_game(key).name}", new, new_opts, group, answers=LOBBY),
        )
    new_opts = (
        opt("mode", "choice", "How to play", choices=modes),
        opt("vs", "choice", "ai: AI fills the seats and starts; open: wait", choices=VS),
        opt("level", "choice", "AI level (with vs:ai)", choices=LEVELS),
        *role_opts,
        opt("seats", "int", "Number of players", min_value=min(seats), max_value=max(seats)),
        *settings_opts,
        *extra_options,
    )
    user_opt = opt("opponent", "user", "Who to challenge", True)
    challenge_opts = (user_opt, *(o for o in new_opts if o.name not in ("vs", "level", "seats")))
    game_required = opt(
        "game", "int", "Game number", True, autocomplete="open_lobbies", min_value=1
    )
    role_cmd: tuple[Command, ...] = ()
    if profile.roles:
        role_choice = opt(label, "str", f"The {label} (or random)", True, autocomplete="armies")
        role_cmd = (Command(label, f"Choose your {label} in a lobby", choose,
                            (role_choice, game_option()), group),)  # fmt: skip
    return (
        Command("new", f"Open a {find_game(key).name} lobby", new, new_opts, group, answers=LOBBY),
        Command("challenge", "Challenge someone to a game", challenge, challenge_opts, group,
                answers=LOBBY),
        Command("join", "Take a seat in a lobby", join, (game_required, *role_opts), group,
                answers=SEATED),
        Command("leave", "Leave a lobby", leave, (game_option(),), group),
        *role_cmd,
        Command("add-ai", "Seat an AI player (host only)", add,
                (opt("level", "choice", "AI level", choices=LEVELS), *role_opts, game_option()),
                group),
        Command("start", "Start your full lobby (host only)", start, (game_option(),), group),
    )  # fmt: skip


def play_commands(key: str) -> tuple[Command, ...]:
    """`act` (any action as typed text, autocompleted) and `resign` for a game group."""
    group = group_name(key)

    async def act(service: Service, user: UserId, o: Options) -> Reply:
        gid = await resolve_game(service, user, o, key)
        return await service.act(gid, user, required_str(o, "action"))

    async def resign(service: Service, user: UserId, o: Options) -> Reply:
        return await service.resign(await resolve_game(service, user, o, key), user)

    action = opt("action", "str", "The action as text", True, autocomplete="legal_actions")
    return (
        Command("act", "Play any legal action typed as text", act, (action, game_option()), group),
        Command("resign", "Resign this game", resign, (game_option(),), group),
    )


def extra_from(names: Mapping[str, str]) -> Callable[[Options], dict[str, Any]]:
    """A reader of lobby game options: catalogue option name -> profile option key."""

    def read(options: Options) -> dict[str, Any]:
        return {key: options[name] for name, key in names.items() if options.get(name) is not None}

    return read


Render = Callable[[Options], str]
"""A game-action command's options -> the action as the codec's text."""
Values = Callable[[Any, Any], Mapping[str, str]]
"""(legal action, the seat's view) -> the option values that would play it."""
ActionCommand = Callable[[str, str, tuple[Option, ...], Render, tuple[type, ...], Values], Command]
"""(name, description, options, render, move types, values) -> a move command."""


def words(*parts: object) -> str:
    """Action text from its parts, leaving out the empty ones."""
    return " ".join(str(p) for p in parts if p is not None and p != "")


def move_commands(
    key: str, group: str, label: Callable[[str, str], str] | None = None
) -> ActionCommand:
    """The maker of game `key`'s move commands: each plays one kind of move (plus the `game:`
    option), its options suggested from the legal moves of `types` read by `values` (shown
    through `label`, when given)."""

    def action(
        name: str,
        description: str,
        options: tuple[Option, ...],
        render: Render,
        types: tuple[type, ...],
        values: Values,
    ) -> Command:
        async def handler(service: Service, user: UserId, o: Options) -> Reply:
            gid = await resolve_game(service, user, o, key)
            return await service.act(gid, user, render(o))

        shape = LegalShape(types, values, label)
        return Command(name, description, handler, (*options, game_option()), group, shape)

    return action
