"""One run of a battle's phase loop, with battle-time choices fixed or left to their default.

Rules (cs "BITVY", "VÍCE O INICIATIVĚ", "POUŽÍVÁNÍ SÍTĚ", multiplayer; see docs/rulings.md):
- phases run from the highest initiative present down to 0; a tile acts in a phase when one of
  its actions' current initiative equals the phase; initiative, nets and module links are taken
  again at the start of every phase, and an action whose phase has passed is lost;
- all attacks of a phase use the board as it was at the phase start; wounds, removals and HQ
  damage happen together at the end of the phase;
- with three or more players an eliminated seat's tiles leave the board at the end of the
  phase its HQ fell in; in a duel they stay and fight on to the end of the battle.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from games.base import Seat
from games.neuroshima.attacks import Conversion, Hit, air_strike, fire
from games.neuroshima.battle_end import BONUSES, NETS, settle
from games.neuroshima.board import Hex
from games.neuroshima.modules import Bonus, ModuleLink, action_phases, bonuses, module_links
from games.neuroshima.nets import netted_hexes
from games.neuroshima.policy import Decision
from games.neuroshima.position import PlacedTile, Position, pieces, sides
from games.text import Text

Event = tuple[object, ...]
"""(phase, kind, ...): "hit" Hit | "strike" hex | "explode" hex | "absorb" medic, target,
source | "wound" hex, wounds after the phase | "hq" seat, wounds, hit points left | "points"
seat, points | "removed" hex."""
CLOWN_OPTIONS = (Text("attack"), Text("air strike"))
"""The Clown's choice: attack as printed (the default) or call an air strike on itself."""
NO_CONVERSION = Text("no conversion")
"""The Quartermaster option that leaves the attacks as printed."""


class Pending(Exception):  # noqa: N818 - a control-flow signal, not an error
    """Raised in exploring mode at the first choice not yet decided."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.key)
        self.decision = decision


@dataclass(slots=True)
class Outcome:
    """What a run leaves behind (turned into a BattleReport by battle.py)."""

    tiles: dict[Hex, PlacedTile]
    hq_hp: list[int]
    points: list[int]
    destroyed: list[tuple[Hex, PlacedTile, int]] = field(default_factory=list)
    eliminated: list[Seat] = field(default_factory=list)
    bomber: tuple[Hex, int, bool, frozenset[Seat]] | None = None
    events: list[Event] = field(default_factory=list)


class Run:
    """The phase loop of one battle."""

    def __init__(
        self, position: Position, decided: Mapping[tuple[object, ...], int], explore: bool
    ) -> None:
        self.position = position
        self.decided = decided
        self.explore = explore
        self.sides = sides(position)
        self.pieces = pieces(position)
        self.origin = position.by_hex()
        self.board = position.board
        self.bomber = next((h for h, p in self.pieces.items() if p.facts.bomber), None)
        self.slots_used: dict[Hex, list[bool]] = {}
        self.extra_used: dict[Hex, int] = {}
        self.quartermasters_used: set[Hex] = set()
        self.out = Outcome({}, list(position.hq_hp), [0] * len(position.armies))
        self.netted: frozenset[Hex] = frozenset()
        self.links: dict[Hex, ModuleLink] = {}
        self.bonus: dict[Hex, Bonus] = {}
        self.medics = False
        self.plan: dict[Hex, tuple[list[int], int]] = {}
        self.schedule: dict[int, list[Hex]] = {}

    def choose(self, decision: Decision) -> int:
        """The option taken for `decision`: fixed, or the default, or stop to ask."""
        got = self.decided.get(decision.key)
        if got is not None:
            return got
        if self.explore:
            raise Pending(decision)
        return 0

    def look(self, changes: int = NETS | BONUSES) -> None:
        """Take nets, module links, bonuses and who acts when afresh, as far as `changes` need."""
        ps = self.pieces
        if not changes & (NETS | BONUSES):
            # Only Medics left: they drop out of absorb(); nothing else depends on them.
            return
        if changes & NETS:
            before = self.netted
            self.netted = netted_hexes(ps, self.sides, self.board)
            if not changes & BONUSES and self.netted == {h for h in before if h in ps}:
                return
        netted = self.netted
        self.links = module_links(ps, self.sides, netted, self.board)
        self.bonus = bonus = bonuses(ps, self.sides, netted, self.links, self.board)
        self.medics = False
        for m in self.links:
            if ps[m].facts.effect.medic:
                self.medics = True
                break
        plan: dict[Hex, tuple[list[int], int]] = {}
        schedule: dict[int, list[Hex]] = {}
        for h, p in ps.items():
            initiative = p.facts.initiative
            if not initiative or h in netted:
                continue
            b = bonus.get(h)
            if b is None:
                standard, extra = plan[h] = (list(initiative), 0)
            else:
                standard, extra = plan[h] = action_phases(initiative, b)
            for v in standard:
                acting = schedule.get(v)
                if acting is None:
                    schedule[v] = [h]
                elif acting[-1] != h:
                    acting.append(h)
            if extra:
                low = min(standard)
                for v in range(low - extra, low):
                    schedule.setdefault(v, []).append(h)
        self.plan = plan
        self.schedule = schedule

    def run(self) -> Outcome:
        """Resolve every phase and return what is left."""
        self.look()
        changes = 0
        for phase in range(max(self.schedule, default=0), -1, -1):
            if changes:
                self.look(changes)
            changes = self.phase(phase)
        out = self.out
        for h, p in self.pieces.items():
            placed = self.origin[h]
            if placed.wounds != p.wounds:
                placed = PlacedTile(placed.tile, placed.owner, placed.facing, p.wounds)
            out.tiles[h] = placed
        return out

    def actions(self, h: Hex, phase: int) -> int:
        """How many actions the fighter on `h` takes in `phase` (marking them used)."""
        standard, extra = self.plan[h]
        used = self.slots_used.get(h)
        if used is None:
            used = self.slots_used[h] = [False] * len(standard)
        count = 0
        for i, v in enumerate(standard):
            if v == phase and not used[i]:
                used[i] = True
                count += 1
        if extra:
            # Extra actions follow the current last standard one; a passed one is lost.
            j = min(standard) - 1 - phase
            if self.extra_used.get(h, 0) <= j < extra:
                self.extra_used[h] = j + 1
                count += 1
        return count

    def phase(self, phase: int) -> int:
        """Resolve one phase; True when nets, links or bonuses must be taken afresh."""
        actors = self.schedule.get(phase)
        if not actors:
            return 0
        hits: list[Hit] = []
        strikes: set[Hex] = set()
        events = self.out.events
        for h in actors:
            p = self.pieces.get(h)
            if p is None:
                continue
            for k in range(self.actions(h, phase)):
                if p.facts.clown and self.clown_strikes(h, phase, k):
                    strikes.add(h)
                    before = len(hits)
                    air_strike(h, p, self.pieces, self.board, hits)
                    events.append((phase, "strike", h))
                    events += [(phase, "hit", hit) for hit in hits[before:]]
                    continue
                conversions = self.conversions(h, phase, k)
                before = len(hits)
                fire(
                    h,
                    p,
                    self.bonus.get(h),
                    conversions,
                    self.pieces,
                    self.sides,
                    self.netted,
                    self.board,
                    hits,
                )
                events += [(phase, "hit", hit) for hit in hits[before:]]
        if not hits and not strikes:
            return 0
        return settle(self, phase, hits, strikes)

    def clown_strikes(self, h: Hex, phase: int, k: int) -> bool:
        """The Clown's choice: attack as printed (option 0) or strike itself (option 1)."""
        seat = self.sides.seat(self.pieces[h].side)
        assert seat is not None
        d = Decision(("clown", h, phase, k), seat, "clown", phase, h, CLOWN_OPTIONS)
        return self.choose(d) == 1

    def conversions(self, h: Hex, phase: int, k: int) -> tuple[Conversion, ...]:
        """Quartermaster conversions chosen for this action (one per working Quartermaster)."""
        b = self.bonus.get(h)
        if b is None or not b.quartermasters:
            return ()
        p = self.pieces[h]
        seat = self.sides.seat(p.side)
        assert seat is not None
        chosen: list[Conversion] = []
        for qm in sorted(b.quartermasters):
            if qm in self.quartermasters_used:
                continue
            taken = {c.direction for c in chosen}
            options = [
                Conversion(d, to_ranged)
                for d, melee, ranged, _ in p.facts.attacks
                if d not in taken
                for to_ranged in (True, False)
                if (melee if to_ranged else ranged)
            ]
            if not options:
                continue
            labels = (NO_CONVERSION, *(_conversion_label(c) for c in options))
            key = ("quartermaster", qm, h, phase, k)
            i = self.choose(Decision(key, seat, "quartermaster", phase, h, labels))
            if i:
                chosen.append(options[i - 1])
                self.quartermasters_used.add(qm)
        return tuple(chosen)


def _conversion_label(c: Conversion) -> Text:
    if c.to_ranged:
        return Text("melee to ranged towards {direction}", direction=c.direction)
    return Text("ranged to melee towards {direction}", direction=c.direction)
