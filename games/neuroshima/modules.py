"""Modules and HQ abilities: which hexes each module reaches and what every tile gets from them.

Rules (cs "MODULY", "Jakýkoli modul musí být přímo připojen", team rules, army lists; see
docs/rulings.md):
- a module works through its link edges on the adjacent hex (a long link also on the next hex
  in the same direction, whatever stands on the first); a netted module gives nothing;
- modules help friendly (own and allied) units and HQs, never through another tile; a module
  linked to a module gives it nothing, except that a Medic protects a linked Medic (chains);
- the Saboteur lowers the initiative of linked enemy units;
- the Scoper takes over linked enemy modules: they then serve the Scoper's side instead;
- an HQ gives its ability to adjacent friendly units, never to itself, and not while netted.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from games.neuroshima.board import Board, Hex
from games.neuroshima.lines import neighbour_table, ray_table
from games.neuroshima.sides import Piece, Sides


@dataclass(frozen=True, slots=True)
class ModuleLink:
    """A working module: the side it serves and the hexes its links reach."""

    controller: int | None
    """The side served: its owner's, a Scoper's after a take-over, None if contested."""
    hexes: tuple[Hex, ...]


class Bonus:
    """Everything modules and HQs give one tile at this moment (built up, then only read)."""

    __slots__ = ("extra", "initiative", "medics", "melee", "mobility", "quartermasters", "ranged")

    def __init__(self) -> None:
        self.melee = 0
        self.ranged = 0
        self.initiative = 0
        self.extra = 0
        """Extra actions in the phases after the tile's last standard one."""
        self.medics: tuple[Hex, ...] = ()
        self.quartermasters: tuple[Hex, ...] = ()
        self.mobility = False

    def __repr__(self) -> str:
        return (
            f"Bonus(melee={self.melee}, ranged={self.ranged}, initiative={self.initiative}, "
            f"extra={self.extra}, medics={self.medics}, quartermasters={self.quartermasters}, "
            f"mobility={self.mobility})"
        )


_REACH: dict[tuple[int, Hex, tuple[tuple[int, int], ...]], tuple[Hex, ...]] = {}


def reach(h: Hex, links: tuple[tuple[int, int], ...], board: Board) -> tuple[Hex, ...]:
    """The board hexes reached from `h` by these (direction, reach) links."""
    key = (board.radius, h, links)
    found = _REACH.get(key)
    if found is None:
        rays = ray_table(board)[h]
        found = _REACH[key] = tuple(t for d, steps in links for t in rays[d][:steps])
    return found


def module_links(
    pieces: Mapping[Hex, Piece], sides: Sides, netted: Collection[Hex], board: Board
) -> dict[Hex, ModuleLink]:
    """Every working (un-netted) module and what it reaches, after Scoper take-overs."""
    reached: dict[Hex, tuple[Hex, ...]] = {}
    captors: dict[Hex, set[int]] = {}
    for h, p in pieces.items():
        f = p.facts
        if not f.is_module or h in netted:
            continue
        reached[h] = reach(h, f.links, board)
    for h, hexes in reached.items():
        p = pieces[h]
        if not p.facts.effect.take_over_enemy_module:
            continue
        for t in hexes:
            q = pieces.get(t)
            # A Scoper never takes over a Scoper: mutual take-overs would have no answer.
            if (
                q is not None
                and t in reached
                and sides.enemy[p.side][q.side]
                and not q.facts.effect.take_over_enemy_module
            ):
                captors.setdefault(t, set()).add(p.side)
    links: dict[Hex, ModuleLink] = {}
    for h, hexes in reached.items():
        controller: int | None = pieces[h].side
        taken = captors.get(h)
        if taken:
            first = min(taken)
            controller = first if all(sides.friend[first][s] for s in taken) else None
        links[h] = ModuleLink(controller, hexes)
    return links


def bonuses(
    pieces: Mapping[Hex, Piece],
    sides: Sides,
    netted: Collection[Hex],
    links: Mapping[Hex, ModuleLink],
    board: Board,
) -> dict[Hex, Bonus]:
    """What each tile gets right now from working modules and HQs (tiles with nothing omitted)."""
    out: dict[Hex, Bonus] = {}
    for h, link in links.items():
        side = link.controller
        if side is None:
            continue
        e = pieces[h].facts.effect
        helps = (
            e.melee_plus
            or e.ranged_plus
            or e.initiative_plus
            or e.extra_initiative
            or e.grant_mobility
            or e.convert_attack
        )
        for t in link.hexes:
            q = pieces.get(t)
            if q is None:
                continue
            friendly = sides.friend[side][q.side]
            if e.medic and friendly:
                b = out.get(t) or out.setdefault(t, Bonus())
                b.medics += (h,)
            if not q.facts.is_fighter:
                continue
            if friendly:
                if not helps:
                    continue
                b = out.get(t) or out.setdefault(t, Bonus())
                b.melee += e.melee_plus
                b.ranged += e.ranged_plus
                b.initiative += e.initiative_plus
                b.extra += e.extra_initiative
                b.mobility = b.mobility or e.grant_mobility
                if e.convert_attack:
                    b.quartermasters += (h,)
            elif e.enemy_initiative_minus and sides.enemy[side][q.side]:
                out.setdefault(t, Bonus()).initiative -= e.enemy_initiative_minus
    around = neighbour_table(board)
    for h, p in pieces.items():
        f = p.facts
        if not f.is_hq or h in netted or f.effect.is_empty:
            continue
        e = f.effect
        friend = sides.friend[p.side]
        for n in around[h]:
            if n is None:
                continue
            q = pieces.get(n)
            if q is None or not q.facts.is_unit or not friend[q.side]:
                continue
            b = out.get(n) or out.setdefault(n, Bonus())
            b.melee += e.melee_plus
            b.ranged += e.ranged_plus
            b.initiative += e.initiative_plus
            b.extra += e.extra_initiative
    return out


def action_phases(initiative: tuple[int, ...], bonus: Bonus | None) -> tuple[list[int], int]:
    """The phases of a fighter's standard actions now, and of its extra actions.

    Initiative never drops below 0 (cs "VÍCE O INICIATIVĚ"). Each extra action comes in the
    phase after the last action before it; one that would fall below 0 is lost. Returned as
    (standard phases by printed slot, number of extra slots that still fit).
    """
    if bonus is None:
        return list(initiative), 0
    delta = bonus.initiative
    standard = [v + delta if v + delta > 0 else 0 for v in initiative]
    if not standard or not bonus.extra:
        return standard, 0
    return standard, min(bonus.extra, min(standard))
