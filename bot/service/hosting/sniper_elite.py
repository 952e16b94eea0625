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
from bot.service.presenters import Presenter
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
from games.sniper_elite.board import BOARD_KEYS
from games.sniper_elite.codec import format as format_action
from games.sniper_elite.model import ADVANTAGES, CHALLENGES
from games.sniper_elite.view import SniperView
from games.text import Text
from storage.records import GameStatus

KEY = "sniper_elite"
NO_CHALLENGE = "none"
CHALLENGE_CHOICES = (NO_CHALLENGE, *CHALLENGES)
LOG_LINES = 8


def summary(view: SniperView) -> str:
    """The table as lines: round, position, objectives, defenders, orders, health, bag, gear."""
    where = view.sniper or "not on the board yet"
    lines = [
        f"Round {view.round}, {view.phase.replace('_', ' ')}. Sniper: {where}; "
        f"last known area: {view.lka or 'none'}."
    ]
    if view.objectives:
        done = set(view.completed)
        shown = [f"{n} {title}{' (done)' if n in done else ''}" for n, title in view.objectives]
        lines.append("Objectives: " + "; ".join(shown) + ".")
    if view.probable:
        lines.append("Probable objectives: " + ", ".join(map(str, view.probable)) + ".")
    placed = [f"{d.name} {d.space}" for d in view.defenders if d.space]
    away = [d.name for d in view.defenders if not d.space]
    lines.append("Defenders: " + (", ".join(placed) or "none on the board") + ".")
    if away:
        lines.append("Off the board: " + ", ".join(away) + ".")
    slots = []
    for slot in view.slots:
        if slot is None:
            slots.append("(empty)")
        elif not slot.face_up:
            slots.append("(face down)")
        else:
            slots.append(f"{slot.title}: {slot.text}")
    lines.append("Order board: " + " | ".join(slots))
    lines.append(f"Order deck: {view.order_deck_size} cards; {len(view.order_discard)} discarded.")
    stack = ", ".join(view.health_stack) or "empty"
    lines.append(
        f"Health stack (bottom first): {stack}; wounds {view.wounds}; "
        f"hits this turn {view.hits_this_turn}."
    )
    lines.append("Bag: " + ", ".join(f"{n} {kind}" for kind, n in view.bag) + ".")
    gear = [f"{title} ({card})" for card, title in view.equipment]
    lines.append("Equipment: " + (", ".join(gear) or "none") + ".")
    if view.drawn:
        lines.append("Drawn for the shot: " + ", ".join(view.drawn) + ".")
    if view.choices:
        lines.append("Choose one of: " + ", ".join(view.choices) + ".")
    lines += [f"  {e.text}" for e in view.log[-LOG_LINES:]]
    if view.result is not None:
        lines.append(f"Mission {view.result}: {view.reason}")
    return "\n".join(lines)


def describe(seat: Seat, action: Any) -> str:
    """A move as the log and the channel read it; hidden cards stay unnamed."""
    if seat != CHANCE:
        return format_action(action)
    if isinstance(action, OrdersDealt):
        return "the order board is dealt"
    if isinstance(action, EquipmentDealt):
        return "equipment dealt: " + ", ".join(action.cards)
    if isinstance(action, ObjectivesDrawn):
        return "objectives drawn: " + ", ".join(map(str, action.numbers))
    if isinstance(action, TokensDrawn):
        return "tokens drawn: " + (", ".join(t.value for t in action.tokens) or "none")
    if isinstance(action, LootDrawn):
        return "looted cards drawn: " + ", ".join(action.cards)
    if isinstance(action, Tiebreak):
        return "a tie-break number is drawn"
    if isinstance(action, OrderRolled):
        return f"the order die shows {action.chevrons} chevron(s)"
    if isinstance(action, OrderDrawn):
        return "an order card is drawn"
    return type(action).__name__


def presenter() -> Presenter:
    """The sniper presenter: the board while playing, the debrief image once it is over."""

    def board(view: SniperView) -> bytes:
        from rendering.sniper_elite import board_png, delivery_png, mission_over_image

        if view.result is None:
            return board_png(view)
        return delivery_png(mission_over_image(view))

    return Presenter(summary=summary, board=board, describe=describe)


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
            kind = "advantage" if advantages else "disadvantage"
            raise LobbyError(
                Text("{name!r} is not an {kind}; choose from: {known}.", name=name, kind=kind,
                     known=", ".join(allowed)),
                code="bad_option",
            )  # fmt: skip
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
