"""Morale (reconstructed section): pinning and break tests, recovery, and who shares the result."""

from __future__ import annotations

from games.warzone.dice import Mod
from games.warzone.state import Morale, Squad
from games.warzone.work import Work, leadership

HALF_STRENGTH_BREAK = True
"""Gap-fill: a squad first reduced to half its starting models or fewer tests break."""


def ld_mods(work: Work, squad: Squad) -> tuple[int, tuple[Mod, ...]]:
    """The LD a squad uses and its modifiers as Mods."""
    base, mods = leadership(work, squad)
    return base, tuple(Mod(label, value) for label, value in mods)


def _contempt(work: Work, squad: Squad, cause_faction: str | None) -> bool:
    if cause_faction is None:
        return False
    for m in work.alive_in(squad.key):
        for text in m.abilities:
            if text.startswith("Contempt(") and cause_faction.startswith(text[9:-1]):
                return True
    return False


def morale_test(work: Work, squad: Squad, kind: str, cause_faction: str | None = None) -> bool:
    """A pinning or break test ('pinning'/'break'); applies the result and returns the pass."""
    members = work.alive_in(squad.key)
    if not members:
        return True
    name = f"{squad.name} {kind} test"
    if any(m.has("Unbreakable") for m in members):
        work.say(f"{name}: passes automatically (Unbreakable)")
        return True
    commander = work.models.get(squad.commander)
    if kind == "break" and commander and commander.alive and commander.has("Disposable"):
        work.say(f"{name}: passes automatically (Disposable)")
        return True
    base, mods = ld_mods(work, squad)
    roll = work.dice.test("LD", base, mods, label=name)
    if not roll.success and _contempt(work, squad, cause_faction):
        work.roll(roll)
        roll = work.dice.reroll(roll)
    work.roll(roll)
    if roll.success:
        return True
    state = Morale.BROKEN if kind == "break" or squad.morale is Morale.BROKEN else Morale.PINNED
    if kind == "break" and squad.morale is Morale.STEADY:
        state = Morale.BROKEN
    work.put_squad(squad, morale=state)
    work.say(f"{squad.name} is {state.value}")
    return False


def recovery_test(work: Work, squad: Squad) -> bool:
    """At the start of its activation a pinned or broken squad tests LD to recover."""
    if squad.morale is Morale.STEADY:
        return True
    members = work.alive_in(squad.key)
    if any(m.has("Unbreakable") for m in members):
        work.put_squad(squad, morale=Morale.STEADY)
        work.say(f"{squad.name} recovers automatically (Unbreakable)")
        return True
    base, mods = ld_mods(work, squad)
    roll = work.roll(work.dice.test("LD", base, mods, label=f"{squad.name} recovery test"))
    if roll.success:
        work.put_squad(squad, morale=Morale.STEADY)
        work.say(f"{squad.name} recovers")
    return roll.success
