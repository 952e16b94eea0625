"""The private hand panel of any game: its steps (`bot.service.panels`) as selects and buttons.

The service says what a panel shows (`bot.service.panel_flow`: menus, buttons, text, images)
and answers each click; this module only draws it with one component set and edits the
message. Custom ids carry game, seat and the panel's version (plus the step's arguments and a
menu's page), so a panel works after a restart and a panel from an older position says it is
out of date. Every move ends in a command the rules check again, like anything typed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, ClassVar, Self

import discord

from bot.discord import files, i18n, move_menus
from bot.discord.i18n import localise
from bot.discord.panel_keys import KEY_TEMPLATE, Key
from bot.discord.plugin import DiscordPlugins
from bot.discord.runner import Runner, picked_values, runner_of
from bot.service import panel_flow
from bot.service.commands import Suggestion
from bot.service.outbox import PrivateUpdate
from bot.service.panel_screen import Answer, Click, Fresh, Menu, Played, Refused, Screen
from bot.service.panel_screen import Button as Press
from bot.service.panels import Panel, id_prefixes, panel_for
from bot.service.plugins.registry import builtin
from bot.service.service import Service
from games.registry import GAMES

Button = discord.ui.Button[discord.ui.View]
Select = discord.ui.Select[discord.ui.View]

MAX_OPTIONS = 25
MAX_SELECT_ROWS = 3
MAX_ROWS = 5
OTHER_ROWS = MAX_ROWS - 1
"""Rows the main panel's menus may fill: one row stays for the buttons (words and undo)."""
MENU_IDS, BUTTON_IDS = id_prefixes(builtin())  # class templates are fixed at import
GAME_PANELS = {key: p for key in sorted(GAMES) if not (p := panel_for(key)).moves}
"""Game key -> its panel, for games whose panel is only their own steps (no move menus)."""
GENERIC_ONLY = DiscordPlugins(())
"""No game's own components: every panel drawn with the generic set."""
TONES = {
    "primary": discord.ButtonStyle.primary,
    "success": discord.ButtonStyle.success,
    "secondary": discord.ButtonStyle.secondary,
}


class PanelButton(
    discord.ui.DynamicItem[Button], template=rf"(?P<prefix>{'|'.join(BUTTON_IDS)}):{KEY_TEMPLATE}"
):
    """A panel button: a step's choice, rotate, confirm, back, a move, undo, fresh panel.

    A panel over no game (a puzzle try) subclasses it with its own id prefix in the template
    and `panel`, in its game's Discord plug-in (bot.discord.plugin); the drawing picks the
    subclass by the screen's prefix."""

    panel: ClassVar[Panel | None] = None
    """The panel its clicks answer (None: the game's the id names)."""
    ids_at: ClassVar[int] = 1
    """Where its id prefix stands in `Panel.ids` (menus, buttons)."""

    def __init__(
        self,
        key: Key,
        label: str = "",
        style: discord.ButtonStyle | None = None,
        prefix: str = BUTTON_IDS[0],
    ) -> None:
        shown = style or discord.ButtonStyle.secondary
        custom_id = key.custom_id(prefix)
        super().__init__(Button(label=label[:80] or key.op, style=shown, custom_id=custom_id))
        self.key = key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        """Rebuild the button from its custom_id (any time, also after a restart)."""
        label = str(getattr(item, "label", "") or "")
        return cls(Key.parse(match), label, prefix=match["prefix"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Handle the click."""
        await handle(interaction, self.key, None, menu=False, panel=self.panel)


class PanelSelect(
    discord.ui.DynamicItem[Select], template=rf"(?P<prefix>{'|'.join(MENU_IDS)}):{KEY_TEMPLATE}"
):
    """A panel menu: a step's choices, a board to switch to, any other legal move (subclassed
    as PanelButton is, by a panel over no game)."""

    panel: ClassVar[Panel | None] = None
    ids_at: ClassVar[int] = 0

    def __init__(
        self,
        key: Key,
        options: Sequence[Suggestion] = (),
        placeholder: str = "",
        prefix: str = MENU_IDS[0],
    ) -> None:
        # One option per value: Discord refuses a menu with a repeated value (400 / 50035).
        unique = {s.value[:100]: s.name[:100] for s in reversed(options)}
        choices = [discord.SelectOption(label=n, value=v) for v, n in reversed(unique.items())]
        select = Select(
            custom_id=key.custom_id(prefix),
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
        return cls(Key.parse(match), prefix=match["prefix"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Handle the pick."""
        values = picked_values(interaction)
        picked = values[0] if values else None
        await handle(interaction, self.key, picked, menu=True, panel=self.panel)


# --- drawing --------------------------------------------------------------------------------
def _paged(
    key: Key, found: Sequence[Suggestion], placeholder: str, prefix: str, plugins: DiscordPlugins
) -> list[Any]:
    """Menus of at most 25 options each (a large board has more free hexes than one menu)."""
    parts = [found[i : i + MAX_OPTIONS] for i in range(0, len(found), MAX_OPTIONS)]
    return _menus(key, parts, placeholder, prefix, plugins)


def _other_selects(
    key: Key,
    found: list[Suggestion],
    placeholder: str,
    rows: int,
    prefix: str = MENU_IDS[0],
    plugins: DiscordPlugins = GENERIC_ONLY,
) -> list[Any]:
    """The menus of the seat's other moves, grouped by their leading words (see move_menus)."""
    return _menus(key, move_menus.pages(found, rows), placeholder, prefix, plugins)


def _menus(
    key: Key,
    parts: Sequence[Sequence[Suggestion]],
    placeholder: str,
    prefix: str,
    plugins: DiscordPlugins,
) -> list[Any]:
    """One menu per part, numbered when there are several; the page goes last in the id."""
    kind = plugins.own(prefix) or PanelSelect
    return [
        kind(Key(key.game, key.seat, key.version, key.op, (*key.args, str(i))), part,
             placeholder if len(parts) == 1 else f"{placeholder} ({i + 1}/{len(parts)})", prefix)
        for i, part in enumerate(parts)
    ]  # fmt: skip


def _said(options: Sequence[Suggestion], lang: str) -> list[Suggestion]:
    return [Suggestion(localise(o.name, lang), o.value) for o in options]


def draw(
    screen: Screen, lang: str, legal: Sequence[str] = (), plugins: DiscordPlugins = GENERIC_ONLY
) -> discord.ui.View:
    """A screen's components as a view: menus (paged, within Discord's five rows), then buttons
    (of the classes `plugins` have for the screen's id prefixes, else the generic ones)."""
    view = discord.ui.View(timeout=None)
    game, seat, version = screen.stamp
    menu_id, button_id = screen.ids
    menus = [c for c in screen.components if isinstance(c, Menu)]
    others = [m for m in menus if m.role == panel_flow.OTHER]
    rows = 0
    cap = MAX_SELECT_ROWS if others else OTHER_ROWS
    for menu in (m for m in menus if m.role != panel_flow.OTHER):
        key = Key(game, seat, version, menu.op, menu.args)
        shown = localise(menu.placeholder, lang)
        for select in _paged(key, _said(menu.choices, lang), shown, menu_id, plugins)[: cap - rows]:
            view.add_item(select)
            rows += 1
    for menu in others:
        found = move_menus.entries([c.value for c in menu.choices], list(legal))
        key = Key(game, seat, version, menu.op, menu.args)
        other = i18n.t("other", lang)
        for select in _other_selects(key, found, other, OTHER_ROWS - rows, menu_id, plugins):
            view.add_item(select)
    for press in (c for c in screen.components if isinstance(c, Press)):
        view.add_item(_button(press, screen, lang, button_id, plugins))
    return view


def _button(
    press: Press, screen: Screen, lang: str, prefix: str, plugins: DiscordPlugins
) -> PanelButton:
    game, seat, version = screen.stamp
    label = localise(press.label, lang) if press.label is not None else i18n.t(press.role, lang)
    key = Key(game, seat, version, press.op, press.args)
    kind: type[PanelButton] = plugins.own(prefix) or PanelButton
    return kind(key, label, TONES.get(press.tone), prefix)


async def panel_view(service: Service, update: PrivateUpdate, lang: str) -> discord.ui.View:
    """The main panel's components for a seat (empty when it is not their move)."""
    screen = await panel_flow.main_screen(service, update.game_id, update.user_id)
    return await drawn(service, screen, update.user_id, lang)


async def drawn(
    service: Service,
    screen: Screen,
    user: int,
    lang: str,
    panel: Panel | None = None,
    plugins: DiscordPlugins = GENERIC_ONLY,
) -> discord.ui.View:
    """A screen of the game's panel (or of `panel`, drawn with `plugins`' classes) as a view."""
    game, _, _ = screen.stamp
    return draw(screen, lang, await _legal(service, screen, game, user, panel), plugins)


async def _legal(
    service: Service, screen: Screen, game: int, user: int, panel: Panel | None = None
) -> list[str]:
    """The seat's legal moves when the screen lists them (long ones go by their number)."""
    if not any(isinstance(c, Menu) and c.role == panel_flow.OTHER for c in screen.components):
        return []
    return await panel_flow.legal_moves(service, game, user, panel)


async def panel_content(service: Service, update: PrivateUpdate) -> PrivateUpdate:
    """A private update as its game's panel shows it (unchanged when the panel has no own)."""
    return await panel_flow.content(service, update)


async def out_of_date(
    interaction: discord.Interaction[Any], key: Key, lang: str, refused: Refused | None = None
) -> None:
    """Tell the clicker their panel is out of date and offer a fresh one (or say the panel's
    own words, when it has no fresh one to offer)."""
    if refused is not None and refused.said is not None:
        await interaction.followup.send(localise(refused.said, lang), ephemeral=True)
        return
    view = discord.ui.View(timeout=None)
    view.add_item(PanelButton(Key(key.game, key.seat, 0, "fresh"), i18n.t("fresh", lang)))
    await interaction.followup.send(i18n.t("stale", lang), view=view, ephemeral=True)


# --- clicks ---------------------------------------------------------------------------------
async def handle(
    interaction: discord.Interaction[Any],
    key: Key,
    value: str | None,
    *,
    menu: bool,
    panel: Panel | None = None,
) -> None:
    """A click or pick on the game's panel (or on `panel`) answered by the service."""
    runner = runner_of(interaction)
    await runner.clicked(interaction, lambda: _answer(runner, interaction, key, value, menu, panel))


async def _answer(
    runner: Runner,
    interaction: discord.Interaction[Any],
    key: Key,
    value: str | None,
    menu: bool,
    panel: Panel | None,
) -> None:
    service, user = runner.service, interaction.user.id
    lang = await runner.locale(interaction)
    # A menu's last argument is its page: the service knows steps, not Discord's 25 options.
    click = Click(key.game, key.seat, key.version, key.op, key.args[:-1] if menu else key.args,
                  value)  # fmt: skip
    if key.op == "act" and value is not None:
        legal = await panel_flow.legal_moves(service, key.game, user, panel)
        move = move_menus.picked(value, legal)
        if move is None:
            await _open_group(runner, interaction, key, click, value, legal, lang, panel)
            return
        click = Click(click.game, click.seat, click.version, click.op, click.args, move)
    answer = await panel_flow.answer(service, user, click, panel)
    await _show(runner, interaction, key, answer, lang, panel)


async def _show(
    runner: Runner,
    interaction: discord.Interaction[Any],
    key: Key,
    answer: Answer,
    lang: str,
    panel: Panel | None = None,
) -> None:
    """Edit the panel message into what the service answered."""
    service, user = runner.service, interaction.user.id
    if isinstance(answer, Refused) and answer.reason == "not_yours":
        await interaction.followup.send(i18n.t("not_yours", lang), ephemeral=True)
    elif isinstance(answer, Refused):
        await out_of_date(interaction, key, lang, answer)
    elif isinstance(answer, Fresh):
        reply = await service.hand(key.game, user)
        for update in reply.messages:
            if isinstance(update, PrivateUpdate):
                await runner.delivery.send_panel_reply(interaction, update, lang)
    elif isinstance(answer, Screen):
        await edit(runner, interaction, answer, lang, panel)
    elif isinstance(answer, Played):
        await _played(runner, interaction, key, answer, lang, panel)


async def edit(
    runner: Runner,
    interaction: discord.Interaction[Any],
    screen: Screen,
    lang: str,
    panel: Panel | None = None,
) -> None:
    """The panel message edited: its components, and its text and images when they change."""
    game, _, _ = screen.stamp
    legal = await _legal(runner.service, screen, game, interaction.user.id, panel)
    extra: dict[str, Any] = {}
    if screen.text is not None:
        extra["content"] = files.chunks(localise(screen.text, lang))[0]
    if screen.images is not None:
        extra["attachments"] = await files.draw(screen.images, lang)
    view = draw(screen, lang, legal, runner.plugins)
    await interaction.edit_original_response(view=view, **extra)


async def _played(
    runner: Runner,
    interaction: discord.Interaction[Any],
    key: Key,
    played: Played,
    lang: str,
    panel: Panel | None,
) -> None:
    """After a move: the panel closes saying what was played (or is redrawn in place), and
    everything else the move said is delivered."""
    reply, user = played.reply, interaction.user.id
    own = runner.plugins.panel_reply(reply)
    if own is not None:
        await own(interaction, reply, lang)
        return
    if not played.redraw:
        done = i18n.t("played", lang, action=played.said)
        await interaction.edit_original_response(content=done, view=None)
        await runner.delivery.deliver(reply.messages)
        return
    mine = [m for m in reply.messages if isinstance(m, PrivateUpdate) and m.user_id == user]
    game = reply.game_id if reply.game_id is not None else key.game
    screen = await panel_flow.panel_message(runner.service, game, user, played.switched, panel)
    await edit(runner, interaction, screen, lang, panel)
    await runner.delivery.deliver([m for m in reply.messages if m not in mine])


async def _open_group(
    runner: Runner,
    interaction: discord.Interaction[Any],
    key: Key,
    click: Click,
    value: str,
    legal: Sequence[str],
    lang: str,
    panel: Panel | None,
) -> None:
    """A group picked in the "Other moves" menus: its moves open as menus of their own."""
    shown, seat = await panel_flow.panel_seat(runner.service, key.game, interaction.user.id,
                                              panel)  # fmt: skip
    refused = panel_flow.refusal(seat, click, shown)
    if refused is not None:
        await _show(runner, interaction, key, refused, lang, panel)
        return
    prefix = value.removeprefix(move_menus.GROUP)
    members = move_menus.in_group(prefix, legal)
    found = move_menus.entries(members, legal, move_menus.group_depth(prefix))
    view = discord.ui.View(timeout=None)
    base = Key(key.game, key.seat, key.version, key.op)
    menus, buttons = shown.ids
    for select in _other_selects(base, found, f"{prefix} …", OTHER_ROWS, menus, runner.plugins):
        view.add_item(select)
    back = Key(key.game, key.seat, key.version, "back")
    kind: type[PanelButton] = runner.plugins.own(buttons) or PanelButton
    view.add_item(kind(back, i18n.t("back", lang), prefix=buttons))
    await interaction.edit_original_response(view=view)
