"""What a sniper change posts: the mission's own narrative, the defenders' turn, the dice.

The generic update lists moves and counts chance results; the mission keeps a readable log, so
the channel gets its new lines instead. A change that ran the defenders' turn adds the turn
image (their paths as arrows); the start posts the dice commitment and the end reveals the seed.
"""

from __future__ import annotations

from dataclasses import replace

from bot.service.hosting.sniper_dice import commitment, player_part
from bot.service.outbox import GameOver, Image, Message, PublicUpdate
from bot.service.play import Plan
from bot.service.table import Host, Table
from games.sniper_elite.actions import OrderRolled
from games.sniper_elite.model import State
from games.sniper_elite.view import player_view

MAX_STORY = 30


def commitment_line(seed: str) -> str:
    """The start's announcement of the dice commitment."""
    mixed = player_part(seed)
    text = f" Your seed text is mixed in (digest {mixed})." if mixed is not None else ""
    return (
        f"Dice commitment: SHA-256 of the secret seed is {commitment(seed)}.{text} "
        "The seed is revealed when the mission ends; check every draw with /sniper verify."
    )


def reveal_line(seed: str) -> str:
    """The end's reveal of the seed."""
    return (
        f"Dice: the seed was {seed} (SHA-256 {commitment(seed)}). "
        "/sniper verify recomputes every draw from it."
    )


def _story(plan: Plan, state: State) -> list[str]:
    before: State | None = plan.table.state
    start = len(before.log) if before is not None else 0
    lines = [e.text for e in state.log[start:]]
    if len(lines) > MAX_STORY:
        lines = [*lines[: MAX_STORY - 1], f"... and {len(lines) - MAX_STORY + 1} more lines."]
    return lines


def defenders_turn(table: Table, state: State, round_number: int) -> PublicUpdate:
    """The defenders' turn of round `round_number` as an image: where each of them went."""
    from rendering.sniper_elite import delivery_png, turn_image

    view = player_view(state, None)
    name = f"game{table.id}-v{table.record.version}-defenders.png"
    image = Image.lazy(name, lambda: delivery_png(turn_image(view)))
    text = f"Game {table.id}: the defenders' turn (round {round_number})."
    return PublicUpdate(table.id, text, (image,))


def _verdict(table: Table, state: State) -> str:
    if state.result is None:
        return f"Game {table.id} was abandoned."
    title = "Mission accomplished" if state.result == "won" else "Mission failed"
    return f"Game {table.id}: {title}. {state.reason}"


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
                lines.append("What happened:\n" + "\n".join(f"  {s}" for s in story))
            if plan.table.state is None:
                lines.append(commitment_line(seed))
            m = replace(m, text="\n".join(lines))
        elif isinstance(m, GameOver):
            m = replace(m, text=f"{_verdict(after, state)}\n{reveal_line(seed)}")
        out.append(m)
    rolled = [s for s in plan.steps if isinstance(s.action, OrderRolled)]
    if rolled:
        at = next((i for i, m in enumerate(out) if isinstance(m, GameOver)), len(out))
        out.insert(at, defenders_turn(after, state, rolled[-1].before.round))
    return out
