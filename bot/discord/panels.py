"""The private hand panel: selects and buttons built from the seat's legal actions.

Custom ids carry game, seat and the game's version (plus the tile, hex and facing being placed),
so a panel works after a restart and a panel from an older position says it is out of date.
Every choice ends in the catalogue command a player could type, so the rules re-check it.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

import discord

from bot.discord import files, i18n, move_menus
from bot.discord.runner import Runner, find, picked_values, runner_of
from bot.service.commands import Suggestion, catalogue, dispatch
from bot.service.commands.frontend import Seat, legal_choices, place, preview, seat_of
from bot.service.commands.hosting import group_name
from bot.service.i18n import localise
from bot.service.outbox import PrivateUpdate
from bot.service.play import replies_later
from bot.service.service import Service

Button = discord.ui.Button[discord.ui.View]
Select = discord.ui.Select[discord.ui.View]

MAX_OPTIONS = 25
MAX_SELECT_ROWS = 3
MAX_WORD_BUTTONS = 4
MAX_ROWS = 5
OTHER_ROWS = MAX_ROWS - 1
"""Rows the main panel's menus may fill: one row stays for the buttons (words and undo)."""
KEY_TEMPLATE = (
    r"(?P<game>\d+):(?P<seat>\d+):(?P<version>\d+)"
    r":(?P<op>[a-z]+)(?P<args>(?::[^:]*)*)"
)
"""The custom_id after a component's prefix (games with their own panel use it too)."""
FACINGS = tuple(range(6))


@dataclass(frozen=True, slots=True)
class GamePanel:
    """A game whose private panel is its own: its content (text, images) and its components."""

    content: Callable[[Service, PrivateUpdate], Awaitable[PrivateUpdate]]
    view: Callable[[Service, PrivateUpdate, str], Awaitable[discord.ui.View]]


GAME_PANELS: dict[str, GamePanel] = {}
"""Game key -> its own panel (games not listed get the generic one below)."""


@dataclass(frozen=True, slots=True)
class Key:
    """What a panel component stands for: game, seat, version, operation and its arguments."""

    game: int
    seat: int
    version: int
    op: str
    args: tuple[str, ...] = ()

    def custom_id(self, prefix: str) -> str:
        """The component's custom_id (Discord allows 100 characters)."""
        text = f"{prefix}:{self.game}:{self.seat}:{self.version}:{self.op}"
        return text + "".join(f":{a}" for a in self.args)

    @staticmethod
    def parse(match: re.Match[str]) -> Key:
        """The key a template match describes."""
        args = tuple(match["args"].split(":")[1:]) if match["args"] else ()
        return Key(int(match["game"]), int(match["seat"]), int(match["version"]), match["op"], args)


Handler = Callable[[discord.Interaction[Any], Key, str | None], Awaitable[None]]
"""What a click or pick on a panel component does, given the component's key and picked value."""


class KeyedButton(discord.ui.DynamicItem[Button], template=r"(?!)"):
    """A panel button whose custom_id carries a Key; a game's subclass names prefix and handler."""

    prefix: ClassVar[str]
    handler: ClassVar[Handler]

    def __init_subclass__(cls, *, prefix: str, handler: Handler) -> None:
        super().__init_subclass__(template=rf"{prefix}:{KEY_TEMPLATE}")
        cls.prefix, cls.handler = prefix, handler

    def __init__(self, key: Key, label: str = "", style: discord.ButtonStyle | None = None) -> None:
        shown = style or discord.ButtonStyle.secondary
        custom_id = key.custom_id(self.prefix)
        super().__init__(Button(label=label or key.op, style=shown, custom_id=custom_id))
        self.key = key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        """Rebuild the button from its custom_id (any time, also after a restart)."""
        return cls(Key.parse(match), str(getattr(item, "label", "") or ""))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Handle the click."""
        await type(self).handler(interaction, self.key, None)


class KeyedSelect(discord.ui.DynamicItem[Select], template=r"(?!)"):
    """A panel menu whose custom_id carries a Key; a game's subclass names prefix and handler."""

    prefix: ClassVar[str]
    handler: ClassVar[Handler]

    def __init_subclass__(cls, *, prefix: str, handler: Handler) -> None:
        super().__init_subclass__(template=rf"{prefix}:{KEY_TEMPLATE}")
        cls.prefix, cls.handler = prefix, handler

    def __init__(self, key: Key, options: Sequence[Suggestion] = (), placeholder: str = "") -> None:
        # One option per value: Discord refuses a menu with a repeated value (400 / 50035).
        unique = {s.value[:100]: s.name[:100] for s in reversed(options)}
        choices = [discord.SelectOption(label=n, value=v) for v, n in reversed(unique.items())]
        select = Select(
            custom_id=key.custom_id(self.prefix),
            placeholder=placeholder[:150] or None,
            options=choices[:MAX_OPTIONS] or [discord.SelectOption(label="-")],
        )
        super().__init__(select)
        self.key = key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        """Rebuild the menu from its custom_id; the picked value comes with the interaction."""
        return cls(Key.parse(match))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Handle the pick."""
        values = picked_values(interaction)
        await type(self).handler(interaction, self.key, values[0] if values else None)


def _selects(key: Key, found: Sequence[Suggestion], placeholder: str) -> list[PanelSelect]:
    """Menus of at most 25 options each (a large board has more free hexes than one menu)."""
    parts = [found[i : i + MAX_OPTIONS] for i in range(0, len(found), MAX_OPTIONS)]
    shown = parts[:MAX_SELECT_ROWS]
    return [
        PanelSelect(Key(key.game, key.seat, key.version, key.op, (*key.args, str(i))), part,
                    placeholder if len(shown) == 1 else f"{placeholder} ({i + 1}/{len(shown)})")
        for i, part in enumerate(shown)
    ]  # fmt: skip


async def _choices(
    service: Service, user: int, seat: Seat, name: str, option: str, given: dict[str, str]
) -> list[Suggestion]:
    group = catalogue().group(group_name(seat.game_key))
    command = group.command(name) if group else None
    if command is None or command.legal is None:
        return []
    return await legal_choices(service, user, command, option, {"game": str(seat.game_id), **given})


HANDLED = {"place": ("tile", "place"), "discard": ("tile", "discard"), "hq": ("hex", "hq")}
"""Commands with their own menu on the main panel: command -> (option, i18n key)."""


async def panel_view(service: Service, update: PrivateUpdate, lang: str) -> discord.ui.View:
    """The main panel's components for a seat (empty when it is not their move)."""
    view = discord.ui.View(timeout=None)
    seat = await seat_of(service, update.game_id, update.user_id)
    if seat is None or not seat.to_act:
        return view
    own = GAME_PANELS.get(seat.game_key)
    if own is not None:
        return await own.view(service, update, lang)
    user = update.user_id

    def key(op: str, *args: str) -> Key:
        return Key(seat.game_id, seat.seat, seat.version, op, args)

    texts = await service.options(seat.game_id, user)
    menus = 0
    covered: set[str] = set()
    for name, (option, label) in HANDLED.items():
        found = await _choices(service, user, seat, name, option, {})
        if found and menus < MAX_SELECT_ROWS:
            op = "tile" if name == "place" else name
            for select in _selects(key(op), found, i18n.t(label, lang))[: MAX_SELECT_ROWS - menus]:
                view.add_item(select)
                menus += 1
            covered.add(name)
    words = [t for t in texts if " " not in t][:MAX_WORD_BUTTONS]
    others = [t for t in texts if t not in words and t.split(" ", 1)[0] not in covered]
    if others:
        found = move_menus.entries(others, texts)
        for select in _other_selects(key("act"), found, i18n.t("other", lang), OTHER_ROWS - menus):
            view.add_item(select)
    for word in words:
        view.add_item(PanelButton(key("do", word), word, discord.ButtonStyle.primary))
    view.add_item(PanelButton(key("undo"), i18n.t("undo", lang)))
    return view


async def panel_content(service: Service, update: PrivateUpdate) -> PrivateUpdate:
    """A private update as its game's own panel shows it (unchanged for the generic panel)."""
    seat = await seat_of(service, update.game_id, update.user_id)
    own = GAME_PANELS.get(seat.game_key) if seat is not None else None
    return update if own is None else await own.content(service, update)


async def out_of_date(interaction: discord.Interaction[Any], key: Key, lang: str) -> None:
    """Tell the clicker their panel is out of date and offer a fresh one."""
    view = discord.ui.View(timeout=None)
    view.add_item(PanelButton(Key(key.game, key.seat, 0, "fresh"), i18n.t("fresh", lang)))
    await interaction.followup.send(i18n.t("stale", lang), view=view, ephemeral=True)


def _hex_view(key: Key, tile: str, hexes: Sequence[Suggestion], lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for select in _selects(Key(key.game, key.seat, key.version, "hex", (tile,)), hexes,
                           i18n.t("pick_hex", lang)):  # fmt: skip
        view.add_item(select)
    view.add_item(PanelButton(Key(key.game, key.seat, key.version, "back"), i18n.t("back", lang)))
    return view


def _preview_view(
    key: Key, tile: str, where: str, facing: int, legal: Sequence[int], lang: str
) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    at = legal.index(facing) if facing in legal else 0
    left, right = legal[(at - 1) % len(legal)], legal[(at + 1) % len(legal)]

    def k(op: str, f: int) -> Key:
        return Key(key.game, key.seat, key.version, op, (tile, where, str(f)))

    view.add_item(PanelButton(k("rot", left), i18n.t("left", lang)))
    view.add_item(PanelButton(k("rot", right), i18n.t("right", lang)))
    view.add_item(
        PanelButton(k("ok", facing), i18n.t("confirm", lang), discord.ButtonStyle.success)
    )
    view.add_item(PanelButton(Key(key.game, key.seat, key.version, "back"), i18n.t("back", lang)))
    return view


ClickHandler = Callable[[Runner, discord.Interaction[Any], Key, str | None], Awaitable[None]]
"""What a game's panel does with one click or pick, once it is deferred."""


async def answer_click(
    interaction: discord.Interaction[Any], key: Key, value: str | None, act: ClickHandler
) -> None:
    """A panel click or pick deferred, acted on, and any error answered by the one handler."""
    runner = runner_of(interaction)
    if await runner.refused(interaction):
        return
    async with runner.gate.job():
        # Deferred (as an update of the panel) before anything that reads the store or renders.
        await interaction.response.defer()
        with replies_later() as owed:
            try:
                await runner.remember_names(interaction)
                await act(runner, interaction, key, value)
            except Exception as err:  # the one error handler answers
                await runner.fail(interaction, err)
        await runner.ai_replies(owed)


async def handle(interaction: discord.Interaction[Any], key: Key, value: str | None) -> None:
    """Any panel click or pick: checked against the seat and the position, then acted on."""
    await answer_click(interaction, key, value, _handle)


async def _handle(
    runner: Runner, interaction: discord.Interaction[Any], key: Key, value: str | None
) -> None:
    service, user = runner.service, interaction.user.id
    lang = await runner.locale(interaction)
    seat = await seat_of(service, key.game, user)
    if seat is None or seat.seat != key.seat:
        await interaction.followup.send(i18n.t("not_yours", lang), ephemeral=True)
        return
    if key.op == "fresh":
        reply = await service.hand(key.game, user)
        for panel in reply.messages:
            if isinstance(panel, PrivateUpdate):
                await runner.delivery.send_panel_reply(interaction, panel, lang)
        return
    if key.version != seat.version:
        await out_of_date(interaction, key, lang)
        return
    group = group_name(seat.game_key)
    if key.op == "tile" and value:
        hexes = await _choices(service, user, seat, "place", "hex", {"tile": value})
        await interaction.edit_original_response(
            content=i18n.t("where", lang, tile=value), view=_hex_view(key, value, hexes, lang)
        )
    elif key.op in ("hex", "rot"):
        tile = key.args[0]
        where = value if key.op == "hex" and value else key.args[1]
        options = {"tile": tile, "hex": where}
        facings = await _choices(service, user, seat, "place", "facing", options)
        legal = sorted(int(f.value) for f in facings) or list(FACINGS)
        facing = int(key.args[2]) if key.op == "rot" else legal[0]
        await _show_preview(runner, interaction, key, tile, where, facing, legal, lang)
    elif key.op == "ok":
        placed = {"tile": key.args[0], "hex": key.args[1], "facing": int(key.args[2])}
        await _play(runner, interaction, f"{group} place", placed, key.game, lang)
    elif key.op in ("discard", "hq") and value:
        option = "tile" if key.op == "discard" else "hex"
        await _play(runner, interaction, f"{group} {key.op}", {option: value}, key.game, lang)
    elif key.op == "act" and value:
        await _pick_other(runner, interaction, key, value, lang)
    elif key.op == "do":
        await _play(runner, interaction, f"{group} act", {"action": key.args[0]}, key.game, lang)
    elif key.op == "undo":
        await _play(runner, interaction, "undo", {}, key.game, lang)
    elif key.op == "back":
        reply = await service.hand(key.game, user)
        panel = next(m for m in reply.messages if isinstance(m, PrivateUpdate))
        attachments = await files.draw(panel.images, lang)
        view = await panel_view(service, panel, lang)
        await interaction.edit_original_response(
            content=files.chunks(localise(panel.text, lang))[0], attachments=attachments, view=view
        )


def _other_selects(key: Key, found: list[Suggestion], placeholder: str, rows: int) -> list[Any]:
    parts = move_menus.pages(found, rows)
    return [
        PanelSelect(Key(key.game, key.seat, key.version, key.op, (str(i),)), part,
                    placeholder if len(parts) == 1 else f"{placeholder} ({i + 1}/{len(parts)})")
        for i, part in enumerate(parts)
    ]  # fmt: skip


async def _pick_other(
    runner: Runner, interaction: discord.Interaction[Any], key: Key, value: str, lang: str
) -> None:
    """A pick in the "Other moves" menus: a move is played, a group opens its own menus."""
    service, user = runner.service, interaction.user.id
    legal = await service.options(key.game, user)
    move = move_menus.picked(value, legal)
    if move is not None:
        group = group_name((await place(service, key.game)).game_key)
        await _play(runner, interaction, f"{group} act", {"action": move}, key.game, lang)
        return
    prefix = value.removeprefix(move_menus.GROUP)
    members = move_menus.in_group(prefix, legal)
    found = move_menus.entries(members, legal, move_menus.group_depth(prefix))
    view = discord.ui.View(timeout=None)
    for select in _other_selects(key, found, f"{prefix} …", MAX_ROWS - 1):
        view.add_item(select)
    view.add_item(PanelButton(Key(key.game, key.seat, key.version, "back"), i18n.t("back", lang)))
    await interaction.edit_original_response(view=view)


async def _show_preview(
    runner: Runner,
    interaction: discord.Interaction[Any],
    key: Key,
    tile: str,
    where: str,
    facing: int,
    legal: Sequence[int],
    lang: str,
) -> None:
    image = await preview(runner.service, key.game, interaction.user.id, tile, where, facing)
    attachments = await files.draw((image,) if image else (), lang)
    text = i18n.t("previewing", lang, tile=tile, hex=where, facing=facing)
    view = _preview_view(key, tile, where, facing, legal, lang)
    await interaction.edit_original_response(content=text, attachments=attachments, view=view)


async def _play(
    runner: Runner,
    interaction: discord.Interaction[Any],
    path: str,
    options: dict[str, Any],
    game: int,
    lang: str,
) -> None:
    """Play a catalogue command from the panel, close this panel, deliver what follows."""
    command = find(path)
    reply = await dispatch(runner.service, interaction.user.id, command, {**options, "game": game})
    action = options.get("action") or " ".join(str(v) for v in options.values())
    done = i18n.t("played", lang, action=f"{path.split()[-1]} {action}".strip())
    await interaction.edit_original_response(content=done, view=None)
    await runner.delivery.deliver(reply.messages)


class PanelButton(KeyedButton, prefix="mp", handler=handle):
    """A panel button: undo, a one-word action, rotate, confirm, back, fresh panel."""


class PanelSelect(KeyedSelect, prefix="ms", handler=handle):
    """A panel select: tile to place, hex, tile to discard, HQ hex, any other legal move."""
