"""The catalogue fuzz as a hypothesis state machine (the short run CI does on every push).

Each example opens a fresh world (tests/fuzz/catalogue.py: a SQLite store with games of every
kind in every life stage) and takes steps: commands from the whole catalogue with legal, nearly
legal and hostile option values, from players, other players and strangers, console lines,
legal moves and time passing. After every step: no internal error, every rejection coded, the
store unchanged by a rejection, logs that replay to the state. The long run is
`tools/fuzz_catalogue.py --steps N`.
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar

from hypothesis import Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from tests.fuzz.catalogue import Tally, World

T = TypeVar("T")


class DrawChooser:
    """Choices drawn by hypothesis (so a failing run shrinks and replays)."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def pick(self, options: Sequence[T]) -> T:
        """One of `options`."""
        return self.data.draw(st.sampled_from(options))

    def chance(self, p: float) -> bool:
        """True with probability about `p`."""
        return self.data.draw(st.integers(0, 999)) < p * 1000

    def number(self, low: int, high: int) -> int:
        """A whole number in [low, high]."""
        return self.data.draw(st.integers(low, high))


class CatalogueFuzz(RuleBasedStateMachine):
    """Steps through the whole catalogue on one world; every invariant after every step."""

    def __init__(self) -> None:
        super().__init__()
        self.loop = asyncio.new_event_loop()
        self.folder = Path(tempfile.mkdtemp(prefix="muster-fuzz-"))
        self.tally = Tally()
        self.world: World | None = None

    @initialize(data=st.data())
    def open_world(self, data: st.DataObject) -> None:
        self.world = World(self.folder, DrawChooser(data), self.tally)
        self.loop.run_until_complete(self.world.open())

    @rule(data=st.data())
    def step(self, data: st.DataObject) -> None:
        assert self.world is not None
        self.world.choose = DrawChooser(data)
        self.loop.run_until_complete(self.world.step())

    @invariant()
    def nothing_broke(self) -> None:
        found = "\n\n".join(f"{k}:\n{v}" for k, v in self.tally.first.items())
        assert self.tally.breaches() == 0, found

    def teardown(self) -> None:
        try:
            if self.world is not None:
                self.loop.run_until_complete(self.world.close())
        finally:
            self.loop.close()
            shutil.rmtree(self.folder, ignore_errors=True)


# No shrinking: every example builds a world of some 40 games, so shrinking a failure runs for
# many minutes; the failure message already names the step, its options and the trace.
CatalogueFuzz.TestCase.settings = settings(
    max_examples=10,
    stateful_step_count=80,
    deadline=None,
    derandomize=True,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)
test_the_whole_catalogue_never_fails_internally = CatalogueFuzz.TestCase
