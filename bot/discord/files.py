"""Images and long texts made fit for Discord: files drawn off the event loop, 2000-char chunks."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable, Sequence
from typing import Any

import discord
from PIL import Image as PILImage

from bot.service.outbox import Image
from bot.service.workers import draw_images

MAX_TEXT = 2000
MAX_FILES = 10
MAX_UPLOAD = 8 * 1024 * 1024
"""Bytes of attachments one message may carry (Discord's smallest upload limit, with margin)."""
FRAME_MS = 900
FIRST_LAST_MS = 1600
"""How long each frame of an animation shows: the first and last (the result) linger."""


def chunks(text: str, size: int = MAX_TEXT) -> list[str]:
    """The text split at line ends into pieces Discord accepts (at least one piece)."""
    pieces: list[str] = []
    current = ""
    for line in text.splitlines() or [""]:
        while len(line) > size:
            if current:
                pieces.append(current)
                current = ""
            pieces.append(line[:size])
            line = line[size:]
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > size:
            pieces.append(current)
            current = line
        else:
            current = candidate
    pieces.append(current)
    return [p for p in pieces if p] or [""]


async def draw(images: Sequence[Image], lang: str = "en") -> list[discord.File]:
    """Discord files of images with their words in `lang`, drawn in the process pool so the
    gateway keeps its heartbeat."""
    if not images:
        return []
    drawn = await draw_images(images[:MAX_FILES], lang)
    return [discord.File(io.BytesIO(data), filename=name) for name, data in drawn]


def gif(frames: Sequence[bytes]) -> bytes:
    """An endlessly looping GIF of PNG frames (padded to the tallest; palettes kept).

    The renderers map frames to one fixed palette already, so converting to GIF loses nothing
    and colours do not flicker between frames.
    """
    if not frames:
        raise ValueError("no frames")
    images = [PILImage.open(io.BytesIO(data)) for data in frames]
    width = max(i.width for i in images)
    height = max(i.height for i in images)
    sized = [_pad(i, width, height) for i in images]
    durations = [FIRST_LAST_MS, *([FRAME_MS] * (len(sized) - 2)), FIRST_LAST_MS][: len(sized)]
    buffer = io.BytesIO()
    sized[0].save(
        buffer,
        "GIF",
        save_all=True,
        append_images=sized[1:],
        duration=durations,
        loop=0,
        disposal=1,
        optimize=False,
    )
    return buffer.getvalue()


def _pad(image: PILImage.Image, width: int, height: int) -> PILImage.Image:
    if image.mode not in ("P", "L", "RGB"):
        image = image.convert("RGB")
    if image.size == (width, height):
        return image
    canvas = PILImage.new(image.mode, (width, height), image.getpixel((0, 0)))
    if image.mode == "P":
        palette = image.getpalette()
        if palette is not None:
            canvas.putpalette(palette)
    canvas.paste(image, (0, 0))
    return canvas


def _animate(name: str, draw: Callable[[], Sequence[bytes]]) -> list[tuple[str, bytes]]:
    frames = draw()
    if not frames:
        return []
    if len(frames) == 1:
        return [(f"{name}.png", frames[0])]
    data = gif(frames)
    if len(data) <= MAX_UPLOAD:
        # The last frame is the result: kept as a still under the looping GIF.
        return [(f"{name}.gif", data), (f"{name}-summary.png", frames[-1])]
    # Too big for one upload as a GIF: the frames themselves, as many as one message takes.
    return [(f"{name}-{i + 1:02d}.png", f) for i, f in enumerate(frames[:MAX_FILES])]


MAX_DESCRIPTION = 1024
"""Discord's limit on an attachment's alt text."""


async def animation(
    name: str, draw: Callable[[], Sequence[bytes]], description: str | None = None
) -> list[discord.File]:
    """An animation's frames as one GIF attachment, drawn and encoded off the event loop;
    `description` is every attachment's alt text (what a screen reader says)."""
    found = await asyncio.to_thread(_animate, name, draw)
    alt = description[:MAX_DESCRIPTION] if description else None
    return [
        discord.File(io.BytesIO(data), filename=filename, description=alt)
        for filename, data in found
    ]


async def followup(
    interaction: discord.Interaction[Any],
    text: str,
    images: Sequence[Image] = (),
    ephemeral: bool = True,
    view: discord.ui.View | None = None,
    lang: str = "en",
) -> discord.WebhookMessage | None:
    """Answer a deferred interaction: text in chunks, images (words in `lang`) and a view on
    the last piece."""
    attachments = await draw(images, lang)
    pieces = chunks(text)
    last: discord.WebhookMessage | None = None
    for i, piece in enumerate(pieces):
        final = i == len(pieces) - 1
        # A reply names players as mentions; it must not ping them (pings are for turns).
        kwargs: dict[str, Any] = {
            "ephemeral": ephemeral,
            "wait": True,
            "allowed_mentions": discord.AllowedMentions.none(),
        }
        if final and attachments:
            kwargs["files"] = attachments
        if final and view is not None:
            kwargs["view"] = view
        last = await interaction.followup.send(piece or "\u200b", **kwargs)
    return last
