"""Actions of the solo mission: the sniper's commands, decisions, and the logged chance results."""

from __future__ import annotations

from dataclasses import dataclass

from games.sniper_elite.model import Token


@dataclass(frozen=True, slots=True)
class OrdersDealt:
    """Chance: order cards returned unseen, and the three on the order board (left to right)."""

    boxed: tuple[str, ...]
    slots: tuple[str, str, str]


@dataclass(frozen=True, slots=True)
class EquipmentDealt:
    """Chance: the starting equipment, and duplicates put under the deck."""

    cards: tuple[str, ...]
    bottom: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ObjectivesDrawn:
    """Chance: objective cards drawn until two are in hand."""

    numbers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DiscardObjective:
    """Put one of two same-colour objective cards under the objective deck."""

    number: int


@dataclass(frozen=True, slots=True)
class Enter:
    """Place the sniper on an entry space."""

    space: str


@dataclass(frozen=True, slots=True)
class Move:
    """Move 1-3 spaces along `path` (the spaces entered, in order)."""

    path: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Shoot:
    """Shoot the defender on `target`, drawing `tokens` tokens from the bag."""

    target: str
    tokens: int


@dataclass(frozen=True, slots=True)
class TokensDrawn:
    """Chance: the tokens drawn for a shot, and the tie-break number for its noise."""

    tokens: tuple[Token, ...]
    tiebreak: int


@dataclass(frozen=True, slots=True)
class Reward:
    """The kill reward: `noise`, `recoil` (count 1 or 2) or `precision`."""

    kind: str
    count: int = 1


@dataclass(frozen=True, slots=True)
class Loot:
    """Loot the objective space you stand on."""


@dataclass(frozen=True, slots=True)
class LootDrawn:
    """Chance: the equipment cards drawn by looting."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep one of the looted equipment cards."""

    card: str


@dataclass(frozen=True, slots=True)
class Complete:
    """Complete the objective on your space."""


@dataclass(frozen=True, slots=True)
class Tiebreak:
    """Chance: the number that settles equally bad choices of the effect that follows."""

    value: int


@dataclass(frozen=True, slots=True)
class Equip:
    """Use an equipment card; `arg` is an area (decoy flare) or a space (thrown stone)."""

    card: str
    arg: str | None = None


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the sniper's turn."""


@dataclass(frozen=True, slots=True)
class OrderRolled:
    """Chance: the order die (1-3 chevrons) and the tie-break number for the card."""

    chevrons: int
    tiebreak: int


@dataclass(frozen=True, slots=True)
class OrderDrawn:
    """Chance: the order card drawn to refill the order board."""

    card: str


@dataclass(frozen=True, slots=True)
class Place:
    """Choose the space next to its iron cross where a returning defender goes."""

    space: str


SniperAction = (
    OrdersDealt | EquipmentDealt | ObjectivesDrawn | DiscardObjective | Enter | Move | Shoot
    | TokensDrawn | Reward | Loot | LootDrawn | Keep | Complete | Tiebreak | Equip | EndTurn
    | OrderRolled | OrderDrawn | Place
)  # fmt: skip

CHANCE_ACTIONS = (
    OrdersDealt, EquipmentDealt, ObjectivesDrawn, TokensDrawn, LootDrawn, Tiebreak, OrderRolled,
    OrderDrawn,
)  # fmt: skip
