"""Running a battle from the turn flow: resolve it, file the losses, pass the Mad Bomber on."""

from __future__ import annotations

from dataclasses import replace

from games.neuroshima.attacks import Hit
from games.neuroshima.battle import BattleReport, resolve_battle
from games.neuroshima.board import Hex
from games.neuroshima.queries import changed, is_hq, next_alive, note
from games.neuroshima.setup import bomber_tile
from games.neuroshima.state import (
    Absorption,
    AttackSummary,
    BattleSummary,
    Change,
    DestroyedTile,
    Highlight,
    PhaseSummary,
    State,
    add_highlight,
)


class _Phase:
    """What the events of one phase say, gathered while walking them."""

    def __init__(self) -> None:
        self.attacks: list[AttackSummary] = []
        self.absorbed: list[Absorption] = []
        self.removed: set[Hex] = set()


def summarise(state: State, report: BattleReport, final: bool) -> BattleSummary:
    """The replayable summary of a battle: per phase, every hit, Medic save and removal, and
    the HQ hit points and wounds the phase left (all from the resolver's own events)."""
    before = state.position
    phases: dict[int, _Phase] = {}
    hp = list(before.hq_hp)
    wounds = {h: p.wounds for h, p in before.tiles if p.wounds}
    after: dict[int, tuple[tuple[int, ...], tuple[tuple[Hex, int], ...]]] = {}
    current: int | None = None
    for event in report.events:
        phase, kind, *rest = event
        assert isinstance(phase, int)
        if phase != current:
            if current is not None:
                after[current] = (tuple(hp), tuple(sorted(wounds.items())))
            current = phase
        acc = phases.setdefault(phase, _Phase())
        if kind == "hit" and isinstance(rest[0], Hit):
            hit = rest[0]
            acc.attacks.append(AttackSummary(hit.source, hit.target, hit.kind, hit.wounds))
        elif kind == "absorb":
            medic, target, source = rest
            assert isinstance(medic, Hex) and isinstance(target, Hex) and isinstance(source, Hex)
            acc.absorbed.append(Absorption(medic, target, source))
        elif kind == "wound":
            h, count = rest
            assert isinstance(h, Hex) and isinstance(count, int)
            wounds[h] = count
        elif kind == "hq":
            seat, _, left = rest
            assert isinstance(seat, int) and isinstance(left, int)
            hp[seat] = left
        elif kind == "points":
            seat, gained = rest
            assert isinstance(seat, int) and isinstance(gained, int)
            hp[seat] += gained
        elif kind == "removed":
            h = rest[0]
            assert isinstance(h, Hex)
            acc.removed.add(h)
            wounds.pop(h, None)
    if current is not None:
        after[current] = (tuple(hp), tuple(sorted(wounds.items())))
    destroyed = tuple(DestroyedTile(r.hex, r.tile.tile, r.tile.owner, r.phase, r.tile.facing)
                      for r in report.destroyed)  # fmt: skip
    summaries = []
    for p in sorted(phases, reverse=True):
        acc = phases[p]
        hq_hp, left = after[p]
        lost = tuple(d for d in destroyed if d.phase == p)
        summaries.append(
            PhaseSummary(p, tuple(acc.attacks), lost, hq_hp, left, tuple(acc.absorbed))
        )
    return BattleSummary(
        turn=state.turn,
        final=final,
        before=before,
        phases=tuple(summaries),
        destroyed=destroyed,
        eliminated=report.eliminated,
        hq_hp=report.position.hq_hp,
        log=report.log,
    )


def highlight(state: State, report: BattleReport, final: bool) -> Highlight:
    """The key-moment record of a battle fought on `state`'s board."""
    before, after = state.position.hq_hp, report.position.hq_hp
    seats = range(len(before))
    lost = [0 for _ in seats]
    for r in report.destroyed:
        if r.tile.owner is not None and r.tile.owner >= 0:
            lost[r.tile.owner] += 1
    scoring = state.options.scoring
    return Highlight(
        turn=state.turn,
        kind="final_battle" if final else "battle",
        hq_damage=tuple(0 if scoring else max(0, before[s] - after[s]) for s in seats),
        points=tuple(report.points) if scoring else tuple(0 for _ in seats),
        destroyed=tuple(lost),
        eliminated=report.eliminated,
    )


def fight(state: State, final: bool) -> State:
    """Resolve a battle on the current board and bring the state up to date with its result."""
    report = resolve_battle(state.position)
    discards = [list(d) for d in state.discards]
    changes: list[Change] = []
    for event in report.events:
        if event[1] == "absorb":
            medic, target = event[2], event[3]
            assert isinstance(medic, Hex) and isinstance(target, Hex)
            saved = state.tile_at(target)
            if saved is not None:
                changes.append(changed("healed", target, medic, saved))
    bomber_off = False
    for r in report.destroyed:
        t = r.tile
        changes.append(Change("destroyed", r.hex, None, t.tile, t.owner, t.facing, t.wounds))
        if r.tile.tile == bomber_tile() if state.options.mad_bomber.value != "off" else False:
            bomber_off = True
        elif r.tile.owner is not None:
            discards[r.tile.owner].append(r.tile.tile)
    hp_before, hp_after = state.position.hq_hp, report.position.hq_hp
    for h, p in report.position.tiles:
        before = state.tile_at(h)
        if before is not None and before.wounds != p.wounds:
            changes.append(Change("wounded", h, None, p.tile, p.owner, p.facing, p.wounds))
        elif is_hq(p) and p.owner is not None and hp_after[p.owner] < hp_before[p.owner]:
            # An HQ's wounds are its hit points: a surviving HQ that lost some is a change too.
            lost = hp_before[p.owner] - hp_after[p.owner]
            changes.append(Change("wounded", h, None, None, p.owner, p.facing, lost))
    state = replace(
        state,
        position=report.position,
        discards=tuple(tuple(d) for d in discards),
        last_battle=summarise(state, report, final),
        highlights=add_highlight(state.highlights, highlight(state, report, final)),
    )
    state = note(state, changes)
    fate = report.bomber
    if bomber_off or (fate is not None and not _on_board(state)):
        if fate is not None and fate.removed_from_game:
            return replace(state, bomber_gone=True, bomber_holder=None)
        wounder = min(fate.wounded_by) if fate is not None and fate.wounded_by else state.active
        # ru: it goes to the player after the one who set it off.
        return replace(state, bomber_holder=next_alive(state, wounder))
    return state


def _on_board(state: State) -> bool:
    bomber = bomber_tile()
    return any(p.tile == bomber for _, p in state.position.tiles)
