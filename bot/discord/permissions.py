"""What each Muster feature needs from Discord, channel by channel (`/muster-admin check`).

Permission names are Discord's own, as its settings show them, so an admin can find each one.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.discord import i18n

FEATURES: dict[str, tuple[tuple[str, str], ...]] = {
    "feature_games": (
        ("view_channel", "View Channels"),
        ("send_messages", "Send Messages"),
        ("read_message_history", "Read Message History"),
    ),
    "feature_threads": (
        ("create_public_threads", "Create Public Threads"),
        ("send_messages_in_threads", "Send Messages in Threads"),
    ),
    "feature_files": (("attach_files", "Attach Files"),),
    "feature_dms": (
        ("create_private_threads", "Create Private Threads"),
        ("send_messages_in_threads", "Send Messages in Threads"),
    ),
}
"""Channel permissions per feature: lobbies and game posts, game threads, board images, and the
private threads a player with closed DMs gets their hand in."""
EVENTS = ("manage_events", "Manage Events")
"""The server permission league nights need for their scheduled events."""


def missing(channel: discord.Permissions, server: discord.Permissions) -> dict[str, list[str]]:
    """Per feature, the permission names the bot lacks (features lacking nothing are left out)."""
    found: dict[str, list[str]] = {}
    for feature, needs in FEATURES.items():
        lacking = [name for flag, name in needs if not getattr(channel, flag)]
        if lacking:
            found[feature] = lacking
    if not getattr(server, EVENTS[0]):
        found["feature_events"] = [EVENTS[1]]
    return found


def report(
    channels: list[tuple[str, discord.Permissions]], server: discord.Permissions, lang: str
) -> str:
    """The check's answer: one line per channel, saying what is missing for which feature."""
    lines: list[str] = []
    for mention, perms in channels:
        lacking = missing(perms, server)
        lacking.pop("feature_events", None)  # a server permission: said once below
        if not lacking:
            lines.append(i18n.t("check_ok", lang, channel=mention))
            continue
        for feature, names in lacking.items():
            what = i18n.t(feature, lang)
            needs = ", ".join(names)
            lines.append(
                i18n.t("check_missing", lang, channel=mention, feature=what, permissions=needs)
            )
    if not getattr(server, EVENTS[0]):
        lines.append(i18n.t("check_events", lang, permission=EVENTS[1]))
    return "\n".join(lines)


def game_channels(guild: Any) -> list[Any]:
    """The channels games may be opened in: text, forum and voice channels."""
    kinds = ("text_channels", "forums", "voice_channels")
    return [c for kind in kinds for c in getattr(guild, kind, None) or ()]
