"""Battle resolution: `resolve_battle(position) -> BattleReport`.

The phase loop lives in battle_run.py (phases, initiative, actions) and battle_end.py (the end
of each phase); attacks.py, medics.py, nets.py and modules.py hold the rules they apply.
Battle-time choices go through one `Chooser` (policy.py); the default favours the owner.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from games.base import Seat
from games.neuroshima.attacks import HIT_KINDS, Hit
from games.neuroshima.battle_run import Event, Outcome, Pending, Run
from games.neuroshima.board import Hex
from games.neuroshima.policy import Chooser, Decision, favour_owner
from games.neuroshima.position import PlacedTile, Position
from games.text import Text


class Removal(NamedTuple):
    """A tile that left the board during a battle, and the phase at whose end it left."""

    hex: Hex
    tile: PlacedTile
    phase: int


@dataclass(frozen=True, slots=True)
class BomberFate:
    """What happened to the Mad Bomber in a battle (the turn flow passes it on)."""

    hex: Hex
    phase: int
    exploded: bool
    """False when it was killed while netted (it then goes on as if it had exploded)."""
    wounded_by: frozenset[Seat]
    """Seats whose attacks wounded it in that phase."""

    @property
    def removed_from_game(self) -> bool:
        """ru: wounded by several players in the same phase, it leaves the game for good."""
        return len(self.wounded_by) > 1


@dataclass(frozen=True, slots=True)
class BattleReport:
    """The result of a battle."""

    position: Position
    """After the battle: surviving tiles with their wounds, HQ hit points (or points)."""
    destroyed: tuple[Removal, ...]
    """Tiles removed, in removal order (tiles removed together sorted by hex)."""
    eliminated: tuple[Seat, ...]
    """Seats whose HQ fell, in the order they fell."""
    points: tuple[int, ...]
    """Points each seat scored in this battle (scoring variant; zeros otherwise)."""
    bomber: BomberFate | None
    """Set when the Mad Bomber was wounded or exploded."""
    events: tuple[Event, ...]
    decisions: tuple[tuple[Decision, int], ...]
    """The battle-time choices taken, with the option index chosen."""

    @property
    def log(self) -> tuple[Text, ...]:
        """Readable lines, one per hit, strike, explosion, Medic, HQ wound and removal."""
        tiles = _tiles_seen(self)
        return tuple(_line(self, e, tiles) for e in self.events if e[1] != "wound")


def resolve_battle(position: Position, choose: Chooser = favour_owner) -> BattleReport:
    """Resolve a battle on `position`; battle-time choices are taken by `choose`."""
    decided: dict[tuple[object, ...], int] = {}
    taken: list[tuple[Decision, int]] = []
    while True:
        try:
            outcome = Run(position, decided, explore=True).run()
        except Pending as pending:
            decision = pending.decision
            index = choose(decision, _simulator(position, decided, decision.key))
            decided[decision.key] = index
            taken.append((decision, index))
            continue
        return _report(position, outcome, tuple(taken))


def _simulator(
    position: Position, decided: dict[tuple[object, ...], int], key: tuple[object, ...]
) -> Callable[[int], BattleReport]:
    fixed = dict(decided)

    def simulate(i: int) -> BattleReport:
        fixed[key] = i
        return _report(position, Run(position, fixed, explore=False).run(), ())

    return simulate


def _report(
    position: Position, out: Outcome, decisions: tuple[tuple[Decision, int], ...]
) -> BattleReport:
    hq_hp = out.hq_hp
    if position.scoring:
        hq_hp = [hp + gained for hp, gained in zip(hq_hp, out.points, strict=True)]
    after = Position(
        tuple(sorted(out.tiles.items())),
        position.armies,
        tuple(hq_hp),
        position.teams,
        position.board,
        position.scoring,
    )
    bomber = None
    if out.bomber is not None:
        bomber = BomberFate(*out.bomber)
    return BattleReport(
        after,
        tuple(Removal(h, t, p) for h, t, p in out.destroyed),
        tuple(out.eliminated),
        tuple(out.points),
        bomber,
        tuple(out.events),
        decisions,
    )


def _line(report: BattleReport, event: Event, tiles: dict[Hex, str]) -> Text:
    label: Callable[[Hex], str] = report.position.board.label
    phase, kind, *rest = event

    def name(h: object) -> str:
        assert isinstance(h, Hex)
        return f"{label(h)} {tiles.get(h, '?')}"

    if kind == "hit":
        hit = rest[0]
        assert isinstance(hit, Hit)
        return Text(
            "phase {phase}: {source} {kind} {wounds} -> {target}",
            phase=phase,
            source=name(hit.source),
            kind=HIT_KINDS[hit.kind],
            wounds=hit.wounds,
            target=name(hit.target),
        )
    if kind == "strike":
        return Text(
            "phase {phase}: {tile} calls an air strike on itself", phase=phase, tile=name(rest[0])
        )
    if kind == "explode":
        return Text("phase {phase}: {tile} explodes", phase=phase, tile=name(rest[0]))
    if kind == "absorb":
        medic, target, source = rest
        return Text(
            "phase {phase}: {medic} absorbs the hit of {source} on {target}",
            phase=phase,
            medic=name(medic),
            source=name(source),
            target=name(target),
        )
    if kind == "hq":
        seat, wounds, hp = rest
        assert isinstance(wounds, int) and isinstance(hp, int)
        return Text.plural(
            "phase {phase}: seat {seat} HQ takes {wounds}, {count} left",
            "phase {phase}: seat {seat} HQ takes {wounds}, {count} left",
            hp,
            phase=phase,
            seat=seat,
            wounds=Text.plural_in_context(
                "wounds an HQ takes", "{count} wound", "{count} wounds", wounds
            ),
        )
    if kind == "points":
        seat, wounds = rest
        assert isinstance(wounds, int)
        return Text.plural(
            "phase {phase}: seat {seat} scores {count} point",
            "phase {phase}: seat {seat} scores {count} points",
            wounds,
            phase=phase,
            seat=seat,
        )
    return Text("phase {phase}: {tile} is removed", phase=phase, tile=name(rest[0]))


def _tiles_seen(report: BattleReport) -> dict[Hex, str]:
    seen = {h: p.tile for h, p in report.position.tiles}
    seen.update((r.hex, r.tile.tile) for r in report.destroyed)
    return seen
