"""The host's last English texts in Czech, Russian and Polish: league pairing explanations (also
after a reload, and as older leagues stored them), AI seat names, a cancelled game's reason, and
the command line's start-up errors in MUSTER_LOCALE."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.service import FakeClock, Notice, Service
from bot.service.ai import AI_USERS
from bot.service.i18n import localise, restored
from bot.service.leagues import LeagueService
from bot.service.play import outcome_json
from bot.service.updates import outcome_reason
from games import registry
from games.base import Outcome
from games.text import Text
from storage.sqlite import SqliteStore
from tests.contract.stones import STONES

WHY_EN = [
    "Swiss round 1: 3 players in 1 score group; the matching avoids second byes, then rematches,"
    " then score gaps, then first-player imbalance, then pairs top half against bottom half.",
    "Table 1: alice (0) v bob (0); same score group; alice plays first (alternating by table).",
    "Bye: AI easy 1 (0), the lowest-ranked without a bye.",
]
WHY_CS = [
    "Švýcarské kolo 1: 3 hráči, 1 bodová skupina; párování se vyhýbá nejdřív druhému volnu,"
    " pak opakovaným zápasům, pak rozdílům v bodech, pak nerovnoměrnému začínání a nakonec páruje"
    " horní polovinu skupiny s dolní.",
    "Stůl 1: alice (0) proti bob (0); stejná bodová skupina; začíná alice (střídání podle stolů).",
    "Volno: AI 1 (lehká) (0), nejníže v pořadí bez volného kola.",
]


@pytest.fixture(autouse=True)
def stones_registered() -> None:
    if "stones" not in registry.GAMES:
        registry.register(STONES)


async def _service(db: Path, clock: FakeClock) -> Service:
    service = Service(await SqliteStore.open(db, clock=clock.now), clock)
    for name in ("olga", "alice", "bob"):
        service.user(name)  # console-style names, known again after the reload
    return service


@pytest.fixture
async def paired(tmp_path: Path) -> AsyncIterator[tuple[Path, int]]:
    """A Swiss league of alice, bob and an easy AI whose round 1 is paired; the database."""
    db, clock = tmp_path / "muster.db", FakeClock()
    service = await _service(db, clock)
    leagues = LeagueService(service)
    org = leagues.caller("olga")
    created = await leagues.create(org, 4, "Noc", "stones", format="swiss", seed="i18n", rounds=2)
    lid = created.league_id
    assert lid is not None
    for name in ("alice", "bob"):
        await leagues.join(lid, name)
    await leagues.add_ai(lid, org, "easy")
    await leagues.start_now(lid, org)
    await service.close()
    yield db, lid


async def _why(db: Path, lid: int) -> str:
    service = await _service(db, FakeClock())
    try:
        return (await LeagueService(service).pairing_why(lid, 1)).text
    finally:
        await service.close()


async def test_a_pairing_explanation_is_translated_after_a_reload(paired: tuple[Path, int]) -> None:
    why = await _why(*paired)
    assert why.splitlines() == WHY_EN
    assert localise(why, "cs").splitlines() == WHY_CS
    assert localise(why, "ru").splitlines()[2] == (
        "Без пары: ИИ 1 (лёгкий) (0) — ниже всех в таблице из тех, кто ещё не оставался без пары."
    )
    assert localise(why, "pl").splitlines()[1] == (
        "Stół 1: alice (0) przeciw bob (0); ta sama grupa punktowa;"
        " zaczyna alice (na zmianę według stołów)."
    )


async def test_an_older_league_with_plain_english_explanations_still_shows_them(
    paired: tuple[Path, int],
) -> None:
    db, lid = paired
    # Older leagues stored each line as its English sentence, entrants as #id.
    with sqlite3.connect(db) as con:
        (data,) = con.execute(
            "SELECT data FROM league_events WHERE league_id = ? AND kind = 'paired'", (lid,)
        ).fetchone()
        event = json.loads(data)
        event["why"] = [str(restored(line)) for line in event["why"]]
        assert all(isinstance(line, str) and "#" in line for line in event["why"][1:])
        con.execute(
            "UPDATE league_events SET data = ? WHERE league_id = ? AND kind = 'paired'",
            (json.dumps(event), lid),
        )
    why = await _why(db, lid)
    assert why.splitlines() == WHY_EN
    # Said as it was written, names filled in: no translation to find, nothing lost.
    assert localise(why, "cs").splitlines() == WHY_EN


async def test_ai_seats_are_named_in_the_readers_language(tmp_path: Path) -> None:
    service = await _service(tmp_path / "muster.db", FakeClock())
    try:
        assert service.host.name(AI_USERS["normal"]) == "AI (normal)"
        assert localise(service.host.name(AI_USERS["normal"]), "ru") == "ИИ (обычный)"
        game = (await service.create("stones", "olga")).game_id
        assert game is not None
        added = await service.add_ai(game, "olga", "normal")
        lines = added.text.splitlines()
        assert lines[0] == f"An AI (normal) joined game {game}."
        said = localise(added.text, "ru").splitlines()
        assert said[0] == f"К игре {game} присоединяется ИИ (обычный)."
        assert said[-1] == "  место 1: ИИ (обычный)"
    finally:
        await service.close()


async def test_a_cancelled_games_reason_is_said_in_polish(tmp_path: Path) -> None:
    service = await _service(tmp_path / "muster.db", FakeClock())
    try:
        game = (await service.create("stones", "olga")).game_id
        assert game is not None
        await service.cancel(game, "olga")
        record = await service.store.get_game(game)
        assert record.outcome is not None and record.outcome["reason"] == "cancelled by olga"
        result = (await service.history(game))[-1]
        assert result == "Result: cancelled by olga"
        assert localise(result, "pl") == "Wynik: anulował(a) olga"
        # A game cancelled before the reason was stored as a Text reads as it was written.
        await service.store.set_status(
            game, record.status, expected=record.status, outcome={"reason": "cancelled by olga"}
        )
        service.host.cache.pop(game, None)
        assert localise((await service.history(game))[-1], "pl") == "Wynik: cancelled by olga"
    finally:
        await service.close()


@pytest.fixture
def shell(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty working directory (no .env) and an environment without Muster's variables."""
    monkeypatch.chdir(tmp_path)
    for name in ("DISCORD_TOKEN", "MUSTER_DATABASE", "MUSTER_DEV_GUILD", "MUSTER_LOG_LEVEL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("MUSTER_LOCALE", "cs")
    return tmp_path


def test_start_up_errors_follow_muster_locale(
    shell: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["console", "--script", "nope.txt"]) == 2
    assert capsys.readouterr().err == (
        "muster: nelze přečíst nope.txt: No such file or directory\n"
    )
    assert main(["bot"]) == 2
    assert capsys.readouterr().err == (
        "muster: DISCORD_TOKEN není nastaven; zapište ho do .env (viz .env.example)\n"
    )
    monkeypatch.setenv("MUSTER_DATABASE", "mysql://db/muster")
    assert main(["console"]) == 2
    assert capsys.readouterr().err == (
        "muster: MUSTER_DATABASE musí začínat sqlite:/// nebo postgresql:// (zadáno 'mysql')\n"
    )


def test_start_up_errors_stay_english_without_a_locale(
    shell: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("MUSTER_LOCALE")
    assert main(["bot"]) == 2
    assert capsys.readouterr().err == (
        "muster: DISCORD_TOKEN is not set; put it in .env (see .env.example)\n"
    )
    monkeypatch.setenv("MUSTER_DATABASE", "mysql://db/muster")
    assert main(["console"]) == 2
    assert capsys.readouterr().err == (
        "muster: MUSTER_DATABASE must start with sqlite:/// or postgresql:// (got 'mysql')\n"
    )


async def test_an_adjudicated_table_says_why_in_czech_in_the_notice_and_the_log(
    paired: tuple[Path, int],
) -> None:
    db, lid = paired
    service = await _service(db, FakeClock())
    try:
        leagues = LeagueService(service)
        adjudicated = await leagues.adjudicate(lid, leagues.caller("olga"))
        (notice,) = [m for m in adjudicated.messages if isinstance(m, Notice)]
        assert notice.text == "Noc: game 1 was adjudicated (organiser: hq)."
        assert localise(notice.text, "cs") == (
            "Noc: hra 1 byla rozhodnuta (pořadatel: podle bodů (hq))."
        )
        log = (await leagues.log(lid)).text
        result = (
            "Jan 6, 2025, 12:00\u202fPM UTC #6 round 1 table 1: 0.5-0.5 "
            "(adjudicated: organiser: hq) by olga"
        )
        assert localise(log, "en").splitlines()[7] == result
        assert localise(log, "cs").splitlines()[7] == (
            "6. 1. 2025 12:00 UTC #6 kolo 1 stůl 1: 0,5-0,5 (rozhodnuto: pořadatel: podle bodů"
            " (hq)), zadal(a) olga"
        )
    finally:
        await service.close()


async def test_an_organiser_names_an_ai_entrant_as_their_language_says_it(
    paired: tuple[Path, int],
) -> None:
    db, lid = paired
    service = await _service(db, FakeClock())
    try:
        leagues = LeagueService(service)
        removed = await leagues.remove(lid, leagues.caller("olga"), "ИИ 1 (лёгкий)")
        assert removed.text == "AI easy 1 is out of Noc (removed)."
        assert localise(removed.text, "pl") == "AI 1 (łatwy) odpada z Noc (usunięcie)."
    finally:
        await service.close()


def test_a_result_with_values_is_stored_to_be_said_again_in_any_language() -> None:
    returned = Text("The ship returned; score {score}.", score=12)
    stored = json.loads(json.dumps(outcome_json(Outcome(frozenset({0}), returned), (), "rules")))
    assert stored["reason"] == "The ship returned; score 12."
    assert localise(outcome_reason(stored), "cs") == "Loď se vrátila; skóre 12."
    # A value no record can hold leaves the English reason alone, and the game still ends.
    odd = Text("The ship returned; score {score}.", score=(1, 2))
    kept = outcome_json(Outcome(frozenset({0}), odd), (), "rules")
    assert "said" not in kept and localise(outcome_reason(kept), "cs") == str(odd)
    # A reason without values is its own key: nothing more to keep.
    assert "said" not in outcome_json(Outcome(frozenset(), Text("body count")), (), "rules")
