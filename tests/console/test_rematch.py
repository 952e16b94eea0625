"""/rematch through the console: the same set-up again, seats rotated, dice committed afresh."""

from __future__ import annotations

import hashlib

from bot.console.session import Session
from bot.service.table import load_table
from storage.records import GameStatus
from tests.console.helpers import run

CAPITOL = (
    "battalion: line; 1 Lieutenant Chuck Robbins commander; 8 Light Infantry upgrade; "
    "8 Light Infantry"
)


async def _status(session: Session, gid: int) -> GameStatus:
    return (await session.service.store.get_game(gid)).status


async def test_a_neuroshima_rematch_starts_at_once_with_the_seats_rotated(
    session: Session,
) -> None:
    out = await run(
        session,
        "/as alice",
        "/neuroshima new mode:duel vs:ai level:easy army:moloch",
        "/resign",
        "/rematch game:1",
    )
    assert "Rematch: game 2.\nGame 2 started." in out
    old, new = [await session.service.store.seats(gid) for gid in (1, 2)]
    assert [(r.user_id, r.role) for r in new] == [(r.user_id, r.role) for r in reversed(old)]
    assert new[1].role == "moloch"
    assert await _status(session, 2) is GameStatus.ACTIVE


async def test_a_live_space_alert_rematch_flies_the_same_mission(session: Session) -> None:
    await run(
        session,
        "/as alice",
        "/space-alert new crew:2 mission:mission_1 live:true",
        "/as bob",
        "/space-alert join game:1",
        "/as alice",
        "/space-alert start game:1",
        "/resign game:1",
        # An android flies on for alice; the mission ends (lost) when bob leaves too.
        "/as bob",
        "/resign game:1",
    )
    out = await run(session, "/rematch game:1")
    assert "Rematch: game 2.\nGame 2 started." in out
    assert "Live mission: the computer announces threats on the clock (10 minutes)." in out
    old, new = [await load_table(session.service.host, gid) for gid in (1, 2)]
    assert new.settings.options == old.settings.options
    assert [r.user_id for r in new.seats] == [r.user_id for r in reversed(old.seats)]


async def test_a_sniper_rematch_keeps_the_modifiers_and_commits_a_new_seed_before_the_words(
    session: Session,
) -> None:
    await run(
        session,
        "/seed first-secret",
        "/as sam",
        "/sniper new map:tidewater challenge:scout advantages:quiet_two disadvantages:far-scouts",
        "/sniper start seed:first words",
        "/resign",
    )
    offered = await run(session, "/rematch game:1")
    new = await load_table(session.service.host, 2)
    digest = hashlib.sha256(new.record.seed.encode()).hexdigest()
    assert offered.startswith(
        "Rematch: game 2, the same set-up with a fresh secret seed. Add your own words to the "
        f"dice now if you like, then start it.\nDice commitment for game 2: sha256 {digest}\n"
        "No player has added a seed (any player may, before the start)."
    )
    old = await load_table(session.service.host, 1)
    assert new.record.status is GameStatus.LOBBY and not new.timeline.moves
    assert new.record.seed != old.record.seed and "first words" not in offered
    assert new.settings.options == {"map": "tidewater", "challenge": "scout",
                                    "modifiers": ["far_scouts", "quiet_two"]}  # fmt: skip
    started = await run(session, "/sniper start seed:second words", "/resign")
    assert (
        "Challenge modifiers: scouts see 3 spaces, heard moving, lighter wound stack, no "
        "objectives 1 and 9, quiet two-space move." in started
    )
    assert (
        f"Dice: the host's secret seed was committed at creation (SHA-256 {digest}). Your "
        "words 'second words' are mixed into every draw." in started
    )
    verified = await run(session, "/sniper verify game:2")
    assert "Your words: 'second words'." in verified
    assert "It matches the commitment posted at the start." in verified
    assert "Players' seeds match the salt the game used." in verified
    assert "chance results recomputed: all match." in verified


async def test_a_warzone_rematch_keeps_lists_terrain_and_length_but_not_the_seeds(
    session: Session,
) -> None:
    await run(
        session,
        "/as alice",
        "/warzone new terrain:ruined_outpost rounds:3",
        f"/warzone list text:{CAPITOL}",
        "/warzone setup seed:alice words",
        "/as bob",
        "/warzone join game:1 army:dark_legion",
        "/warzone setup seed:bob-42",
        "/as alice",
        "/warzone start",
        "/resign",
    )
    offered = await run(session, "/as bob", "/rematch game:1")
    new = await load_table(session.service.host, 2)
    digest = hashlib.sha256(new.record.seed.encode()).hexdigest()
    assert f"Dice commitment for game 2: sha256 {digest}" in offered
    assert "alice words" not in offered and "bob-42" not in offered
    assert new.record.status is GameStatus.LOBBY
    # alice's submitted list follows her to seat 1; bob plays his preset at seat 0.
    bob_list = await run(session, "/warzone list game:2")
    assert bob_list == "No list submitted; you play the dark_legion preset."
    alice_list = await run(session, "/as alice", "/warzone list game:2")
    assert alice_list.endswith("battalion: line\n 1 Lieutenant Chuck Robbins commander\n"
                               " 8 Light Infantry upgrade\n 8 Light Infantry")  # fmt: skip
    await run(session, "/warzone setup game:2 seed:alice again", "/as bob", "/warzone start")
    started = await load_table(session.service.host, 2)
    assert started.record.status is GameStatus.ACTIVE
    assert started.game_config["terrain"] == "ruined_outpost"
    assert started.game_config["rounds"] == 3
    verified = await run(session, "/resign", "/warzone verify game:2")
    assert "It matches the commitment posted at the start." in verified
    assert "Players' seeds match the salt the game used." in verified
