"""Hosting Warzone: the lobby profile, presenter, army lists, players' seeds, terrain choice.

Lists, seeds and the terrain live in the lobby's options (config "host"), so the game config
built at the start (`build_config`) carries them into the rules: `lists`, `terrain`, `rounds`
and `dice_salt` (bot.service.dice_audit.salt of the players' seeds).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.service.ai import Budget
from bot.service.dice_audit import salt
from bot.service.errors import LobbyError
from bot.service.presenters import Presenter, Say
from bot.service.profiles import HostProfile, Mode
from bot.service.summaries import describe_action
from bot.service.table import Host, Table, load_table
from games.base import GameError, Seat
from games.text import Text
from games.warzone import actions as a
from games.warzone import ai
from games.warzone.armylist import PRESETS, preset, validate
from games.warzone.codec import WarzoneCodec
from games.warzone.listtext import format_list, parse_list
from games.warzone.terrain import preset_names
from games.warzone.view import WarzoneView
from storage.records import GameStatus

KEY = "warzone"
ARMIES = tuple(sorted(PRESETS))
DEFAULT_ARMIES = ("capitol", "dark_legion")
ROUNDS = (3, 4, 5, 6)


def build_config(
    options: Mapping[str, Any], mode: str, roles: Sequence[str | None]
) -> dict[str, Any]:
    """The rules' config: each seat's list (submitted text, else its army preset), terrain, dice."""
    del mode
    lists = dict(options.get("lists", {}))
    chosen = []
    for seat, role in enumerate(roles):
        text = lists.get(str(seat))
        chosen.append(text if text else (role or DEFAULT_ARMIES[seat % 2]))
    config: dict[str, Any] = {"lists": chosen}
    for name in ("terrain", "rounds"):
        if options.get(name) is not None:
            config[name] = options[name]
    config["dice_salt"] = salt(dict(options.get("seeds", {})))
    return config


def army_name(key: str) -> str:
    """An army preset as players read it: its faction ("Dark Legion"), never its id."""
    try:
        return preset(key).faction
    except GameError:  # a role stored before its preset was renamed: the id is all we have
        return key


def timeout_pass(legal: Sequence[Any]) -> Any | None:
    """On a timeout: pass a sentry window, end the activation, else the first safe default."""
    for kind in (a.PassReaction, a.EndActivation, a.EndModel, a.KeepInitiative, a.ChooseSide,
                 a.Deploy, a.Activate):  # fmt: skip
        for action in legal:
            if isinstance(action, kind):
                return action
    return None


AI_BUDGETS = {
    "easy": ai.Budget(spots=4, shooting_spots=1),
    "normal": ai.Budget(),
    "hard": ai.Budget(spots=16, shooting_spots=3),
}
"""How many destinations each AI level weighs per move (games.warzone.ai)."""


def ai_choose(view: WarzoneView, legal: Sequence[Any], rng: random.Random, budget: Budget) -> Any:
    """AI seats: the Warzone opponent at the seat's level (deterministic, so rng is unused)."""
    del rng
    return ai.choose(view, legal, AI_BUDGETS.get(budget.level, ai.Budget()))


def profile() -> HostProfile:
    """The Warzone host profile."""
    return HostProfile(
        key=KEY,
        modes=(Mode("skirmish", (2,), "two players, 36 x 36 in, Relay Recovery"),),
        roles=ARMIES,
        role_label="army",
        role_name=army_name,
        unique_roles=False,
        options={"terrain": preset_names(), "rounds": ROUNDS},
        build_config=build_config,
        pass_action=timeout_pass,
        seat_options=("lists",),
        commit_first=True,
    )


PHASES = {
    "initiative": Text("initiative"), "initiative choice": Text("initiative choice"),
    "choose side": Text("choose side"), "deployment": Text("deployment"),
    "activation": Text("activation"), "reaction": Text("reaction"), "over": Text("over"),
}  # fmt: skip
"""A phase (games.warzone.state.Phase value) as players read it."""
MORALE = {"pinned": Text("pinned"), "broken": Text("broken")}
"""A squad's morale other than steady, as players read it."""


def _head(view: WarzoneView) -> Text:
    values: dict[str, object] = {
        "round": view.round, "last": view.last_round, "phase": PHASES.get(view.phase, view.phase),
        "vp0": view.vp[0], "vp1": view.vp[1], "res0": view.res_left[0], "res1": view.res_left[1],
    }  # fmt: skip
    if not view.active_squad:
        return Text(
            "Round {round}/{last}, {phase}; VP {vp0}-{vp1}, RES left {res0}|{res1}", **values
        )
    active = view.active_squad + (f" ({view.active_model})" if view.active_model else "")
    return Text(
        "Round {round}/{last}, {phase}; VP {vp0}-{vp1}, RES left {res0}|{res1}; active {active}",
        active=active,
        **values,
    )


def summary(view: WarzoneView) -> Text:
    """A few lines: round, VP, RES, the squads with their state, and the last log lines."""
    lines = [_head(view)]
    alive: dict[str, int] = {}
    for m in view.models:
        if m.alive:
            alive[m.squad] = alive.get(m.squad, 0) + 1
    for s in view.squads:
        flags = [MORALE.get(s.morale, s.morale)] if s.morale != "steady" else []
        flags += [Text("done")] if s.activated else []
        flags += [Text("with {squad}", squad=s.attached_to)] if s.attached_to else []
        flags += [s.policy] if s.policy else []
        values = {"key": s.key, "seat": s.seat, "name": s.name.split(" (")[0]}
        left = alive.get(s.key, 0)
        if flags:
            said = Text.joined(", ", flags)
            lines.append(Text.plural("  {key} seat {seat}: {name}, {count} left [{flags}]",
                                     "  {key} seat {seat}: {name}, {count} left [{flags}]",
                                     left, flags=said, **values))  # fmt: skip
        else:
            lines.append(Text.plural("  {key} seat {seat}: {name}, {count} left",
                                     "  {key} seat {seat}: {name}, {count} left",
                                     left, **values))  # fmt: skip
    return Text.lines(lines)


def _board_png(view: WarzoneView, say: Say = str) -> bytes:
    from rendering.warzone import table_png

    return table_png(view, say=say)


def describe(seat: Seat, action: Any) -> str:
    """A move as its order notation; a die roll (chance's) said in the reader's language."""
    if isinstance(action, a.Rolled):
        return Text("rolled {value}", value=action.value)
    return describe_action(WarzoneCodec(), seat, action)


PRESENTER = Presenter(summary=summary, board=_board_png, describe=describe)


# --- lobby: lists, seeds, terrain -------------------------------------------------------------


async def _lobby_seat(host: Host, game_id: int, user: int) -> tuple[Table, int]:
    table = await load_table(host, game_id)
    if table.record.status is not GameStatus.LOBBY:
        raise LobbyError("Lists, seeds and terrain are set before the start.", code="not_lobby")
    seat = table.seat_of(user)
    if seat is None:
        raise LobbyError("Take a seat in this lobby first.", code="not_seated")
    return table, seat


async def _save_options(host: Host, table: Table, options: dict[str, Any]) -> None:
    settings = replace(table.settings, options=options)
    await host.store.update_game(table.id, config={**table.record.config,
                                                   "host": settings.to_json()})  # fmt: skip
    host.cache.pop(table.id, None)


def read_list(text: str | None, name: str | None) -> tuple[str, Text]:
    """(list text to store, a report) for a submitted text list or a preset name."""
    if name:
        army = preset(name)
        raw = PRESETS[name]
        return format_list(raw), Text.plural("Preset {name}: {count} point.",
                                             "Preset {name}: {count} points.", army.points,
                                             name=name)  # fmt: skip
    assert text is not None
    # Discord options are one line: ';' or '|' separate squad lines
    lines = text.replace("|", "\n").replace(";", "\n")
    try:
        army = validate(parse_list(lines))
    except GameError as err:
        raise LobbyError(err.user_message, code="invalid_list") from None
    accepted = Text.plural("List accepted: {faction}, {count} point.",
                           "List accepted: {faction}, {count} points.", army.points,
                           faction=army.faction)  # fmt: skip
    notes = [Text("  note: {note}", note=n) for n in army.notes]
    return lines, Text.lines([accepted, *notes])


async def submit_list(
    host: Host, game_id: int, user: int, text: str | None, name: str | None
) -> Text:
    """Store a seat's army list (validated now, so the start cannot fail on it)."""
    table, seat = await _lobby_seat(host, game_id, user)
    if not text and not name:
        current = dict(table.settings.options.get("lists", {})).get(str(seat))
        role = next((r.role for r in table.seats if r.seat == seat), None)
        if current:
            return Text.verbatim(current)
        if role:
            return Text("No list submitted; you play the {preset} preset.", preset=role)
        return Text("No list submitted; you play the default preset.")
    stored, report = read_list(text, name)
    options = dict(table.settings.options)
    options["lists"] = {**dict(options.get("lists", {})), str(seat): stored}
    await _save_options(host, table, options)
    return Text.lines([Text("Seat {seat}: {report}", seat=seat, report=report), stored])


def check_seed(seed: str) -> None:
    """Refuse a dice seed no seat may add (checked before `/warzone setup` writes anything)."""
    if not 1 <= len(seed) <= 100:
        raise LobbyError("A seed is 1-100 characters.", code="bad_seed")


async def add_seed(host: Host, game_id: int, user: int, seed: str) -> Text:
    """Store a seat's own dice seed (mixed into every die of the game)."""
    table, seat = await _lobby_seat(host, game_id, user)
    check_seed(seed)
    options = dict(table.settings.options)
    options["seeds"] = {**dict(options.get("seeds", {})), str(seat): seed}
    await _save_options(host, table, options)
    return Text(
        "Seat {seat} added a dice seed; it is mixed into every die of game {game}.",
        seat=seat,
        game=game_id,
    )


async def set_terrain(host: Host, game_id: int, user: int, name: str) -> Text:
    """Choose the terrain preset (any seated player, before the start)."""
    table, _ = await _lobby_seat(host, game_id, user)
    if name not in preset_names():
        raise LobbyError(
            "Terrain presets: {presets}.", code="bad_option", presets=", ".join(preset_names())
        )
    await _save_options(host, table, {**dict(table.settings.options), "terrain": name})
    return Text("Game {game} will be played on {terrain}.", game=game_id, terrain=name)
