"""A small menu of sensible actions for the active model (bots, tests and autocomplete)."""

from __future__ import annotations

from games.warzone import actions as a
from games.warzone.activation import activation_models
from games.warzone.geometry import dist, heading, offset
from games.warzone.profiles import weapon
from games.warzone.shooting import can_shoot_at, priority_targets
from games.warzone.state import State
from games.warzone.work import Work, ccwr, reaches


def suggested_actions(state: State) -> list[object]:
    """Shots at priority targets, fights, a charge, walks toward the enemy, ends."""
    work = Work(state)
    assert state.active_squad is not None
    out: list[object] = []
    members = [m for m in activation_models(work, state.active_squad) if not m.finished]
    stray = [m for m in members if m.out_of_coherency and not m.started]
    active = [m for m in members if m.key == state.active_model]
    for m in (active or stray or members)[:1]:
        if m.ap <= 0 and m.started:
            continue
        enemies = work.enemies_of(m)
        if "close combat" not in m.actions:
            for wkey in m.weapons:
                w = weapon(wkey)
                if w.kind == "CC":
                    foes = [e for e in enemies if reaches(m, e, w.range_inches(m.stats.st))]
                    if foes:
                        out.append(a.Fight(m.key, wkey, (foes[0].key,)))
        if "shooting" not in m.actions and not work.engaged_with(m):
            targets = priority_targets(work, m)
            for wkey in m.weapons:
                w = weapon(wkey)
                if w.kind in ("CC", "GR") or w.template or wkey in m.empty:
                    continue
                for t in targets[:1]:
                    if can_shoot_at(work, m, w, t)[0] is None:
                        out.append(a.Shoot(m.key, wkey, (t.key,)))
        if enemies and not work.engaged_with(m):
            near = min(enemies, key=lambda e: (dist(e.pos, m.pos), e.key))
            if "charge" not in m.actions and dist(near.pos, m.pos) - ccwr(m) < 2 * m.stats.sp:
                out.append(a.Charge(m.key, near.key))
            if "walk" not in m.actions:
                step = min(m.stats.sp - 3.1, max(0.0, dist(near.pos, m.pos) - 3.0))
                if step > 0.2:
                    out.append(a.Walk(m.key, (offset(m.pos, heading(m.pos, near.pos), step),)))
        out.append(a.EndModel(m.key))
    out.append(a.EndActivation())
    return out
