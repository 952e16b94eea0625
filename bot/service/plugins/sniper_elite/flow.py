"""What a sniper change posts: the mission's own narrative, the defenders' turn, the dice.

The generic update lists moves and counts chance results; the mission keeps a readable log, so
the channel gets its new lines instead. A change that ran the defenders' turn adds its animation
(a GIF, one frame per step); the start recalls the dice commitment and the end reveals the seed.
"""

from __future__ import annotations

from dataclasses import replace

from bot.service.dice_audit import commitment, posted_commitment, seeds_of
from bot.service.outbox import GameOver, Message, PublicUpdate
from bot.service.play import Plan
from bot.service.presenters import image
from bot.service.sight import public_view
from bot.service.table import Host, Table
from games.sniper_elite.actions import OrderRolled
from games.sniper_elite.model import State
from games.text import Text

MAX_STORY = 30


def commitment_line(table: Table) -> str:
    """The start's reminder of the dice commitment and of the player's words."""
    words = seeds_of(table).get("0")
    mixed = (
        Text("Your words {words!r} are mixed into every draw.", words=words)
        if words
        else Text("You added no words of your own.")
    )
    digest = commitment(table.record.seed)
    if posted_commitment(table) != digest:
        # Opened without /sniper new or a rematch (the service called directly): nothing was
        # committed before the start, so the commitment is posted now, before the first draw.
        return Text(
            "Dice commitment: SHA-256 of the secret seed is {digest}. The seed is revealed "
            "when the mission ends; check every draw with /sniper verify.",
            digest=digest,
        )
    return Text(
        "Dice: the host's secret seed was committed at creation (SHA-256 {digest}). {mixed} "
        "The seed is revealed when the mission ends; check every draw with /sniper verify.",
        digest=digest,
        mixed=mixed,
    )


def reveal_line(seed: str) -> str:
    """The end's reveal of the seed."""
    return Text(
        "Dice: the seed was {seed} (SHA-256 {digest}). /sniper verify recomputes every draw "
        "from it.",
        seed=seed,
        digest=commitment(seed),
    )


def _story(plan: Plan, state: State) -> list[str]:
    before: State | None = plan.table.state
    start = len(before.log) if before is not None else 0
    lines = [e.text for e in state.log[start:]]
    if len(lines) > MAX_STORY:
        more = Text.plural(
            "... and {count} more line.", "... and {count} more lines.", len(lines) - MAX_STORY + 1
        )
        lines = [*lines[: MAX_STORY - 1], more]
    return lines


def defenders_turn(table: Table, state: State, round_number: int) -> PublicUpdate:
    """The defenders' turn of round `round_number` as an animation, one frame per step."""
    from rendering.sniper_elite import turn_animation

    view = public_view(table, state)
    name = f"game{table.id}-v{table.record.version}-defenders.gif"
    shown = image(name, turn_animation, view)
    text = Text("Game {game}: the defenders' turn (round {round}).", game=table.id,
                round=round_number)  # fmt: skip
    return PublicUpdate(table.id, text, (shown,))


def _verdict(table: Table, state: State) -> Text:
    if state.result is None:
        return Text("Game {game} was abandoned.", game=table.id)
    if state.result == "won":
        return Text(
            "Game {game}: Mission accomplished. {reason}", game=table.id, reason=state.reason
        )
    return Text("Game {game}: Mission failed. {reason}", game=table.id, reason=state.reason)


async def refine(host: Host, plan: Plan, after: Table, messages: list[Message]) -> list[Message]:
    """The sniper's messages for one change (see the module docstring)."""
    del host
    state: State | None = after.state
    if state is None:
        return messages
    seed = after.record.seed
    story = _story(plan, state)
    out: list[Message] = []
    for m in messages:
        if isinstance(m, PublicUpdate):
            lines = [m.text]
            if story:
                lines.append(Text("What happened:"))
                lines += [Text.joined("", [Text.verbatim("  "), s]) for s in story]
            if plan.table.state is None:
                lines.append(commitment_line(after))
            m = replace(m, text=Text.lines(lines))
        elif isinstance(m, GameOver):
            m = replace(m, text=Text.lines([_verdict(after, state), reveal_line(seed)]))
        out.append(m)
    rolled = [s for s in plan.steps if isinstance(s.action, OrderRolled)]
    if rolled:
        at = next((i for i, m in enumerate(out) if isinstance(m, GameOver)), len(out))
        out.insert(at, defenders_turn(after, state, rolled[-1].before.round))
    return out
