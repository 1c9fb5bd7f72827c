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


class Stop(Exception):
    """Raised by an agent to stop the game where it stands (a person who quits, an input
    that ends): `Match.run` returns, and every move played so far is kept."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


class Match:
    """A game in progress between agents, seat i's agent at `agents[i]`: its state, the moves
    applied so far (seat, action id) and, with `log` on, their step digests. The one loop
    that asks agents and applies their moves, for simulations and the terminal alike."""

    def __init__(self, game: Game, agents: list[Agent], seed: int, config: dict[str, Any] | None = None,
                 *, log: bool = False) -> None:
        if len(agents) != game.num_players:
            raise WizarenaError(f"{game.full_id} is made for {game.num_players} players: give "
                                f"{game.num_players} agents, not {len(agents)}")
        self.game = game
        self.agents = agents
        self.seed = seed
        self.state = game.new_state(seed, config, log=log)
        self.moves: list[tuple[int, int]] = []
        self.chain = StepChain() if log else None
        if self.chain is not None:
            self.chain.add(-1, -1, self.state.log)
        self.stopped = ""  # why an agent stopped the game (Stop), "" while it goes on or once over

    def run(self, max_steps: int = 100_000) -> bool:
        """Ask the agents and apply their moves until the game is over (True) or an agent
        stops it (False; `stopped` says why). More than `max_steps` moves is an error."""
        game, state, agents, to_act = self.game, self.state, self.agents, self.game.to_act
        while True:
            seats = to_act(state)
            if not seats:
                return True
            if len(self.moves) >= max_steps:
                raise WizarenaError(f"{game.full_id} seed {self.seed}: no end after {max_steps} steps")
            seat = seats[0]
            try:
                action = agents[seat].act(Turn(game, state, seat))
            except Stop as stop:
                self.stopped = stop.why
                return False
            self.apply(seat, action)

    def apply(self, seat: int, action: Action) -> None:
        """Apply one move (the game refuses an illegal one, changing nothing) and keep it."""
        state, chain = self.state, self.chain
        seen = len(state.log) if chain is not None else 0
        self.game.apply(state, seat, action)
        self.moves.append((seat, action.id))
        if chain is not None:
            chain.add(seat, action.id, state.log[seen:])

    def record(self, meta: dict[str, Any] | None = None) -> Record:
        """The record of the moves so far (finished or not), with the agents' names in its meta."""
        names = {"agents": [getattr(a, "name", type(a).__name__) for a in self.agents]}
        return record_of(self.game, self.state, self.seed, self.moves, {**names, **(meta or {})},
                         None if self.chain is None else self.chain.digests)


def play(game: Game, agents: list[Agent], seed: int, config: dict[str, Any] | None = None,
         *, log: bool = False, max_steps: int = 100_000) -> tuple[Record, Any]:
    """Play one game; agents[i] sits at seat i, one agent per seat of the game's
    `num_players`. Returns the record and the final state.

    Simultaneous choices are asked seat by seat; nothing a seat observes depends on the
    others' steps in the same decision (`Game.simultaneous`), so the order of asking
    reveals nothing. With `log` on, the record carries its step digests, which hash the
    events.
    """
    match = Match(game, agents, seed, config, log=log)
    if not match.run(max_steps):
        raise WizarenaError(f"{game.full_id} seed {seed}: an agent stopped the game ({match.stopped})")
    return match.record(), match.state
