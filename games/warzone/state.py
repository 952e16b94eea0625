"""The game state: models on the table, squads, the round and activation, pending dice, the log."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from games.warzone.dice import Roll
from games.warzone.geometry import Vec, mm_to_inches
from games.warzone.profiles import Stats, ability_value
from games.warzone.terrain import Terrain


class Phase(Enum):
    """Where the game stands."""

    INITIATIVE = "initiative"
    INITIATIVE_CHOICE = "initiative choice"
    SIDE = "choose side"
    DEPLOY = "deployment"
    ACTIVATION = "activation"
    REACTION = "reaction"
    OVER = "over"


class Morale(Enum):
    """A squad's morale state (Morale section, reconstructed)."""

    STEADY = "steady"
    PINNED = "pinned"
    BROKEN = "broken"


class SentryPolicy(Enum):
    """What a squad's models on sentry do when an enemy acts near them."""

    HOLD = "hold"
    FIRE = "fire"
    ASK = "ask"


class Timing(Enum):
    """Which reaction window a sentry uses: before or after the enemy's action, or the first."""

    BEFORE = "before"
    AFTER = "after"
    FIRST = "first"


@dataclass(frozen=True, slots=True)
class Policy:
    """Standing orders set in advance so out-of-turn decisions never stall an async game."""

    sentry: SentryPolicy = SentryPolicy.FIRE
    guard: bool = True
    res_heal: bool = False
    timing: Timing = Timing.FIRST


@dataclass(frozen=True, slots=True)
class Model:
    """One model: profile, position, wounds and what it has done this round."""

    key: str
    squad: str
    seat: int
    name: str
    stats: Stats
    weapons: tuple[str, ...]
    abilities: tuple[str, ...]
    base_mm: int
    points: int
    x: float = 0.0
    y: float = 0.0
    facing: float = 90.0
    wounds: int = 0
    deployed: bool = False
    alive: bool = True
    started: bool = False
    finished: bool = False
    ap: int = 0
    actions: tuple[str, ...] = ()
    moved: float = 0.0
    res_used: bool = False
    evading: bool = False
    sentry: bool = False
    charged: bool = False
    focus: bool = False
    out_of_coherency: bool = False
    engaged_at_start: bool = False
    empty: tuple[str, ...] = ()
    used_abilities: tuple[str, ...] = ()
    fear_tested: tuple[str, ...] = ()
    priority_failed: tuple[str, ...] = ()
    """'action:target' pairs whose target-priority test failed this round: the action may be
    taken again only against another target."""

    @property
    def pos(self) -> Vec:
        """The base centre."""
        return (self.x, self.y)

    @property
    def radius(self) -> float:
        """Base radius in inches."""
        return mm_to_inches(self.base_mm) / 2

    def has(self, ability: str) -> bool:
        """True when the model has the named ability (any X)."""
        return ability_value(self.abilities, ability) is not None

    def value(self, ability: str) -> int | None:
        """X of the named ability, None when absent."""
        return ability_value(self.abilities, ability)


@dataclass(frozen=True, slots=True)
class Squad:
    """A squad (a single character is a squad of one) and its standing orders."""

    key: str
    seat: int
    unit: str
    name: str
    models: tuple[str, ...]
    commander: str
    troops: bool
    character: bool
    army_commander: bool = False
    advisor: bool = False
    attached_to: str | None = None
    lost_commander: bool = False
    morale: Morale = Morale.STEADY
    activated: bool = False
    broke_at_half: bool = False
    join_round: int = 0
    policy: Policy = field(default_factory=Policy)
    flies: bool = False


@dataclass(frozen=True, slots=True)
class Pending:
    """A declared action waiting for dice: resolution reruns over the logged dice until done."""

    seat: int
    action: object
    dice: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Line:
    """One readable log line; `roll` carries the test behind it, when there was one."""

    round: int
    text: str
    roll: Roll | None = None


@dataclass(frozen=True, slots=True)
class State:
    """Everything the rules need; replaced, never mutated."""

    seats: int
    terrain: tuple[Terrain, ...]
    terrain_preset: str
    models: tuple[Model, ...]
    squads: tuple[Squad, ...]
    phase: Phase = Phase.INITIATIVE
    round: int = 0
    last_round: int = 5
    initiative: int = 0
    init_rolls: tuple[int, ...] = ()
    south_seat: int = 0
    deploying: int = 0
    active_seat: int = 0
    active_squad: str | None = None
    active_model: str | None = None
    joined_host: str | None = None
    activations: tuple[int, int] = (0, 0)
    last_activated: tuple[str | None, str | None] = (None, None)
    previous_last: tuple[str | None, str | None] = (None, None)
    res_cards: tuple[int, int] = (0, 0)
    res_spent: tuple[int, int] = (0, 0)
    vp: tuple[int, int] = (0, 0)
    body_count: tuple[int, int] = (0, 0)
    objectives: tuple[Vec, ...] = ()
    control: tuple[int | None, ...] = ()
    pending: Pending | None = None
    reaction: tuple[str, ...] = ()
    reaction_trigger: str | None = None
    reaction_when: str = ""
    held: Pending | None = None
    log: tuple[Line, ...] = ()
    winner: tuple[int, ...] | None = None
    end_reason: str = ""
    dice_salt: str = ""
    """Players' own seeds, hashed: mixed into every die (see rules.sample_chance)."""

    def model(self, key: str) -> Model:
        """The model named `key`."""
        for m in self.models:
            if m.key == key:
                return m
        raise KeyError(key)

    def squad(self, key: str) -> Squad:
        """The squad named `key`."""
        for s in self.squads:
            if s.key == key:
                return s
        raise KeyError(key)

    def alive_in(self, squad: str) -> tuple[Model, ...]:
        """Living models of a squad."""
        return tuple(m for m in self.models if m.squad == squad and m.alive)

    def enemies(self, seat: int) -> tuple[Model, ...]:
        """Living, deployed models of the other side."""
        return tuple(m for m in self.models if m.seat != seat and m.alive and m.deployed)
