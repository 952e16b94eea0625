"""`/warzone` tools: lists, seeds and terrain in the lobby; measure, sight, map, rules, verify."""

from __future__ import annotations

from typing import TYPE_CHECKING

import bot.service.dice_audit as dice_audit
from bot.service.commands.spec import Command, Options, game_option, opt
from bot.service.commands.which_game import resolve_game
from bot.service.outbox import PublicUpdate, Reply
from bot.service.plugins.warzone import hosting as host
from bot.service.plugins.warzone import play as wp
from bot.service.table import load_table
from games.base import InvalidActionError
from games.text import Text
from games.warzone.provenance import all_rules
from games.warzone.terrain import preset_names
from games.warzone.view import WarzoneView

if TYPE_CHECKING:
    from bot.service.service import Service, UserId

GROUP = "warzone"
SOURCE_NAMES = {"rulebook": "from the rulebook", "public": "from a public source",
                "gap-fill": "gap-fill, not from the rulebook"}  # fmt: skip
SOURCES_SAID = {
    "from the rulebook": Text("from the rulebook"),
    "from a public source": Text("from a public source"),
    "gap-fill, not from the rulebook": Text("gap-fill, not from the rulebook"),
}
"""A rule's provenance (abilities.Source values) as players read it."""
SECTIONS = {"core": Text("core"), "ability": Text("ability"), "weapon rule": Text("weapon rule"),
            "deployment": Text("deployment")}  # fmt: skip
"""The sections of `all_rules` as players read them."""


async def _game(service: Service, user: UserId, o: Options, seated: bool = True) -> int:
    return await resolve_game(service, user, o, host.KEY, seated=seated)


async def _list(service: Service, user: UserId, o: Options) -> Reply:
    gid = await _game(service, user, o)
    text = await host.submit_list(service.host, gid, service.user(user), o.get("text"),
                                  o.get("preset"))  # fmt: skip
    return Reply(text, (), gid)


async def _setup(service: Service, user: UserId, o: Options) -> Reply:
    gid = await _game(service, user, o)
    if o.get("seed"):
        host.check_seed(str(o["seed"]))  # both or neither: the terrain waits for a good seed
    lines: list[str] = []
    if o.get("terrain"):
        lines.append(await host.set_terrain(service.host, gid, service.user(user), o["terrain"]))
    if o.get("seed"):
        lines.append(await host.add_seed(service.host, gid, service.user(user), str(o["seed"])))
    table = await load_table(service.host, gid)
    lines.append(dice_audit.commitment_text(table))
    return Reply(Text.lines(lines), (), gid)


async def _view(service: Service, user: UserId, o: Options) -> tuple[int, WarzoneView]:
    gid = await _game(service, user, o, seated=False)
    table = await load_table(service.host, gid)
    if table.state is None:
        raise InvalidActionError("Game {game} has not started yet.", code="not_started", game=gid)
    return gid, wp.any_view(table)


async def _measure(service: Service, user: UserId, o: Options) -> Reply:
    from rendering.warzone import Overlay

    gid, view = await _view(service, user, o)
    text, ends = wp.measure_text(view, str(o["from"]), str(o["to"]))
    picture = wp.image(gid, "measure", view, Overlay(rings=False, measure=ends))
    return Reply(text, (PublicUpdate(gid, text, (picture,)),), gid)


async def _los(service: Service, user: UserId, o: Options) -> Reply:
    from rendering.warzone import Overlay

    gid, view = await _view(service, user, o)
    pairs = wp.sight_pairs(view, str(o["shooter"]), o.get("target"))
    text = Text.lines(wp.sight_lines(view, pairs))
    picture = wp.image(gid, "los", view, Overlay(rings=True, sights=tuple(pairs)))
    return Reply(text, (PublicUpdate(gid, text, (picture,)),), gid)


async def _map(service: Service, user: UserId, o: Options) -> Reply:
    from rendering.warzone import Overlay

    gid, view = await _view(service, user, o)
    zoom = None
    if o.get("zoom"):
        zoom = wp.zoom_window(view, str(o["zoom"]), float(o.get("size") or 12))
    text = host.summary(view)
    picture = wp.image(gid, "map", view, Overlay(zoom=zoom))
    return Reply(text, (PublicUpdate(gid, text, (picture,)),), gid)


def rules_text(source: str | None = None, name: str | None = None) -> Text:
    """Every rule with its tag, filtered by provenance and/or a name fragment."""
    wanted = SOURCE_NAMES.get(source or "")
    lines: list[str] = []
    for section, entry in all_rules():
        if wanted and entry.source.value != wanted:
            continue
        text = f"{entry.name} {entry.summary}".lower()
        if name and name.lower() not in text:
            continue
        lines.append(Text("[{source}] {section}: {name}: {summary}",
                          source=SOURCES_SAID[entry.source.value], section=SECTIONS[section],
                          name=entry.name, summary=entry.summary))  # fmt: skip
    if not lines:
        return Text("No rule matches.")
    counts = [
        Text.joined(" ", [str(sum(1 for _, e in all_rules() if e.source.value == v)),
                          SOURCES_SAID[v]])
        for v in SOURCE_NAMES.values()
    ]  # fmt: skip
    head = Text("Rules in play: {counts}", counts=Text.joined(", ", counts))
    return Text.lines([head, *lines])


async def _rules(service: Service, user: UserId, o: Options) -> Reply:
    del service, user
    return Reply(rules_text(o.get("source"), o.get("name")))


async def _verify(service: Service, user: UserId, o: Options) -> Reply:
    gid = await _game(service, user, o, seated=False)
    return Reply(await dice_audit.verify_text(service.host, gid), (), gid)


def tool_commands() -> tuple[Command, ...]:
    """Lobby setup and the table tools (anyone may measure and look)."""
    where = opt("from", "str", "A model (A2.1) or a point x,y", True, autocomplete="wz_models")
    return (
        Command("list", "Submit your army list as text, or pick a preset",
                _list, (opt("text", "str", "Squads split by ; e.g. 8 Light Infantry upgrade"),
                        opt("preset", "choice", "A preset force", choices=host.ARMIES),
                        game_option()), GROUP),
        Command("setup", "Lobby: choose the terrain, add your own dice seed, see the commitment",
                _setup, (opt("terrain", "choice", "Terrain preset", choices=preset_names()),
                         opt("seed", "str", "Your own seed, mixed into every die"),
                         game_option()), GROUP),
        Command("measure", "Distance between models or points (base to base)", _measure,
                (where, opt("to", "str", "A model or a point x,y", True,
                            autocomplete="wz_models"), game_option()), GROUP),
        Command("los", "Line of sight: draws the sight rays (all enemies without a target)", _los,
                (opt("shooter", "str", "The model looking", True, autocomplete="wz_models"),
                 opt("target", "str", "One target (default: all enemies)",
                     autocomplete="wz_targets"), game_option()), GROUP),
        Command("map", "The table, or a zoomed crop around a point, model or squad", _map,
                (opt("zoom", "str", "x,y, model (A2.1) or squad (B2)"),
                 opt("size", "int", "Window side in inches (default 12)", min_value=6,
                     max_value=36), game_option()), GROUP),
        Command("rules", "Every rule in play with its source: rulebook, public source, gap-fill",
                _rules, (opt("source", "choice", "Only this source",
                             choices=tuple(SOURCE_NAMES)),
                         opt("name", "str", "Part of a name, e.g. sentry")), GROUP),
        Command("verify", "Dice audit: the commitment now; the seed and every roll after the end",
                _verify, (game_option(),), GROUP),
    )  # fmt: skip
