"""Shared helpers for the agent tests: a Turn that refuses to show the true state, and
decision points gathered from random games."""

from __future__ import annotations

import random
from typing import Any

from wizarena.core import Action, Game, Turn


class StateLeak(BaseException):  # noqa: N818 - named for what it catches
    """Raised when an agent reads the true state. A BaseException, so an agent's
    `except Exception` cannot swallow it and go on with what it peeked at."""


class SealedTurn(Turn):
    """A Turn whose `_state` cannot be read once built.

    The property shadows the base class's slot, so both `turn._state` and
    `object.__getattribute__(turn, "_state")` raise. The base slot itself is never
    filled (the property's setter keeps the state elsewhere), so going round the
    property through `Turn._state.__get__(turn)` finds it empty and raises too. The
    legal ways in (view, legal_actions, events, determinize) use the saved reference.
    `touched` stays set even if an agent somehow swallowed the error.
    """

    __slots__ = ("_real", "touched")

    def __init__(self, game: Game, state: Any, seat: int) -> None:
        self.touched = False
        super().__init__(game, state, seat)  # assigns self._state: kept by the setter below

    @property
    def _state(self) -> Any:
        self.touched = True
        raise StateLeak("an agent read turn._state")

    @_state.setter
    def _state(self, value: Any) -> None:
        if hasattr(self, "_real"):
            raise StateLeak("an agent replaced turn._state")
        self._real = value

    def view(self) -> dict[str, Any]:
        return self.game.view(self._real, self.seat)

    def legal_actions(self) -> list[Action]:
        return self.game.legal_actions(self._real, self.seat)

    def events(self, since: int = 0) -> list[Any]:
        return self.game.events(self._real, self.seat, since)

    def determinize(self, rng: random.Random) -> Any:
        return self.game.determinize(self._real, self.seat, rng)


def decision_points(game: Game, seeds: range, every: int = 1) -> list[tuple[Any, int]]:
    """(state, seat) pairs met in random games: every `every`-th decision, and for a
    simultaneous choice each seat that may answer it."""
    out: list[tuple[Any, int]] = []
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_state(seed, log=True)
        step = 0
        while seats := game.to_act(state):
            if step % every == 0:
                for seat in seats:
                    out.append((game.clone(state), seat))
            seat = seats[0]
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            step += 1
    return out


def play_sealed(game: Game, agents: list[Any], seed: int) -> tuple[list[int], Any]:
    """A whole game in which every decision is asked through a SealedTurn; returns the
    action ids chosen and the final state."""
    state = game.new_state(seed, log=True)
    moves: list[int] = []
    while seats := game.to_act(state):
        seat = seats[0]
        turn = SealedTurn(game, state, seat)
        action = agents[seat].act(turn)
        assert not turn.touched, f"{agents[seat].name} read turn._state"
        assert action in game.legal_actions(state, seat), f"{agents[seat].name} chose illegal {action}"
        game.apply(state, seat, action)
        moves.append(action.id)
    return moves, state
