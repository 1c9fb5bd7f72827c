"""Helpers shared by the kernel tests: driving any registered game without agents, and
comparing tables by everything a seat (or a spectator) may see."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import settings

from wizarena.agents import make_agent
from wizarena.core import Game

# Property tests run many small games; the default deadline would turn a slow machine into
# a failing test, and the suite asserts nothing about time.
QUICK = settings(deadline=None, max_examples=40)
MANY = settings(deadline=None, max_examples=150)

SEEDS = range(0, 2**32)


def seats_and_spectator(game: Game) -> list[int | None]:
    return [*range(game.num_players), None]


def views(game: Game, state: Any) -> dict[int | None, dict[str, Any]]:
    """What every seat and a spectator see: two tables with equal views are the same table
    to everybody at it."""
    return {p: game.view(state, p) for p in seats_and_spectator(game)}


def seen_events(game: Game, state: Any) -> dict[int | None, list[Any]]:
    return {p: game.events(state, p) for p in seats_and_spectator(game)}


def run(game: Game, seed: int, moves: list[tuple[int, int]], config: dict[str, Any] | None = None,
        *, log: bool = True) -> Any:
    """The table after applying `moves` (seat, action id) from a fresh deal; no agents."""
    state = game.new_state(seed, config, log=log)
    for seat, aid in moves:
        game.apply(state, seat, game.action(aid))
    return state


def walk(game: Game, seed: int, steps: int, config: dict[str, Any] | None = None,
         *, log: bool = True) -> tuple[Any, list[tuple[int, int]]]:
    """Random play for at most `steps` moves. Unlike `play`, which always asks the first
    seat of `to_act`, the acting seat is drawn too, so simultaneous and out-of-turn
    decisions arrive in every order."""
    rng = random.Random(seed)
    state = game.new_state(seed, config, log=log)
    moves: list[tuple[int, int]] = []
    for _ in range(steps):
        seats = game.to_act(state)
        if not seats:
            break
        seat = rng.choice(seats)
        action = rng.choice(game.legal_actions(state, seat))
        game.apply(state, seat, action)
        moves.append((seat, action.id))
    return state, moves


def random_agents(game: Game, seed: int) -> list[Any]:
    return [make_agent("random", seed * 7 + i) for i in range(game.num_players)]


def observed(game: Game, state: Any, seat: int | None) -> tuple[Any, ...]:
    """Everything `seat` (None: a spectator) can observe of a table: its view, its events,
    who it is told must decide, its legal actions and its observation tensor (where the
    game has one). Two tables with equal `observed` are the same table to that seat."""
    legal = [] if seat is None else [a.id for a in game.legal_actions(state, seat)]
    try:
        tensor = None if seat is None else [float(x) for x in game.observation_tensor(state, seat)]
    except NotImplementedError:
        tensor = None
    return (game.view(state, seat), [e.to_json() for e in game.events(state, seat)],
            game.to_act_seen(state, seat), legal, tensor)


def each_game() -> list[Game]:
    """Every registered game and variant at every player count it allows."""
    import wizarena

    out = []
    for game_id in wizarena.game_ids():
        cls = wizarena.core.game_class(game_id)
        if cls.id != game_id:
            continue
        for variant in cls.variants:
            for players in cls.player_counts:
                out.append(wizarena.load_game(game_id if variant is None else f"{game_id}/{variant}",
                                              players=players))
    return out


def finished_parts(game: Game, state: Any, seat: int, limit: int = 400, seed: int = 0) -> list[Any]:
    """Tables after `seat` finished its part of the open simultaneous decision, one per way
    of finishing it: every way when there are at most `limit`, else `limit` random ones."""
    out: list[Any] = []

    def every(s: Any) -> bool:
        if seat not in game.to_act(s):
            out.append(s)
            return len(out) <= limit
        for action in game.legal_actions(s, seat):
            child = game.clone(s)
            game.apply(child, seat, action)
            if not every(child):
                return False
        return True

    if every(game.clone(state)):
        return out
    rng = random.Random(seed)
    out = []
    for _ in range(limit):
        s = game.clone(state)
        while seat in game.to_act(s):
            game.apply(s, seat, rng.choice(game.legal_actions(s, seat)))
        out.append(s)
    return out


def assert_later_seat_learns_nothing(game: Game, state: Any, earlier: int, limit: int = 400) -> int:
    """For each way `earlier` can finish its part of the simultaneous decision open in
    `state`, every other seat and a spectator observe exactly what they observed before it
    chose. Returns how many ways were compared."""
    assert earlier in game.simultaneous(state) and len(game.to_act(state)) > 1
    before = {q: observed(game, state, q) for q in seats_and_spectator(game) if q != earlier}
    ways = finished_parts(game, state, earlier, limit)
    for after in ways:
        for q, seen in before.items():
            assert observed(game, after, q) == seen, q
    return len(ways)
