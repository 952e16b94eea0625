"""Run the simulated Discord by hand: `python -m tests.discord.wire [--port 8975]`.

It opens one server with a #games channel and the users alice, bob and carol, prints the two
settings the bot needs, and reads commands from standard input as those users:

    alice /neuroshima new army=moloch        a slash command (options as name=value)
    bob click 1234 Join                      press a button of message 1234 (label or custom id)
    bob select 1234 Army outpost             pick an option of a select menu
    show games | show alice                  the messages of #games or of alice's DMs
    threads                                  every thread the bot opened
    drop | invalid | reconnect               gateway faults;  429 PATH | 500 PATH | slow PATH
"""

from __future__ import annotations

import argparse
import asyncio
import shlex
import sys
from typing import Any

from tests.discord.real import payloads as p
from tests.discord.real.payloads import JSON
from tests.discord.wire.server import TOKEN, WireDiscord
from tests.discord.wire.users import Player, messages_in

USERS = ("alice", "bob", "carol")


async def main(port: int) -> None:
    """Serve until standard input ends."""
    sim = WireDiscord(heartbeat_ms=41_250)
    await sim.start(port)
    guild = sim.fake.guild_id
    games = sim.fake.add_text_channel("games")
    players = {}
    for name in USERS:
        person = p.Person(sim.fake.snowflake(), name)
        sim.fake.add_user(person)
        players[name] = Player(sim, person, guild, games)
    print(f"MUSTER_DISCORD_API={sim.url} DISCORD_TOKEN={TOKEN} muster bot --sync-global")
    print(__doc__.split("\n\n")[1])
    lines = asyncio.StreamReader()
    loop = asyncio.get_running_loop()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(lines), sys.stdin)
    while raw := await lines.readline():
        try:
            await _command(sim, players, games, shlex.split(raw.decode()))
        except (AssertionError, KeyError, ValueError, IndexError) as err:
            print(f"! {err}")
    await sim.stop()


async def _command(
    sim: WireDiscord, players: dict[str, Player], games: JSON, words: list[str]
) -> None:
    if not words:
        return
    head, rest = words[0], words[1:]
    if head in players and rest and rest[0].startswith("/"):
        options: dict[str, Any] = dict(w.split("=", 1) for w in rest[1:] if "=" in w)
        path = " ".join([rest[0][1:], *[w for w in rest[1:] if "=" not in w]])
        _show_exchange(await players[head].slash(path, **_typed(options)))
    elif head in players and rest[0] == "click":
        _show_exchange(await players[head].click(sim.fake.message(int(rest[1])), rest[2]))
    elif head in players and rest[0] == "select":
        message = sim.fake.message(int(rest[1]))
        _show_exchange(await players[head].select(message, rest[2], rest[3]))
    elif head == "show":
        where = games["id"] if rest[0] == "games" else None
        shown = messages_in(sim, where) if where else players[rest[0]].dms()
        for message in shown[-10:]:
            _show(message)
    elif head == "threads":
        for c in sim.fake.channels.values():
            if c["type"] in p.THREAD_TYPES:
                print(f"{c['id']} {c['name']}")
                for message in messages_in(sim, c["id"])[-5:]:
                    _show(message)
    else:
        await _fault(sim, head, rest)


async def _fault(sim: WireDiscord, head: str, rest: list[str]) -> None:
    path = rest[0] if rest else ".*"
    if head == "drop":
        sim.gateway.drop()
    elif head == "invalid":
        await sim.gateway.invalidate()
    elif head == "reconnect":
        await sim.gateway.reconnect()
    elif head == "429":
        sim.faults.rate_limit(path, retry_after=1.0)
    elif head in ("500", "502"):
        sim.faults.fail(int(head), path)
    elif head == "slow":
        sim.faults.slow(2.0, path)
    else:
        print(f"! unknown command {head!r}")


def _typed(options: dict[str, Any]) -> dict[str, Any]:
    return {k: int(v) if v.isdigit() else v for k, v in options.items()}


def _show_exchange(exchange: Any) -> None:
    for message in exchange.replies():
        _show(message)


def _show(message: JSON) -> None:
    ids = [
        c.get("custom_id") or c.get("label") for r in message["components"] for c in r["components"]
    ]
    files = [a["filename"] for a in message["attachments"]]
    print(f"[{message['id']}] {message['content']}")
    if ids or files:
        print(f"    components {ids} files {files}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m tests.discord.wire")
    parser.add_argument("--port", type=int, default=8975)
    asyncio.run(main(parser.parse_args().port))
