"""Each internal error the catalogue fuzz (and a new user) found is now a coded refusal.

The commands are typed as the issue's reports typed them (console lines), or sent as the Discord
runner sends them (typed option values through `dispatch`). Every refusal has its exact code and
leaves the store as it was.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.console.session import Session
from bot.service.commands import catalogue, dispatch
from bot.service.table import load_table
from games.base import GameError
from games.registry import find_game
from games.warzone.state import Phase
from tests.fuzz.catalogue import store_fingerprint
from tests.hosting_warzone.driver import step

HUGE = "99999999999999999999"


def code_of(answer: str) -> str:
    """The code of a console error line: 'Error (code): ...'."""
    assert answer.startswith("Error ("), answer
    return answer[len("Error (") : answer.index(")")]


async def refused(session: Session, user: str, path: str, /, **options: Any) -> str:
    """The code of a command sent as the Discord runner sends it; the store must not change."""
    db = Path(session.service.store.path)  # type: ignore[attr-defined]
    before = store_fingerprint(db)
    command = catalogue().find(path)
    assert command is not None
    with pytest.raises(GameError) as caught:
        await dispatch(session.service, user, command, options)
    assert store_fingerprint(db) == before
    assert str(caught.value.user_message)
    return caught.value.code


async def lines(session: Session, *typed: str) -> list[str]:
    return [(await session.handle(line)).text for line in typed]


async def duel(session: Session, group: str) -> int:
    """A started two-player game of `group`: alice against bob."""
    await lines(session, "/as alice", f"/{group} new vs:open")
    gid = session.focus
    assert gid is not None
    await lines(session, "/as bob", f"/{group} join game:{gid}", "/as alice", f"/{group} start")
    return gid


async def test_focusing_a_game_that_does_not_exist(session: Session) -> None:
    [answer] = await lines(session, "/game 99")
    assert code_of(answer) == "no_such_game"
    assert session.focus is None and session.internal_errors == 0


async def test_acting_as_an_id_past_what_a_store_keeps(session: Session) -> None:
    answers = await lines(session, "/as alice", f"/as {HUGE}", "/games")
    assert code_of(answers[1]) == "bad_user"
    assert session.user == "alice" and not answers[2].startswith(("Error", "Internal"))
    assert session.internal_errors == 0


@pytest.mark.parametrize("value", [2**63, 10**20, -(2**63) - 5])
async def test_ids_past_2_to_the_63_are_refused_everywhere(session: Session, value: int) -> None:
    await duel(session, "neuroshima")
    assert await refused(session, "alice", "board", game=value) == "bad_option"
    assert await refused(session, "alice", "neuroshima join", game=str(value)) == "bad_option"
    assert session.service.user("alice") != value
    with pytest.raises(GameError) as caught:
        session.service.user(value)
    assert caught.value.code == "bad_user"
    [typed] = await lines(session, f"/board game:{value}")
    assert code_of(typed) == "bad_option"


async def test_an_order_before_the_skirmish_has_started(session: Session) -> None:
    await lines(session, "/as alice", "/warzone new vs:open", "/as bob", "/warzone join game:1")
    answers = await lines(
        session, "/as alice", "/warzone move who:nonexistent to:99,99", "/warzone shoot A2.1"
    )
    assert code_of(answers[1]) == "not_started"
    assert code_of(answers[2]) == "not_started"
    assert session.internal_errors == 0


async def warzone_activation(session: Session) -> int:
    """A Warzone skirmish played (first legal orders) until squads are activated."""
    gid = await duel(session, "warzone")
    for _ in range(200):
        state = (await load_table(session.service.host, gid)).state
        if state.phase is Phase.ACTIVATION:
            return gid
        assert await step(session, ["alice", "bob"]) is not None
    raise AssertionError("the skirmish never reached its activations")


async def test_a_squad_id_where_a_model_id_is_expected(session: Session) -> None:
    gid = await warzone_activation(session)
    for user in ("alice", "bob"):
        for path, options, code in (
            ("warzone shoot", {"model": "A2", "targets": "B2"}, "unknown_model"),
            ("warzone fight", {"model": "A2", "targets": "B2"}, "unknown_model"),
            ("warzone shoot", {"model": "A2", "at": "5,5"}, "unknown_model"),
            ("warzone shoot", {"model": "A2.1", "rapid": True}, "missing_option"),
            ("warzone move", {"who": "Z9.1", "to": "99,99"}, "unknown_model"),
            ("warzone move", {"who": "Q7", "to": "1,1"}, "unknown_squad"),
            ("warzone deploy", {"squad": "Q7", "at": "1,1"}, "unknown_squad"),
        ):
            assert await refused(session, user, path, game=gid, **options) == code, path


def _game_commands(group: str) -> list[tuple[str, dict[str, Any]]]:
    """Each command of a group that takes a game, with its required options filled in."""
    found = catalogue().group(group)
    assert found is not None
    filled = {"int": 1, "bool": True, "str": "A2.1", "user": "bob"}
    return [
        (c.path, {o.name: o.choices[0] if o.choices else filled[o.type] for o in c.options
                  if o.required and o.name != "game"})
        for c in found.commands
        if c.option("game") is not None
    ]  # fmt: skip


GROUPS = ("neuroshima", "space-alert", "sniper", "warzone")


@pytest.mark.parametrize(("group", "other"), [(g, o) for g in GROUPS for o in GROUPS if g != o])
async def test_every_game_command_aimed_at_a_game_of_another_kind(
    session: Session, group: str, other: str
) -> None:
    if other == "sniper":  # a solo mission: it starts at once
        await lines(session, "/as alice", "/sniper new")
        gid = session.focus
        assert gid is not None
    else:
        gid = await duel(session, other)
    for user in ("alice", "bob", "carol"):
        for path, required in _game_commands(group):
            code = await refused(session, user, path, game=gid, **required)
            assert code == "wrong_game_kind", (path, code)
            focused = await refused(session, user, path, _game=gid, **required)
            assert focused in ("wrong_game_kind", "no_game", "missing_option"), (path, focused)


async def test_warzone_tools_in_a_thread_of_another_game(session: Session) -> None:
    gid = await duel(session, "neuroshima")
    assert await refused(session, "dave", "warzone los", _game=gid, shooter="27") == (
        "wrong_game_kind"
    )
    answer = (await lines(session, "/as dave", "/warzone measure from:7 to:pass"))[1]
    assert code_of(answer) == "wrong_game_kind"


async def test_a_bad_ai_level_creates_no_lobby(session: Session) -> None:
    for group in ("neuroshima", "warzone", "space-alert"):
        assert await refused(session, "alice", f"{group} new", vs="ai", level="bogus") == (
            "bad_option"
        )
        # A caller past dispatch's typing (a panel, a test) meets the handler's own check.
        command = catalogue().find(f"{group} new")
        assert command is not None
        with pytest.raises(GameError) as caught:
            await command.handler(session.service, "alice", {"vs": "ai", "level": "bogus"})
        assert caught.value.code == "bad_level"
    assert await session.service.games("alice") == []


async def test_a_challenge_refused_for_its_opponent_creates_no_lobby(session: Session) -> None:
    assert await refused(session, "alice", "neuroshima challenge", opponent="alice") == (
        "already_in"
    )
    assert await refused(session, "alice", "neuroshima challenge", opponent=f"<@{HUGE}>") == (
        "bad_user"
    )
    assert await session.service.games("alice") == []


async def test_a_rematch_of_a_lobby_cancelled_before_its_start(session: Session) -> None:
    await lines(session, "/as alice", "/neuroshima new vs:open", "/cancel game:1")
    assert await refused(session, "alice", "rematch", game=1) == "never_played"


async def test_text_where_a_number_is_expected(session: Session) -> None:
    gid = await duel(session, "neuroshima")
    assert await refused(session, "alice", "history", game=gid, last="x") == "bad_option"
    assert await refused(session, "alice", "league leave", _guild=1, league="³") == "no_league"
    assert await refused(session, "alice", "pause", game=gid, hours=2**62) == "bad_pause"
    [waited] = await lines(session, f"/wait {HUGE}")
    assert code_of(waited) == "bad_clock"
    assert session.internal_errors == 0


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ("place runner C3 ³", "unknown_tile"),
        ("discard ³", "unknown_tile"),
        ("rotate C3 ³", "bad_facing"),
        ("hq ³", "bad_hex"),
    ],
)
async def test_a_superscript_digit_in_a_neuroshima_move(
    session: Session, action: str, code: str
) -> None:
    gid = await duel(session, "neuroshima")
    mover = "alice" if await session.service.waiting("alice") else "bob"
    assert await refused(session, mover, "neuroshima act", game=gid, action=action) == code


@pytest.mark.parametrize(
    ("key", "text", "code"),
    [("sniper_elite", "shoot D2 ³", "bad_action"), ("sniper_elite", "discard ³", "bad_action")],
)
def test_a_superscript_digit_in_a_sniper_order(key: str, text: str, code: str) -> None:
    with pytest.raises(GameError) as caught:
        find_game(key).codec.parse(text, None)
    assert caught.value.code == code


def test_a_deploy_facing_that_only_looks_like_a_number() -> None:
    parse = find_game("warzone").codec.parse
    assert parse("deploy A2 1,1 1.2.3", None).facing == 90.0
    assert parse("deploy A2 1,1 ³", None).facing == 90.0
    assert parse("deploy A2 1,1 45.5", None).facing == 45.5


@pytest.mark.parametrize("where", ["nan,nan", "inf,5", "1e400,2", "5,-inf"])
def test_a_point_that_is_not_on_any_table(where: str) -> None:
    with pytest.raises(GameError) as caught:
        find_game("warzone").codec.parse(f"walk A2.1 {where}", None)
    assert caught.value.code == "bad_action"


async def test_an_order_to_a_point_that_is_not_on_any_table(session: Session) -> None:
    gid = await warzone_activation(session)
    for where in ("nan,nan", "inf,5"):
        code = await refused(session, "alice", "warzone move", game=gid, who="A2", to=where)
        assert code == "bad_point"


async def test_a_mission_the_rules_refuse_creates_no_lobby(session: Session) -> None:
    options = {"crew": 1, "fifth_android": True, "campaign": False}
    assert await refused(session, "carol", "space-alert new", **options) == "bad_config"
    assert await session.service.games("carol") == []


@pytest.mark.parametrize("mode", ["deathmatch", "teams"])
async def test_options_the_rules_refuse_create_no_lobby(session: Session, mode: str) -> None:
    for vs in ("ai", "open"):
        code = await refused(session, "alice", "neuroshima new", mode=mode, vs=vs, mercenaries=2)
        assert code == "bad_config"
    assert await session.service.games("alice") == []


async def test_more_seats_than_armies_is_refused_before_the_lobby(session: Session) -> None:
    options = {"mode": "deathmatch", "seats": 6, "vs": "ai", "level": "easy"}
    assert await refused(session, "alice", "neuroshima new", **options) == "too_many_seats"
    assert await session.service.games("alice") == []


async def test_a_round_robin_nobody_joined_starts_as_cancelled(session: Session) -> None:
    context = {"_guild": 1, "_admin": True}
    create = catalogue().find("league create")
    start = catalogue().find("league start")
    assert create is not None and start is not None
    await dispatch(session.service, "alice", create, {**context, "name": "Empty",
                                                      "format": "round-robin"})  # fmt: skip
    reply = await dispatch(session.service, "alice", start, {**context, "league": "Empty"})
    assert str(reply.text) == "Empty is cancelled: only 0 players checked in."


async def test_a_setup_with_a_bad_seed_changes_nothing(session: Session) -> None:
    await lines(session, "/as alice", "/warzone new vs:open", "/as bob", "/warzone join game:1")
    code = await refused(
        session, "bob", "warzone setup", game=1, terrain="open_fields", seed="a" * 101
    )
    assert code == "bad_seed"
