"""Warzone actions: imperative nouns for players, `Rolled` for the dice chance logs."""

from __future__ import annotations

from dataclasses import dataclass

from games.warzone.geometry import Vec


@dataclass(frozen=True, slots=True)
class Rolled:
    """Chance result: one D20."""

    value: int


@dataclass(frozen=True, slots=True)
class KeepInitiative:
    """The initiative roll's winner keeps the initiative."""


@dataclass(frozen=True, slots=True)
class PassInitiative:
    """The initiative roll's winner hands the initiative to the opponent."""


@dataclass(frozen=True, slots=True)
class ChooseSide:
    """The initiative holder picks a deployment edge: 'south' or 'north'."""

    edge: str


@dataclass(frozen=True, slots=True)
class Deploy:
    """Place a squad: one point and a formation, or one point per model; facing in degrees."""

    squad: str
    points: tuple[Vec, ...]
    facing: float = 90.0
    formation: str = "line"


@dataclass(frozen=True, slots=True)
class SetPolicy:
    """Standing orders of a squad: sentry hold/fire/ask and window, guard, RES for Heal(+3)."""

    squad: str
    sentry: str
    guard: bool = True
    res_heal: bool = False
    timing: str = "first"


@dataclass(frozen=True, slots=True)
class Activate:
    """Choose the next squad to activate (a joined character alone: it leaves the squad)."""

    squad: str


@dataclass(frozen=True, slots=True)
class Walk:
    """Walk AP(1): move up to SP along the waypoints; optionally end facing a direction."""

    model: str
    path: tuple[Vec, ...]
    facing: float | None = None


@dataclass(frozen=True, slots=True)
class Run:
    """Run AP(2): move up to SP x2 along the waypoints."""

    model: str
    path: tuple[Vec, ...]
    facing: float | None = None


@dataclass(frozen=True, slots=True)
class MeleeMove:
    """Melee Move AP(0) at the start of an engaged model's activation."""

    model: str
    path: tuple[Vec, ...]
    facing: float | None = None


@dataclass(frozen=True, slots=True)
class Charge:
    """Charge AP(1): move up to SP x2 straight into contact with an enemy in sight."""

    model: str
    target: str


@dataclass(frozen=True, slots=True)
class Pivot:
    """Pivot AP(0) at the start of a model's activation (not while engaged)."""

    model: str
    facing: float


@dataclass(frozen=True, slots=True)
class Focus:
    """Battle Focus AP(1): +2 RS, CC and weapon ST for one attack roll."""

    model: str


@dataclass(frozen=True, slots=True)
class Evade:
    """Evade AP(1): shooters at the model get -2 until its next activation."""

    model: str


@dataclass(frozen=True, slots=True)
class Shoot:
    """Shooting AP(1) (Rapid Fire AP(2) when rapid): one target per RoA, first is the primary."""

    model: str
    weapon: str
    targets: tuple[str, ...]
    rapid: bool = False
    res_roa: bool = False


@dataclass(frozen=True, slots=True)
class Blast:
    """Shooting AP(1) with an explosion template at a point (grenades, launchers)."""

    model: str
    weapon: str
    at: Vec
    hail_mary: bool = False


@dataclass(frozen=True, slots=True)
class Fight:
    """Close Combat AP(1): one target per RoA among engaged enemies."""

    model: str
    weapon: str
    targets: tuple[str, ...]
    res_roa: bool = False


@dataclass(frozen=True, slots=True)
class Sentry:
    """Sentry AP(2) (Guardsmen AP(1)): react before or after an enemy's action."""

    model: str


@dataclass(frozen=True, slots=True)
class Spot:
    """Spot AP(1): reveal a stalking squad (none deploy by stalking in this version)."""

    model: str
    target: str


@dataclass(frozen=True, slots=True)
class SpendRes:
    """RES use A: +1 AP for a model at the start of its activation."""

    model: str


@dataclass(frozen=True, slots=True)
class UseAbility:
    """Activate a model's or weapon's ability (RES use C): 'Black Liquid Syringe', 'Reload'."""

    model: str
    ability: str


@dataclass(frozen=True, slots=True)
class Join:
    """A character ends its activation within coherency of a friendly squad and joins it."""

    character: str
    squad: str


@dataclass(frozen=True, slots=True)
class EndModel:
    """End the current model's activation (its remaining AP are lost)."""

    model: str


@dataclass(frozen=True, slots=True)
class EndActivation:
    """End the squad's activation: every model not yet activated is deactivated."""


@dataclass(frozen=True, slots=True)
class React:
    """A model on sentry reacts with an AP(0)/AP(1) action (the owner chose 'ask')."""

    model: str
    action: Shoot | Fight | Evade | Focus | Walk | Charge


@dataclass(frozen=True, slots=True)
class PassReaction:
    """Let the reaction window go by."""


ModelAction = Walk | Run | MeleeMove | Charge | Pivot | Focus | Evade | Shoot | Blast | Fight
WarzoneAction = (
    Rolled | KeepInitiative | PassInitiative | ChooseSide | Deploy | SetPolicy | Activate
    | ModelAction | Sentry | Spot | SpendRes | UseAbility | Join | EndModel | EndActivation
    | React | PassReaction
)  # fmt: skip
