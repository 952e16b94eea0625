"""A four-player Space Alert mission through the Discord layer: lobby, DM panels, the bridge.

Every card is programmed by clicking the private panel (one player has closed DMs and plays in
a private thread); the bridge in the game thread is edited as players lock in; the flight ends
with the replay GIF and the score card in the thread.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import rendering.space_alert as renderer
from bot.service import FakeClock
from bot.service.commands.frontend import place
from games.space_alert.ship import PHASES
from tests.discord.conftest import World, make_world
from tests.discord.fakes import FakeUser, Sent, click

NAMES = ("alice", "bob", "dave", "carol")
"""Seat order: dave asks for crew position 3 before carol joins."""


@dataclass
class Crew:
    """A started mission: its game, the users by name and the names in captain order."""

    game: int
    users: dict[str, FakeUser]
    order: tuple[str, ...]

    def seat(self, name: str) -> int:
        """The seat (captain order) of a crew member."""
        return self.order.index(name)

    def turns(self, phase: int) -> str:
        """'4-7' for phase 2."""
        first, last = PHASES[phase - 1]
        return f"{first}-{last}"


def bridge_inputs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Swap the bridge renderer for one that records its whole input (the program image for a
    stub); returns the record, in drawing order."""
    drawn: list[str] = []

    def bridge(view: Any, names: Any = None) -> bytes:
        drawn.append(repr((view, names)))
        return b"bridge"

    monkeypatch.setattr(renderer, "bridge_png", bridge)
    monkeypatch.setattr(renderer, "program_png", lambda view, names=None: b"program")
    return drawn


async def open_mission(world: World, closed_dms: tuple[str, ...], **options: Any) -> Crew:
    """alice opens a 4-crew lobby; bob and carol join by button, dave by command (position 3)."""
    client = world.client
    users = {
        "alice": world.alice,
        "bob": world.bob,
        "carol": client.users.get(1003) or client.user_(1003, "carol"),
        "dave": client.users.get(1004) or client.user_(1004, "dave"),
    }
    for name in closed_dms:
        users[name].dms_closed = True
    options = {"mission": "simulation_1", "difficulty": "white", **options}
    await world.slash(users["alice"], "space-alert new", crew=4, **options)
    lobby = client.log.of("followup")[-1]
    game = int(next(c for c in lobby.custom_ids if c.startswith("ml:")).split(":")[1])
    await click(world.interaction(users["bob"]), f"ml:{game}:join")
    await world.slash(users["dave"], "space-alert join", game=game, position=3)
    await click(world.interaction(users["carol"]), f"ml:{game}:join")
    await click(world.interaction(users["alice"]), f"ml:{game}:start")
    return Crew(game, users, NAMES)


def panel_of(world: World, crew: Crew, name: str, op: str = "card") -> Sent:
    """The newest message of the player's panel offering `op` (DM, hand thread, redrawn)."""
    mine = (f"ss:{crew.game}:{crew.seat(name)}:", f"sb:{crew.game}:{crew.seat(name)}:")
    for sent in reversed(world.client.log):
        ids = [c for c in sent.custom_ids if c.startswith(mine)]
        if any(c.split(":")[4] == op for c in ids):
            return sent
    raise AssertionError(f"{name} has no panel offering {op}")


def pick(panel: Sent, op: str) -> str:
    """The custom id of the panel's first component doing `op`."""
    return next(c for c in panel.custom_ids if c.split(":")[4] == op)


async def program_phase(world: World, crew: Crew, phase: int, *, pick_first: bool) -> None:
    """Every player fills every turn of the phase by clicks: a card, then turn and half."""
    first, last = PHASES[phase - 1]
    for name in crew.order:
        user = crew.users[name]
        for slot in range(first, last + 1):
            panel = panel_of(world, crew, name)
            menu = pick(panel, "card")
            cards = panel.options(menu)
            me = world.interaction(user)
            await click(me, menu, cards[0] if pick_first else cards[-1])
            where = world.client.log.of("edit_original", me.id)[-1]
            half = "action" if pick_first else "move"
            me = world.interaction(user)
            await click(me, pick(where, "put"), f"{slot}:{half}")
            assert world.client.log.of("edit_original", me.id), "the panel is redrawn"


async def lock(world: World, crew: Crew, name: str) -> None:
    """The player clicks 'Lock in' on their panel."""
    panel = panel_of(world, crew, name, "lock")
    await click(world.interaction(crew.users[name]), pick(panel, "lock"))


async def public_sends(world: World, crew: Crew) -> list[tuple[str, str | None, list[str]]]:
    """Everything the channel and the game thread got: sends, edits and public answers."""
    where = await place(world.service, crew.game)
    public = (world.channel.id, where.thread_id)
    return [
        (s.kind, s.content, s.files)
        for s in world.client.log
        if (s.kind == "send" and s.where in public)
        or s.kind == "edit"
        or (s.kind == "followup" and not s.ephemeral)
    ]


@pytest.fixture(autouse=True)
def quick_images(monkeypatch: pytest.MonkeyPatch) -> None:
    """Program and bridge images as records of what they show (the renderer has its tests)."""
    bridge_inputs(monkeypatch)


async def test_a_mission_from_lobby_to_score_card_through_panels(world: World) -> None:
    crew = await open_mission(world, closed_dms=("dave",))
    log = world.client.log
    where = await place(world.service, crew.game)
    thread = where.thread_id
    assert thread is not None
    opening = [s for s in log.of("send", thread) if "Captain order" in (s.content or "")]
    assert opening and "alice (captain), bob (crew 2), dave (crew 3), carol (crew 4)" in (
        opening[0].content or ""
    )
    bridges = [s for s in log.of("send", thread) if s.files and "bridge" in s.files[0]]
    assert len(bridges) == 1 and bridges[0].content == (
        "Bridge, phase 1 (turns 1-3).\nStill programming: alice, bob, dave, carol."
    )
    dave = crew.users["dave"]
    assert dave.dm_attempts >= 1 and not log.of("dm", dave.id)
    hand_thread = panel_of(world, crew, "dave").where
    assert hand_thread not in (thread, world.channel.id)
    assert world.client.channels[hand_thread].members == [dave.id]
    for phase in (1, 2, 3):
        await program_phase(world, crew, phase, pick_first=True)
        for name in crew.order[:-1]:
            await lock(world, crew, name)
        edits = [s for s in log.of("edit") if s.content and s.content.startswith("Bridge")]
        assert edits[-1].content == (
            f"Bridge, phase {phase} (turns {crew.turns(phase)}).\n"
            "Locked in: alice, bob, dave.\nStill programming: carol."
        )
        assert edits[-1].files and edits[-1].files[0].endswith("-bridge.png")
        await lock(world, crew, crew.order[-1])
    where = await place(world.service, crew.game)
    assert where.status == "finished"
    resolved = [s for s in log.of("send", thread) if "resolved" in (s.content or "")]
    assert len(resolved) == 1
    replay, score = resolved[0].files
    assert replay.endswith("-replay.gif") and score.endswith("-score.png")
    assert any("is over" in (s.content or "") for s in log.of("send", thread))
    assert not [s for s in log if "incident" in (s.content or "")]


async def test_a_panel_takes_back_and_hands_over_cards(world: World) -> None:
    crew = await open_mission(world, closed_dms=())
    log = world.client.log
    alice = crew.users["alice"]
    panel = panel_of(world, crew, "alice")
    hand = len(panel.options(pick(panel, "card")))
    placed = await pick_card_into(world, crew, "alice", slot=1)
    assert "Your program: 1:- " not in (placed.content or "")  # slot 1 is filled
    assert placed.files  # the program image is redrawn: a live preview
    me = world.interaction(alice)
    await click(me, pick(placed, "clear"), "1")
    back = log.of("edit_original", me.id)[-1]
    assert "Your program: 1:- " in (back.content or "")
    assert len(back.options(pick(back, "card"))) == hand
    gift = pick(back, "gift")
    card = back.options(gift)[0]
    me = world.interaction(alice)
    await click(me, gift, card)
    asked = log.of("edit_original", me.id)[-1]
    assert asked.content == f"Card #{card}: hand it to whom?"
    to_bob = next(c for c in asked.custom_ids if c.split(":")[4] == "give" and c.endswith(":1"))
    me = world.interaction(alice)
    await click(me, to_bob)
    after = log.of("edit_original", me.id)[-1]
    assert len(after.options(pick(after, "card"))) == hand - 1
    assert "You may hand over 2 cards" in (back.content or "")
    assert "You may hand over 1 card this" in (after.content or "")
    bobs = log.of("dm", crew.users["bob"].id)[-1]
    assert int(card) in hand_numbers(bobs.content or "")


def hand_numbers(panel: str) -> set[int]:
    """The card numbers of a panel's "Your hand:" line ("A/red #0-2, B/lift #7")."""
    line = next(x for x in panel.splitlines() if x.startswith("Your hand: "))
    found: set[int] = set()
    for first, last in re.findall(r"#(\d+)(?:-(\d+))?", line):
        found |= set(range(int(first), int(last or first) + 1))
    return found


async def pick_card_into(world: World, crew: Crew, name: str, slot: int) -> Sent:
    """Program the player's first card into `slot`, action half up; returns the redrawn panel."""
    user = crew.users[name]
    panel = panel_of(world, crew, name)
    menu = pick(panel, "card")
    me = world.interaction(user)
    await click(me, menu, panel.options(menu)[0])
    where = world.client.log.of("edit_original", me.id)[-1]
    target = pick(where, "put")
    me = world.interaction(user)
    await click(me, target, f"{slot}:action")
    return world.client.log.of("edit_original", me.id)[-1]


async def test_an_old_panel_works_after_a_restart_and_is_stale_next_phase(
    world: World, tmp_path: Path
) -> None:
    crew = await open_mission(world, closed_dms=())
    old = panel_of(world, crew, "bob")
    await world.service.close()
    world.client.runner = None
    again = await make_world(tmp_path, world.clock, world.client)  # a new process, same Discord
    try:
        again_crew = Crew(crew.game, crew.users, crew.order)
        bob: FakeUser = crew.users["bob"]
        me = again.interaction(bob)
        menu = pick(old, "card")
        await click(me, menu, old.options(menu)[0])
        where = again.client.log.of("edit_original", me.id)[-1]
        assert where.content and where.content.startswith("Card #")
        for name in crew.order:
            await lock(again, again_crew, name)
        me = again.interaction(bob)
        await click(me, menu, old.options(menu)[0])
        answer = again.client.log.of("followup", me.id)[-1]
        assert answer.ephemeral and "out of date" in (answer.content or "")
        me = again.interaction(bob)
        await click(me, answer.custom_ids[0])
        fresh = again.client.log.of("followup", me.id)[-1]
        assert fresh.ephemeral and "phase 2" in (fresh.content or "")
        assert any(c.startswith(f"ss:{crew.game}:1:") for c in fresh.custom_ids)
    finally:
        await again.service.close()


async def test_someone_elses_panel_is_refused(world: World) -> None:
    crew = await open_mission(world, closed_dms=())
    panel = panel_of(world, crew, "alice")
    menu = pick(panel, "card")
    me = world.interaction(crew.users["bob"])
    await click(me, menu, panel.options(menu)[0])
    answer = world.client.log.of("followup", me.id)[-1]
    assert answer.ephemeral and "another player" in (answer.content or "")


async def test_the_thread_does_not_depend_on_what_was_programmed(tmp_path: Path) -> None:
    traces = []
    for run, first in (("one", True), ("other", False)):
        folder = tmp_path / run
        folder.mkdir()
        with pytest.MonkeyPatch.context() as patch:
            inputs = bridge_inputs(patch)
            world = await make_world(folder, FakeClock())
            try:
                crew = await open_mission(world, closed_dms=("carol",))
                for phase in (1, 2, 3):
                    await program_phase(world, crew, phase, pick_first=first)
                    names = crew.order if phase < 3 else crew.order[:-1]
                    for name in names:
                        await lock(world, crew, name)
                traces.append((await public_sends(world, crew), list(inputs)))
            finally:
                await world.service.close()
    (sent_one, drawn_one), (sent_other, drawn_other) = traces
    assert sent_one == sent_other
    assert drawn_one == drawn_other and len(drawn_one) > 10
