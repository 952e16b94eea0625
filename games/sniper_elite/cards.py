"""Order, equipment and objective cards, read from the bundled data, with their card text."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from importlib import resources
from typing import Any

from games.sniper_elite.board import Area, SpaceType
from games.text import Text


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
    def text(self) -> Text:
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
    def text(self) -> Text:
        """All instructions, one sentence each."""
        return Text.joined(" ", [step.text for step in self.steps])


@dataclass(frozen=True, slots=True)
class EquipmentCard:
    """An equipment card type and how many copies the deck holds."""

    id: str
    title: str
    copies: int
    text: str


_Where = tuple[Target | SpaceType | None, bool]
"""A destination: the target (or the kind of access space) and whether only unguarded
objectives count."""

TOWARD: dict[_Where, Text] = {
    (Target.SNIPER, False): Text("toward your space"),
    (Target.LKA, False): Text("toward the LKA"),
    (None, False): Text("toward each probable objective"),
    (None, True): Text("toward each unguarded probable objective"),
    (SpaceType.OPEN, False): Text(
        "toward the nearest open access space of each probable objective"
    ),
    (SpaceType.OPEN, True): Text(
        "toward the nearest open access space of each unguarded probable objective"
    ),
    (SpaceType.ENCLOSED, False): Text(
        "toward the nearest enclosed access space of each probable objective"
    ),
    (SpaceType.ENCLOSED, True): Text(
        "toward the nearest enclosed access space of each unguarded probable objective"
    ),
    (SpaceType.ELEVATED, False): Text(
        "toward the nearest elevated access space of each probable objective"
    ),
    (SpaceType.ELEVATED, True): Text(
        "toward the nearest elevated access space of each unguarded probable objective"
    ),
    (Target.ACCESS, False): Text("toward the nearest access space of each probable objective"),
    (Target.ACCESS, True): Text(
        "toward the nearest access space of each unguarded probable objective"
    ),
}
"""Where a move goes, one whole phrase each (the languages build these phrases differently)."""
ONTO: dict[_Where, Text] = {
    (Target.SNIPER, False): Text("to your space"),
    (Target.LKA, False): Text("to the LKA"),
    (None, False): Text("to each probable objective"),
    (None, True): Text("to each unguarded probable objective"),
    (SpaceType.OPEN, False): Text("to the nearest open access space of each probable objective"),
    (SpaceType.OPEN, True): Text(
        "to the nearest open access space of each unguarded probable objective"
    ),
    (SpaceType.ENCLOSED, False): Text(
        "to the nearest enclosed access space of each probable objective"
    ),
    (SpaceType.ENCLOSED, True): Text(
        "to the nearest enclosed access space of each unguarded probable objective"
    ),
    (SpaceType.ELEVATED, False): Text(
        "to the nearest elevated access space of each probable objective"
    ),
    (SpaceType.ELEVATED, True): Text(
        "to the nearest elevated access space of each unguarded probable objective"
    ),
    (Target.ACCESS, False): Text("to the nearest access space of each probable objective"),
    (Target.ACCESS, True): Text("to the nearest access space of each unguarded probable objective"),
}
"""Where a call puts a defender, as TOWARD."""


def _where(step: Step) -> _Where:
    if step.target in (Target.SNIPER, Target.LKA):
        return step.target, False
    if step.target is not Target.ACCESS:
        return None, step.unguarded
    kinds = (SpaceType.OPEN, SpaceType.ENCLOSED, SpaceType.ELEVATED)
    return (step.space_type if step.space_type in kinds else Target.ACCESS), step.unguarded


def _toward(step: Step) -> Text:
    """Where a move goes ('toward your space')."""
    return TOWARD[_where(step)]


def _onto(step: Step) -> Text:
    """Where a call puts a defender ('to your space')."""
    return ONTO[_where(step)]


def _move(step: Step) -> Text:
    # One template per amount of 1 and per larger amount: the languages decline "space" by count.
    toward, n = _toward(step), step.amount
    if step.who is Who.REPEAT:
        return Text(
            "Repeat at probable objectives: the nearest defender moves 1 {toward}."
            if n == 1
            else "Repeat at probable objectives: the nearest defender moves {amount} {toward}.",
            amount=n,
            toward=toward,
        )
    if step.who is Who.LKA:
        return Text(
            "Defenders in the LKA move 1 {toward}."
            if n == 1
            else "Defenders in the LKA move {amount} {toward}.",
            amount=n,
            toward=toward,
        )
    if step.who is Who.NEAREST:
        return Text(
            "The defender nearest to you move 1 {toward}."
            if n == 1
            else "The defender nearest to you move {amount} {toward}.",
            amount=n,
            toward=toward,
        )
    return Text(
        "All defenders move 1 {toward}." if n == 1 else "All defenders move {amount} {toward}.",
        amount=n,
        toward=toward,
    )


def _call(step: Step) -> Text:
    onto = _onto(step)
    if step.who is Who.REPEAT:
        return Text("Repeat at probable objectives: call the nearest defender {onto}.", onto=onto)
    if step.who is Who.LKA:
        return Text("Call defenders in the LKA {onto}.", onto=onto)
    if step.who is Who.NEAREST:
        return Text("Call the defender nearest to you {onto}.", onto=onto)
    return Text("Call all defenders {onto}.", onto=onto)


def _check(step: Step) -> Text:
    """Search, scout or attack by the defenders the step names."""
    own = step.target is Target.OWN
    if step.who is Who.LKA:
        if step.verb is Verb.SEARCH:
            return Text("Defenders in the LKA search.")
        if step.verb is Verb.SCOUT:
            return Text("Defenders in the LKA scout.")
        return Text(
            "Defenders in the LKA attack their own space."
            if own
            else "Defenders in the LKA attack their own and matching adjacent spaces."
        )
    if step.who is Who.NEAREST:
        if step.verb is Verb.SEARCH:
            return Text("The defender nearest to you search.")
        if step.verb is Verb.SCOUT:
            return Text("The defender nearest to you scout.")
        return Text(
            "The defender nearest to you attack their own space."
            if own
            else "The defender nearest to you attack their own and matching adjacent spaces."
        )
    if step.verb is Verb.SEARCH:
        return Text("All defenders search.")
    if step.verb is Verb.SCOUT:
        return Text("All defenders scout.")
    return Text(
        "All defenders attack their own space."
        if own
        else "All defenders attack their own and matching adjacent spaces."
    )


def describe(step: Step) -> Text:
    """Card text for one instruction, in the solo rules' vocabulary."""
    if step.verb is Verb.UPDATE_LKA:
        return Text("Update the LKA.")
    if step.verb is Verb.REGROUP:
        return Text("Update the LKA, then regroup as the mini-map shows.")
    if step.verb is Verb.MOVE:
        return _move(step)
    if step.verb is Verb.CALL:
        return _call(step)
    return _check(step)


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


def equipment_titles(cards: Iterable[str]) -> Text:
    """Equipment cards as printed on them ("Muffled Boots"), never their ids."""
    titles = equipment_cards()
    return Text.verbatim(", ".join(titles[card].title for card in cards))
