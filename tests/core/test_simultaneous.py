"""Simultaneous decisions, for every game: a seat that chooses at the same time as others
learns nothing of their choices, nor of how far they got, until all of them have chosen.

The property is the kernel's (`Game.simultaneous`, `core.together.step_is_secret`); each
game also tests its own decisions choice by choice (tests/games/<id>/test_simultaneous.py).
"""

from __future__ import annotations

import random

import pytest

from wizarena.core import Game
from wizarena.core.together import step_is_secret

from .support import each_game, observed, seats_and_spectator
from .toy import ToyGame

GAMES = [*each_game(), ToyGame()]
IDS = [f"{g.full_id}-{g.num_players}p" for g in GAMES]


def random_steps(game: Game, seed: int, steps: int):
    """Random play where the acting seat is drawn among `to_act` too, so that the seats of a
    simultaneous decision take their steps in every interleaving. Yields (state before,
    seat, action, state after), the states being clones."""
    rng = random.Random(seed)
    state = game.new_state(seed, log=True)
    for _ in range(steps):
        seats = game.to_act(state)
        if not seats:
            return
        seat = rng.choice(seats)
        action = rng.choice(game.legal_actions(state, seat))
        before = game.clone(state)
        game.apply(state, seat, action)
        yield before, seat, action, state


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_several_seats_deciding_at_once_are_declared_simultaneous(game: Game) -> None:
    """Whenever the rules ask several seats at once, the game says they decide together."""
    for seed in range(12):
        for before, _seat, _action, _after in random_steps(game, seed, 400):
            acting = game.to_act(before)
            if len(acting) > 1:
                assert set(acting) <= set(game.simultaneous(before)), (seed, acting)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_secret_step_changes_nothing_another_seat_can_observe(game: Game) -> None:
    """A step inside an open simultaneous decision leaves every other seat's and the
    spectator's view, events, `to_act_seen`, legal actions and tensor exactly as they were,
    and draws the same determinization for them: it might as well not have happened."""
    secret_steps = 0
    for seed in range(12):
        for before, seat, _action, after in random_steps(game, seed, 400):
            if not step_is_secret(seat, game.to_act(before), game.simultaneous(before),
                                  game.to_act(after), game.simultaneous(after)):
                continue
            secret_steps += 1
            for other in seats_and_spectator(game):
                if other == seat:
                    continue
                assert observed(game, after, other) == observed(game, before, other), (seed, seat, other)
                if other is not None:
                    d0 = game.determinize(before, other, random.Random(seed))
                    d1 = game.determinize(after, other, random.Random(seed))
                    assert game.to_act(d0) == game.to_act(d1)
                    for q in seats_and_spectator(game):
                        assert game.view(d0, q) == game.view(d1, q), (seed, seat, other, q)
    if any(len(game.simultaneous(game.new_state(s))) > 1 for s in range(3)):
        assert secret_steps > 0  # the property was really exercised
