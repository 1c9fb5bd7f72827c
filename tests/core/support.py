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
