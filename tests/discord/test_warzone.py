"""A whole Warzone skirmish through the Discord layer: lobby, lists, every kind of order, tools.

Both players type slash commands. What they order comes from the Warzone AI looking at their own
seat's view (a sensible player), except for a few orders the script insists on once so that every
kind of command is played: a squad move in formation, RES for AP, Battle Focus, Evade, a charge,
standing sentry with "ask" orders and answering the reaction window.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.service.commands.frontend import place
from bot.service.plugins.warzone import hosting as wz_host
from bot.service.presenters import _PRESENTERS, Presenter
from bot.service.table import load_table
from games.base import CHANCE
from games.warzone import actions as a
from games.warzone import ai
from games.warzone.codec import format as format_action
from games.warzone.provenance import all_rules
from games.warzone.work import Work
from tests.discord.conftest import World
from tests.discord.fakes import FakeUser, click

PNG = b"\x89PNG\r\n\x1a\n"
MAX_ORDERS = 1500
CAPITOL = (
    "battalion: line; 1 Lieutenant Chuck Robbins commander; 8 Light Infantry upgrade; "
    "8 Light Infantry"
)
QUICK = ai.Budget(spots=4, shooting_spots=1)


@pytest.fixture(autouse=True)
def quick_images(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tiny images: this test is about the round trips, the renderer has its own tests."""
    monkeypatch.setitem(_PRESENTERS, "warzone", Presenter(summary=wz_host.summary,
                                                          board=lambda view: PNG))  # fmt: skip
    monkeypatch.setattr("bot.service.plugins.warzone.play._png", lambda view, overlay: PNG)


def _pt(p: tuple[float, float]) -> str:
    return f"{p[0]:g},{p[1]:g}"


def slash_for(act: object) -> tuple[str, dict[str, Any]]:
    """The /warzone command (and its options) a player types for an action."""
    do = {a.Focus: "focus", a.Evade: "evade", a.Sentry: "sentry", a.SpendRes: "res"}
    if isinstance(act, a.KeepInitiative | a.PassInitiative):
        return "warzone do", {"what": "keep" if isinstance(act, a.KeepInitiative) else "pass"}
    if isinstance(act, a.ChooseSide):
        return "warzone do", {"what": "side", "value": act.edge}
    if isinstance(act, a.Deploy):
        at = " ".join(_pt(p) for p in act.points)
        return "warzone deploy", {"squad": act.squad, "at": at, "formation": act.formation,
                                  "facing": round(act.facing) % 360}  # fmt: skip
    if isinstance(act, a.Activate):
        return "warzone activate", {"squad": act.squad}
    if isinstance(act, a.Walk | a.Run):
        values: dict[str, Any] = {"who": act.model, "to": " ".join(_pt(p) for p in act.path)}
        if isinstance(act, a.Run):
            values["run"] = True
        if act.facing is not None:
            values["facing"] = round(act.facing) % 360
        return "warzone move", values
    if isinstance(act, a.Shoot):
        return "warzone shoot", {"model": act.model, "weapon": act.weapon,
                                 "targets": " ".join(act.targets), "rapid": act.rapid,
                                 "res": act.res_roa}  # fmt: skip
    if isinstance(act, a.Blast):
        return "warzone shoot", {"model": act.model, "weapon": act.weapon, "at": _pt(act.at)}
    if isinstance(act, a.Fight):
        return "warzone fight", {"model": act.model, "weapon": act.weapon,
                                 "targets": " ".join(act.targets), "res": act.res_roa}  # fmt: skip
    if isinstance(act, a.Charge):
        return "warzone charge", {"model": act.model, "target": act.target}
    if isinstance(act, a.Focus | a.Evade | a.Sentry | a.SpendRes):
        return "warzone do", {"what": do[type(act)], "model": act.model}
    if isinstance(act, a.UseAbility):
        return "warzone do", {"what": "ability", "model": act.model, "value": act.ability}
    if isinstance(act, a.EndModel):
        return "warzone end", {"model": act.model}
    if isinstance(act, a.EndActivation):
        return "warzone end", {}
    if isinstance(act, a.PassReaction):
        return "warzone do", {"what": "pass-reaction"}
    if isinstance(act, a.React) and isinstance(act.action, a.Shoot | a.Evade):
        inner_path, inner = slash_for(act.action)
        return inner_path, inner
    return "warzone act", {"action": format_action(act)}


Want = Callable[[Any, object], bool]
"""An order the script plays once, the first time it is legal: (state, action) -> wanted."""


def _in_squad(squad: str) -> Want:
    return lambda state, act: isinstance(act, a.Sentry) and act.model.startswith(f"{squad}.")


def _within_reach(state: Any, act: a.Charge) -> bool:
    """A charge that gets into contact, not one declared only to fall short."""
    work = Work(state)
    return ai.charge_end(work, work.model(act.model), work.model(act.target)) is not None


WANTED: dict[str, Want] = {
    "res for AP": lambda state, act: isinstance(act, a.SpendRes) and state.round == 1,
    "battle focus": lambda state, act: isinstance(act, a.Focus),
    "evade": lambda state, act: isinstance(act, a.Evade) and act.model.startswith("A3."),
    "charge": lambda state, act: isinstance(act, a.Charge) and _within_reach(state, act),
    "sentry": _in_squad("B2"),
    "react": lambda state, act: isinstance(act, a.React) and isinstance(act.action, a.Shoot),
}


class Table:
    """The two players at the Discord table, and what they have ordered so far."""

    def __init__(self, world: World, game: int) -> None:
        self.world, self.game = world, game
        self.players: dict[int, FakeUser] = {0: world.alice, 1: world.bob}
        self.wanted = dict(WANTED)
        self.orders: list[str] = []
        self.asked_orders = False
        self.squad_moved = False
        self.said: dict[str, str] = {}
        """The reply to each order the script insisted on, by its name in WANTED."""

    async def order(self, user: FakeUser, path: str, **values: Any) -> str:
        """Type one slash command that must be accepted; returns the reply's text."""
        before = (await place(self.world.service, self.game)).version
        mark = len(self.world.client.log)
        await self.world.slash(user, path, **values)
        replies = [s.content or "" for s in self.world.client.log[mark:] if s.kind == "followup"]
        after = (await place(self.world.service, self.game)).version
        assert after > before, f"/{path} {values} was refused: {replies}"
        self.orders.append(path)
        return "\n".join(replies)

    async def next_order(self) -> bool:
        """The player to act types their next order; False once the game is over."""
        table = await load_table(self.world.service.host, self.game)
        state = table.state
        seats = [s for s in table.spec.rules.to_act(state) if s != CHANCE]
        if not seats:
            return False
        seat = seats[0]
        user = self.players[seat]
        legal = list(table.spec.rules.legal_actions(state, seat))
        if seat == 1 and not self.asked_orders and state.round == 1 and state.active_squad is None:
            self.asked_orders = True
            await self.order(user, "warzone orders", squad="B2", sentry="ask", window="first")
            return True
        if self._squad_move_due(state, seat):
            self.squad_moved = True
            lead = state.model(state.squad("A2").commander)
            to = f"{lead.x:.2f},{lead.y + 2:.2f}"
            self.said["squad move"] = await self.order(user, "warzone move", who="A2", to=to)
            return True
        name, act = self._wanted(state, legal)
        if act is None:
            act = ai.choose(table.spec.rules.player_view(state, seat), legal, QUICK)
        path, values = slash_for(act)
        said = await self.order(user, path, **values)
        if name:
            self.said[name] = said
        return True

    def _squad_move_due(self, state: Any, seat: int) -> bool:
        if self.squad_moved or seat != 0 or state.active_squad != "A2":
            return False
        return all(not m.started for m in state.models if m.squad == "A2" and m.alive)

    def _wanted(self, state: Any, legal: list[object]) -> tuple[str, object | None]:
        for name, want in list(self.wanted.items()):
            for act in legal:
                if want(state, act):
                    del self.wanted[name]
                    return name, act
        return "", None


async def test_a_skirmish_through_discord_to_the_result(world: World) -> None:
    log = world.client.log
    await world.slash(world.alice, "warzone new", army="capitol", rounds=4)
    lobby = log.of("followup")[-1]
    game = int(lobby.custom_ids[-1].split(":")[1])
    assert "Dice commitment for game 1: sha256 " in (lobby.content or "")
    await world.slash(world.alice, "warzone list", text=CAPITOL)
    assert "Seat 0: List accepted: Capitol, 247 points." in (log.of("followup")[-1].content or "")
    await click(world.interaction(world.bob), f"ml:{game}:join")
    await click(world.interaction(world.bob), f"ml:{game}:role", "dark_legion")
    await world.slash(world.bob, "warzone list", preset="dark_legion")
    assert "Seat 1: Preset dark_legion: 250 points." in (log.of("followup")[-1].content or "")
    await world.slash(world.bob, "warzone setup", terrain="ruined_outpost", seed="bob's seed")
    setup = log.of("followup")[-1].content or ""
    assert "Game 1 will be played on ruined_outpost." in setup
    assert 'seat 1: "bob\'s seed"' in setup
    await click(world.interaction(world.alice), f"ml:{game}:start")
    table = Table(world, game)
    for _ in range(MAX_ORDERS):
        if not await table.next_order():
            break
    else:
        raise AssertionError("the skirmish did not end")
    assert not table.wanted, f"never played: {sorted(table.wanted)}"
    where = await place(world.service, game)
    assert where.status == "finished"
    said = table.said
    moved = said["squad move"].splitlines()
    assert moved[:3] == [
        "A2.8 moves to (2.2, 9.4)",
        "A2.8's activation ends as A2.5 starts: 1 AP unused",
        "A2.5 moves to (3.9, 9.4)",
    ]
    # the whole squad, in formation, one activation each: seven say their second AP is gone
    assert len([line for line in moved if "moves to" in line]) == 8
    assert len([line for line in moved if line.endswith("1 AP unused")]) == 7
    assert said["res for AP"] == "B2.1 uses 1 RES: +1 AP"
    assert said["battle focus"] == "A2.7 takes Battle Focus"
    assert said["evade"] == "A3.1 evades: shooters at it get -2"
    assert said["sentry"] == "B2.1 stands sentry"
    assert said["react"].splitlines()[:2] == [
        "B2.1 sentry reaction: LD 16 = 16; rolled 13: pass",
        "B2.1 Belzarach Assault Rifle at A2.1: RS 14 +0 SZ -2 long range -4 cover (west ruin) = 8; "
        "rolled 2: hit",
    ]
    assert said["charge"] == "B3.3 charges A3.1 and is engaged (CCWR 0.01 in)"
    kinds = {"deploy", "activate", "move", "shoot", "charge", "fight", "do", "end", "orders"}
    assert kinds <= {path.split()[1] for path in table.orders}
    thread = "\n".join(s.content or "" for s in log.of("send", where.thread_id))
    assert "; rolled " in thread and "RS " in thread  # rolls with their target numbers
    ended = await load_table(world.service.host, game)
    result = ended.record.outcome
    assert result is not None and result["reason"] in (
        "victory points",
        "body count",
        "a draw: equal victory points and body count",
    )
    vp = list(ended.state.vp)
    assert f"VP {vp[0]}-{vp[1]}" in thread
    await after_the_game(world, game)


async def after_the_game(world: World, game: int) -> None:
    """The table tools and the dice audit once the game is over."""
    log = world.client.log
    await world.slash(world.bob, "warzone measure", from_="9,9", to="12,13", game=game)
    assert log.of("followup")[-1].content == "9,9 to 12,13: 5.00 in base to base"
    await world.slash(world.alice, "warzone los", shooter="A2.1", game=game)
    sight = log.of("followup")[-1].content or ""
    assert sight.startswith("A2.1 -> B") and "rays clear" in sight
    await world.slash(world.alice, "warzone map", zoom="18,18", size=10, game=game)
    assert (log.of("followup")[-1].content or "").startswith("Round 4/4, over; VP ")
    mark = len(log)
    await world.slash(world.alice, "warzone rules")
    rules = "\n".join(s.content or "" for s in log[mark:] if s.kind == "followup").splitlines()
    assert rules[0].startswith("Rules in play: ")
    tags = ("[from the rulebook] ", "[from a public source] ", "[gap-fill, not from the rulebook] ")
    assert all(line.startswith(tags) for line in rules[1:])  # every rule shows its provenance
    assert {line.split("]")[0] for line in rules[1:]} == {t.split("]")[0] for t in tags}
    assert len(rules) == len(all_rules()) + 1
    await world.slash(world.bob, "warzone verify", game=game)
    verified = log.of("followup")[-1].content or ""
    assert "Seed revealed: 'discord-1" in verified
    assert "all match." in verified
