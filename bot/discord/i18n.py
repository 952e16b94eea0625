"""Texts the Discord layer writes itself (buttons, menus, thread names, DM notices, the apology).

Everything the service says (replies, game posts, errors) is a `Text` said through the gettext
catalogues (bot.service.i18n). The layer's own texts stay in TEXTS, keyed by id, because code
picks them by id (`t(op, lang)` names a lobby button by its operation); they are marked
messages of the service domain. Command and option NAMES stay English on purpose: players type
them and share them across languages (a Czech and a Polish player quote the same
`/neuroshima place`). Descriptions and choice names are localised through an app_commands
Translator from the `commands` domain: command and option descriptions in the context of their
command key (see `command_key`), group descriptions by their English text and choice names in
their option's context, sent to Discord as *_localizations; choice values stay English.

A moment many people read (a `Moment`: a round's deadline, a pause's end) is written as Discord
timestamp markup, `<t:UNIX:f>` and the relative `<t:UNIX:R>`: every reader's client shows it in
their own zone and language, and the relative time stays true whenever it is read.
"""

from __future__ import annotations

from discord import Locale, app_commands
from discord.utils import format_dt

from bot.service import i18n as service_i18n
from bot.service.moments import Moment
from games.text import marked

LOCALES = service_i18n.LANGUAGES
TRANSLATED = service_i18n.TRANSLATED
"""The locales Discord is sent localizations for."""

TEXTS: dict[str, str] = {
    "apology": marked("Sorry, something went wrong on my side (incident {incident})."),
    "stale": marked("This panel is out of date: the game has moved on."),
    "fresh": marked("Fresh panel"),
    "not_yours": marked("This panel belongs to another player."),
    "dm_closed": marked(
        "I cannot send you direct messages, so your private hand comes in a private thread and "
        "with /hand. Allow DMs from this server, then /settings notifications:dm."
    ),
    "dm_reopened": marked(
        "Direct messages work again: your hands and turn notices will come here."
    ),
    "dm_still_closed": marked(
        "I still cannot send you direct messages. Allow DMs from this server (Privacy "
        "Settings), then try /settings notifications:dm again."
    ),
    "dm_probe": marked("You have a seat in game #{game}. Your private hand will arrive here."),
    "other": marked("Other moves…"),
    "left": marked("Rotate ⟲"),
    "right": marked("Rotate ⟳"),
    "confirm": marked("Confirm"),
    "back": marked("Back"),
    "undo": marked("Undo"),
    "played": marked("Played: {action}"),
    "join": marked("Join"),
    "leave": marked("Leave"),
    "start": marked("Start"),
    "army": marked("Choose your army…"),
    "accept": marked("Accept"),
    "decline": marked("Decline"),
    "hand_thread": marked("hand · game {game}"),
    "game_thread": marked("game {game} · {name}"),
    "done": marked("Done."),
    "restarting": marked("The bot is restarting: try again in a minute. Nothing was changed."),
    "check_ok": marked("{channel}: nothing missing."),
    "check_missing": marked("{channel}: {feature} need {permissions}."),
    "check_events": marked("Server: league scheduled events need {permission}."),
    "feature_games": marked("lobbies and game posts"),
    "feature_threads": marked("game threads"),
    "feature_files": marked("board images"),
    "feature_dms": marked("private hand threads (for closed DMs)"),
    "feature_events": marked("league scheduled events"),
    "lobby_in": marked("Game #{game}'s lobby is open in {channel}."),
    "no_thread_voice": marked(
        "(No game thread: a voice channel's chat has no threads. The game is played here.)"
    ),
    "no_thread_permission": marked(
        "(No game thread: I lack the Create Public Threads permission in this channel. The "
        "game is played here.)"
    ),
    "no_thread_refused": marked(
        "(No game thread: Discord refused to create one (error {code}). The game is played here.)"
    ),
}
"""The layer's own English messages by id, translated through the service catalogue."""


def language(locale: str | None) -> str:
    """One of LOCALES for a Discord locale value ('cs', 'ru', 'pl', 'en-US', ...)."""
    return service_i18n.pick(locale)


def timestamp(moment: Moment, locale: str) -> tuple[str, str | None]:
    """A Moment as Discord timestamp markup (the client writes it; `locale` is not needed)."""
    del locale
    relative = None if moment.said is None else format_dt(moment.at, "R")
    return format_dt(moment.at, "f"), relative


def localise(text: str, lang: str | None) -> str:
    """A service text said in `lang` for Discord: its Moments as timestamp markup."""
    return service_i18n.localise(text, lang, timestamp)


def t(key: str, locale: str | None = None, **values: object) -> str:
    """The text `key` in a language (English when the locale is not supported)."""
    said = service_i18n.translations(language(locale)).gettext(TEXTS[key])
    return said.format(**values) if values else said


def command_key(path: str, option: str | None = None) -> str:
    """The translation key of a command ('neuroshima add-ai') or of one of its options."""
    key = path.replace(" ", ".")
    return key if option is None else f"{key}.{option}"


def command_text(lang: str, key: str, english: str) -> str:
    """A command or option description in one locale, by its key (English when untranslated)."""
    return service_i18n.description(lang, key, english)


def described(text: str, key: str) -> app_commands.locale_str:
    """A description discord.py sends in English and asks the Translator to localise by key."""
    return app_commands.locale_str(text, key=key)


_BY_TEXT = (app_commands.TranslationContextLocation.group_description,)
_DESCRIPTIONS = (
    app_commands.TranslationContextLocation.command_description,
    app_commands.TranslationContextLocation.parameter_description,
)


class Translator(app_commands.Translator):
    """Localises group, command and option descriptions when the command tree is synced."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The translation of a description or choice name, or None to keep English."""
        lang = language(locale.value)
        said = self._said(lang, string, context.location) if lang in TRANSLATED else None
        return None if said == string.message else said

    @staticmethod
    def _said(
        lang: str, string: app_commands.locale_str, where: app_commands.TranslationContextLocation
    ) -> str | None:
        key = string.extras.get("key")
        if where in _BY_TEXT:
            return service_i18n.translations(lang).gettext(string.message)
        if where is app_commands.TranslationContextLocation.choice_name and key is not None:
            return service_i18n.choice_name(lang, str(key))
        if where in _DESCRIPTIONS and isinstance(key, str):
            return command_text(lang, key, string.message)
        return None
