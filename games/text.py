"""Player-facing sentences that read as English and can still be said in another language.

A `Text` is a `str` (so every caller that prints, joins or compares it keeps working) that also
remembers the template it was made from and the values filled in. Front-ends look the template
up in their catalogues and fill the values in again, translated where they are Texts themselves.

>>> t = Text("{hex} is occupied", hex="C3")
>>> t, t.template, t.params
('C3 is occupied', '{hex} is occupied', {'hex': 'C3'})
>>> lines = Text.lines([t, Text("Your turn.")])
>>> str(lines), lines.parts[1].template
('C3 is occupied\\nYour turn.', 'Your turn.')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping


class Text(str):
    """A sentence from a template (the catalogue key) and named values."""

    template: str
    params: Mapping[str, object]
    parts: tuple[Text, ...]
    separator: str

    def __new__(cls, template: str, /, **params: object) -> Text:
        """The English sentence; `params` fill the template's `{name}` fields."""
        text = template.format(**params) if params else template
        self = super().__new__(cls, text)
        self.template, self.params, self.parts, self.separator = template, params, (), ""
        return self

    @classmethod
    def joined(cls, separator: str, parts: Iterable[str]) -> Text:
        """Sentences joined by `separator`, each still translatable on its own."""
        texts = tuple(part if isinstance(part, Text) else Text.verbatim(part) for part in parts)
        self = super().__new__(cls, separator.join(texts))
        self.template, self.params, self.parts, self.separator = "", {}, texts, separator
        return self

    @classmethod
    def lines(cls, parts: Iterable[str]) -> Text:
        """Sentences one per line."""
        return cls.joined("\n", parts)

    @classmethod
    def verbatim(cls, text: str) -> Text:
        """Text said the same in every language (names, labels, numbers, code)."""
        self = super().__new__(cls, text)
        self.template, self.params, self.parts, self.separator = "", {"": text}, (), ""
        return self

    @property
    def is_verbatim(self) -> bool:
        """True for text that is never translated."""
        return not self.template and not self.parts

    def say(self, lookup: Callable[[str], str | None]) -> str:
        """This sentence in the language `lookup` knows (English where it has no entry)."""
        if self.parts:
            return self.separator.join(part.say(lookup) for part in self.parts)
        if self.is_verbatim:
            return str(self)
        template = lookup(self.template) or self.template
        if not self.params:
            return template
        values = {k: v.say(lookup) if isinstance(v, Text) else v for k, v in self.params.items()}
        return template.format(**values)


def say(text: str, lookup: Callable[[str], str | None]) -> str:
    """Any string in the language `lookup` knows: Texts are translated, plain strings kept."""
    return text.say(lookup) if isinstance(text, Text) else text
