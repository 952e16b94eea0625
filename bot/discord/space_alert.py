"""Space Alert's private programming panel: hand and program board by DM, edited in place.

The panel shows the seat's program image and menus built from the rules' planning choices:
program a card (then pick the turn and the half that is up), take a card back, hand a card over
during a data transfer, switch to an android's board, lock in the phase; between campaign
flights, the seat's answers. Each click plays the codec's text through the service (so the
rules check it) and redraws the same message: the image is a live preview of the program.

Custom ids carry game, seat and the panel stamp of `space_alert_panel` (flight, stage, phase):
other players' placements leave a panel valid, a new phase makes it "out of date" with a
button for a fresh one. The ids are DynamicItems, so panels keep working after a restart.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.discord import files, i18n
from bot.discord.panels import (
    GAME_PANELS,
    GamePanel,
    Key,
    KeyedButton,
    KeyedSelect,
    answer_click,
    out_of_date,
)
from bot.discord.runner import Runner
from bot.service.commands.spec import Suggestion
from bot.service.i18n import localise
from bot.service.outbox import PrivateUpdate, Reply
from bot.service.plugins.space_alert import planning as sap
from bot.service.service import Service
from games.text import Text


# --- building ------------------------------------------------------------------------------
def _key(panel: sap.Panel, op: str, *args: object) -> Key:
    return Key(panel.game_id, panel.seat, panel.stamp, op, tuple(str(a) for a in args))


def main_view(panel: sap.Panel, lang: str) -> discord.ui.View | None:
    """The panel's components (None once the seat has nothing to do)."""
    if not panel.to_act:
        return None
    view = discord.ui.View(timeout=None)

    def say(text: Text) -> str:
        return localise(text, lang)

    if not panel.planning:
        if panel.decisions:
            answer = say(Text("Your answer…"))
            view.add_item(AlertSelect(_key(panel, "act"), said(panel.decisions, lang), answer))
        return view
    if panel.boards:
        shown = next((b.name for b in panel.boards if b.value == str(panel.board)), "")
        label = say(Text("Board {board} (switch…)", board=shown))
        view.add_item(AlertSelect(_key(panel, "board"), said(panel.boards, lang), label))
    menus = [
        (panel.cards, "card", Text("Program a card…")),
        (panel.clears, "clear", Text("Take a card back…")),
        (panel.gifts, "gift", Text("Data transfer: hand a card over…")),
    ]
    for found, op, text in menus:
        if found:
            view.add_item(AlertSelect(_key(panel, op, panel.board), said(found, lang), say(text)))
    lock = say(Text("Lock in phase {phase}", phase=panel.phase))
    view.add_item(AlertButton(_key(panel, "lock"), lock, discord.ButtonStyle.success))
    return view


def said(options: Sequence[Suggestion], lang: str) -> tuple[Suggestion, ...]:
    """Menu options with their names in the reader's language (the values stay as typed)."""
    return tuple(Suggestion(localise(o.name, lang), o.value) for o in options)


async def content(service: Service, update: PrivateUpdate) -> PrivateUpdate:
    """A Space Alert private update as the panel shows it (only announcements heard so far)."""
    panel = await sap.panel(service, update.game_id, update.user_id)
    return update if panel is None else panel.update


async def view_of(service: Service, update: PrivateUpdate, lang: str) -> discord.ui.View:
    """The components of a freshly sent panel."""
    panel = await sap.panel(service, update.game_id, update.user_id)
    found = main_view(panel, lang) if panel is not None else None
    return found or discord.ui.View(timeout=None)


GAME_PANELS[sap.KEY] = GamePanel(content=content, view=view_of)


# --- clicks --------------------------------------------------------------------------------
async def handle(interaction: discord.Interaction[Any], key: Key, value: str | None) -> None:
    """Any panel click or pick: checked against the seat and the stamp, then acted on."""
    await answer_click(interaction, key, value, _handle)


async def _handle(
    runner: Runner, interaction: discord.Interaction[Any], key: Key, value: str | None
) -> None:
    service, user, game = runner.service, interaction.user.id, key.game
    lang = await runner.locale(interaction)
    board = int(key.args[0]) if key.op in ("card", "put", "clear", "back") else None
    panel = await sap.panel(service, game, user, board)
    if panel is None or panel.seat != key.seat:
        await interaction.followup.send(i18n.t("not_yours", lang), ephemeral=True)
        return
    if key.version != panel.stamp:
        await out_of_date(interaction, key, lang)
        return
    reply: Reply | None = None
    if key.op == "board" and value is not None:
        await show(interaction, await sap.panel(service, game, user, int(value)), lang, False)
    elif key.op == "card" and value is not None:
        await _where(runner, interaction, panel, int(value), lang)
    elif key.op == "put" and value is not None:
        slot, half = value.split(":")
        card, on = int(key.args[1]), int(key.args[0])
        reply = await sap.place(service, game, user, card, on, int(slot), half)
    elif key.op == "clear" and value is not None:
        reply = await sap.clear(service, game, user, panel.board, int(value))
    elif key.op == "gift" and value is not None:
        await _receivers(runner, interaction, panel, int(value), lang)
    elif key.op == "give":
        reply = await sap.give(service, game, user, int(key.args[0]), int(key.args[1]))
    elif key.op == "lock":
        reply = await service.act(game, user, "lock")
    elif key.op == "act" and value is not None:
        reply = await service.act(game, user, value)
    elif key.op == "back":
        await show(interaction, panel, lang, False)
    if reply is not None:
        await _played(runner, interaction, reply, panel.board, lang)


async def show(
    interaction: discord.Interaction[Any], panel: sap.Panel | None, lang: str, image: bool = True
) -> None:
    """Redraw the panel message: text, program image (a live preview) and components."""
    if panel is None:
        return
    text = files.chunks(localise(panel.update.text, lang))[0]
    extra: dict[str, Any] = {}
    if image:
        extra["attachments"] = await files.draw(panel.update.images, lang)
    await interaction.edit_original_response(content=text, view=main_view(panel, lang), **extra)


async def _played(
    runner: Runner, interaction: discord.Interaction[Any], reply: Reply, board: int, lang: str
) -> None:
    """After a move: the panel is redrawn in place, everything else is delivered."""
    user = interaction.user.id
    game = reply.game_id
    mine = [m for m in reply.messages if isinstance(m, PrivateUpdate) and m.user_id == user]
    if game is not None:
        await show(interaction, await sap.panel(runner.service, game, user, board), lang)
    await runner.delivery.deliver([m for m in reply.messages if m not in mine])


async def _where(
    runner: Runner, interaction: discord.Interaction[Any], panel: sap.Panel, card: int, lang: str
) -> None:
    """Second step of programming: the turn and the half that is up."""
    found = await sap.targets(runner.service, panel.game_id, interaction.user.id, card, panel.board)
    view = discord.ui.View(timeout=None)
    ask = localise(Text("Card #{card}: which turn, and which half up?", card=card), lang)
    if found:
        view.add_item(AlertSelect(_key(panel, "put", panel.board, card), said(found, lang), ask))
    back = localise(Text("Back"), lang)
    view.add_item(AlertButton(_key(panel, "back", panel.board), back))
    await interaction.edit_original_response(content=ask, view=view)


async def _receivers(
    runner: Runner, interaction: discord.Interaction[Any], panel: sap.Panel, card: int, lang: str
) -> None:
    """Second step of a data transfer: who gets the card."""
    view = discord.ui.View(timeout=None)
    for who in await sap.receivers(runner.service, panel.game_id, interaction.user.id):
        label = localise(Text("To {name}", name=Text.verbatim(who.name)), lang)
        view.add_item(AlertButton(_key(panel, "give", card, who.value), label,
                                  discord.ButtonStyle.primary))  # fmt: skip
    view.add_item(AlertButton(_key(panel, "back", panel.board), localise(Text("Back"), lang)))
    ask = localise(Text("Card #{card}: hand it to whom?", card=card), lang)
    await interaction.edit_original_response(content=ask, view=view)


class AlertButton(KeyedButton, prefix="sb", handler=handle):
    """A panel button: lock in, back, a receiver of a handed card."""


class AlertSelect(KeyedSelect, prefix="ss", handler=handle):
    """A panel menu: a board, a card, a turn and half, a slot to clear, a card to hand over."""
