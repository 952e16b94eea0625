"""The catalogue fuzz: every command of every game and of the host, as both front-ends call it.

A `World` is a Service over a real SQLite file with games of every kind in every life stage
(lobby, lobby with players' dice words, running, paused, pending request, someone else's turn,
over, cancelled, against the AI), four users (two seated players, another player, a stranger)
and a league. A step picks a command from `catalogue()`, a user, a server and a focus game,
fills the options with legal values (from `complete`, as autocomplete offers them), nearly legal
ones (a squad id for a model id, a hex off the board, ids of games of other kinds, ids >= 2^63)
and hostile strings, and runs it through `dispatch` exactly as Discord's runner does (or a line
through the console's Session). After each step it checks the invariants and counts breaches:

- internal: anything raised that is not a GameError (autocomplete included);
- unclear: a GameError without a code or without a message;
- changed: a rejected command that changed the store (any row of any table);
- replay: a game whose state differs from a full replay of its log.

`Chooser` hides where choices come from: hypothesis draws (the CI state machine) or a seeded
Random (tools/fuzz_catalogue.py's long run).
"""

from __future__ import annotations

import asyncio
import random
from datetime import timedelta
from pathlib import Path
from typing import Any

from bot.console.session import Session
from bot.console.show import Images
from bot.service import FakeClock, Service
from bot.service.commands import (
    CONTEXT_ADMIN,
    CONTEXT_CHANNEL,
    CONTEXT_GAME,
    CONTEXT_GUILD,
    CONTEXT_SEED,
    Command,
    Option,
    catalogue,
    complete,
    dispatch,
)
from bot.service.commands.hosting import group_name
from bot.service.commands.leagues import CONTEXT_ROLES
from bot.service.i18n import LANGUAGES, localise
from bot.service.leagues import LeagueService
from bot.service.table import load_table
from games.base import GameError
from games.registry import find_game
from storage.sqlite import SqliteStore
from tests.fuzz.checks import Replayed, Tally, replayed_state, same_state, store_fingerprint
from tests.fuzz.values import (
    BIG,
    GUILD,
    HOSTILE,
    NEARLY,
    OTHER_GUILD,
    USERS,
    Chooser,
    RandomChooser,
)

GROUPS = {g.game_key: g.name for g in catalogue().groups if g.game_key in ("neuroshima",
          "space_alert", "sniper_elite", "warzone")}  # fmt: skip


class World:
    """A service with games in every life stage, and the fuzz's step."""

    def __init__(self, folder: Path, choose: Chooser, tally: Tally | None = None) -> None:
        self.folder = folder
        self.path = folder / "fuzz.db"
        self.choose = choose
        self.tally = tally or Tally()
        self.clock = FakeClock()
        self.service: Service
        self.session: Session
        self.games: list[int] = []
        self.commands = catalogue().all()
        self.replayed: Replayed = {}
        self.seeds = 0

    # --- setting up ------------------------------------------------------------------------
    async def open(self) -> None:
        """The store, the console session and the games in every stage."""
        store = await SqliteStore.open(self.path, clock=self.clock.now)
        self.service = Service(store, self.clock)
        for name in USERS:
            self.service.user(name)
        self.session = Session(self.service, Images(None), self.clock, user="alice")
        await self._stages()

    async def close(self) -> None:
        """Close the store."""
        await self.service.close()

    async def _run(self, user: str, path: str, **options: Any) -> Any:
        command = catalogue().find(path)
        assert command is not None, path
        context = {CONTEXT_GUILD: GUILD, CONTEXT_CHANNEL: 1, CONTEXT_SEED: self._seed(), **options}
        reply = await dispatch(self.service, user, command, context)
        if reply.game_id is not None and reply.game_id not in self.games:
            self.games.append(reply.game_id)
        return reply

    async def _quiet(self, user: str, path: str, **options: Any) -> int | None:
        """A setup step; a refusal (a game whose rules do not allow it) is fine."""
        try:
            reply = await self._run(user, path, **options)
        except GameError:
            return None
        return reply.game_id  # type: ignore[no-any-return]

    async def _lobby(self, group: str, **options: Any) -> int | None:
        return await self._quiet("alice", f"{group} new", vs="open", **options)

    async def _running(self, group: str, **options: Any) -> int | None:
        gid = await self._lobby(group, **options)
        if gid is None:
            return None
        await self._quiet("bob", f"{group} join", game=gid)
        await self._quiet("alice", f"{group} start", game=gid)
        return gid

    async def _stages(self) -> None:
        for group in ("neuroshima", "space-alert", "warzone"):
            await self._lobby(group)  # lobby
            committed = await self._lobby(group)
            if committed is not None and group == "warzone":
                await self._quiet("bob", "warzone join", game=committed)
                await self._quiet("bob", "warzone setup", game=committed, seed="bob's words")
            running = await self._running(group)  # someone's turn, someone else's
            if running is not None:
                await self._advance(running, self.choose.number(5, 60))
            paused = await self._running(group)
            if paused is not None:
                await self._quiet("alice", "pause", game=paused, hours=48)
                await self._quiet("bob", "answer", game=paused, request="pause", accept=True)
            pending = await self._running(group)
            if pending is not None:
                await self._quiet("alice", "abort", game=pending)
            over = await self._running(group)
            if over is not None:
                await self._quiet("bob", "resign", game=over)
            cancelled = await self._lobby(group)
            if cancelled is not None:
                await self._quiet("alice", "cancel", game=cancelled)
            await self._quiet("carol", f"{group} new", vs="ai", level="easy")
        await self._quiet("carol", "sniper new")
        solo = await self._quiet("alice", "sniper new", map="pinecrest")
        if solo is not None:
            await self._quiet("alice", "sniper resign", game=solo)
        league = catalogue().find("league create")
        if league is not None:
            await self._quiet("alice", "league create", name="Night", _admin=True)
            await self._quiet("bob", "league join", league="Night")

    async def _advance(self, game: int, moves: int) -> None:
        """Play up to `moves` legal moves in a game (so it reaches its middle: deployed
        squads, tiles on the board, cards in program slots)."""
        for _ in range(moves):
            table = await load_table(self.service.host, game)
            if table.state is None or not table.record.status.is_open:
                return
            movers = [table.user_at(s) for s in table.to_act()]
            users = [u for u in USERS if self.service.user(u) in movers]
            if not users:
                return
            user = users[0]
            command = catalogue().find(f"{group_name(table.spec.key)} act")
            assert command is not None
            found = await complete(self.service, user, command, "action", {"game": game}, "")
            if not found:
                return
            action = self.choose.pick(found).value
            await self._quiet(user, command.path, game=game, action=action)

    # --- one step --------------------------------------------------------------------------
    async def step(self) -> None:
        """One fuzz step: a command (or console line, a legal move, or time passing), checked."""
        self.tally.steps += 1
        roll = self.choose.number(0, 99)
        if roll < 12:
            await self._play()
        elif roll < 15:
            await self._wait()
        elif roll < 22:
            await self._console()
        else:
            await self._command()

    def _context(self, command: Command) -> dict[str, Any]:
        c = self.choose
        context: dict[str, Any] = {}
        if c.chance(0.8):
            context[CONTEXT_GUILD] = c.pick((GUILD, GUILD, OTHER_GUILD))
            context[CONTEXT_CHANNEL] = c.pick((1, 2))
            context[CONTEXT_ROLES] = c.pick(((), (5,)))
        if c.chance(0.15):
            context[CONTEXT_ADMIN] = True
        if self.games and c.chance(0.5):
            context[CONTEXT_GAME] = c.pick(self.games)
        context[CONTEXT_SEED] = self._seed()
        del command
        return context

    def _seed(self) -> str:
        """A seed for the next new game: the same steps make the same games (so a failing
        example replays and shrinks)."""
        self.seeds += 1
        return f"fuzz:{self.seeds}"

    async def _value(
        self, user: str, command: Command, option: Option, given: dict[str, Any]
    ) -> Any:
        c = self.choose
        roll = c.number(0, 99)
        if roll < 55:
            try:
                found = await complete(self.service, user, command, option.name, given, "")
            except Exception as err:  # an autocomplete that crashes is an internal error too
                self.tally.internal(f"complete {command.path} {option.name} as {user}", err)
                found = []
            if found:
                value = c.pick(found).value
                if option.type == "str" and c.chance(0.2):
                    value = self._mutated(value)
                return _typed(option, value)
        if option.type == "int":
            return self._int(option)
        if option.type == "bool":
            return c.pick((True, False))
        if option.type == "user":
            return c.pick((*USERS, "<@99999999999999999999>", "12345", "", " ", "<@!5>", "0"))
        if option.type == "choice" and roll < 85:
            return c.pick(option.choices)
        return c.pick((*NEARLY, *NEARLY, *HOSTILE, *(str(g) for g in self.games or [1])))

    def _mutated(self, value: str) -> str:
        """A legal value with one word swapped for a nearly legal or hostile one."""
        words = value.split() or [""]
        i = self.choose.number(0, len(words) - 1)
        words[i] = self.choose.pick((*NEARLY, *HOSTILE))
        return " ".join(words)

    def _int(self, option: Option) -> Any:
        c = self.choose
        pool: list[Any] = [0, 1, 2, 3, 5, -1, 99, 12, *BIG]
        if option.min_value is not None:
            pool += [option.min_value, option.min_value - 1]
        if option.max_value is not None:
            pool += [option.max_value, option.max_value + 1]
        if option.name == "game":
            pool += list(self.games) * 3
        if c.chance(0.05):
            return c.pick(("7", "x", "", None, 1.5, True))
        return c.pick(pool)

    async def _options(self, user: str, command: Command) -> dict[str, Any]:
        c = self.choose
        options: dict[str, Any] = self._context(command)
        for option in command.options:
            if (option.required and c.chance(0.97)) or c.chance(0.35):
                options[option.name] = await self._value(user, command, option, dict(options))
        return options

    async def _command(self) -> None:
        c = self.choose
        command = c.pick(self.commands)
        user = c.pick(USERS)
        options = await self._options(user, command)
        what = f"/{command.path} {options!r} as {user}"
        await self._checked(what, lambda: dispatch(self.service, user, command, options))

    async def _console(self) -> None:
        c = self.choose
        command = c.pick(self.commands)
        user = c.pick(USERS)
        options = await self._options(user, command)
        words = [f"/{command.path}"]
        words += [f"{k}:{v}" for k, v in options.items() if not k.startswith("_")]
        if c.chance(0.2):
            local = c.pick(("/as", "/game", "/export", "/wait", "/seed"))
            games = (str(g) for g in self.games)
            words = [local, str(c.pick((*USERS, *games, *HOSTILE, *(str(b) for b in BIG))))]
        line = " ".join(words)
        self.session.user = user
        failures = self.session.internal_errors
        try:
            await self.session.handle(line)
        except Exception as err:  # Session.handle must answer every line
            self.tally.internal(f"console {line!r} as {user}", err)
            return
        if self.session.internal_errors > failures:
            self.tally.internal_errors += 1
            signature = f"console: {self.session.last_internal}"
            self.tally.first.setdefault(signature, f"console {line!r} as {user}")

    async def _checked(self, what: str, run: Any) -> None:
        before = store_fingerprint(self.path)
        touched = set(self.games)
        try:
            reply = await run()
        except GameError as err:
            self.tally.rejected += 1
            self.tally.codes[err.code] += 1
            try:  # the player reads it in their language: it must say something there too
                said = localise(err.user_message, self.choose.pick(LANGUAGES))
            except Exception as bad:  # a template its fields do not fill
                self.tally.internal(f"saying the refusal of {what}", bad)
                said = ""
            if err.code in ("", GameError.default_code) or not said.strip():
                self.tally.unclear += 1
                self.tally.first.setdefault(f"unclear {err.code!r}", what)
            if store_fingerprint(self.path) != before:
                self.tally.state_changes_on_rejection += 1
                self.tally.first.setdefault(f"changed on {err.code}", what)
            return
        except Exception as err:  # the invariant under test: nothing but GameError escapes
            self.tally.internal(what, err)
            return
        self.tally.accepted += 1
        game = getattr(reply, "game_id", None)
        if game is not None and game not in self.games:
            self.games.append(game)
        await self._check_replay(what, game if game in touched else None)

    async def _check_replay(self, what: str, game: int | None) -> None:
        ids = [game] if game is not None else []
        if self.games and self.choose.chance(0.1):
            ids.append(self.choose.pick(self.games))
        for gid in ids:
            try:
                pair = await replayed_state(self.service, gid, self.replayed)
            except Exception as err:  # a log that does not replay is as bad as a crash
                self.tally.internal(f"replay of game {gid} after {what}", err)
                continue
            if pair is not None and not same_state(*pair):
                self.tally.replay_mismatches += 1
                self.tally.first.setdefault(f"replay {gid}", what)

    async def _play(self) -> None:
        """A legal move by whoever is to act somewhere (so games reach their later stages)."""
        c = self.choose
        user = c.pick(USERS[:3])
        waiting = await self.service.waiting(user)
        if not waiting:
            return
        record = c.pick(waiting)
        group = group_name(record.game_key)
        command = catalogue().find(f"{group} act")
        if command is None:
            return
        given = {"game": record.id}
        found = await complete(self.service, user, command, "action", given, "")
        if not found:
            return
        options = {**given, "action": c.pick(found).value}
        what = f"/{command.path} {options!r} as {user}"
        await self._checked(what, lambda: dispatch(self.service, user, command, options))

    async def _wait(self) -> None:
        """Time passes: deadlines, timeouts, digests and league steps fall due."""
        hours = self.choose.pick((1, 6, 25, 73))
        now = self.clock.advance(timedelta(hours=hours))
        try:
            await self.service.tick(now)
            await LeagueService(self.service).tick(now)
        except Exception as err:  # ticks run unattended: a crash there is an internal error
            self.tally.internal(f"tick after {hours}h", err)


def _typed(option: Option, value: str) -> Any:
    """An autocomplete value as the front-end sends it (Discord types ints itself)."""
    if option.type == "int":
        try:
            return int(value)
        except ValueError:
            return value
    if option.type == "bool":
        return value.lower() == "true"
    return value


async def run_world(folder: Path, choose: Chooser, steps: int, tally: Tally) -> None:
    """`steps` fuzz steps on one fresh world."""
    world = World(folder, choose, tally)
    await world.open()
    try:
        for _ in range(steps):
            if tally.stopped:
                break
            await world.step()
    finally:
        await world.close()


def run(folder: Path, seed: int, steps: int, world_steps: int, tally: Tally) -> Tally:
    """`steps` steps on fresh worlds of `world_steps` steps each, counted into `tally`."""
    rng = random.Random(seed)
    done = 0
    n = 0
    while done < steps and not tally.stopped:
        chunk = min(world_steps, steps - done)
        where = folder / f"world{n}"
        where.mkdir(parents=True, exist_ok=True)
        asyncio.run(run_world(where, RandomChooser(rng), chunk, tally))
        for path in where.iterdir():
            path.unlink()
        where.rmdir()
        done += chunk
        n += 1
    return tally


__all__ = ["Chooser", "RandomChooser", "Tally", "World", "find_game", "run", "run_world"]
