"""Player-facing sentences that read as English and can still be said in another language.

A `Text` is a `str` (so every caller that prints, joins or compares it keeps working) that also
remembers the message it was made from (the English template, the GNU gettext msgid), its plural
and context when it has them, and the values filled in. Front-ends look the message up in their
gettext catalogues and fill the values in again, translated where they are Texts themselves.

>>> t = Text("{hex} is occupied", hex="C3")
>>> t, t.template, t.params
('C3 is occupied', '{hex} is occupied', {'hex': 'C3'})
>>> lines = Text.lines([t, Text("Your turn.")])
>>> str(lines), lines.parts[1].template
('C3 is occupied\\nYour turn.', 'Your turn.')
>>> [Text.plural("{count} tile left", "{count} tiles left", n) for n in (1, 3)]
['1 tile left', '3 tiles left']
>>> turn = Text.in_context("round of a game", "Turn {number}", number=2)
>>> turn, turn.context
('Turn 2', 'round of a game')
>>> Text.plural_in_context("wounds an HQ takes", "{count} wound", "{count} wounds", 2)
'2 wounds'

The markers `Text`, `Text.plural`, `Text.in_context`, `Text.plural_in_context` and `marked` are
what the catalogue
extraction (`pybabel extract`, see docs/translating.md) looks for: their first arguments must be
string literals, so mark a literal where a data table defines it (`marked("...")`).
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol


class Translations(Protocol):
    """What a Text needs to be said in a language: the four lookups of `gettext`."""

    def gettext(self, message: str, /) -> str:
        """The translation of `message` (itself when there is none)."""

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        """The plural form of a message for `n` in this language."""

    def pgettext(self, context: str, message: str, /) -> str:
        """The translation of `message` in one of its meanings (`context`)."""


Formatter = Callable[[object, str], str]
"""How a language writes a value (a number, a date) for a template's `{name:spec}` field."""


def _plain(value: object, spec: str) -> str:
    """A value in English without a locale library (the Text's own `str`; readers get Babel's).
    Dates and durations are recognised by their methods: games know no clock types."""
    strftime, total_seconds = (
        getattr(value, "strftime", None),
        getattr(value, "total_seconds", None),
    )
    if strftime is not None and spec in ("", "date", "day"):
        said: str = strftime("%Y-%m-%d" if spec == "date" else "%Y-%m-%d %H:%M %Z")
        return said.strip()
    if total_seconds is not None:
        seconds = abs(int(total_seconds()))
        amount, unit = next(
            (seconds // size, name)
            for size, name in ((86400, "day"), (3600, "hour"), (60, "minute"), (1, "second"))
            if seconds >= size or size == 1
        )
        said = f"{amount} {unit}{'' if amount == 1 else 's'}"
        if spec != "in":
            return said
        return f"in {said}" if total_seconds() >= 0 else f"{said} ago"
    return format(value, spec)


class _Filling(string.Formatter):
    """`str.format` with each value written by a language's Formatter."""

    def __init__(self, value: Formatter) -> None:
        self.value = value

    def format_field(self, value: Any, format_spec: str) -> Any:
        return self.value(value, format_spec)

    def check_unused_args(
        self, used_args: set[int | str], args: Sequence[Any], kwargs: Mapping[str, Any]
    ) -> None:
        return None


def marked(message: str) -> str:
    """`message` unchanged: marks a literal in a data table as a sentence to translate, so the
    extraction finds it where it is defined (the table's Text is made later)."""
    return message


class Text(str):
    """A sentence from a template (the catalogue message) and named values."""

    template: str
    params: Mapping[str, object]
    parts: tuple[Text, ...]
    separator: str
    plural_template: str
    """The English plural ('' for a message without plural forms)."""
    number: int
    """The number choosing the plural form (also the template's `{count}`)."""
    context: str
    """The meaning telling apart two messages with the same English ('' for none)."""

    def __new__(cls, template: str, /, **params: object) -> Text:
        """The English sentence; `params` fill the template's `{name}` fields."""
        return cls._made(template, params, template)

    @classmethod
    def _made(
        cls, english: str, params: Mapping[str, object], template: str, plural: str = "",
        count: int = 0, context: str = "",
    ) -> Text:  # fmt: skip
        text = _Filling(_plain).vformat(english, (), params) if params else english
        self = super().__new__(cls, text)
        self.template, self.params, self.parts, self.separator = template, params, (), ""
        self.plural_template, self.number, self.context = plural, count, context
        return self

    @classmethod
    def plural(cls, singular: str, plural: str, count: int, /, **params: object) -> Text:
        """A sentence with plural forms chosen by `count` (which also fills `{count}`):
        English has two, Czech, Russian and Polish three (1 tah, 3 tahy, 5 tahů)."""
        return cls.message(singular, {"count": count, **params}, plural)

    @classmethod
    def plural_in_context(
        cls, context: str, singular: str, plural: str, count: int, /, **params: object
    ) -> Text:
        """A sentence with plural forms whose English has more than one meaning (a fragment
        said in another grammatical case, as the object of a verb)."""
        return cls.message(singular, {"count": count, **params}, plural, context)

    @classmethod
    def in_context(cls, context: str, template: str, /, **params: object) -> Text:
        """A sentence whose English has more than one meaning, told apart by `context`."""
        return cls.message(template, params, context=context)

    @classmethod
    def message(
        cls, template: str, params: Mapping[str, object], plural: str = "", context: str = ""
    ) -> Text:
        """A message rebuilt from its parts (what a log or an outbox stored)."""
        if not plural:
            return cls._made(template, params, template, context=context)
        count = params["count"]
        if not isinstance(count, int):
            raise TypeError(f"the count of {template!r} is not a number")
        english = template if count == 1 else plural
        return cls._made(english, params, template, plural, count, context)

    def refill(self, **params: object) -> Text:
        """The same message (plural forms, context) with other values."""
        if self.plural_template:
            params = {"count": self.number, **params}
        return Text.message(self.template, params, self.plural_template, self.context)

    @classmethod
    def joined(cls, separator: str, parts: Iterable[str]) -> Text:
        """Sentences joined by `separator`, each still translatable on its own."""
        texts = tuple(part if isinstance(part, Text) else Text.verbatim(part) for part in parts)
        self = cls._made(separator.join(texts), {}, "")
        self.parts, self.separator = texts, separator
        return self

    @classmethod
    def lines(cls, parts: Iterable[str]) -> Text:
        """Sentences one per line."""
        return cls.joined("\n", parts)

    @classmethod
    def figure(cls, value: float, decimals: int | None = None, *, signed: bool = False) -> Text:
        """A number alone, written as the reader's language writes numbers ('1.5', in Czech
        '1,5'): `decimals` fixes the digits after the point, `signed` puts '+' before a gain."""
        spec = "g" if decimals is None else f"{'+' if signed else ''}.{decimals}f"
        field = f"{{n:{spec}}}"
        return cls._made(field, {"n": value}, field)

    @classmethod
    def verbatim(cls, text: str) -> Text:
        """Text said the same in every language (names, labels, numbers, code)."""
        return cls._made(text, {}, "")

    @property
    def is_verbatim(self) -> bool:
        """True for text that is never translated."""
        return not self.template and not self.parts

    def translated(self, translations: Translations) -> str:
        """The template (or plural form) in the language of `translations`, unfilled."""
        if self.plural_template:
            if self.context:
                return _npgettext(translations, self)
            return translations.ngettext(self.template, self.plural_template, self.number)
        if self.context:
            return translations.pgettext(self.context, self.template)
        return translations.gettext(self.template)

    def say(self, translations: Translations, value: Formatter | None = None) -> str:
        """This sentence in the language of `translations` (English where it has no entry);
        `value` writes numbers and dates the way that language does."""
        if self.parts:
            return self.separator.join(part.say(translations, value) for part in self.parts)
        if self.is_verbatim:
            return str(self)
        template = self.translated(translations)
        if not self.params:
            return template
        values = {k: _said(v, translations, value) for k, v in self.params.items()}
        if value is None:
            return template.format(**values)
        return _Filling(value).vformat(template, (), values)


def _npgettext(translations: Translations, text: Text) -> str:
    found = getattr(translations, "npgettext", None)
    if found is None:
        return text.plural_template if text.number != 1 else text.template
    said: str = found(text.context, text.template, text.plural_template, text.number)
    return said


def _said(v: object, translations: Translations, value: Formatter | None) -> object:
    return v.say(translations, value) if isinstance(v, Text) else v


def say(text: str, translations: Translations, value: Formatter | None = None) -> str:
    """Any string in the language of `translations`: Texts are translated, plain strings kept."""
    return text.say(translations, value) if isinstance(text, Text) else text
