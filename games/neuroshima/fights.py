"""Running a battle from the turn flow: resolve it, file the losses, pass the Mad Bomber on."""

from __future__ import annotations

from dataclasses import replace

from games.neuroshima.attacks import Hit
from games.neuroshima.battle import BattleReport, resolve_battle
from games.neuroshima.queries import next_alive, note
from games.neuroshima.setup import bomber_tile
from games.neuroshima.state import (
    AttackSummary,
    BattleSummary,
    Change,
    DestroyedTile,
    PhaseSummary,
    State,
)


def summarise(state: State, report: BattleReport, final: bool) -> BattleSummary:
    """The replayable summary of a battle: per phase, every hit and every removal."""
    attacks: dict[int, list[AttackSummary]] = {}
    for event in report.events:
        phase, kind, *rest = event
        assert isinstance(phase, int)
        if kind == "hit" and isinstance(rest[0], Hit):
            hit = rest[0]
            attacks.setdefault(phase, []).append(
                AttackSummary(hit.source, hit.target, hit.kind, hit.wounds)
            )
        else:
            attacks.setdefault(phase, [])
    destroyed = tuple(DestroyedTile(r.hex, r.tile.tile, r.tile.owner, r.phase)
                      for r in report.destroyed)  # fmt: skip
    for d in destroyed:
        attacks.setdefault(d.phase, [])
    phases = tuple(
        PhaseSummary(p, tuple(attacks[p]), tuple(d for d in destroyed if d.phase == p))
        for p in sorted(attacks, reverse=True)
    )
    return BattleSummary(
        turn=state.turn,
        final=final,
        before=state.position,
        phases=phases,
        destroyed=destroyed,
        eliminated=report.eliminated,
        hq_hp=report.position.hq_hp,
        log=report.log,
    )


def fight(state: State, final: bool) -> State:
    """Resolve a battle on the current board and bring the state up to date with its result."""
    report = resolve_battle(state.position)
    discards = [list(d) for d in state.discards]
    changes: list[Change] = []
    bomber_off = False
    for r in report.destroyed:
        changes.append(Change("destroyed", r.hex, None, r.tile.tile, r.tile.owner))
        if r.tile.tile == bomber_tile() if state.options.mad_bomber.value != "off" else False:
            bomber_off = True
        elif r.tile.owner is not None:
            discards[r.tile.owner].append(r.tile.tile)
    for h, p in report.position.tiles:
        before = state.tile_at(h)
        if before is not None and before.wounds != p.wounds:
            changes.append(Change("wounded", h, None, p.tile, p.owner))
    state = replace(
        state,
        position=report.position,
        discards=tuple(tuple(d) for d in discards),
        last_battle=summarise(state, report, final),
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
