"""The gettext catalogues hold exactly what the code says, translated in cs, ru and pl.

The extraction is the translators' own (bot.service.translating, run by `python -m
bot.service.translating extract`): a marked message missing from a catalogue, a message the
code no longer says, an f-string where a template belongs, a translation that drops or renames
a `{field}` (in any plural form), or a compiled .mo older than its .po fails here, before any
player reads English.
"""

from __future__ import annotations

import gettext
import io
import string
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from bot.service import i18n, translating

DOMAINS = sorted(translating.DOMAINS)
Key = tuple[str | None, str | tuple[str, ...]]


def fields(template: str) -> list[tuple[str, str, str]]:
    """The `{fields}` of a template with their conversion and format spec, sorted."""
    found = [
        (name, conversion or "", spec or "")
        for _, name, spec, conversion in string.Formatter().parse(template)
        if name is not None
    ]
    return sorted(found)


def key(message: Message) -> Key:
    """A message as gettext finds it: its context and its English (with the plural)."""
    ident = message.id
    return message.context, tuple(ident) if isinstance(ident, list | tuple) else ident


@cache
def extracted(domain: str) -> frozenset[Key]:
    """What the code of a domain says now."""
    return frozenset(key(m) for m in translating.template(domain) if m.id)


@cache
def po(domain: str, lang: str | None = None) -> Catalog:
    """A committed catalogue: the template (lang None) or one language's .po."""
    path = i18n.LOCALE_DIR / f"{domain}.pot"
    if lang is not None:
        path = i18n.LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=domain)


def held(catalog: Catalog) -> frozenset[Key]:
    return frozenset(key(m) for m in catalog if m.id)


@pytest.mark.parametrize("domain", DOMAINS)
def test_no_message_is_an_f_string_or_formatted(domain: str) -> None:
    wrong = []
    for path in translating.files(domain):
        if path.suffix == ".py":
            lines = translating.scan(path.read_text(encoding="utf-8")).untranslatable
            wrong += [f"{path.relative_to(translating.ROOT)}:{line}" for line in lines]
    assert wrong == []


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_template_holds_exactly_what_the_code_marks(domain: str) -> None:
    missing = sorted(map(str, extracted(domain) - held(po(domain))))
    gone = sorted(map(str, held(po(domain)) - extracted(domain)))
    assert (missing, gone) == ([], []), "run: python -m bot.service.translating extract"


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", i18n.TRANSLATED)
def test_every_language_translates_exactly_the_template(domain: str, lang: str) -> None:
    catalog = po(domain, lang)
    assert sorted(map(str, extracted(domain) - held(catalog))) == [], "run pybabel update"
    assert sorted(map(str, held(catalog) - extracted(domain))) == []
    untranslated = [m.id for m in catalog if m.id and ("fuzzy" in m.flags or not all(_forms(m)))]
    assert untranslated == []


COUNTS = range(1001)
"""Counts a plural rule is compared on (every form of cs, ru and pl shows below 1,000)."""


def _forms(message: Message) -> list[str]:
    said = message.string
    return list(said) if isinstance(said, list | tuple) else [said]


@pytest.mark.parametrize("lang", i18n.TRANSLATED)
def test_plural_forms_are_the_cldr_rules_of_the_language(lang: str) -> None:
    rule = get_plural(lang)
    cldr = gettext.c2py(rule.plural_expr)
    for domain in DOMAINS:
        catalog = po(domain, lang)
        # The same rule, however a Babel version spells the expression.
        assert catalog.num_plurals == rule.num_plurals, domain
        said = gettext.c2py(catalog.plural_expr)
        assert [said(n) for n in COUNTS] == [cldr(n) for n in COUNTS], domain
        for m in catalog:
            if m.id and m.pluralizable:
                assert len(_forms(m)) == rule.num_plurals, (domain, m.id)


@pytest.mark.parametrize("lang", i18n.TRANSLATED)
def test_every_translation_keeps_the_fields_of_its_english(lang: str) -> None:
    wrong = []
    for domain in DOMAINS:
        for m in po(domain, lang):
            if not m.id:
                continue
            english = m.id[-1] if m.pluralizable else m.id
            if m.pluralizable and not set(fields(m.id[0])) <= set(fields(english)):
                wrong.append((domain, m.id, "English singular"))
            wrong += [(domain, m.id, f) for f in _forms(m) if fields(f) != fields(english)]
    assert wrong == []


def test_plural_messages_count_with_the_count_field() -> None:
    wrong = [
        (domain, m.id)
        for domain in DOMAINS
        for m in po(domain)
        if m.pluralizable and "count" not in {name for name, _, _ in fields(m.id[1])}
    ]
    assert wrong == []


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", i18n.TRANSLATED)
def test_every_compiled_catalogue_is_its_po(domain: str, lang: str) -> None:
    compiled = io.BytesIO()
    write_mo(compiled, po(domain, lang))
    compiled.seek(0)
    fresh = gettext.GNUTranslations(compiled)
    path = i18n.LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.mo"
    with path.open("rb") as f:
        shipped = gettext.GNUTranslations(f)
    # The header names the Babel version that compiled it; the messages and the plural rule
    # are what the bot reads.
    assert _messages(shipped) == _messages(fresh), f"stale {path}: run pybabel compile"
    assert [shipped.plural(n) for n in COUNTS] == [fresh.plural(n) for n in COUNTS], path


def _messages(compiled: gettext.GNUTranslations) -> dict[object, str]:
    return {k: v for k, v in compiled._catalog.items() if k != ""}  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", i18n.TRANSLATED)
def test_no_message_is_translated_two_ways_in_two_domains(lang: str) -> None:
    first: dict[Key, tuple[str, object]] = {}
    clashes = []
    for domain in DOMAINS:
        for m in po(domain, lang):
            if not m.id:
                continue
            said = tuple(_forms(m))
            seen = first.setdefault(key(m), (domain, said))
            if seen[1] != said:
                clashes.append((key(m), seen[0], domain))
    assert clashes == []


def test_every_domain_has_a_catalogue_in_every_language() -> None:
    assert set(i18n.domains()) == set(DOMAINS)
    for lang in i18n.TRANSLATED:
        folder = i18n.LOCALE_DIR / lang / "LC_MESSAGES"
        assert {p.stem for p in folder.glob("*.po")} == set(DOMAINS), lang


SAMPLE = """
from games.base import IllegalActionError
from games.text import Text, marked


class FullError(IllegalActionError):
    pass


def _bad(message: str, **params: object) -> IllegalActionError:
    return IllegalActionError(message, **params)


TABLE = {"a": marked("Tiles from a table")}


def say(n: int, hex: str) -> None:
    Text("{count} tiles" if n > 1 else "one tile", count=n)
    Text(hex)  # a message refilled from elsewhere: found where it is made
    _bad("{hex} is occupied", hex=hex)
    FullError("The board is full.")
    Text.plural("{count} tile left", "{count} tiles left", n)
    Text.in_context("round of a game", "Turn {number}", number=n)
    IllegalActionError(f"{hex} is occupied")
    Text("{} left".format(n))
    _bad("%d left" % n)
"""


def test_the_extraction_finds_every_marker_and_rejects_formatted_messages(tmp_path: Path) -> None:
    found = translating.scan(SAMPLE)
    said = [(line, how, message) for line, how, message, _ in found.found]
    assert said == [
        (14, "_", "Tiles from a table"),
        (18, "_", "{count} tiles"),
        (18, "_", "one tile"),
        (20, "_", "{hex} is occupied"),
        (21, "_", "The board is full."),
        (22, "ngettext", ("{count} tile left", "{count} tiles left")),
        (23, "pgettext", ("round of a game", "Turn {number}")),
    ]
    assert found.untranslatable == [24, 25, 26]
