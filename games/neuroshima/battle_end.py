"""The end of a phase: explosions, Medics, wounds, HQ damage, removals and eliminations.

Rules (cs "BITVY", "POUŽITÍ MEDIKŮ", multiplayer and scoring rules; ru Mad Bomber; see
docs/rulings.md):
- a Trap hit by an enemy attack through its trigger edge and the Mad Bomber when wounded explode
  in the same phase (not while netted); neither can be saved by a Medic;
- HQ wounds count at the end of the phase; in the scoring variant they score for the attacker's
  seat instead (not for hits on one's own or allied HQs, so Moloch's hits on allies never score);
- everything destroyed in a phase leaves the board together at its end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.neuroshima.attacks import GAUSS, MELEE, RANGED, Hit, blast
from games.neuroshima.board import Hex
from games.neuroshima.medics import Group, hit_groups, medic_choices
from games.neuroshima.policy import Decision
from games.text import Text

if TYPE_CHECKING:
    from games.neuroshima.battle_run import Run

ATTACKS = (MELEE, RANGED, GAUSS)
NO_ABSORPTION = Text("none")
"""The Medic option that absorbs nothing."""


def explode(run: Run, phase: int, hits: list[Hit]) -> set[Hex]:
    """Traps and the Mad Bomber set off by this phase's hits (chain reactions included)."""
    exploded: set[Hex] = set()
    ps = run.pieces
    enemy = run.sides.enemy
    i = 0
    while i < len(hits):
        hit = hits[i]
        i += 1
        t = hit.target
        if t in exploded or t in run.netted:
            continue
        q = ps[t]
        f = q.facts
        if f.trap:
            if not (
                hit.kind in ATTACKS
                and hit.edge >= 0
                and f.trigger[hit.edge]
                and enemy[hit.side][q.side]
            ):
                continue
        elif not f.bomber:
            continue
        exploded.add(t)
        run.out.events.append((phase, "explode", t))
        before = len(hits)
        blast(t, q, ps, run.sides, run.board, hits)
        for extra in hits[before:]:
            run.out.events.append((phase, "hit", extra))
    return exploded


def absorb(
    run: Run, phase: int, groups: dict[Group, int], unsavable: set[Hex], gone: set[Hex]
) -> set[Group]:
    """Let every side's free Medics take hits; returns the absorbed (target, source) groups."""
    ps = run.pieces
    bonus = run.bonus
    absorbed: set[Group] = set()
    for t, _ in groups:
        b = bonus.get(t)
        if b is not None and b.medics:
            break
    else:
        return absorbed
    hit_tiles = {t for t, _ in groups}
    by_seat: dict[int, list[Hex]] = {}
    for m, link in run.links.items():
        p = ps.get(m)
        if (
            p is not None
            and link.controller is not None
            and p.facts.effect.medic
            and m not in hit_tiles
        ):
            by_seat.setdefault(link.controller, []).append(m)
    if not by_seat:
        return absorbed
    protects = {
        m: frozenset(t for t in run.links[m].hexes if t in bonus and m in bonus[t].medics)
        for ms in by_seat.values()
        for m in ms
    }
    used: set[Hex] = set()
    for seat in sorted(by_seat):
        free = [m for m in by_seat[seat] if m not in used]
        left = {g: w for g, w in groups.items() if g not in absorbed}
        choices = medic_choices(free, protects, left, unsavable)
        if not choices:
            continue
        i = 0
        if len(choices) > 1:
            labels = tuple(
                Text.joined(
                    "; ",
                    (
                        Text(
                            "{medic} absorbs {source} -> {target}",
                            medic=_name(run, m),
                            source=_name(run, s),
                            target=_name(run, t),
                        )
                        for (t, s), m in zip(c.absorbed, c.consumed, strict=True)
                    ),
                )
                or NO_ABSORPTION
                for c in choices
            )
            key = ("medic", phase, seat)
            i = run.choose(Decision(key, seat, "medic", phase, min(free), labels))
        c = choices[i]
        absorbed.update(c.absorbed)
        used.update(c.used)
        gone.update(c.consumed)
        for (t, s), m in zip(c.absorbed, c.consumed, strict=True):
            run.out.events.append((phase, "absorb", m, t, s))
    return absorbed


def _name(run: Run, h: Hex) -> str:
    return f"{run.board.label(h)} {run.origin[h].tile}"


NETS = 1
"""A net thrower left: nets, and everything after them, must be taken afresh."""
BONUSES = 2
"""A module (other than a Medic) or an HQ left: links and bonuses must be taken afresh."""
MEDICS = 4
"""Only Medics among the modules left: they just stop being available."""


def settle(run: Run, phase: int, hits: list[Hit], strikes: set[Hex]) -> int:
    """Apply the phase's hits; returns what the removals change (NETS | BONUSES | MEDICS)."""
    ps = run.pieces
    s = run.sides
    out = run.out
    exploded = explode(run, phase, hits)
    groups = hit_groups(hits)
    source_side = {hit.source: hit.side for hit in hits}
    bomber = run.bomber if run.bomber in ps else None
    unsavable = strikes | exploded
    if bomber is not None:
        unsavable.add(bomber)
    gone = set(unsavable) - ({bomber} if bomber is not None else set())
    absorbed = absorb(run, phase, groups, unsavable, gone) if run.medics else set()
    damage: dict[Hex, int] = {}
    wounded: set[Hex] = set()
    for (t, src), w in groups.items():
        if (t, src) in absorbed:
            continue
        q = ps[t]
        if q.facts.is_hq:
            side = source_side[src]
            if not run.position.scoring:
                damage[t] = damage.get(t, 0) + w
            elif side != s.neutral and s.enemy[side][q.side]:
                out.points[side] += w
                out.events.append((phase, "points", side, w))
        else:
            q.wounds += w
            wounded.add(t)
            if q.wounds >= q.facts.hit_points:
                gone.add(t)
    if bomber is not None:
        by = frozenset(source_side[src] for t, src in groups if t == bomber)
        if by or bomber in exploded:
            gone.add(bomber)
            seats = frozenset(x for x in by if x != s.neutral)
            out.bomber = (bomber, phase, bomber in exploded, seats)
    fallen: list[int] = []
    for h in sorted(damage):
        side = ps[h].side
        hp = out.hq_hp[side] - damage[h]
        out.hq_hp[side] = max(hp, 0)
        out.events.append((phase, "hq", side, damage[h], max(hp, 0)))
        if hp <= 0:
            gone.add(h)
            fallen.append(side)
    if fallen:
        out.eliminated.extend(sorted(fallen))
        if len(run.position.armies) > 2:
            gone.update(h for h, p in ps.items() if p.side in fallen)
    # The replay shows every survivor's wounds after the phase; a Medic's save shows none.
    for h in sorted(wounded - gone):
        out.events.append((phase, "wound", h, ps[h].wounds))
    changes = 0
    for h in sorted(gone):
        f = ps.pop(h).facts
        # Removing a plain unit changes no net, link or HQ ability: the old view still holds.
        if f.nets:
            changes |= NETS
        if f.is_hq or (f.is_module and not f.medic_only):
            changes |= BONUSES
        elif f.is_module:
            changes |= MEDICS
        out.destroyed.append((h, run.origin[h], phase))
        out.events.append((phase, "removed", h))
    return changes
