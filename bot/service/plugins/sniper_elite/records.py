"""Solo records: every finished mission scored, best per player, map and challenge.

Score = 100 per completed objective, 300 for getting out alive plus 20 per order card left
(rounds to spare), minus 10 per hit taken. Missions are read back from their logs, so the
numbers always agree with the games themselves.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.ai import is_ai
from bot.service.plugins.sniper_elite.hosting import KEY, NO_CHALLENGE
from bot.service.table import Host, load_table
from games.sniper_elite.board import BOARD_KEYS, load_board
from games.sniper_elite.model import State
from games.text import Text
from storage.records import GameStatus

MAX_GAMES = 5000
HIT_TEXT = "You take a hit"
CHALLENGE_NAMES: dict[str, Text] = {
    NO_CHALLENGE: Text("none"),
    "medic": Text("Medic"),
    "radio_operator": Text("Radio operator"),
    "scout": Text("Scout"),
    "dog_handler": Text("Dog handler"),
    "marksman": Text("Marksman"),
    "sniper": Text("Sniper"),
}
"""The officer challenges as the rulebook names them (their ids are what `challenge:` takes)."""


def map_name(key: str) -> str:
    """A map as players read it ("Tidewater Depot"), its key if no map has it."""
    return load_board(key).name if key in BOARD_KEYS else key


def rounds_left(count: int) -> Text:
    """How many rounds a mission had left when the sniper got out."""
    return Text.plural("{count} round left", "{count} rounds left", count)


def challenge_name(key: str) -> Text:
    """An officer challenge by its name, never its id."""
    return CHALLENGE_NAMES.get(key) or Text.verbatim(key)


@dataclass(frozen=True, slots=True)
class Mission:
    """One finished mission's numbers."""

    game_id: int
    user_id: int
    guild_id: int | None
    map: str
    challenge: str
    won: bool
    objectives: int
    rounds_left: int
    hits: int
    wounds: int

    @property
    def score(self) -> int:
        """The leaderboard score (see the module docstring)."""
        alive = 300 + 20 * self.rounds_left if self.won else 0
        return max(0, 100 * self.objectives + alive - 10 * self.hits)


def mission_of(game_id: int, user_id: int, guild_id: int | None, config: dict[str, object],
               state: State) -> Mission:  # fmt: skip
    """A finished state's numbers."""
    hits = sum(1 for e in state.log if e.text.startswith(HIT_TEXT))
    return Mission(
        game_id=game_id,
        user_id=user_id,
        guild_id=guild_id,
        map=state.board,
        challenge=str(config.get("challenge") or NO_CHALLENGE),
        won=state.result == "won",
        objectives=len(state.completed),
        rounds_left=len(state.order_deck),
        hits=hits,
        wounds=state.wounds,
    )


async def missions(host: Host, guild_id: int | None) -> list[Mission]:
    """Every finished mission of a guild (None: outside guilds), oldest first."""
    found: list[Mission] = []
    records = await host.store.finished_games(game_key=KEY, unrated_only=False, limit=MAX_GAMES)
    for record in records:
        if record.guild_id != guild_id or record.status is not GameStatus.FINISHED:
            continue
        table = await load_table(host, record.id)
        user = table.user_at(0)
        if user is None or is_ai(user) or table.state is None:
            continue
        found.append(mission_of(record.id, user, guild_id, table.game_config, table.state))
    return found


def best_by_player(
    found: list[Mission], map_key: str | None, challenge: str | None
) -> list[tuple[Mission, int, int]]:
    """(best mission, missions, wins) per player on a map and challenge, best score first."""
    chosen = [
        m
        for m in found
        if (map_key is None or m.map == map_key) and (challenge is None or m.challenge == challenge)
    ]
    by_user: dict[int, list[Mission]] = {}
    for m in chosen:
        by_user.setdefault(m.user_id, []).append(m)
    rows = []
    for games in by_user.values():
        best = max(games, key=lambda m: (m.score, -m.game_id))
        rows.append((best, len(games), sum(m.won for m in games)))
    rows.sort(key=lambda row: (-row[0].score, row[0].game_id))
    return rows


def personal(found: list[Mission], user_id: int) -> list[str]:
    """A player's records per map and challenge, as lines."""
    mine = [m for m in found if m.user_id == user_id]
    if not mine:
        return []
    keys = sorted({(m.map, m.challenge) for m in mine})
    lines: list[str] = []
    for map_key, challenge in keys:
        games = [m for m in mine if (m.map, m.challenge) == (map_key, challenge)]
        won = [m for m in games if m.won]
        best = max(games, key=lambda m: m.score)
        line = Text(
            "{map} / {challenge}: {missions}, {won}; best score {score} (game #{game})",
            map=map_name(map_key),
            challenge=challenge_name(challenge),
            missions=Text.plural("{count} mission", "{count} missions", len(games)),
            won=Text.plural("{count} won", "{count} won", len(won)),
            score=best.score,
            game=best.game_id,
        )
        if won:
            line = Text.joined(
                "",
                [
                    line,
                    Text(
                        "; at most {rounds}, at fewest {hits}",
                        rounds=rounds_left(max(m.rounds_left for m in won)),
                        hits=Text.plural("{count} hit", "{count} hits", min(m.hits for m in won)),
                    ),
                ],
            )
        lines.append(line)
    return lines
