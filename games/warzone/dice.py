"""D20 roll-under tests: target numbers from modifiers, power shots, fumbles and single rerolls."""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

from games.text import Text


class NeedDie(Exception):  # noqa: N818 - a signal, not an error
    """Raised inside a resolution when it needs a D20 that chance has not rolled yet."""


class Op(Enum):
    """How a modifier applies: multiply/divide before add/subtract (rulebook §1)."""

    ADD = "+"
    MUL = "x"
    DIV = "/"


@dataclass(frozen=True, slots=True)
class Mod:
    """One named modifier, e.g. Mod('cover', -4) or Mod('Fear', 2, Op.DIV)."""

    label: str
    value: int
    op: Op = Op.ADD

    def text(self) -> Text:
        """'-4 cover', '+2 Battle Focus', '/2 Fear' (the label said in the reader's language)."""
        amount = f"{self.value:+d}" if self.op is Op.ADD else f"{self.op.value}{self.value}"
        return Text.joined(" ", (amount, self.label))


PASS_FAIL = (Text("pass"), Text("fail"))
HIT_MISS = (Text("hit"), Text("miss"))
ON_OFF_TARGET = (Text("on target"), Text("off target"))
"""The verdict words of a test: success first."""


def target_number(base: int, mods: tuple[Mod, ...], cap: int | None = 20) -> int:
    """Multiply/divide (rounding up), then add/subtract; clamp to 1..cap (None: no cap)."""
    value = base
    for mod in mods:
        if mod.op is Op.MUL:
            value = value * mod.value
        elif mod.op is Op.DIV:
            value = math.ceil(value / mod.value)
    value += sum(m.value for m in mods if m.op is Op.ADD)
    value = max(1, value)
    return value if cap is None else min(cap, value)


@dataclass(frozen=True, slots=True)
class Roll:
    """A resolved test: what was tested, base value, modifiers, target number and the die."""

    attr: str
    base: int
    mods: tuple[Mod, ...]
    tn: int
    die: int
    success: bool
    power: bool
    fumble: bool
    label: str = ""
    rerolled: bool = False
    success_word: str = PASS_FAIL[0]
    failure_word: str = PASS_FAIL[1]

    def text(self) -> Text:
        """'RS 12 -2 cover +0 SZ = 10; rolled 7: hit'."""
        sums = Text.joined(
            " ", (f"{self.attr} {self.base}", *(m.text() for m in self.mods), f"= {self.tn}")
        )
        verdict = self.success_word if self.success else self.failure_word
        if self.power:
            verdict = Text("{verdict} (power shot)", verdict=verdict)
        if self.fumble:
            verdict = Text("{verdict} (fumble)", verdict=verdict)
        fields = {"test": sums, "die": self.die, "verdict": verdict}
        if self.rerolled:
            said = Text("{test}; rerolled {die}: {verdict}", **fields)
        else:
            said = Text("{test}; rolled {die}: {verdict}", **fields)
        return Text.joined(": ", (self.label, said)) if self.label else said


def judge(
    die: int,
    attr: str,
    base: int,
    mods: tuple[Mod, ...] = (),
    *,
    cap: int | None = 20,
    label: str = "",
    words: tuple[str, str] = PASS_FAIL,
    natural_one_only: bool = False,
) -> Roll:
    """The verdict of a D20 against an attribute: roll <= TN, 1 always passes, 20 always fails."""
    tn = target_number(base, mods, cap)
    power = die == 1
    fumble = die == 20
    success = power or (not fumble and not natural_one_only and die <= tn)
    return Roll(attr, base, mods, tn, die, success, power, fumble, label, False, *words)


def autohit_roll(label: str) -> Roll:
    """A hit made without a test (templates, stunned targets): never a power shot."""
    return Roll("autohit", 0, (), 0, 0, True, False, False, label, False, *HIT_MISS)


class Dice:
    """The D20s chance has rolled for one resolution, handed out in order."""

    __slots__ = ("_next", "_rolls")

    def __init__(self, rolls: tuple[int, ...]) -> None:
        self._rolls = rolls
        self._next = 0

    def d20(self) -> int:
        """The next logged D20; NeedDie when chance must roll another first."""
        if self._next >= len(self._rolls):
            raise NeedDie
        value = self._rolls[self._next]
        self._next += 1
        return value

    @property
    def used(self) -> int:
        """How many dice the resolution consumed."""
        return self._next

    def test(
        self,
        attr: str,
        base: int,
        mods: tuple[Mod, ...] = (),
        *,
        cap: int | None = 20,
        label: str = "",
        words: tuple[str, str] = PASS_FAIL,
        natural_one_only: bool = False,
    ) -> Roll:
        """Roll a D20 and judge it against the attribute."""
        return judge(
            self.d20(), attr, base, mods, cap=cap, label=label, words=words,
            natural_one_only=natural_one_only,
        )  # fmt: skip

    def reroll(self, roll: Roll, *, cap: int | None = 20) -> Roll:
        """Roll the same test again; a reroll can never be rerolled (rulebook §1)."""
        if roll.rerolled:
            raise ValueError("a rerolled test cannot be rerolled again")
        again = judge(self.d20(), roll.attr, roll.base, roll.mods, cap=cap, label=roll.label)
        return Roll(
            again.attr, again.base, again.mods, again.tn, again.die, again.success, again.power,
            again.fumble, again.label, True, roll.success_word, roll.failure_word,
        )  # fmt: skip
