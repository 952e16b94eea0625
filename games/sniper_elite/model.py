"""The state of a solo mission: tokens, defenders, order board, the sniper's turn and the log."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from games.sniper_elite.board import Area
from games.text import Text


class Token(Enum):
    """Bag and health-stack tokens. Suppressors (Radio operator) count as recoil."""

    PRECISION = "precision"
    NOISE = "noise"
    RECOIL = "recoil"
    SUPPRESSOR = "suppressor"

    @property
    def recoil_like(self) -> bool:
        """True for recoil and for suppressors, which the game treats as recoil."""
        return self in (Token.RECOIL, Token.SUPPRESSOR)

    @property
    def word(self) -> Text:
        """The kind as a word of the reader's language, for lists of tokens."""
        if self is Token.PRECISION:
            return Text("precision")
        if self is Token.NOISE:
            return Text("noise")
        return Text("recoil") if self is Token.RECOIL else Text("suppressor")

    @property
    def one(self) -> Text:
        """'a precision token' (one token of this kind inside a sentence)."""
        if self is Token.PRECISION:
            return Text("a precision token")
        if self is Token.NOISE:
            return Text("a noise token")
        return Text("a recoil token") if self is Token.RECOIL else Text("a suppressor token")


def token_list(tokens: tuple[Token, ...] | list[Token], none: Text) -> Text:
    """Token kinds as a comma-separated list ('precision, noise'), or `none` for no tokens."""
    return Text.joined(", ", [t.word for t in tokens]) if tokens else none


TOKEN_ORDER: tuple[Token, ...] = tuple(Token)


def sort_tokens(tokens: tuple[Token, ...] | list[Token]) -> tuple[Token, ...]:
    """Tokens in a canonical order (a bag has no order)."""
    return tuple(sorted(tokens, key=TOKEN_ORDER.index))


class Phase(Enum):
    """Who acts next and why."""

    DEAL_ORDERS = "deal_orders"
    DEAL_EQUIPMENT = "deal_equipment"
    DEAL_OBJECTIVES = "deal_objectives"
    OBJECTIVE_DISCARD = "objective_discard"
    CHOOSE_ENTRY = "choose_entry"
    SNIPER = "sniper"
    SHOT = "shot"
    REWARD = "reward"
    LOOT_DRAW = "loot_draw"
    LOOT_KEEP = "loot_keep"
    TIEBREAK = "tiebreak"
    ORDER_ROLL = "order_roll"
    ORDER_DRAW = "order_draw"
    RETURN_PLACE = "return_place"
    OVER = "over"


CHANCE_PHASES = frozenset(
    {
        Phase.DEAL_ORDERS,
        Phase.DEAL_EQUIPMENT,
        Phase.DEAL_OBJECTIVES,
        Phase.SHOT,
        Phase.LOOT_DRAW,
        Phase.TIEBREAK,
        Phase.ORDER_ROLL,
        Phase.ORDER_DRAW,
    }
)


class Modifier(Enum):
    """One advantage (+) or disadvantage (-) of an officer challenge."""

    EXTRA_EQUIPMENT = "extra_equipment"  # Medic +
    EXTRA_NOISE = "extra_noise"  # Medic -
    EARLY_RETURN = "early_return"  # Medic -
    SUPPRESSORS = "suppressors"  # Radio operator +
    NO_RECOIL_REWARD = "no_recoil_reward"  # Radio operator -
    MISFIRE_AT_FOUR = "misfire_at_four"  # Radio operator -
    LIGHT_WOUND_STACK = "light_wound_stack"  # Scout +
    HEARD_MOVING = "heard_moving"  # Scout -
    NO_OBJECTIVES_1_9 = "no_objectives_1_9"  # Scout -
    NO_CALLS_AFTER_FIRST = "no_calls_after_first"  # Dog handler +
    FEWER_EQUIPMENT = "fewer_equipment"  # Dog handler -
    SMALL_ORDER_DECK = "small_order_deck"  # Dog handler -
    EXTRA_PRECISION = "extra_precision"  # Marksman +
    DOUBLE_ADJACENT_HIT = "double_adjacent_hit"  # Marksman -
    FIVE_HITS = "five_hits"  # Marksman -
    QUIET_TWO = "quiet_two"  # Sniper +
    LOUD_THREE = "loud_three"  # Sniper -
    FAR_SCOUTS = "far_scouts"  # Sniper -


ADVANTAGES = frozenset(
    {
        Modifier.EXTRA_EQUIPMENT,
        Modifier.SUPPRESSORS,
        Modifier.LIGHT_WOUND_STACK,
        Modifier.NO_CALLS_AFTER_FIRST,
        Modifier.EXTRA_PRECISION,
        Modifier.QUIET_TWO,
    }
)

CHALLENGES: dict[str, tuple[Modifier, Modifier, Modifier]] = {
    "medic": (Modifier.EXTRA_EQUIPMENT, Modifier.EXTRA_NOISE, Modifier.EARLY_RETURN),
    "radio_operator": (
        Modifier.SUPPRESSORS,
        Modifier.NO_RECOIL_REWARD,
        Modifier.MISFIRE_AT_FOUR,
    ),
    "scout": (Modifier.LIGHT_WOUND_STACK, Modifier.HEARD_MOVING, Modifier.NO_OBJECTIVES_1_9),
    "dog_handler": (
        Modifier.NO_CALLS_AFTER_FIRST,
        Modifier.FEWER_EQUIPMENT,
        Modifier.SMALL_ORDER_DECK,
    ),
    "marksman": (Modifier.EXTRA_PRECISION, Modifier.DOUBLE_ADJACENT_HIT, Modifier.FIVE_HITS),
    "sniper": (Modifier.QUIET_TWO, Modifier.LOUD_THREE, Modifier.FAR_SCOUTS),
}
"""Officer challenges from easy (medic, radio operator) to hard (marksman, sniper)."""

MODIFIER_NAMES: dict[Modifier, Text] = {
    Modifier.EXTRA_EQUIPMENT: Text("extra equipment card"),
    Modifier.EXTRA_NOISE: Text("extra noise token"),
    Modifier.EARLY_RETURN: Text("defenders return early"),
    Modifier.SUPPRESSORS: Text("suppressors in the health stack"),
    Modifier.NO_RECOIL_REWARD: Text("no recoil reward"),
    Modifier.MISFIRE_AT_FOUR: Text("misfire at 4"),
    Modifier.LIGHT_WOUND_STACK: Text("lighter wound stack"),
    Modifier.HEARD_MOVING: Text("heard moving"),
    Modifier.NO_OBJECTIVES_1_9: Text("no objectives 1 and 9"),
    Modifier.NO_CALLS_AFTER_FIRST: Text("no calls after the first objective"),
    Modifier.FEWER_EQUIPMENT: Text("one equipment card fewer"),
    Modifier.SMALL_ORDER_DECK: Text("7-card order deck"),
    Modifier.EXTRA_PRECISION: Text("extra precision token"),
    Modifier.DOUBLE_ADJACENT_HIT: Text("double hit next to a defender"),
    Modifier.FIVE_HITS: Text("up to 5 hits a turn"),
    Modifier.QUIET_TWO: Text("quiet two-space move"),
    Modifier.LOUD_THREE: Text("loud three-space move"),
    Modifier.FAR_SCOUTS: Text("scouts see 3 spaces"),
}
"""What a modifier is called in text (its id is the value typed in `advantages:`)."""


@dataclass(frozen=True, slots=True)
class Bag:
    """The cloth bag's contents as counts."""

    precision: int = 6
    noise: int = 2
    recoil: int = 3
    suppressor: int = 0

    def count(self, token: Token) -> int:
        """How many tokens of a kind are in the bag."""
        return int(getattr(self, token.value))

    def add(self, token: Token, n: int = 1) -> Bag:
        """The bag with n more (or, negative, fewer) tokens of a kind."""
        values = {t.value: self.count(t) for t in Token}
        values[token.value] += n
        if values[token.value] < 0:
            raise ValueError(f"no {token.value} token in the bag")
        return Bag(**values)

    @property
    def total(self) -> int:
        """Tokens in the bag."""
        return sum(self.count(t) for t in Token)

    def tokens(self) -> tuple[Token, ...]:
        """The contents as a canonical tuple."""
        return tuple(t for t in Token for _ in range(self.count(t)))


@dataclass(frozen=True, slots=True)
class Defender:
    """A defender figure: its squad colour and its space (None when off the board)."""

    id: int
    squad: Area
    space: str | None

    @property
    def name(self) -> Text:
        """A readable name such as 'red defender 2' (the colour said in the reader's language)."""
        number = self.id % 3 + 1
        if self.squad is Area.RED:
            return Text("red defender {number}", number=number)
        if self.squad is Area.YELLOW:
            return Text("yellow defender {number}", number=number)
        return Text("black defender {number}", number=number)


@dataclass(frozen=True, slots=True)
class Slot:
    """An order card on the order board."""

    card: str
    face_up: bool


@dataclass(frozen=True, slots=True)
class TurnFlags:
    """What the sniper has done this turn, and the hit count of the current turn."""

    moved: bool = False
    equipped: bool = False
    acted: bool = False
    masking: bool = False
    silent: bool = False
    camouflage: bool = False
    hits: int = 0
    wounded: bool = False
    defenders: bool = False
    """True during the defenders' turn: its log lines are also recorded as steps."""
    rolled: int = 0
    """The chevrons of the order card being resolved (0 when none is)."""


@dataclass(frozen=True, slots=True)
class PendingShot:
    """A declared shot waiting for its tokens, then for the kill reward."""

    target: str
    defender: int
    tokens: int
    distance: int
    drawn: tuple[Token, ...] = ()
    tiebreak: int = 0


@dataclass(frozen=True, slots=True)
class PendingLoot:
    """Equipment cards drawn by looting, one to keep."""

    space: str
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PendingTiebreak:
    """An effect waiting for its tie-break draw: objective, thrown stone or a defender return."""

    kind: str
    space: str | None = None
    then: str = ""


@dataclass(frozen=True, slots=True)
class PendingReturn:
    """A returning defender whose iron cross is taken: the player picks the adjacent space."""

    defender: int
    options: tuple[str, ...]
    then: str


Pending = PendingShot | PendingLoot | PendingTiebreak | PendingReturn


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One readable line of the game log, with the moving figure's path for animations."""

    round: int
    text: str
    path: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TurnStep:
    """One resolved step of the defenders' turn and the table right after it (for animations)."""

    text: str
    path: tuple[str, ...]
    """The figure's path for a walk, its new space for a call or return (as in the log)."""
    defenders: tuple[str | None, ...]
    """Every defender's space, by defender id."""
    lka: Area | None
    slots: tuple[Slot | None, ...]
    rolled: int
    order_deck: int
    order_discard: tuple[str, ...]
    stack: tuple[Token, ...]
    bag: Bag
    wounds: int
    hits: int


@dataclass(frozen=True, slots=True)
class State:
    """A whole solo mission. Multisets (decks, bag) are kept sorted: they have no order."""

    board: str
    modifiers: frozenset[Modifier]
    phase: Phase
    round: int = 1
    slots: tuple[Slot | None, ...] = (None, None, None)
    order_deck: tuple[str, ...] = ()
    order_discard: tuple[str, ...] = ()
    order_boxed: tuple[str, ...] = ()
    equipment_deck: tuple[str, ...] = ()
    equipment_bottom: tuple[str, ...] = ()
    equipment: tuple[str, ...] = ()
    equipment_used: tuple[str, ...] = ()
    objective_deck: tuple[int, ...] = ()
    objective_bottom: tuple[int, ...] = ()
    objectives: tuple[int, ...] = ()
    completed: tuple[int, ...] = ()
    sniper: str | None = None
    lka: Area | None = None
    probable: tuple[int, ...] = ()
    looted: tuple[str, ...] = ()
    bag: Bag = field(default_factory=Bag)
    stack: tuple[Token, ...] = ()
    wounds: int = 0
    defenders: tuple[Defender, ...] = ()
    turn: TurnFlags = field(default_factory=TurnFlags)
    pending: Pending | None = None
    log: tuple[LogEntry, ...] = ()
    steps: tuple[TurnStep, ...] = ()
    """The latest defenders' turn, step by step (kept until the next one starts)."""
    dice_salt: str = ""
    """Mixed into every chance draw: the digest of the player's words (see sample_chance)."""
    result: str | None = None
    reason: str = ""

    def defender_at(self, space: str) -> Defender | None:
        """The defender standing on `space`, if any."""
        return next((d for d in self.defenders if d.space == space), None)

    @property
    def on_board(self) -> tuple[Defender, ...]:
        """Defenders standing on the board."""
        return tuple(d for d in self.defenders if d.space is not None)

    def has(self, modifier: Modifier) -> bool:
        """True when the mission plays with this advantage or disadvantage."""
        return modifier in self.modifiers
