"""The solo sniper mission on the host: profile, presenter texts and images, move descriptions.

Spectators see what the player sees (the defenders keep no secrets); what stays hidden is the
order deck, the face-down order card and the equipment deck, so chance results are described
without them (an order card drawn face down is "an order card").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.service.dice_audit import salt
from bot.service.errors import LobbyError
from bot.service.presenters import Presenter, Say
from bot.service.profiles import HostProfile, Mode
from bot.service.table import Host, Table
from games.base import CHANCE, Seat
from games.sniper_elite.actions import (
    EndTurn,
    EquipmentDealt,
    LootDrawn,
    ObjectivesDrawn,
    OrderDrawn,
    OrderRolled,
    OrdersDealt,
    Tiebreak,
    TokensDrawn,
)
from games.sniper_elite.board import BOARD_KEYS, Area
from games.sniper_elite.cards import equipment_titles
from games.sniper_elite.codec import format as format_action
from games.sniper_elite.model import ADVANTAGES, CHALLENGES, Token
from games.sniper_elite.view import SlotView, SniperView
from games.text import Text
from storage.records import GameStatus

KEY = "sniper_elite"
NO_CHALLENGE = "none"
CHALLENGE_CHOICES = (NO_CHALLENGE, *CHALLENGES)
LOG_LINES = 8


PHASES: dict[str, Text] = {
    "deal_orders": Text("deal orders"),
    "deal_equipment": Text("deal equipment"),
    "deal_objectives": Text("deal objectives"),
    "objective_discard": Text("objective discard"),
    "choose_entry": Text("choose entry"),
    "sniper": Text("sniper"),
    "shot": Text("shot"),
    "reward": Text("reward"),
    "loot_draw": Text("loot draw"),
    "loot_keep": Text("loot keep"),
    "tiebreak": Text("tiebreak"),
    "order_roll": Text("order roll"),
    "order_draw": Text("order draw"),
    "return_place": Text("return place"),
    "over": Text("over"),
}
"""The phase as the summary's first line names it."""


def _listed(items: Sequence[str], none: Text) -> Text:
    return Text.joined(", ", items) if items else none


def _objectives(view: SniperView) -> Text:
    done = set(view.completed)
    shown = [
        Text("{number} {title} (done)", number=n, title=title)
        if n in done
        else Text.verbatim(f"{n} {title}")
        for n, title in view.objectives
    ]
    return Text("Objectives: {objectives}.", objectives=Text.joined("; ", shown))


def _slot(slot: SlotView | None) -> Text:
    if slot is None:
        return Text("(empty)")
    if not slot.face_up:
        return Text("(face down)")
    return Text("{title}: {text}", title=slot.title, text=slot.text)


def summary(view: SniperView) -> Text:
    """The table as lines: round, position, objectives, defenders, orders, health, bag, gear."""
    phase = PHASES.get(view.phase) or Text.verbatim(view.phase.replace("_", " "))
    lines: list[str] = [
        Text(
            "Round {round}, {phase}. Sniper: {where}; last known area: {lka}.",
            round=view.round,
            phase=phase,
            where=view.sniper or Text("not on the board yet"),
            lka=Area(view.lka).word if view.lka else Text("none"),
        )
    ]
    if view.objectives:
        lines.append(_objectives(view))
    if view.probable:
        listed = ", ".join(map(str, view.probable))
        lines.append(Text("Probable objectives: {numbers}.", numbers=listed))
    placed = [
        Text("{defender} {space}", defender=d.name, space=d.space)
        for d in view.defenders
        if d.space
    ]
    away = [d.name for d in view.defenders if not d.space]
    on_board = _listed(placed, Text("none on the board"))
    lines.append(Text("Defenders: {defenders}.", defenders=on_board))
    if away:
        lines.append(Text("Off the board: {defenders}.", defenders=Text.joined(", ", away)))
    slots = Text.joined(" | ", [_slot(slot) for slot in view.slots])
    lines.append(Text("Order board: {slots}", slots=slots))
    lines.append(
        Text.plural(
            "Order deck: {count} card; {discarded} discarded.",
            "Order deck: {count} cards; {discarded} discarded.",
            view.order_deck_size,
            discarded=len(view.order_discard),
        )
    )
    stack = _listed([Token(t).word for t in view.health_stack], Text("empty"))
    lines.append(
        Text(
            "Health stack (bottom first): {stack}; {wounds}; {hits}.",
            stack=stack,
            wounds=Text.plural("{count} wound", "{count} wounds", view.wounds),
            hits=Text.plural(
                "{count} hit this turn", "{count} hits this turn", view.hits_this_turn
            ),
        )
    )
    bag = [Text("{count} {kind}", count=n, kind=Token(kind).word) for kind, n in view.bag]
    lines.append(Text("Bag: {tokens}.", tokens=Text.joined(", ", bag)))
    gear = [Text.verbatim(title) for _, title in view.equipment]
    lines.append(Text("Equipment: {cards}.", cards=_listed(gear, Text("none"))))
    if view.drawn:
        drawn = Text.joined(", ", [Token(t).word for t in view.drawn])
        lines.append(Text("Drawn for the shot: {tokens}.", tokens=drawn))
    if view.choices:
        lines.append(Text("Choose one of: {options}.", options=", ".join(view.choices)))
    lines += [Text.joined("", [Text.verbatim("  "), e.text]) for e in view.log[-LOG_LINES:]]
    if view.result is not None:
        verdict = (
            Text("Mission won: {reason}", reason=view.reason)
            if view.result == "won"
            else Text("Mission lost: {reason}", reason=view.reason)
        )
        lines.append(verdict)
    return Text.lines(lines)


def describe(seat: Seat, action: Any) -> str:
    """A move as the log and the channel read it; hidden cards stay unnamed."""
    if seat != CHANCE:
        return format_action(action)
    if isinstance(action, OrdersDealt):
        return Text("the order board is dealt")
    if isinstance(action, EquipmentDealt):
        return Text("equipment dealt: {cards}", cards=equipment_titles(action.cards))
    if isinstance(action, ObjectivesDrawn):
        return Text("objectives drawn: {numbers}", numbers=", ".join(map(str, action.numbers)))
    if isinstance(action, TokensDrawn):
        drawn = _listed([t.word for t in action.tokens], Text("none"))
        return Text("tokens drawn: {tokens}", tokens=drawn)
    if isinstance(action, LootDrawn):
        return Text("looted cards drawn: {cards}", cards=equipment_titles(action.cards))
    if isinstance(action, Tiebreak):
        return Text("a tie-break number is drawn")
    if isinstance(action, OrderRolled):
        return Text.plural(
            "the order die shows {count} chevron", "the order die shows {count} chevrons",
            action.chevrons,
        )  # fmt: skip
    if isinstance(action, OrderDrawn):
        return Text("an order card is drawn")
    return type(action).__name__


def presenter() -> Presenter:
    """The sniper presenter: the board while playing, the debrief image once it is over."""
    return Presenter(summary=summary, board=mission_png, describe=describe)


def mission_png(view: SniperView, say: Say = str) -> bytes:
    """The board, or the debrief once the mission is over (module-level: it pickles, so the
    process pool can draw it)."""
    from rendering.sniper_elite import board_png, delivery_png, mission_over_image

    if view.result is None:
        return board_png(view, say=say)
    return delivery_png(mission_over_image(view, say=say))


def pass_action(legal: Sequence[Any]) -> Any | None:
    """Past a deadline the turn ends; a pending choice takes its first option."""
    for action in legal:
        if isinstance(action, EndTurn):
            return action
    return legal[0] if legal else None


def build_config(
    options: Mapping[str, Any], mode: str, roles: Sequence[str | None]
) -> dict[str, Any]:
    """The rules' config: map, challenge ('none' plays without one), single modifiers, dice salt."""
    del roles
    config: dict[str, Any] = {"mode": mode, "map": options.get("map", BOARD_KEYS[0])}
    challenge = options.get("challenge")
    if challenge and challenge != NO_CHALLENGE:
        config["challenge"] = challenge
    if options.get("modifiers"):
        config["modifiers"] = sorted(options["modifiers"])
    seeds = dict(options.get("seeds", {}))
    if seeds:
        config["dice_salt"] = salt(seeds)
    return config


def modifier_names(advantages: bool) -> tuple[str, ...]:
    """The advantages (or disadvantages) of the officer challenges, in challenge order."""
    return tuple(
        m.value for mods in CHALLENGES.values() for m in mods if (m in ADVANTAGES) == advantages
    )


def read_modifiers(text: str | None, advantages: bool) -> list[str]:
    """A comma-separated list of advantages (or disadvantages), checked; raises on a stranger."""
    allowed = modifier_names(advantages)
    chosen: list[str] = []
    for word in (text or "").replace(";", ",").split(","):
        name = word.strip().lower().replace(" ", "_").replace("-", "_")
        if not name:
            continue
        if name not in allowed:
            known = ", ".join(allowed)
            raise LobbyError(
                Text("{name!r} is not an advantage; choose from: {known}.", name=name, known=known)
                if advantages
                else Text(
                    "{name!r} is not an disadvantage; choose from: {known}.", name=name, known=known
                ),
                code="bad_option",
            )
        if name not in chosen:
            chosen.append(name)
    return chosen


async def save_options(host: Host, table: Table, options: Mapping[str, Any]) -> None:
    """Store lobby options the profile's fixed choices cannot list (modifiers, the words)."""
    if table.record.status is not GameStatus.LOBBY:
        raise LobbyError(Text("Game {game} has already started.", game=table.id),
                         code="not_lobby")  # fmt: skip
    settings = replace(table.settings, options=dict(options))
    await host.store.update_game(table.id, config={**table.record.config,
                                                   "host": settings.to_json()})  # fmt: skip
    host.cache.pop(table.id, None)


def profile() -> HostProfile:
    """One mode, one seat; the map and the officer challenge are lobby options."""
    return HostProfile(
        key=KEY,
        modes=(Mode("solo", (1,), "one sniper against the defenders"),),
        options={"map": BOARD_KEYS, "challenge": CHALLENGE_CHOICES},
        build_config=build_config,
        pass_action=pass_action,
        commit_first=True,
    )
