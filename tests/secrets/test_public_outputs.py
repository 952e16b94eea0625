"""Public outputs depend on the public view only: twin games that differ only in hidden
information produce byte-identical replays, exports, logs, thread posts, bridges, boards,
digests, verify reports and league announcements.

Each example plays two games side by side on two fresh stores. The twins differ in what no
reader of the channel may know:
- their secret seeds (each game draws its own, so the dice commitments differ too);
- the private moves the hypothesis picks: a different card programmed in Space Alert, a
  different mercenary picked in Neuroshima, each twin from its own hand or pool;
- so also the hands, programs and mercenary reserves that follow from those moves.
Chance results are kept equal (`chance_rng` and the AI's random source ignore the seed here),
because drawn tiles and rolled dice are public: twins whose public draws differed would not
differ only in hidden information. The commitment is a public digest of the secret seed, so
each twin's own digest is masked before the comparison.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import random
import tempfile
from collections.abc import Awaitable, Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.service import FakeClock, PrivateUpdate, Service, ai, dice_audit
from bot.service.dice_audit import verify_text
from bot.service.leagues import LeagueService
from bot.service.outbox import Image
from bot.service.table import load_table
from games import engine, registry
from games.neuroshima.actions import Draw, PickMercenary
from games.space_alert.actions import ClearSlot, GiveCard, LockIn, PlaceCard
from storage.base import dumps
from storage.sqlite import SqliteStore
from tests.contract.stones import STONES
from tests.hosting.helpers import command

HIDDEN_MOVES = (PlaceCard, ClearSlot, GiveCard, PickMercenary)
"""Moves whose content only the mover knows (the twin makes a different one)."""
MOVES = 6
"""Human moves per example (the AI seats answer in between)."""


@pytest.fixture(autouse=True)
def equal_chance(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Chance results and AI choices independent of the secret seed (see the docstring)."""

    def same(seed: str, seq: int) -> random.Random:
        return random.Random(f"twin:{seq}")

    monkeypatch.setattr(engine, "chance_rng", same)
    monkeypatch.setattr(dice_audit, "chance_rng", same)
    monkeypatch.setattr(ai, "ai_rng", lambda seed, seq: random.Random(f"twin:ai:{seq}"))
    if "stones" not in registry.GAMES:
        registry.register(STONES)
    yield


def canonical(value: Any, secrets: tuple[str, ...]) -> Any:
    """A comparable form of an output: texts as strings, images as their PNG bytes."""
    if isinstance(value, Image):
        return (value.name, value.png())
    if isinstance(value, bytes):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
        return (type(value).__name__, canonical(fields, secrets))
    if isinstance(value, dict):
        return {str(k): canonical(v, secrets) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [canonical(v, secrets) for v in value]
    if callable(value):
        return "<function>"
    text = str(value)
    for secret in secrets:
        text = text.replace(secret, "<secret>")
    return text


def difference(a: Any, b: Any, path: str = "") -> str:
    """Where two canonical outputs first differ, and how (for the failure message)."""
    if type(a) is not type(b):
        return f"{path}: {type(a).__name__} != {type(b).__name__}"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b)):
            if a.get(key) != b.get(key):
                return difference(a.get(key), b.get(key), f"{path}.{key}")
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            if x != y:
                return difference(x, y, f"{path}[{i}]")
        if len(a) != len(b):
            return f"{path}: {len(a)} items != {len(b)}"
    text_a, text_b = repr(a), repr(b)
    at = next((i for i, (x, y) in enumerate(zip(text_a, text_b, strict=False)) if x != y), 0)
    return (
        f"{path}: ...{text_a[max(at - 80, 0) : at + 80]} != ...{text_b[max(at - 80, 0) : at + 80]}"
    )


class Twin:
    """One of the two games: its service and everything public it has said."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.said: list[Any] = []

    def heard(self, messages: Any) -> None:
        """Keep the public messages (a private panel is for its seat only)."""
        self.said += [m for m in messages if not isinstance(m, PrivateUpdate)]

    async def masks(self, gid: int) -> tuple[str, ...]:
        """The game's seed and its commitment, as they would appear in an output."""
        seed = (await self.service.store.get_game(gid)).seed
        return (hashlib.sha256(seed.encode()).hexdigest(), seed)

    async def outputs(self, gid: int) -> Any:
        """Every public output of game `gid` now."""
        service = self.service
        service.host.cache.clear()
        data, images = await service.export(gid)
        frames = await service.replay(gid, include_chance=True)
        board = await service.board(gid)
        service.host.clock.advance(timedelta(days=2))  # type: ignore[attr-defined]
        ticked = [m for m in await service.tick() if not isinstance(m, PrivateUpdate)]
        found = {
            "posts": self.said,
            "history": await service.history(gid),
            "export": dumps(data),
            "export_images": images,
            "replay": [(f.step, f.caption, repr(f.view), f.images) for f in frames],
            "board": board,
            "verify": await verify_text(service.host, gid),
            "digests": ticked,
        }
        masks = await self.masks(gid)
        if (await service.store.get_game(gid)).status.is_open:
            assert masks[1] not in repr(found), "a running game's seed reached a public output"
        return canonical(found, masks)


def run_twins(build: Callable[[Twin, Twin], Awaitable[tuple[Any, Any]]]) -> None:
    """Run `build` on two fresh services and compare what they made public."""

    async def main() -> None:
        with tempfile.TemporaryDirectory() as folder:
            services = []
            for name in ("a", "b"):
                clock = FakeClock()
                store = await SqliteStore.open(Path(folder) / f"{name}.db", clock=clock.now)
                services.append(Service(store, clock))
            try:
                a, b = Twin(services[0]), Twin(services[1])
                first, second = await build(a, b)
                assert first == second, difference(first, second)
            finally:
                for service in services:
                    await service.close()

    asyncio.run(main())


async def play(a: Twin, b: Twin, gid: int, picks: list[int], allowed: Callable[..., bool]) -> None:
    """Human moves by index: the same public move in both twins, a different hidden one."""
    for pick in picks:
        ta, tb = [await load_table(t.service.host, gid) for t in (a, b)]
        waiting = ta.humans_to_act()
        if not waiting or tb.humans_to_act() != waiting:
            return
        seat = waiting[0]
        user = ta.user_at(seat)
        assert user is not None
        legal_a = [x for x in ta.spec.rules.legal_actions(ta.state, seat) if allowed(ta, x)]
        legal_b = [x for x in tb.spec.rules.legal_actions(tb.state, seat) if allowed(tb, x)]
        if not legal_a:
            return
        move_a = legal_a[pick % len(legal_a)]
        if isinstance(move_a, HIDDEN_MOVES):
            same_kind = [x for x in legal_b if type(x) is type(move_a)]
            move_b = same_kind[(pick + 1) % len(same_kind)]
        else:
            assert move_a in legal_b
            move_b = move_a
        a.heard((await a.service.act(gid, user, move_a)).messages)
        b.heard((await b.service.act(gid, user, move_b)).messages)


PICKS = st.lists(st.integers(0, 10_000), min_size=1, max_size=MOVES)
SETTINGS = settings(
    max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@SETTINGS
@given(picks=PICKS)
def test_neuroshima_twins_say_the_same(picks: list[int]) -> None:
    def allowed(table: Any, move: Any) -> bool:
        # Taking a reserved mercenary into a draw shows it: the twins' reserves differ.
        return not (isinstance(move, Draw) and move.mercenaries)

    async def build(a: Twin, b: Twin) -> tuple[Any, Any]:
        for twin in (a, b):
            created = await twin.service.create(
                "neuroshima", "alice", role="moloch", options={"mercenaries": 1}
            )
            await twin.service.join(created.game_id or 0, "bob", "outpost")
            twin.heard((await twin.service.start(created.game_id or 0, "alice")).messages)
        await play(a, b, 1, picks, allowed)
        return await a.outputs(1), await b.outputs(1)

    run_twins(build)


@SETTINGS
@given(picks=PICKS)
def test_space_alert_twins_say_the_same(picks: list[int]) -> None:
    def allowed(table: Any, move: Any) -> bool:
        # The last lock-in resolves the flight, after which every program is public.
        return not (isinstance(move, LockIn) and table.state.phase >= 3)

    async def build(a: Twin, b: Twin) -> tuple[Any, Any]:
        for twin in (a, b):
            created = await command(twin.service, "alice", "space-alert new", crew=2,
                                    mission="mission_1")  # fmt: skip
            await command(twin.service, "bob", "space-alert join", game=created.game_id)
            started = await command(twin.service, "alice", "space-alert start", game=1)
            twin.heard(started.messages)
        await play(a, b, 1, picks, allowed)
        return await a.outputs(1), await b.outputs(1)

    run_twins(build)


@SETTINGS
@given(picks=PICKS)
def test_sniper_twins_say_the_same(picks: list[int]) -> None:
    async def build(a: Twin, b: Twin) -> tuple[Any, Any]:
        for twin in (a, b):
            created = await command(twin.service, "sam", "sniper new")
            started = await command(twin.service, "sam", "sniper start", game=created.game_id)
            twin.heard([*created.messages, *started.messages])
        await play(a, b, 1, picks, lambda table, move: True)
        return await a.outputs(1), await b.outputs(1)

    run_twins(build)


@SETTINGS
@given(picks=PICKS)
def test_warzone_twins_say_the_same(picks: list[int]) -> None:
    async def build(a: Twin, b: Twin) -> tuple[Any, Any]:
        for twin in (a, b):
            # Armies named: a random one is dealt from the seed, and the dealt army is public.
            created = await command(twin.service, "alice", "warzone new", army="capitol",
                                    rounds=3)  # fmt: skip
            added = await command(twin.service, "alice", "warzone add-ai", level="easy",
                                  army="dark_legion", game=1)  # fmt: skip
            started = await command(twin.service, "alice", "warzone start", game=1)
            twin.heard([*created.messages, *added.messages, *started.messages])
        await play(a, b, 1, picks, lambda table, move: True)
        return await a.outputs(1), await b.outputs(1)

    run_twins(build)


@settings(max_examples=2, deadline=None)
@given(picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=4))
def test_league_twins_announce_the_same(picks: list[int]) -> None:
    async def build(a: Twin, b: Twin) -> tuple[Any, Any]:
        said = []
        for twin in (a, b):
            leagues = LeagueService(twin.service)
            org = leagues.caller("olga")
            made = await leagues.create(org, 5, "Open", "stones", rounds=2, round_time=3600,
                                        seed="league order")  # fmt: skip
            lid = made.league_id or 0
            replies = [made]
            for name in ("alice", "bob", "carol", "dave"):
                replies.append(await leagues.join(lid, name))
            replies.append(await leagues.start_now(lid, org))
            said.append(replies)
        for gid in (1, 2):
            await play(a, b, gid, picks, lambda table, move: True)
        results = []
        for twin, replies in zip((a, b), said, strict=True):
            leagues = LeagueService(twin.service)
            twin.service.host.clock.advance(timedelta(hours=2))  # type: ignore[attr-defined]
            replies += await leagues.tick()
            masks = (*await twin.masks(1), *await twin.masks(2))
            public = [
                dataclasses.replace(
                    r, messages=tuple(m for m in r.messages if not isinstance(m, PrivateUpdate))
                )
                for r in replies
            ]
            games = [await twin.outputs(gid) for gid in (1, 2)]
            results.append((canonical(public, masks), games))
        return results[0], results[1]

    run_twins(build)
