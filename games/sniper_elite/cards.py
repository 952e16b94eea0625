"""Order, equipment and objective cards, read from the bundled data, with their card text."""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from importlib import resources
from typing import Any

from games.sniper_elite.board import Area, SpaceType


class Verb(Enum):
    """What an order-card instruction makes the defenders do (the solo text's vocabulary)."""

    UPDATE_LKA = "update_lka"
    MOVE = "move"
    CALL = "call"
    SEARCH = "search"
    SCOUT = "scout"
    ATTACK = "attack"
    REGROUP = "regroup"


class Who(Enum):
    """Which defenders act: all, those in the LKA, the nearest one, or repeat at objectives."""

    ALL = "all"
    LKA = "lka"
    NEAREST = "nearest"
    REPEAT = "repeat"


class Target(Enum):
    """Where a move or call goes, or what an attack hits."""

    SNIPER = "sniper"
    LKA = "lka"
    OBJECTIVE = "objective"
    ACCESS = "access"
    OWN = "own"
    AROUND = "around"


@dataclass(frozen=True, slots=True)
class Step:
    """One instruction of an order card."""

    verb: Verb
    who: Who = Who.ALL
    target: Target | None = None
    amount: int = 0
    space_type: SpaceType | None = None
    unguarded: bool = False

    @property
    def text(self) -> str:
        """The instruction as printed on the card."""
        return describe(self)


@dataclass(frozen=True, slots=True)
class OrderCard:
    """An order card: urgent or not, for one board or any board, and its instructions."""

    id: str
    title: str
    urgent: bool
    board: str | None
    steps: tuple[Step, ...]
    regroup: tuple[tuple[Area, tuple[tuple[str, Area], ...]], ...] = ()

    def marks(self, area: Area) -> tuple[tuple[str, Area], ...]:
        """The regroup mini-map's marked spaces in `area`, each with the squad called there."""
        return next((m for a, m in self.regroup if a is area), ())

    @property
    def text(self) -> str:
        """All instructions, one sentence each."""
        return " ".join(step.text for step in self.steps)


@dataclass(frozen=True, slots=True)
class EquipmentCard:
    """An equipment card type and how many copies the deck holds."""

    id: str
    title: str
    copies: int
    text: str


_WHO = {
    Who.ALL: "All defenders",
    Who.LKA: "Defenders in the LKA",
    Who.NEAREST: "The defender nearest to you",
}


def _target_text(step: Step) -> str:
    if step.target is Target.SNIPER:
        return "your space"
    if step.target is Target.LKA:
        return "the LKA"
    kind = step.space_type.value if step.space_type else ""
    guard = "unguarded " if step.unguarded else ""
    if step.target is Target.ACCESS:
        return f"the nearest {kind} access space of each {guard}probable objective"
    return f"each {guard}probable objective"


def describe(step: Step) -> str:
    """Card text for one instruction, in the solo rules' vocabulary."""
    who = _WHO.get(step.who, "")
    if step.verb is Verb.UPDATE_LKA:
        return "Update the LKA."
    if step.verb is Verb.REGROUP:
        return "Update the LKA, then regroup as the mini-map shows."
    if step.verb is Verb.MOVE:
        if step.who is Who.REPEAT:
            return (
                f"Repeat at probable objectives: the nearest defender moves {step.amount} "
                f"toward {_target_text(step)}."
            )
        return f"{who} move {step.amount} toward {_target_text(step)}."
    if step.verb is Verb.CALL:
        if step.who is Who.REPEAT:
            return (
                f"Repeat at probable objectives: call the nearest defender to {_target_text(step)}."
            )
        return f"Call {who.lower()} to {_target_text(step)}."
    if step.verb is Verb.ATTACK:
        where = (
            "their own space"
            if step.target is Target.OWN
            else "their own and matching adjacent spaces"
        )
        return f"{who} attack {where}."
    return f"{who} {step.verb.value}."


def _step(data: dict[str, Any]) -> Step:
    return Step(
        verb=Verb(data["verb"]),
        who=Who(data.get("who", "all")),
        target=Target(data["target"]) if "target" in data else None,
        amount=int(data.get("amount", 0)),
        space_type=SpaceType(data["space_type"]) if "space_type" in data else None,
        unguarded=bool(data.get("unguarded", False)),
    )


def _read(name: str) -> Any:
    return json.loads(resources.files("games.sniper_elite").joinpath(f"data/{name}").read_text())


@lru_cache(maxsize=1)
def order_cards() -> dict[str, OrderCard]:
    """Every order card by id."""
    cards = {}
    for c in _read("orders.json")["cards"]:
        regroup = tuple(
            (Area(area), tuple((space, Area(squad)) for space, squad in marks))
            for area, marks in c.get("regroup", {}).items()
        )
        cards[c["id"]] = OrderCard(
            id=c["id"],
            title=c["title"],
            urgent=bool(c["urgent"]),
            board=c["board"],
            steps=tuple(_step(s) for s in c["steps"]),
            regroup=regroup,
        )
    return cards


def order_card(card_id: str) -> OrderCard:
    """One order card."""
    return order_cards()[card_id]


def cards_for(board: str) -> tuple[OrderCard, ...]:
    """The order cards used on a board: its own and the any-board cards."""
    return tuple(c for c in order_cards().values() if c.board in (None, board))


@lru_cache(maxsize=1)
def equipment_cards() -> dict[str, EquipmentCard]:
    """Every equipment card type by id."""
    return {
        c["id"]: EquipmentCard(c["id"], c["title"], int(c["copies"]), c["text"])
        for c in _read("equipment.json")["cards"]
    }


def equipment_deck() -> tuple[str, ...]:
    """The full equipment deck, one id per card."""
    return tuple(sorted(c.id for c in equipment_cards().values() for _ in range(c.copies)))


@lru_cache(maxsize=2)
def objective_titles(board: str) -> dict[int, str]:
    """Objective card titles 1-9 of a board."""
    return {int(k): v for k, v in _read("objectives.json")[board].items()}
