"""Auditable dice for any game: the host commits first, players add words, verify at the end.

1. When a game is created the host draws a fresh secret seed (`secret()`) and posts
   `commitment(seed)`, its SHA-256, before any player has typed a word and before any draw.
2. Then, still before the start, players may add words of their own ("seeds"); `salt(seeds)`
   hashes them in seat order and the game's config carries it as `dice_salt`.
3. Every chance result is drawn from `Random(f"{seed}:{store seq}")` (games.engine) mixed with the
   salt by the game (Warzone per die, the sniper per chance step). The host cannot pick its
   secret after reading the words; without the secret, nobody can predict a draw.
4. Once the game is over `audit` reveals the seed, checks it against the commitment posted at the
   start, checks the players' words against the salt the game used, and recomputes every logged
   chance result from the replayed states.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.service.table import Host, Table, load_table
from bot.service.timeline import Move
from games.base import CHANCE, GameSpec
from games.engine import chance_rng
from games.text import Text
from storage.records import GameStatus

SECRET_BITS = 128
MAX_LISTED = 10
DICE = "dice"
"""The game record's config entry keeping the commitment as posted (a rematch does not copy it)."""
WORDS = "seeds"
"""The lobby option keeping players' own words by seat (a rematch does not copy them either)."""


def secret() -> str:
    """A fresh secret seed for one game (128 bits from `secrets`, in hex), tied to no other."""
    return secrets.token_hex(SECRET_BITS // 8)


def commitment(seed: str) -> str:
    """The SHA-256 hex digest of the seed, posted before any die is rolled."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def committed(seed: str) -> dict[str, str]:
    """The config entry (under DICE) keeping the commitment to `seed`."""
    return {"commitment": commitment(seed)}


def salt(seeds: Mapping[str, str]) -> str:
    """Players' seeds (by seat, as text) hashed in seat order; empty when nobody gave one."""
    given = {str(k): str(v) for k, v in seeds.items() if str(v)}
    if not given:
        return ""
    text = "\n".join(f"{seat}:{given[seat]}" for seat in sorted(given))
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Audit:
    """What verify found: the seed against its commitment, the words against the salt, the draws."""

    seed: str
    commitment: str
    posted: str | None
    """The commitment kept from the start (None where the game did not keep one)."""
    salt_ok: bool
    draws: int
    mismatches: tuple[tuple[int, str, str], ...]
    """(store seq, logged result, recomputed result) for every chance result that differs."""

    @property
    def commitment_ok(self) -> bool:
        """True unless a kept commitment differs from the revealed seed's digest."""
        return self.posted is None or self.posted == self.commitment

    @property
    def ok(self) -> bool:
        """True when the seed, the words and every chance result check out."""
        return self.commitment_ok and self.salt_ok and not self.mismatches

    def lines(self) -> list[str]:
        """The report a player reads (a failed check says which and where)."""
        lines: list[str] = [Text("Seed revealed: {seed!r}; its sha256 = {digest}.", seed=self.seed,
                      digest=self.commitment)]  # fmt: skip
        if self.posted is not None:
            if self.commitment_ok:
                lines.append(Text("It matches the commitment posted at the start."))
            else:
                lines.append(Text("FAILED: the revealed seed does not match the commitment "
                                  "posted at the start ({posted}).",
                                  posted=self.posted))  # fmt: skip
        if self.salt_ok:
            lines.append(Text("Players' seeds match the salt the game used."))
        else:
            lines.append(Text("FAILED: Players' seeds DO NOT match the salt the game used."))
        if not self.mismatches:
            lines.append(Text.plural("{count} chance result recomputed: it matches.",
                                     "{count} chance results recomputed: all match.",
                                     self.draws))  # fmt: skip
        else:
            recomputed = Text.plural("{count} chance result recomputed",
                                     "{count} chance results recomputed", self.draws)  # fmt: skip
            bad = Text.plural("{count} differs", "{count} differ", len(self.mismatches))
            lines.append(Text("FAILED: {recomputed}: {bad}!", recomputed=recomputed, bad=bad))
        for seq, logged, again in self.mismatches[:MAX_LISTED]:
            lines.append(Text("  event {seq}: logged {logged}, recomputed {again}", seq=seq,
                              logged=logged, again=again))  # fmt: skip
        return lines


def audit(
    spec: GameSpec[Any, Any, Any],
    config: Mapping[str, Any],
    seats: int,
    seed: str,
    moves: Sequence[Move],
    *,
    seeds: Mapping[str, str] | None = None,
    posted: str | None = None,
) -> Audit:
    """Check `seed` against `posted`, `seeds` against the config's salt, and replay `moves`
    recomputing each chance result from the seed and its store seq."""
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
    salt_ok = str(config.get("dice_salt", "")) == salt(seeds or {})
    return Audit(seed, commitment(seed), posted, salt_ok, draws, tuple(bad))


def _text(spec: GameSpec[Any, Any, Any], action: Any) -> str:
    try:
        return str(spec.codec.format(action))
    except Exception:  # a chance result without a typed form is shown as stored
        return str(spec.codec.to_json(action))


def seeds_of(table: Table) -> dict[str, str]:
    """Players' own seeds kept in the lobby options (by seat)."""
    raw = table.settings.options.get(WORDS, {})
    return {str(k): str(v) for k, v in dict(raw).items()}


async def keep_commitment(host: Host, table: Table) -> str:
    """Record the commitment to the game's seed as posted now (before any word or draw)."""
    digest = commitment(table.record.seed)
    config = {**table.record.config, DICE: committed(table.record.seed)}
    await host.store.update_game(table.id, config=config)
    host.cache.pop(table.id, None)
    return digest


def posted_commitment(table: Table) -> str | None:
    """The commitment recorded when the game was created (None if it kept none)."""
    posted = dict(table.record.config.get(DICE, {})).get("commitment")
    return None if posted is None else str(posted)


def table_audit(table: Table) -> Audit:
    """The audit of a hosted game from its record, lobby options and log."""
    posted = posted_commitment(table)
    return audit(
        table.spec, table.game_config, table.settings.seats, table.record.seed,
        table.timeline.moves, seeds=seeds_of(table), posted=posted,
    )  # fmt: skip


def commitment_text(table: Table) -> str:
    """What players may check later: the commitment and the seeds they added."""
    lines = [Text("Dice commitment for game {game}: sha256 {digest}", game=table.id,
                  digest=commitment(table.record.seed))]  # fmt: skip
    seeds = seeds_of(table)
    if seeds:
        shown = Text.joined(
            ", ",
            [
                Text.joined(": ", [Text("seat {seat}", seat=s), Text.verbatim(repr(v))])
                for s, v in sorted(seeds.items())
            ],
        )
        lines.append(Text("Players' seeds (mixed into every die): {shown}", shown=shown))
    elif table.profile.commit_first:
        # Only games whose lobby takes players' words say so (the others' dice are the host's).
        lines.append(Text("No player has added a seed (any player may, before the start)."))
    return Text.lines(lines)


async def verify_text(host: Host, game_id: int) -> str:
    """The verify report of a finished game (a running game only shows its commitment)."""
    table = await load_table(host, game_id)
    status = table.record.status
    if status is GameStatus.LOBBY or status.is_open:
        return Text.lines(
            [commitment_text(table), Text("The seed is revealed when the game is over.")]
        )
    return Text.lines([commitment_text(table), *table_audit(table).lines()])
