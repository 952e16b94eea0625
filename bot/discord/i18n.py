"""Texts the Discord layer writes itself (buttons, menus, thread names, DM notices, the apology).

Everything the service says (replies, game posts, errors) is a `Text` said through the service
catalogues (bot.service.i18n). The layer's own texts stay in TEXTS, keyed by id, because code
picks them by id (`t(op, lang)` names a lobby button by its operation) and they exist only in
Discord. Command and option NAMES stay English on purpose: players type them and share them
across languages (a Czech and a Polish player quote the same `/neuroshima place`). Descriptions
and choice names are localised through an app_commands Translator: command and option
descriptions from the command catalogue (see `command_key`), group descriptions (keyed by their
English text) and choice names (keyed 'option:choice') from the service catalogues, sent to
Discord as *_localizations; choice values stay English.
"""

from __future__ import annotations

from collections.abc import Mapping

from discord import Locale, app_commands

from bot.service import i18n as service_i18n

LOCALES = service_i18n.LANGUAGES
TRANSLATED = service_i18n.TRANSLATED
"""The locales with a translation file of the command catalogue."""
LOCALE_DIR = service_i18n.COMMAND_DIR

TEXTS: dict[str, dict[str, str]] = {
    "apology": {
        "en": "Sorry, something went wrong on my side (incident {incident}).",
        "cs": "Omlouvám se, něco se u mě pokazilo (incident {incident}).",
        "ru": "Извините, у меня что-то пошло не так (инцидент {incident}).",
        "pl": "Przepraszam, coś poszło nie tak po mojej stronie (incydent {incident}).",
    },
    "stale": {
        "en": "This panel is out of date: the game has moved on.",
        "cs": "Tento panel je zastaralý: hra mezitím pokročila.",
        "ru": "Эта панель устарела: игра ушла вперёд.",
        "pl": "Ten panel jest nieaktualny: gra poszła naprzód.",
    },
    "fresh": {"en": "Fresh panel", "cs": "Nový panel", "ru": "Новая панель", "pl": "Nowy panel"},
    "not_yours": {
        "en": "This panel belongs to another player.",
        "cs": "Tento panel patří jinému hráči.",
        "ru": "Эта панель принадлежит другому игроку.",
        "pl": "Ten panel należy do innego gracza.",
    },
    "dm_closed": {
        "en": "I cannot send you direct messages, so your private hand comes in a private "
        "thread and with /hand. Allow DMs from this server, then /settings notifications:dm.",
        "cs": "Nemohu vám posílat soukromé zprávy, takže ruku dostanete v soukromém vlákně "
        "a přes /hand. Povolte zprávy z tohoto serveru a pak /settings notifications:dm.",
        "ru": "Я не могу писать вам в личные сообщения, поэтому рука будет в приватной ветке "
        "и по /hand. Разрешите ЛС с этого сервера, затем /settings notifications:dm.",
        "pl": "Nie mogę wysyłać Ci prywatnych wiadomości, więc rękę dostaniesz w prywatnym "
        "wątku i przez /hand. Zezwól na DM z tego serwera, potem /settings notifications:dm.",
    },
    "dm_reopened": {
        "en": "Direct messages work again: your hands and turn notices will come here.",
        "cs": "Soukromé zprávy opět fungují: vaše ruce a upozornění na tah přijdou sem.",
        "ru": "Личные сообщения снова работают: ваши руки и напоминания о ходе придут сюда.",
        "pl": "Wiadomości prywatne znów działają: twoje ręce i powiadomienia o ruchu "
        "przyjdą tutaj.",
    },
    "dm_still_closed": {
        "en": "I still cannot send you direct messages. Allow DMs from this server "
        "(Privacy Settings), then try /settings notifications:dm again.",
        "cs": "Stále vám nemohu posílat soukromé zprávy. Povolte zprávy z tohoto serveru "
        "(Nastavení soukromí) a zkuste znovu /settings notifications:dm.",
        "ru": "Я всё ещё не могу писать вам в личные сообщения. Разрешите ЛС с этого сервера "
        "(настройки конфиденциальности) и снова попробуйте /settings notifications:dm.",
        "pl": "Nadal nie mogę wysyłać Ci prywatnych wiadomości. Zezwól na DM z tego serwera "
        "(Ustawienia prywatności), a potem spróbuj ponownie /settings notifications:dm.",
    },
    "dm_probe": {
        "en": "You have a seat in game #{game}. Your private hand will arrive here.",
        "cs": "Máte místo ve hře #{game}. Vaše soukromá ruka přijde sem.",
        "ru": "У вас место в игре #{game}. Ваша рука будет приходить сюда.",
        "pl": "Masz miejsce w grze #{game}. Twoja ręka będzie przychodzić tutaj.",
    },
    # The HQ menu's placeholder as the Neuroshima panel says it (a test compares with it).
    "hq": {
        "en": "Place your HQ…",
        "cs": "Umístit velitelství…",
        "ru": "Поставить штаб…",
        "pl": "Postaw sztab…",
    },
    "other": {
        "en": "Other moves…",
        "cs": "Další tahy…",
        "ru": "Другие ходы…",
        "pl": "Inne ruchy…",
    },
    "left": {"en": "Rotate ⟲", "cs": "Otočit ⟲", "ru": "Повернуть ⟲", "pl": "Obróć ⟲"},
    "right": {"en": "Rotate ⟳", "cs": "Otočit ⟳", "ru": "Повернуть ⟳", "pl": "Obróć ⟳"},
    "confirm": {"en": "Confirm", "cs": "Potvrdit", "ru": "Подтвердить", "pl": "Potwierdź"},
    "back": {"en": "Back", "cs": "Zpět", "ru": "Назад", "pl": "Wstecz"},
    "undo": {"en": "Undo", "cs": "Vrátit", "ru": "Отменить", "pl": "Cofnij"},
    "played": {
        "en": "Played: {action}",
        "cs": "Zahráno: {action}",
        "ru": "Сыграно: {action}",
        "pl": "Zagrano: {action}",
    },
    "join": {"en": "Join", "cs": "Přidat se", "ru": "Войти", "pl": "Dołącz"},
    "leave": {"en": "Leave", "cs": "Odejít", "ru": "Выйти", "pl": "Opuść"},
    "start": {"en": "Start", "cs": "Začít", "ru": "Начать", "pl": "Start"},
    "army": {
        "en": "Choose your army…",
        "cs": "Vyberte armádu…",
        "ru": "Выберите армию…",
        "pl": "Wybierz armię…",
    },
    "accept": {"en": "Accept", "cs": "Přijmout", "ru": "Принять", "pl": "Akceptuj"},
    "decline": {"en": "Decline", "cs": "Odmítnout", "ru": "Отклонить", "pl": "Odrzuć"},
    "hand_thread": {
        "en": "hand · game {game}",
        "cs": "ruka · hra {game}",
        "ru": "рука · игра {game}",
        "pl": "ręka · gra {game}",
    },
    "game_thread": {
        "en": "game {game} · {name}",
        "cs": "hra {game} · {name}",
        "ru": "игра {game} · {name}",
        "pl": "gra {game} · {name}",
    },
    "done": {"en": "Done.", "cs": "Hotovo.", "ru": "Готово.", "pl": "Gotowe."},
    "restarting": {
        "en": "The bot is restarting: try again in a minute. Nothing was changed.",
        "cs": "Bot se restartuje: zkuste to za minutu znovu. Nic se nezměnilo.",
        "ru": "Бот перезапускается: попробуйте через минуту. Ничего не изменено.",
        "pl": "Bot się restartuje: spróbuj ponownie za minutę. Nic nie zostało zmienione.",
    },
    "check_ok": {
        "en": "{channel}: nothing missing.",
        "cs": "{channel}: nic nechybí.",
        "ru": "{channel}: всё есть.",
        "pl": "{channel}: niczego nie brakuje.",
    },
    "check_missing": {
        "en": "{channel}: {feature} need {permissions}.",
        "cs": "{channel}: {feature} potřebují {permissions}.",
        "ru": "{channel}: для функции «{feature}» нужно {permissions}.",
        "pl": "{channel}: {feature} potrzebują {permissions}.",
    },
    "check_events": {
        "en": "Server: league scheduled events need {permission}.",
        "cs": "Server: naplánované události lig potřebují {permission}.",
        "ru": "Сервер: для запланированных событий лиг нужно {permission}.",
        "pl": "Serwer: zaplanowane wydarzenia lig potrzebują {permission}.",
    },
    "feature_games": {
        "en": "lobbies and game posts",
        "cs": "předsíně a herní příspěvky",
        "ru": "лобби и игровые сообщения",
        "pl": "poczekalnie i posty gier",
    },
    "feature_threads": {
        "en": "game threads",
        "cs": "vlákna her",
        "ru": "ветки игр",
        "pl": "wątki gier",
    },
    "feature_files": {
        "en": "board images",
        "cs": "obrázky desky",
        "ru": "изображения доски",
        "pl": "obrazy planszy",
    },
    "feature_dms": {
        "en": "private hand threads (for closed DMs)",
        "cs": "soukromá vlákna s rukou (při zavřených DM)",
        "ru": "приватные ветки с рукой (при закрытых ЛС)",
        "pl": "prywatne wątki z ręką (przy zamkniętych DM)",
    },
    "feature_events": {
        "en": "league scheduled events",
        "cs": "naplánované události lig",
        "ru": "запланированные события лиг",
        "pl": "zaplanowane wydarzenia lig",
    },
    "lobby_in": {
        "en": "Game #{game}'s lobby is open in {channel}.",
        "cs": "Předsíň hry #{game} je otevřená v {channel}.",
        "ru": "Лобби игры #{game} открыто в {channel}.",
        "pl": "Poczekalnia gry #{game} jest otwarta w {channel}.",
    },
    "no_thread_voice": {
        "en": "(No game thread: a voice channel's chat has no threads. The game is played here.)",
        "cs": "(Bez vlákna hry: chat hlasového kanálu vlákna nemá. Hraje se přímo tady.)",
        "ru": "(Без ветки игры: в чате голосового канала нет веток. Игра идёт здесь.)",
        "pl": "(Bez wątku gry: czat kanału głosowego nie ma wątków. Gra toczy się tutaj.)",
    },
    "no_thread_permission": {
        "en": "(No game thread: I lack the Create Public Threads permission in this channel. "
        "The game is played here.)",
        "cs": "(Bez vlákna hry: v tomto kanálu nemám oprávnění Create Public Threads. "
        "Hraje se přímo tady.)",
        "ru": "(Без ветки игры: у меня нет права Create Public Threads в этом канале. "
        "Игра идёт здесь.)",
        "pl": "(Bez wątku gry: nie mam uprawnienia Create Public Threads na tym kanale. "
        "Gra toczy się tutaj.)",
    },
    "no_thread_refused": {
        "en": "(No game thread: Discord refused to create one (error {code}). "
        "The game is played here.)",
        "cs": "(Bez vlákna hry: Discord ho odmítl vytvořit (chyba {code}). Hraje se přímo tady.)",
        "ru": "(Без ветки игры: Discord отказался её создать (ошибка {code}). Игра идёт здесь.)",
        "pl": "(Bez wątku gry: Discord odmówił jego utworzenia (błąd {code}). "
        "Gra toczy się tutaj.)",
    },
}


def language(locale: str | None) -> str:
    """One of LOCALES for a Discord locale value ('cs', 'ru', 'pl', 'en-US', ...)."""
    return service_i18n.pick(locale)


def t(key: str, locale: str | None = None, **values: object) -> str:
    """The text `key` in a language (English when the locale is not supported)."""
    entry = TEXTS[key]
    return entry.get(language(locale), entry["en"]).format(**values)


def command_key(path: str, option: str | None = None) -> str:
    """The translation key of a command ('neuroshima add-ai') or of one of its options."""
    key = path.replace(" ", ".")
    return key if option is None else f"{key}.{option}"


def command_texts(lang: str) -> Mapping[str, str]:
    """Command and option descriptions of one locale by key (empty for an unknown locale)."""
    return service_i18n.command_descriptions(lang)


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
        if context.location in _BY_TEXT:
            return service_i18n.catalogue(lang).get(string.message)
        if context.location is app_commands.TranslationContextLocation.choice_name:
            return service_i18n.catalogue(lang).get(str(string.extras.get("key")))
        key = string.extras.get("key")
        if context.location in _DESCRIPTIONS and isinstance(key, str):
            return command_texts(lang).get(key)
        return None
