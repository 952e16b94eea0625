"""Every game's hand panels within Discord's limits, with every legal move reachable.

Games are played with random legal moves; at each turn the panel of the player to act is built
from real discord.py objects and its payload checked by the limit-enforcing harness
(tests/discord/real/limits.py): what Discord would refuse with 400 / 50035 fails here. The
"Other moves" menus are walked group by group: the moves they reach are exactly the legal ones.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bot.service.plugins.space_alert.panel  # noqa: F401  (Space Alert's own panel)
from bot.discord import i18n, move_menus
from bot.discord.panels import GAME_PANELS, OTHER_ROWS, Key, _other_selects, panel_view
from bot.service import FakeClock, PrivateUpdate, Service
from bot.service.commands import Suggestion, catalogue, dispatch
from bot.service.i18n import localise
from bot.service.presenters import _PRESENTERS, Presenter
from games.base import GameError
from storage.sqlite import SqliteStore
from tests.discord.conftest import make_world
from tests.discord.fakes import click
from tests.discord.real.limits import message_problems

PNG = b"\x89PNG\r\n\x1a\n"
CAPITOL = (
    "battalion: line; 1 Lieutenant Chuck Robbins commander; 8 Light Infantry upgrade; "
    "8 Light Infantry"
)


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[Service]:
    clock = FakeClock()
    store = await SqliteStore.open(tmp_path / "muster.db", clock=clock.now)
    svc = Service(store, clock)
    yield svc
    await svc.close()


@pytest.fixture(autouse=True)
def quick_warzone_images(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tiny Warzone images: these tests are about components, the renderer has its own."""
    from bot.service.plugins.warzone import hosting as wz_host

    monkeypatch.setitem(_PRESENTERS, "warzone", Presenter(summary=wz_host.summary,
                                                          board=lambda view: PNG))  # fmt: skip
    monkeypatch.setattr("bot.service.plugins.warzone.play._png", lambda view, overlay: PNG)


async def run(service: Service, user: str, path: str, **options: Any) -> Any:
    """Dispatch a catalogue command."""
    command = catalogue().find(path)
    assert command is not None, path
    return await dispatch(service, user, command, options)


def payload(text: str, view: Any) -> dict[str, Any]:
    """The message body a panel is sent as."""
    return {"content": text[:2000], "components": view.to_components()}


def reachable(found: list[Any], legal: list[str], key: Key) -> set[str]:
    """Every move the menus reach, opening each group as a player would; limits checked."""
    moves: set[str] = set()
    for entry in found:
        move = move_menus.picked(entry.value, legal)
        if move is not None:
            moves.add(move)
            continue
        prefix = entry.value.removeprefix(move_menus.GROUP)
        inner = move_menus.entries(
            move_menus.in_group(prefix, legal), legal, move_menus.group_depth(prefix)
        )
        assert len(inner) > 1, prefix
        selects = _other_selects(key, inner, prefix, OTHER_ROWS)
        rows = [{"type": 1, "components": [s.item.to_component_dict()]} for s in selects]
        assert message_problems({"components": rows}, 0, creating=True) == []
        moves |= reachable(inner, legal, key)
    return moves


class Panels:
    """Builds and checks the panel of whoever acts; counts what it saw."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.checked = 0
        self.most_moves = 0
        self.grouped = 0

    async def check(self, gid: int, user: str) -> None:
        """The user's panel passes the limits, and its menus reach every legal move."""
        reply = await self.service.hand(gid, user)
        for update in reply.messages:
            if not isinstance(update, PrivateUpdate):
                continue
            view = await panel_view(self.service, update, "en")
            text = localise(update.text, "en")
            assert message_problems(payload(text, view), 0, creating=True) == [], text
            self.checked += 1
            if update.user_id == self.service.user(user):
                await self.covers_every_move(gid, user, view)

    async def covers_every_move(self, gid: int, user: str, view: Any) -> None:
        """The generic panel offers every legal move: a menu of its kind, a button, or a pick."""
        legal = await self.service.options(gid, user)
        own = (await self.service.store.get_game(gid)).game_key in GAME_PANELS
        if not legal or own:
            return
        self.most_moves = max(self.most_moves, len(legal))
        kinds = {"tile": "place", "discard": "discard", "hq": "hq"}
        covered: set[str] = set()
        others: list[Suggestion] = []
        key = Key(gid, 0, 0, "act")
        for item in view.children:
            prefix, _, rest = str(item.custom_id).partition(":")
            op = rest.split(":")[3]
            if prefix == "ms" and op == "act":
                others += [Suggestion(o.label, o.value) for o in item.item.options]
            elif prefix == "ms" and op in kinds:
                covered |= {m for m in legal if m.split(" ")[0] == kinds[op]}
            elif prefix == "mp" and op == "do":
                covered.add(rest.split(":")[4])
        if any(o.value.startswith(move_menus.GROUP) for o in others):
            self.grouped += 1
        assert covered | reachable(others, legal, key) == set(legal)


async def play(
    service: Service, gid: int, players: tuple[str, ...], turns: int, rng: random.Random
) -> Panels:
    """Random legal moves for `turns` moves, checking each panel before the move."""
    panels = Panels(service)
    for _ in range(turns):
        waiting = [p for p in players if gid in {g.id for g in await service.waiting(p)}]
        if not waiting:
            break
        user = waiting[0]
        await panels.check(gid, user)
        legal = await service.options(gid, user)
        for move in rng.sample(legal, len(legal)):
            try:
                await service.act(gid, user, move)
                break
            except GameError:
                continue
    return panels


async def test_neuroshima_panels(service: Service) -> None:
    made = await run(service, "alice", "neuroshima new", army="moloch", _seed="lim")
    await run(service, "bob", "neuroshima join", game=made.game_id, army="outpost")
    await run(service, "alice", "neuroshima start", game=made.game_id)
    panels = await play(service, made.game_id, ("alice", "bob"), 40, random.Random(1))
    assert panels.checked >= 20


async def test_warzone_panels_group_over_a_hundred_orders(service: Service) -> None:
    await run(service, "alice", "warzone new", terrain="ruined_outpost", rounds=3, _seed="wz")
    await run(service, "alice", "warzone list", text=CAPITOL)
    await run(service, "bob", "warzone join", game=1, army="dark_legion")
    await run(service, "alice", "warzone start", game=1)
    panels = await play(service, 1, ("alice", "bob"), 120, random.Random(2))
    assert panels.checked >= 60
    assert panels.most_moves > 100 and panels.grouped > 0


async def test_sniper_panels(service: Service) -> None:
    made = await run(service, "sam", "sniper new", _seed="lim")
    await run(service, "sam", "sniper start", game=made.game_id)
    panels = await play(service, made.game_id, ("sam",), 60, random.Random(3))
    assert panels.checked >= 10


async def test_space_alert_panels(service: Service) -> None:
    crew = ("alice", "bob", "carol")
    made = await run(service, "alice", "space-alert new", crew=3, _seed="lim")
    for name in crew[1:]:
        await run(service, name, "space-alert join", game=made.game_id)
    await run(service, "alice", "space-alert start", game=made.game_id)
    panels = Panels(service)
    for name in crew:
        await panels.check(made.game_id, name)
    assert panels.checked >= 3


def test_a_long_list_is_grouped_by_kind_then_piece_never_cut() -> None:
    legal = [f"shoot A{m}.{n} rifle B{t}" for m in (1, 2) for n in (1, 2, 3) for t in range(9)]
    legal += [f"walk A1.{n} 10,{y}" for n in (1, 2, 3) for y in range(10)]
    legal += ["end", "pivot A1.1 90", "x" * 140]
    found = move_menus.entries(legal, legal)
    assert [e.name for e in found] == [
        "shoot … (54)", "walk … (30)", "end", "pivot A1.1 90", "x" * 99 + "…",
    ]  # fmt: skip
    assert found[-1].value == f"#{len(legal) - 1}"
    shoot = move_menus.entries(move_menus.in_group("shoot", legal), legal, 1)
    assert [e.value for e in shoot][:2] == ["»shoot A1.1", "»shoot A1.2"]
    assert reachable(found, legal, Key(1, 0, 0, "act")) == set(legal)


def test_repeated_moves_are_offered_once() -> None:
    legal = ["pass", "pass", "end turn"]
    found = move_menus.entries(legal, legal)
    assert [e.value for e in found] == ["pass", "end turn"]
    (select,) = _other_selects(Key(1, 0, 0, "act"), found + found, i18n.t("other", "en"), 4)
    values = [o.value for o in select.item.options]
    assert values == ["pass", "end turn"]


_WORD = st.sampled_from(["shoot", "walk", "run", "A1.1", "A1.2", "B2", "rifle", "10,4", "x" * 60])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(_WORD, min_size=1, max_size=5).map(" ".join), max_size=200))
def test_any_move_list_fits_the_menus_and_every_move_is_reachable(legal: list[str]) -> None:
    found = move_menus.entries(legal, legal)
    assert len(found) <= 4 * move_menus.MAX_ENTRIES
    assert reachable(found, legal, Key(1, 0, 0, "act")) == set(legal)


async def test_a_group_opens_its_menu_and_a_pick_in_it_plays_the_move(tmp_path: Path) -> None:
    world = await make_world(tmp_path, FakeClock())
    service, alice, bob = world.service, world.alice.id, world.bob.id
    try:
        await run(service, alice, "warzone new", terrain="ruined_outpost", rounds=3, _seed="wz")
        await run(service, alice, "warzone list", text=CAPITOL)
        await run(service, bob, "warzone join", game=1, army="dark_legion")
        await run(service, alice, "warzone start", game=1)
        rng = random.Random(2)
        for _ in range(200):
            (user,) = [u for u in (alice, bob) if await service.waiting(u)]
            legal = await service.options(1, user)
            if len(legal) > 60:
                break
            await service.act(1, user, rng.choice(legal))
        update = next(m for m in (await service.hand(1, user)).messages
                      if isinstance(m, PrivateUpdate) and m.user_id == user)  # fmt: skip
        view = await panel_view(service, update, "en")
        menu = next(i for i in view.children if ":act:" in str(i.custom_id))
        group = next(o.value for o in menu.item.options if o.value.startswith("»"))
        who = world.alice if user == alice else world.bob
        opened = world.interaction(who)
        await click(opened, str(menu.custom_id), group)
        nested = world.client.log.of("edit_original", opened.id)[-1]
        inner = [c for c in nested.custom_ids if ":act:" in c]
        assert inner and nested.custom_ids[-1].endswith(":back")
        move = next(v for c in inner for v in nested.options(c) if not v.startswith("»"))
        assert move.startswith(group.removeprefix("»") + " ")
        before = (await service.store.get_game(1)).version
        played = world.interaction(who)
        await click(played, inner[0], move)
        assert (await service.store.get_game(1)).version > before
        done = world.client.log.of("edit_original", played.id)[-1]
        assert done.content == f"Played: act {move}"
    finally:
        await service.close()
