"""The `/sniper` group: a solo mission with auditable dice, its moves, records and leaderboard.

`/sniper new map:tidewater challenge:scout advantages:quiet_two` prepares the mission and posts
the commitment to the host's secret seed; `/sniper start seed:my lucky words` then mixes the
player's words into every draw and starts (see `bot.service.dice_audit`). Each action command
becomes the codec's text and autocompletes from the legal actions of the moment.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import bot.service.lobby as lobby
from bot.service.commands.hosting import (
    Values,
    move_commands,
    play_commands,
    thread_option,
    words,
)
from bot.service.commands.server import check_channel
from bot.service.commands.sources import SOURCES, Ask, legal_values
from bot.service.commands.spec import (
    CONTEXT_CHANNEL,
    CONTEXT_GAME,
    CONTEXT_GUILD,
    CONTEXT_SEED,
    Command,
    Group,
    Options,
    Suggestion,
    game_option,
    opt,
)
from bot.service.commands.which_game import resolve_game
from bot.service.dice_audit import commitment, keep_commitment, secret, seeds_of, table_audit
from bot.service.errors import (
    LobbyError,
    NoSuchGameError,
    PermissionDeniedError,
    RequestError,
)
from bot.service.outbox import LOBBY, LobbyUpdate, PublicUpdate, Reply
from bot.service.plugins.sniper_elite import records
from bot.service.plugins.sniper_elite.hosting import (
    CHALLENGE_CHOICES,
    KEY,
    NO_CHALLENGE,
    modifier_names,
    read_modifiers,
    save_options,
)
from bot.service.table import load_table
from games.sniper_elite.actions import (
    Complete,
    DiscardObjective,
    EndTurn,
    Enter,
    Equip,
    Keep,
    Loot,
    Move,
    Place,
    Reward,
    Shoot,
)
from games.sniper_elite.board import BOARD_KEYS
from games.text import Text
from storage.records import GameStatus

if TYPE_CHECKING:
    from bot.service.service import Service, UserId

GROUP = "sniper"
REWARDS = ("noise", "recoil", "precision")
LEGAL_SOURCES = ("sn_paths", "sn_targets", "sn_tokens", "sn_equipment", "sn_args", "sn_spaces",
                 "sn_objectives", "sn_cards", "sn_places")  # fmt: skip

MAX_WORDS = 100


async def _advantages(ask: Ask) -> list[Suggestion]:
    return _modifier_list(ask.prefix, modifier_names(True))


async def _disadvantages(ask: Ask) -> list[Suggestion]:
    return _modifier_list(ask.prefix, modifier_names(False))


def _modifier_list(typed: str, names: tuple[str, ...]) -> list[Suggestion]:
    """The list typed so far, extended by each modifier not in it yet that fits the last word."""
    *done, last = [w.strip() for w in typed.split(",")] if typed else [""]
    head = ",".join(w for w in done if w)
    return [
        Suggestion(value, value)
        for name in names
        if name not in done and name.startswith(last.lower())
        for value in [f"{head},{name}" if head else name]
    ]


SOURCES.update(dict.fromkeys(LEGAL_SOURCES, legal_values))
SOURCES.update({"sn_advantages": _advantages, "sn_disadvantages": _disadvantages})


_action = move_commands(KEY, GROUP)


async def _new(service: Service, user: UserId, o: Options) -> Reply:
    await check_channel(service, o)
    seed = str(o.get(CONTEXT_SEED) or secret())
    options = {"map": str(o.get("map") or BOARD_KEYS[0]),
               "challenge": str(o.get("challenge") or NO_CHALLENGE)}  # fmt: skip
    modifiers = [*read_modifiers(o.get("advantages"), True),
                 *read_modifiers(o.get("disadvantages"), False)]  # fmt: skip
    created = await service.create(
        KEY,
        user,
        mode="solo",
        seats=1,
        options=options,
        rated=False,
        seed=seed,
        guild_id=o.get(CONTEXT_GUILD),
        channel_id=o.get(CONTEXT_CHANNEL),
    )
    gid = created.game_id
    assert gid is not None
    if modifiers:
        table = await load_table(service.host, gid)
        await save_options(service.host, table, {**options, "modifiers": sorted(modifiers)})
    digest = await keep_commitment(service.host, await load_table(service.host, gid))
    note = Text(
        "Dice commitment (SHA-256 of the host's secret seed): {digest}. Now /sniper start "
        "begins the mission; give seed: your own words to mix them into every draw.",
        digest=digest,
    )
    # The commitment goes into the lobby message and, to stay unedited, the game's own thread.
    lobby = tuple(
        replace(m, text=Text.lines([m.text, note])) if isinstance(m, LobbyUpdate) else m
        for m in created.messages
    )
    return Reply(Text.lines([created.text, note]), (*lobby, PublicUpdate(gid, note)), gid)


async def _start(service: Service, user: UserId, o: Options) -> Reply:
    gid = await resolve_game(service, user, o, KEY)
    table = await load_table(service.host, gid)
    if table.settings.host_user != service.user(user):
        raise PermissionDeniedError(
            Text("Only the player who prepared mission {game} can start it.", game=gid),
            code="not_host",
        )
    words = str(o.get("seed") or "").strip()
    if not words:
        return await service.start(gid, user)
    if len(words) > MAX_WORDS:
        raise LobbyError(Text.plural("Your words are 1-{count} character.",
                                     "Your words are 1-{count} characters.", MAX_WORDS),
                         code="bad_seed")  # fmt: skip
    # The words are stored with the start itself: a refused start keeps the lobby as it was.
    options = {**table.settings.options, "seeds": {"0": words}}
    return await lobby.start(service.host, gid, service.user(user), options=options)


async def _finished_game(service: Service, user: UserId, o: Options) -> int:
    if o.get("game") is not None or o.get(CONTEXT_GAME) is not None:
        return await resolve_game(service, user, o, KEY, seated=False)
    uid = service.user(user)
    done = await service.store.finished_games(game_key=KEY, unrated_only=False, limit=5000)
    for record in reversed(done):
        if any(s.user_id == uid for s in await service.store.seats(record.id)):
            return record.id
    raise NoSuchGameError("You have no finished sniper mission to verify.", code="no_game")


async def _verify(service: Service, user: UserId, o: Options) -> Reply:
    gid = await _finished_game(service, user, o)
    table = await load_table(service.host, gid)
    if table.spec.key != KEY:
        raise RequestError(Text("Game {game} is not a sniper mission.", game=gid),
                           code="wrong_game")  # fmt: skip
    seed = table.record.seed
    if table.record.status is GameStatus.LOBBY or table.record.status.is_open:
        text = Text(
            "Game {game} is still running: its seed stays secret until the mission ends. "
            "Commitment: {digest}.",
            game=gid,
            digest=commitment(seed),
        )
        return Reply(text, (), gid)
    result = table_audit(table)
    words = seeds_of(table).get("0")
    said = Text("Your words: {words!r}.", words=words) if words else Text("You added no words.")
    head = Text("Game {game}: dice verification.", game=gid)
    return Reply(Text.lines([head, said, *result.lines()]), (), gid)


async def _records(service: Service, user: UserId, o: Options) -> Reply:
    who = service.user(o.get("user") or user)
    found = await records.missions(service.host, o.get(CONTEXT_GUILD))
    lines = records.personal(found, who)
    name = service.host.name(who)
    if not lines:
        return Reply(Text("{name} has no finished sniper missions here yet.", name=name))
    head = Text("Sniper records of {name}:", name=name)
    return Reply(Text.lines([head, *(Text.joined("", [Text.verbatim("  "), s]) for s in lines)]))


async def _leaderboard(service: Service, user: UserId, o: Options) -> Reply:
    del user
    map_key = str(o.get("map") or BOARD_KEYS[0])
    challenge = str(o.get("challenge") or "none")
    found = await records.missions(service.host, o.get(CONTEXT_GUILD))
    rows = records.best_by_player(found, map_key, challenge)[: int(o.get("top") or 10)]
    if not rows:
        return Reply(
            Text(
                "No finished missions on {map} ({challenge}) yet.",
                map=records.map_name(map_key),
                challenge=records.challenge_name(challenge),
            )
        )
    lines = [
        Text(
            "Sniper leaderboard, {map}, challenge {challenge} (best score per player):",
            map=records.map_name(map_key),
            challenge=records.challenge_name(challenge),
        )
    ]
    for rank, (m, games, wins) in enumerate(rows, start=1):
        lines.append(
            Text(
                "  {rank}. {player}: {score} (out alive, {objectives}, {rounds}, {hits};"
                " {wins} of {games} won)"
                if m.won
                else "  {rank}. {player}: {score} (lost, {objectives}, {rounds}, {hits};"
                " {wins} of {games} won)",
                rank=rank,
                player=service.host.name(m.user_id),
                score=m.score,
                objectives=Text.plural("{count} objective", "{count} objectives", m.objectives),
                rounds=records.rounds_left(m.rounds_left),
                hits=Text.plural("{count} hit", "{count} hits", m.hits),
                wins=wins,
                games=games,
            )
        )
    return Reply(Text.lines(lines))


def _values(**fields: str) -> Values:
    def values(action: Any, view: Any) -> Mapping[str, str]:
        del view
        found = {name: getattr(action, f) for name, f in fields.items()}
        return {k: "" if v is None else str(v) for k, v in found.items()}

    return values


def actions() -> tuple[Command, ...]:
    """One command per kind of sniper action and decision."""
    space = opt("space", "str", "A space, e.g. C4", True, autocomplete="sn_spaces")
    return (
        _action("move", "Move 1-3 spaces along a path", (opt("path", "str",
                "Spaces in order, e.g. B3,B4,C4", True, autocomplete="sn_paths"),),
                lambda o: words("move", o["path"]), (Move,),
                lambda a, v: {"path": ",".join(a.path)}),
        _action("shoot", "Shoot a defender, drawing tokens from the bag",
                (opt("target", "str", "The target's space", True, autocomplete="sn_targets"),
                 opt("tokens", "int", "Tokens to draw", True, autocomplete="sn_tokens",
                     min_value=1)),
                lambda o: words("shoot", o["target"], o["tokens"]), (Shoot,),
                _values(target="target", tokens="tokens")),
        _action("loot", "Loot the objective space you stand on", (), lambda o: "loot", (Loot,),
                lambda a, v: {}),
        _action("objective", "Complete the objective on your space", (), lambda o: "objective",
                (Complete,), lambda a, v: {}),
        _action("equip", "Use an equipment card",
                (opt("card", "str", "An equipment card", True, autocomplete="sn_equipment"),
                 opt("arg", "str", "Area or space the card needs", autocomplete="sn_args")),
                lambda o: words("equip", o["card"], o.get("arg")), (Equip,),
                _values(card="card", arg="arg")),
        _action("end", "End your turn (the defenders act)", (), lambda o: "end", (EndTurn,),
                lambda a, v: {}),
        _action("enter", "Choose your entry space", (space,), lambda o: words("enter", o["space"]),
                (Enter,), _values(space="space")),
        _action("discard", "Put back one of two objectives of the same colour",
                (opt("number", "int", "The objective", True, autocomplete="sn_objectives",
                     min_value=1, max_value=9),),
                lambda o: words("discard", o["number"]), (DiscardObjective,),
                _values(number="number")),
        _action("reward", "Choose the kill reward",
                (opt("kind", "choice", "The reward", True, choices=REWARDS),
                 opt("count", "int", "Recoil tokens to remove (1 or 2)", min_value=1,
                     max_value=2)),
                lambda o: words("reward", o["kind"], o.get("count")), (Reward,),
                _values(kind="kind", count="count")),
        _action("keep", "Keep one of the looted cards",
                (opt("card", "str", "The card", True, autocomplete="sn_cards"),),
                lambda o: words("keep", o["card"]), (Keep,), _values(card="card")),
        _action("place", "Where a returning defender stands",
                (opt("space", "str", "A space next to its iron cross", True,
                     autocomplete="sn_places"),),
                lambda o: words("place", o["space"]), (Place,), _values(space="space")),
    )  # fmt: skip


def group() -> Group:
    """The /sniper group."""
    new_opts = (
        opt("map", "choice", "The map", choices=BOARD_KEYS),
        opt("challenge", "choice", "An officer challenge (none by default)",
            choices=CHALLENGE_CHOICES),
        opt("advantages", "str", "Single advantages, comma-separated (e.g. quiet_two)",
            autocomplete="sn_advantages"),
        opt("disadvantages", "str", "Single disadvantages, comma-separated (e.g. far_scouts)",
            autocomplete="sn_disadvantages"),
        thread_option(),
    )  # fmt: skip
    start_opts = (opt("seed", "str", "Your own words, mixed into every dice draw"),
                  game_option())  # fmt: skip
    board_opts = (
        opt("map", "choice", "The map", choices=BOARD_KEYS),
        opt("challenge", "choice", "The officer challenge", choices=CHALLENGE_CHOICES),
        opt("top", "int", "How many (default 10)", min_value=1, max_value=25),
    )  # fmt: skip
    commands = (
        Command("new", "Prepare a solo sniper mission (posts the dice commitment)", _new,
                new_opts, GROUP, answers=LOBBY),
        Command("start", "Start your prepared mission, optionally with your own dice words",
                _start, start_opts, GROUP),
        *actions(),
        *play_commands(KEY),
        Command("verify", "Recompute every dice draw of a finished mission", _verify,
                (game_option("The mission (default: your last finished one)"),), GROUP),
        Command("records", "A player's best missions per map and challenge", _records,
                (opt("user", "user", "Whose records (default yours)"),), GROUP),
        Command("leaderboard", "Best solo scores on a map and challenge", _leaderboard,
                board_opts, GROUP),
    )  # fmt: skip
    return Group(GROUP, "Sniper Elite solo missions", KEY, commands)
