"""Auditable dice for the solo mission: a committed seed, the player's own text, a verifier.

Every draw of a game is `sample_chance(state, Random(f"{seed}:{seq}"))` at the log position
`seq` of the chance result, so the seed decides every draw and the log records each outcome.
- The seed is `sniper1:SERVER:PLAYER`: SERVER is 128 random bits the host keeps secret until
  the mission is over; PLAYER is the first 16 hex digits of SHA-256 of the text the player
  chose at creation (empty text included), so the player's text changes every draw.
- At the start the host posts the commitment SHA-256(seed). Not knowing SERVER, the player
  cannot predict a draw; once the seed is revealed, anyone checks it against the commitment,
  finds their text's digest in it, and `verify` recomputes every logged chance result.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.service.timeline import Move
from games.base import CHANCE, GameSpec
from games.engine import chance_rng

SEED_FORMAT = "sniper1"
SERVER_BITS = 128
MAX_LISTED = 5


def text_digest(text: str) -> str:
    """The player's seed text as 16 hex digits (its SHA-256, shortened)."""
    return hashlib.sha256(text.strip().encode("utf-8")).hexdigest()[:16]


def server_part() -> str:
    """Fresh secret randomness for one game."""
    return f"{random.SystemRandom().getrandbits(SERVER_BITS):032x}"


def game_seed(server: str, player_text: str) -> str:
    """The game seed: the host's secret and the player's text, mixed."""
    return f"{SEED_FORMAT}:{server}:{text_digest(player_text)}"


def commitment(seed: str) -> str:
    """What the host publishes at the start: SHA-256 of the seed, in hex."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def player_part(seed: str) -> str | None:
    """The player's digest inside a seed (None for a seed made another way)."""
    head, _, digest = seed.rpartition(":")
    if head.startswith(f"{SEED_FORMAT}:") and len(digest) == len(text_digest("")):
        return digest
    return None


@dataclass(frozen=True, slots=True)
class Verification:
    """The result of recomputing a finished game's draws from its revealed seed."""

    seed: str
    commitment: str
    player_digest: str | None
    checked: int
    mismatches: tuple[str, ...]

    @property
    def ok(self) -> bool:
        """True when every logged chance result is what the seed gives."""
        return not self.mismatches

    def lines(self) -> list[str]:
        """The report a player reads."""
        lines = [
            f"Seed (revealed): {self.seed}",
            f"SHA-256 of the seed: {self.commitment} (compare with the commitment posted "
            "at the start)",
        ]
        if self.player_digest is not None:
            lines.append(f"Your seed text's digest in it: {self.player_digest}")
        if self.ok:
            lines.append(f"Match: all {self.checked} chance results follow from the seed.")
        else:
            lines.append(
                f"MISMATCH: {len(self.mismatches)} of {self.checked} chance results differ "
                "from the seed:"
            )
            lines += [f"  {m}" for m in self.mismatches[:MAX_LISTED]]
        return lines


def verify(
    spec: GameSpec[Any, Any, Any],
    config: dict[str, Any],
    seats: int,
    seed: str,
    moves: Sequence[Move],
) -> Verification:
    """Replay the effective moves, drawing every chance step anew from the seed and comparing."""
    rules = spec.rules
    state = rules.setup(config, seats, seed)
    checked = 0
    mismatches: list[str] = []
    for move in moves:
        if move.seat == CHANCE:
            checked += 1
            expected = rules.sample_chance(state, chance_rng(seed, move.seq))
            if expected != move.action:
                mismatches.append(
                    f"log entry {move.seq}: logged {move.action}, seed gives {expected}"
                )
        state = rules.apply(state, move.seat, move.action)
    return Verification(seed, commitment(seed), player_part(seed), checked, tuple(mismatches))
