"""What the games' "why not" tests share (issue 27): the refusal a typed text gets, and a
position found by random play."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from wizarena.core import IllegalAction


def refused(game: Any, state: Any, seat: int, text: str) -> IllegalAction:
    """The IllegalAction `game` raises for `text` typed by `seat`."""
    with pytest.raises(IllegalAction) as info:
        game.parse_action(state, seat, text)
    return info.value


def found(game: Any, holds: Callable[[Any, int], bool], seeds: int = 300) -> tuple[Any, int]:
    """The first position of random play, seed after seed, where `holds(state, seat)` is
    true for the seat to act, and that seat."""
    for seed in range(seeds):
        state, rng = game.new_state(seed), random.Random(seed)
        while game.outcome(state) is None:
            seat = game.to_act(state)[0]
            if holds(state, seat):
                return state, seat
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    raise AssertionError(f"no such position in {seeds} random games")
