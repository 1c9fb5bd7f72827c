"""Running a game between agents, and the window through which an agent sees it.

An agent is any object with `act(turn) -> Action`. It is handed a `Turn`, never the
state: the turn offers that seat's view, its legal actions and determinizations (sampled
states consistent with what the seat knows), which is all a fair player may use.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from .actions import Action
from .errors import WizarenaError
from .events import Event
from .game import Game
from .record import Record, StepChain, record_of


class Turn:
    """One seat's decision point: everything that seat may consult, nothing more."""

    __slots__ = ("game", "seat", "_state")

    def __init__(self, game: Game, state: Any, seat: int) -> None:
        self.game = game
        self.seat = seat
        self._state = state

    def view(self) -> dict[str, Any]:
        return self.game.view(self._state, self.seat)

    def legal_actions(self) -> list[Action]:
        return self.game.legal_actions(self._state, self.seat)

    def events(self, since: int = 0) -> list[Event]:
        return self.game.events(self._state, self.seat, since)

    def determinize(self, rng: random.Random) -> Any:
        """A full state drawn from what this seat cannot see; safe to search and mutate."""
        return self.game.determinize(self._state, self.seat, rng)


class Agent(Protocol):
    name: str

    def act(self, turn: Turn) -> Action: ...


def play(game: Game, agents: list[Agent], seed: int, config: dict[str, Any] | None = None,
         *, log: bool = False, max_steps: int = 100_000) -> tuple[Record, Any]:
    """Play one game; agents[i] sits at seat i, one agent per seat of the game's
    `num_players`. Returns the record and the final state.

    Simultaneous choices are asked seat by seat; nothing a seat observes depends on the
    others' steps in the same decision (`Game.simultaneous`), so the order of asking
    reveals nothing. With `log` on, the record carries its step
    digests, which hash the events.
    """
    if len(agents) != game.num_players:
        raise WizarenaError(f"{game.full_id} is made for {game.num_players} players: give "
                            f"{game.num_players} agents, not {len(agents)}")
    state = game.new_state(seed, config, log=log)
    moves: list[tuple[int, int]] = []
    to_act, apply = game.to_act, game.apply
    chain = StepChain() if log else None
    if chain is not None:
        chain.add(-1, -1, state.log)
    while True:
        seats = to_act(state)
        if not seats:
            break
        if len(moves) >= max_steps:
            raise WizarenaError(f"{game.full_id} seed {seed}: no end after {max_steps} steps")
        seat = seats[0]
        action = agents[seat].act(Turn(game, state, seat))
        seen = len(state.log) if chain is not None else 0
        apply(state, seat, action)
        moves.append((seat, action.id))
        if chain is not None:
            chain.add(seat, action.id, state.log[seen:])
    record = record_of(game, state, seed, moves, {"agents": [getattr(a, "name", type(a).__name__) for a in agents]},
                       None if chain is None else chain.digests)
    return record, state
