"""Saying Texts through the gettext catalogues: domains as one chain, plural forms, contexts,
fallbacks, language choice, and numbers and dates written the reader's way."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from bot.service import i18n
from games.base import IllegalActionError
from games.snapshot.codecs import decoder, encoder
from games.text import Text


@pytest.fixture
def locales(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty locales folder the catalogues are read from (caches cleared around the test)."""
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.translations.cache_clear()
    yield tmp_path
    i18n.translations.cache_clear()


def write(folder: Path, lang: str, domain: str, entries: dict[object, object]) -> None:
    """A compiled catalogue: keys are messages, (context, message) or (singular, plural)."""
    catalog = Catalog(locale=lang, domain=domain)
    for k, v in entries.items():
        context = None
        if isinstance(k, tuple) and not isinstance(v, tuple):
            context, k = k
        catalog.add(k, v, context=context)  # type: ignore[arg-type]
    (folder / f"{domain}.pot").touch()
    (folder / lang / "LC_MESSAGES").mkdir(parents=True, exist_ok=True)
    with (folder / lang / "LC_MESSAGES" / f"{domain}.mo").open("wb") as out:
        write_mo(out, catalog)


def test_the_domains_of_a_language_are_one_chain(locales: Path) -> None:
    write(locales, "cs", "service", {"Done.": "Hotovo."})
    write(locales, "cs", "neuroshima", {"{hex} is occupied": "{hex} je obsazeno"})
    assert i18n.localise(Text("Done."), "cs") == "Hotovo."
    assert i18n.localise(Text("{hex} is occupied", hex="C3"), "cs") == "C3 je obsazeno"
    assert i18n.domains() == ("service", "neuroshima")


def test_plural_forms_follow_each_languages_rules(locales: Path) -> None:
    forms = ("{count} tah", "{count} tahy", "{count} tahů")
    write(locales, "cs", "service", {("{count} move", "{count} moves"): forms})
    moves = {n: Text.plural("{count} move", "{count} moves", n) for n in (1, 3, 5, 22)}
    assert [i18n.localise(moves[n], "cs") for n in (1, 3, 5, 22)] == [
        "1 tah", "3 tahy", "5 tahů", "22 tahů"
    ]  # fmt: skip
    assert [str(moves[n]) for n in (1, 3)] == ["1 move", "3 moves"]
    assert i18n.localise(moves[3], "ru") == "3 moves"  # no catalogue: the English plural


def test_a_context_tells_two_meanings_of_one_english_apart(locales: Path) -> None:
    write(
        locales, "pl", "service", {("adjudication", "draw"): "remis", ("tiles", "draw"): "dobierz"}
    )
    drawn, drawing = Text.in_context("adjudication", "draw"), Text.in_context("tiles", "draw")
    assert (i18n.localise(drawn, "pl"), i18n.localise(drawing, "pl")) == ("remis", "dobierz")
    assert str(drawn) == str(drawing) == "draw"


def test_nested_texts_are_said_part_by_part_with_english_where_a_message_is_missing(
    locales: Path,
) -> None:
    write(locales, "ru", "service", {"Game {game} is full.": "Игра {game} заполнена."})
    full = IllegalActionError("Game {game} is full.", code="full", game=3).user_message
    said = Text.lines([full, Text("Not translated yet."), Text.verbatim("C3")])
    assert i18n.localise(said, "ru") == "Игра 3 заполнена.\nNot translated yet.\nC3"
    assert i18n.localise(said, "en") == str(said) == i18n.localise(said, "de")
    assert i18n.localise("plain", "ru") == "plain"


def test_plurals_and_contexts_survive_a_log_and_an_outbox() -> None:
    from bot.service.parcels import text_from_json, text_json

    made = Text.plural("{count} move", "{count} moves", 3, player="Ann")
    turn = Text.in_context("round", "Turn {number}", number=2)
    for text in (made, turn):
        for back in (decoder(str)(encoder(str)(text)), text_from_json(text_json(text))):
            assert isinstance(back, Text)
            assert (back, back.template, back.plural_template, back.context, back.params) == (
                text, text.template, text.plural_template, text.context, text.params
            )  # fmt: skip
    assert made.refill(count=1, player="Bo") == "1 move"


def test_the_first_supported_language_wins() -> None:
    assert i18n.pick(None, "pl", "cs") == "pl"
    assert i18n.pick("de", "en-US", "ru") == "en"
    assert i18n.pick("cs_CZ") == "cs"
    assert i18n.pick(None, None) == "en"


def test_a_command_description_is_found_by_its_key() -> None:
    said = i18n.described("Show a game's board (anyone may look)", "board")
    assert str(said) == "Show a game's board (anyone may look)"
    assert i18n.localise(said, "cs") == i18n.description("cs", "board", str(said)) != str(said)
    assert i18n.choice_name("cs", "adjudication:draw") == "remíza"


WHEN = datetime(2026, 3, 5, 18, 30, tzinfo=UTC)


@pytest.mark.parametrize(
    ("lang", "moment", "decimal", "soon"),
    [
        ("en", "Mar 5, 2026, 7:30 PM CET", "2.5", "in 2 days"),
        ("cs", "5. 3. 2026 19:30 CET", "2,5", "za 2 dny"),
        ("ru", "5 мар. 2026 г., 19:30 CET", "2,5", "через 2 дня"),
        ("pl", "5 mar 2026, 19:30 CET", "2,5", "za 2 dni"),
    ],
)
def test_dates_numbers_and_durations_are_written_the_readers_way(
    lang: str, moment: str, decimal: str, soon: str
) -> None:
    local = WHEN.astimezone(ZoneInfo("Europe/Prague"))
    said = i18n.localise(
        Text("{when}|{x:.1f}|{due:in}", when=local, x=2.5, due=timedelta(days=2)), lang
    )
    assert said.replace("\u202f", " ").replace("\xa0", " ").split("|") == [moment, decimal, soon]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "2 | 1.5 | 0.75 | 25.0 | +1.2 | -3.0 | 0.5-0.5"),
        ("cs", "2 | 1,5 | 0,75 | 25,0 | +1,2 | -3,0 | 0,5-0,5"),
        ("ru", "2 | 1,5 | 0,75 | 25,0 | +1,2 | -3,0 | 0,5-0,5"),
        ("pl", "2 | 1,5 | 0,75 | 25,0 | +1,2 | -3,0 | 0,5-0,5"),
    ],
)
def test_a_figure_alone_is_written_the_readers_way(lang: str, said: str) -> None:
    from bot.service.leagues.present import score_line

    figures = [Text.figure(2.0), Text.figure(1.5), Text.figure(0.75), Text.figure(25.0, 1)]
    figures += [Text.figure(1.24, 1, signed=True), Text.figure(-3.0, 1, signed=True)]
    text = Text.joined(" | ", [*figures, score_line([0.5, 0.5])])
    assert i18n.localise(text, lang) == said
    assert str(text) == "2 | 1.5 | 0.75 | 25.0 | +1.2 | -3.0 | 0.5-0.5"  # logs read English


def test_the_pseudo_locale_accents_and_lengthens_but_keeps_fields() -> None:
    text = Text("{hex} is occupied: try /neuroshima place", hex="C3")
    said = i18n.localise(text, i18n.PSEUDO)
    assert said.startswith("[C3 ") and "/neuroshima place" in said
    assert len(said) >= 1.4 * len(str(text)) - 2
    assert "occupied" not in said


def test_a_reminders_times_survive_the_outbox_and_are_said_in_the_readers_zone() -> None:
    from bot.service.parcels import text_from_json, text_json

    since = WHEN.astimezone(ZoneInfo("Europe/Warsaw"))
    text = Text("{since}; {left:in}", since=since, left=timedelta(hours=5))
    back = text_from_json(json.loads(json.dumps(text_json(text))))
    assert (
        i18n.localise(back, "pl")
        == i18n.localise(text, "pl")
        == "5 mar 2026, 19:30 CET; za 5 godzin"
    )
    assert str(back) == "2026-03-05 19:30 CET; in 5 hours"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Mar 5, 2026, 6:30 PM UTC (3 hours ago) | in 2 days | 3 hours ago"),
        ("cs", "5. 3. 2026 18:30 UTC (před 3 hodinami) | za 2 dny | před 3 hodinami"),
        ("ru", "5 мар. 2026 г., 18:30 UTC (3 часа назад) | через 2 дня | 3 часа назад"),
        ("pl", "5 mar 2026, 18:30 UTC (3 godziny temu) | za 2 dni | 3 godziny temu"),
    ],
)
def test_relative_times_have_their_direction_in_the_readers_language(lang: str, said: str) -> None:
    from bot.service.moments import Moment

    past = Moment(WHEN, said=WHEN + timedelta(hours=3))
    text = Text("{when} | {soon:in} | {ago:in}", when=past, soon=timedelta(days=2),
                ago=-timedelta(hours=3))  # fmt: skip
    assert i18n.localise(text, lang).replace("\u202f", " ") == said


def test_a_moment_is_written_as_the_front_end_says_and_survives_the_outbox() -> None:
    from bot.discord.i18n import localise as discord_localise
    from bot.service.moments import Moment
    from bot.service.parcels import text_from_json, text_json

    text = Text("Ends {when}; logged {logged}.", when=Moment(WHEN, WHEN), logged=Moment(WHEN))
    back = text_from_json(json.loads(json.dumps(text_json(text))))
    stamp = int(WHEN.timestamp())
    assert (
        discord_localise(back, "cs") == f"Ends <t:{stamp}:f> (<t:{stamp}:R>); logged <t:{stamp}:f>."
    )
    assert i18n.localise(back, "en").replace("\u202f", " ") == (
        "Ends Mar 5, 2026, 6:30 PM UTC (in 0 seconds); logged Mar 5, 2026, 6:30 PM UTC."
    )
    assert str(back) == str(text)
