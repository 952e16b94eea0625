"""The `/warzone` group: lobby, lists and seeds, one command per kind of order, and table tools.

Orders become the codec's text (`/warzone shoot model:A2.1 targets:B2.3` plays "shoot A2.1
m50_assault_rifle B2.3"), so the rules check them like anything typed. Each order's reply is one
compact message: every new log line (each roll as target number, modifiers and result) and the
table image with the shot's sight rays or the move's path.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import bot.service.dice_audit as dice_audit
from bot.service.commands.hosting import extra_from, lobby_commands, play_commands
from bot.service.commands.sources import SOURCES, legal_values
from bot.service.commands.spec import (
    Command,
    Group,
    LegalShape,
    Option,
    Options,
    Suggestion,
    game_option,
    opt,
    required_str,
)
from bot.service.commands.which_game import resolve_game
from bot.service.errors import LobbyError
from bot.service.outbox import LobbyUpdate, Reply
from bot.service.plugins.warzone import hosting as host
from bot.service.plugins.warzone import play as wp
from bot.service.plugins.warzone.tools import tool_commands
from bot.service.table import load_table
from games.base import InvalidActionError
from games.text import Text
from games.warzone import actions as a
from games.warzone.state import Phase
from games.warzone.terrain import preset_names

if TYPE_CHECKING:
    from bot.service.service import Service, UserId

KEY = host.KEY
GROUP = "warzone"
SOURCES.update(dict.fromkeys(("wz_models", "wz_targets", "wz_weapons", "wz_squads"),
                             legal_values))  # fmt: skip
DO_WHAT = ("focus", "evade", "sentry", "pivot", "meleemove", "spot", "res", "ability", "join",
           "keep", "pass", "side", "pass-reaction")  # fmt: skip


async def _do_actions(ask: Any) -> list[Suggestion]:
    """The other actions, offered by autocomplete rather than as choices: Discord counts every
    choice's name and value against the group's 4000 characters."""
    del ask
    return [Suggestion(w, w) for w in DO_WHAT]


SOURCES["wz_do"] = _do_actions


def _words(*parts: object) -> str:
    return " ".join(str(p) for p in parts if p is not None and p != "" and p is not False)


def _points(text: str) -> tuple[tuple[float, float], ...]:
    out = []
    for word in text.replace(", ", ",").replace(";", " ").split():
        try:
            x, y = word.split(",")
            point = float(x), float(y)
            if not all(math.isfinite(v) for v in point):  # `nan` and `inf` parse as floats
                raise ValueError(word)
            out.append(point)
        except ValueError:
            raise InvalidActionError("{word} is not a point; write x,y like 12,7.5.",
                                     code="bad_point", word=repr(word)) from None  # fmt: skip
    if not out:
        raise InvalidActionError("Give at least one point x,y.", code="bad_point")
    return tuple(out)


def _model(state: Any, key: str) -> Any:
    """The model `key` names (a squad id or a typo is the player's error, not a crash)."""
    try:
        return state.model(key)
    except KeyError:
        raise InvalidActionError(
            "There is no model {model}; name one like A2.1 (squad A2, model 1).",
            code="unknown_model",
            model=key,
        ) from None


def _squad(state: Any, key: str) -> Any:
    """The squad `key` names."""
    try:
        return state.squad(key)
    except KeyError:
        raise InvalidActionError(
            "There is no squad {squad}; name one like A2.", code="unknown_squad", squad=key
        ) from None


async def _game(service: Service, user: UserId, o: Options, seated: bool = True) -> int:
    return await resolve_game(service, user, o, KEY, seated=seated)


def _order(name: str, description: str, options: tuple[Option, ...], build: Any,
           shape: tuple[tuple[type, ...], Any] | None = None) -> Command:  # fmt: skip
    """A command that plays one or more order texts with a compact report."""

    async def handler(service: Service, user: UserId, o: Options) -> Reply:
        gid = await _game(service, user, o)
        table = await load_table(service.host, gid)
        if table.state is None:
            raise LobbyError("Game {game} has not started yet.", code="not_started", game=gid)
        commands, sights, path = build(table.state, o)
        return await wp.act_report(service, gid, user, commands, sights, path)

    legal = LegalShape(*shape) if shape else None
    return Command(name, description, handler, (*options, game_option()), GROUP, legal)


def _as_reaction(state: Any, model: str, text: str) -> str:
    """A sentry's order typed while its reaction window is open is its reaction."""
    if state.phase is Phase.REACTION and model in state.reaction:
        return f"react {model} {text}"
    return text


def _shoot(state: Any, o: Options) -> tuple[list[str], tuple[tuple[str, str], ...], tuple[()]]:
    model = str(o["model"])
    m = _model(state, model)
    gun = o.get("weapon") or wp.first_gun(m)
    if o.get("at"):
        at = _points(str(o["at"]))[0]
        return [_words("blast", model, gun, f"{at[0]:g},{at[1]:g}")], (), ()
    targets = required_str(o, "targets").split()  # optional only beside `at`
    verb = "rapid" if o.get("rapid") else "shoot"
    text = _as_reaction(state, model, _words(verb, model, gun, *targets,
                                             "+res" if o.get("res") else None))  # fmt: skip
    return [text], tuple((model, t) for t in targets), ()


def _fight(state: Any, o: Options) -> tuple[list[str], tuple[()], tuple[()]]:
    model = str(o["model"])
    m = _model(state, model)
    from games.warzone.profiles import weapon

    gun = o.get("weapon") or next((k for k in m.weapons if weapon(k).kind in ("CC", "HG")),
                                  m.weapons[0])  # fmt: skip
    text = _words("fight", model, gun, *str(o["targets"]).split(), "+res" if o.get("res") else None)
    return [_as_reaction(state, model, text)], (), ()


def _move(state: Any, o: Options) -> tuple[list[str], tuple[()], tuple[tuple[float, float], ...]]:
    who = str(o["who"])
    path = _points(str(o["to"]))
    facing = f"@{o['facing']}" if o.get("facing") is not None else None
    if "." in who:
        m = _model(state, who)
        verb = "run" if o.get("run") else "walk"
        points = " ".join(f"{x:g},{y:g}" for x, y in path)
        return [_words(verb, who, points, facing)], (), (m.pos, *path)
    squad = who.upper()
    _squad(state, squad)
    commands = [] if state.active_squad == squad else [f"activate {squad}"]
    commands += wp.formation_orders(state, squad, path, bool(o.get("run")), o.get("target"))
    lead = state.model(state.squad(squad).commander)
    return commands, (), (lead.pos, *path)


def _deploy(state: Any, o: Options) -> tuple[list[str], tuple[()], tuple[()]]:
    squad = str(o["squad"]).upper()
    at = _points(str(o["at"]))
    seat = _squad(state, squad).seat
    facing = o.get("facing")
    if facing is None:
        facing = 90 if seat == state.south_seat else 270
    points = " ".join(f"{x:g},{y:g}" for x, y in at)
    return [_words("deploy", squad, points, o.get("formation") or "line", facing)], (), ()


def _do(state: Any, o: Options) -> tuple[list[str], tuple[()], tuple[()]]:
    what, model, value = str(o["what"]).strip().lower(), o.get("model"), o.get("value")
    if what not in DO_WHAT:
        raise InvalidActionError(
            "{what} is not one of the other actions: {actions}.", code="bad_option",
            what=repr(what), actions=", ".join(DO_WHAT),
        )  # fmt: skip
    if what in ("keep", "pass"):
        return [what], (), ()
    if what == "pass-reaction":
        return ["pass reaction"], (), ()
    if what == "side":
        return [_words("side", value or "south")], (), ()
    if not model:
        raise InvalidActionError("`{what}` needs model:", code="missing_option", what=what)
    if what in ("pivot", "meleemove", "spot", "ability", "join") and not value:
        raise InvalidActionError(
            "`{what}` needs value: (facing, points, target, ability or squad)",
            code="missing_option", what=what,
        )  # fmt: skip
    text = _words(what, model, value)
    return [_as_reaction(state, str(model), text) if what in ("focus", "evade") else text], (), ()


def _orders(state: Any, o: Options) -> tuple[list[str], tuple[()], tuple[()]]:
    flags = [None if o.get("guard", True) else "noguard", "resheal" if o.get("resheal") else None]
    text = _words("policy", str(o["squad"]).upper(), o.get("sentry") or "fire",
                  o.get("window") or "first", *flags)  # fmt: skip
    return [text], (), ()


def _values(**fields: str) -> Any:
    def values(action: Any, view: Any) -> Mapping[str, str]:
        del view
        out = {}
        for name, attr in fields.items():
            value = getattr(action, attr)
            out[name] = value[0] if isinstance(value, tuple) else str(value)
        return out

    return values


def order_commands() -> tuple[Command, ...]:
    """The orders of an activation (and of deployment and reactions)."""
    model = opt("model", "str", "A model, e.g. A2.1", True, autocomplete="wz_models")
    targets = opt("targets", "str", "Targets, space separated, primary first",
                  True, autocomplete="wz_targets")  # fmt: skip
    weapon = opt("weapon", "str", "Weapon id (default: first that fits)",
                 autocomplete="wz_weapons")  # fmt: skip
    res = opt("res", "bool", "Spend RES for RoA +1")
    squad = opt("squad", "str", "A squad, e.g. A2", True, autocomplete="wz_squads")
    return (
        _order("deploy", "Place a squad in formation in your zone",
               (squad, opt("at", "str", "Anchor x,y (or a point per model)", True),
                opt("formation", "choice", "Formation", choices=("line", "wedge")),
                opt("facing", "int", "Degrees (0 east, 90 north)", min_value=0,
                    max_value=359)), _deploy, ((a.Deploy,), _values(squad="squad"))),
        _order("activate", "Activate a squad", (squad,),
               lambda s, o: ([f"activate {str(o['squad']).upper()}"], (), ()),
               ((a.Activate,), _values(squad="squad"))),
        _order("move", "Walk or run a model or a whole squad to x,y (or waypoints)",
               (opt("who", "str", "Model (A2.1) or squad (A2)", True,
                    autocomplete="wz_models"),
                opt("to", "str", "x,y or waypoints x,y x,y", True),
                opt("run", "bool", "Run (AP 2, SP x2)"),
                opt("facing", "int", "Facing at the end", min_value=0, max_value=359),
                opt("target", "str", "Squad move: each model then shoots this model",
                    autocomplete="wz_targets")), _move,
               ((a.Walk, a.Run), _values(who="model"))),
        _order("shoot", "Shoot (rapid fire, or a blast at a point)",
               (model, replace(targets, required=False), weapon, res,
                opt("rapid", "bool", "Rapid Fire (AP 2)"),
                opt("at", "str", "Blast: template centre x,y")), _shoot,
               ((a.Shoot,), _values(model="model", weapon="weapon", targets="targets"))),
        _order("charge", "Charge an enemy in sight",
               (model, opt("target", "str", "The enemy", True, autocomplete="wz_targets")),
               lambda s, o: ([f"charge {o['model']} {o['target']}"], (), ()),
               ((a.Charge,), _values(model="model", target="target"))),
        _order("fight", "Close combat against engaged enemies", (model, targets, weapon, res),
               _fight, ((a.Fight,), _values(model="model", weapon="weapon", targets="targets"))),
        _order("do", "Other actions: focus, evade, sentry, pivot, RES, ability, join...",
               (opt("what", "str", "The action", True, autocomplete="wz_do"),
                replace(model, required=False),
                opt("value", "str", "Facing, points, target, ability, squad, side")), _do),
        _order("end", "End the model's activation (no model: the squad's)",
               (replace(model, required=False),),
               lambda s, o: ([_words("end", o.get("model"))], (), ())),
        _order("orders", "Standing sentry orders for a squad (used out of turn)",
               (squad, opt("sentry", "choice", "What sentries do", choices=("fire", "ask", "hold")),
                opt("window", "choice", "When they react", choices=("first", "before", "after")),
                opt("guard", "bool", "Guard (default true)"),
                opt("resheal", "bool", "Spend RES on Heal(+3) by itself")), _orders),
    )  # fmt: skip


def _with_commitment(command: Command) -> Command:
    """`new` also posts the dice commitment, before any player seed or die."""
    inner = command.handler

    async def handler(service: Service, user: UserId, o: Options) -> Reply:
        reply = await inner(service, user, o)
        if reply.game_id is None:
            return reply
        table = await load_table(service.host, reply.game_id)
        commitment = dice_audit.commitment_text(table)
        # Discord opens the lobby with the LobbyUpdate's text, not the reply's: both carry it
        messages = tuple(
            replace(m, text=Text.lines([m.text, commitment])) if isinstance(m, LobbyUpdate) else m
            for m in reply.messages
        )
        return Reply(Text.lines([reply.text, commitment]), messages, reply.game_id)

    return Command(command.name, command.description, handler, command.options, command.group,
                   command.legal, command.answers)  # fmt: skip


def group() -> Group:
    """The /warzone command group (25 subcommands: Discord's limit)."""
    extra = (
        opt("terrain", "choice", "Terrain preset", choices=preset_names()),
        opt("rounds", "int", "Game length in rounds (default 5)", min_value=3, max_value=6),
    )
    read = extra_from({"terrain": "terrain", "rounds": "rounds"})
    # No `challenge` here: Discord counts the whole group against 4000 characters, and
    # `/warzone new` followed by `/invite` does the same.
    lobby = tuple(
        _with_commitment(c) if c.name == "new" else c
        for c in lobby_commands(KEY, extra_options=extra, read_extra=read)
        if c.name != "challenge"
    )
    return Group(GROUP, "Warzone Resurrection skirmish: lists, orders, measuring, sight", KEY,
                 (*lobby, *tool_commands()[:2], *order_commands(), *tool_commands()[2:],
                  *play_commands(KEY)))  # fmt: skip
