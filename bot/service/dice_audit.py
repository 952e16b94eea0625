"""Auditable dice for any game: a seed commitment, players' own seeds, and a verify report.

A game's chance results are drawn from `Random(f"{seed}:{store seq}")` (games.engine). At the
start the host posts `commitment(seed)`; the seed stays secret while the game runs. Players may
add seeds of their own in the lobby; a game that supports it mixes `salt(seeds)` into each draw
(Warzone: `dice_salt` in its config). After the game `verify` reveals the seed, checks the
commitment and recomputes every logged chance result from the replayed states.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.service.table import Host, Table, load_table
from bot.service.timeline import Move
from games.base import CHANCE, GameSpec
from games.engine import chance_rng
from storage.records import GameStatus


def commitment(seed: str) -> str:
    """The SHA-256 hex digest of the seed, posted before any die is rolled (as for the sniper)."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def salt(seeds: Mapping[str, str]) -> str:
    """Players' seeds (by seat, as text) hashed in seat order; empty when nobody gave one."""
    given = {str(k): str(v) for k, v in seeds.items() if str(v)}
    if not given:
        return ""
    text = "\n".join(f"{seat}:{given[seat]}" for seat in sorted(given))
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Audit:
    """What verify found: how many chance results it recomputed and which differed."""

    seed: str
    commitment: str
    draws: int
    mismatches: tuple[tuple[int, str, str], ...]
    """(store seq, logged result, recomputed result) for every chance result that differs."""

    @property
    def ok(self) -> bool:
        """True when every chance result was reproduced."""
        return not self.mismatches


def audit(
    spec: GameSpec[Any, Any, Any],
    config: Mapping[str, Any],
    seats: int,
    seed: str,
    moves: Sequence[Move],
) -> Audit:
    """Replay `moves` and recompute each chance result from the seed and its store seq."""
    rules, codec = spec.rules, spec.codec
    state = rules.setup(config, seats, seed)
    draws = 0
    bad: list[tuple[int, str, str]] = []
    for move in moves:
        if move.seat == CHANCE:
            draws += 1
            again = rules.sample_chance(state, chance_rng(seed, move.seq))
            if codec.to_json(again) != codec.to_json(move.action):
                bad.append((move.seq, _text(spec, move.action), _text(spec, again)))
        state = rules.apply(state, move.seat, move.action)
    return Audit(seed, commitment(seed), draws, tuple(bad))


def _text(spec: GameSpec[Any, Any, Any], action: Any) -> str:
    try:
        return str(spec.codec.format(action))
    except Exception:  # a chance result without a typed form is shown as stored
        return str(spec.codec.to_json(action))


def seeds_of(table: Table) -> dict[str, str]:
    """Players' own seeds kept in the lobby options (by seat)."""
    raw = table.settings.options.get("seeds", {})
    return {str(k): str(v) for k, v in dict(raw).items()}


def commitment_text(table: Table) -> str:
    """What players may check later: the commitment and the seeds they added."""
    lines = [f"Dice commitment for game {table.id}: sha256 {commitment(table.record.seed)}"]
    seeds = seeds_of(table)
    if seeds:
        shown = ", ".join(f"seat {s}: {v!r}" for s, v in sorted(seeds.items()))
        lines.append(f"Players' seeds (mixed into every die): {shown}")
    else:
        lines.append("No player has added a seed (any player may, before the start).")
    return "\n".join(lines)


async def verify_text(host: Host, game_id: int) -> str:
    """The verify report of a finished game (a running game only shows its commitment)."""
    table = await load_table(host, game_id)
    status = table.record.status
    if status is GameStatus.LOBBY or status.is_open:
        return commitment_text(table) + "\nThe seed is revealed when the game is over."
    result = audit(
        table.spec, table.game_config, table.settings.seats, table.record.seed,
        table.timeline.moves,
    )  # fmt: skip
    game_salt = str(table.game_config.get("dice_salt", ""))
    salt_ok = game_salt == salt(seeds_of(table))
    lines = [
        commitment_text(table),
        f"Seed revealed: {result.seed!r}; its sha256 = {result.commitment}.",
        f"Players' seeds {'match' if salt_ok else 'DO NOT match'} the salt the game used.",
        f"{result.draws} chance results recomputed: "
        + ("all match." if result.ok else f"{len(result.mismatches)} differ!"),
    ]
    for seq, logged, again in result.mismatches[:10]:
        lines.append(f"  event {seq}: logged {logged}, recomputed {again}")
    return "\n".join(lines)
