"""Every template the localised code says has a translation in cs, ru and pl with the same fields.

The walk is `ast`-based (tests/i18n/coverage.py): a missing key, an f-string template or a
translation that drops or renames a `{field}` fails here, before any player reads English.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from bot.discord.admin import ADMIN_DESCRIPTION
from bot.service import i18n
from bot.service.commands import catalogue
from tests.i18n.coverage import LOCALISED, fields, scan, walk

VERBATIM_CHOICES = frozenset({"language", "server_language", "game"})
"""Options whose choice names are the same in every language (language codes, game keys)."""
HOSTED_OPTIONS = frozenset({"mode", "vs", "level", "thread"})
"""Options the host gives every game's lobby commands: their choices are the host's to say."""
HOST_GROUPS = frozenset({"league", "puzzle"})


def _choice_keys(domain: str) -> set[str]:
    """option:choice keys a domain's catalogue holds: the host's for top-level and league
    commands and for the hosted options of localised games; a game's for its own options only."""
    cat = catalogue()
    games = {d for d in LOCALISED if d != "service"}
    game_of = {g.name: g.game_key for g in cat.groups if g.game_key}  # "sniper": "sniper_elite"
    keys = set()
    for command in [c for g in cat.groups for c in g.commands] + list(cat.commands):
        group = game_of.get(command.group or "", command.group or "")
        if command.group is not None and group not in games and group not in HOST_GROUPS:
            continue  # a game not localised yet
        for option in command.options:
            if option.name in VERBATIM_CHOICES:
                continue
            hosted = command.group is None or group in HOST_GROUPS or option.name in HOSTED_OPTIONS
            if (domain == "service") == hosted and (hosted or group == domain):
                keys |= {i18n.choice_key(option.name, c) for c in option.choices}
    return keys


@cache
def _used(domain: str) -> frozenset[str]:
    """Every key a domain's catalogue must hold: templates, and for the host, the descriptions
    of command groups (the Translator's and /help's) and choice names."""
    used = walk(domain).all_keys() | _choice_keys(domain)
    if domain == "service":
        used |= {g.description for g in catalogue().groups} | {ADMIN_DESCRIPTION}
    return frozenset(used)


@pytest.mark.parametrize("domain", sorted(LOCALISED))
def test_no_template_is_an_f_string_or_formatted(domain: str) -> None:
    assert walk(domain).untranslatable == []


@pytest.mark.parametrize("domain", sorted(LOCALISED))
@pytest.mark.parametrize("lang", i18n.TRANSLATED)
def test_every_template_has_a_translation(domain: str, lang: str) -> None:
    merged = i18n.catalogue(lang)
    missing = sorted(k for k in _used(domain) if k not in merged or not merged[k].strip())
    assert missing == [], f"{lang}: {len(missing)} keys without a translation"


@pytest.mark.parametrize("domain", sorted(LOCALISED))
@pytest.mark.parametrize("lang", i18n.TRANSLATED)
def test_no_catalogue_key_is_unused(domain: str, lang: str) -> None:
    entries = i18n.domains(lang).get(domain, {})
    assert sorted(set(entries) - _used(domain)) == []


@pytest.mark.parametrize("lang", i18n.TRANSLATED)
def test_every_translation_keeps_the_fields_of_its_template(lang: str) -> None:
    wrong = {
        key: value for key, value in i18n.catalogue(lang).items() if fields(key) != fields(value)
    }
    assert wrong == {}


def test_every_domain_has_a_catalogue_in_every_language() -> None:
    for lang in i18n.TRANSLATED:
        assert set(i18n.domains(lang)) >= set(LOCALISED), lang


SAMPLE = """
from games.base import IllegalActionError
from games.text import Text


class FullError(IllegalActionError):
    pass


def _bad(message: str, **params: object) -> IllegalActionError:
    return IllegalActionError(message, **params)


def say(n: int, hex: str) -> None:
    Text("{n} tiles" if n > 1 else "one tile", n=n)
    Text(hex)  # a template from data: not a literal, not checked here
    _bad("{hex} is occupied", hex=hex)
    FullError("The board is full.")
    IllegalActionError(f"{hex} is occupied")
    Text("{} left".format(n))
    _bad("%d left" % n)
"""


def test_the_walk_finds_templates_and_rejects_formatted_ones(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(SAMPLE, encoding="utf-8")
    found = scan([sample])
    assert found.keys[str(sample)] == {
        "{n} tiles", "one tile", "{hex} is occupied", "The board is full."
    }  # fmt: skip
    assert found.untranslatable == [f"{sample}:{line}" for line in (19, 20, 21)]
