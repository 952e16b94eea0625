"""Setup turns, ends of turns, battles and how the game ends.

cs "VÍTĚZSTVÍ": the game ends after the final battle or when an HQ falls; a duel in which both
HQs fall in one battle is a draw; equal HQs after the final battle are a draw. Multiplayer: an
eliminated player's tiles leave the board and the others play on; teams: the first team to
destroy any enemy HQ wins, else the higher total; the scoring variant counts points instead.
"""

from __future__ import annotations

from dataclasses import replace

from games.base import Outcome, Seat
from games.neuroshima.board import Hex
from games.neuroshima.fights import fight
from games.neuroshima.position import PlacedTile
from games.neuroshima.queries import next_alive, note, team_of, with_tiles
from games.neuroshima.setup import bomber_tile
from games.neuroshima.state import Change, Highlight, Mode, State, Step, add_highlight
from games.neuroshima.tiles import Kind
from games.neuroshima.turns import begin_turn, set_row
from games.text import Text


def pick_mercenary(state: State, seat: Seat, tile: str) -> State:
    """`seat` reserves `tile`; picks go round in turn order until everyone has enough."""
    pool = list(state.merc_pool)
    pool.remove(tile)
    reserves = set_row(state.reserves, seat, (*state.reserves[seat], tile))
    state = replace(state, merc_pool=tuple(pool), reserves=reserves, turn=state.turn + 1)
    picked = sum(len(r) for r in reserves)
    if picked == state.options.mercenaries * state.seats:
        return replace(state, merc_pool=(), step=Step.PLACE_HQ, active=state.order[0])
    return replace(state, active=state.order[picked % state.seats])


def place_hq(state: State, seat: Seat, h: Hex) -> State:
    """`seat` puts its HQ on `h`; after the last HQ the first player starts his first turn."""
    hq = f"{state.position.armies[seat]}.hq"
    tiles = state.position.by_hex()
    tiles[h] = PlacedTile(hq, seat, 0, 0)
    started = tuple(state.turn + 1 if s == seat else t for s, t in enumerate(state.turn_started))
    state = replace(
        state, position=with_tiles(state.position, tiles), turn=state.turn + 1,
        turn_started=started,
    )  # fmt: skip
    state = note(state, [Change("placed", h, None, hq, seat, 0)])
    i = state.order.index(seat)
    if i + 1 < len(state.order):
        return replace(state, active=state.order[i + 1])
    return begin_turn(state, state.order[0])


def end_turn(state: State) -> State:
    """Close the active turn: the final battle once everybody finished, else the next seat."""
    seat = state.active
    waiting = state.final_waiting
    if waiting is not None:
        waiting = waiting - {seat}
        state = replace(state, final_waiting=waiting)
        if not waiting:
            return final_battle(state)
    return begin_turn(state, next_alive(state, seat))


def battle_tile(state: State) -> State:
    """A Battle tile was played: fight, then the turn ends (cs "ukončí svůj tah")."""
    state = _after_battle(fight(state, final=False))
    if state.step is Step.GAME_OVER:
        return state
    return end_turn(state)


def board_full_battle(state: State) -> State:
    """The board filled up: fight now; the player then goes on with his turn."""
    seat = state.active
    state = _after_battle(fight(state, final=False))
    if state.step is Step.GAME_OVER:
        return state
    if seat in state.eliminated:
        return end_turn(state)
    return state


def final_battle(state: State) -> State:
    """The last battle; whatever stands after it decides the game."""
    state = _after_battle(fight(state, final=True))
    if state.step is Step.GAME_OVER:
        return state
    return _game_over(state, _final_outcome(state))


def _after_battle(state: State) -> State:
    state = settle(state)
    if state.step is Step.GAME_OVER or not state.options.scoring:
        return state
    return _check_score(state)


def settle(state: State) -> State:
    """Eliminate seats whose HQ fell and end the game if that decides it."""
    if state.options.scoring:
        return _check_score(state)
    fallen = frozenset(s for s in state.alive() if state.position.hq_hp[s] <= 0)
    if not fallen:
        return state
    mode = state.options.mode
    state = _eliminate(state, fallen)
    if mode is Mode.TEAMS:
        return _game_over(state, _team_fall(state, fallen))
    alive = state.alive()
    if mode is Mode.DUEL or len(alive) <= 1:
        if not alive:
            return _game_over(state, Outcome(frozenset(), Text("every HQ was destroyed")))
        if len(alive) == 1:
            return _game_over(state, Outcome(frozenset(alive), Text("the last HQ standing")))
    return state


def _eliminate(state: State, fallen: frozenset[Seat]) -> State:
    """Take the fallen seats' tiles off the board (cs: "zároveň se všemi jeho žetony")."""
    tiles = state.position.by_hex()
    discards = [list(d) for d in state.discards]
    changes = []
    holder = state.bomber_holder
    for h, p in sorted(tiles.items()):
        if p.owner in fallen:
            del tiles[h]
            changes.append(Change("removed", h, None, p.tile, p.owner, p.facing, p.wounds))
            if p.tile == bomber_tile():
                holder = -2
            elif p.owner is not None:
                discards[p.owner].append(p.tile)
    eliminated = state.eliminated | fallen
    waiting = state.final_waiting - fallen if state.final_waiting is not None else None
    state = replace(
        state,
        position=with_tiles(state.position, tiles),
        discards=tuple(tuple(d) for d in discards),
        eliminated=eliminated,
        final_waiting=waiting,
        highlights=_fall_highlight(state, fallen, changes),
    )
    if holder == -2 or (holder is not None and holder in fallen):
        # The bomber of a fallen seat moves on like a discarded one.
        start = holder if holder is not None and holder >= 0 else state.active
        state = replace(state, bomber_holder=next_alive(state, start))
    return note(state, changes)


def _fall_highlight(
    state: State, fallen: frozenset[Seat], removed: list[Change]
) -> tuple[Highlight, ...]:
    """Highlights with the fall of these HQs, unless this turn's battle already records it."""
    known = {s for h in state.highlights if h.turn == state.turn for s in h.eliminated}
    new = tuple(sorted(fallen - known))
    if not new:
        return state.highlights
    zeros = tuple(0 for _ in state.order)
    lost = tuple(sum(1 for c in removed if c.seat == s) for s in range(state.seats))
    moment = Highlight(state.turn, "hq_fell", zeros, zeros, lost, new)
    return add_highlight(state.highlights, moment)


def _team_fall(state: State, fallen: frozenset[Seat]) -> Outcome:
    teams = state.position.teams
    lost = {team_of(state.position, s) for s in fallen}
    if len(lost) == 1:
        (loser,) = lost
        winner = 1 - loser
        # Whoever struck it: an ally's fire (Moloch) fells a team as surely as an enemy's.
        if _felled_by_ally(state, fallen):
            return Outcome(
                frozenset(teams[winner]), Text("the other team's HQ fell to its own ally's fire")
            )
        return Outcome(frozenset(teams[winner]), Text("the other team's HQ fell"))
    # cs: HQs of both teams fell in one battle: the surviving HQs are compared.
    totals = [sum(state.position.hq_hp[s] for s in members) for members in teams]
    if totals[0] == totals[1]:
        return Outcome(frozenset(), Text("HQs of both teams fell; the rest are equal"))
    best = 0 if totals[0] > totals[1] else 1
    return Outcome(frozenset(teams[best]), Text("HQs of both teams fell; stronger surviving HQ"))


def _felled_by_ally(state: State, fallen: frozenset[Seat]) -> bool:
    """True when this turn's battle felled the HQs and only their own team's tiles hit them."""
    battle = state.last_battle
    if battle is None or battle.turn != state.turn:
        return False
    if any(battle.hq_hp[s] > 0 for s in fallen):
        return False  # the battle left them standing: something after it felled them
    tiles = battle.before.by_hex()
    hqs = {h for h, p in tiles.items() if p.owner in fallen and p.type.kind is Kind.HQ}
    hitters = {
        tiles[a.attacker].owner
        for phase in battle.phases
        for a in phase.attacks
        if a.target in hqs and a.attacker in tiles and not phase.absorbed_hit(a)
    }
    team = {team_of(state.position, s) for s in fallen}
    return bool(hitters) and all(
        s is not None and team_of(state.position, s) in team for s in hitters
    )


def _final_outcome(state: State) -> Outcome:
    if state.options.scoring:
        values = list(state.points())
        reason = Text("more points after the final battle")
    else:
        values = list(state.position.hq_hp)
        reason = Text("stronger HQ after the final battle")
    if state.options.mode is Mode.TEAMS:
        teams = state.position.teams
        totals = [sum(values[s] for s in members) for members in teams]
        if totals[0] == totals[1]:
            return Outcome(frozenset(), Text("the teams are even after the final battle"))
        best = 0 if totals[0] > totals[1] else 1
        return Outcome(frozenset(teams[best]), reason)
    alive = state.alive()
    top = max(values[s] for s in alive)
    leaders = frozenset(s for s in alive if values[s] == top)
    if len(leaders) == len(alive) and len(alive) > 1:
        return Outcome(frozenset(), Text("every player is even after the final battle"))
    return Outcome(leaders, reason)


def _check_score(state: State) -> State:
    target = state.options.target_score
    if state.options.mode is Mode.TEAMS:
        teams = state.position.teams
        totals = [sum(state.points()[s] for s in members) for members in teams]
        reached = [i for i, t in enumerate(totals) if t >= target]
        if not reached:
            return state
        if len(reached) == 2 and totals[0] == totals[1]:
            return _game_over(state, Outcome(frozenset(), Text("both teams reached the target")))
        best = max(reached, key=lambda i: totals[i])
        return _game_over(
            state, Outcome(frozenset(teams[best]), Text("{target} points", target=target))
        )
    reached_seats = [s for s in state.alive() if state.points()[s] >= target]
    if not reached_seats:
        return state
    top = max(state.points()[s] for s in reached_seats)
    leaders = frozenset(s for s in reached_seats if state.points()[s] == top)
    if len(leaders) > 1 and len(leaders) == len(state.alive()):
        return _game_over(
            state, Outcome(frozenset(), Text("everybody reached the target together"))
        )
    return _game_over(state, Outcome(leaders, Text("{target} points", target=target)))


def _game_over(state: State, result: Outcome) -> State:
    scores = state.position.hq_hp
    return replace(
        state,
        step=Step.GAME_OVER,
        pending=None,
        outcome=Outcome(result.winners, result.reason, tuple(scores)),
    )
