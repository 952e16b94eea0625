"""Puzzles on Discord: the private answer to /puzzle, its panel, and the daily post.

The panel is a game's hand panel (bot.discord.panels) over a puzzle try: the same keyed
components (`Key`: try id in place of the game, the puzzle's seat, the try's version), the same
flow (a tile, a hex, a facing with a live preview, confirm; other moves in grouped menus; undo)
and the same texts; only the source differs: the try's state through the puzzles
of the Neuroshima plug-in.
Everything here is ephemeral: a puzzle's answers are for the one who plays it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

import discord

from bot.discord import files, i18n, move_menus
from bot.discord.panels import FACINGS, Key, KeyedButton, KeyedSelect, answer_click
from bot.discord.runner import REPLY_PRESENTERS, Runner, runner_of
from bot.service.commands.frontend import preview_png
from bot.service.commands.sources import values_of
from bot.service.commands.spec import Suggestion
from bot.service.i18n import localise
from bot.service.outbox import Image
from bot.service.plugins.neuroshima.puzzle_commands import place_command
from bot.service.plugins.neuroshima.puzzles import tries
from bot.service.plugins.neuroshima.puzzles.desk import Desk
from bot.service.plugins.neuroshima.puzzles.shown import PuzzleReply
from bot.service.workers import draw_frames
from games.text import Text

FIGHT = Text("Fight the battle")
AGAIN = Text("Try again")


def _key(desk: Desk, op: str, *args: str) -> Key:
    return Key(desk.record.id, desk.seat, desk.record.version, op, args)


def _choices(desk: Desk, option: str, given: dict[str, str]) -> list[Suggestion]:
    shape = place_command().legal
    assert shape is not None
    return values_of(shape, desk.legal(), desk.view(), option, given)


def _menus(key: Key, found: Sequence[Suggestion], placeholder: str, rows: int) -> list[Any]:
    """Menus of at most 25 entries, at most `rows` of them (ValueError when they do not fit:
    grouping keeps every level small, so nothing is cut silently)."""
    parts = move_menus.pages(found, rows)
    return [
        PuzzleSelect(Key(key.game, key.seat, key.version, key.op, (*key.args, str(i))), part,
                     placeholder if len(parts) == 1 else f"{placeholder} ({i + 1}/{len(parts)})")
        for i, part in enumerate(parts)
    ]  # fmt: skip


def panel_view(desk: Desk, lang: str) -> discord.ui.View:
    """A try's main panel: tiles to place, the other moves, Fight and undo."""
    view = discord.ui.View(timeout=None)
    tiles = _choices(desk, "tile", {})
    rows = 0
    for menu in _menus(_key(desk, "tile"), tiles, i18n.t("place", lang), 2):
        view.add_item(menu)
        rows += 1
    texts = desk.legal_texts()
    others = [t for t in texts if t != "end" and not t.startswith("place ")]
    if others:
        found = move_menus.entries(others, texts)
        for menu in _menus(_key(desk, "act"), found, i18n.t("other", lang), 4 - rows):
            view.add_item(menu)
    fight = localise(FIGHT, lang)
    view.add_item(PuzzleButton(_key(desk, "end"), fight, discord.ButtonStyle.primary))
    if desk.record.actions:
        view.add_item(PuzzleButton(_key(desk, "undo"), i18n.t("undo", lang)))
    return view


def again_view(lang: str) -> discord.ui.View:
    """After a battle: one button to try the clicker's last puzzle again."""
    view = discord.ui.View(timeout=None)
    view.add_item(PuzzleButton(Key(0, 0, 0, "again"), localise(AGAIN, lang)))
    return view


async def present(runner: Runner, interaction: discord.Interaction[Any], reply: PuzzleReply,
                  lang: str) -> None:  # fmt: skip
    """Answer a /puzzle command: the text, the panel or the battle, all for the caller only."""
    text = localise(reply.text, lang)
    if reply.panel is not None:
        desk = await tries.desk(runner.service, interaction.user.id)
        await files.followup(interaction, text, reply.images, True, panel_view(desk, lang), lang)
    elif reply.replay is not None:
        await _battle(interaction, reply, lang, edit=False)
    else:
        await files.followup(interaction, text or i18n.t("done", lang), reply.images, True,
                             lang=lang)  # fmt: skip


async def _battle(
    interaction: discord.Interaction[Any], reply: PuzzleReply, lang: str, *, edit: bool
) -> None:
    """The verdict with the battle as one GIF and its narration (edited into the panel)."""
    replay = reply.replay
    assert replay is not None
    told = localise(reply.text, lang)
    story = Text.lines([replay.caption, replay.narration]) if replay.narration else replay.caption
    frames = await _frames(replay, lang)
    attachments = await files.animation(replay.name, lambda: frames, localise(story, lang))
    content = files.chunks(f"{told}\n\n{localise(story, lang)}")
    view = again_view(lang) if reply.solved is False else None
    if edit:
        await interaction.edit_original_response(content=content[0], attachments=attachments,
                                                 view=view)  # fmt: skip
    else:
        kwargs: dict[str, Any] = {"ephemeral": True, "wait": True, "files": attachments}
        if view is not None:
            kwargs["view"] = view
        await interaction.followup.send(content[0], **kwargs)
    for piece in content[1:]:
        await interaction.followup.send(piece, ephemeral=True)


async def _frames(replay: Any, lang: str) -> tuple[bytes, ...]:
    return tuple(await draw_frames(replay, lang))


async def handle(interaction: discord.Interaction[Any], key: Key, value: str | None) -> None:
    """Any puzzle panel click or pick, deferred and answered like a game panel's."""
    await answer_click(interaction, key, value, _act)


async def _act(
    runner: Runner, interaction: discord.Interaction[Any], key: Key, value: str | None
) -> None:
    service, user = runner.service, interaction.user.id
    lang = await runner.locale(interaction)
    if key.op == "again":
        await _show(interaction, await tries.retry(service, user, interaction.guild_id or 0), lang)
        return
    if key.op == "play":  # the daily post's button: the post stays, the puzzle is the clicker's
        await present(
            runner, interaction, await tries.begin(service, user, interaction.guild_id or 0), lang
        )
        return
    record = await service.store.puzzle_try(key.game)
    if record is None or record.user_id != user:
        await interaction.followup.send(i18n.t("not_yours", lang), ephemeral=True)
        return
    desk = await tries.desk(service, user)
    if desk.record.id != key.game:
        await interaction.followup.send(i18n.t("stale", lang), ephemeral=True)
        return
    version = key.version
    if key.op == "tile" and value:
        hexes = _choices(desk, "hex", {"tile": value})
        view = discord.ui.View(timeout=None)
        for menu in _menus(_key(desk, "hex", value), hexes, i18n.t("pick_hex", lang), 4):
            view.add_item(menu)
        view.add_item(PuzzleButton(_key(desk, "back"), i18n.t("back", lang)))
        await interaction.edit_original_response(content=i18n.t("where", lang, tile=value),
                                                 view=view)  # fmt: skip
    elif key.op in ("hex", "rot"):
        tile = key.args[0]
        where = value if key.op == "hex" and value else key.args[1]
        facings = _choices(desk, "facing", {"tile": tile, "hex": where})
        legal = sorted(int(f.value) for f in facings) or list(FACINGS)
        facing = int(key.args[2]) if key.op == "rot" else legal[0]
        await _preview(interaction, desk, tile, where, facing, legal, lang)
    elif key.op == "ok":
        text = f"place {key.args[0]} {key.args[1]} {key.args[2]}"
        await _show(interaction, await tries.act(service, user, text, version=version), lang)
    elif key.op == "act" and value:
        move = move_menus.picked(value, desk.legal_texts())
        if move is None:
            await _group(interaction, desk, value, lang)
            return
        await _show(interaction, await tries.act(service, user, move, version=version), lang)
    elif key.op == "end":
        await _show(interaction, await tries.fight(service, user, version=version), lang)
    elif key.op == "undo":
        await _show(interaction, await tries.undo(service, user, version=version), lang)
    elif key.op == "back":
        await _show(interaction, await tries.panel_reply(service, desk), lang)


async def _group(interaction: discord.Interaction[Any], desk: Desk, value: str, lang: str) -> None:
    """A group of other moves picked: its own menus."""
    legal = desk.legal_texts()
    prefix = value.removeprefix(move_menus.GROUP)
    members = move_menus.in_group(prefix, legal)
    found = move_menus.entries(members, legal, move_menus.group_depth(prefix))
    view = discord.ui.View(timeout=None)
    for menu in _menus(_key(desk, "act"), found, f"{prefix} …", 4):
        view.add_item(menu)
    view.add_item(PuzzleButton(_key(desk, "back"), i18n.t("back", lang)))
    await interaction.edit_original_response(view=view)


async def _show(interaction: discord.Interaction[Any], reply: PuzzleReply, lang: str) -> None:
    """Edit the panel into what a click led to: the next panel, or the battle's verdict."""
    if reply.replay is not None:
        await _battle(interaction, reply, lang, edit=True)
        return
    runner = runner_of(interaction)
    desk = await tries.desk(runner.service, interaction.user.id)
    attachments = await files.draw(reply.images, lang)
    await interaction.edit_original_response(
        content=files.chunks(localise(reply.text, lang))[0],
        attachments=attachments,
        view=panel_view(desk, lang),
    )


async def _preview(
    interaction: discord.Interaction[Any],
    desk: Desk,
    tile: str,
    where: str,
    facing: int,
    legal: Sequence[int],
    lang: str,
) -> None:
    board = desk.puzzle.position.board
    spot = (tile, board.parse(where), facing)
    name = f"puzzle{desk.record.id}-v{desk.record.version}-preview-{facing}.png"
    image = Image.said(name, partial(preview_png, desk.view(), desk.seat, spot))
    attachments = await files.draw((image,), lang)
    at = legal.index(facing) if facing in legal else 0
    left, right = legal[(at - 1) % len(legal)], legal[(at + 1) % len(legal)]
    view = discord.ui.View(timeout=None)
    for op, f, label in (("rot", left, "left"), ("rot", right, "right")):
        view.add_item(PuzzleButton(_key(desk, op, tile, where, str(f)), i18n.t(label, lang)))
    ok = _key(desk, "ok", tile, where, str(facing))
    view.add_item(PuzzleButton(ok, i18n.t("confirm", lang), discord.ButtonStyle.success))
    view.add_item(PuzzleButton(_key(desk, "back"), i18n.t("back", lang)))
    text = i18n.t("previewing", lang, tile=tile, hex=where, facing=facing)
    await interaction.edit_original_response(content=text, attachments=attachments, view=view)


class PuzzleButton(KeyedButton, prefix="zp", handler=handle):
    """A puzzle panel button: Fight, undo, rotate, confirm, back, try again."""


class PuzzleSelect(KeyedSelect, prefix="zs", handler=handle):
    """A puzzle panel menu: a tile to place, a hex, any other legal move."""


REPLY_PRESENTERS[PuzzleReply] = present
