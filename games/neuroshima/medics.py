"""Medics: the ways a side's Medics may absorb the hits of one phase.

Rules (cs "MEDIK", "POUŽITÍ MEDIKŮ"; see docs/rulings.md):
- a Medic cancels every wound one enemy tile deals in the phase to one friendly tile it links
  to, and is then discarded; it cannot be switched off, so while a linked hit is left and the
  Medic is free it must take one (the owner picks which);
- a Medic hit in the same phase is destroyed first and heals nobody; a netted one heals nobody;
- when Medic 1 absorbs and Medic 2 links to Medic 1 (not back), Medic 2 is discarded instead;
  two Medics linked to each other: the owner picks which one goes;
- the Clown that strikes, an exploding Trap and the Mad Bomber cannot be saved.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

from games.neuroshima.attacks import Hit
from games.neuroshima.board import Hex

Group = tuple[Hex, Hex]
"""(target, source): all wounds one tile deals to another in a phase."""


@dataclass(frozen=True, slots=True)
class MedicChoice:
    """One way to use a side's Medics in a phase."""

    absorbed: tuple[Group, ...]
    consumed: tuple[Hex, ...]
    """The Medic discarded for each absorbed group, in the same order."""
    used: tuple[Hex, ...]
    """Medics that acted (absorbed, or passed the hit along a chain)."""


def hit_groups(hits: Iterable[Hit]) -> dict[Group, int]:
    """Wounds per (target, source) pair."""
    groups: dict[Group, int] = {}
    for hit in hits:
        key = (hit.target, hit.source)
        groups[key] = groups.get(key, 0) + hit.wounds
    return groups


def medic_choices(
    medics: Collection[Hex],
    protects: Mapping[Hex, frozenset[Hex]],
    groups: Mapping[Group, int],
    unsavable: Collection[Hex],
) -> list[MedicChoice]:
    """Every allowed use of these free Medics (one side's) against this phase's hit groups.

    `protects[m]` is the set of tiles Medic m links to. The first choice is the default one.
    """
    free = sorted(medics)
    wanted = sorted(
        g for g in groups if g[0] not in unsavable and any(g[0] in protects[m] for m in free)
    )
    if not wanted:
        return []
    found: dict[tuple[frozenset[Group], frozenset[Hex]], MedicChoice] = {}

    def ends(m: Hex, used: frozenset[Hex]) -> list[tuple[Hex, frozenset[Hex]]]:
        nexts = [n for n in free if n not in used and m in protects[n]]
        out: list[tuple[Hex, frozenset[Hex]]] = []
        if all(n in protects[m] for n in nexts):
            out.append((m, used))
        for n in nexts:
            out.extend(ends(n, used | {n}))
        return out

    def walk(
        i: int, used: frozenset[Hex], absorbed: tuple[Group, ...], gone: tuple[Hex, ...]
    ) -> None:
        if i == len(wanted):
            left = [g for g in wanted if g not in absorbed]
            if any(g[0] in protects[m] for g in left for m in free if m not in used):
                return
            key = (frozenset(absorbed), frozenset(gone))
            if key not in found:
                found[key] = MedicChoice(absorbed, gone, tuple(sorted(used)))
            return
        g = wanted[i]
        for m in free:
            if m in used or g[0] not in protects[m]:
                continue
            for end, after in ends(m, used | {m}):
                walk(i + 1, after, (*absorbed, g), (*gone, end))
        walk(i + 1, used, absorbed, gone)

    walk(0, frozenset(), (), ())
    return list(found.values())
