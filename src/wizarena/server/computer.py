"""Computer seats: the agents of one table and the background task that lets them play.

After every change the table "kicks" its computer seats; if one of them must decide, a
task takes the table's record under the table's lock and hands it, with the seat's agent
spec, to the worker processes of `thinking.py`, with no lock held (ISMCTS may think for
seconds; the people at the table, and every other table, go on meanwhile). The answer is
offered to the table like any move; a choice the table moved past meanwhile is thought
again. A move that takes longer than the server's move budget, or whose thinking failed,
is replaced by a random legal move drawn from the table's own generator, and the reason
is logged.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

from wizarena.agents import make_agent, reads_files
from wizarena.core import Action, Agent, Game, WizarenaError
from wizarena.core.rng import derive

from .errors import TableError
from .store import SeqTaken, TableInfo
from .thinking import MoveAnswer, MoveRequest, Thinkers

T = TypeVar("T")
log = logging.getLogger("wizarena.server")


# What a web table lets one computer move cost: a shared server must not hand one table's
# agent a search that occupies a thinking thread for minutes.
MAX_BUDGET = {"iterations": 20_000, "samples": 64, "seconds": 10.0}


def _check_budget(agent: Agent, move_seconds: float | None) -> None:
    for option, limit in MAX_BUDGET.items():
        value = getattr(agent, option, None)
        if value is not None and value > limit and not (option == "iterations" and getattr(agent, "seconds", None)):
            raise WizarenaError(f"agent option {option}={value} is over this server's limit of {limit}")
    seconds = getattr(agent, "seconds", None)
    if move_seconds is not None and seconds is not None and seconds >= move_seconds:
        # It would be cut off at every move and play the fallback instead: refuse it now.
        raise WizarenaError(f"agent option seconds={seconds} must be under this server's move budget "
                            f"of {move_seconds:g} s")


def agent_seed(table_seed: int, seat: int, move: int) -> int:
    """The seed of a seat's agent for the table's move number `move`: each move is thought
    in a fresh process, so its chance comes from the table, the seat and the move alone."""
    return derive(table_seed, f"agent {seat} move {move}")


def build_agent(spec: str, table_seed: int, seat: int, *, fallback: bool = False,
                move_seconds: float | None = None) -> str:
    """Check the spec of a seat's computer player and return the spec it plays with: a bad
    spec is the requester's error (400), unless the table is being rebuilt, where a spec
    that no longer works falls back to random play."""
    try:
        if reads_files(spec):  # a client must not make the server open files of its choosing
            raise WizarenaError("a web table plays the policies this server ships (policy, policy:name=NAME), "
                                "not policy files named by a client")
        _check_budget(make_agent(spec, derive(table_seed, f"agent {seat}")), move_seconds)
        return spec
    except WizarenaError as exc:
        if fallback:
            log.warning("agent %r cannot be built (%s): seat %d plays at random", spec, exc, seat)
            return "random"
        raise TableError(400, str(exc)) from None


class Shared(Protocol):
    """What the computer seats use of the services a worker's tables share."""

    @property
    def closing(self) -> bool: ...  # the worker is shutting down: start no new move

    @property
    def thinkers(self) -> Thinkers: ...


class Table(Protocol):
    """What the computer seats use of a live table (`live.LiveTable`): its facts, its lock,
    and the way every move is offered, so that a computer plays by the same path a person does."""

    id: str
    info: TableInfo
    game: Game
    state: Any
    moves: list[tuple[int, int]]
    lock: asyncio.Lock

    @property
    def services(self) -> Shared: ...

    @property
    def finished(self) -> bool: ...

    def seat_kind(self, seat: int) -> str: ...

    async def accept_locked(self, seat: int, action: Action) -> None: ...

    async def serialized(self, fn: Callable[[], Awaitable[T]]) -> T: ...


class ComputerSeats:
    """The agents of one table's computer seats, and the task that drives them."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.agents: dict[int, str] = {}  # seat -> the agent spec it plays with
        self._rng = random.Random(derive(table.info.seed, "fallback moves"))
        self._driver: asyncio.Task[None] | None = None
        self.fallbacks = 0  # moves this table's computers did not choose in time (or at all)
        self.sync()

    def sync(self) -> None:
        """Build the agents of seats that became computer seats (or were loaded as such)."""
        for s in self.table.info.seats:
            if s["kind"] == "agent" and s["seat"] not in self.agents:
                self.agents[s["seat"]] = build_agent(s.get("agent") or "random", self.table.info.seed, s["seat"],
                                                     fallback=True)

    def assign(self, seat: int, spec: str) -> None:
        """A seat handed to the computer plays with this (checked) agent spec from now on."""
        self.agents[seat] = spec

    def to_act(self) -> int | None:
        """A computer seat that must decide now, if any. Call with the table's lock held."""
        t = self.table
        if t.finished:
            return None
        return next((seat for seat in t.game.to_act(t.state) if t.seat_kind(seat) == "agent"), None)

    def kick(self) -> None:
        """Let the computer seats play if one must decide now. Cheap and idempotent."""
        if self.table.services.closing:
            return
        if (self._driver is None or self._driver.done()) and self.to_act() is not None:
            self._driver = asyncio.get_running_loop().create_task(self._drive())

    async def stop(self) -> None:
        if self._driver is not None and not self._driver.done():
            self._driver.cancel()
            await asyncio.gather(self._driver, return_exceptions=True)

    async def _drive(self) -> None:
        t = self.table
        while True:
            # The check and the end of the task happen in one step of the event loop, so a
            # kick() after any change either sees this task running or starts a new one.
            async with t.lock:
                seat = self.to_act()
                if seat is None:
                    return
                request = MoveRequest(self.agents[seat], agent_seed(t.info.seed, seat, len(t.moves)),
                                      t.info.record(t.moves), seat)
            # One move of this table at a time: the next is asked only once this one is played.
            answer = await t.services.thinkers.move(request)
            if t.services.closing:
                return
            if answer.action_id is None:
                log.warning("table %s: seat %d's computer (%s) gave no move: %s; it plays a random legal move",
                            t.id, seat, request.spec, answer.problem)
                self.fallbacks += 1
            if not await self._play(seat, answer):
                return

    async def _play(self, seat: int, answer: MoveAnswer) -> bool:
        """Offer what a computer seat chose; False when this worker should stop driving."""
        t = self.table
        action_id = answer.action_id

        async def go() -> bool:
            if seat not in t.game.to_act(t.state) or t.seat_kind(seat) != "agent":
                return True  # the table moved on while it thought: think again
            legal = t.game.legal_actions(t.state, seat)
            chosen = next((a for a in legal if a.id == action_id), None)
            if chosen is None:
                if action_id is not None:
                    return True
                chosen = self._rng.choice(legal)
            try:
                await t.accept_locked(seat, chosen)
            except SeqTaken:
                return False  # another worker accepted a move first; it drives the computer now
            except TableError as exc:
                log.warning("table %s: seat %d's computer move refused: %s", t.id, seat, exc.message)
            return True

        return await t.serialized(go)
