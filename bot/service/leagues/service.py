"""LeagueService: what both front-ends call for league nights and seasons (plain ids in)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

import bot.service.leagues.opening as opening
import bot.service.leagues.organiser as organiser
from bot.service.ai import AI_USERS
from bot.service.deadlines import local
from bot.service.i18n import LANGUAGES, localise
from bot.service.leagues.advance import advance, ratings_of, start_now
from bot.service.leagues.config import LeagueError
from bot.service.leagues.messages import LeagueReply, combine
from bot.service.leagues.present import (
    ai_entrant_name,
    entrant_name,
    explained,
    log_line,
    standings_image,
    standings_text,
    table_lines,
    term,
)
from bot.service.leagues.results import leagues_of, load
from bot.service.leagues.state import (
    AI_BLOCK,
    CHECKED_IN,
    JOINED,
    LEFT,
    LINKED,
    LeagueState,
    is_ai_entrant,
)
from games.text import Text
from storage.leagues import LeagueHead, LeagueStatus, NewLeagueEvent

if TYPE_CHECKING:
    from bot.service.service import Service, UserId

CONSOLE_GUILD = 0
"""The guild id of leagues outside Discord (the console)."""


@dataclass(frozen=True, slots=True)
class Caller:
    """Who asks: a user, whether the front-end says they administrate, and their role ids."""

    user: int
    admin: bool = False
    roles: tuple[int, ...] = ()


class LeagueService:
    """League nights and seasons over the host service's store and clock."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.host = service.host

    def caller(self, user: UserId, admin: bool = False, roles: tuple[int, ...] = ()) -> Caller:
        """A Caller from a front-end's user reference."""
        return Caller(self.service.user(user), admin, roles)

    def now(self) -> datetime:
        """The host clock's time."""
        return self.host.clock.now()

    # --- finding ---------------------------------------------------------------------------
    async def find(self, guild: int, league: int | str | None, user: UserId | None = None) -> int:
        """A league id from an id ('#3'), a name, or (None) the guild's only open league."""
        heads = await leagues_of(self.host).guild_leagues(guild)
        if league is not None:
            text = str(league).strip().lstrip("#")
            for head in heads:
                if head.name.lower() == text.lower() or (text.isdecimal() and head.id == int(text)):
                    return head.id
            raise LeagueError(
                "There is no league {league!r} here.", code="no_league", league=league
            )
        open_ = [h for h in heads if h.status.is_open]
        if len(open_) == 1:
            return open_[0].id
        if user is not None and open_:
            uid = self.service.user(user)
            mine = [h for h in open_ if uid in await self.host.store.league_members(h.id)]
            if len(mine) == 1:
                return mine[0].id
        if not open_:
            raise LeagueError("No league is open here; /league create starts one.", "no_league")
        names = ", ".join(h.name for h in open_)
        raise LeagueError(
            "Several leagues are open ({names}); say which.", code="which_league", names=names
        )

    async def state(self, league_id: int) -> LeagueState:
        """The folded league."""
        return await load(self.host, league_id)

    # --- creating and signing up -----------------------------------------------------------
    async def create(
        self, caller: Caller, guild: int, name: str, game: str, *,
        channel: int | None = None, **options: Any,
    ) -> LeagueReply:  # fmt: skip
        """Create a league (see LeagueConfig for the options); organisers only where set."""
        return await opening.create(
            self.host, caller, guild, name, game, channel=channel, now=self.now(), **options
        )

    async def join(self, league_id: int, user: UserId) -> LeagueReply:
        """Sign up (before the start; later only in Swiss leagues that take late joiners)."""
        uid = self.service.user(user)
        state = await self.state(league_id)
        if state.entrant_of(uid) is not None or uid in state.entrants:
            raise LeagueError("You are already in this league.", code="already_in")
        joined = Text(
            "{player} joined {league}.", player=self.host.name(uid), league=state.head.name
        )
        return await self._enter(state, uid, uid, joined)

    async def add_ai(self, league_id: int, caller: Caller, level: str = "easy") -> LeagueReply:
        """Enter an AI player (organisers); AI tables are unrated."""
        state = await self.state(league_id)
        await organiser.require(self.host, state, caller)
        if level not in AI_USERS:
            raise LeagueError("AI levels: {levels}.", code="bad_level", levels=", ".join(AI_USERS))
        taken = [(-e) // AI_BLOCK for e in state.entrants if is_ai_entrant(e)]
        number = max(taken, default=0) + 1
        entrant = -(AI_BLOCK * number - AI_USERS[level])
        joined = Text("{player} joined.", player=ai_entrant_name(-AI_USERS[level], number))
        return await self._enter(state, entrant, caller.user, joined)

    async def _enter(self, state: LeagueState, entrant: int, actor: int, text: Text) -> LeagueReply:
        cfg = state.config
        if state.phase == "running" and not (cfg.late_join and cfg.format == "swiss"):
            raise LeagueError("This league has started and takes no late joiners.", "started")
        if state.phase in ("finished", "cancelled"):
            raise LeagueError("This league is over.", code="league_over")
        data = {"entrant": entrant, "checked_in": state.checkin_open or is_ai_entrant(entrant)}
        await leagues_of(self.host).append_league(
            state.id, state.version, [NewLeagueEvent(JOINED, data, actor)]
        )
        if not is_ai_entrant(entrant):
            await self.host.store.add_league_member(state.id, entrant)
        if state.phase == "running":
            text = Text.joined(" ", [text, Text("You play from the next round.")])
        return await self._after(state.id, LeagueReply(text, league_id=state.id))

    async def leave(self, league_id: int, user: UserId) -> LeagueReply:
        """Leave before the start, or withdraw during it (your open game is resigned)."""
        uid = self.service.user(user)
        state = await self.state(league_id)
        entrant = state.entrant_of(uid)
        if entrant is None or not entrant.active:
            raise LeagueError("You are not playing in this league.", code="not_in")
        if state.phase == "signup":
            await leagues_of(self.host).append_league(
                state.id, state.version, [NewLeagueEvent(LEFT, {"entrant": entrant.id}, uid)]
            )
            await self.host.store.remove_league_member(state.id, entrant.id)
            left = Text(
                "{player} left {league}.", player=self.host.name(uid), league=state.head.name
            )
            return LeagueReply(left, league_id=state.id)
        return await organiser.remove(self, state, Caller(uid), entrant.id, "withdrew", own=True)

    async def check_in(self, league_id: int, user: UserId) -> LeagueReply:
        """Confirm you are here (during the check-in window before the start)."""
        uid = self.service.user(user)
        state = await self.state(league_id)
        entrant = state.entrant_of(uid)
        if entrant is None:
            raise LeagueError("Join the league first.", code="not_in")
        if not state.checkin_open or state.phase != "signup":
            opens, now = state.config.checkin_opens, self.now()
            if opens is not None and opens > now and state.phase == "signup":
                # Said to the caller alone: in their own time zone.
                settings = await self.host.store.get_user_settings(uid)
                raise LeagueError(
                    "Check-in is not open. It opens {opens} ({wait:in}).",
                    code="checkin_closed",
                    opens=local(opens, settings),
                    wait=opens - now,
                )
            raise LeagueError("Check-in is not open.", code="checkin_closed")
        if entrant.checked_in:
            return LeagueReply(Text("You are checked in already."), league_id=state.id)
        await leagues_of(self.host).append_league(
            state.id, state.version, [NewLeagueEvent(CHECKED_IN, {"entrant": entrant.id}, uid)]
        )
        checked = Text("{player} checked in.", player=self.host.name(uid))
        return LeagueReply(checked, league_id=state.id)

    # --- looking ---------------------------------------------------------------------------
    async def standings(self, league_id: int) -> LeagueReply:
        """The standings with the current round's tables, as text and an image."""
        state = await self.state(league_id)
        ratings = await ratings_of(self.host, state)
        text = standings_text(self.host, state, ratings)
        return LeagueReply(
            text, (), None, (), state.id, images=(standings_image(self.host, state, ratings),)
        )

    async def pairings(self, league_id: int) -> LeagueReply:
        """The current round's tables."""
        state = await self.state(league_id)
        current = state.current()
        if current is None:
            none = Text("{league} has no round yet.", league=state.head.name)
            return LeagueReply(none, league_id=state.id)
        head = Text("{league}, round {round}:", league=state.head.name, round=current.number)
        lines = [Text("  {line}", line=line) for line in table_lines(self.host, state)]
        return LeagueReply(Text.lines([head, *lines]), league_id=state.id)

    async def pairing_why(self, league_id: int, round_no: int | None = None) -> LeagueReply:
        """Why a round was paired as it was (the pairing's own explanation, names filled in)."""
        state = await self.state(league_id)
        rnd = next((r for r in state.rounds if round_no in (None, r.number)), None)
        if round_no is None:
            rnd = state.current()
        if rnd is None:
            raise LeagueError("That round has not been paired.", code="no_round")
        text = Text.lines(explained(self.host, state, w) for w in rnd.why)
        return LeagueReply(text, league_id=state.id)

    async def log(self, league_id: int, last: int = 40) -> LeagueReply:
        """The league's log, readable by everyone."""
        state = await self.state(league_id)
        shown = [log_line(self.host, state, e) for e in state.events][-last:]
        head = Text("{league} log:", league=state.head.name)
        return LeagueReply(Text.lines([head, *shown]), league_id=state.id)

    async def archive(self, guild: int) -> LeagueReply:
        """Finished leagues and seasons of a server, newest first, with their winners."""
        heads: list[LeagueHead] = await leagues_of(self.host).guild_leagues(guild)
        done = [h for h in heads if h.status is LeagueStatus.FINISHED][::-1]
        if not done:
            return LeagueReply(Text("No league has finished here yet."))
        lines = [Text("Finished leagues:")]
        for head in done:
            state = await self.state(head.id)
            order = [int(e) for e in state.final.get("order", [])]
            winner = entrant_name(self.host, state, order[0]) if order else Text("nobody")
            lines.append(
                Text(
                    "  #{league} {name} ({kind}, {game}, {date:date}): won by {winner}",
                    league=head.id,
                    name=head.name,
                    kind=term(state.config.kind),
                    game=head.game_key,
                    date=head.updated,
                    winner=winner,
                )
            )
        return LeagueReply(Text.lines(lines))

    # --- organisers -------------------------------------------------------------------------
    async def start_now(self, league_id: int, caller: Caller) -> LeagueReply:
        """Start the league at once (organisers): check-ins count if the window opened."""
        state = await self.state(league_id)
        await organiser.require(self.host, state, caller)
        if state.phase != "signup":
            raise LeagueError("The league has already started.", code="started")
        return await start_now(self.host, state.id, self.now())

    async def pause(self, league_id: int, caller: Caller, reason: str = "") -> LeagueReply:
        """Pause pairing and the round clock."""
        state = await self.state(league_id)
        return await organiser.pause(self.host, state, caller, reason or "organiser's pause")

    async def resume(self, league_id: int, caller: Caller) -> LeagueReply:
        """Resume a paused league."""
        return await organiser.resume(self, await self.state(league_id), caller)

    async def remove(
        self, league_id: int, caller: Caller, user: UserId, reason: str = ""
    ) -> LeagueReply:
        """Remove a player (organisers)."""
        state = await self.state(league_id)
        entrant = self._entrant(state, user)
        return await organiser.remove(self, state, caller, entrant, reason or "removed")

    async def replace_player(
        self, league_id: int, caller: Caller, old: UserId, new: UserId, reason: str = ""
    ) -> LeagueReply:
        """Hand a player's place to someone else (organisers)."""
        state = await self.state(league_id)
        entrant = self._entrant(state, old)
        return await organiser.replace_entrant(
            self, state, caller, entrant, self.service.user(new), reason or "replaced"
        )

    async def report(
        self, league_id: int, caller: Caller, game: int, winner: UserId | None, reason: str
    ) -> LeagueReply:
        """Override a table's result (winner, or None for a draw), with a reason."""
        state = await self.state(league_id)
        who = None if winner is None else self.service.user(winner)
        return await organiser.report(self, state, caller, game, who, reason)

    async def adjudicate(
        self, league_id: int, caller: Caller, game: int | None = None, rule: str | None = None
    ) -> LeagueReply:
        """Adjudicate one table or all unfinished ones (rule: hq or draw; league's by default)."""
        state = await self.state(league_id)
        chosen = rule or state.config.adjudication
        return await organiser.adjudicate(self, state, caller, game, chosen)

    async def repair(self, league_id: int, caller: Caller, reason: str = "") -> LeagueReply:
        """Void and re-pair the current round (organisers; only before any result)."""
        state = await self.state(league_id)
        return await organiser.repair(self, state, caller, reason or "re-paired")

    async def setup(
        self, guild: int, caller: Caller, roles: list[int] | None, ratings: str | None
    ) -> LeagueReply:
        """Set the server's organiser roles and season-rating policy (admins)."""
        return LeagueReply(await organiser.setup(self.host, guild, caller, roles, ratings))

    def _entrant(self, state: LeagueState, user: UserId) -> int:
        # An AI entrant is named as any language says it ('AI easy 2', 'AI 2 (lehká)').
        text = str(user).strip().lower()
        for e in filter(is_ai_entrant, state.entrants):
            name = entrant_name(self.host, state, e)
            if text in {localise(name, lang).lower() for lang in LANGUAGES}:
                return e
        uid = self.service.user(user)
        found = state.entrant_of(uid)
        if found is None:
            raise LeagueError(
                "{player} is not in this league.", code="not_in", player=self.host.name(uid)
            )
        return found.id

    # --- front-end links -------------------------------------------------------------------
    async def link_event(self, league_id: int, event: str) -> None:
        """Remember the Discord Scheduled Event created for a league."""
        state = await self.state(league_id)
        await leagues_of(self.host).append_league(
            state.id, state.version, [NewLeagueEvent(LINKED, {"event": str(event)})]
        )

    async def bind_thread(self, game_id: int, thread_id: int) -> None:
        """Play a league table's game in the thread the front-end opened for it."""
        await self.host.store.update_game(game_id, thread_id=thread_id)
        self.host.cache.pop(game_id, None)

    # --- time ------------------------------------------------------------------------------
    async def tick(self, now: datetime | None = None) -> list[LeagueReply]:
        """Move every open league on (check-in, start, rounds, deadlines); call it periodically."""
        when = now or self.now()
        out: list[LeagueReply] = []
        after = 0
        while True:
            heads = await leagues_of(self.host).open_leagues(after_id=after)
            for head in heads:
                reply = await advance(self.host, head.id, when)
                if reply.text or reply.messages or reply.league:
                    out.append(reply)
            if len(heads) < 200:
                return out
            after = heads[-1].id

    async def _after(self, league_id: int, reply: LeagueReply) -> LeagueReply:
        moved = await advance(self.host, league_id, self.now())
        return combine([reply, moved], text=Text.lines(t for t in (reply.text, moved.text) if t))
