"""A mutable working copy of the state used while one action resolves, frozen back at the end."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any

from games.text import Text
from games.warzone.dice import Dice, Roll
from games.warzone.geometry import gap, in_front_arc
from games.warzone.profiles import weapon
from games.warzone.sight import Sight, sight_among
from games.warzone.state import Line, Model, Squad, State

ARMY_COMMANDER_RANGE = 10.0
DISSENTION_RANGE = 12.0
GUARD_RANGE = 2.0


class Work:
    """Models and squads by key plus the fields an action may change; `freeze` makes a State."""

    def __init__(self, state: State, dice: Dice | None = None) -> None:
        self.base = state
        self.models: dict[str, Model] = {m.key: m for m in state.models}
        self.squads: dict[str, Squad] = {s.key: s for s in state.squads}
        self.fields: dict[str, Any] = {}
        self.lines: list[Line] = []
        self.dice = dice or Dice(())
        self.morale_due: list[tuple[str, str, str | None]] = []
        self.fumbled = False
        # memos of geometry queries, valid until a model changes
        self._sight: dict[tuple[str, str], Sight] = {}
        self._engaged: dict[str, list[Model]] = {}

    def get(self, name: str) -> Any:
        """A State field as changed so far."""
        return self.fields.get(name, getattr(self.base, name))

    def set(self, **changes: Any) -> None:
        """Change State fields."""
        self.fields.update(changes)

    def put(self, model: Model, **changes: Any) -> Model:
        """Replace a model with changes and return the new one."""
        new = replace(self.models[model.key], **changes)
        self.models[model.key] = new
        self._sight.clear()
        self._engaged.clear()
        return new

    def put_squad(self, squad: Squad, **changes: Any) -> Squad:
        """Replace a squad with changes and return the new one."""
        new = replace(self.squads[squad.key], **changes)
        self.squads[squad.key] = new
        return new

    def say(self, text: str, roll: Roll | None = None) -> None:
        """Add a log line (with the test behind it)."""
        self.lines.append(Line(self.get("round"), text, roll))

    def roll(self, roll: Roll) -> Roll:
        """Log a test and return it."""
        self.say(roll.text(), roll)
        return roll

    def freeze(self) -> State:
        """The resulting state."""
        return replace(
            self.base,
            models=tuple(self.models.values()),
            squads=tuple(self.squads.values()),
            log=self.base.log + tuple(self.lines),
            **self.fields,
        )

    # -- queries on the working copy -------------------------------------------------------

    def model(self, key: str) -> Model:
        """The current version of a model."""
        return self.models[key]

    def alive_in(self, squad: str) -> list[Model]:
        """Living models of a squad (an attached character is its own squad)."""
        return [m for m in self.models.values() if m.squad == squad and m.alive]

    def enemies_of(self, model: Model) -> list[Model]:
        """Living, deployed models of the other side."""
        return [m for m in self.models.values() if m.seat != model.seat and m.alive and m.deployed]

    def engaged_with(self, model: Model) -> list[Model]:
        """Enemies engaged with the model (within either one's CCWR, in that one's front arc)."""
        if self.models.get(model.key) is not model:
            return [e for e in self.enemies_of(model) if engaged(model, e)]
        if model.key not in self._engaged:
            self._engaged[model.key] = [e for e in self.enemies_of(model) if engaged(model, e)]
        return list(self._engaged[model.key])

    def sight(self, shooter: Model, target: Model) -> Sight:
        """Line of sight and cover between two models on the working copy of the table."""
        current = self.models.get(shooter.key) is shooter and self.models.get(target.key) is target
        if not current:
            return sight_among(self.base.terrain, self.models.values(), shooter, target)
        key = (shooter.key, target.key)
        if key not in self._sight:
            self._sight[key] = sight_among(self.base.terrain, self.models.values(), shooter, target)
        return self._sight[key]


def ccwr(model: Model) -> float:
    """The model's longest close-combat reach in inches (B2B is contact; handguns 1.5)."""
    return _ccwr(model.weapons, model.stats.st)


@lru_cache(maxsize=1024)
def _ccwr(weapons: tuple[str, ...], st: int) -> float:
    best = 0.0
    for key in weapons:
        w = weapon(key)
        if w.kind == "CC":
            best = max(best, w.range_inches(st))
        elif w.kind == "HG":
            best = max(best, 1.5)
    return best


def reaches(attacker: Model, target: Model, reach: float) -> bool:
    """True when the target is within `reach` of the attacker and in its front arc."""
    close = gap(attacker.pos, attacker.radius, target.pos, target.radius) <= max(reach, 0.01)
    return close and in_front_arc(attacker.pos, attacker.facing, target.pos, target.radius)


def engaged(a: Model, b: Model) -> bool:
    """Two models are engaged when either reaches the other with its CCWR (same level here)."""
    if not (a.alive and b.alive and a.deployed and b.deployed):
        return False
    return reaches(a, b, ccwr(a)) or reaches(b, a, ccwr(b))


def host_of(work: Work, model: Model) -> Squad:
    """The squad a model fights with: its own, or the one its character is attached to."""
    squad = work.squads[model.squad]
    return work.squads[squad.attached_to] if squad.attached_to else squad


def leadership(work: Work, squad: Squad) -> tuple[int, tuple[tuple[str, int], ...]]:
    """The LD a squad tests on and its modifiers: best of own, character, army commander."""
    members = work.alive_in(squad.key)
    best = max((m.stats.ld for m in members), default=1)
    for other in work.squads.values():
        if other.attached_to == squad.key:
            best = max([best, *(m.stats.ld for m in work.alive_in(other.key))])
        if other.army_commander and other.seat == squad.seat:
            for general in work.alive_in(other.key):
                near = any(
                    gap(general.pos, general.radius, m.pos, m.radius) <= ARMY_COMMANDER_RANGE
                    for m in members
                )
                if near and general.deployed:
                    best = max(best, general.stats.ld)
    mods: list[tuple[str, int]] = []
    if squad.lost_commander and not any(m.has("Stay Frosty") for m in members):
        mods.append((Text("lost commander"), -2))
    dissent = 0
    for enemy in work.models.values():
        x = enemy.value("Dissention")
        if enemy.seat == squad.seat or not enemy.alive or x is None:
            continue
        if any(gap(enemy.pos, enemy.radius, m.pos, m.radius) <= DISSENTION_RANGE for m in members):
            dissent = max(dissent, x)
    if dissent:
        mods.append(("Dissention", -dissent))
    return best, tuple(mods)
