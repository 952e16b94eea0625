"""Morale (reconstructed section): pinning and break tests, recovery, and who shares the result."""

from __future__ import annotations

from games.text import Text
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
    if kind == "break":
        name = Text("{squad} break test", squad=squad.name)
    else:
        name = Text("{squad} pinning test", squad=squad.name)
    if any(m.has("Unbreakable") for m in members):
        work.say(Text("{test}: passes automatically ({ability})", test=name, ability="Unbreakable"))
        return True
    commander = work.models.get(squad.commander)
    if kind == "break" and commander and commander.alive and commander.has("Disposable"):
        work.say(Text("{test}: passes automatically ({ability})", test=name, ability="Disposable"))
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
    if state is Morale.BROKEN:
        work.say(Text("{squad} is broken", squad=squad.name))
    else:
        work.say(Text("{squad} is pinned", squad=squad.name))
    return False


def recovery_test(work: Work, squad: Squad) -> bool:
    """At the start of its activation a pinned or broken squad tests LD to recover."""
    if squad.morale is Morale.STEADY:
        return True
    members = work.alive_in(squad.key)
    if any(m.has("Unbreakable") for m in members):
        work.put_squad(squad, morale=Morale.STEADY)
        work.say(Text("{squad} recovers automatically (Unbreakable)", squad=squad.name))
        return True
    base, mods = ld_mods(work, squad)
    roll = work.roll(
        work.dice.test("LD", base, mods, label=Text("{squad} recovery test", squad=squad.name))
    )
    if roll.success:
        work.put_squad(squad, morale=Morale.STEADY)
        work.say(Text("{squad} recovers", squad=squad.name))
    return roll.success
