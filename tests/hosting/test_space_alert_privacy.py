"""No public message or image ever shows a programmed card before the flight resolves.

Non-interference: whatever the crew programs, everything public (channel updates with their
images, the board anyone may look at, the history) is exactly what it is for a crew that
programs nothing, up to the last lock-in. Public images are compared by what they are drawn
from (the renderer is swapped for one that writes out its whole input); one real rendering is
compared byte for byte as well.
"""

from __future__ import annotations

import asyncio
import re
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import rendering.space_alert as renderer
from bot.service import FakeClock, Service
from games.space_alert.ship import PHASES
from storage.sqlite import SqliteStore
from tests.hosting.helpers import CREW, command, crew, public, state

Placement = tuple[int, int, str]
Program = list[list[Placement]]
"""Per (phase, seat): (card index in hand, slot index in the phase, half) placements."""
CARD_TEXT = re.compile(r"#\d+|place \d|\b(A|B|C|bots)/(red|blue|lift)\b")


def _record_input(view: Any, names: Any = None, say: Any = str) -> bytes:
    # A public image may be drawn only from the channel's view, which holds no card.
    assert view.seat is None and view.hand == ()
    assert all(b.slots == () for b in view.boards)
    return repr((view, names)).encode()


@contextmanager
def recorded_images() -> Iterator[None]:
    real = renderer.bridge_png
    renderer.bridge_png = _record_input
    try:
        yield
    finally:
        renderer.bridge_png = real


async def _public_trace(folder: Path, program: Program, phases: int) -> list[str]:
    clock = FakeClock()
    store = await SqliteStore.open(folder / "muster.db", clock=clock.now)
    service = Service(store, clock)
    trace: list[str] = []
    try:
        gid = await crew(service, "privacy", mission="simulation_1")
        for phase in range(phases):
            first, last = PHASES[phase]
            for seat, user in enumerate(CREW):
                for index, offset, half in program[phase * 4 + seat]:
                    hand = (await state(service, gid)).hands[seat]
                    slot = first + offset
                    assert slot <= last
                    card = hand[index % len(hand)]
                    reply = await command(service, user, "space-alert place", card=card,
                                          slot=slot, half=half)  # fmt: skip
                    trace += _texts(reply.messages)
                if phase == 2 and seat == 3:
                    break  # the last lock-in resolves the flight: from then on all is public
                trace += _texts((await command(service, user, "space-alert lock")).messages)
            looked = await service.board(gid)
            trace += _texts(looked.messages)
            trace += await service.history(gid)
    finally:
        await service.close()
    return trace


def _texts(messages: Any) -> list[str]:
    found = []
    for m in public(messages):
        assert not CARD_TEXT.search(m.text), m.text
        found.append(m.text)
        found += [f"{i.name}:{i.png().decode(errors='replace')}" for i in m.images]
    return found


def _trace(program: Program, phases: int = 3) -> list[str]:
    with tempfile.TemporaryDirectory() as folder:
        return asyncio.run(_public_trace(Path(folder), program, phases))


@st.composite
def twin_programs(draw: st.DrawFn) -> tuple[Program, Program]:
    """Two programs placing as many cards at each step, but different cards, halves, slots."""
    first: Program = []
    second: Program = []
    for phase in range(3):
        size = PHASES[phase][1] - PHASES[phase][0] + 1
        for _seat in range(4):
            count = draw(st.integers(0, 3))
            for program in (first, second):
                slots = draw(st.permutations(range(size)))[:count]
                cards = draw(st.lists(st.integers(0, 9), min_size=count, max_size=count))
                halves = draw(st.lists(st.sampled_from(["action", "move"]), min_size=count,
                                       max_size=count))  # fmt: skip
                program.append(list(zip(cards, slots, halves, strict=True)))
    return first, second


@settings(max_examples=5)
@given(programs=twin_programs())
def test_public_messages_do_not_depend_on_the_programs(programs: tuple[Program, Program]) -> None:
    first, second = programs
    with recorded_images():
        traced = _trace(first)
        assert traced == _trace(second)
    history = [line for line in traced if line.startswith("  ")]
    assert history and not any(CARD_TEXT.search(line) for line in history)


def test_the_real_bridge_image_is_the_same_whatever_was_programmed() -> None:
    one = [[(0, 0, "action"), (1, 1, "move")] for _ in range(12)]
    other = [[(3, 2, "move"), (2, 0, "action")] for _ in range(12)]
    assert _trace(one, phases=1) == _trace(other, phases=1)
