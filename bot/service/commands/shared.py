"""Commands outside the game groups: looking, history, ratings, settings and agreements."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

import bot.service.dice_audit as dice_audit
from bot.service.commands.hosting import THREADS, admin, games_text
from bot.service.commands.place import admin_over
from bot.service.commands.server import read_zone, set_server
from bot.service.commands.spec import (
    CONTEXT_GUILD,
    Command,
    Options,
    game_option,
    opt,
    required_str,
)
from bot.service.commands.which_game import resolve_game
from bot.service.deadlines import local
from bot.service.errors import PermissionDeniedError, RequestError
from bot.service.outbox import BOARD, PANEL, PUBLIC_REPLY, REMATCH, PublicUpdate, Reply
from bot.service.plugin import default_game, installed
from games.registry import find_game
from games.text import Text
from storage.records import DmStatus, Notifications

if TYPE_CHECKING:
    from bot.service.service import Service, UserId

LOCALES = ("en", "cs", "ru", "pl")
REQUESTS = ("takeback", "abort", "pause")
NOTIFICATIONS = tuple(n.value for n in Notifications)
NOTIFIED = {
    Notifications.DM: Text("Notifications: by direct message."),
    Notifications.THREAD: Text("Notifications: in a private thread of each game."),
    Notifications.OFF: Text("Notifications: off (look with /hand)."),
}
HISTORY_LINES = 40
_QUIET = re.compile(r"^(\d{1,2}):(\d{2})-(\d{1,2}):(\d{2})$")


async def _games(service: Service, user: UserId, o: Options) -> Reply:
    del o
    records = await service.games(user)
    waiting = {g.id for g in await service.waiting(user)}
    return Reply(games_text(records, waiting, await service.undelivered(user, records)))


async def _board(service: Service, user: UserId, o: Options) -> Reply:
    return await service.board(await resolve_game(service, user, o, seated=False))


async def _hand(service: Service, user: UserId, o: Options) -> Reply:
    return await service.hand(await resolve_game(service, user, o), user)


async def _history(service: Service, user: UserId, o: Options) -> Reply:
    gid = await resolve_game(service, user, o, seated=False)
    lines = await service.history(gid)
    last = int(o.get("last") or HISTORY_LINES)
    shown = lines[-last:]
    if not lines:
        head = Text("Game {game} has no moves yet.", game=gid)
    elif len(shown) < len(lines):
        head = Text.plural(
            "Game {game}: {count} log line, the last {shown}:",
            "Game {game}: {count} log lines, the last {shown}:",
            len(lines),
            game=gid,
            shown=len(shown),
        )
    else:
        head = Text.plural(
            "Game {game}: {count} log line:",
            "Game {game}: {count} log lines:",
            len(lines),
            game=gid,
        )
    return Reply(Text.lines([head, *shown]), (), gid)


async def _replay(service: Service, user: UserId, o: Options) -> Reply:
    gid = await resolve_game(service, user, o, seated=False)
    step = o.get("step")
    # Any number /history prints is a step, a chance result's too.
    frames = await service.replay(gid, include_chance=step is not None)
    if step is None:
        lines: list[str] = [
            Text.plural(
                "Game {game} replay: {count} move (pick one with step:N).",
                "Game {game} replay: {count} moves (pick one with step:N).",
                len(frames) - 1,
                game=gid,
            )
        ]
        lines += [Text("  {step}. {move}", step=f.step, move=f.caption) for f in frames[1:]]
        return Reply(Text.lines(lines), (), gid)
    frame = next((f for f in frames if f.step == int(step)), None)
    if frame is None and len(frames) < 2:
        raise RequestError("Game {game} has no moves to replay yet.", code="no_step", game=gid)
    if frame is None:
        raise RequestError(
            "Game {game} has no step {step} (steps: {steps}, ...).",
            code="no_step",
            game=gid,
            step=step,
            steps=", ".join(str(f.step) for f in frames[1:4]),
        )
    text = Text("Game {game}, step {step}: {move}", game=gid, step=frame.step, move=frame.caption)
    return Reply(text, (PublicUpdate(gid, text, frame.images),), gid)


async def _verify(service: Service, user: UserId, o: Options) -> Reply:
    # Only the named game's own seed, and only once it is over (dice_audit.verify_text).
    gid = await resolve_game(service, user, o, seated=False)
    return Reply(await dice_audit.verify_text(service.host, gid), (), gid)


def _game_key(o: Options) -> str:
    return find_game(str(o.get("game") or default_game())).key


async def _profile(service: Service, user: UserId, o: Options) -> Reply:
    key = _game_key(o)
    who = o.get("user") or user
    p = await service.profile(key, who)
    name = service.host.name(p.user_id)
    game = find_game(key).name
    if p.rating is None:
        return Reply(Text("{player} has no rated {game} games yet.", player=name, game=game))
    lines = [
        Text(
            "{player} in {game}: rating {rating}, {games}, {wins}.",
            player=name,
            game=game,
            rating=Text.figure(p.rating, 1),
            games=Text.plural("{count} game", "{count} games", p.games),
            wins=Text.plural("{count} win", "{count} wins", p.wins),
        )
    ]
    for entry in p.history[-5:]:
        before = 0.0 if entry.before is None else entry.before
        lines.append(
            Text(
                "  game #{game}: {before} -> {after}",
                game=entry.game_id,
                before=Text.figure(before, 1),
                after=Text.figure(entry.after, 1),
            )
        )
    return Reply(Text.lines(lines))


async def _leaderboard(service: Service, user: UserId, o: Options) -> Reply:
    del user
    key = _game_key(o)
    rows = await service.leaderboard(key, int(o.get("top") or 10))
    game = find_game(key).name
    if not rows:
        return Reply(Text("No rated {game} games yet.", game=game))
    lines = [Text("{game} leaderboard:", game=game)]
    for rank, (uid, rating, games) in enumerate(rows, start=1):
        lines.append(
            Text(
                "  {rank}. {player}: {rating} ({games})",
                rank=rank,
                player=service.host.name(uid),
                rating=Text.figure(rating, 1),
                games=Text.plural("{count} game", "{count} games", games),
            )
        )
    return Reply(Text.lines(lines))


def _minutes(h: str, m: str) -> int:
    hours, minutes = int(h), int(m)
    if hours > 23 or minutes > 59:
        raise RequestError("Quiet hours look like 22:00-08:00.", code="bad_quiet")
    return hours * 60 + minutes


async def _settings(service: Service, user: UserId, o: Options) -> Reply:
    uid = service.user(user)
    current = await service.store.get_user_settings(uid)
    new = current
    if o.get("timezone"):
        new = replace(new, timezone=read_zone(str(o["timezone"])))
    if o.get("quiet"):
        text = str(o["quiet"]).strip().lower()
        if text in ("off", "none"):
            new = replace(new, quiet_start=None, quiet_end=None)
        else:
            match = _QUIET.match(text)
            if not match:
                raise RequestError("Quiet hours look like 22:00-08:00 (or off).", "bad_quiet")
            new = replace(new, quiet_start=_minutes(*match.groups()[:2]),
                          quiet_end=_minutes(*match.groups()[2:]))  # fmt: skip
    if o.get("language"):
        new = replace(new, locale=str(o["language"]))
    if o.get("notifications"):
        where = Notifications(str(o["notifications"]))
        # Asking for DMs again forgets that they were closed: the next message tries them.
        dms = DmStatus.UNKNOWN if where is Notifications.DM else new.dm_status
        new = replace(new, notifications=where, dm_status=dms)
    # The server's game settings are checked (and may be refused) before anything is written.
    games_here = await set_server(service, o)
    server = await _server_language(service, o)
    if new != current:
        await service.store.put_user_settings(new)

    def clock(minutes: int | None) -> str:
        return "--" if minutes is None else f"{minutes // 60:02d}:{minutes % 60:02d}"

    quiet = (
        Text("off")
        if new.quiet_start is None
        else Text.verbatim(f"{clock(new.quiet_start)}-{clock(new.quiet_end)}")
    )
    saved = new != current or server is not None or bool(games_here)
    said = Text(
        "Settings saved. Time zone: {zone}; quiet hours: {quiet}; language: {language}."
        if saved
        else "Your settings: Time zone: {zone}; quiet hours: {quiet}; language: {language}.",
        zone=new.timezone or "UTC",
        quiet=quiet,
        language=new.locale or "en",
    )
    # The zone reminders are written in (UTC for a name tzdata no longer knows), to check by.
    lines = [said, Text("Local time: {now:day}.", now=local(service.host.clock.now(), new))]
    if o.get("notifications"):
        lines.append(NOTIFIED[new.notifications])
    if server is not None:
        lines.append(Text("Server language: {language}.", language=server))
    return Reply(Text.lines([*lines, *games_here]))


async def _server_language(service: Service, o: Options) -> str | None:
    """Set the language of the server's public game posts (admins); None when not asked."""
    chosen = o.get("server_language")
    if not chosen:
        return None
    guild = o.get(CONTEXT_GUILD)
    if guild is None:
        raise RequestError("The server language is set in a server.", code="no_server")
    if not admin(o):
        raise PermissionDeniedError(
            "Only a server admin can set the server language.", code="not_admin"
        )
    current = await service.store.get_guild_settings(int(guild))
    await service.store.put_guild_settings(replace(current, locale=str(chosen)))
    return str(chosen)


async def _undo(service: Service, user: UserId, o: Options) -> Reply:
    gid = await resolve_game(service, user, o)
    return await service.undo(gid, user, None if o.get("all") else 1)


async def _takeback(service: Service, user: UserId, o: Options) -> Reply:
    return await service.takeback(await resolve_game(service, user, o), user)


async def _answer(service: Service, user: UserId, o: Options) -> Reply:
    gid = await resolve_game(service, user, o)
    accept = o.get("accept", True)
    return await service.answer(gid, user, required_str(o, "request"), bool(accept))


async def _abort(service: Service, user: UserId, o: Options) -> Reply:
    return await service.vote_abort(await resolve_game(service, user, o), user)


async def _pause(service: Service, user: UserId, o: Options) -> Reply:
    hours = o.get("hours")
    gid = await resolve_game(service, user, o)
    return await service.pause(gid, user, None if hours is None else float(hours))


async def _resume(service: Service, user: UserId, o: Options) -> Reply:
    return await service.resume(await resolve_game(service, user, o), user)


async def _rematch(service: Service, user: UserId, o: Options) -> Reply:
    return await service.rematch(await resolve_game(service, user, o), user)


async def _resign(service: Service, user: UserId, o: Options) -> Reply:
    return await service.resign(await resolve_game(service, user, o), user)


async def _invite(service: Service, user: UserId, o: Options) -> Reply:
    gid = await resolve_game(service, user, o)
    return await service.invite(gid, user, required_str(o, "user"))


async def _cancel(service: Service, user: UserId, o: Options) -> Reply:
    gid = await resolve_game(service, user, o, seated=not admin(o))
    return await service.cancel(gid, user, await admin_over(service, gid, o))


def shared_commands() -> tuple[Command, ...]:
    """Every top-level command except /help (which lists the catalogue it belongs to)."""
    g = game_option()
    keys = tuple(p.key for p in installed() if p.profile_choice)
    which = opt("game", "choice", "Which game (default: the first listed)", choices=keys)
    return (
        Command("games", "Your open games and which wait for you", _games),
        Command("board", "Show a game's board (anyone may look)", _board, (g,), answers=BOARD),
        Command("hand", "Show your private hand panel", _hand, (g,), answers=PANEL),
        Command("history", "A game's move log", _history,
                (g, opt("last", "int", "How many lines (default 40)", min_value=1)),
                answers=PUBLIC_REPLY),
        Command("replay", "Replay a game move by move", _replay,
                (g, opt("step", "int", "Show this move with its board", min_value=1)),
                answers=BOARD),
        Command("verify", "Dice audit of any game: the commitment; the seed once it is over",
                _verify, (g,)),
        Command("profile", "A player's rating, games and wins", _profile,
                (which, opt("user", "user", "Whose profile (default yours)")),
                answers=PUBLIC_REPLY),
        Command("leaderboard", "The best rated players", _leaderboard,
                (which, opt("top", "int", "How many (default 10)", min_value=1, max_value=25)),
                answers=PUBLIC_REPLY),
        Command("settings", "Your time zone, quiet hours and language", _settings,
                (opt("timezone", "str", "e.g. Europe/Prague"),
                 opt("quiet", "str", "Quiet hours, e.g. 22:00-08:00, or off"),
                 opt("language", "choice", "Language of messages", choices=LOCALES),
                 opt("notifications", "choice", "Hands and turn notices: dm, thread or off",
                     choices=NOTIFICATIONS),
                 opt("server_language", "choice", "Language of this server's game posts (admins)",
                     choices=LOCALES),
                 opt("server_channels", "str", "Channels games may be opened in, or any (admins)"),
                 opt("server_thread", "choice", "Default game thread visibility (admins)",
                     choices=THREADS),
                 opt("server_clock", "str", "Default turn clock, e.g. 48h, or off (admins)"),
                 opt("server_timezone", "str",
                     "Time zone for clock times typed here, e.g. Europe/Prague (admins)"))),
        Command("undo", "Undo your last move this turn", _undo,
                (opt("all", "bool", "Undo back to the start of your turn"), g)),
        Command("takeback", "Ask to take back your last turn", _takeback, (g,)),
        Command("answer", "Accept or decline a takeback, abort or pause", _answer,
                (opt("request", "choice", "What you answer", True, choices=REQUESTS),
                 opt("accept", "bool", "true to accept (default), false to decline"), g)),
        Command("abort", "Vote to abort the game (unrated)", _abort, (g,)),
        Command("pause", "Ask to pause the clocks", _pause,
                (opt("hours", "int", "For how long (default: until resumed)", min_value=1), g)),
        Command("resume", "Restart the clocks of a paused game", _resume, (g,)),
        Command("rematch", "Play again with the same players", _rematch, (g,), answers=REMATCH),
        Command("resign", "Resign a game", _resign, (g,)),
        Command("invite", "Invite someone to your lobby", _invite,
                (opt("user", "user", "Who to invite", True), g)),
        Command("cancel", "Cancel a lobby (host) or a game (admin)", _cancel, (g,)),
    )  # fmt: skip
