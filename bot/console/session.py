"""One console session: who is typing, which game is in focus, and the answer to each line."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import timedelta
from pathlib import Path
from typing import Any, Protocol

from bot.console import panel as panels
from bot.console.parse import check_digits, clean_line, option_word, parse_command
from bot.console.plugin import ConsolePlugin, ConsolePlugins, Mode
from bot.console.plugins.registry import builtin
from bot.console.show import Images, league_lines, messages_lines, reply_lines
from bot.service import GameOver, Message, Reply, Service
from bot.service.commands import (
    CONTEXT_ADMIN,
    CONTEXT_GAME,
    CONTEXT_SEED,
    catalogue,
    dispatch,
    help_text,
)
from bot.service.commands.frontend import humans, place
from bot.service.commands.hosting import group_name
from bot.service.commands.spec import parse_duration
from bot.service.deadlines import zone
from bot.service.i18n import localise, pick
from bot.service.leagues import LeagueReply, LeagueService
from bot.service.moments import Moment, in_zone
from bot.service.outbox import LOBBY
from bot.service.parcels import LEAGUE_MESSAGES, CatchUp, Outgoing
from games.base import GameError
from games.text import Text

log = logging.getLogger(__name__)

DEFAULT_USER = "you"
LEAGUE_GROUP = "league"
MAX_LEAGUE_TICKS = 64
"""League ticks in a row at most (AI tables end as they start, pairing the next round)."""
CONSOLE_HELP = Text.lines(
    [
        Text("Console only:"),
        Text("  /as NAME        act as another local player (hot-seat)"),
        Text("  /game N         put game N in focus (commands without game:N use it)"),
        Text("  /wait 2h        let time pass (15m, 24h, 2d) and deliver what falls due"),
        Text("  /tick           deliver reminders, timeouts and digests that are due now"),
        Text("  /seed TEXT      new games get this seed (reproducible scripts)"),
        Text("  /export [N]     write a game's JSON record and final board to the output folder"),
        Text("  /panel [N]      your panel in the game in focus; /panel N picks its entry N"),
        Text("  /quit           leave"),
        Text("Text without a slash is played in the game in focus: place runner C3 2"),
    ]
)


class Advancing(Protocol):
    """A clock the console can move forward (FakeClock, or the real clock plus an offset)."""

    def now(self) -> Any:
        """The current time."""
        ...

    def advance(self, delta: timedelta) -> Any:
        """Move forward by `delta`."""
        ...


@dataclass(frozen=True, slots=True)
class Answer:
    """What the console prints for one line, and whether it should stop."""

    text: str
    stop: bool = False


class Session:
    """Reads lines, dispatches them through the command catalogue, and formats the replies."""

    def __init__(
        self,
        service: Service,
        images: Images,
        clock: Advancing | None = None,
        user: str = DEFAULT_USER,
        remember: Callable[[str], None] | None = None,
        language: str = "en",
        plugins: Sequence[ConsolePlugin] | None = None,
    ) -> None:
        self.service = service
        self.language = language
        """The language of users with no /settings language (MUSTER_LOCALE)."""
        self.say: Callable[[str], str] = lambda text: localise(text, language)
        self.images = images
        images.language = language
        self.clock = clock
        self.user = user
        self.operator = user
        """Who sits at the keyboard: they administrate the console's leagues (guild 0)."""
        self.focus: int | None = None
        self.plugins = ConsolePlugins(builtin() if plugins is None else plugins)
        """The games' own replies (default: the shipped games' console plug-ins)."""
        self.in_play: Mode | None = None
        """What the last reply put in play (a puzzle try): bare text and /panel go to it."""
        self.seed: str | None = None
        self.seeds_used = 0
        self._remember = remember or (lambda name: None)
        self._shown: list[Outgoing] = []
        """Messages printed since the last line, marked delivered in the outbox after it."""
        self.internal_errors = 0
        """Lines that ended in an internal error (a script run then exits non-zero)."""
        self.last_internal = ""
        self.shown_panel: panels.Shown | None = None
        """The panel /panel printed last (what /panel N picks from)."""
        self.service.user(user)

    @property
    def prompt(self) -> str:
        """The prompt: who acts, and the game in focus."""
        game = f" #{self.focus}" if self.focus is not None else ""
        return f"{self.user}{game}> "

    def names(self, user_id: int) -> str:
        """A user's name in printed messages."""
        return self.service.host.name(user_id)

    def _print(self, reply: Reply) -> str:
        if reply.game_id is not None:
            self.focus = reply.game_id
        self.in_play = self.plugins.mode(reply)
        self._shown += reply.messages
        if isinstance(reply, LeagueReply):  # printed too (written with the league's change)
            self._shown += reply.league
        return "\n".join(reply_lines(reply, self.names, self.images, self.say, self.plugins))

    async def _delivered(self) -> None:
        """The console delivers by printing: what it printed is marked sent in the outbox."""
        shown, self._shown = self._shown, []
        postbox = self.service.postbox
        await postbox.delivered_all(await postbox.publish(shown))

    async def _left_over(self) -> list[str]:
        """Messages an earlier run wrote but never printed (it stopped before it could)."""
        postbox = self.service.postbox
        lines: list[str] = []
        for parcel in await postbox.claim():
            message = parcel.message
            if isinstance(message, CatchUp):
                lines += messages_lines(
                    await postbox.told(message), self.names, self.images, self.say
                )
            elif isinstance(message, LEAGUE_MESSAGES):
                lines += league_lines(message, self.names, self.images, "", self.say)
            else:
                lines += messages_lines([message], self.names, self.images, self.say)
            await postbox.delivered(parcel)
        return lines

    async def _listen(self) -> None:
        """Say everything from now on in the acting user's language, moments in their zone."""
        settings = await self.service.store.get_user_settings(self.service.user(self.user))
        lang, moments = pick(settings.locale, self.language), in_zone(zone(settings))
        self.say = lambda text: localise(text, lang, moments)
        self.images.language = lang

    def _context(self) -> dict[str, Any]:
        context: dict[str, Any] = {}
        if self.focus is not None:
            context[CONTEXT_GAME] = self.focus
        if self.seed is not None:
            # Each new game of a script gets its own reproducible seed.
            context[CONTEXT_SEED] = f"{self.seed}:{self.seeds_used}"
        return context

    async def handle(self, line: str) -> Answer:
        """The answer to one line (errors a user can cause come back as text)."""
        text = clean_line(line).strip()
        if not text or text.startswith("#"):
            return Answer("")
        try:
            check_digits(text)
            await self._listen()
            answer = await self._handle(text)
            # A /settings language:xx answers in the language it chose.
            await self._listen()
        except GameError as err:
            error = Text("Error ({code}): {message}", code=err.code, message=err.user_message)
            return Answer(self.say(error))
        except Exception as err:  # the console keeps running; the log has the trace
            log.exception("console command failed: %s", text)
            self.internal_errors += 1
            self.last_internal = f"{type(err).__name__}: {err}"
            error = Text("Internal error: {error}", error=f"{type(err).__name__}: {err}")
            return Answer(self.say(error))
        due = await self.deliver_due()
        await self._delivered()
        return Answer("\n".join(t for t in (self.say(answer.text), due) if t), answer.stop)

    async def deliver_due(self) -> str:
        """Reminders, timeouts, digests and league steps that fell due, as printed lines."""
        now = self.service.host.clock.now()
        messages = await self.service.tick(now)
        if messages:
            for message in messages:
                game = getattr(message, "game_id", None)
                if game is not None and self.focus is None:
                    self.focus = game
        self._shown += messages
        lines = await self._left_over()
        lines += messages_lines(messages, self.names, self.images, self.say)
        leagues = LeagueService(self.service)
        for _ in range(MAX_LEAGUE_TICKS):
            replies = await leagues.tick(now)
            for reply in replies:
                people = await self._people_only(reply)
                self._shown += [*people.messages, *people.league]
                lines += reply_lines(people, self.names, self.images, self.say, self.plugins)
            if not any(isinstance(m, GameOver) for r in replies for m in r.messages):
                break
        return "\n".join(lines)

    async def _people_only(self, reply: LeagueReply) -> LeagueReply:
        """A league reply without the move-by-move messages of tables only AI players sit at."""
        kept: list[Message] = []
        people: dict[int, bool] = {}
        for message in reply.messages:
            game = getattr(message, "game_id", None)
            if game is not None and game not in people:
                people[game] = bool(await humans(self.service, game))
            if game is None or people[game]:
                kept.append(message)
        # Tables of AI players only are not told move by move: nothing is left to send.
        shown = {id(m) for m in kept}
        await self.service.postbox.withdraw([m for m in reply.messages if id(m) not in shown])
        return replace(reply, messages=tuple(kept))

    async def _handle(self, text: str) -> Answer:
        if not text.startswith("/") and self.in_play is not None:
            text = f"{self.in_play.command}{text}"
        if not text.startswith("/"):
            routed = await self._with_options(text)
            if routed is None:
                return Answer(self._print(await self._play_text(text)))
            text = routed
        word, _, rest = text.partition(" ")
        local = self._console_command(word.lower(), rest.strip())
        if local is not None:
            answer: Answer = await local
            return answer
        parsed = parse_command(text, catalogue())
        options: dict[str, Any] = {**self._context(), **parsed.options}
        if parsed.command.group == LEAGUE_GROUP and self.user == self.operator:
            options[CONTEXT_ADMIN] = True
        reply = await dispatch(self.service, self.user, parsed.command, options)
        if parsed.command.name == "settings":
            await self._listen()  # the answer already speaks the language it chose
        if isinstance(reply, LeagueReply):
            reply = await self._people_only(reply)
        if reply.kind == LOBBY and self.seed is not None:
            self.seeds_used += 1
        if parsed.command.name == "help":
            topic = options.get("topic")
            return Answer(reply.text if topic else Text.lines([reply.text, CONSOLE_HELP]))
        return Answer(self._print(reply))

    async def _with_options(self, text: str) -> str | None:
        """Bare text with options (`hq C3 facing:9`) as the command it names, whose options are
        checked (`/neuroshima hq C3 facing:9`); None for a plain move."""
        if self.focus is None or not any(option_word(t) for t in text.split()):
            return None
        group = group_name((await self.service.store.get_game(self.focus)).game_key)
        if catalogue().find(f"{group} {text.split()[0].lower()}") is None:
            raise GameError(
                "Options (name:value) go with a command, e.g. /{group} place.",
                "unknown_option",
                group=group,
            )
        return f"/{group} {text}"

    async def _play_text(self, text: str) -> Reply:
        if self.focus is None:
            raise GameError(
                "No game in focus: start one (/help) or pick one with /game N.", "no_game"
            )
        where = await place(self.service, self.focus)
        command = catalogue().find(f"{group_name(where.game_key)} act")
        assert command is not None
        options = {**self._context(), "action": text, "game": self.focus}
        return await dispatch(self.service, self.user, command, options)

    def _console_command(self, word: str, arg: str) -> Any:
        handlers: dict[str, Callable[[str], Any]] = {
            "/as": self._as,
            "/game": self._game,
            "/wait": self._wait,
            "/tick": self._tick,
            "/seed": self._seed,
            "/export": self._export,
            "/panel": self._panel,
            "/quit": self._quit,
            "/exit": self._quit,
        }
        handler = handlers.get(word)
        return handler(arg) if handler else None

    async def _as(self, arg: str) -> Answer:
        name = arg.strip()
        if not name or name.startswith(("/", "-")) or ":" in name:
            return Answer(Text("Usage: /as NAME (a local player's name)"))
        self.service.user(name)  # refuses an id no store can keep before the switch
        self.user = name
        self._remember(name)
        waiting = await self.service.waiting(name)
        where = ", ".join(f"#{g.id}" for g in waiting)
        if where:
            return Answer(
                Text("Now acting as {player}. Your move in: {games}.", player=name, games=where)
            )
        return Answer(Text("Now acting as {player}.", player=name))

    async def _game(self, arg: str) -> Answer:
        gid = (await place(self.service, arg)).game_id
        self.focus = gid
        return Answer(Text("Game {game} is in focus.", game=gid))

    async def _wait(self, arg: str) -> Answer:
        if self.clock is None:
            return Answer(Text("This console's clock cannot be moved."))
        seconds = parse_duration(arg or "1h")
        now = self.clock.advance(timedelta(seconds=seconds))
        return Answer(Text("Time passes: it is now {now}.", now=Moment(now)))

    async def _tick(self, arg: str) -> Answer:
        del arg
        return Answer("")

    async def _seed(self, arg: str) -> Answer:
        self.seed = arg.strip() or None
        self.seeds_used = 0
        if self.seed:
            return Answer(Text("New games use seed {seed!r}.", seed=self.seed))
        return Answer(Text("Seeds are random."))

    async def _export(self, arg: str) -> Answer:
        gid = self.service.game(arg) if arg else self.focus
        if gid is None:
            return Answer(Text("Export which game? /export N"))
        data, final = await self.service.export(gid)
        folder = self.images.folder
        if folder is None:
            return Answer(json.dumps(data, indent=2, ensure_ascii=False))
        folder.mkdir(parents=True, exist_ok=True)
        path = Path(folder) / f"game{gid}.json"
        path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        lines: list[str] = [Text("Exported game {game}: {path}", game=gid, path=str(path))]
        lines += [self.images.image(i) for i in final]
        return Answer(Text.lines(lines))

    async def _panel(self, arg: str) -> Answer:
        if not arg.strip():
            self.shown_panel = await self._fresh_panel()
            return Answer("\n".join(self.shown_panel.lines))
        listed = self.shown_panel.entries if self.shown_panel else []
        number = int(arg) if arg.strip().isdigit() else 0
        if not 1 <= number <= len(listed):
            return Answer(Text("No entry {n} on this panel: /panel shows it again.", n=arg))
        entry = listed[number - 1]
        shown = await panels.pick(self.service, self.user, entry, self.images, self.say)
        self.shown_panel = shown if shown.entries else None
        lines = list(shown.lines)
        if shown.played is not None and shown.entries:  # a panel redrawn after the move
            lines.insert(0, self._print(shown.played))
        elif shown.played is not None:
            lines.append(self._print(shown.played))
        return Answer("\n".join(line for line in lines if line))

    async def _fresh_panel(self) -> panels.Shown:
        """The panel of what is in play (a puzzle try), else of the game in focus."""
        if self.in_play is not None:
            over, panel = await self.in_play.panel(self.service, self.user)
            return await panels.fresh(self.service, over, self.user, self.images, self.say,
                                      panel=panel)  # fmt: skip
        if self.focus is None:
            raise GameError(
                "No game in focus: start one (/help) or pick one with /game N.", "no_game"
            )
        return await panels.fresh(self.service, self.focus, self.user, self.images, self.say)

    async def _quit(self, arg: str) -> Answer:
        del arg
        return Answer(Text("Bye."), stop=True)


def help_overview() -> Text:
    """/help in the console: the catalogue's commands, then the console's own."""
    return Text.lines([help_text(), CONSOLE_HELP])
