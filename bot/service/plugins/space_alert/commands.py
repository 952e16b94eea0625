"""The `/space-alert` group: crew lobbies, private programming, lock-in, the campaign's breaks.

`/space-alert new crew:4 mission:random difficulty:yellow` opens a lobby (crew:1 flies solo and
starts at once); seats are the captain order (`join position:1` asks for the captain's seat).
Planning commands become the codec's text (`place 12 3 action on 5`), so the rules check them
like anything typed; their options autocomplete from the compact choices of
`games.space_alert.choices`, never from the full list of placements.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from bot.service.commands.hosting import (
    LEVELS,
    VS,
    fill_with_ai,
    lobby_commands,
    merge,
    move_commands,
    play_commands,
    profile_of,
    thread_option,
    words,
)
from bot.service.commands.place import game_here
from bot.service.commands.server import check_channel
from bot.service.commands.sources import SOURCES
from bot.service.commands.spec import (
    CONTEXT_CHANNEL,
    CONTEXT_GUILD,
    CONTEXT_SEED,
    Command,
    Group,
    Options,
    opt,
    parse_duration,
    required_str,
)
from bot.service.commands.which_game import check_kind
from bot.service.errors import LobbyError
from bot.service.outbox import LOBBY, SEATED, Reply
from bot.service.plugins.space_alert.hosting import KEY, PHASE_CLOCKS, mission_choices
from bot.service.plugins.space_alert.sources import SPACE_ALERT_SOURCES
from bot.service.profiles import LEAVER, LEAVER_CHOICES
from games import engine
from games.base import GameError
from games.registry import find_game
from games.space_alert.actions import (
    ClearSlot,
    FlyAgain,
    GiveCard,
    LeaveStoreEmpty,
    LockIn,
    PlaceCard,
    RepairBattlebots,
    RepairDamage,
    SkipRepair,
    StopCampaign,
)
from games.space_alert.state import DIFFICULTIES

if TYPE_CHECKING:
    from bot.service.service import Service, UserId

GROUP = "space-alert"
STORES = ("upper_blue", "lower_red")

SOURCES.update(SPACE_ALERT_SOURCES)


_action = move_commands(KEY, GROUP)


def _clock_seconds(text: str) -> int:
    seconds = parse_duration(text)
    if seconds not in PHASE_CLOCKS:
        shown = "5m, 10m, 15m, 20m, 30m, 45m, 1h, 2h, 3h, 4h, 6h, 8h, 12h, 18h, 1d-5d, 7d"
        raise LobbyError("A phase deadline is one of: {shown}.", code="bad_clock", shown=shown)
    return seconds


def _lobby_options(o: Options) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for name in ("mission", "difficulty", "normal", "serious"):
        if o.get(name):
            options[name] = str(o[name])
    for name in ("fifth_android", "campaign", "live"):
        if o.get(name) is not None:
            options[name] = bool(o[name])
    if o.get("clock"):
        options["phase_clock"] = _clock_seconds(str(o["clock"]))
    if o.get(LEAVER):
        options[LEAVER] = str(o[LEAVER])
    return options


def _check_mission(options: dict[str, Any], mode: str, crew: int) -> None:
    """Refuse a mission the rules cannot set up before its lobby exists (crew 1 with a fifth
    android, say): the players' seats do not change what is valid."""
    config = profile_of(KEY).build_config(options, mode, [None] * crew)
    try:
        engine.start(find_game(KEY).rules, config, crew, "check")
    except GameError as err:
        raise LobbyError(err.user_message, code="bad_config") from None


async def _new(service: Service, user: UserId, o: Options) -> Reply:
    await check_channel(service, o)
    crew = int(o.get("crew") or 4)
    mode = "solo" if crew == 1 else "crew"
    level = str(o.get("level") or "normal")
    if o.get("vs") == "ai" and level not in LEVELS:
        raise LobbyError("AI levels: {levels}.", code="bad_level", levels=", ".join(LEVELS))
    _check_mission(_lobby_options(o), mode, crew)
    created = await service.create(
        KEY,
        user,
        mode=mode,
        seats=crew,
        options=_lobby_options(o),
        rated=False,
        seed=o.get(CONTEXT_SEED),
        guild_id=o.get(CONTEXT_GUILD),
        channel_id=o.get(CONTEXT_CHANNEL),
    )
    assert created.game_id is not None
    if crew == 1:
        return merge(created, await service.start(created.game_id, user))
    if o.get("vs") == "ai":
        return merge(created, await fill_with_ai(service, created.game_id, user, level, KEY))
    return created


async def _join(service: Service, user: UserId, o: Options) -> Reply:
    gid = await game_here(service, user, o, required_str(o, "game"))
    await check_kind(service, gid, KEY)
    position = o.get("position")
    return await service.join(gid, user, None, None if position is None else int(position) - 1)


def lobby() -> tuple[Command, ...]:
    """new, join (with a captain-order position), leave, add-ai, start."""
    difficulty = "Deck difficulty: white, yellow or mixed"
    new_opts = (
        opt("crew", "int", "Players (1 = solo with four androids; 2-3 fly with androids)",
            min_value=1, max_value=5),
        opt("mission", "choice", "random (generated), official (one of 1-8) or a named one",
            choices=mission_choices()),
        opt("difficulty", "choice", difficulty, choices=DIFFICULTIES),
        opt("normal", "choice", "Normal threats only: " + difficulty, choices=DIFFICULTIES),
        opt("serious", "choice", "Serious threats only: " + difficulty, choices=DIFFICULTIES),
        opt("fifth_android", "bool", "Fly a fifth android (2-4 players)"),
        opt("campaign", "bool", "Up to three flights with damage carried over"),
        opt("live", "bool", "Real time: announcements and phases on the 10-minute clock"),
        opt("clock", "str", "Deadline per phase, e.g. 30m, 12h, 1d (late players lock in)"),
        opt(LEAVER, "choice", "If someone leaves: android flies on, or abort (lost)",
            choices=LEAVER_CHOICES),
        opt("vs", "choice", "ai: fill the seats with AI crew and start; open: wait", choices=VS),
        opt("level", "choice", "AI level (with vs:ai)", choices=LEVELS),
        thread_option(),
    )  # fmt: skip
    join_opts = (
        opt("game", "int", "Game number", True, autocomplete="open_lobbies", min_value=1),
        opt("position", "int", "Your place in captain order (1 = captain)", min_value=1,
            max_value=5),
    )  # fmt: skip
    shared = {c.name: c for c in lobby_commands(KEY)}
    return (
        Command("new", "Open a Space Alert crew lobby (crew:1 flies solo at once)", _new,
                new_opts, GROUP, answers=LOBBY),
        Command("join", "Take a seat in a crew lobby", _join, join_opts, GROUP, answers=SEATED),
        shared["leave"], shared["add-ai"], shared["start"],
    )  # fmt: skip


def _board_text(o: Options) -> str | None:
    return f"on {o['board']}" if o.get("board") is not None else None


def _on(a: Any) -> dict[str, str]:
    return {} if a.board is None else {"board": str(a.board + 1)}


def actions() -> tuple[Command, ...]:
    """Programming, lock-in and the decisions between campaign flights."""
    card = opt("card", "int", "A card in your hand", True, autocomplete="sa_cards", min_value=0)
    slot = opt("slot", "int", "Action slot (turn)", True, autocomplete="sa_slots", min_value=1,
               max_value=12)  # fmt: skip
    filled = opt("slot", "int", "A slot of this phase holding a card", True,
                 autocomplete="sa_filled", min_value=1, max_value=12)  # fmt: skip
    board = opt("board", "int", "Whose board (crew number; default your own)",
                autocomplete="sa_boards", min_value=1, max_value=5)  # fmt: skip
    half = opt("half", "choice", "Which half of the card", True, choices=("action", "move"))
    decks = tuple(opt(n, "choice", f"{n.capitalize()} threats: white, yellow or mixed", True,
                      choices=DIFFICULTIES) for n in ("normal", "serious"))  # fmt: skip

    def place_values(a: Any, v: Any) -> Mapping[str, str]:
        return {"card": str(a.card), "slot": str(a.slot), "half": a.half, **_on(a)}

    def repair_values(a: Any, v: Any) -> Mapping[str, str]:
        return {"what": "bots" if isinstance(a, RepairBattlebots) else f"{a.zone} {a.tile}"}

    return (
        _action("place", "Program a card into a slot", (card, slot, half, board),
                lambda o: words("place", o["card"], o["slot"], o["half"], _board_text(o)),
                (PlaceCard,), place_values),
        _action("clear", "Take a card back out of a slot", (filled, board),
                lambda o: words("clear", o["slot"], _board_text(o)), (ClearSlot,),
                lambda a, v: {"slot": str(a.slot), **_on(a)}),
        _action("give", "Data transfer: hand a card to another player",
                (card, opt("to", "int", "Crew number of the player", True, min_value=1,
                           max_value=5)),
                lambda o: words("give", o["card"], "to", o["to"]), (GiveCard,),
                lambda a, v: {"card": str(a.card), "to": str(a.to + 1)}),
        _action("lock", "Lock in your program for this phase", (), lambda o: "lock", (LockIn,),
                lambda a, v: {}),
        _action("fly", "Campaign: propose the next flight and its difficulty", decks,
                lambda o: words("fly", o["normal"], o["serious"]), (FlyAgain,),
                lambda a, v: {"normal": a.normal, "serious": a.serious}),
        _action("stop", "Campaign: propose to fly no more", (), lambda o: "stop",
                (StopCampaign,), lambda a, v: {}),
        _action("repair", "Campaign: repair one damage token or the battlebots",
                (opt("what", "str", "e.g. 'red reactor' or 'bots'", True,
                     autocomplete="sa_repairs"),),
                lambda o: words("repair", o["what"]), (RepairDamage, RepairBattlebots),
                repair_values),
        _action("skip", "Campaign: repair nothing", (), lambda o: "skip", (SkipRepair,),
                lambda a, v: {}),
        _action("empty", "Campaign: the battlebot store left empty",
                (opt("store", "choice", "Which store", True, choices=STORES),),
                lambda o: words("empty", o["store"]), (LeaveStoreEmpty,),
                lambda a, v: {"store": a.station}),
    )  # fmt: skip


def group() -> Group:
    """The /space-alert group."""
    commands = (*lobby(), *actions(), *play_commands(KEY))
    return Group(GROUP, "Space Alert: crew lobbies and planning", KEY,
                 commands)  # fmt: skip
