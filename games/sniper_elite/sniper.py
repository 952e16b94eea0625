"""The sniper's turn: move, shoot (with the kill reward and noise), loot and complete objectives."""

from __future__ import annotations

from dataclasses import replace

from games.base import IllegalActionError
from games.sniper_elite.board import Board
from games.sniper_elite.health import note, stack_count, take_hit, take_hits
from games.sniper_elite.model import (
    Modifier,
    PendingLoot,
    PendingShot,
    Phase,
    State,
    Token,
    token_list,
)
from games.sniper_elite.moves import Context, defender, move_toward, nearest_defenders
from games.sniper_elite.orders import call_farthest
from games.sniper_elite.worst import Ties, worst
from games.text import Text

MOVE_LIMIT = 3


def on_entry(board: Board, state: State) -> bool:
    """True before the first move off the entry space."""
    return state.sniper is not None and board.by_id[state.sniper].entry


def sniper_paths(board: Board, state: State) -> list[tuple[str, ...]]:
    """Every legal move: 1-3 spaces, no revisits, never onto a defender; difficult ground counts."""
    start = state.sniper
    assert start is not None
    blocked = {d.space for d in state.on_board}
    found: list[tuple[str, ...]] = []

    def walk(path: tuple[str, ...], difficult: int) -> None:
        here = path[-1] if path else start
        if len(path) >= MOVE_LIMIT - difficult:
            return
        for there in sorted(board.passages[here]):
            if there == start or there in path or there in blocked:
                continue
            step = (*path, there)
            found.append(step)
            walk(step, difficult + board.by_id[there].difficult)

    walk((), 0)
    return found


def move(board: Board, state: State, path: tuple[str, ...]) -> State:
    """Move along `path`; a 2-3 space move updates the LKA or gives a hit."""
    if state.turn.moved:
        raise IllegalActionError("You have already moved this turn.", code="already_moved")
    if path not in sniper_paths(board, state):
        raise IllegalActionError(
            "You cannot move {path} from {space}.",
            code="bad_path",
            path=" > ".join(path),
            space=state.sniper,
        )
    start = state.sniper
    assert start is not None
    state = replace(state, sniper=path[-1], turn=replace(state.turn, moved=True))
    walked = (start, *path)
    state = note(state, Text("You move {path}.", path=" > ".join(walked)), walked)
    if len(path) < 2:
        return state
    if state.turn.masking:
        return note(state, Text("Your muffled boots keep the move quiet."))
    area = board.by_id[path[-1]].area
    quiet_two = state.has(Modifier.QUIET_TWO) and len(path) == 2
    if area is not state.lka:
        state = note(
            replace(state, lka=area),
            Text("The defenders hear you: the LKA is now {area}.", area=area.word),
        )
        if state.has(Modifier.LOUD_THREE) and len(path) == 3:
            state = take_hit(state, Text("a loud 3-space move"))
        return state
    if quiet_two:
        return note(state, Text("A quiet 2-space move inside the LKA."))
    return take_hit(state, Text("a loud move inside the LKA"))


def shot_targets(board: Board, state: State) -> dict[str, int]:
    """Spaces with a defender in your line of sight, with the tokens of precision each needs."""
    assert state.sniper is not None
    targets = {}
    for d in state.on_board:
        assert d.space is not None
        sight = board.line_of_sight(state.sniper, d.space)
        if sight is not None:
            targets[d.space] = sight
    return targets


def shoot(board: Board, state: State, target: str, tokens: int) -> State:
    """Declare a shot; the tokens are drawn at the next chance step."""
    targets = shot_targets(board, state)
    if target not in targets:
        raise IllegalActionError("No defender in sight on {space}.", code="no_target", space=target)
    if not 1 <= tokens <= state.bag.total:
        said = Text.plural(
            "Draw between 1 and {count} token.",
            "Draw between 1 and {count} tokens.",
            state.bag.total,
        )
        raise IllegalActionError(said, code="bad_token_count")
    victim = state.defender_at(target)
    assert victim is not None
    pending = PendingShot(target, victim.id, tokens, targets[target])
    state = note(
        state,
        Text.plural(
            "You shoot at the {defender} on {space} drawing {count} token.",
            "You shoot at the {defender} on {space} drawing {count} tokens.",
            tokens,
            defender=victim.name,
            space=target,
        ),
    )
    return replace(state, pending=pending, phase=Phase.SHOT, turn=replace(state.turn, acted=True))


def misfire_at(state: State) -> int:
    """Recoil plus noise drawn that makes the rifle misfire."""
    return 4 if state.has(Modifier.MISFIRE_AT_FOUR) else 5


def tokens_drawn(board: Board, state: State, drawn: tuple[Token, ...], tiebreak: int) -> State:
    """Resolve the drawn tokens: a hit, a miss or a misfire; then the reward or the noise."""
    shot = state.pending
    assert isinstance(shot, PendingShot)
    shot = replace(shot, drawn=drawn, tiebreak=tiebreak)
    state = replace(state, pending=shot)
    precision = drawn.count(Token.PRECISION)
    loud = sum(1 for t in drawn if t is Token.NOISE or t.recoil_like)
    state = note(state, Text("Drawn: {tokens}.", tokens=token_list(drawn, Text.verbatim(""))))
    if loud >= misfire_at(state):
        state = note(state, Text("Misfire: recoil and noise reach the limit."))
    elif precision >= max(1, shot.distance):
        victim = defender(state, shot.defender)
        state = replace(
            state,
            defenders=tuple(
                replace(d, space=None) if d.id == victim.id else d for d in state.defenders
            ),
        )
        state = note(
            state,
            Text(
                "Hit: the {defender} on {space} is removed.",
                defender=victim.name,
                space=shot.target,
            ),
        )
        return replace(state, phase=Phase.REWARD)
    else:
        state = note(
            state,
            Text.plural(
                "Miss: {precision} precision for {count} space.",
                "Miss: {precision} precision for {count} spaces.",
                max(1, shot.distance),
                precision=precision,
            ),
        )
    return finish_shot(board, state)


def reward_options(state: State) -> list[tuple[str, int]]:
    """The kill rewards allowed now (the shot's tokens count as in the bag)."""
    options: list[tuple[str, int]] = []
    if state.bag.count(Token.NOISE) and stack_count(state, recoil=False) < 2:
        options.append(("noise", 1))
    if not state.has(Modifier.NO_RECOIL_REWARD):
        loose = state.bag.count(Token.RECOIL) + state.bag.count(Token.SUPPRESSOR)
        room = 4 - stack_count(state, recoil=True)
        options += [("recoil", n) for n in (1, 2) if n <= min(loose, room)]
    options.append(("precision", 1))
    return options


def reward(board: Board, state: State, kind: str, count: int) -> State:
    """Take the kill reward, then resolve the noise."""
    if (kind, count) not in reward_options(state):
        raise IllegalActionError(
            "The reward {kind} {count} is not available.", code="bad_reward", kind=kind, count=count
        )
    if kind == "noise":
        state = replace(
            state, bag=state.bag.add(Token.NOISE, -1), stack=(Token.NOISE, *state.stack)
        )
    elif kind == "recoil":
        for _ in range(count):
            token = Token.RECOIL if state.bag.count(Token.RECOIL) else Token.SUPPRESSOR
            state = replace(state, bag=state.bag.add(token, -1), stack=(token, *state.stack))
    else:
        state = replace(state, bag=state.bag.add(Token.PRECISION))
    return finish_shot(board, note(state, _reward_text(kind, count)))


def _reward_text(kind: str, count: int) -> Text:
    if kind == "precision":
        return Text("Reward: 1 precision token to the bag.")
    if kind == "noise":
        return Text("Reward: 1 noise token to the bottom of your health stack.")
    return Text.plural(
        "Reward: {count} recoil token to the bottom of your health stack.",
        "Reward: {count} recoil tokens to the bottom of your health stack.",
        count,
    )


def finish_shot(board: Board, state: State) -> State:
    """Each noise token moves the nearest other defender 1 space toward you; tokens go back."""
    shot = state.pending
    assert isinstance(shot, PendingShot) and state.sniper is not None
    noise = shot.drawn.count(Token.NOISE)
    state = replace(state, pending=None, phase=Phase.SNIPER)
    if noise and state.turn.silent:
        return note(state, Text("Subsonic rounds: the noise moves no defender."))
    ctx = Context(board, Ties(shot.tiebreak))
    here = state.sniper
    assert here is not None
    for _ in range(noise):
        pool = [d for d in state.on_board if d.id != shot.defender]
        tied = nearest_defenders(board, pool, (here,))
        if not tied:
            break
        options = [(move_toward(ctx, state, d, (here,), 1), d.id) for d in tied]
        state, mover = worst(board, ctx.ties, options)
        if defender(state, mover).space == here:
            return take_hit(state, Text("a defender drawn by the noise reached your space"))
    return state


def loot_allowed(board: Board, state: State) -> bool:
    """On an objective space that is not one of yours, not looted before, with cards to draw."""
    here = state.sniper
    if here is None or state.turn.acted or on_entry(board, state):
        return False
    number = board.by_id[here].objective
    return (
        number is not None
        and number not in state.objectives
        and here not in state.looted
        and bool(state.equipment_deck or state.equipment_bottom)
    )


def loot(board: Board, state: State) -> State:
    """Start looting: three equipment cards are drawn at the next chance step."""
    if not loot_allowed(board, state):
        raise IllegalActionError("You cannot loot here now.", code="cannot_loot")
    here = state.sniper
    assert here is not None
    state = note(state, Text("You loot {space}.", space=here))
    return replace(
        state,
        phase=Phase.LOOT_DRAW,
        pending=PendingLoot(here),
        turn=replace(state.turn, acted=True),
    )


def keep(board: Board, state: State, card: str) -> State:
    """Keep one looted card; the others go back and the deck is shuffled."""
    pending = state.pending
    assert isinstance(pending, PendingLoot)
    if card not in pending.cards:
        raise IllegalActionError(
            "{card} is not among the looted cards.", code="bad_card", card=card
        )
    rest = list(pending.cards)
    rest.remove(card)
    deck = tuple(sorted((*state.equipment_deck, *state.equipment_bottom, *rest)))
    state = replace(
        state,
        equipment=(*state.equipment, card),
        equipment_deck=deck,
        equipment_bottom=(),
        looted=(*state.looted, pending.space),
        pending=None,
        phase=Phase.SNIPER,
    )
    state = note(state, Text("You keep {card}.", card=card))
    number = board.by_id[pending.space].objective
    if number in state.probable:
        state = replace(state, probable=tuple(n for n in state.probable if n != number))
        state = note(state, Text("Probable objective {number} is eliminated.", number=number))
    return state


def complete_allowed(board: Board, state: State) -> bool:
    """On the space of one of your objectives, with the turn's action unused."""
    here = state.sniper
    if here is None or state.turn.acted or on_entry(board, state):
        return False
    return board.by_id[here].objective in state.objectives


def complete(board: Board, state: State, tiebreak: int) -> State:
    """Complete the objective here: the second wins; the first alerts the defenders."""
    here = state.sniper
    assert here is not None
    number = board.by_id[here].objective
    assert number is not None
    state = replace(
        state,
        objectives=tuple(n for n in state.objectives if n != number),
        completed=(*state.completed, number),
        turn=replace(state.turn, acted=True),
        pending=None,
        phase=Phase.SNIPER,
    )
    state = note(state, Text("You complete objective {number}.", number=number))
    if len(state.completed) >= 2:
        won = Text("Both objectives completed.")
        state = replace(state, result="won", reason=won, phase=Phase.OVER)
        return note(state, Text("Mission accomplished."))
    state = note(
        replace(state, bag=state.bag.add(Token.NOISE)),
        Text("A noise token from the supply goes into the bag."),
    )
    area = board.by_id[here].area
    gone = tuple(n for n in state.probable if board.objective_space(n).area is area)
    if gone:
        state = replace(state, probable=tuple(n for n in state.probable if n not in gone))
        listed = ", ".join(map(str, gone))
        state = note(state, Text("Probable objectives {numbers} are eliminated.", numbers=listed))
    if not state.has(Modifier.NO_CALLS_AFTER_FIRST):
        state = call_farthest(Context(board, Ties(tiebreak)), state)
    deck = tuple(sorted((*state.order_deck, *state.order_discard)))
    state = replace(state, order_deck=deck, order_discard=())
    return note(
        state,
        Text.plural(
            "The order discards are shuffled back: {count} card in the deck.",
            "The order discards are shuffled back: {count} cards in the deck.",
            len(deck),
        ),
    )


def end_of_turn_hits(board: Board, state: State) -> State:
    """A hit for ending on or next to (same type) a defender's space."""
    here = state.sniper
    assert here is not None
    close = any(
        d.space == here or board.matching_adjacent(here, d.space or "") for d in state.on_board
    )
    if not close:
        return state
    if state.turn.camouflage:
        return note(state, Text("The camouflage net hides you from the nearby defender."))
    count = 2 if state.has(Modifier.DOUBLE_ADJACENT_HIT) else 1
    return take_hits(state, count, Text("ending your turn next to a defender"))
